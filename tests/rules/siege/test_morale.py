from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.game import apply, choose, legal_actions, problems
from rules.siege.morale import flee_on, hold, rally, retreat
from rules.siege.profiles import Special
from rules.siege.state import BattleState, IllegalAction, Ladder, Phase, Place, Side, TurnLog, Zone
from tests.rules.siege.builders import (
    HARPY,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    fleeing,
    ids,
    lost,
    with_rules,
)

ARRIVED = TurnLog(arrived=frozenset({"a1", "a2", "a3", "a4", "a5"}))


def places(state: BattleState, side: Side) -> set[str]:
    return {str(m.place) for m in state.models if m.side is side}


def test_retreat_en_bloc() -> None:
    # §3.3.2: every model of the side on the section, engaged or not, goes to one adjacent section
    state = battle(besieged(MAN, "W3", 4), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)])
    result = retreat(state, "W3", "T3", Dice(0))
    assert places(result.state, Side.BESIEGED) == {"T3"}
    assert result.rolls == ()
    combat = result.state.result("W3")
    assert combat is not None
    assert combat.settled


@pytest.mark.parametrize(
    ("state", "to", "message"),
    [
        pytest.param(
            battle(
                besieged(MAN, "W3", 2),
                besiegers(ORC, "W3", 2),
                besiegers(ORC, "T3", 1, "e"),
                results=[lost("W3", Side.BESIEGED)],
            ),
            "T3",
            "T3 holds enemy models (§3.3.2)",
            id="§3.3.2-no-enemy-there",
        ),
        pytest.param(
            battle(
                besieged(MAN, "W3", 2),
                besieged(MAN, "T3", 14, "t"),
                besiegers(ORC, "W3", 2),
                results=[lost("W3", Side.BESIEGED)],
            ),
            "T3",
            "tower T3 would hold 16 besieged models, more than 15 (§1.7)",
            id="§3.3.2-quota",
        ),
        pytest.param(
            battle(besieged(MAN, "W3", 11), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)]),
            "T3",
            "11 models cannot pass the W3–T3 connection, which takes 10 (§2.1.1)",
            id="§3.3.2-connection",
        ),
        pytest.param(
            battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)]),
            "W1",
            "W1 is not adjacent to W3 (§3.3.2)",
            id="§3.3.2-adjacent-only",
        ),
        pytest.param(
            battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=ARRIVED),
            "ladder:L1",
            "5 models cannot go down ladder:L1, at most 4 (§3.5.2)",
            id="§3.5.2-four-by-a-ladder",
        ),
        pytest.param(
            battle(
                besiegers(ORC, "W3", 2),
                besiegers(ORC, "ladder:L1", 1, "x"),
                besieged(MAN, "W3", 2),
                results=[lost("W3", Side.BESIEGER)],
                log=ARRIVED,
            ),
            "ladder:L1",
            "ladder L1 is blocked by a friendly model on it (§3.5.2)",
            id="§3.5.2-ladder-blocked",
        ),
        pytest.param(
            battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)]),
            "ladder:L1",
            "only besiegers who set foot on the rampart this turn may retreat outside (§3.5.2)",
            id="§3.5.2-only-this-turns-arrivals",
        ),
    ],
)
def test_retreat_refusals(state: BattleState, to: str, message: str) -> None:
    with pytest.raises(IllegalAction) as error:
        retreat(state, "W3", to, Dice(0))
    assert message in str(error.value)


def test_retreat_by_siege_tower_is_not_blocked() -> None:
    # §3.5.2: down through the tower, even with friends inside, to its foot as a unit of their own
    state = battle(
        besiegers(ORC, "W2", 2),
        besiegers(ORC, "siege_tower:ST1", 3, "x"),
        besieged(MAN, "W2", 3),
        results=[lost("W2", Side.BESIEGER)],
        log=ARRIVED,
    )
    after = retreat(state, "W2", "siege_tower:ST1", Dice(0)).state
    assert after.model("a1").place == Place(Zone.FOOT, "W2")
    assert after.model("a1").unit == "a (ST1)"


def test_retreat_by_ladder_lands_at_the_foot() -> None:
    state = battle(besiegers(ORC, "W3", 4), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=ARRIVED)
    assert places(retreat(state, "W3", "ladder:L2", Dice(0)).state, Side.BESIEGER) == {"foot:W3"}


def test_hold_passes_with_the_difference() -> None:
    # §3.3.2: Ld 7 lost by 1: 6 holds
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)])
    result = hold(state, "W3", dice(3, 3))
    assert places(result.state, Side.BESIEGED) == {"W3"}
    assert not any(m.fleeing for m in result.state.models)


