from __future__ import annotations

from dataclasses import replace

import pytest
from _pytest.mark import ParameterSet

from rules.dice import Dice
from rules.siege.ladders import forgo_push_back
from rules.siege.movement import move
from rules.siege.profiles import Special
from rules.siege.state import BattleState, IllegalAction, Place, Side, TurnLog, Zone
from tests.rules.siege.builders import (
    ARCHER,
    CENTAUR,
    GHOST,
    GIANT,
    KNIGHT,
    MAN,
    OGRE,
    ORC,
    TREEMAN,
    battle,
    besieged,
    besiegers,
    dice,
    fleeing,
    ids,
    lost,
    with_rules,
)


def refused_move(
    state: BattleState, models: list[str], to: str, clause: str, message: str, case: str, *, via: str | None = None
) -> ParameterSet:
    """A move of ``models`` to ``to`` that the rules refuse by ``clause``, with ``message``: its code and facts."""
    return pytest.param(state, models, to, via, clause, message, id=case)


REFUSALS = [
    refused_move(
        battle(besiegers(ORC, "W3", 15, "w"), besiegers(ORC, "ladder:L1", 2)),
        ids("a", 2),
        "W3",
        "§1.7",
        "place_full (place=W3, held=15, side=besieger, incoming=2, total=17, most=15)",
        "§1.7-wall-walk-quota-15",
    ),
    refused_move(
        battle(besieged(MAN, "C2", 30), besieged(MAN, "C1", 1, "m"), active=Side.BESIEGED),
        ["m1"],
        "C2",
        "§1.7",
        "place_full (place=C2, held=30, side=besieged, incoming=1, total=31, most=30)",
        "§2.1.2-full-section-closed",
    ),
    refused_move(
        battle(besiegers(ORC, "foot:W3", 5)),
        ids("a", 5),
        "ladder:L1",
        "§2.1.1",
        "way_full (most=4, from_place=foot:W3, place=ladder:L1, used=0, count=5, total=5)",
        "§2.1.1-ladder-capacity-4",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 11), active=Side.BESIEGED),
        ids("d", 11),
        "T2",
        "§2.1.1",
        "way_full (most=10, from_place=W1, place=T2, used=0, count=11, total=11)",
        "§2.1.1-wall-to-tower-10",
    ),
    refused_move(
        battle(besieged(MAN, "C1", 11), active=Side.BESIEGED),
        ids("d", 11),
        "S1",
        "§2.1.1",
        "way_full (most=10, from_place=C1, place=S1, used=0, count=11, total=11)",
        "§2.1.1-stairs-10",
    ),
    refused_move(
        battle(besieged(MAN, "C1", 21), active=Side.BESIEGED),
        ids("d", 21),
        "C2",
        "§2.1.1",
        "way_full (most=20, from_place=C1, place=C2, used=0, count=21, total=21)",
        "§2.1.1-courtyard-20",
    ),
    refused_move(
        battle(besieged(TREEMAN, "C1", 3), active=Side.BESIEGED),
        ids("d", 3),
        "C2",
        "§2.1.1",
        "way_full (most=20, from_place=C1, place=C2, used=0, count=24, total=24)",
        "§12.1.1-treeman-counts-8-through-connections",
    ),
    refused_move(
        battle(besiegers(ORC, "siege_tower:ST1", 5)),
        ids("a", 5),
        "W2",
        "§2.1.1",
        "way_full (most=4, from_place=siege_tower:ST1, place=W2, used=0, count=5, total=5)",
        "§7.3.4-siege-tower-4-a-turn",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 1), active=Side.BESIEGED),
        ["d1"],
        "C2",
        "§2.1.1",
        "not_connected (from_section=W1, section=C2)",
        "§2.1-adjacent-sections-only",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 1), active=Side.BESIEGED),
        ["d1"],
        "T3",
        "§2.1.1",
        "two_sections_in_courtyard (from_place=W1, via=W2, place=T3)",
        "§2.1.1-two-sections-in-courtyard-only",
        via="W2",
    ),
    refused_move(
        battle(besieged(MAN, "C1", 1), besiegers(ORC, "C2", 1), active=Side.BESIEGED),
        ["d1"],
        "C3",
        "§3.1.1",
        "via_holds_enemies (via=C2)",
        "§3.1.1-no-passing-through-enemies",
        via="C2",
    ),
    refused_move(
        battle(besieged(KNIGHT, "C1", 1), active=Side.BESIEGED),
        ["d1"],
        "S1",
        "§3.2.3",
        "cavalry_courtyards_only (models=d1, section=S1)",
        "§3.2.3-cavalry-onto-stairs",
    ),
    refused_move(
        battle(besiegers(GIANT, "foot:W3", 1)),
        ["a1"],
        "ladder:L1",
        "§12.1.1",
        "may_not_climb (models=a1)",
        "§12.1.1-giant-never-on-a-ladder",
    ),
    refused_move(
        battle(besiegers(TREEMAN, "foot:W3", 1)),
        ["a1"],
        "ladder:L1",
        "§12.1.1",
        "may_not_climb (models=a1)",
        "§12.1.1-treeman-never-on-a-ladder",
    ),
    refused_move(
        battle(besiegers(CENTAUR, "foot:W3", 1)),
        ["a1"],
        "ladder:L1",
        "§12.1.1",
        "may_not_climb (models=a1)",
        "§12.2-centauroid-never-on-a-ladder",
    ),
    refused_move(
        battle(besiegers(CENTAUR, "foot:W2", 1)),
        ["a1"],
        "siege_tower:ST1",
        "§12.2",
        "may_not_board (models=a1)",
        "§12.2-centauroid-never-in-a-siege-tower",
    ),
    refused_move(
        battle(besiegers(ORC, "foot:W3", 1)),
        ["a1"],
        "W3",
        "§12.4",
        "ethereal_only (section=W3)",
        "§12.4-walls-stop-the-living",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 2), besiegers(ORC, "W1", 2), active=Side.BESIEGED),
        ["d1"],
        "T2",
        "§3.3.1",
        "only_winners_disengage (section=W1)",
        "§3.3.1-losers-do-not-disengage",
    ),
    refused_move(
        replace(
            battle(
                besieged(MAN, "W1", 2),
                besiegers(ORC, "W1", 1),
                active=Side.BESIEGED,
                results=[replace(lost("W1", Side.BESIEGER), settled=True)],
            ),
            contacts=frozenset({("a1", "d1")}),
        ),
        ["d1"],
        "T2",
        "§3.3.1",
        "engaged_cannot_disengage (models=d1)",
        "§3.3.1-only-models-out-of-contact-disengage",
    ),
    *(
        refused_move(
            battle(
                besieged(with_rules(MAN, rule), "W1", 1),
                besiegers(ORC, "W1", 1),
                active=Side.BESIEGED,
                results=[replace(lost("W1", Side.BESIEGER), settled=True)],
            ),
            ["d1"],
            "T2",
            "§4.2",
            "must_clear_section (models=d1, section=W1)",
            f"§4.2-{rule}-holds-the-section",
        )
        for rule in (Special.FRENZY, Special.HATRED)
    ),
    refused_move(
        battle(besieged(MAN, "W1", 1)),
        ["d1"],
        "T2",
        "§2.1",
        "mover_not_active (model=d1, side=besieged)",
        "§2.1-movement-in-ones-own-turn",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 1), active=Side.BESIEGED, log=TurnLog(moved=frozenset({"d1"}))),
        ["d1"],
        "T2",
        "§2.1",
        "moved_already (model=d1)",
        "§2.1-one-section-a-turn",
    ),
    refused_move(
        battle(besieged(MAN, "W1", 1), active=Side.BESIEGED, log=TurnLog(rallied=frozenset({"d1"}))),
        ["d1"],
        "T2",
        "§3.4",
        "mover_rallied (model=d1)",
        "§3.4-rallied-troops-do-nothing",
    ),
    refused_move(
        battle(besieged(MAN, "C3", 1), active=Side.BESIEGED, log=TurnLog(blockers=frozenset({"d1"}))),
        ["d1"],
        "C2",
        "§6.3.1",
        "blocked_this_turn (model=d1)",
        "§6.3.1-a-blocker-of-this-turn-does-not-move-once-it-stops",
    ),
    refused_move(
        battle(besieged(MAN, "C1", 2), active=Side.BESIEGED),
        ["d1", "d2"],
        "C1",
        "§2.1",
        "move_in_place (models=d1+d2, place=C1)",
        "§2.1-there-and-back-is-no-move",
        via="C2",
    ),
    refused_move(
        battle(besiegers(ORC, "field:E", 2)),
        ids("a", 2),
        "foot:C2",
        "§16",
        "no_foot_outside (section=C2)",
        "§16-the-field-leads-to-the-foot-of-the-outer-walls",
    ),
]


