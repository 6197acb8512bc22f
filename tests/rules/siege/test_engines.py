"""Gates (§6), ladders (§7.1), rams (§7.2, R3), siege towers (§7.3), fire (§9, R1), costs (§14, R14): actions on
the battle state and their refusals by clause.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege import costs, fire, gates, ladders, rams, siege_towers
from rules.siege.blocking import block, fight_blocker
from rules.siege.engines import Budget, Fire, Liquid, Mine, MineGoal, Ram, SiegeTower
from rules.siege.game_length import end_player_turn
from rules.siege.state import BattleState, IllegalAction, Ladder, Side
from tests.rules.siege.builders import (
    GIANT,
    MAN,
    OGRE,
    ORC,
    TREEMAN,
    battle,
    besieged,
    besiegers,
    dice,
    next_turn,
    refused,
)

STRONG = replace(ORC, name="Strong orc", s=4)
BRUTE = replace(ORC, name="Brute", s=6)
"""S6 wounds a postern's T8 and the main gate's T9 on 6s: an attack on either rolls."""


def _ram_battle(carriers: int = 6, covered: bool = False) -> BattleState:
    state = battle(besiegers(STRONG, "foot:C1", carriers, "r"), besieged(MAN, "C1", 2))
    state = replace(state, rams=(Ram("R1", covered=covered),))
    state = rams.carry_ram(state, "R1", [f"r{n}" for n in range(1, carriers + 1)])
    return rams.bring_ram(state, "R1", "G1")


def test_ram_strikes_the_main_gate() -> None:
    """§7.2.4, R3: 6 carriers, S6 against T9 wounds on 6; S4 carriers do D4+1."""
    result = rams.use_ram(_ram_battle(), "R1", dice(6, 3))
    assert result.state.gate("G1").structure_points == 3


def test_covered_ram_strikes_twice_the_second_for_1() -> None:
    """§7.2.3, §7.2.4, R3."""
    result = rams.use_ram(_ram_battle(covered=True), "R1", dice(6, 1, 6))
    assert result.state.gate("G1").structure_points == 7 - 2 - 1


def test_wrecked_covered_ram_swings_on_5_plus() -> None:
    """§7.2.3: a 4 and it cannot be used."""
    state = _ram_battle(covered=True)
    state, _ = rams.damage_ram(state, "R1", 4)
    assert state.ram("R1").wrecked
    result = rams.use_ram(state, "R1", dice(4))
    assert result.state.gate("G1").structure_points == 7


@pytest.mark.parametrize(
    ("carriers", "move", "speed"),
    [
        pytest.param(6, 8, 4, id="§7.2.1-6-carriers-half"),
        pytest.param(8, 8, 4, id="§7.2.1-8-carriers-half"),
        pytest.param(9, 8, 8, id="§7.2.1-9-carriers-full"),
    ],
)
def test_ram_speed(carriers: int, move: int, speed: int) -> None:
    assert rams.ram_speed(carriers, move) == speed


@pytest.mark.parametrize(
    ("crew", "cm"),
    [
        pytest.param(10, 20, id="§7.3.3-10-crew-20cm"),
        pytest.param(9, 15, id="§7.3.3-9-crew-15cm"),
        pytest.param(7, 0, id="§7.3.3-7-crew-immobile"),
    ],
)
def test_tower_move(crew: int, cm: int) -> None:
    assert siege_towers.tower_move(crew) == cm


@pytest.mark.parametrize(
    ("carriers", "move", "speed"),
    [
        pytest.param(4, 8, 8, id="§7.1.1-4-carriers-full"),
        pytest.param(3, 8, 4, id="§7.1.1-3-carriers-half"),
        pytest.param(6, 8, 8, id="§7.1.1-6-carriers-max"),
    ],
)
def test_ladder_speed(carriers: int, move: int, speed: int) -> None:
    assert ladders.carrying_speed(carriers, move) == speed


def _carried(count: int = 4) -> BattleState:
    state = battle(besiegers(ORC, "foot:W3", count, "c"), besieged(MAN, "W3", 3), ladders=())
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False),))
    return ladders.pick_up_ladder(state, "L1", [f"c{n}" for n in range(1, count + 1)])


def test_erect_and_climb_then_push_back() -> None:
    """§7.1.4, §7.1.5, §7.1.6: 4 climb; two helpers make a 4+; a 4 pushes it back; the climbers save without
    shields (orcs have none: no save) and take 1 wound each, dying at W1.
    """
    state = ladders.erect_ladder(_carried(), "L1", "W3", ["c1", "c2", "c3", "c4"]).state
    assert len(state.at("ladder:L1")) == 4
    pushed = ladders.push_back(state, "L1", ["d1", "d2", "d3"], dice(4))
    assert not pushed.state.ladder("L1").raised
    assert len(pushed.state.fallen) == 4
    assert {"d1", "d2", "d3"} <= pushed.state.turn_log.exposed


def test_failed_push_back_lets_one_pusher_block() -> None:
    """§7.1.7: the blocker is one of the pushers and is not exposed."""
    state = ladders.erect_ladder(_carried(), "L1", "W3", ["c1", "c2"]).state
    held = ladders.push_back(state, "L1", ["d1", "d2"], dice(3), blocker="d1")
    assert held.state.ladder("L1").blocker == "d1"
    assert "d1" not in held.state.turn_log.exposed
    # §7.1.7: blocker first at +2 (WS3 vs 3: 4+ becomes 2+), S3 vs T4 wounds on 5+; c1 falls, c2 steps up
    # for the second combat (§6.3.3) and falls too
    duel = fight_blocker(held.state, "ladder:L1", ["c1", "c2"], dice(2, 5, 2, 5))
    assert {m.id for m in duel.state.fallen} == {"c1", "c2"}


GOOD_LADDER = _carried()
ERECTED_3 = replace(
    GOOD_LADDER,
    ladders=(*GOOD_LADDER.ladders, *(Ladder(f"X{n}", "W3") for n in range(3))),
    turn_log=replace(GOOD_LADDER.turn_log, erected=frozenset({"X0", "X1", "X2"})),
)


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(lambda: ladders.erect_ladder(ERECTED_3, "L1", "W3"), "§7.1.4", id="§7.1.4-erect-3-per-section"),
        pytest.param(lambda: ladders.erect_ladder(GOOD_LADDER, "L1", "C1"), "§7.1.4", id="§7.1.4-ramparts-only"),
        pytest.param(lambda: ladders.erect_ladder(GOOD_LADDER, "L1", "W3", ["c1"]), "§7.1.5", id="§7.1.5-climb-2-to-4"),
        pytest.param(lambda: _carried(1), "§7.1.1", id="§7.1.1-never-one-carrier"),
        pytest.param(lambda: _carried(7), "§7.1.1", id="§7.1.1-six-carriers-max"),
        pytest.param(lambda: ladders.push_back(GOOD_LADDER, "L1", ["d1"], dice()), "§7.1.6", id="§7.1.6-not-raised"),
        pytest.param(lambda: _ram_battle(carriers=5), "§7.2.1", id="§7.2.1-six-carriers-min"),
        pytest.param(lambda: _twice(), "R3", id="R3-one-use-a-phase"),
        pytest.param(lambda: siege_towers.push_tower(_tower(8), "ST1", 20), "§7.3.3", id="§7.3.3-8-crew-moves-15"),
        pytest.param(lambda: gates.reinforce_gate(_gate_battle(), "G1", ["d1"]), "§6.4", id="§6.4-two-reinforcers"),
        pytest.param(lambda: block(_gate_battle(), "d1", "gate:G1"), "§6.3.5", id="§6.3.5-main-gate-ratio-2"),
        pytest.param(lambda: block(_gate_battle(OGRE), "d1", "gate:P1"), "§6.3.1", id="§6.3.1-blocker-on-the-section"),
        pytest.param(
            lambda: gates.attack_gate(_gate_battle(), "P1", ["f1", "f2", "f3"], dice()), "§6.2", id="§6.2-two-attackers"
        ),
    ],
)
def test_refusals(action: Callable[[], object], clause: str) -> None:
    with pytest.raises(IllegalAction) as error:
        action()
    assert error.value.clause == clause


def _twice() -> object:
    once = rams.use_ram(_ram_battle(), "R1", dice(1)).state
    return rams.use_ram(once, "R1", dice(1))


def _tower(crew: int) -> BattleState:
    state = battle(besiegers(ORC, "siege_tower:ST1", crew, "t"), towers=(SiegeTower("ST1", None),))
    return state.with_siege_tower(SiegeTower("ST1", None, crew=tuple(f"t{n}" for n in range(1, crew + 1))))


@pytest.mark.parametrize(
    ("crew", "distance", "message"),
    [
        pytest.param(
            10,
            -5,
            r"^§7.3.3: tower_push_distance \(tower=ST1, crew=10, most=20, distance=-5\)$",
            id="§7.3.3-no-negative-distance",
        ),
        pytest.param(
            8,
            20,
            r"^§7.3.3: tower_push_distance \(tower=ST1, crew=8, most=15, distance=20\)$",
            id="§7.3.3-8-crew-at-most-15",
        ),
    ],
)
def test_a_tower_push_names_the_distance_it_accepts(crew: int, distance: int, message: str) -> None:
    """§7.3.3: "se déplace de 20 cm maximum", 15 with 8 or 9 crew; a push backwards is no move the rule allows."""
    with pytest.raises(IllegalAction, match=message) as error:
        siege_towers.push_tower(_tower(crew), "ST1", distance)
    assert error.value.clause == "§7.3.3"


def _gate_battle(blocker: object = MAN) -> BattleState:
    assert blocker is MAN or blocker is OGRE
    return battle(
        besieged(MAN if blocker is MAN else OGRE, "C1", 2), besiegers(ORC, "foot:C3", 3, "f"), active=Side.BESIEGER
    )


def test_block_main_gate_with_an_ogre_and_not_a_breach() -> None:
    """§6.3.5, §12.1.2: ratio 2 blocks the main gate; a breach takes a ratio above 2."""
    state = block(_gate_battle(OGRE), "d1", "gate:G1")
    assert state.gate("G1").blocker == "d1"
    with pytest.raises(IllegalAction) as error:
        block(battle(besieged(GIANT, "W3", 1)), "d1", "breach:W3")
    assert error.value.clause == "§6.3.5"
    assert TREEMAN.ratio > 2


def test_reinforcing_regains_one_point_at_the_end_of_the_besieged_turn() -> None:
    """§6.4, R4."""
    state = replace(_gate_battle(), active=Side.BESIEGED, first=Side.BESIEGED)
    state = state.with_gate(replace(state.gate("G1"), structure_points=5))
    state = gates.reinforce_gate(state, "G1", ["d1", "d2"]).state
    after = end_player_turn(state, dice())
    assert after.state.gate("G1").structure_points == 6


def test_tower_loses_heavy_cover_at_3_and_collapses_at_0() -> None:
    """§7.3.2: falls on 1-2; those inside save without shield or die (orcs: no save)."""
    state = _tower(10)
    state, _ = siege_towers.damage_tower(state, "ST1", 3, dice())
    assert not siege_towers.has_heavy_cover(state.siege_tower("ST1"))
    state, _ = siege_towers.damage_tower(state, "ST1", 4, dice())
    assert state.siege_tower("ST1").collapsed
    assert len(state.fallen) == 10


@pytest.mark.parametrize(
    ("roll", "fires", "blazing", "damage", "still"),
    [
        pytest.param(2, 1, False, 0, False, id="R1-1-2-goes-out"),
        pytest.param(2, 1, True, 0, True, id="R1-blazing-1-2-reads-3-4"),
        pytest.param(4, 2, False, 1, True, id="R1-second-fire-adds-1-spreads"),
    ],
)
def test_fire_table_on_a_gate(roll: int, fires: int, blazing: bool, damage: int, still: bool) -> None:
    """§9.3 as ruled by R1."""
    state = replace(_gate_battle(), fires=(Fire("gate:G1", fires, blazing),))
    result = fire.burn(state, dice(roll))
    assert result.state.gate("G1").structure_points == 7 - damage
    assert bool(result.state.fires) is still


def test_two_water_braziers_put_out_every_fire() -> None:
    """§9.4."""
    state = replace(_gate_battle(), fires=(Fire("gate:G1"), Fire("gate:P1")))
    state, _ = fire.pour_water(state, "gate:G1")
    assert state.fires
    state, _ = fire.pour_water(state, "gate:P1")
    assert not state.fires


def test_budget_refusal_names_budget_and_cost() -> None:
    """§14, R14."""
    state = replace(_gate_battle(), budgets=((Side.BESIEGER, Budget(120, 2000, ("siege_tower",))),))
    budget = r"over_engine_budget \(side=besieger, points=120, item=siege_tower, cost=70, spent=70\)"
    with pytest.raises(IllegalAction, match=budget):
        costs.buy(state, Side.BESIEGER, "siege_tower")
    state = costs.buy(state, Side.BESIEGER, "ram")
    assert costs.spent(Side.BESIEGER, state.budget(Side.BESIEGER) or Budget(0, 0)) == 100


def test_one_siege_tower_per_1000_points() -> None:
    """§14.1, R14: 1999 points allow one tower."""
    state = replace(_gate_battle(), budgets=((Side.BESIEGER, Budget(500, 1999, ("siege_tower",))),))
    with pytest.raises(IllegalAction) as error:
        costs.buy(state, Side.BESIEGER, "siege_tower")
    assert error.value.clause == "§14.1"


def test_besieged_spends_50_free() -> None:
    """§14.2, R14: a 0-point budget still buys 50 points: two oil braziers (20 each) and three stones."""
    state = replace(_gate_battle(), budgets=((Side.BESIEGED, Budget(0, 1500)),))
    for item in ("brazier_oil", "brazier_oil", "stones", "stones", "stones"):
        state = costs.buy(state, Side.BESIEGED, item)
    with pytest.raises(IllegalAction, match=r"over_engine_budget \(side=besieged, points=50, "):
        costs.buy(state, Side.BESIEGED, "stones")


def test_rich_state_json_round_trip() -> None:
    state = _ram_battle(covered=True)
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


def test_a_refused_gate_attack_rolls_nothing() -> None:
    """§6.1: d1 is no attacker at the main gate; f1, who would roll to hit on 3+, is checked with it before any
    die, so the log stays empty.
    """
    state = battle(besieged(MAN, "C1", 1), besiegers(ORC, "foot:C1", 1, "f"))
    rolled = dice()
    refused(lambda: gates.attack_gate(state, "G1", ["f1", "d1"], rolled), "§6.1")
    assert rolled.log == ()


def test_a_model_strikes_a_gate_once() -> None:
    """§6.1, §6.2: naming f1 twice would strike twice, and pass the two models a postern allows with one."""
    with pytest.raises(IllegalAction, match=r"^§6.1: named_twice \(models=f1\)$"):
        gates.attack_gate(_gate_battle(), "P1", ["f1", "f1"], dice())


def _postern_battle() -> BattleState:
    return battle(besieged(MAN, "C1", 2), besiegers(BRUTE, "foot:C3", 3, "f"), active=Side.BESIEGER)


@pytest.mark.parametrize(
    ("first", "then", "message"),
    [
        pytest.param(
            ["f1", "f2"],
            ["f3"],
            r"^§6.2: door_breakers_limit \(gate=P1, kind=postern, most=2, tried=2, named=1, turn=1\)$",
            id="§6.2-two-then-a-third",
        ),
        pytest.param(
            ["f1"],
            ["f2", "f3"],
            r"^§6.2: door_breakers_limit \(gate=P1, kind=postern, most=2, tried=1, named=2, turn=1\)$",
            id="§6.2-one-then-two-more",
        ),
        pytest.param(
            ["f1"],
            ["f1"],
            r"^§6.2: tried_the_door_already \(models=f1, gate=P1, turn=1\)$",
            id="§6.2-the-same-model-again",
        ),
    ],
)
def test_two_models_a_turn_try_to_break_a_postern(first: list[str], then: list[str], message: str) -> None:
    """§6.2: "deux figurines maximum peuvent essayer de briser une porte chaque tour" counts across the turn's
    attacks on the door, and is refused before any die; in the side's next turn two may try again.
    """
    state = gates.attack_gate(_postern_battle(), "P1", first, dice(1, 1)).state
    rolled = dice(6, 6)
    with pytest.raises(IllegalAction, match=message) as error:
        gates.attack_gate(state, "P1", then, rolled)
    assert error.value.clause == "§6.2"
    assert rolled.log == ()
    assert gates.attack_gate(next_turn(state), "P1", then, dice(6, 6)).state.gate("P1").structure_points == 4 - len(
        then
    )


def test_the_main_gate_takes_any_number_of_attackers_a_turn() -> None:
    """§6.1: "toute figurine en contact avec la porte peut tenter de la détruire": §6.2's two a turn is for the
    secondary doors only.
    """
    state = battle(besiegers(BRUTE, "foot:C1", 3, "f"), active=Side.BESIEGER)
    state = gates.attack_gate(state, "G1", ["f1", "f2"], dice(1, 1)).state
    assert gates.attack_gate(state, "G1", ["f3"], dice(3, 6)).state.gate("G1").structure_points == 6
