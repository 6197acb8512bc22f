"""Game length (*durée de la partie*, §16).

Six turns; at the end of the besieger's turn 5 the besieged rolls a D6 and the game ends at once on 5 or 6 (R10)::

    >>> last_turn(5), last_turn(2)
    (5, 6)
"""

from __future__ import annotations

from rules.dice import D6
from rules.validation import check_range

__all__ = ["EARLY_END_DIE", "EARLY_END_FACES", "EARLY_END_TURN", "TURNS", "last_turn"]

TURNS = 6
EARLY_END_TURN = 5
EARLY_END_DIE = D6
EARLY_END_FACES = frozenset({5, 6})


def last_turn(roll: int) -> int:
    """The game's last turn given the besieged's D6 ``roll`` at the end of the besieger's turn 5 (§16, R10)."""
    check_range("roll", roll, 1, 6)
    return EARLY_END_TURN if roll in EARLY_END_FACES else TURNS
