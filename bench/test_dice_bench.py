"""D6 throughput of ``rules.montecarlo.roll`` against NumPy's own ``Generator.integers(1, 7, dtype=np.uint8)``.

A million rolls each way, one test after the other; the summary at the end of the run prints NumPy's time over ours
(the target is 0.9 or more: the Monte Carlo rolls at NumPy's speed). Both take the fastest of their 40 rounds: the
work is the same each round, so the slower rounds measure the other jobs on the machine, not the rolling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from rules import montecarlo as mc
from rules.dice import D6

ROLLS = 1_000_000
ROLLERS: dict[str, Callable[[np.random.Generator], object]] = {
    "numpy uint8": lambda rng: rng.integers(1, 7, ROLLS, dtype=np.uint8),
    "montecarlo": lambda rng: mc.roll(rng, D6, ROLLS),
}


@pytest.mark.parametrize("roller", ROLLERS)
def test_d6_throughput(benchmark: Any, record: Callable[[str, str, float], None], roller: str) -> None:
    benchmark.group = "a million D6"
    rng = np.random.default_rng(0)
    benchmark.pedantic(ROLLERS[roller], args=(rng,), rounds=40, iterations=1, warmup_rounds=3)
    record("d6", roller, float(benchmark.stats.stats.min))
