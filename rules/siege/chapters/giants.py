"""Giants scaling a wall (*escalader une muraille*, §12.1.5).

A giant that starts its movement at the foot of a rampart section may climb its outer face; on a 6 it falls back
outside. On the wall, up to six enemies of normal size on the rampart may block it
(:func:`~rules.siege.chapters.blocking.block` with ``"climb:G1"``); the blocking rules apply: they strike first at +1 to
hit, and no combat result follows (§6.3.3, §6.3.4). The giant answers with its sweep only (*attaque de balayage*), on
them alone, and reaches the rampart once every blocker is dead and its quota has room for it (§1.7); unblocked, it steps
onto the rampart in its movement (:func:`~rules.siege.chapters.movement.move` from ``"wall:W3"`` to ``"W3"``).

Readings, the seed being short:

- The fall (*les mêmes règles de chute*): where the hoisters' ladder falls on a D6 outside, on the rampart or into
  the courtyard (§7.1.4), the giant falls outside only, so no roll places it: it lands at the foot of its wall and,
  as climbers thrown down from a ladder pushed back (§7.1.6), takes a wound unless it passes a basic save without
  its shield.
- The sweep: the seed gives no number of hits, so it is the WFB giant's *Swing with club*: D6 hits, here D6 − 1
  and so possibly none, that need no roll to hit and wound at the giant's strength. They fall on the blockers in
  turn, one each before any takes a second.
- The fall test and the panic test follow the wounds the blockers deal in a round; a wound from the fall itself
  brings neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rules.dice import D6, Dice, reason
from rules.siege.board.engines import Climb
from rules.siege.board.profiles import Creature
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Place,
    Zone,
    outcome,
    within_quota,
)
from rules.siege.board.values import replace
from rules.siege.chapters.blocking import BLOCKER_BONUS, strike
from rules.siege.chapters.hits import hit_models, save_or_suffer
from rules.siege.chapters.melee import strength
from rules.siege.chapters.psychology import PanicCause, panic_test

__all__ = ["FALLS_ON", "SWEEP_PENALTY", "GiantAttack", "climb_wall", "fight_climbing_giant", "sweep_hits"]

FALLS_ON = 6  # §12.1.5: a 6 and the giant falls back
SWEEP_PENALTY = 1  # §12.1.5: its club catches in the crenels


class GiantAttack(StrEnum):
    """The WFB giant's special attacks; on a wall it may use the sweep only (§12.1.5)."""

    SWEEP = "sweep"
    """*attaque de balayage*, the WFB *Swing with club*."""
    THUMP = "thump"
    """*Thump with club*, on one model."""
    PICK_UP = "pick_up"
    JUMP_UP_AND_DOWN = "jump_up_and_down"
    YELL_AND_BAWL = "yell_and_bawl"


def sweep_hits(roll: int) -> int:
    """The hits of the sweep from its D6 ``roll``: one fewer, so a 1 does nothing (§12.1.5).

    >>> [sweep_hits(roll) for roll in range(1, 7)]
    [0, 1, 2, 3, 4, 5]
    """
    return max(0, roll - SWEEP_PENALTY)


def _giant(state: BattleState, giant_id: str) -> Model:
    model = state.model(giant_id)
    if model.profile.creature is not Creature.GIANT:
        raise IllegalAction("not_a_giant", "§12.1.5", model=giant_id)
    return model


def climb_wall(state: BattleState, giant_id: str, dice: Dice) -> Outcome:
    """The giant starts its movement at the foot of a rampart section and climbs its wall (§12.1.5): a D6, on a 6
    it falls back outside and its movement is over; otherwise it is on the wall, where the enemy may block it.
    """
    mark = dice.mark()
    giant = _giant(state, giant_id)
    if giant.side is not state.active:
        raise IllegalAction("climb_in_own_turn", "§12.1.5", model=giant_id, active=state.active.value)
    if giant.place.zone is not Zone.FOOT or giant_id in state.turn_log.moved:
        raise IllegalAction(
            "climb_from_foot",
            "§12.1.5",
            model=giant_id,
            place=str(giant.place),
            moved=giant_id in state.turn_log.moved,
        )
    if giant.fleeing or state.in_contact(giant_id):
        raise IllegalAction("giant_not_free", "§12.1.5", model=giant_id)
    section = giant.place.ref
    if not state.fort.section(section).is_rampart:
        raise IllegalAction("no_wall_to_climb", "§12.1.5", section=section)
    roll = dice.roll(D6, reason("giant_climb_roll", "§12.1.5", model=giant_id, section=section))
    if roll >= FALLS_ON:
        state, events = _fall(state, giant_id, roll, dice)
        log = state.turn_log
        return outcome(replace(state, turn_log=replace(log, moved=log.moved | {giant_id})), events, dice, mark)
    state = state.with_models({giant_id: replace(giant, place=Place(Zone.WALL, section))}).with_climb(Climb(giant_id))
    return outcome(
        state,
        [Event("giant_climbs", "§12.1.5", {"model": giant_id, "roll": roll, "section": section}, (giant_id,))],
        dice,
        mark,
    )


