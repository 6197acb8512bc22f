"""What may be played now (*les actions possibles*): the actions a page builds its buttons from.

:func:`legal_actions` lists concrete actions, each one :func:`~rules.freres.game.problems` accepts, the facts the
engine cannot see (a distance, a terrain, an angle) at plain values: a full move in clear terrain, a shot at 15 cm
straight ahead. A player may play the same action with the facts of the table.

>>> from rules.freres.example import example_skirmish
>>> legal_actions(example_skirmish())
[RollInitiative()]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.freres import actions as a
from rules.freres.actions import DEFENCES
from rules.freres.game import problems
from rules.freres.movement import Terrain, move_limit, turn_limit
from rules.freres.standard import STANDARD_RANGE_CM
from rules.freres.state import Coin, Model, Phase, Skirmish

__all__ = ["SHOT_DISTANCE_CM", "legal_actions"]

SHOT_DISTANCE_CM = 15
"""The distance the menu offers a shot, a charge and a spell at."""
STANDARD_DISTANCE_CM = {False: STANDARD_RANGE_CM, True: STANDARD_RANGE_CM + 1}
"""The distance to its standard the menu offers a model: within reach when it was not, beyond when it was (§8.1)."""


def legal_actions(state: Skirmish) -> list[a.Action]:
    """Every action the engine accepts now, with plain declared facts; nothing once the skirmish is over."""
    if state.over:
        return []
    if state.phase is Phase.INITIATIVE:
        return [a.RollInitiative()]
    return [action for action in _candidates(state) if not problems(state, action)]


def _candidates(state: Skirmish) -> Iterator[a.Action]:
    if state.pending is not None:
        for how in DEFENCES:
            yield a.Defend(state.pending.target, how)
        defender = state.model(state.pending.target).profile
        if defender.hands != "single" and not defender.ambidextrous:  # §4.5 ambidextre: its less agile hand
            yield a.Defend(state.pending.target, off_hand=True)
        return
    if state.active is None:
        for model in state.in_play(state.to_play):
            if model.coin is Coin.TAILS:
                yield a.Activate(model.id)
        return
    model = state.model(state.active)
    yield from _own(state, model)
    for enemy in state.in_play(model.side.enemy):
        if enemy.coin is not Coin.TAKEN and enemy.profile.missile is not None:
            yield a.ReactionShot(enemy.id, model.id, SHOT_DISTANCE_CM)
    yield a.EndActivation()


def _own(state: Skirmish, model: Model) -> Iterator[a.Action]:
    mid = model.id
    if state.spent == 0:
        yield a.StorePA(mid)
    yield a.Rally(mid)
    room = min(
        move_limit(model.kind, Terrain.CLEAR, model.profile.A, model.encumbered),
        turn_limit(model.kind) - model.moved_cm,
    )
    yield a.Turn(mid)
    yield a.Turn(mid, wide=True)
    if room > 0:
        yield a.Move(mid, room)
        yield a.Run(mid, room)
        yield a.Run(mid, room, sprint=True)
    yield a.Run(mid, 5, frenzied=True)
    yield a.Move(mid, 5, jumps=1)
    for action in (a.StandUp, a.LieDown, a.Crawl, a.TakeCover, a.Climb, a.FleeCombat, a.Reload, a.Unjam):
        yield action(mid)
    yield a.Hide(mid)
    yield a.Recover(mid)
    yield a.Memorise(mid)
    yield a.PickUp(mid)
    yield a.Mount(mid)
    for comrade in state.in_play(model.side):
        yield a.RaiseComrade(mid, comrade.id)
    yield from _sundry(state, model)
    for enemy in state.in_play(model.side.enemy):
        eid = enemy.id
        yield a.Strike(mid, eid)
        yield a.Strike(mid, eid, hard=2, on_critical="table")
        yield a.Charge(mid, eid, 5)
        yield a.Move(mid, 5, contact=eid)
        yield a.Shoot(mid, eid, SHOT_DISTANCE_CM)
        yield a.Shoot(mid, eid, SHOT_DISTANCE_CM, aim=2)
        yield a.Cast(mid, eid, SHOT_DISTANCE_CM)
        yield a.Cast(mid, eid, SHOT_DISTANCE_CM, search=True)
        yield a.Scrutinise(mid, eid, 20)
        if enemy.on_ground and model.mounted:
            yield a.Move(mid, 5, trample=eid)
    yield from _arms(state, model)


def _sundry(state: Skirmish, model: Model) -> Iterator[a.Action]:
    """The table of other actions (§9): a head cut off each dead model, a friend out of the fight carried."""
    mid = model.id
    yield a.Open(mid)
    yield a.OpenConan(mid)
    yield a.Draw(mid)
    yield a.Sheathe(mid)
    yield a.SetDown(mid)
    for other in state.models:
        if other.out == "killed":
            yield a.Behead(mid, other.id)
        elif other.out is not None and other.side is model.side:
            yield a.Carry(mid, other.id)


def _arms(state: Skirmish, model: Model) -> Iterator[a.Action]:
    """The weapon of its less agile hand (§4.5), its missiles (§5.2), its mount (§10.2.2), its band's standard
    fallen with its bearer (§9) and its distance to the standard (§8.1)."""
    mid = model.id
    if model.profile.hands != "single" and not model.profile.ambidextrous:
        for enemy in state.in_play(model.side.enemy):
            yield a.Strike(mid, enemy.id, off_hand=True)
    yield a.ChangeMagazine(mid)
    yield a.RecoverMissile(mid)
    yield a.LeapMount(mid)
    for fallen in state.models:
        if fallen.side is model.side and not fallen.in_play and fallen.bears_standard:
            yield a.TakeStandard(mid, fallen.id)
    friends = state.in_play(model.side)
    if any(m.bears_standard for m in friends):
        for friend in friends if model.bears_standard else (model,):
            if not friend.bears_standard:
                yield a.StandardDistance(mid, friend.id, STANDARD_DISTANCE_CM[friend.near_standard])
