"""The siege engines and works a battle state holds, as frozen values: ladders (*échelles*, §7.1), rams
(*béliers*, §7.2), siege towers (*tours de siège*, §7.3), giants scaling a wall (§12.1.5), each rampart section's
damage and defences (§5.9, §8), the gates (§6), fires (§9), the mine (§10) and the engine budgets (§14).

Each value reads and writes JSON through :func:`to_json` and :func:`from_json`, which follow the dataclass
fields, so a new field is saved without more code::

    >>> from_json(Ram, to_json(Ram("R1", covered=True))) == Ram("R1", covered=True)
    True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, TypeVar

from rules.siege.board.fort import GateKind

__all__ = [
    "COVERED_RAM_STRUCTURE_POINTS",
    "TOWER_STRUCTURE_POINTS",
    "Belfry",
    "Bridge",
    "Budget",
    "Climb",
    "Fire",
    "GateStatus",
    "Ladder",
    "Liquid",
    "Mine",
    "MineGoal",
    "Ram",
    "SiegeTower",
    "Works",
    "from_json",
    "to_json",
]


TOWER_STRUCTURE_POINTS = 7  # §7.3.2
COVERED_RAM_STRUCTURE_POINTS = 4  # §7.2.3


class Liquid(StrEnum):
    """What a besieged brazier (*brasier*) holds (§8.2)."""

    WATER = "water"
    """*eau bouillante* (§8.2.4), also poured on fires (§9.4)."""
    OIL = "oil"
    """*huile bouillante* (§8.2.5)."""
    LEAD = "lead"
    """*plomb fondu* (§8.2.6)."""


@dataclass(frozen=True)
class Ladder:
    """A ladder (§7.1). ``section`` is the rampart section it leans on when ``raised``, else the wall it lies
    below; ``carriers`` carry it (§7.1.1); once hoisted it leans from the rampart down into ``courtyard``
    (§7.1.4). ``blocker`` is the besieged model blocking its top (§7.1.7); once ``taken`` by assaulters it can no
    longer be blocked (§7.1.9).
    """

    id: str
    section: str
    raised: bool = True
    carriers: tuple[str, ...] = ()
    courtyard: str | None = None
    blocker: str | None = None
    taken: bool = False
    duel: str | None = None
    """the climber whose fight with the blocker was drawn: the two fight on, nobody replacing either (§7.1.8)."""

    @property
    def lying(self) -> bool:
        """On the ground below its wall, nobody carrying it: it may be taken up (§7.1.1)."""
        return not self.raised and not self.carriers

    @property
    def carried(self) -> bool:
        """Carried to its wall, not yet raised: it may be raised or let go (§7.1.1, §7.1.3)."""
        return not self.raised and bool(self.carriers)


@dataclass(frozen=True)
class SiegeTower:
    """A siege tower (§7.3); ``section`` is the rampart section it stands against, ``None`` while away.
    ``crew`` are the models pushing it from inside (§7.3.1); it has 7 structure points (§7.3.2).
    """

    id: str
    section: str | None
    structure_points: int = TOWER_STRUCTURE_POINTS
    crew: tuple[str, ...] = ()
    collapsed: bool = False


class Bridge(StrEnum):
    """The belfry's drawbridge (*pont-levis*, 001 §1.1, §8)."""

    UP = "up"
    LOWERING = "lowering"
    """two models work the winches this turn; it comes down as the turn ends (001 §8)."""
    DOWN = "down"


@dataclass(frozen=True)
class Belfry:
    """A siege tower played as the belfry of « Le Beffroi » (001, R16): ``id`` is the siege tower's. It rolls in a
    straight line towards rampart ``section``, ``distance`` hexes from it (1: within reach, 001 §8), against a wall
    of 001 level ``wall_level`` (001 §2). ``obstacles`` are the distances of the hexes on its line that are neither
    flat ground nor a filled moat (001 §4.1). The inner ladders are ``fixed`` or removable (001 §1.2); a removable
    one up from the ground is ``ground_ladder``. ``moved`` hexes were pushed in game turn ``moved_turn``.
    """

    id: str
    section: str
    distance: int
    wall_level: int = 2
    obstacles: tuple[int, ...] = ()
    fixed_ladders: bool = True
    ground_ladder: bool = False
    bridge: Bridge = Bridge.UP
    winchers: tuple[str, ...] = ()
    lowering_turn: int = 0
    moved: int = 0
    moved_turn: int = 0
    stunned: tuple[str, ...] = ()
    """defenders stunned by the drawbridge: they do nothing until the end of the besieged's next turn (001 §8)."""


