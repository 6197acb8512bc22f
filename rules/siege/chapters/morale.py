"""After a close combat and when nerves fail (§3.3–§3.5, §4): retreat, holding, flight and rally.

*retraite* (§3.3.2): the losers of a combat leave their section en bloc for one adjacent section, before any test.
*tenir le terrain*: those who cannot or will not retreat take a leadership test, less the combat result difference.
*fuite* (§3.3.3): fleeing troops lose 1 wound per enemy model on their section, then run to an adjacent section.
*ralliement* (§3.4): fleeing troops far enough from the enemy test on the best leadership on their section.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.dice import D6, Dice, reason
from rules.fast.members import (
    BESIEGER,
    COURTYARD,
    FLYER,
    FOOT,
    LADDER,
    MOVEMENT,
    MUSICIAN,
    SECTION,
    SIEGE_TOWER,
    UNBREAKABLE,
)
from rules.siege.board.obligations import RULES, Obligation
from rules.siege.board.options import Option
from rules.siege.board.profiles import Special
from rules.siege.board.state import (
    BattleState,
    CombatResult,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Place,
    Side,
    Zone,
    outcome,
    quota,
)
from rules.siege.board.turn_log import event
from rules.siege.board.values import replace
from rules.wfb import break_test_passes

__all__ = [
    "OUTSIDE_RETREAT",
    "RALLY_ENEMY_UNIT_STRENGTH",
    "flee",
    "flee_on",
    "flee_option",
    "flight_problem",
    "flight_ways",
    "group_tests",
    "hold",
    "leadership_groups",
    "leadership_test",
    "rally",
    "rally_problem",
    "retreat",
    "retreat_problem",
    "stays",
]


OUTSIDE_RETREAT = 4  # §3.5.2: models a turn down a ladder or a siege tower
RALLY_ENEMY_UNIT_STRENGTH = 5  # §3.4
MAX_LEADERSHIP = 10


def leadership_groups(state: BattleState, models: Sequence[Model]) -> list[tuple[int, tuple[Model, ...]]]:
    """Who tests together and on which leadership: each unit on its own best leadership there, unless the best
    character's on the section, allies included, is higher: the troops may take it (§4.1), and those who do test
    together, first.
    """
    if not models:
        return []
    section, side = models[0].place, models[0].side
    characters = [m for m in state.at(section, side) if m.profile.has(Special.CHARACTER) and not m.fleeing]
    hero = max((m.profile.ld for m in characters), default=0)
    units: dict[str, list[Model]] = {}
    for model in models:
        units.setdefault(model.unit, []).append(model)
    led: list[Model] = []
    own: list[tuple[int, tuple[Model, ...]]] = []
    for group in units.values():
        best = max(m.profile.ld for m in group)
        if best <= hero:
            led.extend(group)
        else:
            own.append((best, tuple(group)))
    return [(hero, tuple(led)), *own] if led else own


def leadership_test(dice: Dice, leadership: int, lost_by: int, why: str) -> tuple[bool, int]:
    """2D6 against ``leadership`` less ``lost_by``, rolled for the reason ``why`` (:func:`rules.dice.reason`);
    returns whether it passed and the roll."""
    roll = dice.total(D6, 2, why)
    return break_test_passes(min(leadership, MAX_LEADERSHIP), lost_by, roll), roll


def group_tests(
    dice: Dice,
    section: str,
    groups: Iterable[tuple[int, Sequence[Model], int]],
    test: str,
    clause: str,
    verdicts: tuple[str, str],
) -> tuple[list[Model], list[Event]]:
    """Each ``(leadership, models, lost_by)`` group on ``section`` (a place as the engine writes it) takes its
    ``test`` (``"combat"``, ``"panic"``, ``"fear"``, ``"terror"``) on 2D6; ``verdicts`` name a failure and a pass
    (``"break"``, ``"hold"``). Returns the models that failed and the events.
    """
    failed: list[Model] = []
    events: list[Event] = []
    for ld, group, lost_by in groups:
        passed, roll = leadership_test(dice, ld, lost_by, reason("leadership_roll", clause, test=test, place=section))
        tested = tuple(m.id for m in group)
        events.append(
            event(
                "leadership_test",
                clause,
                {
                    "test": test,
                    "models": tested,
                    "place": section,
                    "roll": roll,
                    "leadership": ld,
                    "lost_by": lost_by,
                    "verdict": verdicts[passed],
                },
                tested,
            )
        )
        if not passed:
            failed.extend(group)
    return failed, events


def _section_of(place: Place) -> str:
    if not place.inside:
        raise IllegalAction("not_a_fort_section", "§1.1", place=str(place))
    return place.ref


def retreat_problem(
    state: BattleState, section: str, movers: Sequence[Model], to: Place, clause: str = "§3.3.2"
) -> IllegalAction | None:
    """Why ``movers`` cannot leave ``section`` en bloc for ``to`` (§3.3.2, §1.7, §2.1.1, §3.2.3, §3.5.2), or
    ``None`` when they can: the refusal, under ``clause``, the rule that moves them."""
    side = movers[0].side
    count = sum(m.profile.connection_ratio for m in movers)
    if to.inside:
        if state.fort.connection(section, to.ref) is None:
            return IllegalAction("way_not_adjacent", clause, to_section=to.ref, section=section)
        if state.at(to, side.enemy):
            return IllegalAction("way_held_by_enemy", clause, to_section=to.ref)
        destination = state.fort.section(to.ref)
        held = state.occupancy(to, side) + sum(m.profile.ratio for m in movers)
        if held > quota(destination.kind):
            most = quota(destination.kind)
            return IllegalAction(
                "way_over_quota", clause, to_section=to.ref, held=held, side=side.value, most=most
            )  # §1.7
        capacity = state.fort.capacity(section, to.ref)
        if count > capacity:
            # §2.1.1
            return IllegalAction(
                "way_too_narrow", clause, count=count, section=section, to_section=to.ref, capacity=capacity
            )
        if destination.kind is not COURTYARD and any(m.profile.is_cavalry for m in movers):
            return IllegalAction("way_cavalry_courtyards", clause, to_section=to.ref)  # §3.2.3
        return None
    # §3.5.2: back outside by a ladder or a siege tower, for besiegers who came up this turn
    if side is not BESIEGER or not all(m.id in state.turn_log.arrived for m in movers):
        return IllegalAction("retreat_outside_arrivals_only", clause)
    if count > OUTSIDE_RETREAT:
        return IllegalAction("too_many_down", clause, count=count, place=str(to), most=OUTSIDE_RETREAT)
    if to.zone is LADDER:
        return _down_the_ladder(state, section, movers, to, clause)
    if to.zone is SIEGE_TOWER:
        # §3.5.2, §7.3.5: retreat goes through a siege tower even with friends inside (flight never does, see flee)
        if state.siege_tower(to.ref).section != section:
            return IllegalAction("tower_not_against_section", clause, tower=to.ref, section=section)
        return None
    return IllegalAction("no_retreat_there", clause, place=str(to))


def _down_the_ladder(
    state: BattleState, section: str, movers: Sequence[Model], to: Place, clause: str
) -> IllegalAction | None:
    """Why ``movers`` cannot go down ladder ``to`` from ``section`` to the wall's foot (§3.5.2, §7.1.11), or
    ``None``: a ladder raised against the section from outside, no friend on it, at most 4 models who may use a
    ladder."""
    ladder = state.ladder(to.ref)
    if ladder.section != section or not ladder.raised or ladder.courtyard is not None:
        return IllegalAction("ladder_not_against_section", clause, ladder=to.ref, section=section)
    if state.at(to, movers[0].side):
        return IllegalAction("ladder_blocked_by_friend", clause, ladder=to.ref)
    count = sum(m.profile.connection_ratio for m in movers)
    if count > OUTSIDE_RETREAT:
        return IllegalAction("too_many_down", clause, count=count, place=str(to), most=OUTSIDE_RETREAT)
    unfit = tuple(m.id for m in movers if not m.profile.may_climb_ladders)
    if unfit:
        return IllegalAction("never_use_ladders", clause, models=unfit)  # §12.1.1, §12.2
    return None


def flight_problem(
    state: BattleState, section: str, models: Sequence[Model], to: Place, clause: str = "§3.3.3"
) -> IllegalAction | None:
    """Why fleeing ``models`` cannot run from ``section`` to ``to``, or ``None``: an adjacent section as a retreat
    (§3.3.3, §4.1), or for the besieger a ladder raised against the section, whenever they came up (R35, §7.1.11);
    never a siege tower (§7.3.5). The refusal is under ``clause``, the rule that makes them flee."""
    if to.zone is LADDER:
        if models[0].side is not BESIEGER:
            return IllegalAction("besieged_never_leave", clause)  # §11.1
        return _down_the_ladder(state, section, models, to, clause)
    if to.zone is SIEGE_TOWER:
        return IllegalAction("no_flight_through_tower", clause, tower=to.ref)  # §7.3.5
    if not to.inside:
        return IllegalAction("no_flight_there", clause, place=str(to))
    return retreat_problem(state, section, models, to, clause)


def flight_ways(state: BattleState, section: str, models: Sequence[Model]) -> tuple[str, ...]:
    """Where fleeing ``models`` on the fort's ``section`` may run, each open to them all: the adjacent sections a
    retreat may reach (§3.3.3, §4.1), then, for the besieger, the ladders raised against it (R35, §7.1.11)."""
    ways = [
        n for n in state.fort.neighbours(section) if retreat_problem(state, section, models, Place(SECTION, n)) is None
    ]
    if models and models[0].side is BESIEGER:
        ways += [
            f"ladder:{x.id}"
            for x in state.ladders
            if x.section == section and _down_the_ladder(state, section, models, Place(LADDER, x.id), "§3.3.3") is None
        ]
    return tuple(ways)


def _moved_to(state: BattleState, section: str, models: Sequence[Model], to: Place) -> dict[str, Model | None]:
    """The models after going from ``section`` to ``to``; outside, they end at the wall's foot (§3.5.2)."""
    if to.inside or to.zone is FOOT:
        return {m.id: replace(m, place=to) for m in models}
    foot = Place(FOOT, section)
    if to.zone is SIEGE_TOWER:
        # §3.5.2: placed apart from the friendly regiment, a unit of their own for rallying
        return {m.id: replace(m, place=foot, unit=f"{m.unit} ({to.ref})") for m in models}
    return {m.id: replace(m, place=foot) for m in models}


