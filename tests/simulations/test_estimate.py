"""The estimate of a share of games won and its 95 % Wilson interval, against numbers worked by hand."""

from __future__ import annotations

import pytest

from simulations.estimate import estimate, precise_enough, wilson


def test_wilson_for_62_wins_out_of_100() -> None:
    """By hand, z = 1.96, z² = 3.8415, n = 100, p = 0.62:
    centre = (0.62 + 3.8415/200) / (1 + 3.8415/100) = 0.639207 / 1.038415 = 0.61556;
    half-width = 1.96 × √(0.62 × 0.38/100 + 3.8415/40000) / 1.038415 = 1.96 × 0.049518 / 1.038415 = 0.09346;
    so 52.2 % to 70.9 %."""
    low, high = wilson(62, 100)
    assert low == pytest.approx(0.52210, abs=5e-5)
    assert high == pytest.approx(0.70902, abs=5e-5)


def test_no_win_still_leaves_room_above_zero() -> None:
    """0 out of 25: the interval runs from 0 to z²/(n + z²) = 3.8415/28.8415 = 13.3 %, not a point at 0."""
    assert wilson(0, 25) == pytest.approx((0.0, 0.13319), abs=5e-5)
    assert wilson(25, 25) == pytest.approx((0.86681, 1.0), abs=5e-5)
    # exactly: a share of every game won lies within its own interval (centre + half-width is 1 only on paper)
    assert wilson(20_000, 20_000)[1] == 1.0
    assert wilson(0, 20_000)[0] == 0.0


def test_nothing_played_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert not precise_enough(0, 0)


def test_wins_outside_the_games_played_are_refused() -> None:
    with pytest.raises(ValueError, match="wins must be from 0 to games"):
        wilson(7, 5)


def test_the_estimate_carries_the_share_and_the_half_width() -> None:
    found = estimate(62, 100)
    assert found.share == 0.62
    assert found.half_width == pytest.approx(0.09346, abs=5e-5)


@pytest.mark.parametrize(
    ("wins", "games", "stops"),
    [
        # a share of a half: 1.96 × √(0.25/2400 + 3.8415/(4 × 2400²)) / (1 + 3.8415/2400) = 0.019988 ≤ 0.02
        (1200, 2400, True),
        # 1.96 × √(0.25/2390 + 3.8415/(4 × 2390²)) / (1 + 3.8415/2390) = 0.020029 > 0.02
        (1195, 2390, False),
        # no win: the half-width is z²/(n + z²)/2, 3.8415/96.8415/2 = 0.01983 at 93 games, 0.02004 at 92
        (0, 93, True),
        (0, 92, False),
    ],
)
def test_a_run_stops_once_its_interval_is_within_two_points(wins: int, games: int, stops: bool) -> None:
    assert precise_enough(wins, games) is stops
