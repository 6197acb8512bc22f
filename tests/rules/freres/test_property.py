"""Random skirmishes drawn from the menus (003 II §1–§10): every action :func:`legal_actions` offers is played
without a refusal, nothing raises but a refusal (an action drawn at random, legal or not, is refused with its
clause or played), PA and characteristics stay in their ranges, and the log replays to the state reached, through
its JSON form too.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.freres import actions as act
from rules.freres.battle import Battle, Setup, play, replay
from rules.freres.cards import CardVariants
from rules.freres.example import example_models
from rules.freres.game import problems
from rules.freres.legal import legal_actions
from rules.freres.state import IllegalAction, Skirmish

MODEL_IDS = ("a1", "a2", "a3", "b1", "b2", "b3", "zz")


def _any_action() -> st.SearchStrategy[act.Action]:
    """An action of any kind with arbitrary values, most of them illegal. Built once (:data:`ANY_ACTION`): Hypothesis
    checks a strategy the first time it draws from it, which for this one costs more than the game it is drawn in."""
    ids = st.sampled_from(MODEL_IDS)
    small = st.integers(-3, 25)
    return st.one_of(
        st.builds(act.Activate, ids),
        st.builds(act.EndActivation),
        st.builds(act.RollInitiative),
        st.builds(
            act.Move, ids, small, st.sampled_from(["clear", "rough", "lava"]), st.sampled_from(["open", "hidden"])
        ),
        st.builds(act.Run, ids, small, st.just("clear"), st.booleans(), st.booleans()),
        st.builds(act.Strike, ids, ids, small, st.booleans(), st.booleans(), st.sampled_from(["zero", "table", "x"])),
        st.builds(act.Charge, ids, ids, small),
        st.builds(act.Defend, ids, st.sampled_from([*act.DEFENCES, "pray"])),
        st.builds(act.Shoot, ids, ids, small, small, st.booleans()),
        st.builds(act.Cast, ids, ids, small, small, st.booleans()),
        st.builds(act.Scrutinise, ids, ids, small),
        st.builds(act.StorePA, ids),
        st.builds(act.Rally, ids),
        st.builds(act.Recover, ids),
        st.builds(act.Behead, ids, ids),
        st.builds(act.Carry, ids, ids),
        st.builds(act.SetDown, ids),
        st.builds(act.OpenConan, ids),
        st.builds(act.Sheathe, ids),
        st.builds(act.Draw, ids),
    )


ANY_ACTION = _any_action()

VARIANTS = (
    CardVariants(),
    CardVariants(tens=True),
    CardVariants(characters=True),
    CardVariants(lucky_joker=True),
    CardVariants(tens=True, characters=True, lucky_joker=True),
)


def _within_ranges(state: Skirmish) -> None:
    assert state.pa_left >= 0
    for model in state.models:
        assert 0 <= model.pa <= model.profile.PA
        assert model.out is not None or model.pa > 0  # §2.6.1: no PA, out of action
    for a, b in state.contacts:
        assert state.model(a).in_play
        assert state.model(b).in_play
        assert state.model(a).side is not state.model(b).side


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), st.integers(min_value=0, max_value=2**32), st.booleans(), st.sampled_from(VARIANTS))
def test_random_skirmishes_from_the_menus_keep_the_rules_and_replay(
    data: st.DataObject, seed: int, cards: bool, variants: CardVariants
) -> None:
    """With the d10, or the cards and their variants (I §4)."""
    battle = Battle(Setup(example_models(), cards=cards, card_variants=variants if cards else CardVariants()), seed)
    state = replay(battle)
    for _ in range(data.draw(st.integers(20, 160), label="length")):
        stray = data.draw(ANY_ACTION, label="stray")
        refusals = problems(state, stray)
        if refusals:
            assert all(r.clause.startswith("§") for r in refusals)
            with pytest.raises(IllegalAction):
                play(battle, stray, state=state)
        else:
            play(battle, stray, state=state)  # accepted: it plays, and the battle goes on without it
        menu = legal_actions(state)
        if not menu:
            assert state.over
            break
        action = data.draw(st.sampled_from(menu), label="action")
        assert problems(state, action) == []
        battle, result = play(battle, action, state=state)
        state = result.state
        _within_ranges(state)
    assert replay(battle) == state
    assert replay(Battle.from_json(battle.to_json())) == state