def _pending(state: BattleState, section: str) -> tuple[CombatResult, Side]:
    result = state.result(section)
    loser = None if result is None else result.loser_to_react
    if result is None or loser is None:
        raise IllegalAction("no_reaction_waits", "§3.3.2", place=section)
    return result, loser


def _settle(state: BattleState, result: CombatResult) -> BattleState:
    return state.with_result(replace(result, settled=True))


def stays(model: Model) -> bool:
    """Unbreakable troops never retreat (§4.3); flyers never retreat but test to hold (§12.3.2)."""
    return model.profile.has(UNBREAKABLE) or model.profile.has(FLYER)


def retreat(state: BattleState, section: str, to: Place | str, dice: Dice) -> Outcome:
    """The losers on ``section`` retreat en bloc to ``to`` (§3.3.2) or, if they came up this turn, back outside
    by a ladder or a siege tower (§3.5.2). Unbreakable troops and flyers stay; flyers test to hold.
    """
    mark = dice.mark()
    result, loser = _pending(state, section)
    destination = Place.parse(to)
    everyone = state.at(section, loser)
    movers = [m for m in everyone if not stays(m)]
    if not movers:
        raise IllegalAction("nobody_retreats", "§3.3.2", side=loser.value, place=section)  # §4.3, §12.3.2
    problem = retreat_problem(state, section, movers, destination)
    if problem is not None:
        raise problem
    state = state.with_models(_moved_to(state, section, movers, destination))
    retreating = tuple(m.id for m in movers)
    events = [
        event("retreat", "§3.3.2", {"models": retreating, "place": section, "to_place": str(destination)}, retreating)
    ]
    stayers = [m for m in everyone if stays(m)]
    if stayers:
        state, more = _hold_tests(state, section, stayers, result, dice, None, ())
        events.extend(more)
    return outcome(_settle(state, result), events, dice, mark)


