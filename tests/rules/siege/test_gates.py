"""§6.1, §6.2, §6.4 gates, ruling R4; reinforced, blocked and struck from the menu (§6, §12.1.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.engines import Climb
from rules.siege.game import Option, apply, choose, menu_options, problems
from rules.siege.gates import GateKind, gate_kind, is_destroyed, reinforce, starting_points
from rules.siege.gates import toughness as toughness_of
from rules.siege.profiles import Profile, TroopType
from rules.siege.state import BattleState, Model, Phase, Side
from tests.rules.siege.builders import GIANT, MAN, OGRE, ORC, battle, besieged, besiegers, ids


@pytest.mark.parametrize(
    ("name", "toughness", "structure_points"),
    [
        pytest.param("main", 9, 7, id="§6.1-main-T9-7SP"),
        pytest.param("postern", 8, 4, id="§6.2-postern-T8-4SP"),
        pytest.param("service", 4, 1, id="§6.2-service-T4-1SP"),
    ],
)
def test_gate_kinds(name: str, toughness: int, structure_points: int) -> None:
    """R4."""
    kind = gate_kind(name)
    assert (toughness_of(kind), starting_points(kind)) == (toughness, structure_points)


def test_destroyed_at_zero() -> None:
    """§6.1, R4."""
    assert is_destroyed(0)
    assert not is_destroyed(1)


@pytest.mark.parametrize(
    ("kind", "sp", "defenders", "after"),
    [
        pytest.param(GateKind.MAIN_GATE, 5, 2, 6, id="§6.4-two-defenders-regain-one"),
        pytest.param(GateKind.MAIN_GATE, 5, 1, 5, id="§6.4-one-defender-is-not-enough"),
        pytest.param(GateKind.MAIN_GATE, 7, 3, 7, id="§6.4-never-above-start"),
        pytest.param(GateKind.POSTERN, 3, 2, 4, id="§6.4-postern"),
        pytest.param(GateKind.POSTERN, 0, 4, 0, id="R4-destroyed-stays-destroyed"),
        pytest.param(GateKind.SERVICE_DOOR, 1, 2, 1, id="§6.4-service-door-not-reinforced"),
    ],
)
def test_reinforce(kind: GateKind, sp: int, defenders: int, after: int) -> None:
    assert reinforce(kind, sp, defenders=defenders) == after


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="gate must be one of 'main', 'postern', 'service', got 'drawbridge'"):
        gate_kind("drawbridge")
    with pytest.raises(ValueError, match="structure_points must be between 0 and 4, got 5"):
        reinforce(GateKind.POSTERN, 5, defenders=2)


# ---- gates on the menu (§6.1–§6.4, §12.1.5) ------------------------------------------------------------------------

CATAPULT = Profile("Catapult", ws=0, bs=0, s=0, t=7, w=3, troop_type=TroopType.WAR_MACHINE)
"""A war machine's model as the simulator's plans field it: no weapon skill, no strength of its own (§5.7)."""


def _menu(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def _besieged_move(*groups: list[Model]) -> BattleState:
    return replace(battle(*groups, active=Side.BESIEGED), phase=Phase.MOVEMENT, turn=1)


def test_a_gate_is_reinforced_by_two_models_at_least() -> None:
    """§6.4: « Une porte principale et une porte de poterne peuvent être renforcées par les assiégés tant que deux
    figurines au moins se tiennent dans la section intégrant la porte »: one man in C1 is not offered to reinforce
    G1; two are, two at least.
    """
    assert not _menu(_besieged_move(besieged(MAN, "C1", 1)), "reinforce_gate")
    (option,) = _menu(_besieged_move(besieged(MAN, "C1", 2)), "reinforce_gate")
    assert (option.where, option.actors, option.least, option.most) == ("gate:G1", ("d1", "d2"), 2, 2)


def test_the_main_gate_is_blocked_only_by_a_large_creature_of_ratio_two() -> None:
    """§6.3.5: « La porte principale peut être bloquée seulement par une grande créature avec quota d'occupation de
    2 (troll, ogre, minautore, ushabti...) »; §12.1.2 « Les grandes créatures ne peuvent pas bloquer une porte
    normale ». In C1 the ogre alone is offered at G1, one model; in C3 the men alone at the postern P1. Models
    reinforcing P1 do nothing else (§6.4 « Ils ne peuvent rien faire d'autre »).
    """
    state = _besieged_move(besieged(MAN, "C1", 3), besieged(OGRE, "C1", 1, "o"), besieged(MAN, "C3", 3, "p"))
    state = state.with_gate(replace(state.gate("P1"), reinforcers=("p1", "p2")))
    blocks = {o.where: (o.actors, o.most) for o in _menu(state, "block")}
    assert blocks == {"gate:G1": (("o1",), 1), "gate:P1": (("p3",), 1)}


def test_a_postern_takes_two_models_tries_a_turn_each_model_striking_once() -> None:
    """§6.2: « Deux figurines maximum peuvent essayer de briser une porte chaque tour (touches automatiques) »;
    §6.1 a model strikes a gate once a turn. At the postern P1 of C3, six orcs are offered, two at most; once f1 has
    tried, one more, not f1.
    """
    state = replace(battle(besiegers(ORC, "foot:C3", 6, "f")), phase=Phase.CLOSE_COMBAT, turn=1)
    (option,) = _menu(state, "attack_gate")
    assert (option.where, option.actors, option.most) == ("gate:P1", tuple(ids("f", 6)), 2)
    tried = apply(state, a.AttackGate("P1", ("f1",)), Dice(seed=1)).state
    (again,) = _menu(tried, "attack_gate")
    assert (again.actors, again.most) == (tuple(ids("f", 6)[1:]), 1)
    assert problems(tried, choose(tried, again, again.actors[:1], None)) == []


def test_war_machines_do_not_strike_a_gate_nor_its_blocker() -> None:
    """§6.1 « Toute figurine en contact avec la porte peut tenter de la détruire », with its own strength against
    the gate's toughness (R4), and §6.3.3 a blocker is fought in close combat: a catapult at the foot of C3 has
    neither weapon skill nor strength, and is offered for neither; the orc beside it is.
    """
    state = battle(besiegers(CATAPULT, "foot:C3", 1, "m"), besiegers(ORC, "foot:C3", 1, "f"), besieged(MAN, "C3", 1))
    state = replace(state.with_gate(replace(state.gate("P1"), blocker="d1")), phase=Phase.CLOSE_COMBAT, turn=1)
    assert [(o.where, o.actors) for o in _menu(state, "attack_gate")] == [("gate:P1", ("f1",))]
    assert [(o.where, o.actors) for o in _menu(state, "fight_blocker")] == [("gate:P1", ("f1",))]


def test_at_most_six_block_a_climbing_giant() -> None:
    """§12.1.5: « Jusqu'à 6 figurines de taille normale peuvent bloquer un géant qui escalade »: with six men
    blocking the giant on the wall of W1, the seventh man on W1 is not offered; with five, he is, and the ogre,
    no model of normal size, never.
    """
    men, six = besieged(MAN, "W1", 7), tuple(ids("d", 6))
    state = battle(besiegers(GIANT, "wall:W1", 1, "g"), men, besieged(OGRE, "W1", 1, "o"))
    state = replace(state, climbs=(Climb("g1", six),), phase=Phase.MOVEMENT, turn=1)
    assert not [o for o in _menu(state, "block") if o.where == "climb:g1"]
    five = replace(state, climbs=(Climb("g1", six[:5]),))
    assert [(o.actors, o.most) for o in _menu(five, "block") if o.where == "climb:g1"] == [(("d6", "d7"), 1)]
