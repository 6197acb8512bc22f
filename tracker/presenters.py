"""What the tracker's pages show of a battle state, in the reader's language: the fort as an SVG board, the menu
of what may be played, who stands on a section, the roll log and the victory points."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.siege.fort import ConnectionKind, FortLayout, Section, SectionKind
from rules.siege.gates import gate_statuses
from rules.siege.legal import legal_actions
from rules.siege.state import BattleState, Model, Phase, Side, quota
from rules.siege.structure import DAMAGE_DICE
from rules.siege.victory import victory_points

from .labels import SIDE_LABELS
from .menus import unit_groups
from .models import DiceMode, TrackedBattle
from .selectors import Step, User, campaign_membership, current, log_rows, sides_of, version

ACTION_LABELS: Mapping[str, object] = {
    "buy": gettext_lazy("Buy an engine"),
    "deploy": gettext_lazy("Deploy"),
    "place_braziers": gettext_lazy("Place a brazier of oil"),
    "allocate_ammunition": gettext_lazy("Place stones or a rock"),
    "give_brazier": gettext_lazy("Give a brazier to shooters"),
    "start_mine": gettext_lazy("Start a mine"),
    "pick_up_ladder": gettext_lazy("Pick up a ladder"),
    "drop_ladder": gettext_lazy("Drop a ladder"),
    "carry_ladder": gettext_lazy("Carry a ladder inside"),
    "erect_ladder": gettext_lazy("Raise a ladder"),
    "hoist_ladder": gettext_lazy("Hoist a ladder"),
    "push_back": gettext_lazy("Push a ladder back"),
    "push_over_empty_ladder": gettext_lazy("Push over an empty ladder"),
    "knock_down_ladder": gettext_lazy("Knock a ladder down"),
    "carry_ram": gettext_lazy("Take up a ram"),
    "drop_ram": gettext_lazy("Drop a ram"),
    "bring_ram": gettext_lazy("Bring a ram to a gate"),
    "use_ram": gettext_lazy("Ram the gate"),
    "push_tower": gettext_lazy("Push a siege tower"),
    "disembark": gettext_lazy("Leave the siege tower"),
    "dig": gettext_lazy("Dig the mine"),
    "tunnel": gettext_lazy("Come through the tunnel"),
    "counter_mine": gettext_lazy("Counter-mine"),
    "move": gettext_lazy("Move"),
    "charge": gettext_lazy("Charge"),
    "rally": gettext_lazy("Rally"),
    "flee": gettext_lazy("Flee"),
    "climb_wall": gettext_lazy("Climb the wall"),
    "reinforce_gate": gettext_lazy("Reinforce a gate"),
    "block": gettext_lazy("Block"),
    "end_block": gettext_lazy("Stop blocking"),
    "sortie": gettext_lazy("Sortie"),
    "throw_stones": gettext_lazy("Throw stones"),
    "drop_rock": gettext_lazy("Drop a rock"),
    "pour": gettext_lazy("Pour a brazier"),
    "put_out_fire": gettext_lazy("Put out a fire"),
    "oil_on_fire": gettext_lazy("Oil on a fire"),
    "cast": gettext_lazy("Cast through the walls' protection"),
    "shoot": gettext_lazy("Shoot"),
    "shoot_engine": gettext_lazy("Shoot an engine"),
    "shoot_gate": gettext_lazy("Shoot a gate"),
    "shoot_structure": gettext_lazy("Shoot a wall"),
    "bombard": gettext_lazy("Bombard with a war machine"),
    "fight": gettext_lazy("Fight"),
    "retreat": gettext_lazy("Fall back"),
    "hold": gettext_lazy("Hold"),
    "attack_gate": gettext_lazy("Attack a gate"),
    "fight_blocker": gettext_lazy("Fight the blocker"),
    "take_gate": gettext_lazy("Take the gate"),
    "fight_giant": gettext_lazy("Fight the climbing giant"),
    "spend_heroism": gettext_lazy("Spend a heroism token"),
    "end_phase": gettext_lazy("End the step"),
    "end_turn": gettext_lazy("End the turn"),
}

PHASE_LABELS: Mapping[Phase, object] = {
    Phase.SETUP: gettext_lazy("Set-up"),
    Phase.SAPPERS: gettext_lazy("Sappers"),
    Phase.MOVEMENT: gettext_lazy("Movement"),
    Phase.MAGIC: gettext_lazy("Magic"),
    Phase.SHOOTING: gettext_lazy("Shooting"),
    Phase.CLOSE_COMBAT: gettext_lazy("Close combat"),
    Phase.END: gettext_lazy("End of turn"),
}


_BESIEGER, _BESIEGED = "#b3261e", "#1f5fa8"


def action_label(name: str) -> str:
    return str(ACTION_LABELS.get(name, name.replace("_", " ")))


@dataclass(frozen=True)
class MenuItem:
    """One option of the menu as a form shows it: its place in the engine's menu, its label, the models that may
    act (id, label) and the targets."""

    index: int
    name: str
    label: str
    side: str
    where: str
    actors: tuple[tuple[str, str], ...]
    units: tuple[tuple[int, str, int, int], ...]
    """each unit group: its index, its name, how many of its models may act, and how many are picked at first."""
    targets: tuple[tuple[str, str], ...]
    mine: bool


def menu(state: BattleState, sides: Iterable[Side]) -> list[MenuItem]:
    """The engine's menu (:func:`rules.siege.legal.legal_actions`), labelled; ``mine`` marks the options of the
    sides the reader plays."""
    played = set(sides)
    units = {m.id: m for m in state.models}
    return [
        MenuItem(
            index,
            option.name,
            action_label(option.name),
            str(SIDE_LABELS[option.side]),
            option.where or "",
            tuple((a, _model_label(units.get(a), a)) for a in option.actors)
            if len(option.actors) <= _ONE_BY_ONE
            else (),
            tuple(
                (number, unit, len(ids), len(ids) if len(option.actors) <= _ALL_AT_ONCE else 0)
                for number, (unit, ids) in enumerate(unit_groups(state, option))
            ),
            tuple((t, _target_label(units.get(t), t)) for t in option.targets),
            option.side in played,
        )
        for index, option in enumerate(legal_actions(state))
    ]


_ONE_BY_ONE = 24
"""Up to this many models, an option also lists them one by one; beyond, only how many of each unit."""
_ALL_AT_ONCE = 8
"""Up to this many models, an option picks them all at first; beyond, the player says how many of each unit."""


def _model_label(model: Model | None, fallback: str) -> str:
    return fallback if model is None else f"{model.id} — {model.unit}"


def _target_label(model: Model | None, fallback: str) -> str:
    return fallback if model is None else f"{model.id} — {model.unit} ({model.place})"


@dataclass(frozen=True)
class SectionRow:
    side: str
    unit: str
    models: int
    ids: str
    fleeing: int


def who_is_there(state: BattleState, place: str) -> list[SectionRow]:
    """The units of each side on a section, or at its foot, by unit."""
    rows: dict[tuple[Side, str], list[Model]] = {}
    for model in state.models:
        if str(model.place) == place:
            rows.setdefault((model.side, model.unit), []).append(model)
    return [
        SectionRow(
            str(SIDE_LABELS[side]),
            unit,
            len(models),
            ", ".join(m.id for m in models),
            sum(m.fleeing for m in models),
        )
        for (side, unit), models in sorted(rows.items())
    ]


def places(state: BattleState) -> list[str]:
    """Every place where models stand, sections first in the fort's order."""
    taken = {str(m.place) for m in state.models}
    inside = [s.id for s in state.fort.sections if s.id in taken]
    return inside + sorted(taken - set(inside))