def hold(
    state: BattleState,
    section: str,
    dice: Dice,
    *,
    flee_to: Place | str | None = None,
    losses_order: Sequence[str] = (),
) -> Outcome:
    """The losers on ``section`` stand and test (§3.3.2): whether they could not retreat or chose not to.

    Those who fail flee (§3.3.3) to ``flee_to`` or the first adjacent section open to them.
    """
    mark = dice.mark()
    result, loser = _pending(state, section)
    target = None if flee_to is None else Place.parse(flee_to)
    state, events = _hold_tests(state, section, state.at(section, loser), result, dice, target, losses_order)
    return outcome(_settle(state, result), events, dice, mark)


def _fear_broken(state: BattleState, section: str, model: Model) -> bool:
    """§4.2: losing a combat while outnumbered by enemies causing fear means flight, without a test."""
    if _immune_to_fear(model):
        return False
    fearsome = sum(
        m.profile.unit_strength for m in state.at(section, model.side.enemy) if m.profile.causes_fear and not m.fleeing
    )
    return fearsome > 0 and fearsome > state.unit_strength(section, model.side)


def _immune_to_fear(model: Model) -> bool:
    profile = model.profile
    return profile.causes_fear or profile.has(Special.FRENZY) or profile.has(UNBREAKABLE)


