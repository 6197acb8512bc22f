"""Benchmarks of ``rules.odds`` on realistic cases, and of a 100,000-run Monte Carlo of the same question.

Run with ``pytest bench -p no:django -p no:xdist --benchmark-only``. Nothing here asserts a time: the figures go to
``docs/performance.md``. *exact* is a call after the rules' chains are compiled (as after the first question on a
strength and damage die, ram and gate, or sapping target and counter-mining): ``bombardment`` and the wounds compute
their answer then, while ``ram_vs_gate`` and ``mining`` copy it from the trajectory run for all ``MAX_TURNS`` turns
when their chain was compiled. *cold* empties those before each call (``odds.cache_clear()``), so it includes
compiling the chain and, for those two, running it for every turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from rules import montecarlo as mc
from rules import odds

RUNS = 100_000
Exact = Callable[[], object]
MonteCarlo = Callable[[np.random.Generator], object]

# Each case: the exact call and the Monte Carlo answering the same question.
CASES: dict[str, tuple[Exact, MonteCarlo]] = {
    "ladder_pushback": (
        lambda: odds.ladder_pushback(1),
        lambda rng: mc.ladder_pushback(rng, RUNS, 1).mean(),
    ),
    "structure_hit": (
        lambda: odds.structure_hit(7, "D4", 5),
        lambda rng: np.bincount(mc.structure_hit(rng, RUNS, 7, "D4", 5)) / RUNS,
    ),
    "bombardment": (
        lambda: odds.bombardment(10, "D6", 3, 6),
        lambda rng: mc.by_turn(mc.bombardment(rng, RUNS, 10, "D6", 3, 6), 6),
    ),
    "ram_vs_gate": (
        lambda: odds.ram_vs_gate(8, 4, "main", True, 6, reinforced=True),
        lambda rng: mc.by_turn(mc.ram_vs_gate(rng, RUNS, 8, 4, "main", True, 6, True), 6),
    ),
    "mining": (
        lambda: odds.mining(10, 8, 6),
        lambda rng: mc.by_turn(mc.mining(rng, RUNS, 10, 8, 6), 6),
    ),
    "melee_wounds": (
        lambda: odds.melee_wounds(20, 4, 3, 4, 3, 5),
        lambda rng: np.bincount(mc.melee_wounds(rng, RUNS, 20, 4, 3, 4, 3, 5), minlength=21) / RUNS,
    ),
    "shooting_wounds": (
        lambda: odds.shooting_wounds(20, 3, 3, 3, 6, -1),
        lambda rng: np.bincount(mc.shooting_wounds(rng, RUNS, 20, 3, 3, 3, 6, -1), minlength=21) / RUNS,
    ),
    "break_test": (
        lambda: odds.break_test(8, 2),
        lambda rng: mc.break_test(rng, RUNS, 8, 2).mean(),
    ),
    "game_length": (
        odds.game_length,
        lambda rng: np.bincount(mc.game_length(rng, RUNS)) / RUNS,
    ),
}


def _median(benchmark: Any) -> float:
    """The median round: a shared machine's other jobs pull the mean far up, and in one test more than another."""
    return float(benchmark.stats.stats.median)


@pytest.mark.parametrize("case", CASES)
def test_exact(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    exact, _ = CASES[case]
    benchmark.group = case
    benchmark(exact)
    record(case, "exact", _median(benchmark))


@pytest.mark.parametrize("case", CASES)
def test_exact_cold(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    exact, _ = CASES[case]
    benchmark.group = case
    benchmark.pedantic(exact, setup=odds.cache_clear, rounds=200, iterations=1, warmup_rounds=5)
    record(case, "cold", _median(benchmark))


@pytest.mark.parametrize("case", CASES)
def test_monte_carlo_100k(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    _, monte_carlo = CASES[case]
    benchmark.group = case
    rng = np.random.default_rng(0)
    benchmark.pedantic(monte_carlo, args=(rng,), rounds=10, iterations=1, warmup_rounds=1)
    record(case, "monte_carlo", _median(benchmark))
