"""Mining and counter-mining (*sapes et contre-sapes*, §10).

Each turn before the movement phase the besieger rolls a D6 for his sappers; counter-miners subtract a D2 (4–7 of
them) or a D3 (8), never below zero (R2). The score reaches the foundations at 8 and opens a tunnel at 10::

    >>> progress(5, 2)
    3
    >>> counter_mining_die(8).name
    'D3'
"""

from __future__ import annotations

from rules.dice import D2, D3, D4, D6, Die
from rules.validation import check_range

__all__ = [
    "FOUNDATIONS",
    "FOUNDATIONS_DAMAGE_BONUS",
    "FOUNDATIONS_DAMAGE_DIE",
    "MAX_COUNTER_MINERS",
    "MIN_COUNTER_MINERS",
    "SAPPERS",
    "SAPPING_DIE",
    "TUNNEL",
    "TUNNEL_MODELS_PER_TURN",
    "counter_mining_die",
    "progress",
]

SAPPERS = 6
"""Models of unit strength 1 the besieger puts to work (§10.1)."""
MIN_COUNTER_MINERS = 4
MAX_COUNTER_MINERS = 8
"""Counter-mining needs 4 models and takes at most 8 (§10.2, R2)."""

SAPPING_DIE = D6
FOUNDATIONS = 8
"""Score at which the foundations are reached (§10.3.1, R2)."""
FOUNDATIONS_DAMAGE_DIE = D4
FOUNDATIONS_DAMAGE_BONUS = 1
"""The undermined section takes D4+1 damage points (§10.3.1)."""
TUNNEL = 10
"""Score at which the tunnel is dug (§10.3.2, R2)."""
TUNNEL_MODELS_PER_TURN = 6


def counter_mining_die(counter_miners: int) -> Die | None:
    """The die subtracted from the sapping roll: none below 4 counter-miners, D2 for 4–7, D3 for 8 (R2)."""
    check_range("counter_miners", counter_miners, 0, MAX_COUNTER_MINERS)
    if counter_miners < MIN_COUNTER_MINERS:
        return None
    return D3 if counter_miners == MAX_COUNTER_MINERS else D2


def progress(sapping_roll: int, subtraction: int) -> int:
    """A turn's progress: the D6 less the counter-mining roll, never negative (§10.3, R2)."""
    check_range("sapping_roll", sapping_roll, 1, 6)
    check_range("subtraction", subtraction, 0, 3)
    return max(0, sapping_roll - subtraction)
