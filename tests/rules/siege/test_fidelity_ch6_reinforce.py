"""§6.4 read on its own words: reinforcing a gate is all its reinforcers do that turn."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import gates, shooting
from rules.siege.game import choose, menu_options, problems
from rules.siege.movement import move
from rules.siege.state import BattleState, Phase, Side, TurnLog
from tests.rules.siege.builders import ARCHER, ORC, battle, besieged, besiegers, refused


def _gate(log: TurnLog | None = None) -> BattleState:
    state = battle(besieged(ARCHER, "C1", 3), besiegers(ORC, "foot:C1", 2), active=Side.BESIEGED, log=log or TurnLog())
    return state.with_gate(replace(state.gate("G1"), structure_points=5))


def test_reinforcers_do_nothing_else() -> None:
    """§6.4: « tant que deux figurines au moins se tiennent dans la section intégrant la porte … Ils ne peuvent rien
    faire d'autre »: once set to reinforce, d1 and d2 neither shoot nor move; d3 still may.
    """
    state = gates.reinforce_gate(_gate(), "G1", ["d1", "d2"]).state
    refused(lambda: shooting.shoot(state, ["d1"], ["a1"], Dice(0)), "§6.4")
    refused(lambda: move(state, ["d2"], "C2", Dice(0)), "§6.4")
    assert shooting.shoot(state, ["d3"], ["a1"], Dice(0)).rolls
    after, _ = gates.reinforce_gates(state)
    assert after.gate("G1").structure_points == 6


def test_models_that_acted_this_turn_do_not_reinforce() -> None:
    """§6.4: a model that has moved or thrown stones this turn has done something else: two idle ones are needed,
    and at the edge one idle model with one busy is not enough.
    """
    moved = _gate(TurnLog(moved=frozenset({"d1"})))
    refused(lambda: gates.reinforce_gate(moved, "G1", ["d1", "d2"]), "§6.4")
    assert gates.reinforce_gate(moved, "G1", ["d2", "d3"]).state.gate("G1").reinforcers == ("d2", "d3")
    refused(lambda: gates.reinforce_gate(_gate(), "G1", ["d1"]), "§6.4")
    thrown = _gate(TurnLog(defenders=frozenset({"d3"})))
    refused(lambda: gates.reinforce_gate(thrown, "G1", ["d2", "d3"]), "§6.4")


def test_reinforcers_are_not_offered_to_shoot() -> None:
    """§6.4: « Ils ne peuvent rien faire d'autre »: in the shooting step the menu offers d3 alone of the crossbowmen
    of C1, d1 and d2 reinforcing the gate, and the volley it offers is accepted."""
    state = gates.reinforce_gate(_gate(), "G1", ["d1", "d2"]).state
    state = replace(state, phase=Phase.SHOOTING)
    (shoot,) = [o for o in menu_options(state) if o.name == "shoot"]
    assert shoot.actors == ("d3",)
    assert problems(state, choose(state, shoot, *shoot.default())) == []
