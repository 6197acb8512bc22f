"""§2 movement between sections and levels, through connections and gates; §3.1 charges and the charged
side's reactions (stand and shoot, hold); §12.4 ethereal creatures crossing walls and gates.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from _pytest.mark import ParameterSet

from rules.dice import Dice
from rules.siege.actions import Action, Charge, EndPhase, HoldCharge, Move, StandAndShoot
from rules.siege.board.engines import Ladder
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, Side, TurnLog, Zone
from rules.siege.chapters.ladders import forgo_push_back
from rules.siege.chapters.movement import move
from rules.siege.chapters.reactions import may_stand_and_shoot
from rules.siege.chapters.structure import hit_section
from rules.siege.game import apply, choose, menu_options, problems
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
    refused,
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


def test_movement_is_one_adjacent_section_whatever_the_characteristic() -> None:
    """§2.1: « la caractéristique Mouvement est ignorée » and « toute figurine … peut se déplacer vers une autre
    section/niveau adjacente »: a slow model in heavy armour goes one section, a fast one no further."""
    slow = replace(MAN, name="Slow", m=3, save=4)
    fast = replace(MAN, name="Fast", m=9)
    state = battle(besieged(slow, "W1", 1, "s"), besieged(fast, "W1", 1, "f"), active=Side.BESIEGED)
    state = move(state, ["s1"], "T2", dice()).state
    assert str(state.model("s1").place) == "T2"
    refused(lambda: move(state, ["f1"], "W2", dice()), "§2.1.1")  # W1 → W2 crosses T2: not adjacent
    state = move(state, ["f1"], "T2", dice()).state
    refused(lambda: move(state, ["f1"], "W2", dice()), "§2.1")  # one section a turn


def test_no_manoeuvre_and_no_charge_angle() -> None:
    """§2.1.3: « Les unités ne peuvent pas manœuvrer … Les figurines n'ont pas besoin d'avoir d'angles de charge »:
    models of one unit split up and charge two sections on either side in the same turn, whatever their facing;
    cavalry still keeps to the courtyards (§3.2.3)."""
    state = battle(
        besieged(MAN, "C2", 4, unit="regiment"),
        besiegers(ORC, "C1", 1, "x"),
        besiegers(ORC, "C3", 1, "y"),
        active=Side.BESIEGED,
    )
    state = move(state, ["d1", "d2"], "C1", dice()).state
    state = move(state, ["d3", "d4"], "C3", dice()).state
    assert {str(state.model(i).place) for i in ids("d", 4)} == {"C1", "C3"}
    assert {"d1", "d2", "d3", "d4"} <= state.turn_log.charged
    knights = battle(besieged(KNIGHT, "C1", 1), active=Side.BESIEGED)
    refused(lambda: move(knights, ["d1"], "S1", dice()), "§3.2.3")


def test_each_side_of_a_connection_has_its_own_ten() -> None:
    """§2.1.1: « Les connexions peuvent se faire dans les deux sens … Cela n'empêche pas 10 autres figurines d'une
    autre section d'utiliser la même connexion et ainsi de se croiser »; the same way, 10 a turn in all."""
    state = battle(besieged(MAN, "W1", 11), besieged(MAN, "T2", 9, "t"), active=Side.BESIEGED)
    state = move(state, ids("d", 6), "T2", dice()).state
    state = move(state, ids("t", 9), "W1", dice()).state
    state = move(state, ["d7", "d8", "d9", "d10"], "T2", dice()).state
    assert state.turn_log.flow("W1", "T2") == 10
    refused(lambda: move(state, ["d11"], "T2", dice()), "§2.1.1")


def test_two_courtyards_a_turn_in_the_courtyard_only() -> None:
    """§2.1.1: « les figurines peuvent se déplacer de deux cases sections en un tour dans une cour intérieure
    seulement »; §3.1.1: « Dans une cour intérieure, les troupes peuvent charger en traversant 2 sections »."""
    state = battle(besieged(MAN, "C1", 2), besiegers(ORC, "C3", 1), besieged(MAN, "W1", 1, "w"), active=Side.BESIEGED)
    charged = move(state, ["d1"], "C3", dice(), via="C2").state
    assert "d1" in charged.turn_log.charged
    refused(lambda: move(state, ["w1"], "W2", dice(), via="T2"), "§2.1.1")
    blocked = battle(besieged(MAN, "C1", 1), besiegers(ORC, "C2", 1), active=Side.BESIEGED)
    refused(lambda: move(blocked, ["d1"], "C3", dice(), via="C2"), "§3.1.1")


