"""§3.3 and §3.4 after a combat: disengaging, retreating, holding, fleeing and rallying; §3.5 troops on
ladders and in siege towers; §4.3 stubborn and unbreakable troops.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.actions import EndPhase, Flee, Rally
from rules.siege.board.engines import Ladder
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, Side, TurnLog, Zone
from rules.siege.chapters.blocking import block
from rules.siege.chapters.melee import fight
from rules.siege.chapters.morale import flee_on, hold, rally, retreat
from rules.siege.chapters.movement import move
from rules.siege.chapters.shooting import shoot
from rules.siege.game import apply, choose, menu_options, problems
from tests.rules.siege.builders import (
    ARCHER,
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
    next_turn,
    refused,
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
            "§3.3.2: way_held_by_enemy (to_section=T3)",
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
            "§3.3.2: way_over_quota (to_section=T3, held=16, side=besieged, most=15)",
            id="§3.3.2-quota",
        ),
        pytest.param(
            battle(besieged(MAN, "W3", 11), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)]),
            "T3",
            "§3.3.2: way_too_narrow (count=11, section=W3, to_section=T3, capacity=10)",
            id="§3.3.2-connection",
        ),
        pytest.param(
            battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)]),
            "W1",
            "§3.3.2: way_not_adjacent (to_section=W1, section=W3)",
            id="§3.3.2-adjacent-only",
        ),
        pytest.param(
            battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=ARRIVED),
            "ladder:L1",
            "§3.3.2: too_many_down (count=5, place=ladder:L1, most=4)",
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
            "§3.3.2: ladder_blocked_by_friend (ladder=L1)",
            id="§3.5.2-ladder-blocked",
        ),
        pytest.param(
            battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)]),
            "ladder:L1",
            "§3.3.2: retreat_outside_arrivals_only",
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
    with pytest.raises(IllegalAction, match=r"enemy_near_rally \(strength=5, section=T3, most=5\)"):
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
    menu = menu_options(state)
    assert [(o.name, o.side, o.where, o.targets) for o in menu] == [
        ("retreat", Side.BESIEGED, "W3", ("T4",)),  # T3 holds an enemy (§3.3.2)
        ("hold", Side.BESIEGED, "W3", ()),
    ]
    for option in menu:
        assert problems(state, choose(state, option, *option.default())) == []
    for action in (a.EndPhase(), a.EndTurn(), a.Fight("W2", (("v1", "w1"),))):
        assert [r.clause for r in problems(state, action)] == ["§3.3.2"]
    held = apply(state, a.Hold("W3"), Dice(seed=3)).state
    assert {"fight", "end_phase"} <= {o.name for o in menu_options(held)}


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
    (retreat_option, _) = menu_options(state)
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
    with pytest.raises(IllegalAction, match=r"ladder_not_against_section \(ladder=L1, section=W3\)") as error:
        retreat(state, "W3", "ladder:L1", Dice(0))
    assert error.value.clause == "§3.3.2"
    assert [o.name for o in menu_options(replace(state, phase=Phase.CLOSE_COMBAT))] == ["hold"]


# ---- flight on and rally as the menu offers them (§3.3.3, §3.4, 002) ------------------------------------------------


def _movement(state: BattleState) -> BattleState:
    return replace(state, phase=Phase.MOVEMENT)


def test_the_fleeing_flee_on_before_their_movement_ends_and_once() -> None:
    """§3.3.3 « Les troupes continuent à fuir tant qu'il y a un ennemi sur la section/niveau où ils se trouvent »;
    002, the movement phase: « 3. MOUVEMENTS OBLIGATOIRES ». A fleeing man on W3 with an orc there must flee on before
    the besieged's movement ends; once fled, not again that turn."""
    state = _movement(
        fleeing(battle(besieged(replace(MAN, w=3), "W3", 1), besiegers(ORC, "W3", 1), active=Side.BESIEGED), "d1")
    )
    assert [r.clause for r in problems(state, EndPhase())] == ["§3.3.3"]
    assert [(o.name, o.where) for o in menu_options(state, "flee")] == [("flee", "W3")]
    assert menu_options(state, "rally") == []
    fled = apply(state, Flee("W3", "T3"), dice()).state
    assert (str(fled.model("d1").place), fled.model("d1").wounds_lost) == ("T3", 1)  # 1 wound per enemy (§3.3.3)
    assert problems(fled, EndPhase()) == []
    assert menu_options(fled, "rally") == []  # 002: the rally comes before the compulsory moves


