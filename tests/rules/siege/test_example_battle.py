import json
import re

import pytest

from rules.dice import read_reason
from rules.siege.battle import Battle, replay_events
from rules.siege.example import EXAMPLE_SEED, example_battle


def test_replays_from_its_seed_and_from_its_log() -> None:
    state, events, battle = example_battle(EXAMPLE_SEED)
    again, again_events, _ = example_battle(EXAMPLE_SEED)
    replayed, replayed_events = replay_events(battle)
    assert state == again == replayed
    assert events == again_events == replayed_events
    assert json.dumps(state.to_json()) == json.dumps(replayed.to_json())


def test_the_example_stored_as_json_replays_to_the_same_state_and_events() -> None:
    state, events, battle = example_battle(EXAMPLE_SEED)
    stored = json.dumps(battle.to_json())
    replayed, replayed_events = replay_events(Battle.from_json(json.loads(stored)))
    assert replayed == state
    assert replayed_events == events
    assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)


def test_the_besieged_plays_first() -> None:
    """§16: the besieged plays the first turn, the besieger the second half of it."""
    _, _, battle = example_battle(EXAMPLE_SEED)
    movers = [e.action for e in battle.entries if e.action.name == "move"]
    assert movers[0].to_json()["to"] == "C1"  # the reserve marches before any besieger moves


def test_the_assault_comes_over_ladders_and_a_tower() -> None:
    state, events, battle = example_battle(EXAMPLE_SEED)
    rolls = [r for e in battle.entries for r in e.rolls]
    charges = [e.params["from_place"] for e in events if e.kind == "charge"]
    assert "ladder:L1" in charges
    assert "ladder:L2" in charges
    assert "siege_tower:ST1" in charges
    assert state.turn == 4
    assert any(e.kind == "combat_result" for e in events)
    assert len(rolls) > 0


def test_the_ram_the_catapult_the_oil_and_the_mine_all_act() -> None:
    """§7.2.4 once a besieger turn, §5.9 a catapult hit a besieger turn on T3, §8.2.5 the one oil brazier is
    spent, §10.3 a mining roll a besieger turn until the foundations are reached (then W4 takes D4+1: 2 to 5).
    """
    state, events, _ = example_battle(EXAMPLE_SEED)
    kinds = [e.kind for e in events]
    assert kinds.count("ram") == 3
    assert sum(1 for e in events if e.kind == "structure_damage" and e.params["section"] == "T3") == 3
    assert any(e.clause == "§8.2.5" for e in events)
    assert state.works_of("W3").braziers == ()
    assert state.mine is not None
    assert 1 <= kinds.count("mining") <= 3
    if state.mine.finished:
        assert 2 <= state.works_of("W4").damage <= 5


@pytest.mark.parametrize("seed", range(16))
def test_every_seed_plays_to_the_end_and_replays_from_its_log(seed: int) -> None:
    """The demo takes any seed: its script respects the wall's quota of 15 a side as each ladder's climbers arrive
    (§1.7), and each battle replays exactly from its roll log, every roll naming its clause.
    """
    state, events, battle = example_battle(seed)
    assert replay_events(battle) == (state, events)
    assert all(re.match(r"(§\d|R\d)", _clause(roll.reason)) for entry in battle.entries for roll in entry.rolls)


def _clause(why: str) -> str:
    """The clause a roll's reason names: its own (:func:`rules.dice.reason`), or the head of a sentence."""
    read = read_reason(why)
    return read[1] if read is not None else why
