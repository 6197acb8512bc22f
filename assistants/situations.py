"""What the players type in for the Confrontation assistant: the fighters, the melee's situation, a shot, a blow.

Plain values, read by the forms and resolved by :mod:`assistants.services`."""

from __future__ import annotations

from dataclasses import dataclass

from rules.confrontation import shooting


@dataclass(frozen=True)
class MeleeSide:
    """A fighter or unit as its profile gives it (the Confrontation rulebook's values, typed in)."""

    name: str
    troop_type: str
    models: int
    combat_dice: int
    """The combat dice its profile gives, before the document's extra dice."""
    attack: int
    defence: int
    initiative: int
    discipline: int
    situations: tuple[str, ...] = ()
    """:class:`~rules.confrontation.melee.Situation` values: elevated, striking the back, …"""


@dataclass(frozen=True)
class MeleeSituation:
    attacker: MeleeSide
    """The side coming into the melee (the charger)."""
    defender: MeleeSide
    approach: str
    """``"charge"`` (which charge it is follows from ``arrives_from`` and ``seen_by_target``) or an
    :class:`~rules.confrontation.melee.Approach` other than a charge."""
    arrives_from: str = "front"
    seen_by_target: bool = True
    position: str | None = None
    """The defender's protection (004 *Défendre une position*), ``None`` in the open."""


CHARGE = "charge"


@dataclass(frozen=True)
class ShotSituation:
    shooting: int
    """The shooter's value, from its profile."""
    range_band: str
    modifiers: tuple[str, ...] = ()
    """Lines of 004 *Modificateurs de tir* other than the range: cover, target size and speed, the shooter's move."""
    target: str = "target"
    into_melee: bool = False
    target_monster: bool = False
    in_contact: tuple[shooting.InContact, ...] = ()
    height_difference: int = 0
    """The shooter's height above its target (cm); negative when lower."""
    weapon_ranges: tuple[int, int, int] | None = None
    """The weapon's short, medium and long ranges (cm), from the rulebook."""


@dataclass(frozen=True)
class WoundSituation:
    damage: int
    """The blow's damage, worked out by the Confrontation rulebook."""
    double: int | None = None
    """The face of a double on the wound dice, ``None`` for none."""