@pytest.mark.parametrize(("state", "models", "to", "via", "clause", "message"), REFUSALS)
def test_refusals(state: BattleState, models: list[str], to: str, via: str | None, clause: str, message: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        move(state, models, to, Dice(0), via=via)
    assert error.value.clause == clause
    assert error.value.message == message
    assert state.to_json() == before


def test_fleeing_models_do_not_move() -> None:
    # §3.3.3
    state = battle(besieged(MAN, "W1", 1), active=Side.BESIEGED)
    state = fleeing(state, "d1")
    with pytest.raises(IllegalAction) as error:
        move(state, ["d1"], "T2", Dice(0))
    assert error.value.clause == "§3.3.3"


def test_connections_run_both_ways_independently() -> None:
    # §2.1.1: 10 pass W1 → T2 while 10 others pass T2 → W1
    state = battle(besieged(MAN, "W1", 10), besieged(MAN, "T2", 5, "e"), active=Side.BESIEGED)
    state = move(state, ids("e", 5), "W1", Dice(0)).state
    state = move(state, ids("d", 10), "T2", Dice(0)).state
    assert {m.place.ref for m in state.models if m.id.startswith("d")} == {"T2"}
    assert {m.place.ref for m in state.models if m.id.startswith("e")} == {"W1"}


def test_capacity_is_shared_by_a_turns_moves() -> None:
    # §2.1.1: the 10 a turn counts every group using the connection that way
    state = battle(besieged(MAN, "W1", 12), active=Side.BESIEGED)
    state = move(state, ids("d", 6), "T2", Dice(0)).state
    with pytest.raises(IllegalAction) as refused:
        move(state, ["d7", "d8", "d9", "d10", "d11"], "T2", Dice(0))
    assert refused.value.message == "way_full (most=10, from_place=W1, place=T2, used=6, count=5, total=11)"


def test_two_courtyard_sections_in_one_move() -> None:
    # §2.1.1
    state = battle(besieged(MAN, "C1", 3), active=Side.BESIEGED)
    after = move(state, ids("d", 3), "C3", Dice(0), via="C2").state
    assert {m.place for m in after.models} == {Place(Zone.SECTION, "C3")}


def test_charge_from_a_ladder_counts_from_below() -> None:
    # §3.1.1, §3.2.2: ladders count as a lower level; §3.5.2: the climbers have set foot on the rampart
    state = forgo_push_back(battle(besieged(MAN, "W3", 2), besiegers(ORC, "ladder:L1", 2)), "L1")  # §7.1.5
    result = move(state, ids("a", 2), "W3", Dice(0))
    log = result.state.turn_log
    assert log.charged == log.from_below == log.arrived == {"a1", "a2"}
    assert [e.kind for e in result.events] == ["charge"]


def test_charge_from_a_siege_tower_is_not_from_below() -> None:
    # §3.2.2: siege towers do not count as a lower level
    state = battle(besieged(MAN, "W2", 2), besiegers(ORC, "siege_tower:ST1", 2))
    log = move(state, ids("a", 2), "W2", Dice(0)).state.turn_log
    assert log.charged == {"a1", "a2"}
    assert log.from_below == frozenset()


def test_charge_up_the_stairs_is_from_below() -> None:
    # §3.2.2: stairs (level 2) to wall-walk (level 3)
    state = battle(besieged(MAN, "W1", 1), besiegers(ORC, "S1", 1))
    assert move(state, ["a1"], "W1", Dice(0)).state.turn_log.from_below == {"a1"}


def test_stand_and_shoot_at_chargers() -> None:
    # §3.1.2: BS3 needs 4+, -1 standing and shooting: 5+; bow S3 against T4 wounds on 5+; no armour
    state = forgo_push_back(battle(besieged(ARCHER, "W3", 1), besiegers(ORC, "ladder:L1", 2)), "L1")  # §7.1.5
    result = move(state, ids("a", 2), "W3", dice(5, 5), stand_and_shoot=["d1"])
    assert [m.id for m in result.state.at("W3", Side.BESIEGER)] == ["a2"]
    assert [r.result for r in result.rolls] == [5, 5]


def test_stand_and_shoot_miss() -> None:
    # §3.1.2: a 4 misses at 5+
    state = forgo_push_back(battle(besieged(ARCHER, "W3", 1), besiegers(ORC, "ladder:L1", 2)), "L1")  # §7.1.5
    result = move(state, ids("a", 2), "W3", dice(4), stand_and_shoot=["d1"])
    assert len(result.state.at("W3", Side.BESIEGER)) == 2


def test_stand_and_shoot_needs_a_missile_weapon() -> None:
    state = forgo_push_back(battle(besieged(MAN, "W3", 1), besiegers(ORC, "ladder:L1", 2)), "L1")  # §7.1.5
    with pytest.raises(IllegalAction) as error:
        move(state, ids("a", 2), "W3", Dice(0), stand_and_shoot=["d1"])
    assert error.value.clause == "§3.1.2"


def test_ogres_count_two_for_occupancy() -> None:
    # §12.1.1, R15: 7 ogres (14) and 1 man fit on a wall-walk, an eighth ogre does not
    state = battle(besiegers(OGRE, "W2", 7), besiegers(OGRE, "siege_tower:ST1", 1, "o"))
    with pytest.raises(IllegalAction) as refused:
        move(state, ["o1"], "W2", Dice(0))
    assert refused.value.message == "place_full (place=W2, held=14, side=besieger, incoming=2, total=16, most=15)"


@pytest.mark.parametrize(
    ("roll", "through", "kind"),
    [
        pytest.param(3, True, "ethereal_crossing", id="§12.4-3-passes"),
        pytest.param(2, False, "ethereal_repelled", id="§12.4-2-repelled"),
    ],
)
def test_ethereal_crossing(roll: int, through: bool, kind: str) -> None:
    state = battle(besiegers(GHOST, "foot:W3", 1))
    result = move(state, ["a1"], "W3", dice(roll))
    assert (result.state.model("a1").place == Place(Zone.SECTION, "W3")) is through
    assert result.events[0].kind == kind


def test_ethereal_repelled_hard_loses_d3_wounds() -> None:
    # §12.4: a 1 throws back a lone creature with D3 wounds
    state = battle(besiegers(GHOST, "foot:W3", 1))
    assert move(state, ["a1"], "W3", dice(1, 1)).state.model("a1").wounds_lost == 1
    assert move(state, ["a1"], "W3", dice(1, 2)).state.at("foot:W3") == ()


def test_ethereal_without_magic_protection_passes_freely() -> None:
    state = battle(besiegers(GHOST, "foot:W3", 1), magic_protection=False)
    result = move(state, ["a1"], "W3", Dice(0))
    assert result.rolls == ()
    assert result.state.model("a1").place.ref == "W3"