def _cornered_man(wounds: int) -> BattleState:
    """A fleeing besieged man of ``wounds`` on W3 with an orc there, T3 and T4 on either side held by orcs: no
    adjacent section is open to him, in the besieged's movement."""
    state = battle(
        besieged(replace(MAN, w=wounds), "W3", 1),
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "T3", 1, "t"),
        besiegers(ORC, "T4", 1, "u"),
        active=Side.BESIEGED,
    )
    return _movement(fleeing(state, "d1"))


def test_fleeing_in_place_is_once_a_turn() -> None:
    """§3.3.3: a flight from a section costs 1 wound per enemy there. With no way out the man flees where he stands;
    fleeing on is a move of the turn (002), not a repeated loss of wounds in one turn."""
    state = _cornered_man(wounds=3)
    (option,) = menu_options(state, "flee")
    assert option.targets == ()
    once = apply(state, choose(state, option, (), None), dice()).state
    assert (str(once.model("d1").place), once.model("d1").wounds_lost) == ("W3", 1)
    assert menu_options(once, "flee") == []
    refused(lambda: apply(once, Flee("W3"), dice()), "§3.3.3")


def test_next_to_five_the_fleeing_flee_on_to_rally_farther_off() -> None:
    """§3.4 « Des troupes en fuite qui n'ont plus d'ennemis dans une section/niveau adjacente représentant une PU de 5
    peuvent tenter de se rallier »: five orcs on T3 next to W3 leave no rally, four leave it. §4.1 « Elles ne
    pourront se rallier qu'en l'absence d'ennemis sur les section/niveau adjacente. Pour ce faire, elles peuvent donc
    fuir lors des tours suivants vers une section/niveau afin de pouvoir se rallier »: with no enemy on W3 the man
    may flee on to T4, free of the enemy, losing no wound (1 a enemy on W3, §3.3.3), and need not."""
    five = _movement(fleeing(battle(besieged(MAN, "W3", 1), besiegers(ORC, "T3", 5), active=Side.BESIEGED), "d1"))
    assert [(o.name, o.where, o.targets) for o in menu_options(five) if o.name in ("flee", "rally")] == [
        ("flee", "W3", ("T4",))
    ]
    assert problems(five, EndPhase()) == []
    away = apply(five, Flee("W3", "T4"), dice()).state
    assert (str(away.model("d1").place), away.model("d1").wounds_lost, away.model("d1").fleeing) == ("T4", 0, True)
    four = _movement(fleeing(battle(besieged(MAN, "W3", 1), besiegers(ORC, "T3", 4), active=Side.BESIEGED), "d1"))
    assert [(o.name, o.where) for o in menu_options(four) if o.name == "rally"] == [("rally", "W3")]


def test_with_no_enemy_and_nowhere_to_go_the_fleeing_stay() -> None:
    """§3.3.3, §4.1: with no enemy on W3 and T3 and T4 held by the enemy, there is no flight to offer: a flight
    where they stand would be nothing."""
    state = _movement(
        fleeing(
            battle(
                besieged(MAN, "W3", 1),
                besiegers(ORC, "T3", 1, "t"),
                besiegers(ORC, "T4", 1, "u"),
                active=Side.BESIEGED,
            ),
            "d1",
        )
    )
    assert menu_options(state, "flee") == []
    refused(lambda: apply(state, Flee("W3"), dice()), "§4.1")


