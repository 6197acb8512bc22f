"""Ladders (*échelles*, §7.1): carrying, dropping and picking up, raising, hoisting, climbing and pushing back.

One besieged model pushes, up to two more help; it takes a 6 on a D6, +1 per helper, 4+ at best::

    >>> pushback_need(1)
    5
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rules.dice import D6, Dice, reason
from rules.fast.members import BESIEGED, BESIEGER, LADDER, MOVEMENT
from rules.siege.board.checks import bound
from rules.siege.board.engines import Ladder
from rules.siege.board.fort import SectionKind
from rules.siege.board.obligations import RULES, Obligation
from rules.siege.board.options import Option
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Phase,
    Place,
    Zone,
    check_distinct,
    check_may_act,
    outcome,
    within_quota,
)
from rules.siege.board.values import replace
from rules.siege.chapters.hits import save_or_suffer
from rules.validation import check_range

__all__ = [
    "BASE_NEED",
    "ERECTED_PER_SECTION",
    "MAX_CARRIERS",
    "MAX_HELPERS",
    "LadderFall",
    "carrying",
    "carrying_speed",
    "drop_ladder",
    "erect_ladder",
    "forgo_push_back",
    "hoist_ladder",
    "hoisted_ladder_falls",
    "knock_down_ladder",
    "move_ladder_inside",
    "must_drop",
    "pick_up_ladder",
    "push_back",
    "push_back_options",
    "push_back_pending",
    "push_backs_due",
    "push_over_empty_ladder",
    "pushback_need",
    "pushed_back",
    "pushers_of",
    "together",
]


BASE_NEED = 6
MAX_HELPERS = 2
"""At most three models push a ladder: the one pushing and two helping (§7.1.6)."""


def pushback_need(helpers: int) -> int:
    """The D6 need to push the ladder back with ``helpers`` helping models (§7.1.6)."""
    return BASE_NEED - check_range("helpers", helpers, 0, MAX_HELPERS)


def pushed_back(helpers: int, roll: int) -> bool:
    """Whether the D6 ``roll`` pushes the ladder back (§7.1.6)."""
    check_range("roll", roll, 1, 6)
    return roll >= pushback_need(helpers)


MAX_CARRIERS = 6
FULL_SPEED_CARRIERS = 4
MIN_CARRIERS = 2
"""A ladder takes 2 to 6 carriers; 4 carry it at full speed (§7.1.1); large creatures count their ratio (§12.1.4)."""
INSIDE_MOVE_NEED = 4
"""Inside the fort, 2 or 3 carriers move one section on a D6 of 4+, else not at all (§7.1.1)."""
ERECTED_PER_SECTION = 3
MIN_CLIMBERS = 2
MAX_CLIMBERS = 4
"""Right after raising a ladder, 2 to 4 models go up it (§7.1.5)."""


def carrying_speed(carriers: int, move: int) -> int:
    """The move in cm of a ladder's carriers outside the fort: full with 4 or more, half with 2 or 3 (§7.1.1)."""
    check_range("carriers", carriers, MIN_CARRIERS, MAX_CARRIERS)
    return move if carriers >= FULL_SPEED_CARRIERS else move // 2


def _carry_weight(state: BattleState, carriers: Sequence[str]) -> int:
    return sum(state.model(c).profile.ratio for c in carriers)


def carrying(state: BattleState) -> frozenset[str]:
    """The models carrying a ladder (or hoisting one over the rampart) or a ram: one load at a time."""
    found = {c for x in state.ladders for c in x.carriers}
    found.update(c for r in state.rams for c in r.carriers)
    return frozenset(found)


def together(state: BattleState, models: Sequence[str], clause: str) -> Place:
    """The one place ``models`` all stand at, a load's carriers (§7.1.1, §7.2.1)."""
    places = {state.model(m).place for m in models}
    if len(places) != 1:
        raise IllegalAction("carriers_apart", clause, models=tuple(models), places=len(places))
    return next(iter(places))


def _check_carriers(state: BattleState, carriers: Sequence[str], place: Place) -> None:
    check_distinct(carriers, "§7.1.1")
    check_may_act(state, carriers, "carry a ladder")
    weight = _carry_weight(state, carriers)
    if weight < MIN_CARRIERS:
        raise IllegalAction("ladder_carriers_too_few", "§7.1.1", weight=weight, least=MIN_CARRIERS)
    if weight > MAX_CARRIERS:
        raise IllegalAction("ladder_carriers_too_many", "§7.1.1", weight=weight, most=MAX_CARRIERS)
    for carrier in carriers:
        model = state.model(carrier)
        if model.place != place or model.fleeing or state.in_contact(carrier):
            raise IllegalAction("carrier_not_free", "§7.1.3", model=carrier, place=str(place))


