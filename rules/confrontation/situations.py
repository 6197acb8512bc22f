"""The rolls asked of Confrontation (the requests of :class:`rules.contract.Roller`): a melee's opening tests, a
shot, a wound, a flight, a disengagement, holding fire, each with the fighters and the situation the players type in.

Plain values, each with its ``name`` and a JSON form, as a battle's log keeps them (:mod:`rules.log`); the
assistant's forms make them and :mod:`rules.confrontation.system` rolls them::

    >>> HoldFireSituation("Archers", 7).to_json()
    {'name': 'Archers', 'discipline': 7}
    >>> HoldFireSituation.from_json({'name': 'Archers', 'discipline': 7})
    HoldFireSituation(name='Archers', discipline=7)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from rules.confrontation.shooting import InContact

__all__ = [
    "CHARGE",
    "Casualty",
    "DisengageSituation",
    "FlightSituation",
    "HoldFireSituation",
    "MeleeSide",
    "MeleeSituation",
    "Request",
    "ShotSituation",
    "WoundSituation",
]


class Request:
    """A roll asked: its ``kind`` and its JSON form, the dataclass's fields (a tuple as a list), read back
    by :meth:`from_json`."""

    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The request of its JSON form; a form that is not one raises ``ValueError``."""
        return typing.cast(Self, _load(cls, data))


def _load(hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None:
            return None
        (inner,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return _load(inner, value)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"a list was expected, not {value!r}")
        args = typing.get_args(hint)
        items = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        return tuple(_load(a, v) for a, v in zip(items, value, strict=True))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, Mapping):
            raise ValueError(f"{hint.__name__}: an object was expected, not {value!r}")
        hints = typing.get_type_hints(hint)
        known = {f.name for f in dataclasses.fields(hint)}
        return hint(**{k: _load(hints[k], v) for k, v in value.items() if k in known})
    return value


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
class MeleeSituation(Request):
    kind = "melee"
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
class ShotSituation(Request):
    kind = "shot"
    shooting: int
    """The shooter's value, from its profile."""
    range_band: str
    modifiers: tuple[str, ...] = ()
    """Lines of 004 *Modificateurs de tir* other than the range: cover, target size and speed, the shooter's move."""
    target: str = "target"
    into_melee: bool = False
    target_monster: bool = False
    in_contact: tuple[InContact, ...] = ()
    height_difference: int = 0
    """The shooter's height above its target (cm); negative when lower."""
    weapon_ranges: tuple[int, int, int] | None = None
    """The weapon's short, medium and long ranges (cm), from the rulebook."""
    shooter: str = ""


@dataclass(frozen=True)
class WoundSituation(Request):
    kind = "wound"
    damage: int
    """The blow's damage, worked out by the Confrontation rulebook."""
    double: int | None = None
    """The face of a double on the wound dice, ``None`` for none."""


@dataclass(frozen=True)
class FlightSituation(Request):
    """A model fleeing (004 *Rattraper un fuyard*, *Fuir volontairement*), and the enemy pursuing it, if any."""

    kind = "flight"
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
class DisengageSituation(Request):
    """A unit leaving a melee (004 *Se désengager d'un combat*)."""

    kind = "disengage"
    name: str
    initiative: int
    highest_opposing_initiative: int
    opponents: int
    fleeing: int
    engaged_elsewhere: int = 0
    charged_this_turn: bool = False


@dataclass(frozen=True)
class HoldFireSituation(Request):
    """A charged shooting unit that would rather not shoot at its charger (004 *Réception de charge*)."""

    kind = "hold_fire"
    name: str
    discipline: int


@dataclass(frozen=True)
class Casualty:
    """Whose model a wound strikes and what it is worth (points), so that a kill counts as that side's loss."""

    side: str
    points: int
