"""What the tracker's pages show of a battle state, in the reader's language: the fort as an SVG board, the menu
of what may be played, who stands on a section, the roll log and the victory points."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.contract import Event, IllegalAction
from rules.dice import Dice
from rules.siege.actions import Action, Deploy, Fight
from rules.siege.board.engines import Liquid
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, Model, Phase, Side
from rules.siege.chapters.costs import BRAZIER_ITEMS, BRAZIER_LIQUIDS
from rules.siege.chapters.fire import may_shoot_flaming
from rules.siege.chapters.structure import DAMAGE_DICE
from rules.siege.chapters.victory import victory_points
from rules.siege.game import apply
from rules.siege.menus.legal import Option, choose, menu_options
from wording.siege import SiegeNames, deeds
from wording.siege import event_text as siege_event_text
from wording.siege import game as siege_game_words
from wording.siege import roll_reason as siege_roll_reason

from ..chosen_actions import UNIT_TARGETS, liquids_at
from ..engines import engine_of
from ..labels import SIDE_LABELS
from ..labels.siege import (
    BARE_BRAZIER,
    ENGINE_WORDS,
    LIQUID_LABELS,
    NUMBER_LABELS,
    OBLIGATION_LABELS,
    SECOND_ROUND,
    SETUP_TURN_LABELS,
    TARGET_WORDS,
)
from ..menu_items import MenuItem, action_namer
from ..menus import unit_groups
from ..models import DiceMode, TrackedBattle
from ..selectors import (
    Current,
    Step,
    User,
    campaign_membership,
    current,
    log_rows,
    sides_of,
    solo_results_count,
    version,
)
from .belfry import belfry_places, belfry_rows
from .board import board_svg

ACTION_LABELS: Mapping[str, object] = deeds.LABELS


def obligations(state: BattleState) -> list[str]:
    """What the rules make a side settle before play goes on, each with its clause: the step does not end before."""
    names = SiegeNames.of(state)
    return [
        f"{str(OBLIGATION_LABELS.get(o.what, o.what.replace('_', ' '))) % {'where': names.place(o.where)}} ({o.clause})"
        for o in pending(state)
    ]


action_label = action_namer(ACTION_LABELS)


def menu(state: BattleState, sides: Iterable[Side], *, physical: bool = False) -> list[MenuItem]:
    """The engine's menu (:func:`rules.siege.menus.legal.menu_options`), labelled; ``mine`` marks the options of the
    sides the reader plays; ``physical``: with the dice each option rolls, for dice typed at the table."""
    played = set(sides)
    units = {m.id: m for m in state.models}
    names = SiegeNames.of(state)
    return [
        MenuItem(
            index,
            option.name,
            _option_label(state, option),
            str(SIDE_LABELS[option.side]),
            option.side in played,
            where=option.where or "",
            where_label=_where_label(state, option.where or "", names),
            actors=tuple((a, names.model(a)) for a in option.actors) if len(option.actors) <= _ONE_BY_ONE else (),
            least=option.least,
            most=option.most,
            units=_units(state, option),
            targets=unit_targets(state, option, names)
            if option.name in UNIT_TARGETS
            else tuple((t, _target_label(units.get(t), t, names)) for t in option.targets),
            numbers=tuple(
                (name, str(NUMBER_LABELS.get(name, name)), least, most) for name, least, most in option.numbers
            ),
            liquids=tuple((str(x), str(LIQUID_LABELS[x])) for x in _liquids(state, option)),
            flaming=_flaming(state, option),
            pairs=_pairs(state, option, units),
            dice=dice_needed(state, option, names) if physical and option.side in played else None,
        )
        for index, option in enumerate(menu_options(state))
    ]


def dice_needed(state: BattleState, option: Option, names: SiegeNames) -> str:
    """The dice ``option`` rolls as its default action would roll them, for a player who rolls at the table: each
    run of one die for one reason, the first with its count (« 8 D6: to hit »), the next ones as they follow from
    it; ``""`` when it rolls none."""
    try:
        rolled = apply(state, choose(state, option, *option.default()), Dice(seed=0)).rolls
    except (IllegalAction, ValueError):
        return _("the dice the rules ask for")
    runs: list[tuple[str, str, int]] = []
    for roll in rolled:
        why, _clause = siege_roll_reason(names, roll.reason)
        if runs and runs[-1][:2] == (roll.die, why):
            runs[-1] = (roll.die, why, runs[-1][2] + 1)
        else:
            runs.append((roll.die, why, 1))
    if not runs:
        return ""
    (die, why, count), *rest = runs
    first = _("%(count)s %(die)s: %(why)s") % {"count": count, "die": die, "why": why}
    then = [_("then %(die)s: %(why)s") % {"die": d, "why": w} for d, w, _n in rest[:3]]
    return "; ".join([first, *then]) + ("…" if len(rest) > 3 else "")


def _pairs(state: BattleState, option: Option, units: Mapping[str, Model]) -> tuple[tuple[str, str, str], ...]:
    """A fight's strikers, each with the enemy the engine's plainest pairs give it (§3.2.1), ``""`` for none."""
    if option.name != "fight":
        return ()
    chosen = choose(state, option, *option.default())
    engaged = dict(chosen.pairs) if isinstance(chosen, Fight) else {}
    names = SiegeNames.of(state)
    return tuple((a, names.model(a), engaged.get(a, "")) for a in option.actors)


def _option_label(state: BattleState, option: Option) -> str:
    if option.name == "fight" and option.where in state.turn_log.fought:
        return str(SECOND_ROUND)
    if option.name == "place_braziers" and option.where == BRAZIER_ITEMS[None]:
        return str(BARE_BRAZIER)
    return action_label(option.name)


_VOLLEYS = frozenset({"shoot", "shoot_engine", "shoot_gate"})
"""The volleys that may be of flaming missiles (§9.2); not at a wall, which does not burn (§5.7)."""


def _flaming(state: BattleState, option: Option) -> bool:
    """Whether the form offers flaming missiles: some of the option's shooters may shoot them (§9.1)."""
    if option.name not in _VOLLEYS:
        return False
    by_id = state.by_id
    return any(may_shoot_flaming(state, by_id[m]) for m in option.actors if m in by_id)