def _check_free_hands(state: BattleState, carriers: Sequence[str], load: tuple[str, ...], clause: str) -> None:
    """A model carries one ladder or one ram at a time; ``load`` are those already carrying this one."""
    busy = tuple(sorted((carrying(state) - set(load)) & set(carriers)))
    if busy:
        raise IllegalAction("one_load_at_a_time", clause, models=busy)


def pick_up_ladder(state: BattleState, ladder_id: str, carriers: Sequence[str]) -> BattleState:
    """Models pick up a ladder lying below a wall, from one unit or several (§7.1.3): standing at its foot, or passing
    by it from the field in their move (« passer à côté d'une échelle et la ramasser lors de la même phase de
    mouvement »), which they go on with, carrying it.
    """
    ladder = state.ladder(ladder_id)
    if ladder.raised:
        raise IllegalAction("ladder_raised_not_lying", "§7.1.3", ladder=ladder_id, section=ladder.section)
    if ladder.carriers:
        raise IllegalAction("ladder_carried_already", "§7.1.3", ladder=ladder_id, carrier_models=ladder.carriers)
    if ladder.courtyard is not None:
        raise IllegalAction("ladder_inside_fort", "§7.1.3", ladder=ladder_id, courtyard=ladder.courtyard)
    check_distinct(carriers, "§7.1.1")
    place = together(state, carriers, "§7.1.3") if carriers else Place(Zone.FOOT, ladder.section)
    if place.zone is not Zone.FIELD:
        place = Place(Zone.FOOT, ladder.section)  # §7.1.3: at its foot, where it lies
    _check_carriers(state, carriers, place)
    _check_free_hands(state, carriers, (), "§7.1.3")
    return state.with_ladder(replace(ladder, carriers=tuple(carriers)), ladder_id)


def drop_ladder(state: BattleState, ladder_id: str) -> BattleState:
    """The carriers let the ladder fall: engaged, fleeing or down to one model (§7.1.2); it lies where they are."""
    ladder = state.ladder(ladder_id)
    if not ladder.carried:
        raise IllegalAction("ladder_not_carried", "§7.1.2", ladder=ladder_id)
    place = state.model(ladder.carriers[0]).place
    below = place.ref if place.zone is Zone.FOOT else ladder.section  # at the foot of the wall they stand by
    return state.with_ladder(replace(ladder, carriers=(), section=below), ladder_id)


def must_drop(state: BattleState, ladder_id: str) -> bool:
    """§7.1.2: carriers drop their ladder when engaged, fleeing or reduced to a single model."""
    carriers = [state.model(c) for c in state.ladder(ladder_id).carriers if c in state.by_id]
    return len(carriers) <= 1 or any(m.fleeing or state.in_contact(m.id) for m in carriers)


def move_ladder_inside(state: BattleState, ladder_id: str, dice: Dice) -> tuple[bool, Outcome]:
    """2 or 3 carriers inside the fort roll a D6: 4+ they move one section, even in the courtyard (§7.1.1); 4 or
    more move as usual. Returns whether they may move.
    """
    mark = dice.mark()
    ladder = state.ladder(ladder_id)
    if not ladder.carriers or not state.model(ladder.carriers[0]).place.inside:
        raise IllegalAction("ladder_not_carried_inside", "§7.1.1", ladder=ladder_id)
    weight = _carry_weight(state, ladder.carriers)
    if weight >= FULL_SPEED_CARRIERS:
        return True, outcome(state, [], dice, mark)
    roll = dice.roll(D6, reason("ladder_carried_inside", "§7.1.1", ladder=ladder_id, weight=weight))
    moves = roll >= INSIDE_MOVE_NEED
    carried = Event(
        "ladder_carried",
        "§7.1.1",
        {"ladder": ladder_id, "weight": weight, "roll": roll, "moves": moves},
        ladder.carriers,
    )
    return moves, outcome(state, [carried], dice, mark)


