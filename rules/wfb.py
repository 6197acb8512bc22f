"""The Warhammer Fantasy Battle quick reference (*Références*, seed 002) as data and functions.

Rolls to hit, to wound and to save are D6 "needs": ``3`` means 3+, ``None`` means the roll cannot succeed.
Where the reference is ambiguous the rulings R6–R9 (``RULINGS.md``) fix the reading::

    >>> melee_to_hit(4, 3)
    3
    >>> shooting_to_hit(4, -3)
    6
    >>> to_wound(3, 7) is None
    True
    >>> modified_save(armour_save("heavy", shield=True), 5)
    6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.validation import check_choice, check_range

__all__ = [
    "ARMOUR",
    "COMBAT_RESULT_BONUSES",
    "MAX_EXTRA_RANKS_BONUS",
    "MAX_OVERKILL_BONUS",
    "MISCAST_TABLE",
    "SEVEN_PLUS_SECOND_ROLL",
    "SHOOTING_MODIFIERS",
    "Miscast",
    "armour_save",
    "break_test_passes",
    "combat_result_bonus",
    "dispel_dice",
    "max_casting_dice",
    "melee_to_hit",
    "miscast",
    "modified_save",
    "power_dice",
    "save_modifier",
    "shooting_modifier",
    "shooting_to_hit",
    "to_wound",
]

CHARACTERISTIC_MAX = 10
"""WS, BS, S, T and Ld run from 1 to 10 on the reference's tables."""

WIZARD_LEVEL_MAX = 4


def _characteristic(name: str, value: int) -> int:
    return check_range(name, value, 1, CHARACTERISTIC_MAX)


def _clamp_need(need: int) -> int:
    # R7, R8, R9: a natural 1 always fails and a 6 always succeeds, so needs stay within 2+..6+.
    return 2 if need < 2 else 6 if need > 6 else need


# Melee (*Tableau des jets pour toucher*)


def melee_to_hit(ws: int, target_ws: int, modifier: int = 0) -> int:
    """The D6 need to hit in close combat (*corps à corps*), ``modifier`` +1 meaning easier."""
    # R7
    if not (type(ws) is int and type(target_ws) is int and 0 < ws <= CHARACTERISTIC_MAX >= target_ws > 0):
        _characteristic("ws", ws)  # the checks' messages; the plain integers in range pass without them
        _characteristic("target_ws", target_ws)
    if ws > target_ws:
        base = 3
    elif target_ws > 2 * ws:
        base = 5
    else:
        base = 4
    return _clamp_need(base - modifier)


# Shooting (*Capacité de Tir*, *Modificateurs au jet pour toucher*, *7+ pour toucher*)

SHOOTING_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {
        "large_target": +1,  # grande cible
        "moving": -1,  # tir en mouvement
        "stand_and_shoot": -1,  # maintenir sa position & tirer
        "long_range": -1,  # longue portée
        "lone_or_skirmishers": -1,  # figurine isolée ou tirailleurs
        "light_cover": -1,  # couvert léger
        "heavy_cover": -2,  # couvert lourd
        # R6: the siege supplement's own modifiers.
        "rampart_troops": -2,
        "dead_angle": -1,
        "flaming": -1,
        "postern": -1,
    }
)
"""To-hit modifiers for shooting by name; negative is harder (R6)."""

SEVEN_PLUS_SECOND_ROLL: Mapping[int, int] = MappingProxyType({7: 4, 8: 5, 9: 6})
"""A need of 7, 8 or 9 is a 6 followed by this need on a second D6 (R6)."""

IMPOSSIBLE_SHOT = 10


def shooting_modifier(names: Iterable[str]) -> int:
    """The sum of the named :data:`SHOOTING_MODIFIERS`."""
    return sum(SHOOTING_MODIFIERS[check_choice("modifier", name, SHOOTING_MODIFIERS)] for name in names)


