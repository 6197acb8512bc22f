"""After a close combat and when nerves fail (§3.3–§3.5, §4): retreat, holding, flight and rally.

*retraite* (§3.3.2): the losers of a combat leave their section en bloc for one adjacent section, before any test.
*tenir le terrain*: those who cannot or will not retreat take a leadership test, less the combat result difference.
*fuite* (§3.3.3): fleeing troops lose 1 wound per enemy model on their section, then run to an adjacent section.
*ralliement* (§3.4): fleeing troops far enough from the enemy test on the best leadership on their section.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.dice import D6, Dice
from rules.siege.fort import SectionKind
from rules.siege.obligations import RULES, Obligation
from rules.siege.options import Option
from rules.siege.profiles import Special
from rules.siege.state import (
    BattleState,
    CombatResult,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Phase,
    Place,
    Side,
    Zone,
    outcome,
    quota,
)
from rules.siege.turn_log import event
from rules.siege.values import replace
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

# enum members bound once: on Python 3.11 reading one from its class goes through EnumType.__getattr__
_COURTYARD = SectionKind.COURTYARD
_BESIEGER = Side.BESIEGER
_CHARACTER = Special.CHARACTER
_FLYER = Special.FLYER
_FRENZY = Special.FRENZY
_MUSICIAN = Special.MUSICIAN
_STUBBORN = Special.STUBBORN
_UNBREAKABLE = Special.UNBREAKABLE
_MOVEMENT = Phase.MOVEMENT
_FOOT = Zone.FOOT
_LADDER = Zone.LADDER
_SECTION = Zone.SECTION
_SIEGE_TOWER = Zone.SIEGE_TOWER
_WALL = Zone.WALL

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
    characters = [m for m in state.at(section, side) if m.profile.has(_CHARACTER) and not m.fleeing]
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


def leadership_test(dice: Dice, leadership: int, lost_by: int, reason: str) -> tuple[bool, int]:
    """2D6 against ``leadership`` less ``lost_by``; returns whether it passed and the roll."""
    roll = dice.total(D6, 2, reason)
    return break_test_passes(min(leadership, MAX_LEADERSHIP), lost_by, roll), roll


def group_tests(
    dice: Dice,
    section: str,
    groups: Iterable[tuple[int, Sequence[Model], int]],
    test: str,
    clause: str,
    verdicts: tuple[str, str],
) -> tuple[list[Model], list[Event]]:
    """Each ``(leadership, models, lost_by)`` group on ``section`` takes its ``test`` on 2D6; ``verdicts`` name a
    failure and a pass. Returns the models that failed and the events.
    """
    failed: list[Model] = []
    events: list[Event] = []
    for ld, group, lost_by in groups:
        passed, roll = leadership_test(dice, ld, lost_by, f"{clause} {test} {section}")
        against = f"Ld {ld} - {lost_by}" if lost_by else f"Ld {ld}"
        events.append(
            event(
                f"{test}_test",
                clause,
                f"{len(group)} models on {section} roll {roll} against {against} for {test}: {verdicts[passed]}",
                tuple(m.id for m in group),
            )
        )
        if not passed:
            failed.extend(group)
    return failed, events


def _section_of(place: Place) -> str:
    if not place.inside:
        raise IllegalAction(f"{place} is not a section of the fort", "§1.1")
    return place.ref


def retreat_problem(state: BattleState, section: str, movers: Sequence[Model], to: Place) -> str | None:
    """Why ``movers`` cannot leave ``section`` en bloc for ``to`` (§3.3.2, §3.5.2), or ``None`` when they can."""
    side = movers[0].side
    count = sum(m.profile.connection_ratio for m in movers)
    if to.inside:
        if state.fort.connection(section, to.ref) is None:
            return f"{to.ref} is not adjacent to {section} (§3.3.2)"
        if state.at(to, side.enemy):
            return f"{to.ref} holds enemy models (§3.3.2)"
        destination = state.fort.section(to.ref)
        held = state.occupancy(to, side) + sum(m.profile.ratio for m in movers)
        if held > quota(destination.kind):
            return (
                f"{destination.kind} {to.ref} would hold {held} {side} models, more than {quota(destination.kind)} "
                "(§1.7)"
            )
        capacity = state.fort.capacity(section, to.ref)
        if count > capacity:
            return f"{count} models cannot pass the {section}–{to.ref} connection, which takes {capacity} (§2.1.1)"
        if destination.kind is not _COURTYARD and any(m.profile.is_cavalry for m in movers):
            return f"cavalry stays in the courtyards, not {to.ref} (§3.2.3)"
        return None
    # §3.5.2: back outside by a ladder or a siege tower, for besiegers who came up this turn
    if side is not _BESIEGER or not all(m.id in state.turn_log.arrived for m in movers):
        return "only besiegers who set foot on the rampart this turn may retreat outside (§3.5.2)"
    if count > OUTSIDE_RETREAT:
        return f"{count} models cannot go down {to}, at most {OUTSIDE_RETREAT} (§3.5.2)"
    if to.zone is _LADDER:
        return _down_the_ladder(state, section, movers, to)
    if to.zone is _SIEGE_TOWER:
        # §3.5.2, §7.3.5: retreat goes through a siege tower even with friends inside (flight never does, see flee)
        if state.siege_tower(to.ref).section != section:
            return f"siege tower {to.ref} does not stand against {section} (§3.5.2)"
        return None
    return f"troops cannot retreat to {to} (§3.3.2)"


def _down_the_ladder(state: BattleState, section: str, movers: Sequence[Model], to: Place) -> str | None:
    """Why ``movers`` cannot go down ladder ``to`` from ``section`` to the wall's foot (§3.5.2, §7.1.11), or
    ``None``: a ladder raised against the section from outside, no friend on it, at most 4 models who may use a
    ladder."""
    ladder = state.ladder(to.ref)
    if ladder.section != section or not ladder.raised or ladder.courtyard is not None:
        return f"ladder {to.ref} does not stand against {section} from outside (§3.5.2)"
    if state.at(to, movers[0].side):
        return f"ladder {to.ref} is blocked by a friendly model on it (§3.5.2)"
    count = sum(m.profile.connection_ratio for m in movers)
    if count > OUTSIDE_RETREAT:
        return f"{count} models cannot go down {to}, at most {OUTSIDE_RETREAT} (§3.5.2, §7.1.11)"
    unfit = [m.id for m in movers if not m.profile.may_climb_ladders]
    if unfit:
        return f"{', '.join(unfit)} never use a ladder (§12.1.1, §12.2)"
    return None


def flight_problem(state: BattleState, section: str, models: Sequence[Model], to: Place) -> str | None:
    """Why fleeing ``models`` cannot run from ``section`` to ``to``, or ``None``: an adjacent section as a retreat
    (§3.3.3, §4.1), or for the besieger a ladder raised against the section, whenever they came up (R35, §7.1.11);
    never a siege tower (§7.3.5)."""
    if to.zone is _LADDER:
        if models[0].side is not _BESIEGER:
            return "the besieged never leave the fort (§11.1)"
        return _down_the_ladder(state, section, models, to)
    if to.zone is _SIEGE_TOWER:
        return f"no flight through siege tower {to.ref} (§7.3.5)"
    if not to.inside:
        return f"troops cannot flee to {to} (§3.3.3)"
    return retreat_problem(state, section, models, to)


def flight_ways(state: BattleState, section: str, models: Sequence[Model]) -> tuple[str, ...]:
    """Where fleeing ``models`` on the fort's ``section`` may run, each open to them all: the adjacent sections a
    retreat may reach (§3.3.3, §4.1), then, for the besieger, the ladders raised against it (R35, §7.1.11)."""
    ways = [
        n for n in state.fort.neighbours(section) if retreat_problem(state, section, models, Place(_SECTION, n)) is None
    ]
    if models and models[0].side is _BESIEGER:
        ways += [
            f"ladder:{x.id}"
            for x in state.ladders
            if x.section == section and _down_the_ladder(state, section, models, Place(_LADDER, x.id)) is None
        ]
    return tuple(ways)


def _moved_to(state: BattleState, section: str, models: Sequence[Model], to: Place) -> dict[str, Model | None]:
    """The models after going from ``section`` to ``to``; outside, they end at the wall's foot (§3.5.2)."""
    if to.inside or to.zone is _FOOT:
        return {m.id: replace(m, place=to) for m in models}
    foot = Place(_FOOT, section)
    if to.zone is _SIEGE_TOWER:
        # §3.5.2: placed apart from the friendly regiment, a unit of their own for rallying
        return {m.id: replace(m, place=foot, unit=f"{m.unit} ({to.ref})") for m in models}
    return {m.id: replace(m, place=foot) for m in models}