def _hold_tests(
    state: BattleState,
    section: str,
    models: Sequence[Model],
    result: CombatResult,
    dice: Dice,
    flee_to: Place | None,
    losses_order: Sequence[str],
) -> tuple[BattleState, list[Event]]:
    events: list[Event] = []
    breaking: list[Model] = []
    testing: list[Model] = []
    for model in models:
        if model.profile.has(UNBREAKABLE):
            events.append(event("unbreakable_holds", "§4.3", {"model": model.id, "place": section}, (model.id,)))
        elif _fear_broken(state, section, model):
            breaking.append(model)
        else:
            testing.append(model)
    if breaking:
        broken = tuple(m.id for m in breaking)
        events.append(event("fear_outnumbered", "§4.2", {"models": broken, "place": section}, broken))
    stubborn = [m for m in testing if m.profile.has(Special.STUBBORN)]
    others = [m for m in testing if not m.profile.has(Special.STUBBORN)]
    groups = [(ld, group, result.difference) for ld, group in leadership_groups(state, others)]
    if stubborn:
        # §4.3: stubborn models test en bloc, on their leadership alone
        groups.append((max(ld for ld, _ in leadership_groups(state, stubborn)), tuple(stubborn), 0))
    failed, more = group_tests(dice, section, groups, "combat", "§3.3.2", ("break", "hold"))
    breaking.extend(failed)
    events.extend(more)
    if breaking:
        state, more = flee(state, section, breaking, dice, to=flee_to, losses_order=losses_order)
        events.extend(more)
    return state, events


def _legal_flight(state: BattleState, section: str, models: Sequence[Model]) -> Place | None:
    where = Place.parse(section)
    if not where.inside:
        # §7.1.11: climbers flee down their ladder, §12.1.5: a giant down its wall; at the wall's foot they flee on
        # the table as in the WFB rules
        if where.zone is LADDER:
            return Place(FOOT, state.ladder(where.ref).section)
        return Place(FOOT, where.ref) if where.zone is Zone.WALL else None
    # §3.5.2 lets the fleeing go down a ladder or a siege tower, §7.3.5 forbids flight through a siege tower and
    # keeps retreat: the specific rule wins, so flight goes down ladders only, whenever they came up (R35)
    ways = flight_ways(state, section, models)
    return Place.parse(ways[0]) if ways else None


def flee(
    state: BattleState,
    section: str,
    models: Sequence[Model],
    dice: Dice,
    *,
    to: Place | None = None,
    losses_order: Sequence[str] = (),
    panic: bool = False,
) -> tuple[BattleState, list[Event]]:
    """``models`` flee from ``section`` (§3.3.3): flyers are destroyed (§12.3.2); the rest lose 1 wound per enemy
    model on the section, spread by the fleeing player (``losses_order``, cheapest first by default), then the
    survivors run to ``to`` (or the first adjacent section open to them, or a ladder down, never a siege tower,
    §7.3.5) or flee where they stand. ``section`` may be outside the fort (``"ladder:L1"``, ``"foot:W3"``) for a
    panic there (§8.2.5). A ``panic`` flight (§4.1) runs first and loses wounds only when it finds no way out.
    """
    events: list[Event] = []
    flyers = [m for m in models if m.profile.has(FLYER)]
    if flyers:
        state = state.with_models(dict.fromkeys((m.id for m in flyers), None))
        gone = tuple(m.id for m in flyers)
        events.append(event("fleeing_flyers_destroyed", "§12.3.2", {"models": gone, "place": section}, gone))
    runners = [m for m in models if not m.profile.has(FLYER)]
    if not runners:
        return state, events
    if panic:
        # §4.1: « en priorité fuir vers la section/niveau adjacente »; the losses only if they cannot
        way_out = _flight_destination(state, section, runners, to)
        if way_out is not None:
            return _run(state, section, runners, way_out, events)
    remaining = _flight_losses(state, section, runners, losses_order, events)
    state = state.with_models({**remaining[1], **{m.id: replace(m, fleeing=True) for m in remaining[0]}})
    survivors = [state.model(m.id) for m in remaining[0]]
    if not survivors:
        return state, events
    destination = None if panic else _flight_destination(state, section, survivors, to)
    return _run(state, section, survivors, destination, events)