def erect_ladder(state: BattleState, ladder_id: str, section: str, climbers: Sequence[str] = ()) -> Outcome:
    """Raise a carried ladder against ``section`` in the movement phase, at most 3 a section a turn (§7.1.4); 2 to
    4 ``climbers`` at its foot go up at once (§7.1.5) and wait there for the push-back.
    """
    ladder = state.ladder(ladder_id)
    if state.active is not BESIEGER:
        raise IllegalAction("raise_in_own_turn", "§7.1.4")
    if not state.fort.section(section).is_rampart:
        raise IllegalAction("raise_against_rampart", "§7.1.4", section=section)
    foot = Place(Zone.FOOT, section)
    if ladder.raised:
        raise IllegalAction("ladder_raised_already", "§7.1.4", ladder=ladder_id, section=ladder.section)
    if ladder.carriers:
        _check_carriers(state, ladder.carriers, foot)
    elif not _raised_again(state, ladder_id, section):
        raise IllegalAction("ladder_not_at_hand", "§7.1.4", ladder=ladder_id, section=section)
    raised = [x for x in state.ladders if x.id in state.turn_log.erected and x.section == section]
    if len(raised) >= ERECTED_PER_SECTION:
        raise IllegalAction(
            "ladders_raised_enough", "§7.1.4", section=section, raised=len(raised), most=ERECTED_PER_SECTION
        )
    check_distinct(climbers, "§7.1.5")
    check_may_act(state, climbers, "climb a ladder")
    weight = _carry_weight(state, climbers)
    if climbers and not MIN_CLIMBERS <= weight <= MAX_CLIMBERS:
        raise IllegalAction("climbers_count", "§7.1.5", weight=weight, least=MIN_CLIMBERS, most=MAX_CLIMBERS)
    for climber in climbers:
        model = state.model(climber)
        if model.place != foot or not model.profile.may_climb_ladders or model.fleeing:
            raise IllegalAction("climber_not_ready", "§7.1.5", model=climber, section=section)
    log = state.turn_log
    on_ladder = Place(Zone.LADDER, ladder_id)
    climbed = log.flow(str(foot), str(on_ladder))
    if climbers and climbed + weight > MAX_CLIMBERS:
        raise IllegalAction(
            "ladder_climbed_enough", "§2.1.1", ladder=ladder_id, climbed=climbed, weight=weight, most=MAX_CLIMBERS
        )
    if climbers:
        log = log.with_flow(str(foot), str(on_ladder), weight)  # §2.1.1: the ladder's 4 a turn
    state = replace(state, turn_log=replace(log, erected=log.erected | {ladder_id}))
    state = state.with_ladder(
        replace(ladder, section=section, raised=True, carriers=(), blocker=None, taken=False), ladder_id
    )
    state = state.with_models({c: replace(state.model(c), place=on_ladder) for c in climbers})
    raised_event = Event(
        "ladder_raised",
        "§7.1.4",
        {"ladder": ladder_id, "section": section, "models": tuple(climbers), "count": len(climbers)},
        tuple(climbers),
    )
    return Outcome(state, (raised_event,), ())


def _raised_again(state: BattleState, ladder_id: str, section: str) -> bool:
    """§7.1.6: « L'échelle peut être à nouveau érigée automatiquement dès le tour prochain si des assiégeants se
    tiennent au pied du rempart »: a ladder lying at the foot of ``section``, not pushed down this turn.
    """
    ladder = state.ladder(ladder_id)
    at_foot = [m for m in state.at(Place(Zone.FOOT, section), BESIEGER) if not m.fleeing]
    return (
        ladder.section == section
        and ladder.courtyard is None
        and ladder_id not in state.turn_log.pushed
        and (bool(at_foot))
    )


