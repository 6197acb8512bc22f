"""Rules the engine once applied differently from the supplement's text, each checked on its own wording."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege.blocking import block
from rules.siege.engines import Budget, Ladder
from rules.siege.fire import give_brazier
from rules.siege.ladders import erect_ladder, forgo_push_back, push_back
from rules.siege.melee import fight
from rules.siege.movement import move
from rules.siege.profiles import Missile
from rules.siege.psychology import PanicCause, panic_test
from rules.siege.shooting import shoot
from rules.siege.state import BattleState, Place, Side, Zone
from rules.siege.structure import hit_section
from rules.siege.victory import victory_points
from tests.rules.siege.builders import (
    ARCHER,
    GHOST,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    refused,
)

# --- §12.4 -------------------------------------------------------------------------------------------------------


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


# --- §4.1 with §3.3.3 ------------------------------------------------------------------------------------------


def test_panicking_models_with_a_way_out_flee_without_losses() -> None:
    """§4.1: « les figurines doivent en priorité fuir vers la section/niveau adjacente … Si elles sont dans
    l'impossibilité de le faire, elles perdent 1 PV par figurine ennemie » — T3 is open, so no wound is lost.
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2))
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=4, lost=1).state
    men = after.at("T3", Side.BESIEGED) + after.at("T4", Side.BESIEGED)
    assert sorted(m.id for m in men) == ["d1", "d2"]
    assert all(m.fleeing and m.wounds_lost == 0 for m in men)


def test_panicking_models_with_no_way_out_lose_a_wound_per_enemy() -> None:
    """§4.1: « Si elles sont dans l'impossibilité de le faire, elles perdent 1 PV par figurine ennemie présente
    sur leur section/niveau »: T3 and T4 hold enemies, so the 3 men lose 2 wounds and the last flees in place.
    """
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "W3", 2),
        besiegers(ORC, "T3", 1, "t"),
        besiegers(ORC, "T4", 1, "u"),
    )
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=5, lost=2).state
    left = after.at("W3", Side.BESIEGED)
    assert len(left) == 1
    assert left[0].fleeing


def test_panicking_models_with_no_way_out_and_no_enemy_flee_where_they_stand() -> None:
    """§4.1: « S'il n'y a aucun ennemi, elles sont considérées comme étant en fuite sur leur section/niveau »."""
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "T3", 1, "t"),
        besiegers(ORC, "T4", 1, "u"),
    )
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=4, lost=1).state
    assert [(m.id, m.fleeing, m.wounds_lost) for m in after.at("W3")] == [("d1", True, 0), ("d2", True, 0)]


# --- §17.2 -----------------------------------------------------------------------------------------------------


def test_the_besieged_score_two_points_per_controlled_courtyard() -> None:
    """§17.2: « 2 points pour chaque section de cour intérieure contrôlée »: C2 alone is 2; C1 is a courtyard (2)
    and the main gate's section (5).
    """
    state = battle(besieged(MAN, "C2", 1))
    assert victory_points(state).besieged["courtyard"] == 2
    both = battle(besieged(MAN, "C2", 1), besieged(MAN, "C1", 1, "g"))
    points = victory_points(both).besieged
    assert points["courtyard"] == 4
    assert points["main_gate"] == 5
    contested = battle(besieged(MAN, "C2", 1), besiegers(ORC, "C2", 1))
    assert victory_points(contested).besieged["courtyard"] == 0


# --- §7.1.5 and §7.1.9 -----------------------------------------------------------------------------------------


def _raised() -> BattleState:
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "foot:W3", 4),
        ladders=(Ladder("L1", "W3", raised=False),),
    )
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False, carriers=("a1", "a2", "a3", "a4")),))
    return erect_ladder(state, "L1", "W3", ["a1", "a2", "a3", "a4"]).state


def test_climbers_wait_for_the_push_back_before_the_rampart() -> None:
    """§7.1.5: « Avant de parvenir sur les remparts, l'assiégé a droit à une action pour repousser l'échelle »."""
    state = _raised()
    refused(lambda: move(state, ["a1", "a2"], "W3", Dice(0)), "§7.1.5")
    failed = push_back(state, "L1", ["d1"], dice(1)).state
    up = move(failed, ["a1", "a2", "a3", "a4"], "W3", Dice(0)).state
    assert len(up.at("W3", Side.BESIEGER)) == 4


