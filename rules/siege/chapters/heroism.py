"""Heroism tokens (*pions d'héroïsme*, §15), for the besieged only.

One token per full 300 points the besieged gave up by standing a siege rather than fighting in the open (R13)::

    >>> heroism_tokens(2000, 1500)
    1
"""

from __future__ import annotations

from rules.siege.board.state import BattleState, IllegalAction
from rules.siege.board.values import replace
from rules.validation import check_range

__all__ = ["POINTS_PER_TOKEN", "grant_heroism", "heroism_tokens", "spend_heroism"]

POINTS_PER_TOKEN = 300


def heroism_tokens(open_field_points: int, siege_points: int) -> int:
    """Tokens = floor((open-field points − siege points) / 300), never below 0 (§15, R13)."""
    check_range("open_field_points", open_field_points, 0)
    check_range("siege_points", siege_points, 0)
    return max(0, (open_field_points - siege_points) // POINTS_PER_TOKEN)


def grant_heroism(state: BattleState, open_field_points: int, siege_points: int) -> BattleState:
    """The besieged's tokens for the battle (§15, R13)."""
    return replace(state, heroism_tokens=heroism_tokens(open_field_points, siege_points))


def spend_heroism(state: BattleState) -> BattleState:
    """The besieged spends one token, as the campaign rules describe (§15)."""
    if state.heroism_tokens < 1:
        raise IllegalAction("no_heroism_token", "§15")
    return replace(state, heroism_tokens=state.heroism_tokens - 1)
