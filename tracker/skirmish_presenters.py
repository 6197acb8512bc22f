"""What the tracker's pages show of a skirmish (Frères d'Armes), in the reader's language: each model's PA and
state, the turn and who activates, the menu of what the engine allows, the roll log and the result."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from rules.freres.actions import Action
from rules.freres.damage import Health
from rules.freres.game import side_of
from rules.freres.legal import legal_actions
from rules.freres.result import skirmish_result
from rules.freres.state import Coin, Model, Phase, Posture, Side, Skirmish
from wording.freres import FreresNames
from wording.freres import event_text as freres_event_text
from wording.freres import roll_reason as freres_roll_reason

from .labels import BAND_LABELS
from .menu_items import Fact, MenuItem, action_namer
from .models import TrackedBattle
from .presenters import LOG_SHOWN, LogLine, log_lines, shared_board_context
from .selectors import Step, User, current, sides_of
from .skirmish_results import table_facts

ACTION_LABELS: Mapping[str, object] = {
    "roll_initiative": gettext_lazy("Roll the initiative"),
    "activate": gettext_lazy("Activate"),
    "end_activation": gettext_lazy("End the activation"),
    "store_pa": gettext_lazy("Store its PA"),
    "turn": pgettext_lazy("a skirmish action: turning on the spot", "Turn"),
    "move": gettext_lazy("Move"),
    "run": gettext_lazy("Run"),
    "stand_up": gettext_lazy("Stand up"),
    "lie_down": gettext_lazy("Lie down"),
    "crawl": gettext_lazy("Crawl"),
    "hide": gettext_lazy("Hide"),
    "take_cover": gettext_lazy("Take cover"),
    "climb": gettext_lazy("Climb"),
    "strike": gettext_lazy("Strike"),
    "charge": gettext_lazy("Charge"),
    "defend": gettext_lazy("Answer the attack"),
    "flee_combat": gettext_lazy("Flee the combat"),
    "shoot": gettext_lazy("Shoot"),
    "reaction_shot": gettext_lazy("Reaction shot"),
    "reload": gettext_lazy("Reload"),
    "unjam": gettext_lazy("Unjam"),
    "cast": gettext_lazy("Cast the spell"),
    "memorise": gettext_lazy("Memorise the spell"),
    "rally": gettext_lazy("Rally"),
    "recover": gettext_lazy("Recover"),
    "raise_comrade": gettext_lazy("Raise a comrade"),
    "scrutinise": gettext_lazy("Scrutinise"),
    "pick_up": gettext_lazy("Pick up its weapon"),
    "mount": gettext_lazy("Get on or off its mount"),
    "behead": gettext_lazy("Cut off a head"),
    "open": gettext_lazy("Open"),
    "open_conan": gettext_lazy("Open « à la Conan »"),
    "carry": gettext_lazy("Carry a friend out of the fight"),
    "set_down": gettext_lazy("Set down the friend"),
    "draw": gettext_lazy("Draw its weapon"),
    "sheathe": gettext_lazy("Put away its weapon"),
    "standard_distance": gettext_lazy("Distance to the standard"),
    "change_magazine": gettext_lazy("Change the magazine"),
    "recover_missile": gettext_lazy("Recover a thrown missile"),
    "leap_mount": gettext_lazy("Leap on or off its mount"),
    "take_standard": gettext_lazy("Pick up the standard"),
}
HEALTH_LABELS: Mapping[Health, object] = {
    Health.UNHURT: gettext_lazy("unhurt"),
    Health.WOUNDED: gettext_lazy("wounded (−3 PA, −1 to dice)"),
    Health.GRIEVOUSLY_WOUNDED: gettext_lazy("grievously wounded (−6 PA, −2 to dice)"),
    Health.KILLED: gettext_lazy("killed"),
}
POSTURE_LABELS: Mapping[Posture, object] = {
    Posture.STANDING: gettext_lazy("standing"),
    Posture.DOWN: gettext_lazy("on the ground"),
    Posture.STUNNED: gettext_lazy("stunned"),
}
COIN_LABELS: Mapping[Coin, object] = {
    Coin.TAILS: gettext_lazy("to activate"),
    Coin.HEADS: gettext_lazy("waiting (one defensive action)"),
    Coin.TAKEN: gettext_lazy("has played"),
}
OUT_LABELS: Mapping[str, object] = {
    "killed": gettext_lazy("killed"),
    "out_of_action": gettext_lazy("out of action"),
    "surrendered": gettext_lazy("surrendered"),
}
PHASE_LABELS: Mapping[Phase, object] = {
    Phase.INITIATIVE: gettext_lazy("initiative"),
    Phase.ACTIVATION: gettext_lazy("activations"),
    Phase.OVER: gettext_lazy("over"),
}
FLAGS: Mapping[str, object] = {
    "mounted": gettext_lazy("mounted"),
    "hidden": gettext_lazy("hidden"),
    "in_cover": gettext_lazy("in cover"),
    "routed": gettext_lazy("routed"),
    "weapon_dropped": gettext_lazy("weapon dropped"),
    "jammed": gettext_lazy("jammed"),
    "sheathed": gettext_lazy("nothing in hand"),
    "bears_standard": gettext_lazy("carries the standard"),
    "near_standard": gettext_lazy("within 30 cm of its standard"),
}
CARRYING = gettext_lazy("carries %(name)s (overloaded)")
"""§9 Porter un ami hors de combat: the friend on its shoulder."""
BEHEADED = gettext_lazy("beheaded")
HANDS_LABELS: Mapping[str, object] = {
    "blade_and_dagger": gettext_lazy("a blade and a dagger (+1 D in close combat)"),
    "two_blades": gettext_lazy("two blades (+1 D in close combat, −1 to its JA)"),
    "two_weapons": gettext_lazy("a weapon in each hand (−1 to its JA)"),
}
"""What a model holds when it is more than one weapon (§4.3, §4.5)."""


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


FACT_LABELS: Mapping[str, object] = {
    "distance_cm": gettext_lazy("Distance (cm)"),
    "enemy_distance_cm": gettext_lazy("Distance to the nearest enemy (cm)"),
    "terrain": gettext_lazy("Terrain"),
}
TERRAIN_LABELS: Mapping[str, object] = {
    "clear": gettext_lazy("clear"),
    "rough": gettext_lazy("other terrain (marsh, brush, forest…)"),
}


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


MODEL_FACTS: Mapping[str, object] = {
    "model": "%(name)s",
    "target": gettext_lazy("target: %(name)s"),
    "contact": gettext_lazy("into contact with %(name)s"),
    "trample": gettext_lazy("trampling %(name)s"),
    "comrade": gettext_lazy("comrade: %(name)s"),
    "corpse": gettext_lazy("the dead: %(name)s"),
    "friend": gettext_lazy("friend: %(name)s"),
    "bearer": gettext_lazy("fallen bearer: %(name)s"),
}
"""An action's facts that name a model, as the option shows them."""
NUMBER_FACTS: Mapping[str, object] = {
    "distance_cm": gettext_lazy("%(number)s cm"),
    "enemy_distance_cm": gettext_lazy("nearest enemy at %(number)s cm"),
    "jumps": gettext_lazy("obstacles jumped: %(number)s"),
    "hard": gettext_lazy("striking hard: +%(number)s PA"),
    "aim": gettext_lazy("aiming: +%(number)s PA"),
    "concentrate": gettext_lazy("concentrating: +%(number)s PA"),
}
"""An action's numbers with their units; a 0 not shown but for a distance."""
CHOICE_FACTS: Mapping[str, Mapping[str, object]] = {
    "terrain": {"clear": gettext_lazy("clear"), "rough": gettext_lazy("other terrain")},
    "manner": {
        "open": gettext_lazy("in the open"),
        "hidden": gettext_lazy("moving hidden"),
        "in_cover": gettext_lazy("moving in cover"),
    },
    "how": {
        "defend": gettext_lazy("defend (0 PA)"),
        "dodge": gettext_lazy("dodge"),
        "parry": gettext_lazy("parry"),
        "change_weapon": gettext_lazy("change weapon"),
        "defensive_shot": gettext_lazy("defensive shot"),
        "kick": gettext_lazy("the mount kicks"),
    },
    "on_critical": {
        "zero": gettext_lazy("a natural 0 scores 0"),
        "table": gettext_lazy("a natural 0 on the critical failure table"),
    },
    "hiding_place": {
        "none": gettext_lazy("no hiding place"),
        "forest": gettext_lazy("hiding in a forest"),
        "grove": gettext_lazy("hiding in a grove"),
        "bush": gettext_lazy("hiding in a bush"),
        "wall": gettext_lazy("hiding behind a wall"),
    },
}
"""An action's choices (:data:`rules.freres.actions.TERRAINS`…) in words."""
FLAG_FACTS: Mapping[str, Mapping[bool, object]] = {
    "wide": {True: gettext_lazy("by more than 90°"), False: gettext_lazy("by 90° or less")},
    "sprint": {True: gettext_lazy("sprint")},
    "frenzied": {True: gettext_lazy("frenzied run")},
    "from_behind": {True: gettext_lazy("in the back")},
    "at_mount": {True: gettext_lazy("at the mount")},
    "in_front": {False: gettext_lazy("to the side")},
    "cover": {True: gettext_lazy("target in cover")},
    "masked": {True: gettext_lazy("target masked")},
    "quick": {True: gettext_lazy("quick reload")},
    "search": {True: gettext_lazy("searching the target")},
    "night": {True: gettext_lazy("at night")},
    "off_hand": {True: gettext_lazy("with its less agile hand")},
}
"""An action's yes-or-no facts: the word of the value shown, nothing for the other."""


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
