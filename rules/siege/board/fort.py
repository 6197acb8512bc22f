"""The fort's anatomy (§1): sections, levels, gates, connections and the minimum layout.

A fort (*fort*, *château*) is cut into sections (*sections*): courtyard sections (*cour intérieure*),
wall-walk sections (*chemin de ronde*), tower sections (*tours*, one section per level) and stairs
(*escaliers*). Sections are joined by connections whose capacity is a number of models a turn,
each direction on its own (§2.1.1 Table 2). Gates (*portes*) open from outside onto a courtyard.

>>> fort = standard_fort(1500)
>>> fort.problems(1500)
()
>>> fort.capacity("C1", "C2")
20
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from rules.siege.board.values import derived
from rules.validation import check_range

__all__ = [
    "CONNECTION_CAPACITY",
    "GATE_CAPACITY",
    "LEVELS",
    "MINIMUM_SECTIONS_TABLE",
    "POINT_BANDS",
    "Connection",
    "ConnectionKind",
    "FortLayout",
    "Gate",
    "GateKind",
    "InvalidLayout",
    "Section",
    "SectionKind",
    "minimum_sections",
    "standard_fort",
]

POINT_BANDS: tuple[int | None, ...] = (1000, 1500, 2000, None)
"""Upper bounds (inclusive) of Table 1's columns; ``None`` is "more than 2000" (R12)."""

MINIMUM_SECTIONS_TABLE: Mapping[str, tuple[int, int, int, int]] = MappingProxyType(
    {
        # §1.4 Table 1, one value per band of POINT_BANDS; service doors are "variable", so absent (R12)
        "courtyard": (2, 3, 3, 4),
        "wall_walk": (3, 4, 4, 5),
        "tower_level3": (2, 2, 3, 3),
        "tower_level2": (0, 0, 1, 2),
        "stairs": (1, 1, 2, 2),
        "main_gate": (1, 1, 1, 1),
        "postern": (0, 1, 1, 2),
    }
)


def _band(besieged_points: int) -> int:
    check_range("besieged_points", besieged_points, 0)
    for index, upper in enumerate(POINT_BANDS):
        if upper is None or besieged_points <= upper:
            return index
    raise AssertionError("the last band has no upper bound")


def minimum_sections(besieged_points: int) -> dict[str, int]:
    """The minimum number of each kind of section and gate for the besieged army's points (§1.4 Table 1, R12).

    >>> minimum_sections(1500)["courtyard"]
    3
    >>> minimum_sections(2001)["postern"]
    2
    """
    band = _band(besieged_points)
    return {kind: counts[band] for kind, counts in MINIMUM_SECTIONS_TABLE.items()}


class SectionKind(StrEnum):
    COURTYARD = "courtyard"
    """*cour intérieure*, level 1."""
    WALL_WALK = "wall_walk"
    """*chemin de ronde*, level 3."""
    TOWER = "tower"
    """*tour*: one section per level, level 3 (the roof) or level 2."""
    STAIRS = "stairs"
    """*escalier*, level 2."""


LEVELS: Mapping[SectionKind, frozenset[int]] = MappingProxyType(
    {
        # §1.2
        SectionKind.COURTYARD: frozenset({1}),
        SectionKind.STAIRS: frozenset({2}),
        SectionKind.TOWER: frozenset({2, 3}),
        SectionKind.WALL_WALK: frozenset({3}),
    }
)

RAMPART_KINDS = frozenset({SectionKind.WALL_WALK, SectionKind.TOWER})


class ConnectionKind(StrEnum):
    WALL = "wall"
    """wall-walk or tower to wall-walk or tower."""
    STAIRS = "stairs"
    """any section to stairs, or between the levels of a tower."""
    COURTYARD = "courtyard"
    """courtyard to courtyard."""
    LADDER = "ladder"
    """a fixed ladder (*échelle*) from a courtyard up to the wall-walk."""
    SERVICE_DOOR = "service_door"
    """*porte de service* between two inner sections."""
    BREACH = "breach"
    """a collapsed section opened to the outside (R5)."""