def shooting_to_hit(bs: int, modifier: int = 0) -> int | None:
    """The need to hit when shooting: 2–6 on one D6, 7–9 under the 7+ rule, ``None`` when impossible."""
    # R6
    _characteristic("bs", bs)
    need = 7 - bs - modifier
    if need >= IMPOSSIBLE_SHOT:
        return None
    # R6: a natural 1 always misses, so no need is easier than 2+.
    return max(2, need)


# Wounding (*Tableau des jets pour blesser*)


def to_wound(strength: int, toughness: int) -> int | None:
    """The D6 need to wound, ``None`` ("N") when the toughness is 4 or more above the strength."""
    # R9
    if not (type(strength) is int and type(toughness) is int and 0 < strength <= CHARACTERISTIC_MAX >= toughness > 0):
        _characteristic("strength", strength)
        _characteristic("toughness", toughness)
    difference = toughness - strength
    if difference >= 4:
        return None
    return _clamp_need(4 + difference)


# Armour (*Sauvegarde d'armure*)

ARMOUR: Mapping[str, int | None] = MappingProxyType({"none": None, "light": 6, "heavy": 5})
"""Body armour and its save: *sans armure*, *armure légère*, *armure lourde*."""


def armour_save(
    armour: str = "none", *, shield: bool = False, barding: bool = False, mounted: bool = False
) -> int | None:
    """The unmodified save need; a shield (*bouclier*), barding (*caparaçon*) and a mount each improve it by 1."""
    # R8
    base = ARMOUR[check_choice("armour", armour, ARMOUR)]
    bonus = shield + barding + mounted
    if base is None and not bonus:
        return None
    # Heavy armour with all three bonuses is 2+: the best the reference allows.
    return (7 if base is None else base) - bonus


def save_modifier(strength: int) -> int:
    """How much a hit of ``strength`` worsens the save: none up to S3, −1 at S4 … −7 at S10."""
    # R8
    _characteristic("strength", strength)
    return -max(0, strength - 3)


def modified_save(save: int | None, strength: int) -> int | None:
    """The save need against a hit of ``strength``; ``None`` when no save is left."""
    # R8
    if save is None:
        return None
    if not (type(save) is int and type(strength) is int and 0 < save <= 6 and 0 < strength <= CHARACTERISTIC_MAX):
        check_range("armour_save", save, 1, 6)
        _characteristic("strength", strength)  # as save_modifier does
    need = save + (strength - 3 if strength > 3 else 0)  # save - save_modifier(strength)
    if need > 6:
        return None
    return max(2, need)


# Combat result (*Bonus au résultat de combat*) and break tests (*test de moral*)

COMBAT_RESULT_BONUSES: Mapping[str, int] = MappingProxyType(
    {
        "extra_rank": 1,  # rangs supplémentaires, per rank beyond the first
        "outnumber": 1,  # supériorité numérique
        "battle_standard": 1,  # Grande Bannière de l'Armée
        "standard": 1,  # étendard de régiment
        "high_ground": 1,  # position surélevée
        "flank": 1,  # attaque de flanc
        "rear": 2,  # attaque de dos
        "overkill": 1,  # carnage, per wound beyond those needed
    }
)
MAX_EXTRA_RANKS_BONUS = 3
MAX_OVERKILL_BONUS = 5


def combat_result_bonus(
    *,
    extra_ranks: int = 0,
    outnumber: bool = False,
    battle_standard: bool = False,
    standard: bool = False,
    high_ground: bool = False,
    flank: bool = False,
    rear: bool = False,
    overkill: int = 0,
) -> int:
    """One side's combat result bonus, added to the wounds it caused."""
    check_range("extra_ranks", extra_ranks, 0)
    check_range("overkill", overkill, 0)
    b = COMBAT_RESULT_BONUSES
    flags = (
        ("outnumber", outnumber),
        ("battle_standard", battle_standard),
        ("standard", standard),
        ("high_ground", high_ground),
        ("flank", flank),
        ("rear", rear),
    )
    return (
        min(extra_ranks * b["extra_rank"], MAX_EXTRA_RANKS_BONUS)
        + sum(b[name] for name, present in flags if present)
        + min(overkill * b["overkill"], MAX_OVERKILL_BONUS)
    )


