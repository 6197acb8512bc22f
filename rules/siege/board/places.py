"""Who and where: the sides, the zones and places a model stands at, the steps of a turn, a model, and the error an
action the rules forbid raises.

A model stands at a :class:`Place`: a section of the fort, or outside it at the foot of a section's wall
(*au pied du rempart*), on a ladder (*échelle*), in a siege tower (*tour de siège*) or, for a giant, on the wall
itself (§12.1.5).

The engine's busiest functions read the members they need as module constants (``SECTION``, bound once to
``Zone.SECTION`` in :mod:`rules.fast.members`): on Python 3.11 a member read from its class costs more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass
from enum import StrEnum
from typing import Any

from rules.contract import IllegalAction
from rules.siege.board.profiles import Profile

__all__ = [
    "IllegalAction",
    "Model",
    "Phase",
    "Place",
    "SetupTurn",
    "Side",
    "Zone",
    "model_from_json",
    "model_to_json",
    "place_of",
]


class Side(StrEnum):
    BESIEGER = "besieger"
    """*assiégeant*."""
    BESIEGED = "besieged"
    """*assiégé*."""

    enemy: Side
    """the other side (set on each side below, read as a plain attribute)."""


Side.BESIEGER.enemy, Side.BESIEGED.enemy = Side.BESIEGED, Side.BESIEGER


class Zone(StrEnum):
    SECTION = "section"
    FOOT = "foot"
    """outside, at the foot of a section's wall."""
    LADDER = "ladder"
    SIEGE_TOWER = "siege_tower"
    FIELD = "field"
    """out on the battlefield, 40 cm or more from the walls (§16)."""
    MINE = "mine"
    """digging or counter-digging a mine, off the table (§10.1, §10.2)."""
    WALL = "wall"
    """on the outer face of a section's wall: a giant scaling it (§12.1.5)."""
    BELFRY = "belfry"
    """on a level of a belfry, ``"ST1.2"``: siege tower ST1's level 2 (001 §1.1, R16)."""


class Phase(StrEnum):
    """A step of the player turn: the turn of 002 (movement, magic, shooting, close combat) with the siege's own
    steps around it. The fires burn as a turn starts (§9.3), so it has no step of its own.
    """

    SETUP = "setup"
    """purchases and deployment, before the first turn (§14, §16)."""
    SAPPERS = "sappers"
    """the besieger's mining roll, before his movement (§10.3)."""
    MOVEMENT = "movement"
    MAGIC = "magic"
    SHOOTING = "shooting"
    CLOSE_COMBAT = "close_combat"
    END = "end"
    """the end-of-turn tests, before the turn passes (§6.4, §16)."""


class SetupTurn(StrEnum):
    """Whose part of the set-up is played (§16): « L'assiégé déploie toutes ses unités en premier à l'exception des
    troupes situées dans les sections de cour intérieure », « L'assiégeant déploie toutes ses unités en second [...]
    ainsi que tous les engins de siège », « L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure
    ainsi que ses engins de siège ». Each side ends its own part; the set-up ends with the third.
    """

    WALLS = "walls"
    """the besieged deploys all but its courtyards' troops."""
    FIELD = "field"
    """the besieger deploys 40 cm or more from the walls with all his siege engines, buys and starts his mine."""
    COURTYARDS = "courtyards"
    """the besieged deploys its courtyards' troops and places its siege engines (stones, rocks, braziers)."""
    SHARED = "shared"
    """a battle logged before each side set up in its turn: both sides at once, one end of the step for both."""

    side: Side
    """the side that plays this part (set on each part below, read as a plain attribute)."""


SetupTurn.WALLS.side = SetupTurn.COURTYARDS.side = SetupTurn.SHARED.side = Side.BESIEGED
SetupTurn.FIELD.side = Side.BESIEGER


class Place:
    """Where a model stands: ``Place(Zone.SECTION, "W3")``, ``Place(Zone.LADDER, "L1")``… Written ``"W3"``,
    ``"ladder:L1"``, ``"foot:W3"``, ``"siege_tower:ST1"``.

    A value with one object for each place: ``Place(zone, ref)`` gives back the object already made for the same
    zone and ref, so places compare and hash by identity, as fast as the battle state's indexes need. They order
    by zone, then ref.
    """

    __slots__ = ("_text", "inside", "ref", "zone")
    zone: Zone
    ref: str
    inside: bool
    """whether the place is a section of the fort."""
    _text: str

    def __new__(cls, zone: Zone, ref: str) -> Place:
        key = (zone, ref)
        made = _MADE.get(key)
        if made is None:
            made = object.__new__(cls)
            zone = Zone(zone)
            object.__setattr__(made, "zone", zone)
            object.__setattr__(made, "ref", ref)
            object.__setattr__(made, "inside", zone is Zone.SECTION)
            object.__setattr__(made, "_text", ref if zone is Zone.SECTION else f"{zone.value}:{ref}")
            _MADE[key] = made
            _PARSED[made] = made
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Place], tuple[Zone, str]]:
        return (Place, (self.zone, self.ref))

    def __copy__(self) -> Place:
        return self

    def __deepcopy__(self, memo: object) -> Place:
        return self

    def _key(self) -> tuple[str, str]:
        return (self.zone.value, self.ref)

    def __lt__(self, other: Place) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Place) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Place) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Place) -> bool:
        return self._key() >= other._key()

    @classmethod
    def parse(cls, text: str | Place) -> Place:
        try:
            return _PARSED[text]
        except KeyError:
            return _parse(text)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Place(zone={self.zone!r}, ref={self.ref!r})"


_MADE: dict[tuple[str, str], Place] = {}
"""Each place made, by its zone and ref."""
_PARSED: dict[str | Place, Place] = {}
"""Each place made, by itself and by the texts read as it (at most :data:`_TEXTS_KEPT` of them)."""
_TEXTS_KEPT = 4096


def place_of(zone: Zone, ref: str) -> Place:
    """``Place(zone, ref)``, read from the places already made without calling the type, which costs more on Python
    3.11: the menus ask for places by the thousand."""
    return _MADE.get((zone, ref)) or Place(zone, ref)


def _parse(text: str) -> Place:
    zone, sep, ref = text.partition(":")
    place = Place(Zone(zone), ref) if sep else Place(Zone.SECTION, text)
    if len(_PARSED) < len(_MADE) + _TEXTS_KEPT:
        _PARSED[text] = place
    return place


@dataclass(frozen=True)
class Model:
    """One model (*figurine*). ``unit`` is the unit it was raised in; ``wounds_lost`` counts down its W."""

    id: str
    side: Side
    profile: Profile
    place: Place
    unit: str
    wounds_lost: int = 0
    fleeing: bool = False

    @property
    def wounds_left(self) -> int:
        return self.profile.w - self.wounds_lost


def model_to_json(model: Model) -> dict[str, Any]:
    return {
        "id": model.id,
        "side": model.side.value,
        "profile": model.profile.name,
        "place": str(model.place),
        "unit": model.unit,
        "wounds_lost": model.wounds_lost,
        "fleeing": model.fleeing,
    }


def model_from_json(data: Mapping[str, Any], profiles: Mapping[str, Profile]) -> Model:
    return Model(
        str(data["id"]),
        Side(data["side"]),
        profiles[data["profile"]],
        Place.parse(str(data["place"])),
        str(data["unit"]),
        int(data.get("wounds_lost", 0)),
        bool(data.get("fleeing", False)),
    )