@dataclass(frozen=True)
class RollLine:
    die: str
    result: int
    reason: str
    physical: bool


@dataclass(frozen=True)
class LogLine:
    seq: int
    side: str
    label: str
    text: str
    events: tuple[tuple[str, str], ...]
    rolls: tuple[RollLine, ...]


def _side_label(value: str) -> str:
    return str(SIDE_LABELS[Side(value)])


def log_lines(
    steps: Sequence[Step],
    *,
    label: Callable[[str], str] = _side_label,
    names: Callable[[str], str] = action_label,
) -> list[LogLine]:
    """The log newest first: each action, what happened (with the clause) and each die (what for, its clause);
    ``label`` names a side from its stored value, ``names`` an action from its name."""
    return [
        LogLine(
            step.seq,
            label(step.side),
            names(step.entry.action.name),
            describe(step.entry.action.to_json()),
            tuple((e.clause, e.text) for e in step.events),
            tuple(RollLine(r.die, r.result, r.reason, r.physical) for r in step.entry.rolls),
        )
        for step in reversed(steps)
    ]


def describe(data: Mapping[str, object]) -> str:
    """An action's facts from its JSON form: ``target: b1; distance cm: 15``."""
    shown = []
    for key, value in data.items():
        if key in ("format", "action") or value in (None, [], (), False, ""):
            continue
        text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        shown.append(f"{key.replace('_', ' ')}: {text}")
    return "; ".join(shown)