def test_one_rally_test_a_turn() -> None:
    """002, the movement phase: « 2. RALLIEMENT DES TROUPES EN FUITE. Vous pouvez tenter de rallier vos troupes en
    fuite »: one attempt in the step; a failed one (12 against Ld 7) is not rolled again until the next turn."""
    state = _movement(fleeing(battle(besieged(MAN, "W3", 1), active=Side.BESIEGED), "d1"))
    failed = apply(state, Rally("W3"), dice(6, 6)).state
    assert failed.model("d1").fleeing
    assert menu_options(failed, "rally") == []
    refused(lambda: apply(failed, Rally("W3"), dice(1, 1)), "§3.4")
    later = next_turn(failed)
    assert [o.where for o in menu_options(later, "rally")] == ["W3"]


# ---- flight down a ladder (R35, §7.1.11, §3.5.2) ------------------------------------------------------------------


def _cornered_besiegers(*ladders: Ladder) -> BattleState:
    """Two fleeing orcs on W3 who came up in an earlier turn, a besieged man there, T3 and T4 on either side held by
    the besieged: no adjacent section is open to them."""
    state = battle(
        besiegers(ORC, "W3", 2),
        besieged(MAN, "W3", 1),
        besieged(MAN, "T3", 1, "t"),
        besieged(MAN, "T4", 1, "u"),
        ladders=ladders,
    )
    return _movement(fleeing(state, "a1", "a2"))


def test_the_fleeing_go_down_a_ladder_whenever_they_came_up() -> None:
    """R35, §7.1.11 « Des fuyards peuvent emprunter une échelle »: the orcs came up before this turn, yet flee down L1
    raised against W3, after losing 1 wound for the besieged man there (§3.3.3): one dies, one runs to the foot."""
    state = _cornered_besiegers(Ladder("L1", "W3"))
    assert state.turn_log.arrived == frozenset()
    (option,) = menu_options(state, "flee")
    assert option.targets == ("ladder:L1",)
    after = apply(state, choose(state, option, (), "ladder:L1"), dice()).state
    assert [(m.id, str(m.place), m.fleeing) for m in after.models if m.side is Side.BESIEGER] == [
        ("a2", "foot:W3", True)
    ]


def test_a_ladder_lying_or_with_a_friend_on_it_is_no_way_down() -> None:
    """§3.5.2 « si une échelle est occupée par au moins une figurine amie, la retraite et/ou la fuite ne sont pas
    possibles »; a ladder lying at the wall's foot leans on nothing (§7.1.1): the orcs flee where they stand."""
    lying = _cornered_besiegers(Ladder("L1", "W3", raised=False))
    assert [o.targets for o in menu_options(lying, "flee")] == [()]
    refused(lambda: apply(lying, Flee("W3", "ladder:L1"), dice()), "§3.3.3")
    busy = _cornered_besiegers(Ladder("L1", "W3"))
    busy = busy.with_models(
        {
            "a1": replace(busy.model("a1"), place=Place.parse("ladder:L1"), fleeing=False),
            "a2": replace(busy.model("a2"), profile=replace(ORC, w=2)),
        }
    )
    assert [o.targets for o in menu_options(busy, "flee")] == [()]
    after = apply(busy, Flee("W3"), dice()).state
    assert (str(after.model("a2").place), after.model("a2").wounds_lost) == ("W3", 1)


def test_the_besieged_never_flee_down_a_ladder() -> None:
    """§11.1 « l'interdiction pour l'assiégé ... d'en faire sortir durant la partie »: cornered on W3 with a ladder
    raised against it, the besieged flee where they stand."""
    state = _cornered_man(wounds=2)
    assert [o.targets for o in menu_options(state, "flee")] == [()]
    refused(lambda: apply(state, Flee("W3", "ladder:L1"), dice()), "§3.3.3")


def test_the_fleeing_player_spreads_the_losses_of_a_flight_on() -> None:
    """§3.3.3 « C'est le fuyard qui répartit les pertes »: two orcs on W3 flee on with one besieged man there; the
    besieger names the veteran (8 points) to lose the wound rather than the cheaper boy the engine would pick."""
    vet = replace(ORC, name="Veteran", points=8)
    state = _movement(
        fleeing(battle(besiegers(ORC, "W3", 1), besiegers(vet, "W3", 1, "v"), besieged(MAN, "W3", 1)), "a1", "v1")
    )
    by_default = apply(state, Flee("W3"), dice()).state
    assert set(by_default.by_id) & {"a1", "v1"} == {"v1"}
    chosen = apply(state, Flee("W3", losses_order=("v1",)), dice()).state
    assert set(chosen.by_id) & {"a1", "v1"} == {"a1"}