def test_hold_fails_and_flight_costs_a_wound_per_enemy() -> None:
    # §3.3.2, §3.3.3: 7 fails at Ld 7 - 1; two enemies: two wounds, the survivor runs to T3
    state = battle(besieged(MAN, "W3", 3), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)])
    result = hold(state, "W3", dice(3, 4), losses_order=["d3", "d2"])
    assert [m.id for m in result.state.models if m.side is Side.BESIEGED] == ["d1"]
    assert result.state.model("d1").fleeing
    assert result.state.model("d1").place.ref in {"T3", "T4"}


def test_flight_blocked_flees_where_it_stands() -> None:
    # §3.3.3: no open section next to it
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "T3", 1, "e"),
        besiegers(ORC, "T4", 1, "f"),
        results=[lost("W3", Side.BESIEGED)],
    )
    after = hold(state, "W3", dice(6, 6)).state
    assert {str(m.place) for m in after.models if m.side is Side.BESIEGED} == {"W3"}
    assert all(m.fleeing for m in after.models if m.side is Side.BESIEGED)


def test_fleeing_flyers_are_destroyed() -> None:
    # §12.3.2: flyers never retreat; they test and, failing, are destroyed
    state = battle(besieged(HARPY, "W3", 1), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    assert hold(state, "W3", dice(6, 6)).state.at("W3", Side.BESIEGED) == ()
    with pytest.raises(IllegalAction):
        retreat(state, "W3", "T3", Dice(0))


def test_unbreakable_hold_without_a_test() -> None:
    # §4.3
    state = battle(
        besieged(with_rules(MAN, Special.UNBREAKABLE), "W3", 2),
        besiegers(ORC, "W3", 1),
        results=[lost("W3", Side.BESIEGED, by=5)],
    )
    result = hold(state, "W3", Dice(0))
    assert result.rolls == ()
    assert places(result.state, Side.BESIEGED) == {"W3"}


def test_stubborn_test_en_bloc_without_the_difference() -> None:
    # §4.3: lost by 3, a 7 holds at Ld 7 for the stubborn, breaks the others
    stubborn = besieged(with_rules(MAN, Special.STUBBORN), "W3", 2, "s")
    state = battle(stubborn, besieged(MAN, "W3", 1), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED, 3)])
    after = hold(state, "W3", dice(3, 4, 3, 4)).state
    assert not after.model("s1").fleeing
    assert not after.model("s2").fleeing
    assert [m.id for m in after.models if m.side is Side.BESIEGED] == ["s1", "s2"]  # d1 fled and fell (§3.3.3)


def test_character_leadership_for_everyone() -> None:
    # §4.1: the best character's Ld on the section, from any unit, for the whole section
    captain = besieged(replace(with_rules(MAN, Special.CHARACTER), ld=9), "W3", 1, "c")
    state = battle(captain, besieged(MAN, "W3", 2), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    result = hold(state, "W3", dice(4, 4))
    assert not any(m.fleeing for m in result.state.models)
    assert len(result.rolls) == 2


def test_besiegers_on_ladders_take_no_test() -> None:
    # §3.5, §3.5.1: the models inside count apart; their fellows on the rampart break, the climbers are untouched
    state = battle(
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "ladder:L1", 3, "l"),
        besieged(MAN, "W3", 2),
        results=[lost("W3", Side.BESIEGER)],
    )
    after = hold(state, "W3", dice(6, 6)).state
    assert all(not m.fleeing and m.wounds_lost == 0 for m in after.at("ladder:L1"))


def test_rally_on_the_best_leadership_there() -> None:
    # §3.4: the highest Ld on the section, fleeing or not; rallied, they do nothing more this turn
    state = fleeing(
        battle(
            besieged(replace(MAN, ld=5), "W3", 1),
            besieged(replace(MAN, ld=8, name="Vet"), "W3", 1, "v"),
            active=Side.BESIEGED,
        ),
        "d1",
    )
    result = rally(state, "W3", Side.BESIEGED, dice(4, 4))
    assert not result.state.model("d1").fleeing
    assert result.state.turn_log.rallied == {"d1"}


@pytest.mark.parametrize(
    ("musician", "rallied"),
    [pytest.param(True, True, id="§3.4-musician-+1"), pytest.param(False, False, id="§3.4-no-musician")],
)
def test_rally_musician(musician: bool, rallied: bool) -> None:
    profile = with_rules(MAN, Special.MUSICIAN) if musician else MAN
    state = fleeing(battle(besieged(profile, "W3", 1), active=Side.BESIEGED), "d1")
    assert (not rally(state, "W3", Side.BESIEGED, dice(4, 4)).state.model("d1").fleeing) is rallied