def _fall(state: BattleState, giant_id: str, roll: int, dice: Dice) -> tuple[BattleState, list[Event]]:
    """§12.1.5 with §7.1.4 and §7.1.6: the giant falls outside only, to the foot of its wall, and takes a wound
    unless it passes a basic save without its shield.
    """
    giant = state.model(giant_id)
    foot = Place(Zone.FOOT, giant.place.ref)
    state = state.with_models({giant_id: replace(giant, place=foot)})
    events = [Event("giant_falls", "§12.1.5", {"model": giant_id, "roll": roll, "place": str(foot)}, (giant_id,))]
    falling = reason("giant_fall_save", "§12.1.5", model=giant_id)
    state, more, _ = save_or_suffer(state, [giant_id], dice, falling, "§12.1.5", wounds=1)
    return state, [*events, *more]


def fight_climbing_giant(
    state: BattleState,
    giant_id: str,
    dice: Dice,
    *,
    attack: GiantAttack = GiantAttack.SWEEP,
    targets: Sequence[str] = (),
) -> Outcome:
    """A round between a giant on the wall and its blockers (§12.1.5). Each blocker strikes first at +1 to hit
    (§6.3.3); the giant, if it lives, sweeps: D6 − 1 hits on ``targets`` (its blockers, by default in the order they
    came), one each in turn. Wounded, it tests not to fall (a 6 and it falls outside), then takes a panic test,
    though blockers bring no test otherwise (§6.3.4). With every blocker dead it reaches the rampart.
    """
    mark = dice.mark()
    giant = _giant(state, giant_id)
    blockers = state.climb(giant_id).blockers
    if attack is not GiantAttack.SWEEP:
        raise IllegalAction("giant_only_sweeps", "§12.1.5", attack=attack.value)
    if not blockers:
        raise IllegalAction("giant_not_blocked", "§12.1.5", model=giant_id)
    strays = tuple(t for t in targets if t not in blockers)
    if strays:
        raise IllegalAction(
            "giant_sweeps_blockers", "§12.1.5", model=giant_id, blocker_models=blockers, stray_models=strays
        )
    section = giant.place.ref
    kind = state.fort.section(section).kind
    events: list[Event] = []
    for blocker_id in blockers:
        state, more, killed = strike(
            state, blocker_id, giant_id, state.model(blocker_id).profile.a, BLOCKER_BONUS, kind, dice, verb="blocks"
        )
        events.extend(more)
        if killed:
            return outcome(state, events, dice, mark)
    roll = dice.roll(D6, reason("giant_sweep_roll", "§12.1.5", model=giant_id))
    alive = [t for t in (targets or blockers) if t in state.climb(giant_id).blockers]
    swept = [alive[n % len(alive)] for n in range(sweep_hits(roll))]
    events.append(Event("giant_sweeps", "§12.1.5", {"model": giant_id, "roll": roll, "hits": len(swept)}, (giant_id,)))
    sweeping = reason("giant_sweep_wounds", "§12.1.5", model=giant_id)
    state, more, _ = hit_models(state, swept, strength(giant, kind), dice, sweeping, "§12.1.5")
    events.extend(more)
    if state.model(giant_id).wounds_lost > giant.wounds_lost:
        hold = dice.roll(D6, reason("giant_hold_roll", "§12.1.5", model=giant_id))
        if hold >= FALLS_ON:
            state, more = _fall(state, giant_id, hold, dice)
            events.extend(more)
        else:
            events.append(Event("giant_holds", "§12.1.5", {"model": giant_id, "roll": hold}, (giant_id,)))
        where = str(state.model(giant_id).place)
        panic = panic_test(state, where, giant.side, PanicCause.CLIMBING_WOUNDED, dice, units={giant.unit})
        state = panic.state
        events.extend(panic.events)
    now = state.model(giant_id)
    if now.place.zone is Zone.WALL and not now.fleeing and not state.climb(giant_id).blockers:
        if not within_quota(state, section, [now])[0]:
            # §1.7: a full rampart keeps the giant on its wall; it steps on in a movement once there is room
            events.append(Event("giant_no_room", "§1.7", {"model": giant_id, "section": section}, (giant_id,)))
            return outcome(state, events, dice, mark)
        log = state.turn_log
        state = state.with_models({giant_id: replace(now, place=Place(Zone.SECTION, section))})
        state = replace(state, turn_log=replace(log, arrived=log.arrived | {giant_id}, moved=log.moved | {giant_id}))
        events.append(Event("giant_on_rampart", "§12.1.5", {"model": giant_id, "section": section}))
    return outcome(state, events, dice, mark)