CONNECTION_CAPACITY: Mapping[ConnectionKind, int] = MappingProxyType(
    {
        # §2.1.1 Table 2
        ConnectionKind.WALL: 10,
        ConnectionKind.STAIRS: 10,
        ConnectionKind.COURTYARD: 20,
        ConnectionKind.LADDER: 4,
        ConnectionKind.SERVICE_DOOR: 6,
        ConnectionKind.BREACH: 20,  # R5
    }
)


class GateKind(StrEnum):
    MAIN_GATE = "main_gate"
    """*porte principale*."""
    POSTERN = "postern"
    """*poterne*."""
    SERVICE_DOOR = "service_door"
    """*porte de service*: in the layout, a connection between two inner sections (§1.3.3)."""


GATE_CAPACITY: Mapping[GateKind, int] = MappingProxyType(
    {
        # §2.1.1 Table 2
        GateKind.MAIN_GATE: 15,
        GateKind.POSTERN: 10,
        GateKind.SERVICE_DOOR: CONNECTION_CAPACITY[ConnectionKind.SERVICE_DOOR],
    }
)


class InvalidLayout(ValueError):
    """A fort layout that breaks §1: ``problems`` lists every broken rule with its clause."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Section:
    """One section/level of the fort, with a point to draw it at (``x``, ``y`` in fort units, y downwards)."""

    id: str
    kind: SectionKind
    level: int
    x: float = 0.0
    y: float = 0.0
    tower: str | None = None
    """The tower a tower section belongs to, so that its levels read as one tower."""

    @property
    def is_rampart(self) -> bool:
        """On the walls: a wall-walk or a tower section."""
        return self.kind in RAMPART_KINDS

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind.value, "level": self.level, "x": self.x, "y": self.y}
        if self.tower is not None:
            data["tower"] = self.tower
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Section:
        tower = data.get("tower")
        return cls(
            str(data["id"]),
            SectionKind(data["kind"]),
            int(data["level"]),
            float(data.get("x", 0.0)),
            float(data.get("y", 0.0)),
            None if tower is None else str(tower),
        )


@dataclass(frozen=True)
class Connection:
    """A passage between two sections, usable both ways, each direction with its own capacity (§2.1.1)."""

    a: str
    b: str
    kind: ConnectionKind

    @property
    def capacity(self) -> int:
        return CONNECTION_CAPACITY[self.kind]

    def joins(self, one: str, other: str) -> bool:
        return {self.a, self.b} == {one, other}

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "kind": self.kind.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Connection:
        return cls(str(data["a"]), str(data["b"]), ConnectionKind(data["kind"]))


@dataclass(frozen=True)
class Gate:
    """A gate from outside onto a courtyard section: the main gate or a postern (§1.3)."""

    id: str
    kind: GateKind
    section: str
    x: float = 0.0
    y: float = 0.0

    @property
    def capacity(self) -> int:
        return GATE_CAPACITY[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind.value, "section": self.section, "x": self.x, "y": self.y}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Gate:
        return cls(
            str(data["id"]),
            GateKind(data["kind"]),
            str(data["section"]),
            float(data.get("x", 0.0)),
            float(data.get("y", 0.0)),
        )


def expected_kind(one: Section, other: Section) -> ConnectionKind | None:
    """The kind of connection two sections may have, ladders and service doors aside (§1.1, §1.2, §2.1.1).

    A tower's level 2 is reached like stairs: from a courtyard or from its own roof.
    """
    kinds = {one.kind, other.kind}
    if SectionKind.STAIRS in kinds:
        return ConnectionKind.STAIRS
    if kinds == {SectionKind.COURTYARD}:
        return ConnectionKind.COURTYARD
    lower_tower = [s for s in (one, other) if s.kind is SectionKind.TOWER and s.level == 2]
    if lower_tower and (SectionKind.COURTYARD in kinds or one.tower == other.tower):
        return ConnectionKind.STAIRS
    if kinds <= RAMPART_KINDS and one.level == other.level == 3:
        return ConnectionKind.WALL
    return None


@dataclass(frozen=True)
class FortLayout:
    """A fort: its sections, the connections between them and its gates."""

    name: str
    sections: tuple[Section, ...]
    connections: tuple[Connection, ...]
    gates: tuple[Gate, ...]

    # The lookups below read indexes built on first use, outside the fields: the layout stays a value.

    @derived
    def _sections(self) -> dict[str, Section]:
        found: dict[str, Section] = {}
        for section in self.sections:
            found.setdefault(section.id, section)
        return found

    @derived
    def _connections(self) -> dict[tuple[str, str], Connection]:
        found: dict[tuple[str, str], Connection] = {}
        for connection in self.connections:
            found.setdefault((connection.a, connection.b), connection)
            found.setdefault((connection.b, connection.a), connection)
        return found

    @derived
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        return {}

    @derived
    def _gates(self) -> dict[str, tuple[Gate, ...]]:
        return {}

    @derived
    def memo(self) -> dict[object, Any]:
        """What other modules work out from the layout and keep with it, by their own keys: never part of the
        value."""
        return {}

    @derived
    def approaches(self) -> tuple[str, ...]:
        """The feet of the walls a model on the field may step to: each rampart's and each gated section's (§2, §16)."""
        return tuple(f"foot:{s.id}" for s in self.sections if s.is_rampart or self.gates_of(s.id))

    def section(self, section_id: str) -> Section:
        found = self._sections.get(section_id)
        if found is None:
            raise KeyError(f"the fort {self.name!r} has no section {section_id!r}", section_id)
        return found

    def has_section(self, section_id: str) -> bool:
        return section_id in self._sections

    def connection(self, one: str, other: str) -> Connection | None:
        return self._connections.get((one, other))

    def capacity(self, one: str, other: str) -> int:
        """Models a turn from ``one`` to ``other`` (§2.1.1); 0 when they are not connected."""
        connection = self.connection(one, other)
        return 0 if connection is None else connection.capacity

    def neighbours(self, section_id: str) -> tuple[str, ...]:
        """The sections connected to ``section_id``, in the layout's order."""
        known = self._neighbours.get(section_id)
        if known is None:
            found = {c.b if c.a == section_id else c.a for c in self.connections if section_id in (c.a, c.b)}
            known = self._neighbours[section_id] = tuple(s.id for s in self.sections if s.id in found)
        return known

    def gates_of(self, section_id: str) -> tuple[Gate, ...]:
        known = self._gates.get(section_id)
        if known is None:
            known = self._gates[section_id] = tuple(gate for gate in self.gates if gate.section == section_id)
        return known

    def counts(self) -> dict[str, int]:
        """How many of each kind Table 1 counts (§1.4)."""
        from rules.siege.board.fort_checks import counts

        return counts(self)

    def problems(self, besieged_points: int) -> tuple[str, ...]:
        """Every rule of §1 the layout breaks for a besieged army of ``besieged_points``; empty when valid
        (:mod:`rules.siege.board.fort_checks`)."""
        from rules.siege.board.fort_checks import problems

        return problems(self, besieged_points)

    def validate(self, besieged_points: int) -> FortLayout:
        """The layout itself when it obeys §1 for ``besieged_points``; otherwise :class:`InvalidLayout`."""
        found = self.problems(besieged_points)
        if found:
            raise InvalidLayout(found)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sections": [s.to_json() for s in self.sections],
            "connections": [c.to_json() for c in self.connections],
            "gates": [g.to_json() for g in self.gates],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FortLayout:
        return cls(
            str(data["name"]),
            tuple(Section.from_json(s) for s in data["sections"]),
            tuple(Connection.from_json(c) for c in data["connections"]),
            tuple(Gate.from_json(g) for g in data["gates"]),
        )


