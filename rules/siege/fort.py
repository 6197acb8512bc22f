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
    if besieged_points < 0:
        raise ValueError(f"besieged_points must be 0 or more, got {besieged_points}")
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


def _expected_kind(one: Section, other: Section) -> ConnectionKind | None:
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

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(f"the fort {self.name!r} has no section {section_id!r}")

    def has_section(self, section_id: str) -> bool:
        return any(section.id == section_id for section in self.sections)

    def connection(self, one: str, other: str) -> Connection | None:
        for connection in self.connections:
            if connection.joins(one, other):
                return connection
        return None

    def capacity(self, one: str, other: str) -> int:
        """Models a turn from ``one`` to ``other`` (§2.1.1); 0 when they are not connected."""
        connection = self.connection(one, other)
        return 0 if connection is None else connection.capacity

    def neighbours(self, section_id: str) -> tuple[str, ...]:
        """The sections connected to ``section_id``, in the layout's order."""
        found = {c.b if c.a == section_id else c.a for c in self.connections if section_id in (c.a, c.b)}
        return tuple(s.id for s in self.sections if s.id in found)

    def gates_of(self, section_id: str) -> tuple[Gate, ...]:
        return tuple(gate for gate in self.gates if gate.section == section_id)

    def counts(self) -> dict[str, int]:
        """How many of each kind Table 1 counts (§1.4)."""
        sections = self.sections
        return {
            "courtyard": sum(s.kind is SectionKind.COURTYARD for s in sections),
            "wall_walk": sum(s.kind is SectionKind.WALL_WALK for s in sections),
            "tower_level3": sum(s.kind is SectionKind.TOWER and s.level == 3 for s in sections),
            "tower_level2": sum(s.kind is SectionKind.TOWER and s.level == 2 for s in sections),
            "stairs": sum(s.kind is SectionKind.STAIRS for s in sections),
            "main_gate": sum(g.kind is GateKind.MAIN_GATE for g in self.gates),
            "postern": sum(g.kind is GateKind.POSTERN for g in self.gates),
        }

    def problems(self, besieged_points: int) -> tuple[str, ...]:
        """Every rule of §1 the layout breaks for a besieged army of ``besieged_points``; empty when valid."""
        found: list[str] = []
        ids = [s.id for s in self.sections]
        if len(set(ids)) != len(ids):
            found.append("section ids must be unique")
        by_id = {s.id: s for s in self.sections}
        for section in self.sections:
            if section.level not in LEVELS[section.kind]:
                allowed = " or ".join(str(level) for level in sorted(LEVELS[section.kind]))
                found.append(f"{section.kind} {section.id} is on level {section.level}, must be {allowed} (§1.2)")
        counts = self.counts()
        for kind, minimum in minimum_sections(besieged_points).items():
            if counts[kind] < minimum:
                found.append(
                    f"{besieged_points} besieged points need at least {minimum} {kind}, the fort has {counts[kind]} "
                    "(§1.4, R12)"
                )
        if counts["main_gate"] > 1:
            found.append(f"a fort has one main gate, this one has {counts['main_gate']} (§1.3.1)")
        found.extend(self._gate_problems(by_id))
        found.extend(self._connection_problems(by_id))
        found.extend(self._access_problems(by_id))
        return tuple(found)

    def _gate_problems(self, by_id: Mapping[str, Section]) -> list[str]:
        found = []
        kinds_by_section: dict[str, set[GateKind]] = {}
        for gate in self.gates:
            section = by_id.get(gate.section)
            if section is None or section.kind is not SectionKind.COURTYARD:
                # §1.3.1, §1.3.2
                found.append(f"{gate.kind} {gate.id} must open on a courtyard section, not {gate.section} (§1.3)")
                continue
            kinds_by_section.setdefault(gate.section, set()).add(gate.kind)
        for section_id, kinds in kinds_by_section.items():
            if len(kinds) > 1:
                # §1.1.1, §1.3.2
                found.append(f"courtyard {section_id} touches both the main gate and a postern (§1.1.1)")
        return found

    def _connection_problems(self, by_id: Mapping[str, Section]) -> list[str]:
        found = []
        seen: set[frozenset[str]] = set()
        for connection in self.connections:
            pair = frozenset((connection.a, connection.b))
            if connection.a not in by_id or connection.b not in by_id or len(pair) == 1:
                found.append(f"connection {connection.a}–{connection.b} must join two sections of the fort")
                continue
            if pair in seen:
                found.append(f"sections {connection.a} and {connection.b} are connected twice")
            seen.add(pair)
            one, other = by_id[connection.a], by_id[connection.b]
            if connection.kind is ConnectionKind.LADDER:
                if {one.kind, other.kind} != {SectionKind.COURTYARD, SectionKind.WALL_WALK}:
                    found.append(f"a ladder joins a courtyard to a wall-walk, not {one.kind} to {other.kind} (§1.1.4)")
            elif connection.kind not in (ConnectionKind.SERVICE_DOOR, ConnectionKind.BREACH):
                expected = _expected_kind(one, other)
                if expected is not connection.kind:
                    found.append(
                        f"{one.kind} {one.id} and {other.kind} {other.id} cannot be joined by a {connection.kind} "
                        "connection (§2.1.1)"
                    )
        return found

    def _access_problems(self, by_id: Mapping[str, Section]) -> list[str]:
        found = []
        # §1.1.4: stairs, or at least two ladders, lead from the courtyard to the wall-walk
        ladders = sum(c.kind is ConnectionKind.LADDER for c in self.connections)
        stairs_linked = any(
            s.kind is SectionKind.STAIRS
            and any(by_id[n].kind is SectionKind.COURTYARD for n in self.neighbours(s.id) if n in by_id)
            and any(by_id[n].is_rampart for n in self.neighbours(s.id) if n in by_id)
            for s in self.sections
        )
        if not stairs_linked and ladders < 2:
            found.append(
                f"stairs or at least two ladders must lead from a courtyard to the wall-walk, the fort has "
                f"{ladders} ladders and no such stairs (§1.1.4)"
            )
        if self.sections:
            reached = {self.sections[0].id}
            frontier = [self.sections[0].id]
            while frontier:
                for neighbour in self.neighbours(frontier.pop()):
                    if neighbour not in reached:
                        reached.add(neighbour)
                        frontier.append(neighbour)
            cut_off = [s.id for s in self.sections if s.id not in reached]
            if cut_off:
                found.append(f"sections {', '.join(cut_off)} cannot be reached from {self.sections[0].id}")
        return found

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
