"""What the tracker's pages show of a skirmish (Frères d'Armes), in the reader's language: each model's PA and
state, the turn and who activates, the menu of what the engine allows, the roll log and the result."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial

from django.utils.translation import gettext

from rules.freres.actions import Action
from rules.freres.game import side_of
from rules.freres.legal import legal_actions
from rules.freres.result import skirmish_result
from rules.freres.state import Model, Side, Skirmish
from wording.freres import FreresNames
from wording.freres import event_text as freres_event_text
from wording.freres import roll_reason as freres_roll_reason

from .labels import BAND_LABELS
from .labels.freres import (
    ACTION_LABELS,
    BEHEADED,
    CARRYING,
    CHOICE_FACTS,
    COIN_LABELS,
    FACT_LABELS,
    FLAG_FACTS,
    FLAGS,
    HANDS_LABELS,
    HEALTH_LABELS,
    MODEL_FACTS,
    NUMBER_FACTS,
    OUT_LABELS,
    PHASE_LABELS,
    POSTURE_LABELS,
    TERRAIN_LABELS,
)
from .menu_items import Fact, MenuItem, action_namer
from .models import TrackedBattle
from .presenters import LOG_SHOWN, LogLine, log_lines, shared_board_context
from .selectors import Step, User, current, sides_of
from .skirmish_results import table_facts

action_label = action_namer(ACTION_LABELS)


@dataclass(frozen=True)
class ModelRow:
    id: str
    name: str
    band: str
    side: str
    C: int
    T: int
    D: int
    A: int
    M: int
    pa: int
    pa_full: int
    health: str
    posture: str
    coin: str
    out: str
    flags: str
    active: bool
    contacts: str


def model_rows(state: Skirmish, names: FreresNames | None = None) -> list[ModelRow]:
    """Every model with its characteristics, its PA a turn (less its wounds', §7) and its state, named as the
    players name it."""
    names = names or FreresNames.of(state)
    return [_row(state, m, names) for m in state.models]


def _row(state: Skirmish, m: Model, names: FreresNames) -> ModelRow:
    p = m.profile
    return ModelRow(
        m.id,
        names.model(m.id),
        str(BAND_LABELS[m.side]),
        m.side.value,
        p.C,
        p.T,
        p.D,
        p.A,
        p.M,
        m.pa,
        p.PA,
        str(HEALTH_LABELS[m.health]),
        str(POSTURE_LABELS[m.posture]),
        str(COIN_LABELS[m.coin]),
        _out(m),
        ", ".join(_flags(m, names)),
        state.active == m.id,
        names.models(state.enemies_in_contact(m.id)),
    )


def _out(m: Model) -> str:
    """Why it left the battle, and a dead model's head cut off (§9)."""
    if not m.out:
        return ""
    out = str(OUT_LABELS.get(m.out, m.out))
    return f"{out}, {BEHEADED}" if m.beheaded else out


def _flags(m: Model, names: FreresNames) -> list[str]:
    """What befell the model, the friend it carries, then what it holds and the missiles it has left (§4.5,
    §5.1.3, §9)."""
    flags = [str(label) for flag, label in FLAGS.items() if getattr(m, flag)]
    if m.carrying:
        flags.append(str(CARRYING) % {"name": names.model(m.carrying)})
    if m.profile.hands in HANDS_LABELS:
        flags.append(str(HANDS_LABELS[m.profile.hands]))
    if m.profile.ambidextrous:
        flags.append(gettext("ambidextrous"))
    if m.missiles_left is not None:
        flags.append(gettext("missiles left: %(number)s") % {"number": m.missiles_left})
    if m.missiles_lying:
        flags.append(gettext("thrown missiles lying: %(number)s") % {"number": m.missiles_lying})
    return flags


def facts_of(action: Action) -> tuple[Fact, ...]:
    return tuple(
        Fact(
            name,
            str(FACT_LABELS[name]),
            str(getattr(action, name)),
            tuple((v, str(TERRAIN_LABELS.get(v, v))) for v in action.choices.get(name, ())),
        )
        for name in table_facts(action)
    )


def action_text(data: Mapping[str, object], names: FreresNames) -> str:
    """An action's facts, from its JSON form, in the reader's words: « Chevalier · 10 cm · terrain clair · à
    découvert »."""
    shown = []
    for key, value in data.items():
        text = _fact_text(key, value, names)
        if text:
            shown.append(text)
    return " · ".join(shown)


def _fact_text(key: str, value: object, names: FreresNames) -> str:
    if key in MODEL_FACTS:
        return str(MODEL_FACTS[key]) % {"name": names.model(str(value))} if value else ""
    if key in NUMBER_FACTS:
        shown = value != 0 or key.endswith("distance_cm")
        return str(NUMBER_FACTS[key]) % {"number": value} if shown else ""
    if key in CHOICE_FACTS:
        return str(CHOICE_FACTS[key].get(str(value), value))
    if key in FLAG_FACTS and isinstance(value, bool):
        return str(FLAG_FACTS[key].get(value, ""))
    return ""  # the format and the action's name, said by its label


def skirmish_menu(state: Skirmish, sides: Iterable[Side], names: FreresNames | None = None) -> list[MenuItem]:
    """The engine's menu (:func:`rules.freres.legal.legal_actions`), labelled; ``mine`` marks the reader's."""
    names = names or FreresNames.of(state)
    played = set(sides)
    items = []
    for index, action in enumerate(legal_actions(state)):
        side = side_of(state, action)
        items.append(
            MenuItem(
                index,
                action.name,
                action_label(action.name),
                str(BAND_LABELS[side]),
                side in played,
                text=action_text(action.to_json(), names),
                facts=facts_of(action),
            )
        )
    return items


def _band_label(value: str) -> str:
    return str(BAND_LABELS[Side(value)])


def _log(steps: Sequence[Step], names: FreresNames) -> list[LogLine]:
    """The roll log, each action's facts in the reader's words (:func:`action_text`)."""
    lines = log_lines(
        steps,
        partial(freres_event_text, names),
        partial(freres_roll_reason, names),
        label=_band_label,
        names=action_label,
    )
    return [
        replace(line, text=action_text(step.entry.action.to_json(), names))
        for line, step in zip(lines, reversed(steps), strict=True)
    ]


def skirmish_context(
    tracked: TrackedBattle, user: User, *, message: str = "", ok: str = "", short_log: bool = True
) -> dict:
    """Everything the skirmish board shows to ``user``."""
    now = current(tracked)
    state = now.state
    assert isinstance(state, Skirmish)
    sides = sides_of(tracked, user)
    names = FreresNames.of(state)
    items = skirmish_menu(state, sides, names) if not tracked.result_sent else []
    result = skirmish_result(state)
    sendable = state.over or any(result.losses.values())
    log = _log(now.steps[-LOG_SHOWN:] if short_log else now.steps, names)
    shared = shared_board_context(tracked, user, now, sides, items, log, finished=sendable, message=message, ok=ok)
    return {
        **shared,
        "phase": PHASE_LABELS[state.phase],
        "to_play": BAND_LABELS[state.to_play],
        "initiative": BAND_LABELS[state.initiative] if state.initiative else "",
        "winner": BAND_LABELS[state.winner] if state.winner else "",
        "sides": [BAND_LABELS[s] for s in sorted(sides)],
        "models": model_rows(state, names),
        "active_name": names.model(state.active) if state.active else "",
        "losses": {BAND_LABELS[side]: count for side, count in result.losses.items()},
        "table_dice_hint": table_dice_hint(state),
    }


def table_dice_hint(state: Skirmish) -> str:
    """What to type for the dice rolled at the table: the cards and their variants (I §4), the d10, or the face a
    d20 or a d30 shows (I §3)."""
    if state.deck is not None:
        hint = [gettext("Cards drawn at the table (1 to 9, a joker 0, in order)")]
        variants = state.card_variants
        if variants.tens:
            hint.append(gettext("A 10 is typed 10."))
        if variants.characters:
            hint.append(gettext("A character is a joker: typed 0."))
        if variants.lucky_joker:
            hint.append(gettext("The lucky joker is typed 11."))
        return " ".join(hint)
    if state.die.startswith("d20"):
        return gettext("Dice rolled at the table (the face of the d20: 1 to 20, in order)")
    if state.die.startswith("d30"):
        return gettext("Dice rolled at the table (the face of the d30: 1 to 30, in order)")
    return gettext("Dice rolled at the table (d10: 0 to 9, in order)")
