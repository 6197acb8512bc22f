"""The battle state: quotas by kind of section, places, the JSON form of the state and its turn log (every
record the chapters keep survives a round trip), deployment limits and the passing of turns.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.siege.board.engines import Budget, Fire, Ladder, Liquid, Mine, MineGoal, SiegeTower
from rules.siege.board.fort import SectionKind
from rules.siege.board.state import BattleState, IllegalAction, Place, Side, TurnLog, Zone, end_turn, quota
from tests.rules.siege.builders import KNIGHT, MAN, ORC, battle, besieged, besiegers, lost, ram_at_the_main_gate


@pytest.mark.parametrize(
    ("kind", "per_side"),
    [
        pytest.param(SectionKind.WALL_WALK, 15, id="§1.7-wall-walk-15-a-side"),
        pytest.param(SectionKind.TOWER, 15, id="§1.7-tower-15-a-side"),
        pytest.param(SectionKind.STAIRS, 15, id="§1.7-stairs-15-a-side"),
        pytest.param(SectionKind.COURTYARD, 30, id="§1.7-courtyard-30-a-side"),
    ],
)
def test_quota(kind: SectionKind, per_side: int) -> None:
    # §1.7, R15: 30 / 60 in all is two full sides
    assert quota(kind) == per_side


@pytest.mark.parametrize(
    ("text", "place"),
    [
        pytest.param("W3", Place(Zone.SECTION, "W3"), id="section"),
        pytest.param("foot:W3", Place(Zone.FOOT, "W3"), id="foot-of-the-wall"),
        pytest.param("ladder:L1", Place(Zone.LADDER, "L1"), id="ladder"),
        pytest.param("siege_tower:ST1", Place(Zone.SIEGE_TOWER, "ST1"), id="siege-tower"),
    ],
)
def test_place_round_trip(text: str, place: Place) -> None:
    assert Place.parse(text) == place
    assert str(place) == text


def test_battle_state_json_round_trip() -> None:
    state = battle(
        besieged(MAN, "W3", 5),
        besiegers(ORC, "ladder:L1", 3),
        besiegers(ORC, "siege_tower:ST1", 2, "t"),
        besiegers(ORC, "foot:W3", 2, "f"),
        results=[lost("W3", Side.BESIEGED)],
    )
    data = json.loads(json.dumps(state.to_json()))
    assert BattleState.from_json(data) == state


@pytest.mark.parametrize(
    "log",
    [
        pytest.param(TurnLog(dug=True), id="§10.3-the-turn-s-sapping-roll"),
        pytest.param(TurnLog(door_breakers=(("P1", "a1"), ("P1", "a2"))), id="§6.2-the-turn-s-door-breakers"),
    ],
)
def test_turn_log_json_round_trip(log: TurnLog) -> None:
    """A saved battle remembers what its turn log forbids for the rest of the turn."""
    data = json.loads(json.dumps(log.to_json()))
    assert TurnLog.from_json(data) == log


def test_deployment_over_quota_is_refused() -> None:
    # §1.7
    with pytest.raises(IllegalAction) as refused:
        battle(besieged(MAN, "W1", 16))
    assert str(refused.value) == "§1.7: section_overfilled (section=W1, most=15, side=besieged, held=16)"


def test_cavalry_deploys_in_courtyards_only() -> None:
    # §3.2.3
    with pytest.raises(IllegalAction) as error:
        battle(besieged(KNIGHT, "W1", 1))
    assert error.value.clause == "§3.2.3"


def test_cavalry_counts_two_for_occupancy() -> None:
    # §3.2.3, R15
    state = battle(besieged(KNIGHT, "C1", 15))
    assert state.occupancy("C1", Side.BESIEGED) == 30
    with pytest.raises(IllegalAction) as refused:
        battle(besieged(KNIGHT, "C1", 15), besieged(MAN, "C1", 1, "m"))
    assert refused.value.code == "section_overfilled"
    assert refused.value.params["held"] == 31


def test_end_turn_passes_the_hand_and_counts_game_turns() -> None:
    state = battle(besieged(MAN, "W1", 1))
    second = end_turn(state)
    third = end_turn(second)
    assert (second.active, second.turn) == (Side.BESIEGED, 1)
    assert (third.active, third.turn) == (Side.BESIEGER, 2)


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


def test_rich_state_json_round_trip() -> None:
    state = ram_at_the_main_gate(covered=True)
    state = replace(
        state,
        fires=(Fire("ram:R1", 2, True, 1),),
        mine=Mine(MineGoal.TUNNEL, ("a", "b"), ("c",), 4, False, True, False, 2),
        budgets=((Side.BESIEGED, Budget(100, 1500, ("rock",))),),
        heroism_tokens=2,
        last_turn=5,
        siege_towers=(SiegeTower("ST1", "W2", 5, ("x",)),),
    )
    state = state.with_works(replace(state.works_of("W1"), damage=3, silenced=1, braziers=(Liquid.OIL,), rocks=1))
    state = state.with_penalty(["d1"], 2)
    dead = state.with_models({"d2": None})
    data = json.loads(json.dumps(dead.to_json()))
    assert BattleState.from_json(data) == dead
    assert dead.fallen[0].id == "d2"
