"""The strong bot (flat Monte Carlo over the menu, scored by victory points, §17): its candidates, its ranking with
a budget of games (exact for a seed), its time budget, and a whole game against the simple policies."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from bots.siege.policies import orders_for, play_out
from bots.siege.strong import Duel, Ranked, candidates, decide, rank
from rules.siege import actions as a
from rules.siege.board.engines import Ladder
from rules.siege.board.state import BattleState, Phase, Side
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers


def _ladder_climbed() -> BattleState:
    """The besieger's movement in turn 1: four orcs on ladder L1 against W3, three men free on W3 beside it."""
    state = battle(besiegers(ORC, "ladder:L1", 4), besieged(MAN, "W3", 3), ladders=(Ladder("L1", "W3"),))
    return replace(state, phase=Phase.MOVEMENT, turn=1)


def _last_turn_ends() -> BattleState:
    """The end step of the besieger's turn 6, the game's last (§16): three men hold W3, four orcs at its foot."""
    state = battle(besiegers(ORC, "foot:W3", 4), besieged(MAN, "W3", 3), ladders=())
    return replace(state, phase=Phase.END, turn=6, last_turn=6, first=Side.BESIEGED)


def test_the_candidates_at_a_push_back_are_to_push_with_three_or_to_let_it_go() -> None:
    """§7.1.6: « Une figurine au moins est requise pour repousser une échelle et jusqu'à 3 figurines maximum peuvent
    le faire »; R33: push back or forgo. The besieged's candidates: the push with all three men, or forgoing it;
    the besieger's: its own actions of the step, with neither the end of the step nor of the turn while the
    push-back waits (R33)."""
    state = _ladder_climbed()
    assert candidates(state, Side.BESIEGED) == [a.PushBack("L1", ("d1", "d2", "d3")), a.ForgoPushBack("L1")]
    assert not {"end_phase", "end_turn"} & {x.name for x in candidates(state, Side.BESIEGER)}


def test_pushing_back_four_climbers_with_three_men_is_ranked_first() -> None:
    """§7.1.6: with two helpers the ladder falls on 4+ and each climber takes a wound unless saved; let go, four orcs
    reach the rampart against three men. Pushing back is the better answer by expected victory points (§17)."""
    ranked = rank(_ladder_climbed(), Side.BESIEGED, seed=7, max_games=60)
    assert [r.action.name for r in ranked] == ["push_back", "forgo_push_back"]
    assert [r.games for r in ranked] == [30, 30]  # round-robin: the games shared out alike
    assert ranked[0].expected_vp > ranked[1].expected_vp
    assert decide(_ladder_climbed(), Side.BESIEGED, seed=7, max_games=60) == a.PushBack("L1", ("d1", "d2", "d3"))


def test_a_budget_of_games_gives_the_same_ranking_for_a_seed() -> None:
    first = rank(_ladder_climbed(), Side.BESIEGED, seed=11, max_games=10)
    assert first == rank(_ladder_climbed(), Side.BESIEGED, seed=11, max_games=10)
    assert sum(r.games for r in first) == 10


def test_the_score_is_the_sides_victory_points_less_the_enemys() -> None:
    """§16: the game ends with the besieger's turn 6. §17.2: « 4 points pour chaque section de rempart contrôlée »:
    the besieged hold W3, three men against none (R11), and nothing else is held or lost. Ending the turn, the only
    candidate, scores 0 - 4 for the besieger in every game."""
    state = _last_turn_ends()
    assert candidates(state, Side.BESIEGER) == [a.EndTurn()]
    assert candidates(state, Side.BESIEGED) == []
    assert rank(state, Side.BESIEGER, seed=1, max_games=3) == [Ranked(a.EndTurn(), -4.0, 3)]


def test_a_side_with_nothing_to_choose_gets_no_ranking_and_no_action() -> None:
    state = _last_turn_ends()
    assert rank(state, Side.BESIEGED, seed=1, max_games=3) == []
    assert decide(state, Side.BESIEGED, seed=1) is None
    assert decide(state, Side.BESIEGER, seed=1) == a.EndTurn()  # the only one: no game needed


def test_a_budget_of_no_games_ranks_in_the_menus_order_with_no_games() -> None:
    ranked = rank(_ladder_climbed(), Side.BESIEGED, seed=1, max_games=0)
    assert [(r.action.name, r.expected_vp, r.games) for r in ranked] == [
        ("push_back", 0.0, 0),
        ("forgo_push_back", 0.0, 0),
    ]


@pytest.mark.parametrize(("budget", "games", "message"), [(0.0, None, "budget_s"), (1.0, -1, "max_games")])
def test_a_budget_that_cannot_be_is_refused(budget: float, games: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank(_ladder_climbed(), Side.BESIEGED, seed=1, budget_s=budget, max_games=games)


def test_a_decision_stays_within_its_time_budget() -> None:
    began = time.perf_counter()
    ranked = rank(_ladder_climbed(), Side.BESIEGED, seed=3, budget_s=1.0)
    elapsed = time.perf_counter() - began
    assert elapsed <= 1.0 * 1.1
    assert all(r.games >= 1 for r in ranked)


def test_the_ranking_goes_to_json_in_codes_and_numbers() -> None:
    (best, _) = rank(_ladder_climbed(), Side.BESIEGED, seed=7, max_games=4)
    data = best.to_json()
    assert data["action"] == {"format": data["action"]["format"], "action": "push_back", "ladder": "L1",
                              "pushers": ["d1", "d2", "d3"], "blocker": None}  # fmt: skip
    assert data["games"] == 2
    assert isinstance(data["expected_vp"], float)


def test_a_duel_plays_the_game_to_its_end_with_the_strong_bot_deciding() -> None:
    """The simple besieger against the strong besieged, from the ladder: the game reaches its end (§16), the strong
    bot deciding its push-back (§7.1.6) among others."""
    state = replace(_ladder_climbed(), first=Side.BESIEGED)
    game = Duel(state, 5, orders_for(state), Side.BESIEGED, max_games=4)
    play_out(game)
    assert game.state.over
    assert game.decisions >= 1