def _flight_destination(state: BattleState, section: str, models: Sequence[Model], to: Place | None) -> Place | None:
    """Where fleeing ``models`` run: ``to`` if it is open to them, else the first way open (§3.3.3), else nowhere."""
    if to is None:
        return _legal_flight(state, section, models)
    if to.zone is SIEGE_TOWER:
        # §7.3.5 over §3.5.2: no flight through a siege tower, though retreat through one is allowed
        raise IllegalAction("no_flight_through_tower", "§7.3.5", tower=to.ref)
    problem = flight_problem(state, section, models, to)
    if problem is not None:
        raise problem
    return to


def _flight_losses(
    state: BattleState, section: str, runners: Sequence[Model], losses_order: Sequence[str], events: list[Event]
) -> tuple[list[Model], dict[str, Model | None]]:
    """§3.3.3: 1 wound per enemy model on the section, spread by the fleeing player; returns the survivors and the
    changed models.
    """
    enemies = len(state.at(section, runners[0].side.enemy))
    order = {model_id: index for index, model_id in enumerate(losses_order)}
    remaining = sorted(runners, key=lambda m: (order.get(m.id, len(order)), m.profile.points, m.id))
    wounded: dict[str, Model | None] = {}
    for _ in range(enemies):
        if not remaining:
            break
        victim = remaining[0]
        hurt = replace(victim, wounds_lost=victim.wounds_lost + 1)
        if hurt.wounds_left <= 0:
            wounded[victim.id] = None
            remaining.pop(0)
        else:
            wounded[victim.id] = hurt
            remaining[0] = hurt
    dead = [model_id for model_id, m in wounded.items() if m is None]
    if enemies:
        events.append(
            event(
                "flight_losses",
                "§3.3.3",
                {"enemies": enemies, "place": section, "wounds": enemies, "dead": len(dead), "models": tuple(dead)},
                tuple(dead),
            )
        )
    return remaining, wounded


def _run(
    state: BattleState, section: str, runners: Sequence[Model], destination: Place | None, events: list[Event]
) -> tuple[BattleState, list[Event]]:
    state = state.with_models({m.id: replace(m, fleeing=True) for m in runners})
    runners = [state.model(m.id) for m in runners]
    if destination is not None:
        state = state.with_models(_moved_to(state, section, runners, destination))
    fled = tuple(m.id for m in runners)
    if destination is None:
        events.append(event("flee_where_they_stand", "§3.3.3", {"models": fled, "place": section}, fled))
    else:
        events.append(
            event("flee_to", "§3.3.3", {"models": fled, "place": section, "to_place": str(destination)}, fled)
        )
    return state, events


def _may_flee_on(state: BattleState, section: str, side: Side) -> list[Model]:
    """The ``side`` models fleeing on ``section`` that flee on now, refused when none may, once a turn: while an
    enemy stands there they must (§3.3.3); with none there they may, to an adjacent section open to them, to go
    where they can rally (§4.1 « elles peuvent donc fuir lors des tours suivants vers une section/niveau afin de
    pouvoir se rallier »)."""
    here = state.at(section, side)
    moved = state.turn_log.moved
    fleeing = [m for m in here if m.fleeing and m.id not in moved]
    if not fleeing:
        if any(m.fleeing for m in here):
            raise IllegalAction("fled_this_turn", "§3.3.3", side=side.value, place=section)
        raise IllegalAction("nobody_flees", "§3.3.3", side=side.value, place=section)
    if not state.at(section, side.enemy) and not flight_ways(state, section, fleeing):
        raise IllegalAction("nowhere_to_flee_on", "§4.1", place=section)
    return fleeing


def flee_on(
    state: BattleState,
    section: str,
    side: Side,
    dice: Dice,
    *,
    to: Place | str | None = None,
    losses_order: Sequence[str] = (),
) -> Outcome:
    """Fleeing troops flee on, once a turn, in their side's movement: a compulsory move (002) while an enemy stands
    on their section (§3.3.3), a way to rally farther off when none does (§4.1)."""
    mark = dice.mark()
    fleeing = _may_flee_on(state, section, side)
    target = None if to is None else Place.parse(to)
    state, events = flee(state, section, fleeing, dice, to=target, losses_order=losses_order)
    log = state.turn_log
    state = replace(state, turn_log=replace(log, moved=log.moved | {m.id for m in fleeing}))
    return outcome(state, events, dice, mark)