def _liquids(state: BattleState, option: Option) -> tuple[Liquid, ...]:
    """The liquid a brazier is placed with, the one it was bought with (the option's item, §8.2.1, §14.2), or those
    the section's braziers hold to pour (§8.2.2)."""
    if option.name == "place_braziers":
        liquid = BRAZIER_LIQUIDS.get(option.where or "")
        return () if liquid is None else (liquid,)
    if option.name == "pour" and option.where:
        return liquids_at(state, option.where)
    return ()


def _units(state: BattleState, option: Option) -> tuple[tuple[int, str, int, int], ...]:
    """Each unit group of ``option`` with how many of its models may act and how many the engine's default picks
    (:meth:`rules.siege.board.options.Option.default`)."""
    picked = set(option.default()[0])
    return tuple(
        (number, unit, len(ids), sum(1 for x in ids if x in picked))
        for number, (unit, ids) in enumerate(unit_groups(state, option))
    )


_ONE_BY_ONE = 24
"""Up to this many models, an option also lists them one by one; beyond, only how many of each unit."""


def unit_targets(state: BattleState, option: Option, names: SiegeNames) -> tuple[tuple[str, str], ...]:
    """A volley's targets by unit and place (§5: a unit shoots at a unit), each the ids of its models joined by
    commas with its name: « 8 Boyz orques (au pied de W3) »."""
    groups: dict[tuple[str, str], list[str]] = {}
    by_id = state.by_id
    for target in option.targets:
        model = by_id.get(target)
        key = (model.unit, str(model.place)) if model is not None else (target, "")
        groups.setdefault(key, []).append(target)
    return tuple(
        (",".join(ids), f"{names.models(tuple(ids))} ({names.place(place)})" if place else names.models(tuple(ids)))
        for (_unit, place), ids in groups.items()
    )


def _target_label(model: Model | None, fallback: str, names: SiegeNames) -> str:
    if model is None:
        return str(TARGET_WORDS.get(fallback) or deeds.ITEMS.get(fallback) or _where_label_of(fallback, names))
    return f"{names.model(model.id)} ({names.place(str(model.place))})"


