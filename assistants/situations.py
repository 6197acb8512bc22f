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
    shooter: str = ""


@dataclass(frozen=True)
class WoundSituation:
    damage: int
    """The blow's damage, worked out by the Confrontation rulebook."""
    double: int | None = None
    """The face of a double on the wound dice, ``None`` for none."""


@dataclass(frozen=True)
class FlightSituation:
    """A model fleeing (004 *Rattraper un fuyard*, *Fuir volontairement*), and the enemy pursuing it, if any."""

    name: str
    move: int
    """Its move (cm), from its profile."""
    voluntary: bool = False
    modifier: int = 0
    """On its flight roll: −1 if it already moved this turn, −1 after a failed rally (004 *Note aux pleutres*)."""
    pursuer: str = ""
    """The pursuer's name; empty when nobody pursues."""
    pursuer_charge_move: int = 0
    pursuer_move: int = 0
    pursuit_modifier: int = 0
    gap: int = 0
    """The distance (cm) between them before they move; 0 in a voluntary flight (NB4)."""


@dataclass(frozen=True)
class DisengageSituation:
    """A unit leaving a melee (004 *Se désengager d'un combat*)."""

    name: str
    initiative: int
    highest_opposing_initiative: int
    opponents: int
    fleeing: int
    engaged_elsewhere: int = 0
    charged_this_turn: bool = False


@dataclass(frozen=True)
class HoldFireSituation:
    """A charged shooting unit that would rather not shoot at its charger (004 *Réception de charge*)."""

    name: str
    discipline: int


@dataclass(frozen=True)
class Casualty:
    """Whose model a wound strikes and what it is worth (points), so that a kill counts as that side's loss."""

    side: str
    points: int
