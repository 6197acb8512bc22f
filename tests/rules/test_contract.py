"""The one contract of the rule systems played turn by turn (:class:`rules.contract.Engine`): the siege and Frères
d'Armes start, play and replay a battle through the same calls, and a battle is its set-up, seed and log."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.contract import Engine, IllegalAction
from rules.freres import actions as freres
from rules.freres.battle import Setup as Skirmish
from rules.freres.example import example_models
from rules.freres.state import Side as Band
from rules.freres.system import FRERES
from rules.siege import actions as siege
from rules.siege.board.state import Side
from rules.siege.example import example_setup
from rules.siege.menus.legal import menu_options
from rules.siege.system import SIEGE
from tests.rules.siege.menu_walk import field_setup

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


WALKS = [
    # the siege from the example set-up (§16) and a club's fresh start with a siege tower to deploy (§7.3)
    pytest.param(SIEGE, example_setup, id="siege example"),
    pytest.param(SIEGE, lambda: field_setup(1500), id="siege field"),
    # 003: the example bands, from the initiative roll (§1.1)
    pytest.param(FRERES, lambda: Skirmish(example_models()), id="freres"),
]


@pytest.mark.parametrize(("engine", "make"), WALKS)
def test_every_legal_action_is_accepted_by_play(engine: AnyEngine, make: Any) -> None:
    # legal_actions means one thing in every system: what play accepts, as python-chess's legal_moves is what push
    # accepts; seeded games are walked through it and every action it lists is played on the state it was listed in
    offered = 0
    for seed in range(3):
        rng = random.Random(seed)
        setup = make()
        battle = engine.battle(setup, seed)
        state = engine.start(setup)
        for _ in range(40):
            actions = list(engine.legal_actions(state))
            if not actions:
                break
            for action in actions:
                assert isinstance(action, engine.action), action
                engine.play(battle, action, state=state)  # raises IllegalAction if refused
                offered += 1
            battle, outcome = engine.play(battle, rng.choice(actions), state=state)
            state = outcome.state
    assert offered > 200  # the walks went past the first step


def test_the_sieges_menu_is_not_its_legal_actions() -> None:
    # a menu option lets the player pick models and targets; legal_actions holds each target with the default models
    state = SIEGE.start(example_setup())
    options = menu_options(state)
    actions = SIEGE.legal_actions(state)
    assert len(actions) == sum(len(o.targets) or 1 for o in options)
    assert {a.name for a in actions} == {"buy", "deploy", "end_phase"}