def _with(state: BattleState, **changes: object) -> BattleState:
    return replace(state, turn_log=replace(state.turn_log, **changes))


def test_disengaging_is_for_the_winners_out_of_contact_to_an_empty_section() -> None:
    """§3.3.1: « les troupes … qui ont gagné le précédent combat, peuvent se rendre sur une autre section/niveau à
    condition qu'il n'y ait pas d'ennemis présents » and « Seules les figurines non engagées au contact peuvent se
    désengager »."""
    won = replace(lost("W1", Side.BESIEGER), settled=True)
    state = battle(
        besieged(MAN, "W1", 3),
        besiegers(ORC, "W1", 1),
        besiegers(ORC, "T1", 1, "t"),
        active=Side.BESIEGED,
        results=[won],
    )
    state = replace(state, contacts=frozenset({("a1", "d1")}))
    left = move(state, ["d2"], "T2", dice()).state
    assert str(left.model("d2").place) == "T2"
    refused(lambda: move(state, ["d1"], "T2", dice()), "§3.3.1")  # in contact
    refused(lambda: move(state, ["d3"], "T1", dice()), "§3.3.1")  # enemies there
    losers = battle(besieged(MAN, "W1", 1), besiegers(ORC, "W1", 1), active=Side.BESIEGED)
    refused(lambda: move(losers, ["d1"], "T2", dice()), "§3.3.1")  # no combat won there


def test_rallied_troops_do_nothing_this_turn() -> None:
    """§3.4: « Une fois ralliées, elles ne peuvent rien faire »: no move, no fight, no shot, no block this turn."""
    state = battle(
        besieged(ARCHER, "W3", 2), besiegers(ORC, "foot:W3", 1), besiegers(ORC, "W4", 1, "x"), active=Side.BESIEGED
    )
    state = _with(state, rallied=frozenset({"d1"}))
    refused(lambda: shoot(state, ["d1"], ["a1"], dice(6, 6, 6)), "§3.4")
    refused(lambda: move(state, ["d1"], "T4", dice()), "§3.4")
    refused(lambda: block(state, "d1", "ladder:L1"), "§3.4")
    assert shoot(state, ["d2"], ["a1"], dice(1)).state.model("d2").place == Place.parse("W3")


def test_losers_retreat_en_bloc_within_the_connection_and_quota() -> None:
    """§3.3.2: « retraiter en bloc vers une même section/niveau adjacente pourvu que : il n'y ait aucune figurine
    ennemie, le quota d'occupation ne soit pas excédé, la règle de connexion soit respectée »; 10 through a wall
    connection, not 11."""
    ten = battle(besieged(MAN, "W3", 10), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    after = retreat(ten, "W3", "T3", dice()).state
    assert {str(m.place) for m in after.models if m.side is Side.BESIEGED} == {"T3"}
    assert not any(m.fleeing for m in after.models)  # « ne sont pas considérées comme des fuyards »
    eleven = battle(besieged(MAN, "W3", 11), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    refused(lambda: retreat(eleven, "W3", "T3", dice()), "§3.3.2")
    crowded = battle(
        besieged(MAN, "W3", 2),
        besieged(MAN, "T3", 14, "t"),
        besiegers(ORC, "W3", 1),
        results=[lost("W3", Side.BESIEGED)],
    )
    refused(lambda: retreat(crowded, "W3", "T3", dice()), "§3.3.2")
    held = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "T3", 1, "x"),
        results=[lost("W3", Side.BESIEGED)],
    )
    refused(lambda: retreat(held, "W3", "T3", dice()), "§3.3.2")


