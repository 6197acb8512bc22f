"""A share of games won, estimated from the games played so far, with its 95 % interval, and the rule that stops a
run once that interval is narrow enough. Pure arithmetic: no ORM, no Django."""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

Z_95 = 1.959963984540054
"""The standard normal's 97.5th percentile: a two-sided 95 % interval."""

STOP_HALF_WIDTH = 0.02
"""A run stops once its interval is narrower than ±2 points."""


def wilson(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` out of ``games`` (E. B. Wilson, 1927).

    With p = wins / games and n = games, its centre is (p + z²/2n) / (1 + z²/n) and its half-width
    z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). Unlike p ± z·√(p(1−p)/n), it stays inside [0, 1] and does not shrink to a
    point when no game (or every game) was won. No game played: nothing is known, [0, 1]."""
    if games <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be from 0 to games ({games}); got {wins}")
    p = wins / games
    z2 = z * z
    scale = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / scale
    half = z * sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / scale
    # no win (every win): the bound is 0 (1) exactly, where the floats would leave it a hair inside
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Estimate:
    """``wins`` out of ``games`` played, and the share's 95 % Wilson interval [``low``, ``high``]."""

    wins: int
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def estimate(wins: int, games: int) -> Estimate:
    low, high = wilson(wins, games)
    return Estimate(wins, games, low, high)


def precise_enough(wins: int, games: int, half_width: float = STOP_HALF_WIDTH) -> bool:
    """True once the 95 % interval of ``wins`` out of ``games`` is at most ``half_width`` either side."""
    return games > 0 and estimate(wins, games).half_width <= half_width