def hoist_ladder(state: BattleState, ladder_id: str, hoisters: Sequence[str], courtyard: str) -> BattleState:
    """Models on the rampart hoist a ladder from outside down into ``courtyard``; it takes them the whole turn and
    they cannot use it (§7.1.4).
    """
    ladder = state.ladder(ladder_id)
    if not ladder.raised:
        raise IllegalAction("hoist_needs_raised", "§7.1.4", ladder=ladder_id)
    if ladder.courtyard is not None:
        raise IllegalAction("ladder_hoisted_already", "§7.1.4", ladder=ladder_id, courtyard=ladder.courtyard)
    if state.fort.section(courtyard).kind is not SectionKind.COURTYARD:
        raise IllegalAction("hoist_into_courtyard", "§7.1.4", section=courtyard)
    engaged = tuple(h for h in hoisters if state.in_contact(h))
    if engaged:
        raise IllegalAction("hoisters_engaged", "§7.1.4", models=engaged)
    log = state.turn_log
    # §7.1.4: « Des figurines se trouvant déjà sur un rempart [...] cela leur prend un tour entier »
    spent = tuple(sorted((log.moved | log.rallied) & set(hoisters)))
    if spent:
        raise IllegalAction("hoisting_takes_the_turn", "§7.1.4", models=spent)
    _check_carriers(state, hoisters, Place(Zone.SECTION, ladder.section))
    _check_free_hands(state, hoisters, (), "§7.1.4")
    if state.at(Place(Zone.LADDER, ladder_id)):
        raise IllegalAction("ladder_occupied", "§7.1.4", ladder=ladder_id)
    log = state.turn_log
    state = replace(state, turn_log=replace(log, moved=log.moved | set(hoisters)))
    # §7.1.9 bound the rampart's blockers; once inside, the ladder may be blocked at its foot (§7.1.10)
    hoisted = replace(ladder, courtyard=courtyard, carriers=tuple(hoisters), blocker=None, taken=False)
    return state.with_ladder(hoisted, ladder_id)


class LadderFall(StrEnum):
    OUTSIDE = "outside"
    RAMPART = "rampart"
    COURTYARD = "courtyard"


def hoisted_ladder_falls(state: BattleState, ladder_id: str, dice: Dice) -> tuple[LadderFall, Outcome]:
    """Hoisters forced to let go mid-way: D6 1–3 it falls outside, 4 on the rampart, 5–6 into the courtyard
    (§7.1.4).
    """
    mark = dice.mark()
    ladder = state.ladder(ladder_id)
    roll = dice.roll(D6, reason("hoisted_ladder_falls", "§7.1.4", ladder=ladder_id))
    fall = LadderFall.OUTSIDE if roll <= 3 else LadderFall.RAMPART if roll == 4 else LadderFall.COURTYARD
    fallen = replace(
        ladder, raised=False, carriers=(), courtyard=ladder.courtyard if fall is LadderFall.COURTYARD else None
    )
    state = state.with_ladder(fallen, ladder_id)
    return fall, outcome(
        state,
        [Event("ladder_falls", "§7.1.4", {"ladder": ladder_id, "roll": roll, "fall": fall.value})],
        dice,
        mark,
    )


def pushers_of(state: BattleState, section: str) -> tuple[str, ...]:
    """The besieged models on ``section`` who may push a ladder back there: not fleeing, not engaged (§7.1.6), nor
    having thrown or poured this turn (§8.1.2), nor bound to something else
    (:func:`~rules.siege.board.checks.bound`)."""
    here = state.at(section, BESIEGED)
    if not here:
        return ()
    busy = state.engaged | state.turn_log.defenders | bound(state)
    return tuple([m.id for m in here if not m.fleeing and m.id not in busy])


def push_back_pending(state: BattleState, ladder_id: str) -> bool:
    """Whether the besieged still have their push-back of a ladder against the rampart this besieger turn: the
    climbers reach the rampart only after it (§7.1.5), once tried or forgone, or when no besieged model there is
    free to push (§7.1.6).
    """
    ladder = state.ladder(ladder_id)
    if state.active is not BESIEGER or ladder.courtyard is not None or not ladder.raised:
        return False
    if ladder_id in state.turn_log.pushed:
        return False
    return bool(pushers_of(state, ladder.section))


def push_back_options(state: BattleState, ladder: Ladder) -> tuple[Option, ...]:
    """The besieged's answers to a ladder's push-back waiting in the besieger's movement (§7.1.5, §7.1.6, R33): try
    it with 1 to 3 of the models who may push, or let it go."""
    if state.phase is not MOVEMENT or not push_back_pending(state, ladder.id):
        return ()
    where = f"ladder:{ladder.id}"
    pushers = pushers_of(state, ladder.section)
    return (
        Option("push_back", BESIEGED, where, pushers, least=1, most=MAX_HELPERS + 1),
        Option("forgo_push_back", BESIEGED, where),
    )


