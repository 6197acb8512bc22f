"""The battle state keeps what the chapter 5–10 rules record, through its JSON form."""

from __future__ import annotations

import json
from dataclasses import replace

from rules.siege.engines import Budget, Ladder, Liquid, Mine, MineGoal
from rules.siege.state import BattleState, Side, TurnLog
from tests.rules.siege.builders import MAN, battle, besieged


def test_the_new_records_survive_a_json_round_trip() -> None:
    """§7.1.8 a drawn ladder fight, §8.2.1 and §14.2 the purchases placed and a bare brazier, §6.2 an unlocked
    postern, §10.4 this turn's mining dice, §6.3.3 and §9.2 the turn's duels and volleys.
    """
    state = battle(besieged(MAN, "W3", 1), ladders=(Ladder("L1", "W3", duel="d1"),))
    state = replace(
        state,
        budgets=((Side.BESIEGED, Budget(0, 1500, ("brazier", "stones"), ("brazier",))),),
        mine=Mine(MineGoal.FOUNDATIONS, ("s1",), score=8, finished=True, undermined="W2", damage_roll=3),
        turn_log=TurnLog(
            flaming_volleys=frozenset({"unit:Bows"}),
            plain_volleys=frozenset({"section:W2"}),
            duels=frozenset({"gate:P1"}),
            pushers=frozenset({"d1"}),
            defenders=frozenset({"d2"}),
            disembarked=frozenset({"ST1"}),
        ),
    )
    state = state.with_works(replace(state.works_of("W3"), braziers=(None, Liquid.OIL)))
    state = state.with_gate(replace(state.gate("P1"), unlocked=True))
    again = BattleState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.works_of("W3").braziers == (None, Liquid.OIL)
    assert again.ladder("L1").duel == "d1"
