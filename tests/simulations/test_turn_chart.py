"""The run page's turn charts draw a bar for each turn of the siege as the engine counts them (§16, R10), then any
later turn the games reached, then the games it never happened in."""

from __future__ import annotations

import pytest
from django.utils import translation

from bots.siege.assault import NEVER
from rules.siege.chapters import game_length
from simulations.presenters import _turn_bars


def test_a_bar_for_each_of_the_six_turns_then_never() -> None:
    """§16: « La durée de la partie est fixée pour 6 tours »."""
    with translation.override("en"):
        bars = _turn_bars({"2": 5, "6": 1, NEVER: 4})
    assert bars == [("1", 0), ("2", 5), ("3", 0), ("4", 0), ("5", 0), ("6", 1), ("never", 4)]


def test_the_turns_are_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_length, "TURNS", 4)
    with translation.override("en"):
        bars = _turn_bars({"2": 5, "6": 1, NEVER: 4})
    assert bars == [("1", 0), ("2", 5), ("3", 0), ("4", 0), ("6", 1), ("never", 4)]
