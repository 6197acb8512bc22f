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
    """``record(case, kind, mean_seconds)``; kind is ``uncached``, ``cached`` or ``monte_carlo``."""
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
    write(
        f"{'case':<18}{'exact uncached':>16}{'exact cached':>14}{'Monte Carlo':>14}{'MC/uncached':>13}{'MC/cached':>12}"
    )
    for case in cases:
        uncached = means.get((case, "uncached"))
        cached = means.get((case, "cached"))
        monte_carlo = means.get((case, "monte_carlo"))
        if uncached is None or cached is None or monte_carlo is None:
            continue
        write(
            f"{case:<18}{uncached * 1e6:>13.1f} µs{cached * 1e6:>11.2f} µs{monte_carlo * 1e3:>11.1f} ms"
            f"{monte_carlo / uncached:>12,.0f}×{monte_carlo / cached:>11,.0f}×"
        )