def test_the_besieged_may_forgo_their_push_back() -> None:
    """§7.1.5: the push-back is the besieged's « droit »: once they forgo it the climbers come up; it cannot then be
    tried in the same turn (§7.1.6: « Une seule tentative par échelle »).
    """
    state = forgo_push_back(_raised(), "L1")
    assert len(move(state, ["a1", "a2"], "W3", Dice(0)).state.at("W3", Side.BESIEGER)) == 2
    refused(lambda: push_back(state, "L1", ["d1"], dice(6)), "§7.1.6")


def test_climbers_go_straight_up_where_nobody_can_push() -> None:
    """§7.1.6: « Une figurine au moins est requise pour repousser une échelle »: no besieged on W3, no push-back to
    wait for.
    """
    state = battle(besiegers(ORC, "ladder:L1", 2))
    assert len(move(state, ["a1", "a2"], "W3", Dice(0)).state.at("W3")) == 2


def test_a_ladder_climbed_unopposed_counts_as_taken() -> None:
    """§7.1.9: « Une fois que des assaillants ont réussi à prendre position sur un rempart, aucun blocage ne peut
    être entrepris par la suite sur cette échelle » — even when they came up without fighting a blocker.
    """
    state = _raised()
    failed = push_back(state, "L1", ["d1"], dice(1)).state
    up = move(failed, ["a1", "a2"], "W3", Dice(0)).state
    assert up.ladder("L1").taken
    refused(lambda: block(up, "d2", "ladder:L1"), "§7.1.9")


# --- §3.2.1 ----------------------------------------------------------------------------------------------------


def test_the_four_to_one_limit_counts_models_already_engaged() -> None:
    """§3.2.1: « Des figurines peuvent engager des figurines ennemies déjà en combat à condition de ne pas
    dépasser le ratio de 4 contre 1 »: four orcs already fight d1, a fifth may not join them.
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 5))
    state = replace(state, contacts=frozenset({(f"a{n}", "d1") for n in range(1, 5)}))
    refused(lambda: fight(state, "W3", [("a5", "d1")], Dice(0)), "§3.2.1")
    refused(lambda: fight(state, "W3", [("a1", "d1"), ("a5", "d1")], Dice(0)), "§3.2.1")
    three = replace(state, contacts=frozenset({(f"a{n}", "d1") for n in range(1, 4)}))
    assert fight(three, "W3", [("a5", "d1")], Dice(0)).state.turn_log.fought == {"W3"}
    assert fight(state, "W3", [("a1", "d1"), ("a5", "d2")], Dice(0)).state.turn_log.fought == {"W3"}


# --- §9.1.3 ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "allowed"),
    [
        pytest.param("bow", True, id="§9.1.3-bow"),
        pytest.param("short bow", True, id="§9.1.3-short-bow"),
        pytest.param("longbow", True, id="§9.1.3-longbow"),
        pytest.param("elven bow", True, id="§9.1.3-elven-bow"),
        pytest.param("javelin", True, id="§9.1.3-javelin"),
        pytest.param("bolt thrower", True, id="§9.1.3-bolt-thrower"),
        pytest.param("repeater bolt thrower", True, id="§9.1.3-repeater-bolt-thrower"),
        pytest.param("crossbow", False, id="§9.1.3-crossbow-is-no-bow"),
        pytest.param("repeater crossbow", False, id="§9.1.3-repeater-crossbow"),
        pytest.param("handgun", False, id="§9.1.3-handgun"),
    ],
)
def test_flaming_missiles_are_for_bows_javelins_and_ballista_bolts(weapon: str, allowed: bool) -> None:
    """§9.1.3: « Tous les types d'arc. Les javelots. Les carreaux de baliste. » An *arbalète* is not an *arc*."""
    shooter = replace(ARCHER, name=weapon, missile=Missile(weapon, 4))
    state = battle(besiegers(shooter, "foot:W3", 1, "s", "Bows"), besieged(MAN, "W3", 1))
    state = give_brazier(replace(state, budgets=((Side.BESIEGER, Budget(5, 1500, ("brazier",))),)), "Bows")
    if allowed:
        assert shoot(state, ["s1"], ["d1"], Dice(0), flaming=True).rolls
    else:
        refused(lambda: shoot(state, ["s1"], ["d1"], Dice(0), flaming=True), "§9.1.3")
