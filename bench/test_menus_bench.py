"""The menus' promise over 1,000 random games (``tests/rules/siege/menu_walk.py``): every option offered at every
state, with its default details and each of its targets, is tried against ``problems``; the games are played only
through the menus to the end roll (§16). The figures go to ``docs/performance.md``: games, states, options offered
and refused, and the time the whole run took."""

from __future__ import annotations

from typing import Any

from tests.rules.siege.menu_walk import Walk, report, setups, walk

GAMES = 1_000


def test_a_thousand_random_games_through_the_menus(benchmark: Any) -> None:
    makers = list(setups().items())
    met = Walk()
    outcome: dict[str, Any] = {"ended": 0, "stalled": []}

    def run() -> None:
        for seed in range(GAMES):
            name, make = makers[seed % len(makers)]
            walk(make(), seed, steps=5_000, walk=met)  # adds this game's counts to met's, and its end
            outcome["ended"] += met.ended
            if met.stalled:
                outcome["stalled"].append(f"{name}/{seed}: {met.stalled}")
            met.ended, met.stalled = False, ""

    benchmark.pedantic(run, rounds=1, iterations=1)
    offered, refused = sum(met.offered.values()), sum(met.refused.values())
    print(f"\n{GAMES} games, {outcome['ended']} ended, {met.states} states, {offered} offered, {refused} refused")
    assert outcome["stalled"] == []
    assert outcome["ended"] == GAMES
    assert met.refused == {}, report(met)
