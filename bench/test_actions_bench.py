"""Benchmarks of the siege engine's one way in: ``apply`` and ``menu_options`` on mid-game states, and the replay of
a 300-action battle. Nothing here asserts a time: the figures go to ``docs/performance.md``.

The battle is the example's set-up played by a seeded random player choosing from the menus, as the property test
does; only the actions the rules accept are logged, until there are 300. The mid-game states are those before
actions 150 to 169 of that log, whose actions are the ones applied (each with the dice it rolled). Each round works
on fresh copies of those states, made outside the timing: a state keeps the indexes and the menu parts it worked out
(``BattleState.memo``), and a round on states seen before would time those caches, not the engine.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from rules.dice import Dice
from rules.siege.actions import Action
from rules.siege.battle import Battle, play, replay, start
from rules.siege.board.state import BattleState, IllegalAction
from rules.siege.example import example_setup
from rules.siege.game import apply, choose, menu_options

ACTIONS = 300
MIDGAME = range(150, 170)
ENDINGS = frozenset({"end_phase", "end_turn"})


def _random_battle(seed: int) -> Battle | None:
    """A battle of :data:`ACTIONS` logged actions, or ``None`` if this seed's siege ends before (§16)."""
    rng = random.Random(seed)
    setup = example_setup()
    battle, state = Battle(setup, seed), start(setup)
    while len(battle.entries) < ACTIONS:
        menu = menu_options(state)
        if not menu:
            return None
        moves = [o for o in menu if o.name not in ENDINGS]
        option = rng.choice(moves if moves and rng.random() > 0.03 else [o for o in menu if o.name in ENDINGS])
        actors = [x for x in option.actors if rng.random() < 0.5][:8] or list(option.actors[:1])
        target = rng.choice(option.targets) if option.targets else None
        try:
            battle, result = play(battle, choose(state, option, actors, target), state=state)
        except IllegalAction:
            continue
        state = result.state
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    """The first seed from 1 whose random siege lasts 300 actions."""
    for seed in itertools.count(1):
        found = _random_battle(seed)
        if found is not None:
            return found
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def midgame(battle: Battle) -> list[tuple[BattleState, Action, Any]]:
    cases = []
    for index in MIDGAME:
        state = replay(Battle(battle.setup, battle.seed, battle.entries[:index]))
        entry = battle.entries[index]
        cases.append((state, entry.action, entry.rolls))
    return cases


def test_apply_midgame(benchmark: Any, midgame: list[tuple[BattleState, Action, Any]]) -> None:
    """One round applies the 20 mid-game actions; the figure per action is the mean divided by 20."""

    def fresh() -> tuple[tuple[list[tuple[BattleState, Action, Any]]], dict[str, Any]]:
        return ([(replace(state), action, rolls) for state, action, rolls in midgame],), {}

    def run(cases: list[tuple[BattleState, Action, Any]]) -> None:
        for state, action, rolls in cases:
            apply(state, action, Dice.replay(rolls))

    benchmark.extra_info["actions"] = [action.name for _, action, _ in midgame]
    benchmark.pedantic(run, setup=fresh, rounds=100, iterations=1, warmup_rounds=3)


def test_legal_actions_midgame(benchmark: Any, midgame: list[tuple[BattleState, Action, Any]]) -> None:
    """One round lists the menus of the 20 mid-game states; the figure per state is the mean divided by 20."""

    def fresh() -> tuple[tuple[list[BattleState]], dict[str, Any]]:
        return ([replace(state) for state, _, _ in midgame],), {}

    def run(states: list[BattleState]) -> None:
        for state in states:
            menu_options(state)

    benchmark.pedantic(run, setup=fresh, rounds=100, iterations=1, warmup_rounds=3)


def test_replay_300_actions(benchmark: Any, battle: Battle) -> None:
    assert len(battle.entries) == ACTIONS
    benchmark.pedantic(replay, args=(battle,), rounds=20, iterations=1, warmup_rounds=1)