def break_test_passes(leadership: int, lost_by: int, roll: int) -> bool:
    """A break test: the 2D6 ``roll`` must not exceed the leadership less the margin the combat was lost by."""
    _characteristic("leadership", leadership)
    check_range("lost_by", lost_by, 0)
    check_range("roll", roll, 2, 12)
    return roll <= leadership - lost_by


# Magic (*Phase de magie*)


def _wizard_levels(levels: Iterable[int]) -> list[int]:
    return [check_range("wizard level", level, 1, WIZARD_LEVEL_MAX) for level in levels]


def max_casting_dice(level: int) -> int:
    """The most power dice a wizard may roll for one spell (*nombre max. de dés*): level + 1."""
    return check_range("level", level, 1, WIZARD_LEVEL_MAX) + 1


COMMON_POWER_DICE = 2
COMMON_DISPEL_DICE = 2
DWARF_DISPEL_DICE = 2
RUNESMITH_DISPEL_DICE = 1  # Maître des Runes
RUNELORD_DISPEL_DICE = 2  # Seigneur des Runes


def power_dice(wizard_levels: Iterable[int]) -> int:
    """Power dice of the player whose turn it is: 2, plus each wizard's level (*dés de pouvoir*)."""
    return COMMON_POWER_DICE + sum(_wizard_levels(wizard_levels))


def dispel_dice(wizard_levels: Iterable[int], *, dwarfs: bool = False, runesmiths: int = 0, runelords: int = 0) -> int:
    """Dispel dice (*dés de dissipation*): 2, +2 for Dwarfs, +1 a runesmith, +2 a runelord, +1 a level 1–2 wizard,
    +2 a level 3–4 wizard."""
    check_range("runesmiths", runesmiths, 0)
    check_range("runelords", runelords, 0)
    wizards = sum(1 if level <= 2 else 2 for level in _wizard_levels(wizard_levels))
    return (
        COMMON_DISPEL_DICE
        + (DWARF_DISPEL_DICE if dwarfs else 0)
        + runesmiths * RUNESMITH_DISPEL_DICE
        + runelords * RUNELORD_DISPEL_DICE
        + wizards
    )


@dataclass(frozen=True)
class Miscast:
    """One row of the miscast table (*tableau des fiascos*), rolled on 2D6."""

    low: int
    high: int
    name: str
    strength: int | None
    """The strength of the hit it inflicts (never saved by armour), ``None`` if none."""
    effect: str


MISCAST_TABLE: tuple[Miscast, ...] = (
    Miscast(2, 2, "removed", 10, "The wizard is removed; models in contact take a S10 hit, no armour save."),
    Miscast(3, 4, "blast", 6, "The wizard and every model in contact take a S6 hit, no armour save."),
    Miscast(5, 6, "enemy_casts", None, "The opponent casts one of his spells at once; it may be dispelled."),
    Miscast(7, 7, "drained", 2, "S2 hit, no armour save; the wizard loses his power dice and does nothing more."),
    Miscast(8, 9, "magic_ends", 4, "S4 hit, no armour save; all spells in play are dispelled, the phase ends."),
    Miscast(10, 11, "loses_level", 8, "S8 hit, no armour save; the wizard loses a level and the spell he tried."),
    Miscast(12, 12, "irresistible", None, "The spell is cast with irresistible force, then forgotten for the game."),
)


def miscast(roll: int) -> Miscast:
    """The miscast table row for a 2D6 ``roll``."""
    check_range("roll", roll, 2, 12)
    return next(row for row in MISCAST_TABLE if row.low <= roll <= row.high)
