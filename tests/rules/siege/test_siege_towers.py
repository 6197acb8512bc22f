"""§7.3 siege towers: pushed towards the walls (§7.3.3), their cover and collapse (§7.3.2), the crew
that comes out after a won combat (§7.3.4) and the fleeing who cannot go through one (§7.3.5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import SiegeTower
from rules.siege.board.state import BattleState, IllegalAction, Ladder, Phase, Side, TurnLog
from rules.siege.chapters import siege_towers
from rules.siege.chapters.morale import hold
from rules.siege.chapters.movement import move
from rules.siege.game import Option, apply, choose, menu_options
from tests.rules.siege.builders import (
    ARCHER,
    MAN,
    ORC,
    RAMPARTS,
    battle,
    besieged,
    besiegers,
    crewed_siege_tower,
    dice,
    lost,
    problem_clauses,
    refused,
)


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
        siege_towers.push_tower(crewed_siege_tower(crew), "ST1", distance)
    assert error.value.clause == "§7.3.3"


def test_tower_loses_heavy_cover_at_3_and_collapses_at_0() -> None:
    """§7.3.2: falls on 1-2; those inside save without shield or die (orcs: no save)."""
    state = crewed_siege_tower(10)
    state, _ = siege_towers.damage_tower(state, "ST1", 3, dice())
    assert not siege_towers.has_heavy_cover(state.siege_tower("ST1"))
    state, _ = siege_towers.damage_tower(state, "ST1", 4, dice())
    assert state.siege_tower("ST1").collapsed
    assert len(state.fallen) == 10


def _towers(*towers: SiegeTower) -> BattleState:
    state = battle(
        besiegers(ORC, "siege_tower:ST1", 10, "c"),
        besiegers(ORC, "siege_tower:ST2", 8, "k"),
        besiegers(ORC, "siege_tower:ST3", 7, "s"),
        besieged(MAN, "W2", 2),
        towers=towers
        or (
            SiegeTower("ST1", None, crew=tuple(f"c{n}" for n in range(1, 11))),
            SiegeTower("ST2", None, crew=tuple(f"k{n}" for n in range(1, 9))),
            SiegeTower("ST3", None, crew=tuple(f"s{n}" for n in range(1, 8))),
        ),
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_a_push_moves_the_tower_one_to_twenty_cm_once_a_turn() -> None:
    """§7.3.3: « Une tour de siège se déplace de 20 cm maximum »; « Si la tour a 8 ou 9 membres, elle ne se
    déplace plus qu'à 15 cm »; « Si la tour a moins de 8 membres, elle est immobilisée ». A push of 0 cm moves
    nothing: refused; a tower pushed this turn has made its move."""
    state = _towers()
    assert problem_clauses(state, a.PushTower("ST1", 0)) == ["§7.3.3"]
    assert problem_clauses(state, a.PushTower("ST1", 21)) == ["§7.3.3"]
    assert problem_clauses(state, a.PushTower("ST2", 16)) == ["§7.3.3"]
    assert problem_clauses(state, a.PushTower("ST3", 1)) == ["§7.3.3"]
    pushed = apply(state, a.PushTower("ST1", 1), Dice(seed=1)).state
    assert pushed.siege_tower("ST1").section is None
    assert problem_clauses(pushed, a.PushTower("ST1", 19)) == ["§7.3.3"]
    assert problem_clauses(pushed, a.PushTower("ST1", 5, "W2")) == ["§7.3.3"]


def test_the_menu_pushes_a_tower_its_move_towards_the_walls_or_up_against_a_rampart() -> None:
    """§7.3.3: the distance is the player's, 1 to the tower's move (20 cm, 15 with 8 crew), none for a tower of
    7; §7.3.4 « Jusqu'à une tour de siège peut livrer un assaut sur une section »: a rampart with a tower
    against it is taken, and a tower against its rampart is pushed no further."""
    state = _towers(
        SiegeTower("ST1", None, crew=tuple(f"c{n}" for n in range(1, 11))),
        SiegeTower("ST2", "W2", crew=tuple(f"k{n}" for n in range(1, 9))),
        SiegeTower("ST3", None, crew=tuple(f"s{n}" for n in range(1, 8))),
    )
    free = tuple(r for r in RAMPARTS if r != "W2")
    assert menu_options(state, "push_tower") == [
        Option("push_tower", Side.BESIEGER, "siege_tower:ST1", numbers=(("distance", 1, 20),)),
        Option("push_tower", Side.BESIEGER, "siege_tower:ST1", targets=free, numbers=(("distance", 1, 20),)),
    ]
    assert problem_clauses(state, a.PushTower("ST1", 20, "W2")) == ["§7.3.4"]
    assert problem_clauses(state, a.PushTower("ST2", 5)) == ["§7.3.3"]
    option = menu_options(state, "push_tower")[1]
    assert choose(state, option, (), "W3") == a.PushTower("ST1", 20, "W3")
    eight = _towers()
    assert menu_options(eight, "push_tower")[2].numbers == (("distance", 1, 15),)


def _tower_won() -> BattleState:
    return battle(
        besiegers(ORC, "siege_tower:ST1", 3, "t"),
        besiegers(ORC, "foot:W2", 1, "f"),
        besieged(MAN, "W2", 2),
        results=[replace(lost("W2", Side.BESIEGED), settled=True)],  # §7.3.4: the besieged have held
        log=TurnLog(fought=frozenset({"W2"})),  # §7.3.4: the combat won this turn
    )


ARRIVED = TurnLog(arrived=frozenset({"a1", "a2"}))


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


def test_tower_crew_push_from_inside() -> None:
    """§7.3.1: the crew are the pushers inside the tower; ten at its foot push nothing (§7.3.3)."""
    crew = tuple(f"c{n}" for n in range(1, 11))
    outside = battle(besiegers(ORC, "foot:W2", 10, "c"), towers=(SiegeTower("ST1", None, crew=crew),))
    refused(lambda: siege_towers.push_tower(outside, "ST1", 20), "§7.3.3")
    inside = battle(besiegers(ORC, "siege_tower:ST1", 10, "c"), towers=(SiegeTower("ST1", None, crew=crew),))
    assert siege_towers.push_tower(inside, "ST1", 20, "W2").siege_tower("ST1").section == "W2"
