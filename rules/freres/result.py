"""A skirmish's result, for the campaign (*le bilan*): the winner (the band left holding the field, §1.3), the turns
played and each band's losses, the models out of the battle and why.

    >>> from rules.freres.example import example_skirmish
    >>> skirmish_result(example_skirmish()).to_json()["losses"]
    {'a': 0, 'b': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.freres.state import Phase, Side, Skirmish

__all__ = ["SkirmishResult", "skirmish_result"]


@dataclass(frozen=True)
class SkirmishResult:
    """``winner`` is None while the skirmish goes on (a scenario's victory conditions, §1.3, are the players')."""

    over: bool
    winner: Side | None
    turns: int
    out: Mapping[Side, tuple[tuple[str, str], ...]]
    """each band's models out of the battle, with why: ``killed``, ``out_of_action`` (HdC), ``surrendered``."""

    @property
    def losses(self) -> dict[Side, int]:
        return {side: len(self.out[side]) for side in Side}

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "winner": None if self.winner is None else self.winner.value,
            "turns": self.turns,
            "losses": {side.value: count for side, count in self.losses.items()},
            "out": {side.value: [list(entry) for entry in self.out[side]] for side in Side},
        }


def skirmish_result(state: Skirmish) -> SkirmishResult:
    """The result a skirmish has reached: its turns count the turn under way, or the last one once it is over."""
    out = {side: tuple((m.id, m.out) for m in state.models if m.side is side and m.out is not None) for side in Side}
    turns = state.turn - 1 if state.phase is Phase.INITIATIVE and state.turn > 1 else state.turn
    return SkirmishResult(state.over, state.winner, turns, out)