def test_troops_able_to_retreat_may_hold_instead() -> None:
    """§3.3.2: « Des troupes obligées de retraiter et qui en ont la possibilité peuvent préférer tenir le terrain à
    la place. Elles doivent alors passer un test de commandement dans les mêmes conditions »: Ld 7 lost by 1, a 6
    holds, a 7 breaks."""
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    assert not any(m.fleeing for m in hold(state, "W3", dice(3, 3)).state.models)
    broken = [m for m in hold(state, "W3", dice(3, 4)).state.models if m.side is Side.BESIEGED]
    assert broken  # one enemy: one wound, one of the two dies
    assert all(m.fleeing for m in broken)


def test_the_fleeing_lose_a_wound_per_enemy_and_die_when_attacked() -> None:
    """§3.3.3: « les fuyards perdent automatiquement 1 point de vie par figurine ennemie présente » and « Si des
    fuyards sont attaqués par la suite par des ennemis, ils sont automatiquement tués. Cependant … l'ennemi devra en
    priorité engager celles-ci »."""
    state = battle(besieged(MAN, "W3", 3), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)])
    after = hold(state, "W3", dice(6, 6)).state
    assert len([m for m in after.models if m.side is Side.BESIEGED]) == 1
    mixed = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2))
    mixed = mixed.with_models({"d1": replace(mixed.model("d1"), fleeing=True)})
    refused(lambda: fight(mixed, "W3", [("a1", "d1")], dice()), "§3.3.3")
    cut = fight(mixed, "W3", [("a1", "d1"), ("a2", "d2")], dice(1, 1)).state
    assert not [m for m in cut.models if m.id == "d1"]


def test_climbers_on_ladders_take_no_combat_test() -> None:
    """§3.5.1: « Ils n'effectuent jamais de test de combat lorsqu'ils sont en train d'assaillir les remparts »; §3.5:
    « les figurines dans le fort sont désormais indépendantes pour ce qui concerne le résultat de combat »."""
    state = battle(
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "ladder:L1", 3, "l"),
        besieged(MAN, "W3", 2),
        results=[lost("W3", Side.BESIEGER)],
    )
    after = hold(state, "W3", dice(6, 6)).state
    assert not any(m.fleeing for m in after.at("ladder:L1"))
    assert not any(m.id == "a1" and not m.fleeing for m in after.models)  # a1 broke: fled or died fleeing


def test_newcomers_who_lose_may_go_back_down_four_by_a_ladder() -> None:
    """§3.5.2: « elle peut aussi s'effectuer vers l'extérieur du fort », « Jusqu'à 4 figurines peuvent retraiter
    par une échelle », and « si une échelle est occupée par au moins une figurine amie, la retraite … ne sont pas
    possibles »."""
    arrived = TurnLog(arrived=frozenset(ids("a", 5)))
    four = battle(besiegers(ORC, "W3", 4), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=arrived)
    assert {str(m.place) for m in retreat(four, "W3", "ladder:L2", dice()).state.models if m.side is Side.BESIEGER} == {
        "foot:W3"
    }
    five = battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=arrived)
    refused(lambda: retreat(five, "W3", "ladder:L2", dice()), "§3.3.2")
    occupied = battle(
        besiegers(ORC, "W3", 2),
        besiegers(ORC, "ladder:L2", 1, "l"),
        besieged(MAN, "W3", 2),
        results=[lost("W3", Side.BESIEGER)],
        log=arrived,
    )
    refused(lambda: retreat(occupied, "W3", "ladder:L2", dice()), "§3.3.2")
    old = battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)])
    refused(lambda: retreat(old, "W3", "ladder:L2", dice()), "§3.3.2")


def test_stubborn_troops_test_en_bloc_on_their_leadership() -> None:
    """§4.3: « Les figurines tenaces bénéficient de leur règle et effectuent en bloc leur test de Cdt »: lost by 3,
    a 7 against Ld 7 holds for the stubborn, and breaks the others."""
    stubborn = with_rules(MAN, Special.STUBBORN)
    state = battle(
        besieged(stubborn, "W1", 2, "s"),
        besieged(MAN, "W1", 1),
        besiegers(ORC, "W1", 1),
        results=[lost("W1", Side.BESIEGED, by=3)],
    )
    after = hold(state, "W1", dice(3, 3, 3, 4)).state
    assert not any(after.model(i).fleeing for i in ("s1", "s2"))