def test_no_rally_next_to_enemy_unit_strength_5() -> None:
    # §3.4
    state = fleeing(battle(besieged(MAN, "W3", 1), besiegers(ORC, "T3", 5), active=Side.BESIEGED), "d1")
    with pytest.raises(IllegalAction, match="unit strength 5 on adjacent T3"):
        rally(state, "W3", Side.BESIEGED, Dice(0))
    near = fleeing(battle(besieged(MAN, "W3", 1), besiegers(ORC, "T3", 4), active=Side.BESIEGED), "d1")
    assert rally(near, "W3", Side.BESIEGED, dice(1, 1)).state.model("d1").fleeing is False


def test_fleeing_flee_on_while_enemies_are_there() -> None:
    # §3.3.3
    tough = replace(MAN, w=2)
    state = fleeing(battle(besieged(tough, "W3", 1), besiegers(ORC, "W3", 1), active=Side.BESIEGED), "d1")
    with pytest.raises(IllegalAction):
        rally(state, "W3", Side.BESIEGED, Dice(0))
    after = flee_on(state, "W3", Side.BESIEGED, Dice(0), to="T3").state.model("d1")
    assert (after.place.ref, after.wounds_lost, after.fleeing) == ("T3", 1, True)


# ---- R34: the losers react before anything else ------------------------------------------------------------------


def test_the_losers_reaction_comes_alone_and_the_step_waits_for_it() -> None:
    """R34, §3.3.2: « Un groupe de figurines sur une section/niveau qui perd un combat est obligé de retraiter
    immédiatement après le round de combat »: the besieged lost on W3; until they retreat or hold the menu offers only
    that, to their side, and neither the fight on W2 nor the end of the step is accepted."""
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "W3", 2),
        besiegers(ORC, "T3", 1, "e"),
        besieged(MAN, "W2", 1, "w"),
        besiegers(ORC, "W2", 1, "v"),
        results=[lost("W3", Side.BESIEGED)],
    )
    state = replace(state, phase=Phase.CLOSE_COMBAT)
    menu = legal_actions(state)
    assert [(o.name, o.side, o.where, o.targets) for o in menu] == [
        ("retreat", Side.BESIEGED, "W3", ("T4",)),  # T3 holds an enemy (§3.3.2)
        ("hold", Side.BESIEGED, "W3", ()),
    ]
    for option in menu:
        assert problems(state, choose(state, option, *option.default())) == []
    for action in (a.EndPhase(), a.EndTurn(), a.Fight("W2", (("v1", "w1"),))):
        assert [r.clause for r in problems(state, action)] == ["§3.3.2"]
    held = apply(state, a.Hold("W3"), Dice(seed=3)).state
    assert {"fight", "end_phase"} <= {o.name for o in legal_actions(held)}


def test_losers_who_came_up_a_ladder_this_turn_may_retreat_down_it() -> None:
    """§3.5.2: « Si les figurines qui viennent de prendre pied sur le rempart ce tour perdent le combat … elle peut
    aussi s'effectuer vers l'extérieur du fort … Jusqu'à 4 figurines peuvent retraiter par une échelle »: the 3
    besiegers beaten on W3 may go down ladder L1 or to T4 (T3 holds a defender); each way the menu offers is taken."""
    state = battle(
        besiegers(ORC, "W3", 3),
        besieged(MAN, "W3", 3),
        besieged(MAN, "T3", 1, "e"),
        ladders=(Ladder("L1", "W3"),),
        results=[lost("W3", Side.BESIEGER)],
        log=TurnLog(arrived=frozenset(ids("a", 3))),
    )
    state = replace(state, phase=Phase.CLOSE_COMBAT)
    (retreat_option, _) = legal_actions(state)
    assert retreat_option.targets == ("T4", "ladder:L1")
    for way in retreat_option.targets:
        assert problems(state, choose(state, retreat_option, retreat_option.actors, way)) == []


def test_no_retreat_down_a_ladder_lying_at_the_foot_of_the_wall() -> None:
    """§3.5.2: « Pour pouvoir retraiter en dehors du château, il faut toutefois que les figurines disposent d'échelle
    ou de tour de siège »: a ladder pushed down lies at the foot of W3 and is no way down; nor does the menu offer
    it."""
    state = battle(
        besiegers(ORC, "W3", 2),
        besieged(MAN, "W3", 3),
        besieged(MAN, "T3", 1, "e"),
        besieged(MAN, "T4", 1, "f"),
        ladders=(Ladder("L1", "W3", raised=False),),
        results=[lost("W3", Side.BESIEGER)],
        log=TurnLog(arrived=frozenset(ids("a", 2))),
    )
    with pytest.raises(IllegalAction, match="lies at the foot of the wall") as error:
        retreat(state, "W3", "ladder:L1", Dice(0))
    assert error.value.clause == "§3.3.2"
    assert [o.name for o in legal_actions(replace(state, phase=Phase.CLOSE_COMBAT))] == ["hold"]