def test_chargers_through_the_main_gate_land_behind_it() -> None:
    """§2.1.1: « La section dans laquelle arrivent les assaillants passant par la porte principale est toujours la
    section de cour intérieure derrière la porte principale », 15 a turn; §3.1.1: charging through it too."""
    gate = battle().fort.gates_of("C1")[0]
    state = battle(besiegers(ORC, "foot:C1", 16), besieged(MAN, "C1", 1))
    state = state.with_gate(replace(state.gate(gate.id), structure_points=0))
    refused(lambda: move(state, ids("a", 16), "C1", dice()), "§2.1.1")
    charged = move(state, ids("a", 15), "C1", dice()).state
    assert {str(charged.model(i).place) for i in ids("a", 15)} == {"C1"}
    assert set(ids("a", 15)) <= charged.turn_log.charged


def test_the_charged_never_flee_but_may_stand_and_shoot_with_the_penalty() -> None:
    """§3.1.2: « Des figurines ne peuvent pas fuir en réaction à la charge » and « Elles peuvent faire un tir de
    contre charge normalement avec un malus »: BS 3 needs 4+, 5+ with the penalty; a model elsewhere cannot."""
    state = battle(besiegers(ORC, "T3", 1), besieged(ARCHER, "W3", 1), besieged(ARCHER, "W2", 1, "w"))
    missed = move(state, ["a1"], "W3", dice(4), stand_and_shoot=["d1"]).state
    assert missed.model("a1").place == Place.parse("W3")
    assert not missed.model("d1").fleeing
    hit = move(state, ["a1"], "W3", dice(5, 6), stand_and_shoot=["d1"]).state
    assert not [m for m in hit.models if m.id == "a1"]
    refused(lambda: move(state, ["a1"], "W3", dice(6, 6), stand_and_shoot=["w1"]), "§3.1.2")