@dataclass(frozen=True)
class Score:
    category: str
    besieger: int
    besieged: int


def scores(state: BattleState) -> tuple[list[Score], int, int]:
    """The §17 victory points by category and in all, from the engine."""
    points = victory_points(state)
    categories = dict.fromkeys([*points.besieger, *points.besieged])
    rows = [Score(c.replace("_", " "), points.besieger.get(c, 0), points.besieged.get(c, 0)) for c in categories]
    return rows, points.total(Side.BESIEGER), points.total(Side.BESIEGED)


# ---- the board -----------------------------------------------------------------------------------------------------

_PAD = 26.0
_FONT = 3.4


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
    return points


def _outward(point: tuple[float, float], centre: tuple[float, float], distance: float) -> tuple[float, float]:
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    norm = math.hypot(dx, dy) or 1.0
    return (point[0] + distance * dx / norm, point[1] + distance * dy / norm)


def _t(x: float, y: float, text: str, size: float = _FONT, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" '
        f'dominant-baseline="middle"{extra}>{escape(text)}</text>'
    )


def _count_pill(x: float, y: float, count: int, limit: int | None, colour: str) -> str:
    label = f"{count}/{limit}" if limit is not None else str(count)
    width = 2.5 * len(label) + 2.6
    return (
        f'<rect x="{x - width / 2:.1f}" y="{y - 2.8:.1f}" width="{width:.1f}" height="5.6" rx="2.8" fill="{colour}"/>'
        + _t(x, y + 0.2, label, 3.8, fill="#fff", font_weight="bold")
    )


def _shape(section: Section, x: float, y: float, fill: str, stroke: str) -> str:
    sizes = {
        SectionKind.COURTYARD: (24.0, 15.0),
        SectionKind.WALL_WALK: (17.0, 12.0),
        SectionKind.TOWER: (15.0, 15.0),
        SectionKind.STAIRS: (11.0, 9.0),
    }
    w, h = sizes[section.kind]
    radius = "7.5" if section.kind is SectionKind.TOWER and section.level == 3 else "1.2"
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="{radius}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="0.6"/>'
    )


def board_svg(state: BattleState, *, link: str = "", selected: str = "") -> str:
    """The fort as the board: sections with each side's models against the quota (§1.7), damage points and
    breaches (§5.9), gates with their structure points (R4) and rams, ladders, siege towers, fires and the mine;
    each section links to ``link`` + its id to show who is there."""
    fort = state.fort
    points = _positions(fort)
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    left, top = min(xs) - _PAD, min(ys) - _PAD
    width, height = max(xs) - min(xs) + 2 * _PAD, max(ys) - min(ys) + 2 * _PAD + 10
    parts = [f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" fill="#e9e4d4"/>']
    for connection in fort.connections:
        (x1, y1), (x2, y2) = points[connection.a], points[connection.b]
        dash = ' stroke-dasharray="1.5 1"' if connection.kind is not ConnectionKind.WALL else ""
        colour = "#b3261e" if connection.kind is ConnectionKind.BREACH else "#6b6455"
        thick = "3.2" if connection.kind is ConnectionKind.WALL else "0.8"
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="{thick}"{dash}/>'
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
        item = [_shape(section, x, y, fill, stroke), _t(x, y - 2.6, section.id, 4.2, font_weight="bold")]
        if attackers:
            item.append(_count_pill(x, y + 2.6 if not defenders else y + 1.4, attackers, limit, _BESIEGER))
        if defenders:
            item.append(_count_pill(x, y + 2.6 if not attackers else y + 7.2, defenders, limit, _BESIEGED))
        found = works.get(section.id)
        if found is not None and found.collapsed:
            item.append(_t(x, y - 8.6, _("breach"), 3.6, fill="#b3261e", font_weight="bold"))
        elif found is not None and found.damage:
            item.append(_t(x, y - 8.6, _("damage %(points)s") % {"points": found.damage}, 3.4, fill="#7a4a00"))
        if found is not None and (found.braziers or found.stones or found.rocks):
            kit = []
            if found.braziers:
                kit.append(_("braziers %(n)s") % {"n": len(found.braziers)})
            if found.stones or found.rocks:
                kit.append(_("stones %(s)s rocks %(r)s") % {"s": found.stones, "r": found.rocks})
            item.append(_t(x, y + 10.8, " · ".join(kit), 2.9, fill="#444"))
        title = f"<title>{escape(section.id)}: {attackers} / {defenders}</title>"
        href = escape(f"{link}{section.id}")
        parts.append(f'<a href="{href}" class="section" data-section="{escape(section.id)}">{title}{"".join(item)}</a>')
        gate = next((g for g in fort.gates if g.section == section.id and (g.x, g.y) != (0.0, 0.0)), None)
        if section.is_rampart and section.level == 3:
            parts.append(_outside(state, section.id, _outward((x, y), centre, 13.0), counts, link))
        elif gate is not None:
            parts.append(_outside(state, section.id, _outward((gate.x, gate.y), centre, 20.0), counts, link))
    parts.extend(_gates(state, points, centre))
    parts.extend(_engines(state, points, centre))
    field = counts.get(("field:outside", Side.BESIEGER), 0)
    status = [_("field: %(n)s besiegers") % {"n": field}] if field else []
    if state.mine is not None:
        status.append(
            _("mine (%(goal)s): score %(score)s%(done)s")
            % {"goal": state.mine.goal.value, "score": state.mine.score, "done": " ✓" if state.mine.finished else ""}
        )
    for ram in state.rams:
        if ram.gate is None:
            status.append(_("ram %(ram)s: %(n)s carriers") % {"ram": ram.id, "n": len(ram.carriers)})
    parts.append(_t(left + width / 2, top + height - 5, "  ·  ".join(status), 3.4, fill="#333"))
    label = _("The fort, turn %(turn)s") % {"turn": state.turn}
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'role="img" aria-label="{escape(label)}" class="board-svg">{"".join(parts)}</svg>'
    )


