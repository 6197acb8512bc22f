"""``rules.odds`` against icepool asking the same questions (``icepool_odds.py``), cold and warm, in one run.

``test_same_answer`` checks that both give the same exact answer; the three benchmarks time icepool, a ``rules.odds``
call once its chains are compiled (*exact*), and one after ``odds.cache_clear()`` (*cold*: the first call for a
new chain, as a page sees it). icepool keeps caches of its own (a pool's sum is remembered, for one); they are left
warm, so icepool is timed at its fastest. The summary at the end of the run prints icepool's time over each of
ours; the target is 5× or more, cold and warm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bench import icepool_odds
from rules import odds

Call = tuple[str, tuple[Any, ...]]

# Each case: the function's name (the same in rules.odds and icepool_odds) and its arguments.
CASES: dict[str, Call] = {
    "ladder_pushback": ("ladder_pushback", (1,)),
    "structure_hit": ("structure_hit", (7, "D4", 5)),
    "bombardment": ("bombardment", (10, "D6", 3, 6)),
    "ram_vs_gate": ("ram_vs_gate", (8, 4, "main", True, 6, True)),
    "mining": ("mining", (10, 8, 6)),
    "melee_wounds_20": ("melee_wounds", (20, 4, 3, 4, 3, 5)),
    "melee_wounds_100": ("melee_wounds", (100, 4, 3, 4, 3, 5)),
    "melee_wounds_200": ("melee_wounds", (200, 4, 3, 4, 3, 5)),
    "shooting_wounds_20": ("shooting_wounds", (20, 3, 3, 3, 6, -1)),
    "shooting_wounds_200_7+": ("shooting_wounds", (200, 2, 4, 3, 4, -4)),
    "break_test": ("break_test", (8, 2)),
    "game_length": ("game_length", ()),
    "confrontation_shot": ("confrontation_shot", (3, "medium", 2)),
    "confrontation_disengage": ("confrontation_disengage", (3, 2, 3, 2)),
    "confrontation_caught": ("confrontation_caught", (10, 10, 20, False, 15)),
}


def _call(module: object, case: str) -> Callable[[], object]:
    name, args = CASES[case]
    function = getattr(module, name)
    return lambda: function(*args)


def _mean(benchmark: Any) -> float:
    return float(benchmark.stats.stats.mean)


@pytest.mark.parametrize("case", CASES)
def test_same_answer(case: str) -> None:
    odds.cache_clear()
    cold = _call(odds, case)()
    assert _call(odds, case)() == cold
    assert _call(icepool_odds, case)() == cold


@pytest.mark.parametrize("case", CASES)
def test_icepool(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    benchmark.group = f"icepool {case}"
    benchmark.pedantic(_call(icepool_odds, case), rounds=20, iterations=1, warmup_rounds=2)
    record(case, "icepool", _mean(benchmark))


@pytest.mark.parametrize("case", CASES)
def test_odds_warm(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    benchmark.group = f"icepool {case}"
    call = _call(odds, case)
    call()
    benchmark(call)
    record(case, "odds warm", _mean(benchmark))


@pytest.mark.parametrize("case", CASES)
def test_odds_cold(benchmark: Any, record: Callable[[str, str, float], None], case: str) -> None:
    benchmark.group = f"icepool {case}"
    benchmark.pedantic(_call(odds, case), setup=odds.cache_clear, rounds=100, iterations=1, warmup_rounds=5)
    record(case, "odds cold", _mean(benchmark))