def _charge_at_archers(archers: int = 2, men: int = 0) -> BattleState:
    """The besieger's movement: two orcs (T4, no save) in C1 next to C2, where ``archers`` (BS3, bow S3) and
    ``men`` (no missile weapon) stand."""
    state = battle(
        besiegers(ORC, "C1", 2),
        besieged(ARCHER, "C2", archers, "x"),
        besieged(MAN, "C2", men),
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_a_charge_waits_for_the_charged_sides_answer_alone() -> None:
    """§3.1.2 « Elles peuvent faire un tir de contre charge »: the choice is the charged side's. The charge declared,
    nothing but its answer is offered or accepted: standing and shooting with the archers, or holding."""
    state = _charge_at_archers()
    declared = apply(state, Charge(("a1", "a2"), "C2"), dice())
    assert declared.rolls == ()
    assert [str(m.place) for m in declared.state.models if m.side is Side.BESIEGER] == ["C1", "C1"]
    menu = menu_options(declared.state)
    assert [(o.name, o.side, o.actors) for o in menu] == [
        ("stand_and_shoot", Side.BESIEGED, ("x1", "x2")),
        ("hold_charge", Side.BESIEGED, ()),
    ]
    assert [r.clause for r in problems(declared.state, EndPhase())] == ["§3.1.2"]
    assert [r.clause for r in problems(declared.state, Move(("a1",), "C3"))] == ["§3.1.2"]
    for option in menu:
        assert problems(declared.state, choose(declared.state, option, option.actors[: option.most], None)) == []


def test_standing_and_shooting_hits_on_5_then_the_charge_lands() -> None:
    """§3.1.2 « un tir de contre charge normalement avec un malus »; R6: BS3 needs 7 − 3 = 4, −1 to stand and shoot
    makes 5+. A 5 hits, a 5 wounds the orc's T4 with the bow's S3 (R9: 4 + 1): a1 falls, a2 lands on C2."""
    declared = apply(_charge_at_archers(1), Charge(("a1", "a2"), "C2"), dice()).state
    answered = apply(declared, StandAndShoot(("x1",)), dice(5, 5))
    assert [r.result for r in answered.rolls] == [5, 5]
    assert "a1" not in answered.state.by_id
    assert str(answered.state.model("a2").place) == "C2"
    assert answered.state.turn_log.charge is None
    assert "a2" in answered.state.turn_log.charged


def test_a_4_misses_the_chargers() -> None:
    """§3.1.2, R6: 5+ to hit when standing and shooting; a 4 misses and both orcs land."""
    declared = apply(_charge_at_archers(1), Charge(("a1", "a2"), "C2"), dice()).state
    answered = apply(declared, StandAndShoot(("x1",)), dice(4))
    assert [str(m.place) for m in answered.state.models if m.side is Side.BESIEGER] == ["C2", "C2"]


def test_holding_lets_the_charge_land_with_no_shot() -> None:
    """§3.1.2 « Des figurines ne peuvent pas fuir en réaction à la charge »: holding is the other answer."""
    declared = apply(_charge_at_archers(), Charge(("a1", "a2"), "C2"), dice()).state
    held = apply(declared, HoldCharge(), dice())
    assert held.rolls == ()
    assert [str(m.place) for m in held.state.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    refused(lambda: apply(held.state, HoldCharge(), dice()), "§3.1.2")


def test_with_nobody_to_shoot_the_charge_lands_at_once() -> None:
    """§3.1.2: men without missile weapons can only hold: the charge lands with no answer asked."""
    landed = apply(_charge_at_archers(0, men=2), Charge(("a1", "a2"), "C2"), dice()).state
    assert [str(m.place) for m in landed.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    assert menu_options(landed, "hold_charge") == []


def test_a_blocker_does_not_stand_and_shoot() -> None:
    """§6.3.1 « Le bloquant ne peut pas utiliser d'armes de jet »: the archer blocking the ladder on W2 is not among
    the shooters when the siege tower's orcs charge W2; the other archer is, and the blocker named is refused."""
    state = battle(
        besiegers(ORC, "siege_tower:ST1", 2),
        besieged(ARCHER, "W2", 2, "x"),
        ladders=(Ladder("L1", "W2", blocker="x1"),),
    )
    assert may_stand_and_shoot(state, Place.parse("W2")) == ("x2",)
    declared = apply(replace(state, phase=Phase.MOVEMENT), Charge(("a1", "a2"), "W2"), dice()).state
    refused(lambda: apply(declared, StandAndShoot(("x1",)), dice(6, 6)), "§3.1.2")


def test_a_charge_of_an_older_log_replays_as_it_was_played() -> None:
    """Logs written when the charger's action carried the reaction still replay: an empty list is the charged
    holding, a list of shooters their shots, both at once with the charge (§3.1.2)."""
    state = _charge_at_archers(1)
    old = {"format": 1, "action": "charge", "models": ["a1", "a2"], "to": "C2", "via": None}
    held = apply(state, Action.from_json({**old, "stand_and_shoot": []}), dice()).state
    assert held.turn_log.charge is None
    assert [str(m.place) for m in held.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    shot = apply(state, Action.from_json({**old, "stand_and_shoot": ["x1"]}), dice(5, 5)).state
    assert "a1" not in shot.by_id
    assert "stand_and_shoot" not in Charge(("a1", "a2"), "C2").to_json()
    assert Action.from_json(old) == Charge(("a1", "a2"), "C2")


def test_a_plain_model_through_a_broken_gate_takes_no_ethereal_test() -> None:
    """§12.4: « Une créature éthérée volant franchir une muraille, porte principale ou poterne protégée
    magiquement doivent faire un test » — only ethereal creatures test; orcs through the broken main gate do not.
    """
    state = battle(besiegers(ORC, "foot:C1", 3))
    state = state.with_gate(replace(state.gate("G1"), structure_points=0))
    # a 1 would throw an ethereal crossing back with D3 losses
    result = move(state, ["a1", "a2", "a3"], "C1", dice(1, 3))
    assert result.rolls == ()
    assert [m.place for m in result.state.at("C1")] == [Place(Zone.SECTION, "C1")] * 3
    assert not any(e.clause == "§12.4" for e in result.events)


def test_a_plain_model_through_a_breach_takes_no_ethereal_test() -> None:
    """§12.4: the test is for « une créature éthérée »; besiegers pouring through a breach (§5.9) do not take it."""
    state = battle(besiegers(replace(ORC, t=9), "foot:W4", 2))
    state = state.with_works(replace(state.works_of("W4"), damage=9))
    state, _ = hit_section(state, "W4", 10, "1", Dice(0), "S10")
    assert state.works_of("W4").collapsed
    courtyard = next(c.b for c in state.fort.connections if c.a == "W4" and c.kind.value == "breach")
    result = move(state, ["a1", "a2"], courtyard, dice(1, 3))
    assert result.rolls == ()
    assert len(result.state.at(courtyard, Side.BESIEGER)) == 2


def test_an_ethereal_creature_through_a_broken_gate_still_tests_and_its_companions_do_not() -> None:
    """§12.4: the ghost crossing the magically protected main gate tests (2: « la créature est repoussée »); the
    orc going in with it does not.
    """
    state = battle(besiegers(GHOST, "foot:C1", 1, "g"), besiegers(ORC, "foot:C1", 1))
    state = state.with_gate(replace(state.gate("G1"), structure_points=0))
    result = move(state, ["g1", "a1"], "C1", dice(2))
    assert len(result.rolls) == 1
    assert result.state.model("g1").place == Place(Zone.FOOT, "C1")
    assert result.state.model("a1").place == Place(Zone.SECTION, "C1")
