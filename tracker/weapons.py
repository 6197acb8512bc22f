"""What a unit shoots with, for the units the armies' rosters bring without it: the missile weapons and war
machines the siege engine plays (its shooting needs a missile's strength and shots, §5; a war machine bombards,
§5.9), read from a unit's name and rules or chosen on the set-up page.

The seeds give no table of missile weapons: the strengths are those of the WFB rulebook, the crossbow's the
seed's own example (:data:`rules.siege.example.CROSSBOWMAN`), and the engine's shooting takes no range (§5.1
counts only the rampart's blind angle); see docs/rule-readings.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext_lazy

from rules.siege.board.profiles import Missile, Profile, TroopType

from .setups import UnitSpec

MACHINE = "war_machine"
"""The choice of a war machine (catapult, stone thrower, cannon, bolt thrower…): it bombards (§5.9)."""


@dataclass(frozen=True)
class Weapon:
    """A missile weapon of the table: its name as the engine knows it (§9.1.3 reads a bow from it), its strength
    and shots a turn, and the words of a unit's name or rules that mean it, in English and French."""

    name: str
    strength: int
    shots: int
    words: tuple[str, ...]
    label: object


WEAPONS: tuple[Weapon, ...] = (
    Weapon("repeater crossbow", 3, 2, ("repeater", "répétition"), gettext_lazy("Repeater crossbow (S3, 2 shots)")),
    Weapon("crossbow", 4, 1, ("crossbow", "arbalét", "arbalet"), gettext_lazy("Crossbow (S4)")),
    Weapon("handgun", 4, 1, ("handgun", "arquebus"), gettext_lazy("Handgun (S4)")),
    Weapon("pistol", 4, 1, ("pistol",), gettext_lazy("Pistol (S4)")),
    Weapon("longbow", 3, 1, ("longbow", "arc long", "arcs longs"), gettext_lazy("Longbow (S3)")),
    Weapon("short bow", 3, 1, ("short bow", "arc court", "arcs courts"), gettext_lazy("Short bow (S3)")),
    Weapon("bow", 3, 1, ("bow", "archer", "arc"), gettext_lazy("Bow (S3)")),
    Weapon("sling", 3, 1, ("sling", "fronde"), gettext_lazy("Sling (S3)")),
    Weapon("javelin", 3, 1, ("javelin", "javelot"), gettext_lazy("Javelins (S3)")),
)
"""The missile weapons a unit may carry, the most particular words first (a repeater crossbow before a crossbow,
a longbow before a bow)."""

MACHINE_WORDS = (
    "catapult",
    "stone thrower",
    "cannon",
    "canon",
    "bolt thrower",
    "baliste",
    "ballista",
    "trebuchet",
    "trébuchet",
    "mortar",
    "mortier",
    "lance-pierre",
    "lance-roc",
)
MACHINE_LABEL = gettext_lazy("War machine: bombards (§5.9)")

BY_NAME: Mapping[str, Weapon] = {w.name: w for w in WEAPONS}


def choices() -> list[tuple[str, object]]:
    """The set-up page's choices: none, each missile weapon, a war machine."""
    return [("", gettext_lazy("No missile weapon")), *((w.name, w.label) for w in WEAPONS), (MACHINE, MACHINE_LABEL)]


def _has(text: str, word: str) -> bool:
    return f" {word}" in f" {text}"


def guess(name: str, rules: Sequence[str] = ()) -> str:
    """The weapon a unit's name or rules name (``"crossbow"``, :data:`MACHINE`), or ``""`` when they name none."""
    text = " ".join((name, *rules)).casefold().replace("-", " ")
    if any(_has(text, word.replace("-", " ")) for word in MACHINE_WORDS):
        return MACHINE
    return next((w.name for w in WEAPONS if any(_has(text, word) for word in w.words)), "")


class UnknownWeapon(ValueError):
    """A weapon not in the table."""


def armed(unit: UnitSpec, weapon: str) -> UnitSpec:
    """``unit`` carrying ``weapon`` (a name of :data:`WEAPONS`, :data:`MACHINE`, or ``""`` for none): its models'
    missile (§5), or a war machine's troop type (§5.9). Raises :class:`UnknownWeapon` for a name not in the table."""
    profile: Profile = unit.profile
    if weapon == MACHINE:
        profile = replace(profile, troop_type=TroopType.WAR_MACHINE, missile=None)
    elif weapon:
        found = BY_NAME.get(weapon)
        if found is None:
            raise UnknownWeapon(weapon)
        profile = replace(profile, missile=Missile(found.name, found.strength, found.shots))
    else:
        profile = replace(profile, missile=None)
    return replace(unit, profile=profile)


def weapon_field(side: str, number: int) -> str:
    """The set-up page's field for the weapon of the ``number``-th roster unit of ``side`` (attacker/defender)."""
    return f"weapon-{side}-{number}"


def armed_units(units: Sequence[UnitSpec], side: str, data: Mapping[str, object]) -> tuple[UnitSpec, ...]:
    """``side``'s roster units with the weapons the set-up page chose (those it did not ask keep theirs)."""
    return tuple(
        armed(unit, str(data[weapon_field(side, n)] or "")) if weapon_field(side, n) in data else unit
        for n, unit in enumerate(units)
    )


def weapon_of(unit: UnitSpec) -> str:
    """The table's name of what ``unit`` shoots with: a weapon's name, :data:`MACHINE` or ``""``."""
    if unit.profile.troop_type is TroopType.WAR_MACHINE:
        return MACHINE
    missile = unit.profile.missile
    return "" if missile is None or missile.name not in BY_NAME else missile.name