def _outside(
    state: BattleState, section: str, at: tuple[float, float], counts: Mapping[tuple[str, Side], int], link: str
) -> str:
    foot = counts.get((f"foot:{section}", Side.BESIEGER), 0)
    if not foot:
        return ""
    x, y = at
    href = escape(f"{link}foot:{section}")
    return f'<a href="{href}" class="foot">{_count_pill(x, y, foot, None, _BESIEGER)}</a>'


def _gates(state: BattleState, points: Mapping[str, tuple[float, float]], centre: tuple[float, float]) -> list[str]:
    whole = {g.id: g.structure_points for g in gate_statuses(state.fort)}
    status = {g.id: g for g in state.gates}
    rams = {r.gate: r for r in state.rams if r.gate is not None}
    fires = {f.target: f for f in state.fires}
    parts = []
    for gate in state.fort.gates:
        own = (gate.x, gate.y) if (gate.x, gate.y) != (0.0, 0.0) else points[gate.section]
        x, y = _outward(own, centre, 5.0)
        found = status.get(gate.id)
        left = found.structure_points if found else 0
        colour = "#5a3d1e" if left > 0 else "#b3261e"
        parts.append(
            f'<rect x="{x - 7:.1f}" y="{y - 3.5:.1f}" width="14" height="7" rx="1" fill="{colour}" stroke="#222" '
            'stroke-width="0.4"/>'
        )
        parts.append(_t(x, y, f"{gate.id} {left}/{whole.get(gate.id, 0)}", 3.6, fill="#fff", font_weight="bold"))
        notes = []
        if left <= 0:
            notes.append(_("down"))
        if found is not None and found.blocker:
            notes.append(_("blocked by %(model)s") % {"model": found.blocker})
        if gate.id in rams:
            notes.append(_("ram %(ram)s") % {"ram": rams[gate.id].id})
        if f"gate:{gate.id}" in fires:
            notes.append("🔥" * fires[f"gate:{gate.id}"].fires)
        if notes:
            parts.append(_t(x, y + 6.8, " · ".join(notes), 3.4, fill="#222"))
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
        fx, fy = _outward((x, y), centre, 12.0)
        dx, dy = fx - x, fy - y
        shift = 12.0 * (offset - 0.5)  # side by side along the wall
        fx, fy = fx - dy / 12.0 * shift, fy + dx / 12.0 * shift
        climbers = sum(1 for m in state.models if str(m.place) == f"ladder:{ladder.id}")
        style = 'stroke="#7a4a00" stroke-width="0.9"' if ladder.raised else 'stroke="#999" stroke-dasharray="1 1"'
        parts.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" {style}/>')
        state_label = _("up") if ladder.raised else _("down")
        lx, ly = _outward((fx, fy), (x, y), 4.5)
        parts.append(_t(lx, ly, f"{ladder.id} {state_label} ({climbers})", 3.0, fill="#7a4a00"))
    fires = {f.target for f in state.fires}
    for tower in state.siege_towers:
        if tower.section is None or tower.section not in points:
            continue
        x, y = _outward(points[tower.section], centre, 18.0)
        fire = " 🔥" if f"siege_tower:{tower.id}" in fires else ""
        inside = sum(1 for m in state.models if str(m.place) == f"siege_tower:{tower.id}")
        parts.append(f'<rect x="{x - 6:.1f}" y="{y - 4:.1f}" width="12" height="8" fill="#8a6a3a"/>')
        parts.append(_t(x, y, f"{tower.id} {tower.structure_points} ({inside}){fire}", 3.0, fill="#fff"))
    return parts


