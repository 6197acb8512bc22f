"""The belfry of 001 (R16, R19) against the transcription of the document (``tests/rules/data/belfry.py``), and a
game that pushes one to a wall, lowers its drawbridge on a defender and storms the wall-walk, through ``apply``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import D10, Dice
from rules.siege import actions as a
from rules.siege.battle import Battle, Setup, play, replay, start
from rules.siege.board.engines import Belfry, Bridge, Ram, SiegeTower
from rules.siege.board.profiles import Missile, Profile
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, Side
from rules.siege.chapters.belfry.belfry import (
    BRIDGE_TO_RAMPART,
    CAPACITY,
    CLIMB_A_LEVEL,
    CLIMB_TO_BRIDGE_TALL_WALL,
    ENTER_GROUND,
    MOVE_ON_LEVEL,
    aboard,
    levels_in_use,
    speed,
    step_cost,
)
from rules.siege.chapters.belfry.belfry_cover import IGNITES_ON, MOVING_SHOOT_BONUS, shooting_bonus
from rules.siege.chapters.belfry.drawbridge import CRUSH_ARMOUR, WINCHERS, Crush, crush_result
from rules.siege.chapters.shooting import modifiers
from rules.siege.game import apply, choose, menu_options, problems
from tests.rules.data import belfry as doc
from tests.rules.siege.builders import FORT, MAN, ORC, besieged, besiegers, set_up

ARMOURED = replace(MAN, name="Armoured man", save=5)
BOWMAN = Profile("Bowman", bs=3, missile=Missile("bow", 3))


def _expected_speed(pushers: int, table: tuple[tuple[int, int], ...]) -> int:
    return next((pm for least, pm in table if pushers >= least), 0)


# ---- the numbers of 001 ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pushers", range(CAPACITY[0] + 1))
def test_speed_by_pushers(pushers: int) -> None:
    # 001 §4.1, R16
    assert speed(pushers) == _expected_speed(pushers, doc.STANDARD_SPEED)
    assert (speed(pushers) == 0) == (pushers < doc.STANDARD_NONE_BELOW)


@pytest.mark.parametrize("aboard", range(doc.OVERLOAD_HEAVY[1] + 1))
def test_overload_option_by_models_aboard(aboard: int) -> None:
    # 001 §4.2, R16: up to 16 aboard the 6 / 3 thresholds, 17 to 26 the standard ones
    table = doc.OVERLOAD_SPEED if aboard <= doc.OVERLOAD_LIGHT_UP_TO else doc.STANDARD_SPEED
    for pushers in range(CAPACITY[0] + 1):
        assert speed(pushers, aboard, overload=True) == _expected_speed(pushers, table)
        assert speed(pushers, aboard) == _expected_speed(pushers, doc.STANDARD_SPEED)


def test_the_example_of_pushers_attacked_from_behind() -> None:
    # 001 §4.1 example: 3 of 10 engaged, the 7 left push it 1 hex
    assert speed(doc.EXAMPLE_PUSHERS - doc.EXAMPLE_ENGAGED) == doc.EXAMPLE_SPEED


def test_capacities_and_costs() -> None:
    # 001 §2, §5, §8, §10
    assert dict(CAPACITY) == doc.CAPACITY
    assert (ENTER_GROUND, CLIMB_A_LEVEL, MOVE_ON_LEVEL, BRIDGE_TO_RAMPART) == (
        doc.ENTER_GROUND,
        doc.CLIMB_A_LEVEL,
        doc.SAME_LEVEL,
        doc.BRIDGE_TO_RAMPART,
    )
    assert CLIMB_TO_BRIDGE_TALL_WALL == doc.TALL_WALL_LADDER
    assert step_cost(None, 0) == doc.TERRAIN["Niveau du sol"][0]
    assert step_cost(1, 2) == step_cost(2, 3) == step_cost(0, 1) == doc.TERRAIN["Echelle"][0]
    assert step_cost(1, 2, wall_level=3) == doc.TALL_WALL_LADDER
    assert step_cost(2, 3, wall_level=3) == doc.CLIMB_A_LEVEL
    for level in (1, 2, 3):
        assert (
            step_cost(level, level)
            == doc.TERRAIN[f"Niveau {level}" if level != 2 else "Niveau 2 (pont-levis dressé)"][0]
        )


def test_height_drops_a_level_against_a_low_wall() -> None:
    # 001 §2: against a level-1 wall level 1 is not used; level 2 climbs straight from the ground
    assert levels_in_use(1) == (0, 2, 3)
    assert levels_in_use(2) == levels_in_use(3) == (0, 1, 2, 3)
    assert step_cost(0, 2, wall_level=1) == doc.CLIMB_A_LEVEL
    with pytest.raises(IllegalAction, match="001 §2"):
        step_cost(0, 1, wall_level=1)
    with pytest.raises(IllegalAction, match=r"001 §1\.2"):
        step_cost(0, 2)


@pytest.mark.parametrize("roll", range(1, 11))
@pytest.mark.parametrize("armoured", [False, True])
def test_crush_table(roll: int, armoured: bool) -> None:
    # 001 §8, R16: +1 for armour, 11 counts as 10
    score = min(10, roll + (doc.CRUSH_ARMOUR if armoured else 0))
    (expected,) = [name for low, high, name in doc.CRUSH if low <= score <= high]
    assert crush_result(roll, armoured=armoured).value == expected
    assert CRUSH_ARMOUR == doc.CRUSH_ARMOUR


def test_the_crush_bands_cover_the_d10_once() -> None:
    covered = [n for low, high, _ in doc.CRUSH for n in range(low, high + 1)]
    assert covered == list(D10.faces)
    assert [name for _, _, name in doc.CRUSH] == [c.value for c in Crush]


@pytest.mark.parametrize("roll", [0, 11, -3])
def test_a_crush_roll_out_of_range_is_refused(roll: int) -> None:
    with pytest.raises(IllegalAction, match=r"001 §8: crush_roll_out_of_range") as refused:
        crush_result(roll, armoured=False)
    assert (refused.value.clause, refused.value.params["roll"]) == ("001 §8", str(roll))


def test_fire_ratios() -> None:
    # 001 §9, R19
    for face, (chances, of) in doc.FIRE_RATIO.items():
        assert of == len(D10.faces)
        assert IGNITES_ON[face] == chances


def test_winchers_reach_and_shooting_bonus() -> None:
    # 001 §6, §8
    assert WINCHERS == doc.WINCHERS
    assert MOVING_SHOOT_BONUS == doc.MOVING_SHOOT_BONUS


# ---- a game through apply --------------------------------------------------------------------------------------------


def _setup(distance: int = 3, obstacles: tuple[int, ...] = (), **options: object) -> Setup:
    models = (
        *besieged(MAN, "W3", 1, "d"),
        *besieged(ARMOURED, "W3", 1, "e"),
        *besieged(MAN, "T3", 2, "m"),
        *besiegers(ORC, "belfry:ST1.0", 8, "p"),
        *besiegers(ORC, "belfry:ST1.2", 2, "w"),
        *besiegers(ORC, "belfry:ST1.2", 4, "s"),
        *besiegers(BOWMAN, "belfry:ST1.3", 2, "b"),
    )
    belfry = Belfry("ST1", "W3", distance, obstacles=obstacles)
    values = {"belfry": True, "belfries": (belfry,), **options}
    return Setup(FORT, models, siege_towers=(SiegeTower("ST1", None),), **values)  # type: ignore[arg-type]


def _to_besieger_movement(state: BattleState) -> BattleState:
    dice = Dice(seed=1)
    state = set_up(state, dice)  # §16: each side's part of the set-up → the besieged's movement
    state = apply(state, a.EndTurn(), dice).state  # → the besieger's sappers
    state = apply(state, a.EndPhase(), dice).state  # → movement
    assert (state.active, state.phase) == (Side.BESIEGER, Phase.MOVEMENT)
    return state


def _rolled(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.supply(values)
    return dice


def test_a_belfry_pushed_to_the_wall_lowers_its_bridge_crushes_and_storms() -> None:
    state = _to_besieger_movement(start(_setup()))
    names = {o.name for o in menu_options(state)}
    assert {"push_belfry", "climb_belfry"} <= names
    assert "lower_drawbridge" not in names  # 3 hexes away: out of reach (001 §8)

    # 001 §4.1: 8 pushers roll it 2 hexes, up to 1 hex from the rampart
    state = apply(state, a.PushBelfry("ST1", "forward", 2), Dice(seed=2)).state
    assert state.belfry("ST1").distance == 1
    assert aboard(state, "ST1") == {
        0: tuple(f"p{n}" for n in range(1, 9)),
        1: (),
        2: ("w1", "w2", "s1", "s2", "s3", "s4"),
        3: ("b1", "b2"),
    }
    # 001 §6: shooting from level 3 of a belfry that moved this turn: +1
    assert "lower_drawbridge" in {o.name for o in menu_options(state)}

    # 001 §8: two winchers on level 2 for the whole turn
    state = apply(state, a.LowerDrawbridge("ST1", ("w1", "w2")), Dice(seed=3)).state
    assert state.belfry("ST1").bridge is Bridge.LOWERING
    assert [r.clause for r in problems(state, a.ClimbBelfry(("w1",), "belfry:ST1.3"))] == ["001 §8"]
    assert [r.clause for r in problems(state, a.PushBelfry("ST1", "back", 1))] == ["001 §8"]

    # the turn ends: the bridge falls on W3; d1 rolls 10 (killed), e1 (armoured) rolls 5 + 1 = 6 (stunned)
    result = apply(state, a.EndTurn(), _rolled(10, 5))
    state = result.state
    crushes = [(e.kind, dict(e.params)) for e in result.events if e.kind.startswith("crush")]
    assert crushes == [
        ("crush", {"model": "d1", "roll": 10, "result": "killed"}),
        ("crush_armoured", {"model": "e1", "roll": 5, "armour": 1, "result": "stunned"}),
    ]
    assert state.belfry("ST1").bridge is Bridge.DOWN
    assert [m.id for m in state.at("W3")] == ["e1"]
    assert state.belfry("ST1").stunned == ("e1",)

    # the besieged's turn: the stunned defender does nothing (001 §8)
    assert (state.active, state.phase) == (Side.BESIEGED, Phase.MOVEMENT)
    assert [r.clause for r in problems(state, a.Move(("e1",), "T3"))] == ["001 §8"]
    state = apply(state, a.EndTurn(), Dice(seed=5)).state
    assert state.belfry("ST1").stunned == ()
    state = apply(state, a.EndPhase(), Dice(seed=6)).state  # sappers → movement

    # 001 §4.1: once the bridge is down the belfry moves no more
    refused = problems(state, a.PushBelfry("ST1", "back", 1))
    assert [r.clause for r in refused] == ["001 §4.1"]
    # 001 §8: from level 2 over the bridge onto the wall-walk: a charge on e1
    charge = next(o for o in menu_options(state) if o.name == "charge" and o.where == "belfry:ST1.2")
    assert charge.targets == ("W3",)
    state = apply(state, a.Charge(("s1", "s2", "s3"), "W3"), Dice(seed=7)).state
    assert {m.id for m in state.at("W3", Side.BESIEGER)} == {"s1", "s2", "s3"}
    assert {"s1", "s2", "s3"} <= state.turn_log.charged
    assert not state.turn_log.from_below & {"s1", "s2", "s3"}  # the bridge is level with the wall-walk


def test_the_battle_replays_from_its_log_and_json() -> None:
    battle = Battle(_setup(), seed=11)
    set_up_parts = (a.EndPhase(), a.EndPhase(), a.EndPhase())  # §16: each side ends its own part
    for action in (*set_up_parts, a.EndTurn(), a.EndPhase(), a.PushBelfry("ST1", "forward", 2)):
        battle, _ = play(battle, action)
    battle, _ = play(battle, a.LowerDrawbridge("ST1", ("w1", "w2")))
    battle, _ = play(battle, a.EndTurn(), (8, 9))
    again = Battle.from_json(battle.to_json())
    assert again == battle
    state = replay(again)
    assert state.belfry("ST1").bridge is Bridge.DOWN
    # d1 rolls 8: wounded, and with one wound it falls; e1 rolls 9 + 1 = 10: killed
    assert state.at("W3") == ()
    assert {m.id for m in state.fallen} == {"d1", "e1"}
    assert BattleState.from_json(state.to_json()) == state


def test_a_wounded_defender_loses_a_wound() -> None:
    # 001 §8: 8–9 wounded
    setup = _setup(distance=1)
    tough = replace(MAN, name="Sergeant", w=2)
    models = (*(m for m in setup.models if m.place != Place.parse("W3")), *besieged(tough, "W3", 1, "g"))
    state = _to_besieger_movement(start(replace(setup, models=models)))
    state = apply(state, a.LowerDrawbridge("ST1", ("w1", "w2")), Dice(seed=1)).state
    state = apply(state, a.EndTurn(), _rolled(8)).state
    assert state.model("g1").wounds_lost == 1
    assert state.model("g1").place == Place.parse("W3")


def test_the_option_is_off_by_default_and_its_json_reads_back() -> None:
    plain = Setup(FORT, tuple(besieged(MAN, "W3", 1, "d")))
    assert (plain.belfry, plain.belfry_overload, plain.belfries) == (False, False, ())
    assert plain.to_json()["belfry"] is False
    setup = _setup(belfry_overload=True)
    assert Setup.from_json(setup.to_json()) == replace(setup)
    with pytest.raises(ValueError, match="belfry_overload is true or false"):
        Setup.from_json({**setup.to_json(), "belfry_overload": "yes"})
    with pytest.raises(IllegalAction, match="R16"):
        start(replace(setup, belfry=False))


def test_the_campaign_overload_option_changes_the_pushers_needed() -> None:
    # 001 §4.2, R16: 6 pushers with 16 or fewer aboard roll 2 hexes under the option, 1 without
    def pushed(overload: bool) -> int:
        state = _to_besieger_movement(start(_setup(distance=6, belfry_overload=overload)))
        state = state.with_models({f"p{n}": None for n in (7, 8)})
        return max(h for h in (0, 1, 2) if h == 0 or not problems(state, a.PushBelfry("ST1", "forward", h)))

    assert (pushed(False), pushed(True)) == (1, 2)


def test_engaged_pushers_do_not_push() -> None:
    # 001 §4.1
    state = _to_besieger_movement(
        start(replace(_setup(distance=6), models=(*_setup().models, *besieged(MAN, "W4", 3, "z"))))
    )
    state = replace(state, contacts=frozenset({("p1", "z1"), ("p2", "z2"), ("p3", "z3")}))
    refused = problems(state, a.PushBelfry("ST1", "forward", 2))
    assert refused[0].clause == "001 §4.1"
    assert (refused[0].code, refused[0].params["pushers"]) == ("belfry_push_too_far", 5)
    assert not problems(state, a.PushBelfry("ST1", "forward", 1))


@pytest.mark.parametrize("direction", ["left", "right", "sideways", "pivot"])
def test_a_sideways_move_is_refused(direction: str) -> None:
    state = _to_besieger_movement(start(_setup()))
    (refusal,) = problems(state, a.PushBelfry("ST1", direction, 1))
    assert refusal.clause == "001 §4.1"
    assert (refusal.code, refusal.params["direction"]) == ("belfry_straight_line", direction)


def test_the_belfry_rolls_only_on_flat_ground_or_a_filled_moat() -> None:
    # 001 §4.1: hex 5 from the wall is neither
    state = _to_besieger_movement(start(_setup(distance=7, obstacles=(5,))))
    (refusal,) = problems(state, a.PushBelfry("ST1", "forward", 2))
    assert refusal.clause == "001 §4.1"
    assert not problems(state, a.PushBelfry("ST1", "forward", 1))
    assert not problems(state, a.PushBelfry("ST1", "back", 2))


def test_it_rolls_no_closer_than_one_hex() -> None:
    state = _to_besieger_movement(start(_setup(distance=2)))
    (refusal,) = problems(state, a.PushBelfry("ST1", "forward", 2))
    assert refusal.clause == "001 §8"


def test_a_bridge_lowered_from_too_far_is_refused() -> None:
    state = _to_besieger_movement(start(_setup(distance=2)))
    (refusal,) = problems(state, a.LowerDrawbridge("ST1", ("w1", "w2")))
    assert refusal.clause == "001 §8"
    assert (refusal.code, refusal.params["distance"], refusal.params["reach"]) == ("drawbridge_too_far", 2, 1)


def test_the_winches_take_two_free_models_on_level_2() -> None:
    state = _to_besieger_movement(start(_setup(distance=1)))
    (one,) = problems(state, a.LowerDrawbridge("ST1", ("w1",)))
    assert (one.clause, one.code, one.params["need"], one.params["named"]) == ("001 §8", "winchers_count", 2, 1)
    (away,) = problems(state, a.LowerDrawbridge("ST1", ("w1", "p1")))
    assert (away.clause, away.code, away.params["models"]) == ("001 §8", "winchers_not_at_winches", ("p1",))
    assert not problems(state, a.LowerDrawbridge("ST1", ("w1", "w2")))


def test_too_many_models_for_a_level_are_refused() -> None:
    # 001 §5, R16: level 3 holds 6; 2 bowmen are there, 6 more climb from level 2
    setup = _setup()
    crowd = tuple(besiegers(ORC, "belfry:ST1.2", 4, "c"))
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *crowd))))
    (refusal,) = problems(state, a.ClimbBelfry(("s1", "s2", "s3", "s4", "c1"), "belfry:ST1.3"))
    assert refusal.clause == "001 §5"
    assert (refusal.code, refusal.params["level"], refusal.params["most"]) == ("belfry_level_full", 3, 6)
    assert not problems(state, a.ClimbBelfry(("s1", "s2", "s3", "s4"), "belfry:ST1.3"))
    with pytest.raises(IllegalAction, match="001 §5"):
        start(replace(setup, models=(*setup.models, *besiegers(ORC, "belfry:ST1.3", 5, "q"))))


def test_climbing_costs_movement_points() -> None:
    # 001 §5: 3 PM a level; an orc (M4) climbs one level a turn, not two
    state = _to_besieger_movement(start(_setup()))
    state = apply(state, a.ClimbBelfry(("s1",), "belfry:ST1.3"), Dice(seed=1)).state
    (refusal,) = problems(state, a.ClimbBelfry(("s1",), "belfry:ST1.2"))
    assert refusal.clause == "001 §5"
    assert (refusal.code, refusal.params["left"], refusal.params["m"]) == ("belfry_step_points", 1, 4)


def test_climbing_from_the_ground_needs_the_belfry_still() -> None:
    # 001 §1.2: even with fixed ladders the belfry stands still to go up from the ground
    state = _to_besieger_movement(start(_setup(distance=6)))
    moved = apply(state, a.PushBelfry("ST1", "forward", 1), Dice(seed=1)).state
    assert problems(moved, a.ClimbBelfry(("p8",), "belfry:ST1.1"))[0].clause == "001 §1.2"
    assert not problems(state, a.ClimbBelfry(("p8",), "belfry:ST1.1"))


def test_removable_ladders_are_set_up_by_a_team_outside() -> None:
    # 001 §1.2
    setup = _setup(distance=6)
    removable = replace(setup.belfries[0], fixed_ladders=False)
    outside = tuple(besiegers(ORC, "field:E", 2, "t"))
    state = _to_besieger_movement(start(replace(setup, belfries=(removable,), models=(*setup.models, *outside))))
    assert problems(state, a.ClimbBelfry(("p8",), "belfry:ST1.1"))[0].clause == "001 §1.2"
    assert "raise_belfry_ladder" in {o.name for o in menu_options(state)}
    state = apply(state, a.RaiseBelfryLadder("ST1", ("t1", "t2")), Dice(seed=1)).state
    assert not problems(state, a.ClimbBelfry(("p8",), "belfry:ST1.1"))
    assert problems(state, a.RaiseBelfryLadder("ST1", ("p1",)))[0].clause == "001 §1.2"


def test_models_board_at_ground_level_from_the_field() -> None:
    setup = _setup(distance=6)
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *besiegers(ORC, "field:E", 5, "t")))))
    assert not problems(state, a.ClimbBelfry(("t1", "t2", "t3", "t4"), "belfry:ST1.0"))
    (refusal,) = problems(state, a.ClimbBelfry(("t1", "t2", "t3", "t4", "t5"), "belfry:ST1.0"))
    assert refusal.clause == "001 §5"  # 8 pushers + 5 > 12
    assert problems(state, a.ClimbBelfry(("t1",), "belfry:ST1.2"))[0].clause == "001 §5"


def test_shooting_from_levels_2_and_3_only() -> None:
    # 001 §7; §6: +1 from a moving belfry
    setup = _setup(distance=6)
    low = tuple(besiegers(BOWMAN, "belfry:ST1.1", 1, "l"))
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *low))))
    state = apply(state, a.PushBelfry("ST1", "forward", 1), Dice(seed=1)).state
    state = replace(state, phase=Phase.SHOOTING)
    assert problems(state, a.Shoot(("l1",), ("m1",)))[0].clause == "001 §7"
    assert not problems(state, a.Shoot(("b1", "b2"), ("m1",)))


def test_flaming_hits_on_the_belfry_roll_its_fire_as_they_land() -> None:
    """001 §9: « Le rapport de 1:10 ne s'applique que pour les tirs sur l'avant du beffroi » (R19: a flaming hit
    lights it on a D10 of 1, a side or the rear on 1–3). Bowmen on W3, armed by its bare brazier (§9.1.2), shoot
    flaming arrows at the belfry, whose front faces the fort: an allocation of 4 puts the shots on the engine (§5.3),
    BS3 at −1 hits on 5, S3 cannot wound T9; then one D10 for the hit: 1 lights it, 2 does not (it would a side).
    A miss rolls no D10, and nothing lights the belfry without a hit: the menu offers no ignition of its own."""
    setup = _setup()
    setup = replace(setup, models=(*setup.models, *besieged(BOWMAN, "W3", 2, "k")))
    state = replace(start(setup), phase=Phase.SHOOTING, active=Side.BESIEGED)
    state = state.with_works(replace(state.works_of("W3"), braziers=(None,)))
    assert "ignite_belfry" not in {o.name for o in menu_options(state)}
    volley = a.ShootEngine(("k1",), "siege_tower:ST1", flaming=True)
    assert [f.target for f in apply(state, volley, _rolled(4, 5, 1)).state.fires] == ["siege_tower:ST1"]
    unlit = apply(state, volley, _rolled(4, 5, 2))
    assert (unlit.state.fires, len(unlit.rolls)) == ((), 3)
    missed = apply(state, volley, _rolled(4, 4))
    assert (missed.state.fires, len(missed.rolls)) == ((), 2)
    # each hit rolls its own D10 (R19): k2's hit later in the turn rolls again
    again = apply(unlit.state, a.ShootEngine(("k2",), "siege_tower:ST1", flaming=True), _rolled(4, 5, 1))
    assert [f.target for f in again.state.fires] == ["siege_tower:ST1"]


def test_a_belfry_is_not_pushed_as_a_plain_siege_tower() -> None:
    state = _to_besieger_movement(start(_setup()))
    assert problems(state, a.PushTower("ST1", 10, "W3"))[0].clause == "R16"


def test_the_belfry_actions_read_back_from_json() -> None:
    for action in (
        a.PushBelfry("ST1", "back", 2),
        a.ClimbBelfry(("s1", "s2"), "belfry:ST1.3"),
        a.RaiseBelfryLadder("ST1", ("t1",)),
        a.LowerDrawbridge("ST1", ("w1", "w2")),
    ):
        assert a.Action.from_json(action.to_json()) == action


def test_a_place_on_a_belfry_level_reads_back() -> None:
    place = Place.parse("belfry:ST1.2")
    assert str(place) == "belfry:ST1.2"
    assert Place.parse(str(place)) == place


def test_a_moving_belfry_adds_one_to_its_shooters_die() -> None:
    # 001 §6
    state = _to_besieger_movement(start(_setup(distance=6)))
    assert shooting_bonus(state, state.model("b1")) == 0
    moved = apply(state, a.PushBelfry("ST1", "forward", 1), Dice(seed=1)).state
    assert shooting_bonus(moved, moved.model("b1")) == doc.MOVING_SHOOT_BONUS
    assert shooting_bonus(moved, moved.model("m1")) == 0


def test_each_belfry_option_of_the_menu_makes_a_playable_action() -> None:
    setup = _setup(distance=1)
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *besiegers(ORC, "field:E", 2, "t")))))
    played = set()
    for option in menu_options(state):
        if option.name in ("push_belfry", "climb_belfry", "lower_drawbridge"):
            target = option.targets[0] if option.targets else None
            action = choose(state, option, option.actors[: 2 if option.name == "lower_drawbridge" else 1], target)
            if option.name == "push_belfry":
                action = replace(action, direction="back")
            assert not problems(state, action), (option, action)
            played.add(option.name)
    assert played == {"push_belfry", "climb_belfry", "lower_drawbridge"}


def test_the_besieged_charge_over_the_drawbridge_onto_level_2() -> None:
    # 001 §1.2, §8 (FIGHTS["counter_attack"], FIGHTS["bridge"]): a held level 2 is charged, an empty one boarded
    setup = _setup(distance=1)
    state = _to_besieger_movement(start(setup))
    state = apply(state, a.LowerDrawbridge("ST1", ("w1", "w2")), Dice(seed=1)).state
    state = apply(state, a.EndTurn(), _rolled(1, 1)).state  # both step back unhurt
    assert state.active is Side.BESIEGED
    charges = [o for o in menu_options(state) if o.where == "W3" and o.name == "charge"]
    assert any("belfry:ST1.2" in o.targets for o in charges)
    assert not problems(state, a.Charge(("d1",), "belfry:ST1.2"))
    emptied = state.with_models({m.id: None for m in state.at("belfry:ST1.2")})
    assert not problems(emptied, a.Move(("d1",), "belfry:ST1.2"))
    moves = [o for o in menu_options(emptied) if o.where == "W3" and o.name == "move"]
    assert any("belfry:ST1.2" in o.targets for o in moves)


@pytest.mark.parametrize(
    ("belfry", "clause"),
    [
        (Belfry("ST9", "W3", 3), "R16"),
        (Belfry("ST1", "C1", 3), "001 §8"),
    ],
)
def test_a_belfry_is_placed_as_a_siege_tower_against_a_rampart(belfry: Belfry, clause: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        start(replace(_setup(), belfries=(belfry,)))
    assert refused.value.clause == clause


def test_the_wall_level_follows_the_section() -> None:
    # 001 §2 (reading): a wall-walk is 001's level-2 wall
    assert start(_setup()).belfry("ST1").wall_level == 2


def test_the_fort_shoots_at_the_belfry_through_its_front() -> None:
    # 001 §3, §10: levels 0 and 1 closed; level 3 behind its slits (medium, read as WFB heavy cover); level 2 closed
    # while the drawbridge is up, open once it is down
    setup = _setup(distance=1)
    archers = tuple(besieged(BOWMAN, "W3", 2, "x"))
    state = replace(start(replace(setup, models=(*setup.models, *archers))), phase=Phase.SHOOTING, active=Side.BESIEGED)
    for target in ("p1", "s1"):
        assert problems(state, a.Shoot(("x1",), (target,)))[0].clause == "001 §3"
    assert not problems(state, a.Shoot(("x1",), ("b1",)))
    assert "heavy_cover" in modifiers(state, state.model("b1"))
    shoot = next(o for o in menu_options(state) if o.name == "shoot")
    assert {"b1", "b2"} <= set(shoot.targets)
    assert not {"p1", "s1", "w1"} & set(shoot.targets)
    down = state.with_belfry(replace(state.belfry("ST1"), bridge=Bridge.DOWN))
    assert not problems(down, a.Shoot(("x1",), ("s1",)))
    assert not {"light_cover", "heavy_cover"} & set(modifiers(down, down.model("s1")))


def test_a_loads_carriers_do_not_climb_into_the_belfry() -> None:
    """§7.2.1 « 6 figurines minimum pour le tracter », §7.1.1: the carriers of a ram go with it; they are not offered
    the belfry's ground level, which its other models are, and are refused it."""
    state = _to_besieger_movement(start(_setup()))
    carriers = tuple(f"c{n}" for n in range(1, 7))
    state = replace(
        state,
        models=(*state.models, *besiegers(ORC, "field:outside", 6, "c"), *besiegers(ORC, "field:outside", 2, "f")),
        rams=(Ram("R1", carriers=carriers),),
    )
    climbs = [o for o in menu_options(state, "climb_belfry") if o.where == "field"]
    assert climbs
    assert all(set(o.actors).isdisjoint(carriers) for o in climbs)
    assert {"f1", "f2"} <= {m for o in climbs for m in o.actors}
    assert problems(state, a.ClimbBelfry(carriers[:1], "belfry:ST1.0"))[0].clause == "§7.2.1"
