"""Psychology inside the fort (§4): panic tied to a section, fear and terror when charged, frenzy and hatred.

Tests are taken per section/level for every model of one side there, on the best leadership of a character
present, allies included (§4.1). The losses shooting and magic cause in a step are counted by the engine
(:func:`count_casualties`); a quarter of a side's models on a section owes a panic test before the step ends
(:func:`casualty_panic`), the side testing choosing where those who fail flee.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from rules.dice import Dice
from rules.fast.members import TERROR
from rules.siege.board.obligations import RULES, Obligation
from rules.siege.board.options import Option
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Event, IllegalAction, Model, Outcome, Phase, Place, Side, outcome
from rules.siege.board.turn_log import Casualties
from rules.siege.board.values import replace
from rules.siege.chapters.morale import flee, flight_problem, flight_ways, group_tests, leadership_groups
from rules.validation import BadValue

__all__ = [
    "IGNORED_PANIC",
    "PanicCause",
    "casualty_panic",
    "charge_psychology",
    "count_casualties",
    "holds_the_section",
    "needs_casualty_test",
    "panic_test",
    "panic_tests",
]

_MISSILE_STEPS = frozenset({Phase.MAGIC, Phase.SHOOTING})


class PanicCause(StrEnum):
    CASUALTIES = "casualties"
    """25 % of a side's models on a section lost to shooting or magic in one phase."""
    FLEEING_FRIENDS_NEARBY = "fleeing_friends_nearby"
    """friends breaking within 15 cm."""
    FLEEING_FRIENDS_PASSING = "fleeing_friends_passing"
    """fleeing friends within 10 cm."""
    SECTION_WIPED_OUT = "section_wiped_out"
    """every model of a section killed in one turn."""
    SCALDED = "scalded"
    """a loss to boiling oil or molten lead: a test at the first loss (§8.2.5, §8.2.6)."""
    CLIMBING_WOUNDED = "climbing_wounded"
    """a giant wounded by its blockers while scaling a wall (§12.1.5)."""


IGNORED_PANIC = frozenset(
    {
        PanicCause.FLEEING_FRIENDS_NEARBY,  # §4.1
        PanicCause.FLEEING_FRIENDS_PASSING,  # §4.1
        PanicCause.SECTION_WIPED_OUT,  # §4.1
    }
)


def needs_casualty_test(present: int, lost: int) -> bool:
    """Whether losing ``lost`` of the ``present`` models of a side on a section in a phase is 25 % (§4.1)."""
    if present < 0 or lost < 0 or lost > present:
        raise BadValue(
            f"lost must be between 0 and present ({present}), got {lost}",
            name="lost",
            value=lost,
            low=0,
            high=max(present, 0),
        )
    return present > 0 and 4 * lost >= present


def _immune(model: Model) -> bool:
    profile = model.profile
    return profile.has(Special.FRENZY) or profile.has(Special.UNBREAKABLE)


def panic_test(
    state: BattleState,
    section: str,
    side: Side,
    cause: PanicCause,
    dice: Dice,
    *,
    present: int = 0,
    lost: int = 0,
    flee_to: Place | str | None = None,
    units: Collection[str] | None = None,
) -> Outcome:
    """A panic test for every ``side`` model on ``section`` (§4.1); ``present`` and ``lost`` count models for a
    casualty test. Those who fail flee: to an adjacent section open to them, else they lose 1 wound per enemy
    there, else they flee where they stand. Outside the fort (``"foot:W3"``, ``"ladder:L1"``) only the ``units``
    that suffered test, as units do in the open (§3.5).
    """
    mark = dice.mark()
    if cause in IGNORED_PANIC:
        ignored = Event("no_panic_test_in_siege", "§4.1", {"cause": cause.value, "section": section})
        return outcome(state, [ignored], dice, mark)
    if cause is PanicCause.CASUALTIES and not needs_casualty_test(present, lost):
        few = Event("losses_under_quarter", "§4.1", {"lost": lost, "present": present, "section": section})
        return outcome(state, [few], dice, mark)
    if cause is PanicCause.SCALDED and lost < 1:
        return outcome(state, [Event("no_scalding_loss", "§8.2.5", {"section": section})], dice, mark)
    models = [m for m in state.at(section, side) if not m.fleeing and (units is None or m.unit in units)]
    testing = [m for m in models if not _immune(m)]
    if not models:
        raise IllegalAction("nobody_to_test", "§4.1", side=side.value, section=section)
    groups = [(ld, group, 0) for ld, group in leadership_groups(state, testing)]
    breaking, events = group_tests(dice, section, groups, "panic", "§4.1", ("panic", "steady"))
    if breaking:
        target = None if flee_to is None else Place.parse(flee_to)
        state, more = flee(state, section, breaking, dice, to=target, panic=True)
        events.extend(more)
    return outcome(state, events, dice, mark)