def flee_option(state: BattleState, section: str, side: Side) -> Option | None:
    """Fleeing on from ``section`` as the menu offers it (§3.3.3, §4.1): where the fleeing may run, each open to
    them all (none: they flee where they stand, with an enemy there), or ``None`` when they may not flee on."""
    try:
        fleeing = _may_flee_on(state, section, side)
    except IllegalAction:
        return None
    return Option("flee", side, section, targets=flight_ways(state, section, fleeing))


def _flights_due(state: BattleState) -> list[Obligation]:
    """The fleeing with an enemy on their section flee on before the side's movement ends (§3.3.3 « Les troupes
    continuent à fuir tant qu'il y a un ennemi », 002: a compulsory move)."""
    if state.phase is not MOVEMENT or state.over:
        return []
    side = state.active
    theirs = state.by_side_and_place[side.enemy]
    found: list[Obligation] = []
    for place, here in state.by_side_and_place[side].items():
        if place.inside and place in theirs and any(m.fleeing for m in here):
            option = flee_option(state, place.ref, side)
            if option is not None:
                found.append(Obligation("§3.3.3", "flight", place.ref, (option,), at_once=False))
    return found


RULES.append(_flights_due)


def rally_problem(state: BattleState, section: str, side: Side) -> IllegalAction | None:
    """Why the fleeing ``side`` models on ``section`` may not try to rally now, or ``None`` (§3.4):
    once a turn, not having fled this turn, with no enemy on their section (§3.3.3) and none of unit strength 5 on
    an adjacent one."""
    log = state.turn_log
    here = state.at(section, side)
    if not any(m.fleeing for m in here):
        return IllegalAction("nobody_flees", "§3.4", side=side.value, place=section)
    if not any(m.fleeing and m.id not in log.moved and m.id not in log.rally_tests for m in here):
        return IllegalAction("rally_tried", "§3.4", side=side.value, place=section)
    if state.at(section, side.enemy):
        return IllegalAction("enemies_prevent_rally", "§3.3.3", place=section)
    for neighbour in state.fort.neighbours(section):
        strength = state.unit_strength(neighbour, side.enemy)
        if strength >= RALLY_ENEMY_UNIT_STRENGTH:
            return IllegalAction(
                "enemy_near_rally", "§3.4", strength=strength, section=neighbour, most=RALLY_ENEMY_UNIT_STRENGTH
            )
    return None


def rally(state: BattleState, section: str, side: Side, dice: Dice) -> Outcome:
    """Fleeing troops on ``section`` try to rally (§3.4), once a turn, on the best leadership of any model of their
    side there, fleeing or not, +1 with a musician; rallied, they regroup as one unit and do nothing more this turn.
    """
    mark = dice.mark()
    problem = rally_problem(state, section, side)
    if problem is not None:
        raise problem
    log = state.turn_log
    fleeing = [
        m for m in state.at(section, side) if m.fleeing and m.id not in log.moved and m.id not in log.rally_tests
    ]
    everyone = state.at(section, side)
    leadership = max(m.profile.ld for m in everyone)
    musician = any(m.profile.has(MUSICIAN) for m in everyone)
    passed, roll = leadership_test(dice, leadership + musician, 0, reason("rally_roll", "§3.4", place=section))
    ids = tuple(m.id for m in fleeing)
    state = replace(state, turn_log=replace(log, rally_tests=log.rally_tests | set(ids)))
    if not passed:
        failed = event(
            "rally_failed",
            "§3.4",
            {"models": ids, "place": section, "roll": roll, "leadership": leadership + musician},
            ids,
        )
        return outcome(state, [failed], dice, mark)
    unit = f"rallied on {section}, turn {state.turn}"
    state = state.with_models({m.id: replace(m, fleeing=False, unit=unit) for m in fleeing})
    state = replace(state, turn_log=replace(state.turn_log, rallied=state.turn_log.rallied | set(ids)))
    rallied = event(
        "rally", "§3.4", {"models": ids, "place": section, "roll": roll, "leadership": leadership + musician}, ids
    )
    return outcome(state, [rallied], dice, mark)
