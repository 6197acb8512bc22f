"""The fort as the tracker's board: an SVG of the sections with each side's models against the quota (§1.7), damage
and breaches (§5.9), gates, ladders, rams, siege towers, fires and the mine."""

from __future__ import annotations

import math
from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.siege.board.fort import ConnectionKind, FortLayout, Section, SectionKind
from rules.siege.board.state import BattleState, Side, quota
from rules.siege.chapters.gates import gate_statuses
from wording.siege import SiegeNames

from .belfry import belfry_parts
from .svg import BESIEGED_COLOUR, BESIEGER_COLOUR, LABEL, at, count_pill, element, escape, outward, svg_text, untangle

__all__ = ["board_svg"]

_PAD = 30.0
_BELFRY_PAD = 20.0
"""Room around the fort for a belfry drawn beside its wall."""


def _positions(fort: FortLayout) -> dict[str, tuple[float, float]]:
    """Each section's point on the board: the layout's own, a tower's lower level drawn inwards of its roof, and a
    ring when the layout has no drawing points."""
    points = {s.id: (s.x, s.y) for s in fort.sections}
    if len(set(points.values())) <= 1:
        count = len(fort.sections)
        points = {
            s.id: (50 + 45 * math.cos(2 * math.pi * i / count), 50 + 45 * math.sin(2 * math.pi * i / count))
            for i, s in enumerate(fort.sections)
        }
    cx = sum(x for x, _ in points.values()) / len(points)
    cy = sum(y for _, y in points.values()) / len(points)
    for section in fort.sections:
        if section.kind is SectionKind.TOWER and section.level == 2:
            x, y = points[section.id]
            dx, dy = cx - x, cy - y
            norm = math.hypot(dx, dy) or 1.0
            points[section.id] = (x + 16 * dx / norm, y + 16 * dy / norm)
    return _apart(fort, points)


_SIZES = {
    SectionKind.COURTYARD: (24.0, 15.0),
    SectionKind.WALL_WALK: (17.0, 12.0),
    SectionKind.TOWER: (15.0, 15.0),
    SectionKind.STAIRS: (11.0, 9.0),
}
"""Each kind of section's shape on the board, its width and height."""
_GAP = 1.0


