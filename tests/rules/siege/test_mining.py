"""§10 mining and counter-mining, ruling R2."""

from __future__ import annotations

import pytest

from rules.siege.mining import FOUNDATIONS, TUNNEL, counter_mining_die, progress


@pytest.mark.parametrize(
    ("counter_miners", "die"),
    [
        pytest.param(0, None, id="R2-none"),
        pytest.param(3, None, id="R2-fewer-than-4-no-counter-mining"),
        pytest.param(4, "D2", id="§10.3-4-D2"),
        pytest.param(7, "D2", id="R2-7-D2"),
        pytest.param(8, "D3", id="§10.3-8-D3"),
    ],
)
def test_counter_mining_die(counter_miners: int, die: str | None) -> None:
    found = counter_mining_die(counter_miners)
    assert (None if found is None else found.name) == die


@pytest.mark.parametrize(
    ("roll", "subtraction", "expected"),
    [
        pytest.param(5, 2, 3, id="§10.3-subtract"),
        pytest.param(1, 3, 0, id="R2-never-negative"),
        pytest.param(6, 0, 6, id="R2-no-counter-mining"),
    ],
)
def test_progress(roll: int, subtraction: int, expected: int) -> None:
    assert progress(roll, subtraction) == expected


def test_thresholds() -> None:
    """§10.3.1 foundations at 8, §10.3.2 tunnel at 10 (R2)."""
    assert (FOUNDATIONS, TUNNEL) == (8, 10)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="counter_miners must be between 0 and 8, got 9"):
        counter_mining_die(9)
    with pytest.raises(ValueError, match="sapping_roll must be between 1 and 6, got 7"):
        progress(7, 0)
