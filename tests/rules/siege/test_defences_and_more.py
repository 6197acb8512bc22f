"""Shooting modifiers (§5.2, R6), defences (§8), mining (§10, R2), sorties (§11), magic (§13), deployment and
game length (§16, R10), heroism (§15, R13)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege import defences, heroism, magic, mining, shooting, sorties
from rules.siege.deployment import deploy
from rules.siege.engines import Liquid, MineGoal, Ram
from rules.siege.fort import standard_fort
from rules.siege.game_length import end_player_turn
from rules.siege.profiles import Special, TroopType
from rules.siege.state import BattleState, IllegalAction, Side, TurnLog
from tests.rules.siege.builders import (
    ARCHER,
    HARPY,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    next_turn,
    with_rules,
)

SAPPER = with_rules(MAN, Special.SAPPER, name="Sapper")
CANNON = replace(MAN, name="Cannon", troop_type=TroopType.WAR_MACHINE)


@pytest.mark.parametrize(
    ("state", "target", "expected"),
    [
        pytest.param(battle(besieged(MAN, "W1", 1)), "d1", ["rampart_troops"], id="§5.2-rampart-minus-2"),
        pytest.param(
            battle(besieged(MAN, "W1", 1), log=TurnLog(exposed=frozenset({"d1"}))), "d1", [], id="§5.2-exposed"
        ),
        pytest.param(
            battle(besieged(MAN, "W1", 1), besieged(OGRE, "W1", 1, "o")),
            "d1",
            ["rampart_troops", "large_target"],
            id="§5.2-§12.1.3-large-creature-draws-shots",
        ),
        pytest.param(battle(besiegers(ORC, "siege_tower:ST1", 1)), "a1", ["heavy_cover"], id="§5.2-siege-tower"),
        pytest.param(
            replace(battle(besiegers(ORC, "foot:C1", 1)), rams=(Ram("R1", covered=True, carriers=("a1",)),)),
            "a1",
            ["light_cover"],
            id="§5.2-covered-ram-carriers",
        ),
    ],
)
def test_shooting_modifiers(state: BattleState, target: str, expected: list[str]) -> None:
    assert shooting.modifiers(state, state.model(target)) == expected


def test_dead_angle_and_flaming() -> None:
    """§5.1, §9.2: −1 each."""
    state = battle(besiegers(ORC, "foot:W1", 1))
    assert shooting.modifiers(state, state.model("a1"), dead_angle=True, flaming=True) == ["dead_angle", "flaming"]


@pytest.mark.parametrize(
    ("roll", "side"),
    [
        pytest.param(4, "models", id="§5.3-covered-ram-1-4-carriers"),
        pytest.param(5, "engine", id="§5.3-covered-ram-5-6-ram"),
    ],
)
def test_allocation_on_a_covered_ram(roll: int, side: str) -> None:
    assert shooting.allocate("ram:R1", roll) == side


def test_allocation_on_a_siege_tower() -> None:
    """§5.3: 1-3 inside, 4+ the tower."""
    assert [shooting.allocate("siege_tower:ST1", r) for r in (3, 4)] == ["models", "engine"]


def test_arrows_hit_walls_automatically() -> None:
    """§5.7: two S3 arrows at a whole section score 3, no effect, and no to-hit roll is made."""
    state = battle(besiegers(ARCHER, "foot:W1", 2))
    result = shoot_walls = shooting.shoot_structure(state, ["a1", "a2"], "W1", dice())
    assert shoot_walls.rolls == ()
    assert len([e for e in result.events if e.kind == "structure_damage"]) == 2


def test_postern_shot_at_minus_1_misses_strike_the_wall() -> None:
    """§5.5: BS3 at a postern needs 5+; a 4 misses and strikes the wall."""
    state = battle(besiegers(ARCHER, "foot:C3", 1))
    result = shooting.shoot_gate(state, ["a1"], "P1", dice(4))
    assert [e.params for e in result.events if e.kind == "missed_gate_strikes_wall"] == [{"missed": 1, "gate": "P1"}]


def _walls(*extra: object) -> BattleState:
    state = battle(besieged(MAN, "W3", 4), besiegers(ORC, "foot:W3", 3, "f"), besiegers(ORC, "W1", 1, "w"))
    return state.with_works(replace(state.works_of("W3"), stones=1, rocks=1, braziers=(Liquid.OIL, Liquid.WATER)))


def test_stones_hit_everyone_under_the_template_at_s3() -> None:
    """§8.1.3: S3 on T4 wounds on 5+; throwers exposed; one token spent."""
    result = defences.throw_stones(_walls(), "W3", ["d1"], ["f1", "f2"], dice(5, 4))
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.works_of("W3").stones == 0
    assert "d1" in result.state.turn_log.exposed


def test_boiling_oil_s4_no_save_minus_2_and_panic() -> None:
    """§8.2.5: S4 on T4 wounds on 4+; survivors −2 to hit; no splash on a 3 (§8.2.7); one loss is enough for a
    panic test, and 12 against Ld 7 sends the unit's two survivors fleeing from the wall's foot.
    """
    result = defences.pour_brazier(
        _walls(), "W3", Liquid.OIL, ["d1", "d2"], ["f1", "f2"], dice(4, 3, 3, 6, 6), splash=["f3"]
    )
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.turn_log.penalty("f2") == 2
    assert [(e.kind, e.params.get("test")) for e in result.events if e.clause == "§4.1"] == [
        ("leadership_test", "panic")
    ]
    assert result.state.model("f2").fleeing
    assert result.state.model("f3").fleeing
    assert result.state.works_of("W3").braziers == (Liquid.WATER,)


def test_rock_s8_d3_wounds() -> None:
    """§8.1.4: BS3 hits on 4+; S8 on T4 wounds on 2+."""
    result = defences.drop_rock(_walls(), "W3", ["d1", "d2"], "f1", dice(4, 2, 1))
    assert [m.id for m in result.state.fallen] == ["f1"]


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(
            lambda: defences.drop_rock(_walls(), "W3", ["d1"], "f1", dice()), "§8.1.4", id="§8.1.4-rock-two-models"
        ),
        pytest.param(
            lambda: defences.throw_stones(_walls(), "W3", ["d1"], ["w1"], dice()), "§8.1.2", id="§8.1.2-outside-only"
        ),
        pytest.param(
            lambda: defences.place_braziers(_walls(), "W3", [Liquid.LEAD]), "§8.2.1", id="§8.2.1-two-braziers"
        ),
        pytest.param(
            lambda: defences.pour_brazier(_walls(), "W3", Liquid.LEAD, ["d1", "d2"], [], dice()),
            "§8.2.1",
            id="§8.2.1-no-such-brazier",
        ),
        pytest.param(lambda: defences.knock_over_braziers(_walls(), "W3"), "§8.2.3", id="§8.2.3-control-first"),
        pytest.param(
            lambda: mining.start_mine(battle(besiegers(ORC, "foot:W1", 5)), MineGoal.TUNNEL, ["a1"]),
            "§10.1",
            id="§10.1-six-sappers",
        ),
        pytest.param(
            lambda: mining.counter_mine(_mined(), ["d1", "d2", "d3"]), "§10.2", id="§10.2-four-counter-miners"
        ),
        pytest.param(
            lambda: sorties.sortie(battle(besieged(HARPY, "C1", 1), besiegers(ORC, "foot:W1", 1)), ["d1"], "a1"),
            "§11.2",
            id="§11.2-machines-only",
        ),
        pytest.param(
            lambda: sorties.sortie(battle(besieged(MAN, "C1", 1), besiegers(CANNON, "foot:W1", 1)), ["d1"], "a1"),
            "§11.1",
            id="§11.1-flyers-only",
        ),
        pytest.param(lambda: heroism.spend_heroism(battle(besieged(MAN, "C1", 1))), "§15", id="§15-no-token"),
    ],
)
def test_refusals(action: Callable[[], object], clause: str) -> None:
    with pytest.raises(IllegalAction) as error:
        action()
    assert error.value.clause == clause


def _mined(goal: MineGoal = MineGoal.FOUNDATIONS) -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(MAN, "C2", 8))
    return mining.start_mine(state, goal, [f"s{n}" for n in range(1, 7)])


def test_mining_to_the_foundations() -> None:
    """§10.3.1, R2: 6 and 2 reach 8; the section takes D4 roll 3 + 1 = 4 points."""
    state = mining.dig(_mined(), dice(6)).state
    state = mining.dig(next_turn(state), dice(2, 3), section="W2").state
    assert state.mine is not None
    assert state.mine.finished
    assert state.works_of("W2").damage == 4


@pytest.mark.parametrize(
    "goal",
    [
        pytest.param(MineGoal.FOUNDATIONS, id="§10.3.1-one-sapping-roll-a-besieger-turn"),
        pytest.param(MineGoal.TUNNEL, id="§10.3.2-one-sapping-roll-a-besieger-turn"),
    ],
)
def test_the_sappers_roll_once_a_besieger_turn(goal: MineGoal) -> None:
    """§10.3, R2: "chaque tour … lance 1D6": a second sapping roll in the same turn is refused before any die;
    the besieger's next turn brings the next roll.
    """
    state = mining.dig(_mined(goal), dice(1)).state
    rolled = dice(6)
    with pytest.raises(IllegalAction, match=r"dug_already \(turn=1\)") as error:
        mining.dig(state, rolled)
    assert error.value.clause == "§10.3"
    assert rolled.log == ()
    again = mining.dig(next_turn(state), dice(2)).state
    assert again.mine is not None
    assert again.mine.score == 3


def test_counter_mining_with_eight_subtracts_d3() -> None:
    """§10.3, R2: 2 less D3 roll 3 is no progress, never negative."""
    state = mining.counter_mine(_mined(), [f"d{n}" for n in range(1, 9)])
    after = mining.dig(state, dice(2, 3)).state
    assert after.mine is not None
    assert after.mine.score == 0


def test_sapper_re_roll_once_a_game() -> None:
    """§10.4: the second roll stands; the re-roll is then gone."""
    state = mining.dig(_mined(), dice(1)).state
    state = mining.reroll(state, mining.MineDie.SAPPING, dice(5)).state
    assert state.mine is not None
    assert state.mine.score == 5
    again = mining.dig(next_turn(state), dice(1), section="W2").state
    with pytest.raises(IllegalAction) as error:
        mining.reroll(again, mining.MineDie.SAPPING, dice(1))
    assert error.value.clause == "§10.4"


def test_tunnel_brings_six_models_into_a_courtyard() -> None:
    """§10.3.2: 10 reached, 6 models of one unit come up in C2."""
    state = battle(besiegers(ORC, "foot:W1", 6, "o"), besiegers(SAPPER, "foot:W1", 6, "s"))
    state = mining.start_mine(state, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)])
    state = mining.dig(next_turn(mining.dig(state, dice(6)).state), dice(4)).state
    state = mining.through_tunnel(state, [f"o{n}" for n in range(1, 7)], "C2")
    assert len(state.at("C2")) == 6
    with pytest.raises(IllegalAction) as error:
        mining.through_tunnel(state, [], "C2")
    assert error.value.clause == "§10.3.2"


def test_walls_dispel_a_spell_from_outside_on_5_even_irresistible() -> None:
    """§13.2: a besieger character casting from the foot of the wall."""
    state = battle(besiegers(with_rules(ORC, Special.CHARACTER), "foot:W1", 1))
    result = magic.ward(state, state.model("a1"), True, dice(5), irresistible=True)
    assert result.events[0].kind == "ward_dispels"
    assert result.events[0].params["roll"] == 5
    assert not magic.protection_applies(caster_inside=True, target_in_fort=True, shakes_walls=False)
    assert not magic.protection_applies(caster_inside=False, target_in_fort=True, shakes_walls=True)


def test_deployment_order_and_first_turn() -> None:
    """§16: walls first, the besieger in the field, the courtyards last; the besieged plays first."""
    fort = standard_fort(1500)
    state = deploy(
        fort,
        walls=besieged(MAN, "W1", 2),
        besiegers=besiegers(ORC, "field:east", 5),
        courtyards=besieged(MAN, "C1", 2, "c"),
    )
    assert (state.active, state.first) == (Side.BESIEGED, Side.BESIEGED)
    with pytest.raises(IllegalAction) as error:
        deploy(fort, walls=[], besiegers=besiegers(ORC, "foot:W1", 1), courtyards=[])
    assert error.value.clause == "§16"
    with pytest.raises(IllegalAction):
        deploy(fort, walls=besieged(MAN, "field:out", 1), besiegers=[], courtyards=[])


@pytest.mark.parametrize(
    ("roll", "over"),
    [pytest.param(5, True, id="R10-5-ends-after-turn-5"), pytest.param(4, False, id="R10-4-plays-on")],
)
def test_game_length_roll(roll: int, over: bool) -> None:
    state = replace(battle(besieged(MAN, "C1", 1)), turn=5)
    result = end_player_turn(state, dice(roll))
    assert result.state.over is over
    assert result.state.last_turn == (5 if over else 6)


def test_heroism_tokens() -> None:
    """§15, R13: 2000 open field, 1500 siege: one token."""
    state = heroism.grant_heroism(battle(besieged(MAN, "C1", 1)), 2000, 1500)
    assert state.heroism_tokens == 1
    assert heroism.spend_heroism(state).heroism_tokens == 0


def test_the_undermined_section_is_named_before_the_roll_that_may_reach_the_foundations() -> None:
    """§10.3.1: at 6 of 8 a D6 may reach the foundations; without a section the dig is refused before any die,
    so the roll log stays as it was.
    """
    state = next_turn(mining.dig(_mined(), dice(6)).state)
    rolled = dice(2, 3)
    with pytest.raises(IllegalAction, match=r"name_section_to_undermine \(score=6, target=8\)") as error:
        mining.dig(state, rolled)
    assert error.value.clause == "§10.3.1"
    assert rolled.log == ()
    assert rolled.pending == 2
