"""The app's side of a solo siege: the simple policies' next action, one at a time, from any state; it plays only
what the menu offers, answers what it owes, ends its own steps and never holds a game up."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bots.siege.assault import assault_setup, demo_assault
from bots.siege.solo import MAX_STEP_ACTIONS, next_action
from rules.siege import actions as a
from rules.siege.battle import action_dice, start
from rules.siege.board.engines import Ladder
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, Phase, Side
from rules.siege.game import apply, menu_options, side_of
from rules.siege.menus.legal import choose
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers


def _offered(state: BattleState, action: a.Action) -> bool:
    side = side_of(state, action)
    return any(o.name == action.name and o.side is side for o in menu_options(state))


def _step(state: BattleState) -> tuple[object, ...]:
    return (state.turn, state.active, state.phase, state.setup_turn)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_app_playing_both_sides_plays_the_siege_to_its_end_from_the_menu(seed: int) -> None:
    """§16: played action by action, each side's next action read afresh, the demo assault ends in turn 5 or 6
    (R10); every action is on the menu for its side, and no step runs long."""
    state = start(assault_setup(demo_assault()))
    played, step_actions, most = 0, 0, 0
    step = _step(state)
    while not state.over:
        assert played < 2000
        chosen = next_action(state, state.active, seed=seed, played=step_actions)
        if chosen is None:
            chosen = next_action(state, state.active.enemy, seed=seed)
        assert chosen is not None, f"stalled at {step}"
        assert _offered(state, chosen), chosen
        state = apply(state, chosen, action_dice(seed, played)).state
        played += 1
        step_actions = step_actions + 1 if _step(state) == step else 0
        most = max(most, step_actions)
        step = _step(state)
    assert state.turn in (5, 6)
    assert played > 60
    assert most < 30


def test_a_besieger_who_only_ends_his_steps_still_sees_the_siege_end() -> None:
    """A human besieger who plays nothing but what he must answer at once (§3.1.2, §3.3.2) and the end of each of
    his steps: the app's besieged never holds the game up, and the siege ends after its last turn (§16, R10)."""
    state = start(assault_setup(demo_assault()))
    for played in range(1000):
        if state.over:
            break
        chosen = next_action(state, Side.BESIEGED, seed=4)
        if chosen is None:
            owed = [o for o in pending(state) if o.options[0].side is Side.BESIEGER]
            if owed:
                option = owed[0].options[0]
                chosen = choose(state, option, *option.default())
            else:
                chosen = a.EndPhase() if state.phase not in (Phase.CLOSE_COMBAT, Phase.END) else a.EndTurn()
        state = apply(state, chosen, action_dice(4, played)).state
    assert state.over


def _climbed() -> BattleState:
    """The besieger's movement: two orcs on ladder L1 against W3, where three besieged men stand."""
    state = battle(
        besiegers(ORC, "ladder:L1", 2), besieged(MAN, "W3", 3), ladders=(Ladder("L1", "W3"),), active=Side.BESIEGER
    )
    return replace(state, phase=Phase.MOVEMENT, turn=1)


def test_the_app_as_the_besieged_pushes_back_a_climbed_ladder_in_the_besiegers_movement() -> None:
    """§7.1.6: « jusqu'à 3 figurines maximum peuvent » push back a ladder; R33: the besieger's movement does not end
    before the push-back is decided. The app, the besieged, answers in the besieger's turn with its three men."""
    state = _climbed()
    assert next_action(state, Side.BESIEGED, seed=1) == a.PushBack("L1", ("d1", "d2", "d3"))


def test_the_app_waits_for_the_other_sides_answer_before_ending_its_step() -> None:
    """R33: the app as the besieger, its climbers on L1: the besieged's push-back is owed, the step may not end,
    and the app has nothing left to play there, so it waits (``None``) rather than end its step."""
    state = _climbed()
    assert next_action(state, Side.BESIEGER, seed=1) is None
    pushed = apply(state, a.ForgoPushBack("L1"), action_dice(1, 0)).state
    climbing = next_action(pushed, Side.BESIEGER, seed=1)  # the climbers come up unopposed (§7.1.9)
    assert climbing is not None
    assert climbing.name == "charge"


def test_the_app_waits_in_the_other_sides_turn_with_nothing_to_answer() -> None:
    """§16: the set-up's first part is the besieged's: the besieger has nothing to play, the besieged ends it."""
    state = start(assault_setup(demo_assault()))
    assert (state.phase, state.active) == (Phase.SETUP, Side.BESIEGED)
    assert next_action(state, Side.BESIEGER, seed=1) is None
    assert next_action(state, Side.BESIEGED, seed=1) == a.EndPhase()


def test_the_app_ends_its_step_once_it_has_played_the_most_a_step_allows() -> None:
    """Whatever the menu still offers, a step of :data:`MAX_STEP_ACTIONS` of the app's actions ends (§16)."""
    state = _climbed()
    state = replace(state, active=Side.BESIEGED, phase=Phase.SHOOTING)
    assert next_action(state, Side.BESIEGED, seed=1, played=MAX_STEP_ACTIONS) == a.EndPhase()


def test_nothing_once_the_siege_is_over() -> None:
    state = replace(_climbed(), over=True)
    assert next_action(state, Side.BESIEGED, seed=1) is None
    assert next_action(state, Side.BESIEGER, seed=1) is None