def _ring_point(corners: Sequence[tuple[float, float]], fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way round the square through ``corners``."""
    position = (fraction % 1.0) * len(corners)
    side = int(position)
    (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % len(corners)]
    t = position - side
    return (round(x0 + (x1 - x0) * t, 2), round(y0 + (y1 - y0) * t, 2))


def standard_fort(besieged_points: int, name: str | None = None) -> FortLayout:
    """A square fort with exactly Table 1's minimum for ``besieged_points`` (and four corner towers), drawn on a
    100 × 100 grid: towers T1–T4 at the corners, wall-walks W1… around the walls, courtyards C1… in a row inside,
    the main gate on the south wall before C1, posterns before the last courtyards, stairs S1… from a courtyard
    to the wall-walk above it.

    >>> [s.id for s in standard_fort(800).sections if s.kind is SectionKind.COURTYARD]
    ['C1', 'C2']
    """
    need = minimum_sections(besieged_points)
    sections: list[Section] = []
    connections: list[Connection] = []
    corners = ((0.0, 100.0), (0.0, 0.0), (100.0, 0.0), (100.0, 100.0))  # south-west, clockwise
    tower_count = max(4, need["tower_level3"])
    wall_count = max(need["wall_walk"], tower_count)
    towers = [f"T{i + 1}" for i in range(tower_count)]
    # walls between consecutive towers, spread as evenly as possible around the ring
    per_side = [wall_count // tower_count + (1 if i < wall_count % tower_count else 0) for i in range(tower_count)]
    ring: list[Section] = []
    wall_number = 0
    for side in range(tower_count):
        start = _ring_point(corners, side / tower_count)
        ring.append(Section(towers[side], SectionKind.TOWER, 3, *start, tower=towers[side]))
        for step in range(per_side[side]):
            wall_number += 1
            point = _ring_point(corners, (side + (step + 1) / (per_side[side] + 1)) / tower_count)
            ring.append(Section(f"W{wall_number}", SectionKind.WALL_WALK, 3, *point))
    sections.extend(ring)
    for index, section in enumerate(ring):
        connections.append(Connection(section.id, ring[(index + 1) % len(ring)].id, ConnectionKind.WALL))
    for tower in [s for s in ring if s.kind is SectionKind.TOWER][: need["tower_level2"]]:
        lower = Section(f"{tower.id}-2", SectionKind.TOWER, 2, tower.x, tower.y, tower=tower.id)
        sections.append(lower)
        connections.append(Connection(lower.id, tower.id, ConnectionKind.STAIRS))
    courtyard_count = need["courtyard"]
    courtyards = [
        Section(f"C{i + 1}", SectionKind.COURTYARD, 1, 100.0 * (i + 1) / (courtyard_count + 1), 60.0)
        for i in range(courtyard_count)
    ]
    sections.extend(courtyards)
    connections.extend(
        Connection(one.id, other.id, ConnectionKind.COURTYARD) for one, other in itertools.pairwise(courtyards)
    )
    for lower in [s for s in sections if s.kind is SectionKind.TOWER and s.level == 2]:
        nearest = min(courtyards, key=lambda c: math.dist((c.x, c.y), (lower.x, lower.y)))
        connections.append(Connection(nearest.id, lower.id, ConnectionKind.STAIRS))
    free_walls = [s for s in ring if s.kind is SectionKind.WALL_WALK]
    for number in range(need["stairs"]):
        courtyard = courtyards[number % len(courtyards)]
        wall = min(free_walls, key=lambda w: math.dist((w.x, w.y), (courtyard.x, courtyard.y)))
        free_walls.remove(wall)
        stairs = Section(
            f"S{number + 1}", SectionKind.STAIRS, 2, (courtyard.x + wall.x) / 2, (courtyard.y + wall.y) / 2
        )
        sections.append(stairs)
        connections.append(Connection(courtyard.id, stairs.id, ConnectionKind.STAIRS))
        connections.append(Connection(stairs.id, wall.id, ConnectionKind.STAIRS))
    gates = [Gate("G1", GateKind.MAIN_GATE, courtyards[0].id, courtyards[0].x, 100.0)]
    for number in range(need["postern"]):
        courtyard = courtyards[-1 - number]
        gates.append(Gate(f"P{number + 1}", GateKind.POSTERN, courtyard.id, courtyard.x, 100.0))
    fort = FortLayout(
        name or f"standard fort, {besieged_points} points", tuple(sections), tuple(connections), tuple(gates)
    )
    return fort.validate(besieged_points)
