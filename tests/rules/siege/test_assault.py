"""Assaulting the walls by ladder and siege tower (§7.1, §7.3), and blocking (§6.3): the actions on the battle
state, worked from the seed, with their refusals by clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege import ladders, rams, siege_towers
from rules.siege.blocking import block, fight_blocker
from rules.siege.engines import Ram
from rules.siege.fort import SectionKind
from rules.siege.melee import fight, to_hit_need
from rules.siege.morale import hold
from rules.siege.movement import move
from rules.siege.state import BattleState, Ladder, Place, Side, SiegeTower, TurnLog, Zone, end_turn
from tests.rules.siege.builders import ARCHER, MAN, OGRE, ORC, battle, besieged, besiegers, dice, fleeing, lost, refused

HOISTED = Ladder("L1", "W3", courtyard="C2")
SAVED_MAN = replace(MAN, name="Man with a 5+ save", save=5)


def _hoisting() -> BattleState:
    return battle(besiegers(ORC, "W3", 3, "h"), besieged(MAN, "W3", 1), besieged(MAN, "C2", 1, "c"))


def test_hoist_a_ladder_into_the_courtyard() -> None:
    """§7.1.4: two models on the rampart hoist it; they have spent their turn on it."""
    state = ladders.hoist_ladder(_hoisting(), "L1", ["h1", "h2"], "C2")
    assert state.ladder("L1").courtyard == "C2"
    assert state.ladder("L1").carriers == ("h1", "h2")
    assert {"h1", "h2"} <= state.turn_log.moved


@pytest.mark.parametrize(
    ("state", "hoisters", "courtyard"),
    [
        pytest.param(
            replace(_hoisting(), ladders=(Ladder("L1", "W3", raised=False),)),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoist-a-raised-ladder",
        ),
        pytest.param(_hoisting(), ["h1", "h2"], "W2", id="§7.1.4-hoist-into-a-courtyard"),
        pytest.param(
            battle(besiegers(ORC, "W3", 2, "h"), besiegers(ORC, "ladder:L1", 1)),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoist-an-empty-ladder",
        ),
        pytest.param(
            replace(_hoisting(), contacts=frozenset({("h1", "d1")})),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoisters-not-engaged",
        ),
    ],
)
def test_hoist_refusals(state: BattleState, hoisters: list[str], courtyard: str) -> None:
    refused(lambda: ladders.hoist_ladder(state, "L1", hoisters, courtyard), "§7.1.4")


@pytest.mark.parametrize(
    ("roll", "fall", "courtyard"),
    [
        pytest.param(3, ladders.LadderFall.OUTSIDE, None, id="§7.1.4-fall-1-3-outside"),
        pytest.param(4, ladders.LadderFall.RAMPART, None, id="§7.1.4-fall-4-rampart"),
        pytest.param(5, ladders.LadderFall.COURTYARD, "C2", id="§7.1.4-fall-5-6-courtyard"),
    ],
)
def test_hoisters_letting_go_roll_for_the_fall(roll: int, fall: ladders.LadderFall, courtyard: str | None) -> None:
    state = ladders.hoist_ladder(_hoisting(), "L1", ["h1", "h2"], "C2")
    where, result = ladders.hoisted_ladder_falls(state, "L1", dice(roll))
    assert where is fall
    ladder = result.state.ladder("L1")
    assert (ladder.raised, ladder.carriers, ladder.courtyard) == (False, (), courtyard)


def test_hoisted_ladder_leads_down_after_the_turn_and_can_be_blocked_at_its_foot() -> None:
    """§7.1.4: the hoist takes the whole turn; §7.1.10: a courtyard model then blocks the foot."""
    state = battle(besiegers(ORC, "W3", 3, "h"), besieged(MAN, "C2", 1, "c"))
    state = ladders.hoist_ladder(state, "L1", ["h1", "h2"], "C2")
    refused(lambda: move(state, ["h3"], "ladder:L1", dice()), "§7.1.10")
    state = end_turn(end_turn(state))
    state = move(state, ["h3"], "ladder:L1", dice()).state
    state = end_turn(end_turn(block(state, "c1", "ladder:L1")))
    refused(lambda: move(state, ["h3"], "C2", dice()), "§7.1.10")


def _foot(*climbers: str) -> BattleState:
    return battle(
        besieged(MAN, "C2", 1),
        besiegers(SAVED_MAN, "ladder:L1", len(climbers), "c"),
        ladders=(replace(HOISTED, blocker="d1"),),
    )


def test_foot_blocker_loses_the_high_ground_to_the_climber() -> None:
    """§7.1.10: the blocker has its +1 only (3+ against WS3), misses on a 2; the climber hits at +1 on a 3, wounds
    on a 4 and comes down into the courtyard.
    """
    result = fight_blocker(_foot("c1"), "ladder:L1", ["c1"], dice(2, 3, 4))
    assert result.state.model("c1").place == Place(Zone.SECTION, "C2")
    assert result.state.ladder("L1").taken
    assert "c1" in result.state.turn_log.blocker_killers
    assert "c1" not in result.state.turn_log.from_below


def test_foot_blocker_knocks_the_ladder_down_on_a_6() -> None:
    """§7.1.10: having killed its attacker (hit on 3, wound on 4, save failed on 1), alone and always on a 6; the
    climber left saves on a 5 and is back on the rampart.
    """
    held = fight_blocker(_foot("c1", "c2"), "ladder:L1", ["c1"], dice(3, 4, 1)).state
    assert "L1" in held.turn_log.held
    assert ladders.knock_down_ladder(held, "L1", dice(5)).state.ladder("L1").raised
    down = ladders.knock_down_ladder(held, "L1", dice(6, 5)).state
    assert not down.ladder("L1").raised
    assert (str(down.model("c2").place), down.model("c2").wounds_lost) == ("W3", 0)


@pytest.mark.parametrize(
    ("state", "action", "clause"),
    [
        pytest.param(
            _foot("c1"),
            lambda s: ladders.knock_down_ladder(s, "L1", dice(6)),
            "§7.1.10",
            id="§7.1.10-knock-down-after-killing-the-attacker",
        ),
        pytest.param(
            battle(besiegers(ORC, "ladder:L1", 1), besieged(MAN, "W3", 1)),
            lambda s: ladders.knock_down_ladder(s, "L1", dice(6)),
            "§7.1.10",
            id="§7.1.10-knock-down-a-hoisted-ladder",
        ),
        pytest.param(
            replace(_foot("c1"), turn_log=TurnLog(held=frozenset({"L1"}))),
            lambda s: ladders.push_back(s, "L1", ["d1"], dice(6)),
            "§7.1.10",
            id="§7.1.10-foot-blocker-does-not-push-back",
        ),
    ],
)
def test_foot_refusals(state: BattleState, action: Callable[[BattleState], object], clause: str) -> None:
    refused(lambda: action(state), clause)


def _top() -> BattleState:
    return battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )


def test_ladder_taken_one_round_and_the_besieged_strike_from_above() -> None:
    """§7.1.8: d1 misses on a 1 at 2+; c1 hits on 4, wounds on 4: both climbers are on the rampart; c1, who killed
    the blocker, engages nobody; the others fight one round, and the besieged hit them at +1 (4+ becomes 3+).
    """
    taken = fight_blocker(_top(), "ladder:L1", ["c1"], dice(1, 4, 4)).state
    assert {str(taken.model(c).place) for c in ("c1", "c2")} == {"W3"}
    assert to_hit_need(taken, taken.model("d2"), taken.model("c2"), SectionKind.WALL_WALK) == 3
    refused(lambda: fight(taken, "W3", [("c1", "d2")], dice()), "§7.1.8")
    first = hold(fight(taken, "W3", [("c2", "d2")], dice(1, 1)).state, "W3", dice(1, 1)).state
    refused(lambda: fight(first, "W3", [("c2", "d2")], dice(), second=True), "§7.1.8")
    refused(lambda: block(taken, "d2", "ladder:L1"), "§7.1.9")


def test_blocker_pushes_alone_only_after_killing_its_attackers() -> None:
    """§7.1.8: the pushers' try is spent; the blocker who killed c1 (2+ on 2, wound on 5) may try again alone on a
    6, and a 5 is not enough.
    """
    refused(lambda: ladders.push_back(_top(), "L1", ["d1"], dice(6)), "§7.1.6")
    held = fight_blocker(_top(), "ladder:L1", ["c1"], dice(2, 5)).state
    assert ladders.push_back(held, "L1", ["d1"], dice(5)).state.ladder("L1").raised
    assert not ladders.push_back(held, "L1", ["d1"], dice(6)).state.ladder("L1").raised


def test_empty_ladder_pushed_over_in_ones_own_turn() -> None:
    """§7.1.6 note: nobody on it or at its foot, a besieged model on the section pushes it over, no roll."""
    state = battle(besieged(MAN, "W3", 1), active=Side.BESIEGED)
    assert not ladders.push_over_empty_ladder(state, "L1").ladder("L1").raised
    refused(
        lambda: ladders.push_over_empty_ladder(
            battle(besieged(MAN, "W3", 1), besiegers(ORC, "foot:W3", 1), active=Side.BESIEGED), "L1"
        ),
        "§7.1.6",
    )
    refused(
        lambda: ladders.push_over_empty_ladder(battle(besieged(MAN, "W2", 1), active=Side.BESIEGED), "L1"), "§7.1.6"
    )


def _carried(count: int, place: str = "foot:W3") -> BattleState:
    carriers = tuple(f"c{n}" for n in range(1, count + 1))
    return battle(besiegers(ORC, place, count, "c"), ladders=(Ladder("L1", "W3", raised=False, carriers=carriers),))


def test_carriers_drop_the_ladder_engaged_fleeing_or_alone() -> None:
    """§7.1.2: each of the three reasons; dropped, it lies where they stand and can be picked up (§7.1.3)."""
    state = _carried(2)
    assert not ladders.must_drop(state, "L1")
    assert ladders.must_drop(replace(state, contacts=frozenset({("c1", "x")})), "L1")
    assert ladders.must_drop(fleeing(state, "c1"), "L1")
    assert ladders.must_drop(state.with_models({"c1": None}), "L1")
    dropped = ladders.drop_ladder(state, "L1")
    assert dropped.ladder("L1").carriers == ()
    assert ladders.pick_up_ladder(dropped, "L1", ["c1", "c2"]).ladder("L1").carriers == ("c1", "c2")


def test_ram_dropped_and_picked_up_as_a_ladder() -> None:
    """§7.2.2: fewer than 6 carriers drop it (§7.2.1); others pick it up again."""
    state = battle(besiegers(ORC, "foot:C1", 7, "r"))
    state = rams.bring_ram(
        rams.carry_ram(replace(state, rams=(Ram("R1"),)), "R1", [f"r{n}" for n in range(1, 7)]), "R1", "G1"
    )
    assert not rams.must_drop_ram(state, "R1")
    short = state.with_models({"r1": None})
    assert rams.must_drop_ram(short, "R1")
    dropped = rams.drop_ram(short, "R1")
    assert (dropped.ram("R1").carriers, dropped.ram("R1").gate) == ((), None)
    again = rams.carry_ram(dropped, "R1", [f"r{n}" for n in range(2, 8)])
    assert len(again.ram("R1").carriers) == 6


@pytest.mark.parametrize(
    ("carriers", "rolls", "moves"),
    [
        pytest.param(2, (4,), True, id="§7.1.1-inside-2-carriers-4+-one-section"),
        pytest.param(3, (3,), False, id="§7.1.1-inside-3-carriers-1-3-stay"),
        pytest.param(4, (), True, id="§7.1.1-inside-4-carriers-no-roll"),
    ],
)
def test_ladder_carried_inside_the_fort(carriers: int, rolls: tuple[int, ...], moves: bool) -> None:
    allowed, result = ladders.move_ladder_inside(_carried(carriers, "W3"), "L1", dice(*rolls))
    assert allowed is moves
    assert len(result.rolls) == len(rolls)


def _tower_won() -> BattleState:
    return battle(
        besiegers(ORC, "siege_tower:ST1", 3, "t"),
        besiegers(ORC, "foot:W2", 1, "f"),
        besieged(MAN, "W2", 2),
        results=[replace(lost("W2", Side.BESIEGED), settled=True)],  # §7.3.4: the besieged have held
        log=TurnLog(fought=frozenset({"W2"})),  # §7.3.4: the combat won this turn
    )


def test_two_more_disembark_after_a_won_combat() -> None:
    """§7.3.4."""
    state = siege_towers.disembark_after_win(_tower_won(), "ST1", ["t1", "t2"])
    assert {str(state.model(t).place) for t in ("t1", "t2")} == {"W2"}
    assert str(state.model("t3").place) == "siege_tower:ST1"


@pytest.mark.parametrize(
    ("state", "models"),
    [
        pytest.param(_tower_won(), ["t1", "t2", "t3"], id="§7.3.4-two-more-only"),
        pytest.param(_tower_won(), ["f1"], id="§7.3.4-from-inside-the-tower"),
        pytest.param(replace(_tower_won(), results=(lost("W2", Side.BESIEGER),)), ["t1"], id="§7.3.4-after-a-win"),
        pytest.param(
            replace(_tower_won(), siege_towers=(SiegeTower("ST1", None),)), ["t1"], id="§7.3.4-tower-at-the-rampart"
        ),
    ],
)
def test_disembark_refusals(state: BattleState, models: list[str]) -> None:
    refused(lambda: siege_towers.disembark_after_win(state, "ST1", models), "§7.3.4")


def test_counter_charge_shot_without_the_towers_cover() -> None:
    """§7.3.4, §3.1.2: BS3 at −1 for standing and shooting needs 5+, not the 7+ heavy cover would make; a 5 hits
    and S3 wounds T4 on a 5: the orc falls before reaching the rampart.
    """
    state = battle(besiegers(ORC, "siege_tower:ST1", 1, "t"), besieged(ARCHER, "W2", 1))
    result = move(state, ["t1"], "W2", dice(5, 5), stand_and_shoot=["d1"])
    assert [m.id for m in result.state.fallen] == ["t1"]


ARRIVED = TurnLog(arrived=frozenset({"a1", "a2"}))


def test_no_flight_through_a_siege_tower() -> None:
    """§7.3.5 over §3.5.2: a 12 breaks them, one wound for the one enemy kills a1; a2 may not run down the tower."""
    state = battle(besiegers(ORC, "W2", 2), besieged(MAN, "W2", 1), results=[lost("W2", Side.BESIEGER)], log=ARRIVED)
    refused(lambda: hold(state, "W2", dice(6, 6), flee_to="siege_tower:ST1"), "§7.3.5")


@pytest.mark.parametrize(
    ("section", "held", "lands"),
    [
        pytest.param("W2", ("T2", "T3"), "W2", id="§7.3.5-flee-where-they-stand-not-down-the-tower"),
        pytest.param("W3", ("T3", "T4"), "foot:W3", id="§7.1.11-flee-down-a-ladder"),
    ],
)
def test_where_the_fleeing_go_with_both_neighbours_held(section: str, held: tuple[str, str], lands: str) -> None:
    """§3.3.3: a 12 breaks them and the one enemy costs a1; with no open section, a2 flees down a ladder (§7.1.11,
    §3.5.2) but never through a siege tower (§7.3.5): at W2, with only the tower, it flees where it stands.
    """
    state = battle(
        besiegers(ORC, section, 2),
        besieged(MAN, section, 1),
        besieged(MAN, held[0], 1, "e"),
        besieged(MAN, held[1], 1, "f"),
        ladders=(Ladder("L1", "W3"),),
        results=[lost(section, Side.BESIEGER)],
        log=ARRIVED,
    )
    after = hold(state, section, dice(6, 6)).state.model("a2")
    assert (str(after.place), after.fleeing) == (lands, True)


def _postern(*attackers: str) -> BattleState:
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "foot:C3", len(attackers)))
    return block(state, "d1", "gate:P1")


def test_gate_blocker_holds_against_two_in_turn() -> None:
    """§6.3.3: at +1 the blocker hits on 3, wounds T4 on 5; a2 steps up for the second combat and falls too;
    no combat result (§6.3.4).
    """
    result = fight_blocker(_postern("a1", "a2"), "gate:P1", ["a1", "a2"], dice(3, 5, 3, 5))
    assert {m.id for m in result.state.fallen} == {"a1", "a2"}
    assert [e.clause for e in result.events if e.kind == "block_held"] == ["§6.3.4"]
    assert result.state.results == ()


def test_gate_blocker_killed_opens_the_door() -> None:
    """§6.3.4: the blocker misses on a 1; a1 hits on 4 and wounds on 6."""
    result = fight_blocker(_postern("a1"), "gate:P1", ["a1"], dice(1, 4, 6))
    assert result.state.gate("P1").blocker is None
    assert [e.kind for e in result.events][-1] == "block_broken"


@pytest.mark.parametrize(
    "attackers",
    [
        pytest.param(["a1", "a2", "a3"], id="§6.3.3-one-attacker-and-one-replacement"),
        pytest.param(["d1"], id="§6.3.3-attackers-are-enemies"),
    ],
)
def test_duel_refusals(attackers: list[str]) -> None:
    refused(lambda: fight_blocker(_postern("a1", "a2", "a3"), "gate:P1", attackers, dice()), "§6.3.3")


def test_blocker_engaged_from_another_access_stops_blocking() -> None:
    """§6.3.1: enemies coming into C3 from C2 leave the blocker blocking; §6.3.2: once engaged, it blocks no more."""
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "C2", 1))
    state = block(state, "d1", "gate:P1")
    state = move(state, ["a1"], "C3", dice()).state
    assert state.gate("P1").blocker == "d1"
    result = fight(state, "C3", [("a1", "d1")], dice(1, 1))
    assert result.state.gate("P1").blocker is None
    assert any(e.clause == "§6.3.2" for e in result.events)


def test_tower_crew_push_from_inside() -> None:
    """§7.3.1: the crew are the pushers inside the tower; ten at its foot push nothing (§7.3.3)."""
    crew = tuple(f"c{n}" for n in range(1, 11))
    outside = battle(besiegers(ORC, "foot:W2", 10, "c"), towers=(SiegeTower("ST1", None, crew=crew),))
    refused(lambda: siege_towers.push_tower(outside, "ST1", 20), "§7.3.3")
    inside = battle(besiegers(ORC, "siege_tower:ST1", 10, "c"), towers=(SiegeTower("ST1", None, crew=crew),))
    assert siege_towers.push_tower(inside, "ST1", 20, "W2").siege_tower("ST1").section == "W2"


def test_large_creatures_carry_ladders_for_their_ratio() -> None:
    """§12.1.4, §7.1.1: an ogre and a man carry for 3; four ogres count 8, more than 6."""
    state = battle(
        besiegers(OGRE, "foot:W3", 4, "o"),
        besiegers(MAN, "foot:W3", 1, "m"),
        ladders=(Ladder("L1", "W3", raised=False),),
    )
    assert ladders.pick_up_ladder(state, "L1", ["o1", "m1"]).ladder("L1").carriers == ("o1", "m1")
    refused(lambda: ladders.pick_up_ladder(state, "L1", ["o1", "o2", "o3", "o4"]), "§7.1.1")
