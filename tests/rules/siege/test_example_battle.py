import json

from rules.dice import Dice
from rules.siege.example import EXAMPLE_SEED, example_battle


def test_replays_from_its_seed_and_from_its_log() -> None:
    state, events, dice = example_battle(EXAMPLE_SEED)
    again, again_events, _ = example_battle(EXAMPLE_SEED)
    replayed, replayed_events, _ = example_battle(dice=Dice.replay(dice.log))
    assert state == again == replayed
    assert events == again_events == replayed_events
    assert json.dumps(state.to_json()) == json.dumps(replayed.to_json())


def test_the_assault_comes_over_ladders_and_a_tower() -> None:
    state, events, dice = example_battle(EXAMPLE_SEED)
    charges = [e.text for e in events if e.kind == "charge"]
    assert any("ladder:L1" in text for text in charges)
    assert any("ladder:L2" in text for text in charges)
    assert any("siege_tower:ST1" in text for text in charges)
    assert state.turn == 4
    assert any(e.kind == "combat_result" for e in events)
    assert len(dice.log) > 0