def push_backs_due(state: BattleState) -> list[Obligation]:
    """R33: « The movement phase cannot end while a ladder whose climbers are not yet on the rampart has no
    decision »: each ladder with climbers whose push-back waits, settled by trying it or letting it go."""
    if state.phase is not MOVEMENT or state.active is not BESIEGER:
        return []
    found = []
    for ladder in state.ladders:
        climbers = ladder.raised and ladder.courtyard is None and state.at(Place(LADDER, ladder.id), BESIEGER)
        if climbers and ladder.id not in state.turn_log.pushed:
            options = push_back_options(state, ladder)
            if options:
                found.append(Obligation("R33", "push_back", f"ladder:{ladder.id}", options, at_once=False))
    return found


RULES.append(push_backs_due)


def forgo_push_back(state: BattleState, ladder_id: str) -> BattleState:
    """The besieged let this turn's push-back of a ladder go: its climbers may come up, and there is no second try
    this turn (§7.1.5, §7.1.6).
    """
    if not push_back_pending(state, ladder_id):
        raise IllegalAction("no_push_back_waits", "§7.1.5", ladder=ladder_id)
    log = state.turn_log
    return replace(state, turn_log=replace(log, pushed=log.pushed | {ladder_id}))


def push_back(
    state: BattleState, ladder_id: str, pushers: Sequence[str], dice: Dice, *, blocker: str | None = None
) -> Outcome:
    """The besieged try once to push a raised ladder back at the end of the besieger's movement (§7.1.6): 1 to 3
    models on its section, not engaged, a 6 on a D6 with +1 per helper. Pushed back, its climbers take a wound
    unless they pass a basic save without shield, and go back down; failed, one pusher may ``blocker`` the top
    (§7.1.7). The pushers (the blocker aside) are exposed to the coming shooting. A blocker who has just killed its
    attackers may try again alone, on a 6 (§7.1.8).
    """
    mark = dice.mark()
    ladder = state.ladder(ladder_id)
    if not ladder.raised:
        raise IllegalAction("ladder_not_raised", "§7.1.6", ladder=ladder_id)
    if ladder.courtyard is not None:
        raise IllegalAction("hoisted_ladder_knocked_down", "§7.1.10", ladder=ladder_id, courtyard=ladder.courtyard)
    if state.active is not BESIEGER:
        raise IllegalAction("push_back_in_besiegers_turn", "§7.1.6")
    solo = ladder_id in state.turn_log.held and list(pushers) == [ladder.blocker]  # §7.1.8
    if state.phase is Phase.CLOSE_COMBAT and not solo:
        raise IllegalAction("push_back_after_movement", "§7.1.8", ladder=ladder_id)
    if ladder_id in state.turn_log.pushed and not solo:
        raise IllegalAction("pushed_back_already", "§7.1.6", ladder=ladder_id)
    check_distinct(pushers, "§7.1.6")
    check_may_act(state, pushers, "push a ladder")
    if not 1 <= len(pushers) <= MAX_HELPERS + 1:
        raise IllegalAction("pushers_count", "§7.1.6", count=len(pushers), most=MAX_HELPERS + 1)
    for pusher in pushers:
        model = state.model(pusher)
        if model.side is not BESIEGED or str(model.place) != ladder.section or model.fleeing:
            raise IllegalAction("pusher_not_on_section", "§7.1.6", model=pusher, section=ladder.section)
        if state.in_contact(pusher):
            raise IllegalAction("pusher_engaged", "§7.1.6", model=pusher)
        if pusher in state.turn_log.defenders:
            raise IllegalAction("pusher_has_defended", "§8.1.2", model=pusher)
    if blocker is not None and blocker not in pushers:
        raise IllegalAction("blocker_not_a_pusher", "§7.1.7", model=blocker)
    if ladder.taken and blocker is not None:
        raise IllegalAction("ladder_taken_no_blocking", "§7.1.9", ladder=ladder_id)
    roll = dice.roll(D6, reason("push_ladder_back", "§7.1.6", ladder=ladder_id, helpers=len(pushers) - 1))
    success = pushed_back(len(pushers) - 1, roll)
    log = state.turn_log
    # §7.1.8: the blocker's own try is once, too
    held = log.held - {ladder_id} if solo else log.held
    log = replace(log, pushed=log.pushed | {ladder_id}, pushers=log.pushers | set(pushers), held=held)
    state = replace(state, turn_log=log)
    state = state.expose(p for p in pushers if p != blocker)
    events = [
        Event(
            "ladder_push_back",
            "§7.1.6",
            {"ladder": ladder_id, "models": tuple(pushers), "roll": roll, "pushed": success},
            tuple(pushers),
        )
    ]
    if not success:
        if blocker is not None:
            log = state.turn_log
            state = state.with_ladder(replace(state.ladder(ladder_id), blocker=blocker), ladder_id)
            state = replace(state, turn_log=replace(log, blockers=log.blockers | {blocker}))
            events.append(Event("ladder_top_blocked", "§7.1.7", {"model": blocker, "ladder": ladder_id}, (blocker,)))
        return outcome(state, events, dice, mark)
    state, more = _topple(state, ladder_id, Place(Zone.FOOT, ladder.section), dice, "§7.1.6")
    events.extend(more)
    return outcome(state, events, dice, mark)


