"""The belfry's drawbridge (*pont-levis*, 001 §8): two winchers lower it in a full turn, one hex from the rampart;
it falls on the defenders under it, who roll to be crushed.

>>> crush_result(10, armoured=True), crush_result(5, armoured=True), crush_result(5, armoured=False)
(<Crush.KILLED: 'killed'>, <Crush.STUNNED: 'stunned'>, <Crush.STEP_BACK: 'step_back'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum

from rules.dice import D10, Dice, reason
from rules.siege.board.engines import Bridge
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Place,
    Side,
    Zone,
    check_distinct,
    check_may_act,
)
from rules.siege.chapters.belfry.belfry import REACH, level_place

__all__ = ["CRUSH_ARMOUR", "WINCHERS", "Crush", "crush_result", "drop_bridges", "lower_bridge"]

WINCHERS = 2  # 001 §8
CRUSH_ARMOUR = 1  # 001 §8


class Crush(StrEnum):
    """What the falling drawbridge does to a defender under it (001 §8)."""

    STEP_BACK = "step_back"
    """1–5: *retraite d'une case sans dommage*."""
    STUNNED = "stunned"
    """6–7: *recule d'une case et est assommé*."""
    WOUNDED = "wounded"
    """8–9: *retraite d'une case et est blessé*."""
    KILLED = "killed"
    """10 (11 with armour counts as 10, R16): *tué par le pont-levis*."""


def crush_result(roll: int, *, armoured: bool) -> Crush:
    """The drawbridge's crush roll read on its table: D10, +1 for armour, 11 counts as 10 (001 §8, R16)."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 10:
        raise IllegalAction("crush_roll_out_of_range", "001 §8", roll=str(roll))
    score = min(10, roll + (CRUSH_ARMOUR if armoured else 0))
    if score <= 5:
        return Crush.STEP_BACK
    if score <= 7:
        return Crush.STUNNED
    if score <= 9:
        return Crush.WOUNDED
    return Crush.KILLED


def lower_bridge(state: BattleState, belfry_id: str, winchers: Sequence[str]) -> BattleState:
    """Two models on the winches of level 2 start lowering the drawbridge, one hex from the rampart; they do
    nothing else this turn, and it comes down as the turn ends (001 §8).
    """
    belfry = state.belfry(belfry_id)
    if belfry.bridge is not Bridge.UP:
        raise IllegalAction("drawbridge_not_up", "001 §8", belfry=belfry_id, bridge=belfry.bridge.value)
    if belfry.distance > REACH:
        raise IllegalAction(
            "drawbridge_too_far",
            "001 §8",
            belfry=belfry_id,
            distance=belfry.distance,
            section=belfry.section,
            reach=REACH,
        )
    check_distinct(winchers, "001 §8")
    if len(winchers) != WINCHERS:
        raise IllegalAction("winchers_count", "001 §8", belfry=belfry_id, need=WINCHERS, named=len(winchers))
    check_may_act(state, winchers, "lower_drawbridge")
    level_2 = level_place(belfry_id, 2)
    away = [m for m in winchers if state.model(m).place != level_2 or state.in_contact(m)]
    if away:
        raise IllegalAction("winchers_not_at_winches", "001 §8", belfry=belfry_id, models=tuple(away))
    moved = [m for m in winchers if m in state.turn_log.moved or state.turn_log.spent(m)]
    if moved:
        raise IllegalAction("winchers_moved", "001 §8", belfry=belfry_id, models=tuple(moved))
    return state.with_belfry(
        replace(belfry, bridge=Bridge.LOWERING, winchers=tuple(winchers), lowering_turn=state.turn)
    )


def drop_bridges(state: BattleState, dice: Dice) -> tuple[BattleState, list[Event]]:
    """As the besieger's turn ends, each drawbridge whose two winchers worked the whole turn comes down on its
    rampart; every defender there rolls to be crushed (001 §8). A drawbridge whose winchers fell stays up.
    """
    events: list[Event] = []
    if state.active is not Side.BESIEGER:
        return state, events
    for belfry in state.belfries:
        if belfry.bridge is not Bridge.LOWERING or belfry.lowering_turn != state.turn:
            continue
        if len(belfry.winchers) < WINCHERS:
            state = state.with_belfry(replace(belfry, bridge=Bridge.UP, winchers=()))
            events.append(Event("bridge_stuck", "001 §8", {"belfry": belfry.id}))
            continue
        state = state.with_belfry(replace(belfry, bridge=Bridge.DOWN, winchers=()))
        events.append(Event("bridge_down", "001 §8", {"belfry": belfry.id, "section": belfry.section}))
        state, more = _crush(state, belfry.id, dice)
        events.extend(more)
    return state, events


def _crush(state: BattleState, belfry_id: str, dice: Dice) -> tuple[BattleState, list[Event]]:
    belfry = state.belfry(belfry_id)
    events: list[Event] = []
    stunned: list[str] = []
    changed: dict[str, Model | None] = {}
    for model in state.at(Place(Zone.SECTION, belfry.section), Side.BESIEGED):
        armoured = model.profile.save is not None
        roll = dice.roll(D10, reason("drawbridge_falls_on", "001 §8", model=model.id))
        result = crush_result(roll, armoured=armoured)
        if result is Crush.STUNNED:
            stunned.append(model.id)
        elif result is Crush.WOUNDED:
            lost = model.wounds_lost + 1
            changed[model.id] = None if lost >= model.profile.w else replace(model, wounds_lost=lost)
        elif result is Crush.KILLED:
            changed[model.id] = None
        if armoured:  # +1 to the roll
            events.append(
                Event(
                    "crush_armoured",
                    "001 §8",
                    {"model": model.id, "roll": roll, "armour": CRUSH_ARMOUR, "result": result.value},
                    (model.id,),
                )
            )
        else:
            events.append(
                Event("crush", "001 §8", {"model": model.id, "roll": roll, "result": result.value}, (model.id,))
            )
    state = state.with_models(changed) if changed else state
    now = state.belfry(belfry_id)
    return state.with_belfry(replace(now, stunned=(*now.stunned, *stunned))), events