def count_casualties(before: BattleState, after: BattleState) -> BattleState:
    """``after`` with the models an action of the shooting or magic step killed since ``before`` counted in the
    turn's log (§4.1 « Les tests dus aux 25% de pertes à la magie et au tir sont comptabilisés »): on a section of
    the fort for the whole side there, « indépendamment des unités ou des races »; outside it for each unit, as in
    the open (§3.5). The first loss of a step at a place counts the models there before it.
    """
    fallen = after.fallen[len(before.fallen) :]
    if not fallen or before.phase not in _MISSILE_STEPS:
        return after
    phase = before.phase.value
    counted = list(after.turn_log.casualties)
    for model in fallen:
        place = model.place
        unit = None if place.inside else model.unit
        for index, known in enumerate(counted):
            if (known.phase, known.place, known.side, known.unit) == (phase, str(place), model.side, unit):
                # a model come there after the first loss and killed too counts among those present
                counted[index] = replace(known, lost=known.lost + 1, present=max(known.present, known.lost + 1))
                break
        else:
            there = before.at(place, model.side)
            present = len(there) if unit is None else sum(1 for m in there if m.unit == unit)
            counted.append(Casualties(phase, str(place), model.side, unit, present, 1))
    return replace(after, turn_log=replace(after.turn_log, casualties=tuple(counted)))


def _due(state: BattleState, place: str, side: Side) -> list[Casualties]:
    """The panic tests the losses of this step call for at ``place`` for ``side`` (§4.1), one for each unit outside
    the fort, and with a model left to test."""
    phase = state.phase.value
    here = state.at(place, side)
    return [
        known
        for known in state.turn_log.casualties
        if known.phase == phase
        and known.place == place
        and known.side is side
        and known.due
        and any(not m.fleeing and (known.unit is None or m.unit == known.unit) for m in here)
    ]


def _casualty_tests(state: BattleState) -> list[Obligation]:
    """The panic tests owed for losses to shooting or magic in this step, before it ends (002: « L'adversaire doit
    effectuer les tests de panique requis » once the shots are resolved; §4.1)."""
    log = state.turn_log
    if not log.casualties or state.phase not in _MISSILE_STEPS:
        return []
    found: list[Obligation] = []
    seen: set[tuple[str, Side]] = set()
    for known in log.casualties:
        key = (known.place, known.side)
        if key in seen or not known.due:
            continue
        seen.add(key)
        if _due(state, known.place, known.side):
            option = Option("panic_test", known.side, known.place, targets=_ways(state, known.place, known.side))
            found.append(Obligation("§4.1", "panic_test", known.place, (option,), at_once=False))
    return found


RULES.append(_casualty_tests)


def panic_tests(state: BattleState) -> list[Option]:
    """The panic tests the step owes, as the menu offers them (§4.1): where the models who fail may flee, each way
    open to all of them (none: the first way the rules find, or where they stand)."""
    return [o for obligation in _casualty_tests(state) for o in obligation.options]


def _ways(state: BattleState, place: str, side: Side) -> tuple[str, ...]:
    where = Place.parse(place)
    if not where.inside:
        return ()  # §3.5: outside the fort the fleeing run down their ladder or on the table, as the rules place them
    return flight_ways(state, place, [m for m in state.at(where, side) if not m.fleeing])


