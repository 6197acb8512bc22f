"""Collects the benchmarks' times and prints, at the end of the run, the ratios each benchmark file is about."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Means = dict[tuple[str, str], float]
MEANS = pytest.StashKey[Means]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[MEANS] = {}


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Callable[[str, str, float], None]:
    """``record(case, kind, seconds)``: kind is ``exact``, ``cold`` or ``monte_carlo`` (medians, ``test_odds_bench``);
    ``icepool``, ``odds warm`` or ``odds cold`` (medians, ``test_icepool_bench``); ``numpy uint8`` or ``montecarlo``
    (fastest rounds, ``test_dice_bench``)."""
    means = request.config.stash[MEANS]

    def store(case: str, kind: str, mean: float) -> None:
        means[case, kind] = mean

    return store


ICEPOOL_TARGET = 5.0
"""Every exact call at least this many times faster than icepool, cold and warm."""
D6_TARGET = 0.9
"""The Monte Carlo's D6 at least this share of NumPy's own uint8 throughput."""


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    means = config.stash.get(MEANS, {})
    write = terminalreporter.write_line
    _monte_carlo_summary(means, write)
    _icepool_summary(means, write)
    _dice_summary(means, write)


def _monte_carlo_summary(means: Means, write: Callable[[str], None]) -> None:
    cases = sorted({case for case, kind in means if kind == "monte_carlo"})
    if not cases:
        return
    write("")
    write("Exact odds against a 100,000-run vectorised Monte Carlo (medians of this run)")
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


def _icepool_summary(means: Means, write: Callable[[str], None]) -> None:
    cases = [case for case, kind in means if kind == "icepool"]
    if not cases:
        return
    write("")
    write(f"rules.odds against icepool asking the same question (medians of this run; target {ICEPOOL_TARGET:.0f}×)")
    write(f"{'case':<26}{'icepool':>12}{'warm':>12}{'cold':>12}{'icepool/warm':>14}{'icepool/cold':>14}")
    for case in cases:
        icepool, warm, cold = (means.get((case, kind)) for kind in ("icepool", "odds warm", "odds cold"))
        if icepool is None or warm is None or cold is None:
            continue
        short = "" if min(icepool / warm, icepool / cold) >= ICEPOOL_TARGET else "  below target"
        write(
            f"{case:<26}{icepool * 1e6:>9.1f} µs{warm * 1e6:>9.1f} µs{cold * 1e6:>9.1f} µs"
            f"{icepool / warm:>13.1f}×{icepool / cold:>13.1f}×{short}"
        )


def _dice_summary(means: Means, write: Callable[[str], None]) -> None:
    numpy, montecarlo = means.get(("d6", "numpy uint8")), means.get(("d6", "montecarlo"))
    if numpy is None or montecarlo is None:
        return
    ratio = numpy / montecarlo
    short = "" if ratio >= D6_TARGET else "  below target"
    write("")
    write(f"A million D6 (fastest of 40 rounds each, this run; target {D6_TARGET}× NumPy's throughput)")
    write(
        f"NumPy integers(1, 7, dtype=uint8) {numpy * 1e3:.2f} ms, rules.montecarlo.roll {montecarlo * 1e3:.2f} ms: "
        f"{ratio:.2f}× NumPy's throughput{short}"
    )