def _pending(state: BattleState, section: str) -> tuple[CombatResult, Side]:
    result = state.result(section)
    loser = None if result is None else result.loser_to_react
    if result is None or loser is None:
        raise IllegalAction(f"no lost combat on {section} waits for a retreat or a test (§3.3.2)", "§3.3.2")
    return result, loser


def _settle(state: BattleState, result: CombatResult) -> BattleState:
    return state.with_result(replace(result, settled=True))


def stays(model: Model) -> bool:
    """Unbreakable troops never retreat (§4.3); flyers never retreat but test to hold (§12.3.2)."""
    return model.profile.has(_UNBREAKABLE) or model.profile.has(_FLYER)


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
        raise IllegalAction(f"no {loser} model on {section} can retreat (§4.3, §12.3.2)", "§3.3.2")
    problem = retreat_problem(state, section, movers, destination)
    if problem is not None:
        raise IllegalAction(f"the {loser} models on {section} cannot retreat: {problem}", "§3.3.2")
    state = state.with_models(_moved_to(state, section, movers, destination))
    events = [
        event(
            "retreat",
            "§3.3.2",
            f"{len(movers)} {loser} models retreat from {section} to {destination}",
            tuple(m.id for m in movers),
        )
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
    return profile.causes_fear or profile.has(_FRENZY) or profile.has(_UNBREAKABLE)


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
        if model.profile.has(_UNBREAKABLE):
            events.append(event("holds", "§4.3", f"{model.id} is unbreakable and holds {section}", (model.id,)))
        elif _fear_broken(state, section, model):
            breaking.append(model)
        else:
            testing.append(model)
    if breaking:
        events.append(
            event(
                "fear",
                "§4.2",
                f"outnumbered by fearsome enemies, {len(breaking)} models on {section} flee",
                tuple(m.id for m in breaking),
            )
        )
    stubborn = [m for m in testing if m.profile.has(_STUBBORN)]
    others = [m for m in testing if not m.profile.has(_STUBBORN)]
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
        if where.zone is _LADDER:
            return Place(_FOOT, state.ladder(where.ref).section)
        return Place(_FOOT, where.ref) if where.zone is _WALL else None
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
    flyers = [m for m in models if m.profile.has(_FLYER)]
    if flyers:
        state = state.with_models(dict.fromkeys((m.id for m in flyers), None))
        events.append(
            event("destroyed", "§12.3.2", f"fleeing flyers on {section} are destroyed", tuple(m.id for m in flyers))
        )
    runners = [m for m in models if not m.profile.has(_FLYER)]
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
    if to.zone is _SIEGE_TOWER:
        # §7.3.5 over §3.5.2: no flight through a siege tower, though retreat through one is allowed
        raise IllegalAction(
            f"the fleeing models on {section} cannot flee through siege tower {to.ref} (§7.3.5)", "§7.3.5"
        )
    problem = flight_problem(state, section, models, to)
    if problem is not None:
        raise IllegalAction(f"the fleeing models on {section} cannot run to {to}: {problem}", "§3.3.3")
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
                f"{enemies} enemy models on {section}: the fleeing lose {enemies} wounds, {len(dead)} models die",
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
    where = f"where they stand on {section}" if destination is None else f"from {section} to {destination}"
    events.append(event("flee", "§3.3.3", f"{len(runners)} models flee {where}", tuple(m.id for m in runners)))
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
            raise IllegalAction(f"the fleeing {side} models on {section} have fled this turn (§3.3.3)", "§3.3.3")
        raise IllegalAction(f"no {side} model flees on {section} (§3.3.3)", "§3.3.3")
    if not state.at(section, side.enemy) and not flight_ways(state, section, fleeing):
        raise IllegalAction(
            f"no enemy on {section} and no section open to flee to: the fleeing stay and may rally (§3.3.3, §4.1)",
            "§4.1",
        )
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
    if state.phase is not _MOVEMENT or state.over:
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


def rally_problem(state: BattleState, section: str, side: Side) -> tuple[str, str] | None:
    """Why the fleeing ``side`` models on ``section`` may not try to rally now, with its clause, or ``None`` (§3.4):
    once a turn, not having fled this turn, with no enemy on their section (§3.3.3) and none of unit strength 5 on
    an adjacent one."""
    log = state.turn_log
    here = state.at(section, side)
    if not any(m.fleeing for m in here):
        return f"no {side} model flees on {section} (§3.4)", "§3.4"
    if not any(m.fleeing and m.id not in log.moved and m.id not in log.rally_tests for m in here):
        return f"the fleeing {side} models on {section} have fled or tried to rally this turn (§3.4)", "§3.4"
    if state.at(section, side.enemy):
        return f"enemies stand on {section}: the fleeing cannot rally (§3.3.3)", "§3.3.3"
    for neighbour in state.fort.neighbours(section):
        strength = state.unit_strength(neighbour, side.enemy)
        if strength >= RALLY_ENEMY_UNIT_STRENGTH:
            text = (
                f"enemies of unit strength {strength} on adjacent {neighbour}: no rally within reach of unit strength "
                f"{RALLY_ENEMY_UNIT_STRENGTH} (§3.4)"
            )
            return text, "§3.4"
    return None


def rally(state: BattleState, section: str, side: Side, dice: Dice) -> Outcome:
    """Fleeing troops on ``section`` try to rally (§3.4), once a turn, on the best leadership of any model of their
    side there, fleeing or not, +1 with a musician; rallied, they regroup as one unit and do nothing more this turn.
    """
    mark = dice.mark()
    problem = rally_problem(state, section, side)
    if problem is not None:
        raise IllegalAction(*problem)
    log = state.turn_log
    fleeing = [
        m for m in state.at(section, side) if m.fleeing and m.id not in log.moved and m.id not in log.rally_tests
    ]
    everyone = state.at(section, side)
    leadership = max(m.profile.ld for m in everyone)
    musician = any(m.profile.has(_MUSICIAN) for m in everyone)
    passed, roll = leadership_test(dice, leadership + musician, 0, f"§3.4 rally {section}")
    ids = tuple(m.id for m in fleeing)
    state = replace(state, turn_log=replace(log, rally_tests=log.rally_tests | set(ids)))
    if not passed:
        text = f"{len(fleeing)} fleeing models on {section} roll {roll} against Ld {leadership + musician}: no rally"
        return outcome(state, [event("rally_failed", "§3.4", text, ids)], dice, mark)
    unit = f"rallied on {section}, turn {state.turn}"
    state = state.with_models({m.id: replace(m, fleeing=False, unit=unit) for m in fleeing})
    state = replace(state, turn_log=replace(state.turn_log, rallied=state.turn_log.rallied | set(ids)))
    text = f"{len(fleeing)} models rally on {section} (roll {roll} against Ld {leadership + musician})"
    return outcome(state, [event("rally", "§3.4", text, ids)], dice, mark)