@dataclass(frozen=True)
class Ram:
    """A ram (§7.2): its ``carriers``, the ``gate`` it is in contact with, a covered ram's structure points
    (§7.2.3), and ``wrecked`` once a covered ram has lost them (usable as a plain ram on 5+).
    """

    id: str
    covered: bool = False
    carriers: tuple[str, ...] = ()
    gate: str | None = None
    structure_points: int = COVERED_RAM_STRUCTURE_POINTS
    wrecked: bool = False
    lies: str | None = None
    """where the ram lies once its carriers let it go (``"foot:C1"``, ``"field:outside"``, §7.2.2); ``None`` while
    carried, or before anyone took it up: it then stands with the army."""


@dataclass(frozen=True)
class Works:
    """A rampart section's state: its structure ``damage`` points (§5.9, R5), ``collapsed`` into a breach,
    ``silenced`` player turns left in which its models neither shoot nor use engineering, and its defences:
    stone and rock tokens (§8.1.1) and braziers (§8.2.1).
    """

    section: str
    damage: int = 0
    collapsed: bool = False
    silenced: int = 0
    stones: int = 0
    rocks: int = 0
    braziers: tuple[Liquid | None, ...] = ()
    """each brazier's liquid; ``None`` a bare brazier, fire for flaming shots only (§9.1.2, §14.2)."""
    blocker: str | None = None
    """the large creature blocking the breach, once collapsed (§6.3.5)."""


@dataclass(frozen=True)
class GateStatus:
    """A gate's structure points (R4), the model blocking it (§6.3) and those reinforcing it (§6.4). A service
    door's id is its connection's two sections, ``"C1/C2"``.
    """

    id: str
    kind: GateKind
    structure_points: int
    blocker: str | None = None
    reinforcers: tuple[str, ...] = ()
    unlocked: bool = False
    """a postern or service door, locked from the inside, that a model on its inner side has unlocked (§6.2)."""


@dataclass(frozen=True)
class Climb:
    """A giant scaling the outer face of a rampart section (*escalader une muraille*, §12.1.5): ``id`` is the
    giant's, ``blockers`` the normal-size models on the rampart holding it off, at most six.
    """

    id: str
    blockers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fire:
    """A fire on a wooden structure (§9.3): ``target`` is ``"gate:G1"``, ``"ram:R1"`` or ``"siege_tower:ST1"``;
    ``fires`` counts the fires on it, ``blazing`` once it has rolled a 6 (R1), ``doused`` the water braziers
    poured on it this turn (§9.4).
    """

    target: str
    fires: int = 1
    blazing: bool = False
    doused: int = 0


class MineGoal(StrEnum):
    FOUNDATIONS = "foundations"
    """*fragiliser les fondations* (§10.3.1)."""
    TUNNEL = "tunnel"
    """*creuser un tunnel* (§10.3.2)."""


@dataclass(frozen=True)
class Mine:
    """The besieger's mine (§10): sappers and counter-miners (off the table), the score, and the sapper re-rolls
    still unused (§10.4): each side's once-a-game re-roll of its mining die, and the besieger's own re-roll of the
    foundations' D4.
    """

    goal: MineGoal
    sappers: tuple[str, ...]
    counter_miners: tuple[str, ...] = ()
    score: int = 0
    finished: bool = False
    sapper_reroll: bool = False
    counter_reroll: bool = False
    tunnel_turn: int = 0
    """the game turn a unit last came through the tunnel: one unit a turn (§10.3.2)."""
    foundations_reroll: bool = False
    score_before: int = 0
    """the score before this turn's roll, and the dice of that roll, which a sapper may re-roll after seeing them
    (§10.4): the sapping D6, the counter-mining die (0: none), the foundations' D4 (0: not rolled)."""
    sapping_roll: int = 0
    counter_roll: int = 0
    damage_roll: int = 0
    undermined: str | None = None
    """the section named to take the foundations' damage (§10.3.1)."""


@dataclass(frozen=True)
class Budget:
    """A side's engine points (§14, R14): ``points`` to spend, the army's ``army_points`` and what was bought."""

    points: int
    army_points: int
    bought: tuple[str, ...] = ()
    placed: tuple[str, ...] = ()
    """what of the bought is already on the table: stone and rock tokens allocated, braziers placed (§8.1.1,
    §8.2.1)."""


_Value = TypeVar("_Value")


def to_json(value: Any) -> Any:
    """A JSON-ready copy of an engine value (dataclass, enum, tuple or plain)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value


def from_json(cls: type[_Value], data: Mapping[str, Any]) -> _Value:
    """The engine value of type ``cls`` :func:`to_json` wrote; absent fields take their default."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    fields = {name: _decode(hints[name], data[name]) for name in names if name in data}
    return cls(**fields)


def _decode(hint: Any, raw: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if raw is None:
            return None
        (inner,) = (arg for arg in typing.get_args(hint) if arg is not type(None))
        return _decode(inner, raw)
    if origin is tuple:
        return tuple(_decode(typing.get_args(hint)[0], item) for item in raw)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return from_json(hint, raw)
    return hint(raw)
