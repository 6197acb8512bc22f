"""``rules.odds`` against icepool asking the same questions (``icepool_odds.py``), cold and warm, in one run.

Each case is timed three ways, one after the other: icepool (after checking that it gives the same exact answer),
a ``rules.odds`` call once its chains are compiled (*warm*), and one after ``odds.cache_clear()`` (*cold*: the
first call for a new chain, as a page sees it). icepool keeps caches of its own (a pool's sum is remembered, for
one); they are left warm, so icepool is timed at its fastest. The summary at the end of the run prints icepool's
median time over each of ours; the target is 5× or more, cold and warm, up to 200 attacks.
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
    "fda_test": ("fda_test", (5, -1)),
    "fda_opposed": ("fda_opposed", (5, 4, 1, 0)),
    "fda_shot": ("fda_shot", (5, 4, 1, 3, 2)),
    "fda_morale": ("fda_morale", (5, -1)),
}


def _call(module: object, case: str) -> Callable[[], object]:
    name, args = CASES[case]
    function = getattr(module, name)
    return lambda: function(*args)


KINDS = ("icepool", "odds warm", "odds cold")


def _median(benchmark: Any) -> float:
    return float(benchmark.stats.stats.median)


@pytest.mark.parametrize(("case", "kind"), [(case, kind) for case in CASES for kind in KINDS])
def test_against_icepool(benchmark: Any, record: Callable[[str, str, float], None], case: str, kind: str) -> None:
    """One case's three timings side by side; icepool's first checks that it gives the same exact answer."""
    benchmark.group = f"icepool {case}"
    call = _call(odds, case)
    if kind == "icepool":
        odds.cache_clear()
        assert _call(icepool_odds, case)() == call()
        benchmark.pedantic(_call(icepool_odds, case), rounds=15, iterations=1, warmup_rounds=2)
    elif kind == "odds warm":
        call()
        benchmark(call)
    else:
        benchmark.pedantic(call, setup=odds.cache_clear, rounds=100, iterations=1, warmup_rounds=5)
    record(case, kind, _median(benchmark))
