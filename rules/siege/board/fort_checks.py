"""The checks of a fort's layout against §1: levels, Table 1's minimum, gates, connections and access
(:meth:`rules.siege.board.fort.FortLayout.problems`)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.siege.board.fort import (
    LEVELS,
    ConnectionKind,
    FortLayout,
    GateKind,
    Section,
    SectionKind,
    expected_kind,
    minimum_sections,
)

__all__ = ["counts", "problems"]


def counts(fort: FortLayout) -> dict[str, int]:
    """How many of each kind Table 1 counts (§1.4)."""
    sections = fort.sections
    return {
        "courtyard": sum(s.kind is SectionKind.COURTYARD for s in sections),
        "wall_walk": sum(s.kind is SectionKind.WALL_WALK for s in sections),
        "tower_level3": sum(s.kind is SectionKind.TOWER and s.level == 3 for s in sections),
        "tower_level2": sum(s.kind is SectionKind.TOWER and s.level == 2 for s in sections),
        "stairs": sum(s.kind is SectionKind.STAIRS for s in sections),
        "main_gate": sum(g.kind is GateKind.MAIN_GATE for g in fort.gates),
        "postern": sum(g.kind is GateKind.POSTERN for g in fort.gates),
    }


def problems(fort: FortLayout, besieged_points: int) -> tuple[str, ...]:
    """Every rule of §1 the layout breaks for a besieged army of ``besieged_points``; empty when valid."""
    found: list[str] = []
    ids = [s.id for s in fort.sections]
    if len(set(ids)) != len(ids):
        found.append("section ids must be unique")
    by_id = {s.id: s for s in fort.sections}
    for section in fort.sections:
        if section.level not in LEVELS[section.kind]:
            allowed = " or ".join(str(level) for level in sorted(LEVELS[section.kind]))
            found.append(f"{section.kind} {section.id} is on level {section.level}, must be {allowed} (§1.2)")
    found_counts = counts(fort)
    for kind, minimum in minimum_sections(besieged_points).items():
        if found_counts[kind] < minimum:
            found.append(
                f"{besieged_points} besieged points need at least {minimum} {kind}, the fort has {found_counts[kind]} "
                "(§1.4, R12)"
            )
    if found_counts["main_gate"] > 1:
        found.append(f"a fort has one main gate, this one has {found_counts['main_gate']} (§1.3.1)")
    found.extend(_gate_problems(fort, by_id))
    found.extend(_connection_problems(fort, by_id))
    found.extend(_access_problems(fort, by_id))
    return tuple(found)


def _gate_problems(fort: FortLayout, by_id: Mapping[str, Section]) -> list[str]:
    found = []
    kinds_by_section: dict[str, set[GateKind]] = {}
    for gate in fort.gates:
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


def _connection_problems(fort: FortLayout, by_id: Mapping[str, Section]) -> list[str]:
    found = []
    seen: set[frozenset[str]] = set()
    for connection in fort.connections:
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
            expected = expected_kind(one, other)
            if expected is not connection.kind:
                found.append(
                    f"{one.kind} {one.id} and {other.kind} {other.id} cannot be joined by a {connection.kind} "
                    "connection (§2.1.1)"
                )
    return found


def _access_problems(fort: FortLayout, by_id: Mapping[str, Section]) -> list[str]:
    found = []
    # §1.1.4: stairs, or at least two ladders, lead from the courtyard to the wall-walk
    ladders = sum(c.kind is ConnectionKind.LADDER for c in fort.connections)
    stairs_linked = any(
        s.kind is SectionKind.STAIRS
        and any(by_id[n].kind is SectionKind.COURTYARD for n in fort.neighbours(s.id) if n in by_id)
        and any(by_id[n].is_rampart for n in fort.neighbours(s.id) if n in by_id)
        for s in fort.sections
    )
    if not stairs_linked and ladders < 2:
        found.append(
            f"stairs or at least two ladders must lead from a courtyard to the wall-walk, the fort has "
            f"{ladders} ladders and no such stairs (§1.1.4)"
        )
    if fort.sections:
        reached = {fort.sections[0].id}
        frontier = [fort.sections[0].id]
        while frontier:
            for neighbour in fort.neighbours(frontier.pop()):
                if neighbour not in reached:
                    reached.add(neighbour)
                    frontier.append(neighbour)
        cut_off = [s.id for s in fort.sections if s.id not in reached]
        if cut_off:
            found.append(f"sections {', '.join(cut_off)} cannot be reached from {fort.sections[0].id}")
    return found
