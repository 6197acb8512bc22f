"""§16 game length, ruling R10."""

from __future__ import annotations

import pytest

from rules.siege.game_length import TURNS, last_turn


@pytest.mark.parametrize(
    ("roll", "turns"),
    [pytest.param(r, 6, id=f"R10-roll-{r}-six-turns") for r in range(1, 5)]
    + [pytest.param(r, 5, id=f"§16-roll-{r}-ends-after-turn-5") for r in (5, 6)],
)
def test_last_turn(roll: int, turns: int) -> None:
    assert last_turn(roll) == turns


def test_six_turns() -> None:
    assert TURNS == 6


def test_bad_roll() -> None:
    with pytest.raises(ValueError, match="roll must be between 1 and 6, got 0"):
        last_turn(0)