def _where_label_of(target: str, names: SiegeNames) -> str:
    """A target that is a place or an engine, as the diagram names it; a section's id as it is."""
    kind, _colon, ref = target.partition(":")
    if kind in ENGINE_WORDS and not (kind == "belfry" and "." in ref):  # a belfry's level is a place
        return str(ENGINE_WORDS[kind]) % {"ref": ref}
    return names.place(target) if ref else target


def _where_label(state: BattleState, where: str, names: SiegeNames) -> str:
    """Where an option acts as the reader names it: a place as the fort shows it, a purchase in words, or an
    engine's id as the diagram writes it (L1, R1, G1)."""
    if where in deeds.ITEMS:
        return str(deeds.ITEMS[where])
    kind, _colon, ref = where.partition(":")
    if kind in ENGINE_WORDS and not (kind == "belfry" and "." in ref):
        return str(ENGINE_WORDS[kind]) % {"ref": ref}
    if ref or state.fort.has_section(where):
        return names.place(where)
    return where


@dataclass(frozen=True)
class SectionRow:
    side: str
    unit: str
    models: int
    ids: str
    fleeing: int


def who_is_there(state: BattleState, place: str) -> list[SectionRow]:
    """The units of each side on a section, or at its foot, by unit."""
    names = SiegeNames.of(state)
    rows: dict[tuple[Side, str], list[Model]] = {}
    for model in state.models:
        if str(model.place) == place:
            rows.setdefault((model.side, model.unit), []).append(model)
    return [
        SectionRow(
            str(SIDE_LABELS[side]),
            unit,
            len(models),
            ", ".join(names.model(m.id) for m in models) if len(models) > 1 else "",
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
    """One deed of the log: the action's label, what it did in the reader's words (``text``), and beneath it what
    happened (each event with its clause) and its dice."""

    seq: int
    side: str
    label: str
    text: str
    events: tuple[tuple[str, str], ...]
    rolls: tuple[RollLine, ...]
    by_app: bool = False
    """Whether the app played it, playing its side of a solo battle."""


def _side_label(value: str) -> str:
    return str(SIDE_LABELS[Side(value)])


Deed = Callable[[Step], str]
"""What an action of the log did, in the reader's words."""


def log_lines(
    steps: Sequence[Step],
    said: Callable[[Event], str],
    why: Callable[[str], tuple[str, str]],
    *,
    label: Callable[[str], str] = _side_label,
    names: Callable[[str], str] = action_label,
    deed: Deed | None = None,
) -> list[LogLine]:
    """The log newest first, one line a deed: what each action did (by ``deed``, else its facts), what happened
    (each event with its clause, in the reader's words by ``said``; the action's own event left out where ``deed``
    words it) and each die (what for and its clause, by ``why``); ``label`` names a side from its stored value,
    ``names`` an action from its name."""
    return [
        LogLine(
            step.seq,
            label(step.side),
            names(step.entry.action.name),
            deed(step) if deed is not None else describe(step.entry.action.to_json()),
            tuple((e.clause, said(e)) for e in step.events if deed is None or e.kind != step.entry.action.name),
            tuple(
                RollLine(r.die, r.result, " ".join(filter(None, why(r.reason)[::-1])), r.physical)
                for r in step.entry.rolls
            ),
            step.by_app,
        )
        for step in reversed(steps)
    ]


def grouped(steps: Sequence[Step]) -> list[Step]:
    """The steps of the log with each run of deployments of one side to one place as one step (the models of a
    unit are deployed one action each, §16): the last one's, its models all named."""
    found: list[Step] = []
    for step in steps:
        action = step.entry.action
        last = found[-1] if found else None
        if (
            isinstance(action, Deploy)
            and last is not None
            and last.side == step.side
            and isinstance(last.entry.action, DeployGroup | Deploy)
            and last.entry.action.to == action.to
        ):
            before = last.entry.action
            models = (*before.models, action.model) if isinstance(before, DeployGroup) else (before.model, action.model)
            entry = replace(step.entry, action=DeployGroup(models, action.to))
            events = tuple(e for e in (*last.events, *step.events) if e.kind != action.name)  # each model's own
            found[-1] = Step(step.seq, step.side, entry, events)
        else:
            found.append(step)
    return found


@dataclass(frozen=True)
class DeployGroup:
    """Several models deployed to one place, one action each, as the log shows them (§16)."""

    models: tuple[str, ...]
    to: str
    name: str = "deploy_group"

    def to_json(self) -> dict[str, object]:
        return {"action": self.name, "models": list(self.models), "to": self.to}


def siege_deed(names: SiegeNames) -> Deed:
    """A siege action's deed in the reader's words (:mod:`wording.siege.deeds`)."""

    def said(step: Step) -> str:
        action = step.entry.action
        if isinstance(action, DeployGroup):
            return str(DEPLOYED) % {"models": names.models(action.models), "to": names.place(action.to)}
        return deeds.deed(action, names, action_label(action.name))

    return said


DEPLOYED = gettext_lazy("%(models)s deploy %(to)s")


def _event_text(names: SiegeNames, event: Event) -> str:
    """An event in the reader's words: its code and facts worded, or a sentence the engine still writes as it is."""
    return event.text or siege_event_text(names, event)


def log_html(log: Sequence[LogLine]) -> SafeString:
    """The roll log's items as the board shows them (``tracker/_roll_log.html``): written here rather than by the
    template language, which took a third of an action's rendering for the last :data:`LOG_SHOWN` actions."""
    return mark_safe("".join(map(_log_item, log)))  # each value escaped by _log_item


def _log_item(line: LogLine) -> str:
    """A deed on one line, its first event after it; the other events and the dice folded beneath."""
    first, *rest = line.events or (("", ""),)
    head = escape(capfirst(line.text or line.label))
    outcome = f" — {escape(first[1])}" if first[1] else ""
    events = "".join(
        f'<div class="event"><span class="clause">{escape(clause)}</span> {escape(said)}</div>'
        for clause, said in ([first] if first[1] else []) + rest
    )
    rolls = "".join(
        f'<div class="roll"><span class="die">{escape(r.die)} : {r.result}</span>'
        f"{' <small>✋</small>' if r.physical else ''} <small>{escape(r.reason)}</small></div>"
        for r in line.rolls
    )
    more = ""
    if events or rolls:
        summary = escape(
            ngettext("Details (%(n)s die)", "Details (%(n)s dice)", len(line.rolls)) % {"n": len(line.rolls)}
            if line.rolls
            else _("Details")
        )
        more = f'\n  <details class="deed"><summary>{summary}</summary>{events}{rolls}</details>'
    if line.by_app:
        side = escape(_("%(side)s, played by the app") % {"side": line.side})
        return f'<li class="by-app"><strong>{head}</strong> <span class="muted">({side})</span>{outcome}{more}</li>\n'
    return f'<li><strong>{head}</strong> <span class="muted">({escape(line.side)})</span>{outcome}{more}</li>\n'


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
    rows = [
        Score(str(deeds.VICTORY_ROWS.get(c, c)), points.besieger.get(c, 0), points.besieged.get(c, 0))
        for c in categories
    ]
    return rows, points.total(Side.BESIEGER), points.total(Side.BESIEGED)


LOG_SHOWN = 40
"""The board shows the log's last actions; the printable report holds it all."""


def board_context(
    tracked: TrackedBattle, user: User, *, section: str = "", message: str = "", ok: str = "", short_log: bool = True
) -> dict:
    """Everything the board partial shows to ``user`` (the last :data:`LOG_SHOWN` actions of the log, or all)."""
    now = current(tracked)
    state = now.state
    names = SiegeNames.of(state)
    sides = sides_of(tracked, user)
    rows, besieger_vp, besieged_vp = scores(state) if state.over else ([], 0, 0)
    shown = (
        section
        if section in places(state) or state.fort.has_section(section) or section in belfry_places(state)
        else ""
    )
    items = menu(state, sides, physical=tracked.dice == DiceMode.PHYSICAL) if not tracked.result_sent else []
    log = log_lines(
        grouped(now.steps[-LOG_SHOWN:] if short_log else now.steps),
        partial(_event_text, names),
        partial(siege_roll_reason, names),
        deed=siege_deed(names),
    )
    shared = shared_board_context(tracked, user, now, sides, items, log, finished=state.over, message=message, ok=ok)
    return {
        **shared,
        "phase": SETUP_TURN_LABELS[state.setup_turn]
        if state.phase is Phase.SETUP
        else capfirst(siege_game_words.STEPS[state.phase]),
        "active": SIDE_LABELS[state.active],
        "sides": [SIDE_LABELS[s] for s in sorted(sides)],
        "svg": mark_safe(board_svg(state, link="?section=", selected=shown)),
        "section": shown,
        "who": who_is_there(state, shown) if shown else [],
        "belfries": belfry_rows(state),
        "places": [(p, names.place(p)) for p in places(state)],
        "section_label": names.place(shown) if shown else "",
        "may_ask_chances": bool(sides) and not tracked.result_sent,
        "scores": rows,
        "besieger_vp": besieger_vp,
        "besieged_vp": besieged_vp,
        "damages": tuple(DAMAGE_DICE),
        "obligations": obligations(state),
    }


def shared_board_context(
    tracked: TrackedBattle,
    user: User,
    now: Current,
    sides: frozenset[object],
    items: Sequence[MenuItem],
    log: list[LogLine],
    *,
    finished: bool,
    message: str,
    ok: str,
) -> dict[str, object]:
    """What every rule system's board shows alike: the battle, its state as ``now``, the menu ``items`` split into
    ``user``'s and the other side's, the ``log``, the undo, the dice mode, the last message and the result buttons
    (``finished``: the result may be sent), and whether the page asks the app to play its side."""
    engine = engine_of(tracked.rule_system)
    return {
        "tracked": tracked,
        "state": now.state,
        "seq": now.seq,
        "version": version(tracked),
        "plays": bool(sides),
        "mine": [i for i in items if i.mine],
        "theirs": [i for i in items if not i.mine],
        "log": log,
        "log_html": log_html(log),
        "may_undo": bool(sides) and bool(now.steps) and not tracked.result_sent,
        "physical": tracked.dice == DiceMode.PHYSICAL,
        "message": message,
        "ok": ok,
        "app_side": engine.label(engine.side(tracked.app_side)) if tracked.app_side else "",
        "app_plays": bool(tracked.app_side) and bool(sides) and not now.state.over and not tracked.result_sent,
        **result_flags(tracked, user, sides, finished=finished),
    }


def result_flags(tracked: TrackedBattle, user: User, sides: frozenset[object], *, finished: bool) -> dict[str, object]:
    """Whether ``user`` may send a ``finished`` battle's result to its campaign, or confirm the result sent."""
    membership = campaign_membership(tracked, user)
    battle = tracked.campaign_battle
    solo_refused = bool(tracked.app_side) and battle is not None and not solo_results_count(battle.campaign)
    return {
        "solo_refused": solo_refused and finished and not tracked.result_sent,
        "may_send": finished
        and not solo_refused
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


APP_AUTHOR = "app"
"""The author of the app's entries in the exported log (:func:`export`), the players' being their logins."""


def export(tracked: TrackedBattle) -> dict:
    """The whole battle as JSON: the engine's battle (set-up, seed, the actions standing with their dice), every
    entry of the stored log with undos, and the state reached."""
    now = current(tracked)
    return {
        "name": tracked.name,
        "dice": tracked.dice,
        "besieger": tracked.besieger.get_username(),
        "besieged": tracked.besieged.get_username(),
        "app_side": tracked.app_side,
        "battle": now.battle.to_json(),
        "log": [
            {
                "seq": r.seq,
                "kind": r.kind,
                "side": r.side,
                "undoes": r.undoes,
                "entry": r.entry,
                "at": r.at.isoformat(),
                "by": APP_AUTHOR if r.by_app else (r.by.get_username() if r.by else ""),
            }
            for r in reversed(log_rows(tracked))
        ],
        "state": now.state.to_json(),
    }


@dataclass(frozen=True)
class AdvisedOption:
    """One option of the strong bot's advice, in the reader's words."""

    deed: str
    expected_vp: str
    games: int


def advised_options(state: BattleState, top: Sequence[Mapping[str, Any]]) -> list[AdvisedOption]:
    """The strong bot's top options (:func:`simulations.advice.advise`): each action as the log would word it, its
    expected victory points over the enemy's (§17) in the reader's locale, and the games played to find them."""
    names = SiegeNames.of(state)
    shown = []
    for option in top:
        action = Action.from_json(option["action"])
        shown.append(
            AdvisedOption(
                deeds.deed(action, names, action_label(action.name)),
                number_format(float(option["expected_vp"]), 1, force_grouping=True),
                int(option["games"]),
            )
        )
    return shown