LOG_SHOWN = 40
"""The board shows the log's last actions; the printable report holds it all."""


def board_context(
    tracked: TrackedBattle, user: User, *, section: str = "", message: str = "", ok: str = "", short_log: bool = True
) -> dict:
    """Everything the board partial shows to ``user`` (the last :data:`LOG_SHOWN` actions of the log, or all)."""
    now = current(tracked)
    state = now.state
    sides = sides_of(tracked, user)
    rows, besieger_vp, besieged_vp = scores(state) if state.over else ([], 0, 0)
    shown = section if section in places(state) or state.fort.has_section(section) else ""
    items = menu(state, sides) if not tracked.result_sent else []
    return {
        "tracked": tracked,
        "state": state,
        "seq": now.seq,
        "version": version(tracked),
        "phase": PHASE_LABELS[state.phase],
        "active": SIDE_LABELS[state.active],
        "sides": [SIDE_LABELS[s] for s in sorted(sides)],
        "plays": bool(sides),
        "svg": mark_safe(board_svg(state, link="?section=", selected=shown)),
        "section": shown,
        "who": who_is_there(state, shown) if shown else [],
        "places": places(state),
        "mine": [i for i in items if i.mine],
        "theirs": [i for i in items if not i.mine],
        "log": log_lines(now.steps[-LOG_SHOWN:] if short_log else now.steps),
        "may_undo": bool(sides) and bool(now.steps) and not tracked.result_sent,
        "may_ask_chances": bool(sides) and not tracked.result_sent,
        "physical": tracked.dice == DiceMode.PHYSICAL,
        "scores": rows,
        "besieger_vp": besieger_vp,
        "besieged_vp": besieged_vp,
        "message": message,
        "ok": ok,
        **result_flags(tracked, user, sides, finished=state.over),
        "damages": tuple(DAMAGE_DICE),
    }


def result_flags(tracked: TrackedBattle, user: User, sides: frozenset[object], *, finished: bool) -> dict[str, object]:
    """Whether ``user`` may send a ``finished`` battle's result to its campaign, or confirm the result sent."""
    membership = campaign_membership(tracked, user)
    battle = tracked.campaign_battle
    return {
        "may_send": finished
        and battle is not None
        and membership is not None
        and not battle.played
        and not tracked.result_sent
        and (membership.is_organiser or bool(sides)),
        "may_confirm": battle is not None
        and membership is not None
        and battle.proposed_result is not None
        and not battle.played
        and battle.proposed_by_id != membership.pk
        and (membership.is_organiser or membership.pk in (battle.attacker_id, battle.defender_id)),
        "campaign_battle": battle,
    }


def export(tracked: TrackedBattle) -> dict:
    """The whole battle as JSON: the engine's battle (set-up, seed, the actions standing with their dice), every
    entry of the stored log with undos, and the state reached."""
    now = current(tracked)
    return {
        "name": tracked.name,
        "dice": tracked.dice,
        "besieger": tracked.besieger.get_username(),
        "besieged": tracked.besieged.get_username(),
        "battle": now.battle.to_json(),
        "log": [
            {"seq": r.seq, "kind": r.kind, "side": r.side, "undoes": r.undoes, "entry": r.entry, "at": r.at.isoformat()}
            for r in reversed(log_rows(tracked))
        ],
        "state": now.state.to_json(),
    }
