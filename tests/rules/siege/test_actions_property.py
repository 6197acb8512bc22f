"""Random battles drawn from the menus: nothing raises but a refusal, no §1.7 quota is ever passed, models appear
or vanish only through events, and the log replays to the state reached.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.siege.battle import Battle, play, replay, replay_events, start
from rules.siege.board.state import BattleState, IllegalAction, Side, quota
from rules.siege.game import Option, choose, menu_options
from tests.rules.siege.menu_walk import crowded_setup

ENDINGS = frozenset({"end_phase", "end_turn"})


def _within_quotas(state: BattleState) -> list[str]:
    """§1.7, R15: sections holding more of a side than their quota, counted with ratios."""
    return [
        f"{section.id}: {state.occupancy(section.id, side)} {side}"
        for section in state.fort.sections
        for side in Side
        if state.occupancy(section.id, side) > quota(section.kind)
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), st.integers(min_value=0, max_value=2**32))
def test_random_battles_from_the_menus_keep_the_rules_and_replay(data: st.DataObject, seed: int) -> None:
    setup = crowded_setup()
    battle = Battle(setup, seed)
    state = start(setup)
    played = 0
    refusals: list[str] = []
    for _ in range(data.draw(st.integers(min_value=20, max_value=120), label="length")):
        menu = menu_options(state)
        if not menu:
            break
        moves = [o for o in menu if o.name not in ENDINGS]
        # R33: while an obligation waits, the step does not end and the menu offers no ending
        ending = len(moves) < len(menu) and (not moves or data.draw(st.integers(0, 7), label="end?") == 0)
        option: Option = data.draw(st.sampled_from([o for o in menu if (o.name in ENDINGS) == ending]))
        actors = data.draw(
            st.lists(st.sampled_from(option.actors), min_size=1, max_size=8, unique=True)
            if option.actors
            else st.just([])
        )
        target = data.draw(st.sampled_from(option.targets)) if option.targets else None
        action = choose(state, option, actors, target)
        before = {m.id for m in state.models}
        try:
            battle, result = play(battle, action, state=state)
        except IllegalAction as refused:
            refusals.append(refused.clause)
            continue
        played += 1
        after = {m.id for m in result.state.models}
        named = {model for event in result.events for model in event.models}
        assert (before ^ after) <= named, f"{action.name}: {sorted((before ^ after) - named)} changed with no event"
        assert _within_quotas(result.state) == [], action.name
        state = result.state
    assert len(battle.entries) == played
    assert all(clause.startswith(("§", "R", "002")) for clause in refusals), refusals
    assert replay(battle) == state
    assert replay_events(battle)[0] == state