def _apart(fort: FortLayout, points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The small shapes (stairs) moved off the sections they would cover, a step at a time away from them, so that
    no section hides another's name or count."""
    kinds = {s.id: s.kind for s in fort.sections}

    def overlapping(one: str, at: tuple[float, float]) -> list[str]:
        w, h = _SIZES[kinds[one]]
        return [
            other
            for other, (ox, oy) in points.items()
            if other != one
            and abs(at[0] - ox) < (w + _SIZES[kinds[other]][0]) / 2 + _GAP
            and abs(at[1] - oy) < (h + _SIZES[kinds[other]][1]) / 2 + _GAP
        ]

    for section in fort.sections:
        if section.kind is not SectionKind.STAIRS:
            continue
        x, y = points[section.id]
        for _step in range(40):
            near = overlapping(section.id, (x, y))
            if not near:
                break
            ox = sum(points[n][0] for n in near) / len(near)
            oy = sum(points[n][1] for n in near) / len(near)
            dx, dy = x - ox, y - oy
            if math.hypot(dx, dy) < 1e-6:  # midway between two: aside, across the line joining them
                (ax, ay), (bx, by) = points[near[0]], points[near[-1]]
                dx, dy = (ay - by, bx - ax) if near[0] != near[-1] else (0.0, 1.0)
            norm = math.hypot(dx, dy) or 1.0
            x, y = x + dx / norm, y + dy / norm
        points[section.id] = (x, y)
    return points


def _shape(section: Section, x: float, y: float, fill: str, stroke: str) -> str:
    w, h = _SIZES[section.kind]
    radius = "7.5" if section.kind is SectionKind.TOWER and section.level == 3 else "1.2"
    return element(
        "rect",
        x=at(x - w / 2),
        y=at(y - h / 2),
        width=str(w),
        height=str(h),
        rx=radius,
        fill=fill,
        stroke=stroke,
        stroke_width="0.6",
    )


def board_svg(state: BattleState, *, link: str = "", selected: str = "") -> str:
    """The fort as the board: sections with each side's models against the quota (§1.7), damage points and
    breaches (§5.9), gates with their structure points (R4) and rams, ladders, siege towers and belfries (001), fires
    and the mine;
    each section links to ``link`` + its id to show who is there."""
    fort = state.fort
    points = _positions(fort)
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    pad = _PAD + (_BELFRY_PAD if state.belfries else 0.0)
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 10
    parts = [element("rect", x=at(left), y=at(top), width=at(width), height=at(height), fill="#e9e4d4")]
    for connection in fort.connections:
        (x1, y1), (x2, y2) = points[connection.a], points[connection.b]
        dash = "1.5 1" if connection.kind is not ConnectionKind.WALL else None
        colour = "#b3261e" if connection.kind is ConnectionKind.BREACH else "#6b6455"
        thick = "3.2" if connection.kind is ConnectionKind.WALL else "0.8"
        parts.append(
            element(
                "line",
                x1=at(x1),
                y1=at(y1),
                x2=at(x2),
                y2=at(y2),
                stroke=colour,
                stroke_width=thick,
                stroke_dasharray=dash,
            )
        )
    counts: dict[tuple[str, Side], int] = {}
    for model in state.models:
        key = (str(model.place), model.side)
        counts[key] = counts.get(key, 0) + model.profile.ratio
    works = {w.section: w for w in state.works}
    for section in fort.sections:
        x, y = points[section.id]
        attackers = counts.get((section.id, Side.BESIEGER), 0)
        defenders = counts.get((section.id, Side.BESIEGED), 0)
        fill = "#f4f0e6"
        if attackers and defenders:
            fill = "#e3c7e8"
        elif attackers:
            fill = "#f2cfcb"
        elif defenders:
            fill = "#cfdcf2"
        stroke = "#111" if section.id == selected else "#6b6455"
        limit = quota(section.kind)
        # a stair is small and squeezed between its sections: its name gives way to their counts
        name = LABEL if section.kind is SectionKind.STAIRS else {}
        item = [_shape(section, x, y, fill, stroke), svg_text(x, y - 2.6, section.id, 4.2, font_weight="bold", **name)]
        if attackers:
            item.append(count_pill(x, y + 2.6, attackers, limit, BESIEGER_COLOUR))
        if defenders:
            item.append(count_pill(x, y + 2.6 if not attackers else y + 8.4, defenders, limit, BESIEGED_COLOUR))
        found = works.get(section.id)
        if found is not None and found.collapsed:
            item.append(svg_text(x, y - 8.6, _("breach"), 3.6, fill="#b3261e", font_weight="bold", **LABEL))
        elif found is not None and found.damage:
            item.append(
                svg_text(x, y - 8.6, _("damage %(points)s") % {"points": found.damage}, 3.4, fill="#7a4a00", **LABEL)
            )
        if found is not None and (found.braziers or found.stones or found.rocks):
            kit = []
            if found.braziers:
                kit.append(_("braziers %(n)s") % {"n": len(found.braziers)})
            if found.stones or found.rocks:
                kit.append(_("stones %(s)s rocks %(r)s") % {"s": found.stones, "r": found.rocks})
            item.append(svg_text(x, y + 10.8, " · ".join(kit), 2.9, fill="#444", **LABEL))
        title = element("title", escape(f"{section.id}: {attackers} / {defenders}"))
        parts.append(
            element("a", title + "".join(item), href=f"{link}{section.id}", class_="section", data_section=section.id)
        )
        gate = next((g for g in fort.gates if g.section == section.id and (g.x, g.y) != (0.0, 0.0)), None)
        if section.is_rampart and section.level == 3:
            parts.append(_outside(state, section.id, outward((x, y), centre, 13.0), counts, link))
        elif gate is not None:
            parts.append(_outside(state, section.id, outward((gate.x, gate.y), centre, 20.0), counts, link))
    parts.extend(_gates(state, points, centre))
    parts.extend(_engines(state, points, centre))
    parts.extend(belfry_parts(state, points, centre, link, selected))
    field = counts.get(("field:outside", Side.BESIEGER), 0)
    status = [_("field: %(n)s besiegers") % {"n": field}] if field else []
    if state.mine is not None:
        status.append(
            _("mine (%(goal)s): score %(score)s%(done)s")
            % {
                "goal": str(MINE_GOALS.get(state.mine.goal.value, state.mine.goal.value)),
                "score": state.mine.score,
                "done": " ✓" if state.mine.finished else "",
            }
        )
    for ram in state.rams:
        if ram.gate is None:
            status.append(_("ram %(ram)s: %(n)s carriers") % {"ram": ram.id, "n": len(ram.carriers)})
    parts.append(svg_text(left + width / 2, top + height - 5, "  ·  ".join(status), 3.4, fill="#333"))
    label = _("The fort, turn %(turn)s") % {"turn": state.turn}
    return untangle(
        element(
            "svg",
            "".join(parts),
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"{at(left)} {at(top)} {at(width)} {at(height)}",
            role="img",
            aria_label=label,
            class_="board-svg",
        )
    )


MINE_GOALS = {"foundations": gettext_lazy("the foundations"), "tunnel": gettext_lazy("a tunnel")}
"""What a mine digs towards (§10.3)."""


def _outside(
    state: BattleState, section: str, at: tuple[float, float], counts: Mapping[tuple[str, Side], int], link: str
) -> str:
    foot = counts.get((f"foot:{section}", Side.BESIEGER), 0)
    if not foot:
        return ""
    x, y = at
    return element("a", count_pill(x, y, foot, None, BESIEGER_COLOUR), href=f"{link}foot:{section}", class_="foot")


def _gates(state: BattleState, points: Mapping[str, tuple[float, float]], centre: tuple[float, float]) -> list[str]:
    whole = {g.id: g.structure_points for g in gate_statuses(state.fort)}
    status = {g.id: g for g in state.gates}
    rams = {r.gate: r for r in state.rams if r.gate is not None}
    fires = {f.target: f for f in state.fires}
    parts = []
    for gate in state.fort.gates:
        own = (gate.x, gate.y) if (gate.x, gate.y) != (0.0, 0.0) else points[gate.section]
        x, y = outward(own, centre, 5.0)
        found = status.get(gate.id)
        left = found.structure_points if found else 0
        colour = "#5a3d1e" if left > 0 else "#b3261e"
        parts.append(
            element(
                "rect",
                x=at(x - 7),
                y=at(y - 3.5),
                width="14",
                height="7",
                rx="1",
                fill=colour,
                stroke="#222",
                stroke_width="0.4",
            )
        )
        parts.append(svg_text(x, y, f"{gate.id} {left}/{whole.get(gate.id, 0)}", 3.6, fill="#fff", font_weight="bold"))
        notes = []
        if left <= 0:
            notes.append(_("down"))
        if found is not None and found.blocker:
            notes.append(_("blocked by %(model)s") % {"model": SiegeNames.of(state).model(found.blocker)})
        if gate.id in rams:
            notes.append(_("ram %(ram)s") % {"ram": rams[gate.id].id})
        if f"gate:{gate.id}" in fires:
            notes.append("🔥" * fires[f"gate:{gate.id}"].fires)
        if notes:
            parts.append(svg_text(x, y + 6.8, " · ".join(notes), 3.4, fill="#222", **LABEL))
    return parts


def _engines(state: BattleState, points: Mapping[str, tuple[float, float]], centre: tuple[float, float]) -> list[str]:
    parts = []
    by_section: dict[str, int] = {}
    for ladder in state.ladders:
        if ladder.section not in points:
            continue
        offset = by_section.get(ladder.section, 0)
        by_section[ladder.section] = offset + 1
        x, y = points[ladder.section]
        fx, fy = outward((x, y), centre, 12.0)
        dx, dy = fx - x, fy - y
        shift = 12.0 * (offset - 0.5)  # side by side along the wall
        fx, fy = fx - dy / 12.0 * shift, fy + dx / 12.0 * shift
        climbers = sum(1 for m in state.models if str(m.place) == f"ladder:{ladder.id}")
        style = (
            {"stroke": "#7a4a00", "stroke_width": "0.9"}
            if ladder.raised
            else {"stroke": "#999", "stroke_dasharray": "1 1"}
        )
        parts.append(element("line", x1=at(x), y1=at(y), x2=at(fx), y2=at(fy), **style))
        state_label = _("up") if ladder.raised else _("down")
        lx, ly = outward((fx, fy), (x, y), 4.5)
        parts.append(svg_text(lx, ly, f"{ladder.id} {state_label} ({climbers})", 3.0, fill="#7a4a00", **LABEL))
    fires = {f.target for f in state.fires}
    for tower in state.siege_towers:
        if tower.section is None or tower.section not in points:
            continue
        x, y = outward(points[tower.section], centre, 24.0)  # beyond the count of the models at the foot
        fire = " 🔥" if f"siege_tower:{tower.id}" in fires else ""
        inside = sum(1 for m in state.models if str(m.place) == f"siege_tower:{tower.id}")
        parts.append(element("rect", x=at(x - 6), y=at(y - 4), width="12", height="8", fill="#8a6a3a"))
        parts.append(svg_text(x, y, f"{tower.id} {tower.structure_points} ({inside}){fire}", 3.0, fill="#fff"))
    return parts