def _topple(
    state: BattleState, ladder_id: str, landing: Place, dice: Dice, clause: str
) -> tuple[BattleState, list[Event]]:
    """The ladder goes down: each climber takes a wound unless it passes a basic save without shield, and the
    survivors land at ``landing`` (§7.1.6); no combat or panic test follows. On a rampart they land in ladder order
    as long as its quota takes them (§1.7); those it cannot take fall with the ladder and are lost.
    """
    on_ladder = Place(Zone.LADDER, ladder_id)
    climbers = [m.id for m in state.at(on_ladder)]
    down = reason("ladder_down_save", clause, ladder=ladder_id)
    state, events, _ = save_or_suffer(state, climbers, dice, down, clause, wounds=1)
    survivors = list(state.at(on_ladder))
    lost: list[Model] = []
    if landing.inside:
        survivors, lost = within_quota(state, landing.ref, survivors)
    if lost:
        names = tuple(m.id for m in lost)
        events.append(
            Event("lost_with_ladder", "§1.7", {"models": names, "place": str(landing), "ladder": ladder_id}, names)
        )
    changed: dict[str, Model | None] = {m.id: replace(m, place=landing) for m in survivors}
    state = state.with_models(changed | {m.id: None for m in lost})
    state = state.with_ladder(replace(state.ladder(ladder_id), raised=False, blocker=None, taken=False), ladder_id)
    return state, events


def knock_down_ladder(state: BattleState, ladder_id: str, dice: Dice) -> Outcome:
    """The blocker at the foot of a hoisted ladder, having just killed its attacker, knocks it down alone on a 6,
    with no help (§7.1.10); the climbers fall back onto the rampart as from a ladder pushed back (§7.1.6).
    """
    mark = dice.mark()
    ladder = state.ladder(ladder_id)
    if ladder.courtyard is None or not ladder.raised:
        raise IllegalAction("ladder_not_hoisted", "§7.1.10", ladder=ladder_id)
    if ladder.blocker is None or ladder_id not in state.turn_log.held:
        raise IllegalAction("knock_down_by_blocker", "§7.1.10", ladder=ladder_id)
    roll = dice.roll(D6, reason("knock_ladder_down", "§7.1.10", ladder=ladder_id))
    success = roll >= BASE_NEED
    events = [
        Event(
            "ladder_knock_down",
            "§7.1.10",
            {"model": ladder.blocker, "ladder": ladder_id, "roll": roll, "down": success},
            (ladder.blocker,),
        )
    ]
    if success:
        state, more = _topple(state, ladder_id, Place(Zone.SECTION, ladder.section), dice, "§7.1.10")
        events.extend(more)
    return outcome(state, events, dice, mark)


def push_over_empty_ladder(state: BattleState, ladder_id: str) -> BattleState:
    """A ladder with no enemy on it or at its foot is pushed over automatically in the player's own turn (§7.1.6
    note: « une échelle non occupée peut être repoussée par un joueur pendant son tour. Cela se fait
    automatiquement »).
    """
    ladder = state.ladder(ladder_id)
    if not ladder.raised or ladder.courtyard is not None:
        raise IllegalAction("ladder_not_against_rampart", "§7.1.6", ladder=ladder_id)
    if state.at(Place(Zone.LADDER, ladder_id)) or state.at(Place(Zone.FOOT, ladder.section), state.active.enemy):
        raise IllegalAction("ladder_not_empty", "§7.1.6", ladder=ladder_id)
    if not any(m.side is state.active for m in state.at(ladder.section)):
        raise IllegalAction(
            "nobody_to_push_over", "§7.1.6", ladder=ladder_id, section=ladder.section, side=state.active.value
        )
    return state.with_ladder(replace(ladder, raised=False, blocker=None, taken=False), ladder_id)
