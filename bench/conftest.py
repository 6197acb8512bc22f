"""Collects the benchmarks' mean times and prints exact-vs-Monte-Carlo ratios at the end of the run."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Means = dict[tuple[str, str], float]
MEANS = pytest.StashKey[Means]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[MEANS] = {}


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Callable[[str, str, float], None]:
    """``record(case, kind, mean_seconds)``; kind is ``exact``, ``cold`` or ``monte_carlo``."""
    means = request.config.stash[MEANS]

    def store(case: str, kind: str, mean: float) -> None:
        means[case, kind] = mean

    return store


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    means = config.stash.get(MEANS, {})
    cases = sorted({case for case, _ in means})
    if not cases:
        return
    write = terminalreporter.write_line
    write("")
    write("Exact odds against a 100,000-run vectorised Monte Carlo (means of this run)")
    write(f"{'case':<18}{'exact':>12}{'exact cold':>14}{'Monte Carlo':>14}{'MC/exact':>11}{'MC/cold':>10}")
    for case in cases:
        exact = means.get((case, "exact"))
        cold = means.get((case, "cold"))
        monte_carlo = means.get((case, "monte_carlo"))
        if exact is None or cold is None or monte_carlo is None:
            continue
        write(
            f"{case:<18}{exact * 1e6:>9.2f} µs{cold * 1e6:>11.1f} µs{monte_carlo * 1e3:>11.1f} ms"
            f"{monte_carlo / exact:>10,.0f}×{monte_carlo / cold:>9,.0f}×"
        )
