"""The one contract of the rule systems played turn by turn (:class:`rules.contract.Engine`): the siege and Frères
d'Armes start, play and replay a battle through the same calls, and a battle is its set-up, seed and log."""

from __future__ import annotations

from typing import Any

import pytest

from rules.contract import Engine, IllegalAction
from rules.freres import actions as freres
from rules.freres.battle import Setup as Skirmish
from rules.freres.example import example_models
from rules.freres.state import Side as Band
from rules.freres.system import FRERES
from rules.siege import actions as siege
from rules.siege.example import example_setup
from rules.siege.state import Side
from rules.siege.system import SIEGE

AnyEngine = Engine[Any, Any, Any, Any, Any]

SYSTEMS = [
    # §16: the besieged sets up first, on its ramparts; it ends its part of the set-up, and may not end a turn then
    pytest.param(SIEGE, example_setup(), siege.EndPhase(), Side.BESIEGED, siege.EndTurn(), id="siege"),
    # 003 §1.1: a turn starts with the initiative, rolled once
    pytest.param(
        FRERES, Skirmish(example_models()), freres.RollInitiative(), Band.A, freres.RollInitiative(), id="freres"
    ),
]
PARAMS = ("engine", "setup", "first", "mover", "refused")


@pytest.mark.parametrize(PARAMS, SYSTEMS)
def test_a_battle_is_its_setup_seed_and_log(
    engine: AnyEngine, setup: Any, first: Any, mover: Any, refused: Any
) -> None:
    battle = engine.battle(setup, 7)
    state = engine.start(setup)
    assert engine.side_of(state, first) == mover
    played, outcome = engine.play(battle, first, state=state)
    assert [entry.action for entry in played.entries] == [first]
    again = engine.battle.from_json(played.to_json())  # the log alone, through its JSON form
    (replayed,) = engine.replay_steps(again)
    assert replayed.state == outcome.state
    assert engine.action.from_json(first.to_json()) == first


@pytest.mark.parametrize(PARAMS, SYSTEMS)
def test_a_refused_action_changes_nothing(engine: AnyEngine, setup: Any, first: Any, mover: Any, refused: Any) -> None:
    battle, _ = engine.play(engine.battle(setup, 7), first)
    before = battle.to_json()
    with pytest.raises(IllegalAction):
        engine.play(battle, refused)
    assert battle.to_json() == before


@pytest.mark.parametrize(PARAMS, SYSTEMS)
def test_an_unknown_form_is_the_engines_format_error(
    engine: AnyEngine, setup: Any, first: Any, mover: Any, refused: Any
) -> None:
    with pytest.raises(engine.format_error):
        engine.action.from_json({"format": 1, "action": "fly"})
    assert mover in engine.sides