def casualty_panic(
    state: BattleState,
    place: str,
    side: Side,
    dice: Dice,
    *,
    present: int | None = None,
    lost: int | None = None,
    flee_to: str | None = None,
    units: Collection[str] | None = None,
) -> Outcome:
    """The panic test ``side`` owes at ``place`` for its losses to shooting or magic in this step (§4.1), counted by
    the engine in the turn's log (:func:`count_casualties`); outside the fort each unit that lost 25 % tests on its
    own. ``present`` and ``lost``, if given, must be the engine's count; ``flee_to`` is where those who fail run,
    open to every model testing.
    """
    due = [c for c in _due(state, place, side) if units is None or c.unit in units]
    if not due:
        raise IllegalAction("no_panic_due", "§4.1", side=side.value, place=place)
    counted = (sum(c.present for c in due), sum(c.lost for c in due))
    if (present is not None and present != counted[0]) or (lost is not None and lost != counted[1]):
        raise IllegalAction(
            "losses_miscounted",
            "§4.1",
            side=side.value,
            place=place,
            lost=counted[1],
            present=counted[0],
            said_lost=lost,
            said_present=present,
        )
    target = None if flee_to is None else Place.parse(flee_to)
    if target is not None and not Place.parse(place).inside:
        raise IllegalAction("flight_placed_outside", "§3.5", place=place)
    if target is not None:
        # where the failed run is checked before the dice: open to all who test, so to those who fail
        testing = [m for m in state.at(place, side) if not m.fleeing]
        problem = flight_problem(state, place, testing, target)
        if problem is not None:  # §4.1: a way open to a flight, by its usual rules
            raise IllegalAction(
                "panic_flight_refused", "§4.1", side=side.value, place=place, to_place=str(target), why=problem.code
            )
    mark = dice.mark()
    events: list[Event] = []
    for known in due:
        tested = panic_test(
            state,
            place,
            side,
            PanicCause.CASUALTIES,
            dice,
            present=known.present,
            lost=known.lost,
            flee_to=target,
            units=None if known.unit is None else {known.unit},
        )
        state, more = tested.state, tested.events
        events.extend(more)
        log = state.turn_log
        state = replace(
            state,
            turn_log=replace(
                log, casualties=tuple(replace(c, tested=True) if c == known else c for c in log.casualties)
            ),
        )
    return outcome(state, events, dice, mark)


def charge_psychology(
    state: BattleState, section: str, chargers: Sequence[Model], dice: Dice
) -> tuple[BattleState, list[Event]]:
    """Fear and terror of the models charged on ``section`` (§4.2). Terror acts on this section only and its
    failure means flight; a failed fear test means flight when outnumbered by the fearsome enemies (unit
    strength), otherwise hitting only on 6s this turn.
    """
    side = chargers[0].side.enemy
    terror = any(m.profile.has(TERROR) for m in chargers)
    fear = any(m.profile.causes_fear for m in chargers)
    if not fear:
        return state, []
    charged = [m for m in state.at(section, side) if not m.fleeing]
    testing = [m for m in charged if not (_immune(m) or m.profile.causes_fear or (terror and m.profile.has(TERROR)))]
    if not testing:
        return state, []
    fearsome = sum(m.profile.unit_strength for m in state.at(section, side.enemy) if m.profile.causes_fear)
    outnumbered = fearsome > state.unit_strength(section, side)
    groups = [(ld, group, 0) for ld, group in leadership_groups(state, testing)]
    failed, events = group_tests(dice, section, groups, "terror" if terror else "fear", "§4.2", ("failed", "steady"))
    # §4.2: terror, or fear while outnumbered, means flight; fear alone, hitting on 6s only
    breaking = failed if terror or outnumbered else []
    afraid = [] if terror or outnumbered else failed
    if afraid:
        log = state.turn_log
        state = replace(state, turn_log=replace(log, afraid=log.afraid | {m.id for m in afraid}))
    if breaking:
        state, more = flee(state, section, breaking, dice)
        events.extend(more)
    return state, events


def holds_the_section(model: Model) -> bool:
    """Frenzied and hating troops must clear their section of enemies before leaving it, and never disengage
    (§4.2).
    """
    return model.profile.has(Special.FRENZY) or model.profile.has(Special.HATRED)
