"""A fort's diagram: its sections, walls, gates and passages, and who holds each section during a siege."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.siege.board.fort import LEVELS, ConnectionKind, FortLayout, GateKind, Section, SectionKind
from siege_site.svg import element, number

from ..graph_layout import auto_layout
from . import svg
from .svg import ENGLISH, Labels

_STONE = "#7B7266"
_WALL = "#5F574D"
_WALK = "#BDB3A3"
_GROUND_INSIDE = "#EADFC4"
_GROUND_OUTSIDE = "#DCE6CF"
_BESIEGER = "#B3261E"
_BESIEGED = "#1F5AA6"
_FORT_TOP = 32.0
_FORT_SIZE = 324.0
_CONNECTION_STYLES: Mapping[ConnectionKind, dict[str, object]] = {
    ConnectionKind.WALL: {"stroke": _WALL, "stroke_width": 14, "stroke_linecap": "square"},
    ConnectionKind.STAIRS: {"stroke": "#6B4E2E", "stroke_width": 4},
    ConnectionKind.COURTYARD: {"stroke": "#C9B27C", "stroke_width": 10, "stroke_linecap": "round"},
    ConnectionKind.LADDER: {"stroke": "#8B5A2B", "stroke_width": 7, "stroke_dasharray": "2 3"},
    ConnectionKind.SERVICE_DOOR: {
        "stroke": "#333333",
        "stroke_width": 3,
        "stroke_dasharray": "1 4",
        "stroke_linecap": "round",
    },
    ConnectionKind.BREACH: {"stroke": _BESIEGER, "stroke_width": 5, "stroke_dasharray": "8 4"},
}


@dataclass(frozen=True)
class _Placed:
    section: Section
    x: float
    y: float
    half_width: float
    half_height: float
    angle: float
    """Degrees; wall-walks lie along their wall."""


def _convex_hull(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain, counter-clockwise."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return unique

    def half(sequence: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        chain: list[tuple[float, float]] = []
        for point in sequence:
            while (
                len(chain) >= 2
                and (
                    (chain[-1][0] - chain[-2][0]) * (point[1] - chain[-2][1])
                    - (chain[-1][1] - chain[-2][1]) * (point[0] - chain[-2][0])
                )
                <= 0
            ):
                chain.pop()
            chain.append(point)
        return chain

    lower, upper = half(unique), half(reversed(unique))
    return lower[:-1] + upper[:-1]


def _fort_positions(
    layout: FortLayout,
) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """The drawing points of the sections and of the gates: the layout's own coordinates fitted to the picture, or
    :func:`auto_layout` when the layout has none (every section at one point), gates then at their courtyard. A
    section drawn where another already is (a tower's lower level under its roof) steps towards the centre."""
    points = {s.id: (s.x, s.y) for s in layout.sections}
    gate_points = {g.id: (g.x, g.y) for g in layout.gates}
    if len(set(points.values())) <= 1 < len(points):
        ids = [s.id for s in layout.sections]
        index = {section_id: position for position, section_id in enumerate(ids)}
        laid = auto_layout(range(len(ids)), {index[s]: [index[n] for n in layout.neighbours(s)] for s in ids})
        points = {section_id: laid[index[section_id]] for section_id in ids}
        gate_points = {g.id: points[g.section] for g in layout.gates}
    xs = [x for x, _ in [*points.values(), *gate_points.values()]]
    ys = [y for _, y in [*points.values(), *gate_points.values()]]
    scale = _FORT_SIZE / max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    left = (svg.WIDTH - (max(xs) - min(xs)) * scale) / 2

    def fit(point: tuple[float, float]) -> tuple[float, float]:
        return left + (point[0] - min(xs)) * scale, _FORT_TOP + (point[1] - min(ys)) * scale

    fitted = {section_id: fit(point) for section_id, point in points.items()}
    centre = _centre(fitted.values())
    taken: set[tuple[int, int]] = set()
    for section in sorted(layout.sections, key=lambda s: -s.level):
        x, y = fitted[section.id]
        while (round(x), round(y)) in taken:
            dx, dy = centre[0] - x, centre[1] - y
            length = math.hypot(dx, dy) or 1.0
            x, y = x + 40 * dx / length, y + 40 * dy / length
        taken.add((round(x), round(y)))
        fitted[section.id] = (x, y)
    return _spread(layout, fitted), {gate_id: fit(point) for gate_id, point in gate_points.items()}


_ROOM = {SectionKind.COURTYARD: 28.0, SectionKind.WALL_WALK: 22.0, SectionKind.TOWER: 19.0, SectionKind.STAIRS: 15.0}
"""How far a section's shape reaches from its point, to keep shapes and the labels between them apart."""


def _spread(layout: FortLayout, points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The points with the sections inside the walls nudged apart where their shapes would crowd each other; the
    ramparts stay where they are, so the walls keep their shape."""
    pinned = {s.id for s in layout.sections if s.is_rampart and s.level == 3}
    room = {s.id: _ROOM[s.kind] for s in layout.sections}
    spread = dict(points)
    for _ in range(100):
        moved = False
        for one, other in itertools.combinations(spread, 2):
            if one in pinned and other in pinned:
                continue
            (x1, y1), (x2, y2) = spread[one], spread[other]
            shortfall = room[one] + room[other] + 14 - math.hypot(x2 - x1, y2 - y1)
            if shortfall <= 0.5:
                continue
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            share = 1.0 if one in pinned or other in pinned else 0.5
            if one not in pinned:
                spread[one] = (x1 - ux * shortfall * share, y1 - uy * shortfall * share)
            if other not in pinned:
                spread[other] = (x2 + ux * shortfall * share, y2 + uy * shortfall * share)
            moved = True
        if not moved:
            break
    return spread


def _centre(points: Iterable[tuple[float, float]]) -> tuple[float, float]:
    listed = list(points)
    return sum(x for x, _ in listed) / len(listed), sum(y for _, y in listed) / len(listed)


def _place(layout: FortLayout, positions: Mapping[str, tuple[float, float]]) -> list[_Placed]:
    placed = []
    for section in layout.sections:
        x, y = positions[section.id]
        angle = 0.0
        if section.kind is SectionKind.WALL_WALK:
            walls = [
                positions[n]
                for n in layout.neighbours(section.id)
                if layout.section(n).is_rampart and layout.section(n).level == 3
            ]
            if len(walls) >= 2:
                angle = math.degrees(math.atan2(walls[1][1] - walls[0][1], walls[1][0] - walls[0][0]))
            angle = (angle + 90) % 180 - 90  # keep the label side up
        size = {
            SectionKind.COURTYARD: (30.0, 24.0),
            SectionKind.WALL_WALK: (22.0, 11.0),
            SectionKind.TOWER: (17.0, 17.0) if section.level == 3 else (15.0, 15.0),
            SectionKind.STAIRS: (13.0, 13.0),
        }[section.kind]
        placed.append(_Placed(section, x, y, *size, angle))
    return _fit_courtyards(placed)


def _fit_courtyards(placed: list[_Placed]) -> list[_Placed]:
    """Courtyards narrowed, all alike, until none overlaps a section beside it (stairs often sit close by)."""
    half_width = 30.0
    for courtyard in (p for p in placed if p.section.kind is SectionKind.COURTYARD):
        for other in placed:
            dx, dy = abs(other.x - courtyard.x), abs(other.y - courtyard.y)
            if other is courtyard or dy >= courtyard.half_height + other.half_height or dx < 1:
                continue
            share = dx / 2 if other.section.kind is SectionKind.COURTYARD else dx - other.half_width
            half_width = min(half_width, share - 4)
    width = max(half_width, 16.0)
    return [
        _Placed(p.section, p.x, p.y, width, p.half_height, p.angle) if p.section.kind is SectionKind.COURTYARD else p
        for p in placed
    ]


def _section_shape(placed: _Placed) -> tuple[str, str]:
    """The shape of a section around (0, 0) and the colour its label is written on."""
    section, w, h = placed.section, placed.half_width, placed.half_height
    if section.kind is SectionKind.COURTYARD:
        return element(
            "rect", x=-w, y=-h, width=2 * w, height=2 * h, rx=5, fill="#F6EEDC", stroke=_STONE, stroke_width=2
        ), "#F6EEDC"
    if section.kind is SectionKind.WALL_WALK:
        return element(
            "rect",
            x=-w,
            y=-h,
            width=2 * w,
            height=2 * h,
            rx=2,
            fill=_WALK,
            stroke=_WALL,
            stroke_width=2,
            transform=f"rotate({number(placed.angle)})",
        ), _WALK
    if section.kind is SectionKind.STAIRS:
        steps = "".join(
            element("line", x1=-w + 3, y1=-h + 4 + 4 * i, x2=w - 3, y2=-h + 4 + 4 * i, stroke="#6B4E2E", stroke_width=1)
            for i in range(0, int(2 * h / 4) - 1, 2)
        )
        return element(
            "rect", x=-w, y=-h, width=2 * w, height=2 * h, rx=2, fill="#E3C79A", stroke="#6B4E2E", stroke_width=2
        ) + steps, "#E3C79A"
    if section.level == 3:
        # a round tower seen from above, its crenellated parapet as a dashed rim
        return (
            element("circle", r=w + 2, fill=_STONE, stroke=_WALL, stroke_width=4, stroke_dasharray="5 3")
            + element("circle", r=w - 3, fill="#958B7D"),
            "#958B7D",
        )
    # a lower level of a tower, drawn as a square keep room
    return element(
        "rect", x=-w, y=-h, width=2 * w, height=2 * h, fill="#958B7D", stroke=_WALL, stroke_width=3
    ), "#958B7D"


def _section_name(section: Section, labels: Labels) -> str:
    return labels.section_summary % {"section": labels.section(section.kind), "id": section.id, "level": section.level}


def _badge_drop(placed: _Placed) -> float:
    """How far below a section's centre its model counts go: inside a courtyard, which has room, else just under
    the shape, turned as it is."""
    if placed.section.kind is SectionKind.COURTYARD:
        return placed.half_height - 20
    angle = math.radians(placed.angle)
    return abs(placed.half_width * math.sin(angle)) + abs(placed.half_height * math.cos(angle))


def _occupancy_badges(placed: _Placed, counts: tuple[int, int]) -> str:
    """The models on a section, besiegers then besieged, under it; drawn over everything else, as they change."""
    besiegers, besieged = counts
    labels = [(str(n), colour) for n, colour in ((besiegers, _BESIEGER), (besieged, _BESIEGED)) if n > 0]
    widths = [svg.text_width(label, 11.0) + 8 for label, _ in labels]
    x = -(sum(widths) + 3 * (len(labels) - 1)) / 2
    badges = []
    for (label, colour), width in zip(labels, widths, strict=True):
        badges.append(svg.pill(x + width / 2, _badge_drop(placed) + 10, label, fill=colour))
        x += width + 3
    return element(
        "g",
        "".join(badges),
        transform=f"translate({number(placed.x)} {number(placed.y)})",
        class_="occupancy",
        data_section=placed.section.id,
    )


def _section(placed: _Placed, counts: tuple[int, int] | None, labels: Labels) -> str:
    shape, paper = _section_shape(placed)
    label = svg.text(
        0,
        4,
        placed.section.id,
        11.0 if len(placed.section.id) > 3 else 12.0,
        fill=svg.ink(paper),
        text_anchor="middle",
        font_weight="bold",
    )
    summary = _section_name(placed.section, labels)
    if counts is not None:
        summary = labels.occupancy_summary % {"section": summary, "besiegers": counts[0], "besieged": counts[1]}
    return element(
        "g",
        svg.title(summary) + shape + label,
        transform=f"translate({number(placed.x)} {number(placed.y)})",
        class_="section",
        data_section=placed.section.id,
        data_kind=placed.section.kind.value,
    )


def _connections(layout: FortLayout, by_id: Mapping[str, _Placed], labels: Labels) -> tuple[str, str]:
    """The connections as lines (walls as thick bands with a walkway) and their capacity pills, drawn later on top."""
    lines, pills = [], []
    for connection in layout.connections:
        one, other = by_id[connection.a], by_id[connection.b]
        points = {"x1": one.x, "y1": one.y, "x2": other.x, "y2": other.y}
        line = element("line", **points, **_CONNECTION_STYLES[connection.kind])
        if connection.kind is ConnectionKind.WALL:
            line += element("line", **points, stroke=_WALK, stroke_width=5)
        lines.append(
            element(
                "g",
                svg.title(
                    labels.connection_summary
                    % {
                        "connection": labels.connection(connection.kind),
                        "a": connection.a,
                        "b": connection.b,
                        "capacity": connection.capacity,
                    }
                )
                + line,
                class_="connection",
                data_kind=connection.kind.value,
            )
        )
        # halfway across the gap between the two shapes, not between their centres, which may be off-centre
        length = math.hypot(other.x - one.x, other.y - one.y) or 1.0
        along = (_ROOM[one.section.kind] + length - _ROOM[other.section.kind]) / 2 / length
        x, y = one.x + (other.x - one.x) * along, one.y + (other.y - one.y) * along
        pills.append(svg.pill(x, y, str(connection.capacity), fill=svg.LIGHT, class_="capacity"))
    return "".join(lines), "".join(pills)


def _gate_glyph(kind: GateKind) -> str:
    """An arched doorway around (0, 0): wide for the main gate, narrow for a postern."""
    w = 11.0 if kind is GateKind.MAIN_GATE else 7.0
    return element(
        "path",
        d=f"M{-w} 9V-2A{w} {w} 0 0 1 {w} -2V9Z",
        fill="#5A3A1E",
        stroke=svg.LIGHT,
        stroke_width=2,
    ) + element("path", d=f"M{-w / 2} 9V0M0 9V-4M{w / 2} 9V0", stroke="#C9A46A", stroke_width=1.5)


def _gates(
    layout: FortLayout,
    by_id: Mapping[str, _Placed],
    points: Mapping[str, tuple[float, float]],
    centre: tuple[float, float],
    labels: Labels,
) -> tuple[str, str]:
    """The gates, set just outside the wall at their point, with a passage to their courtyard."""
    passages, glyphs = [], []
    for gate in layout.gates:
        courtyard = by_id[gate.section]
        x, y = points[gate.id]
        dx, dy = x - centre[0], y - centre[1]
        length = math.hypot(dx, dy) or 1.0
        x, y = x + 22 * dx / length, y + 22 * dy / length
        name = labels.main_gate if gate.kind is GateKind.MAIN_GATE else labels.postern
        summary = labels.gate_summary % {
            "gate": name,
            "id": gate.id,
            "section": gate.section,
            "capacity": gate.capacity,
        }
        passages.append(
            element(
                "line",
                x1=courtyard.x,
                y1=courtyard.y,
                x2=x,
                y2=y,
                stroke="#5A3A1E",
                stroke_width=5,
                stroke_dasharray="7 3",
            )
        )
        glyphs.append(
            element(
                "g",
                svg.title(summary)
                + _gate_glyph(gate.kind)
                + svg.pill(0, 20, f"{gate.id} {gate.capacity}", fill="#5A3A1E", class_="capacity"),
                transform=f"translate({number(x)} {number(y)})",
                class_="gate",
                data_gate=gate.id,
            )
        )
    return "".join(passages), "".join(glyphs)


def _fort_legend(layout: FortLayout, occupancy: bool, top: float, labels: Labels) -> tuple[str, float]:
    kinds = {(s.kind, s.level if s.kind is SectionKind.TOWER else 0) for s in layout.sections}
    entries = []
    for kind, level in [
        (SectionKind.TOWER, 3),
        (SectionKind.TOWER, 2),
        (SectionKind.WALL_WALK, 0),
        (SectionKind.COURTYARD, 0),
        (SectionKind.STAIRS, 0),
    ]:
        if (kind, level) in kinds:
            sample = Section("", kind, level or min(LEVELS[kind]))
            size = (7.0, 7.0) if kind is not SectionKind.WALL_WALK else (9.0, 5.0)
            shape, _ = _section_shape(_Placed(sample, 0, 0, *size, 0.0))
            label = labels.section(kind)
            if level == 2:
                label = labels.lower_level % {"section": label}
            entries.append(svg.LegendEntry(shape, label))
    for connection_kind in ConnectionKind:
        if connection_kind is not ConnectionKind.WALL and any(c.kind is connection_kind for c in layout.connections):
            line = element("line", x1=-9, y1=0, x2=9, y2=0, **_CONNECTION_STYLES[connection_kind])
            entries.append(svg.LegendEntry(line, labels.connection(connection_kind)))
    if layout.gates:
        entries.append(
            svg.LegendEntry(element("g", _gate_glyph(GateKind.POSTERN), transform="scale(0.9)"), labels.gate)
        )
    entries.append(svg.LegendEntry(svg.pill(0, 0, "6", fill=svg.LIGHT), labels.capacity))
    if occupancy:
        entries.append(svg.LegendEntry(svg.pill(0, 0, "9", fill=_BESIEGER), labels.besiegers))
        entries.append(svg.LegendEntry(svg.pill(0, 0, "9", fill=_BESIEGED), labels.besieged))
    return svg.legend(entries, top)


def fort_svg(
    layout: FortLayout,
    *,
    title: str,
    occupancy: Mapping[str, tuple[int, int]] | None = None,
    labels: Labels = ENGLISH,
) -> str:
    """The fort's diagram: ground inside the walls, walls as thick bands between towers and wall-walks, courtyards,
    stairs and lower tower levels, every connection with its capacity a turn, the gates outside the wall and, with
    ``occupancy`` (section id → (besieger models, besieged models)), the models on each section; the legend and
    the tooltips in the words of ``labels``."""
    if not layout.sections:
        raise ValueError(f"the fort {layout.name!r} has no section to draw")
    unknown = sorted(set(occupancy or {}) - {s.id for s in layout.sections})
    if unknown:
        raise ValueError(f"occupancy names sections the fort does not have: {', '.join(unknown)}")
    positions, gate_points = _fort_positions(layout)
    placed = _place(layout, positions)
    by_id = {p.section.id: p for p in placed}
    ramparts = [(p.x, p.y) for p in placed if p.section.is_rampart and p.section.level == 3]
    hull = _convex_hull(ramparts)
    inside = (
        element("polygon", points=" ".join(f"{number(x)},{number(y)}" for x, y in hull), fill=_GROUND_INSIDE)
        if len(hull) >= 3
        else ""
    )
    lines, pills = _connections(layout, by_id, labels)
    passages, gates = _gates(layout, by_id, gate_points, _centre(positions.values()), labels)
    sections = "".join(
        _section(p, None if occupancy is None else occupancy.get(p.section.id, (0, 0)), labels) for p in placed
    )
    counts = occupancy or {}
    badges = "".join(_occupancy_badges(p, counts[p.section.id]) for p in placed if p.section.id in counts)
    picture_bottom = max([p.y + p.half_height + 30 for p in placed] + [y + 60 for _, y in gate_points.values()])
    background = element("rect", x=0, y=0, width=svg.WIDTH, height=picture_bottom, rx=8, fill=_GROUND_OUTSIDE)
    legend, legend_height = _fort_legend(layout, occupancy is not None, picture_bottom, labels)
    body = background + inside + passages + lines + sections + pills + gates + badges + legend
    return svg.document(picture_bottom + legend_height + 6, title, body)
