"""The app's band in a solo skirmish: a plain choice among the actions possible now, one at a time; it plays only
what the engine accepts, answers an attack on its models, and never holds a skirmish up."""

from __future__ import annotations

import pytest

from bots.freres.solo import MAX_ACTIVATION_ACTIONS, PREFERENCE, next_action
from rules.freres import actions as a
from rules.freres.example import example_skirmish
from rules.freres.game import apply, problems, side_of
from rules.freres.legal import legal_actions
from rules.freres.state import Side
from rules.log import action_dice


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_app_leading_both_bands_plays_the_skirmish_to_its_end(seed: int) -> None:
    """I §1.3: the skirmish ends; every action the app plays is one the engine accepts, for the band it leads."""
    state = example_skirmish()
    run = 0
    for played in range(2000):
        if state.over:
            break
        chosen = next_action(state, Side.A, played=run) or next_action(state, Side.B, played=run)
        assert chosen is not None, "stalled"
        assert problems(state, chosen) == []
        assert chosen.name in PREFERENCE
        state = apply(state, chosen, action_dice(seed, played)).state
        run = 0 if chosen.name in ("activate", "end_activation") else run + 1
    assert state.over
    assert next_action(state, Side.A) is None
    assert next_action(state, Side.B) is None


def test_the_app_waits_while_the_other_band_is_to_play() -> None:
    """I §5: the band to play activates one of its models; the other band's app waits."""
    state = apply(example_skirmish(), a.RollInitiative(), action_dice(1, 0)).state
    to_play = state.to_play
    chosen = next_action(state, to_play)
    assert chosen is not None
    assert chosen.name == "activate"
    assert side_of(state, chosen) is to_play
    assert next_action(state, to_play.enemy) is None


def test_an_activation_at_the_most_actions_ends() -> None:
    state = apply(example_skirmish(), a.RollInitiative(), action_dice(1, 0)).state
    chosen = next_action(state, state.to_play)
    assert chosen is not None
    state = apply(state, chosen, action_dice(1, 1)).state
    assert "end_activation" in {x.name for x in legal_actions(state)}
    assert next_action(state, state.to_play, played=MAX_ACTIVATION_ACTIONS) == a.EndActivation()
