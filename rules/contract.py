"""What every rule system's ``game`` module shares, as python-chess's board shares ``is_legal`` and ``push``: the
refusal an action meets (:class:`IllegalAction`, :class:`Refusal`), and the two calls built on a system's own turn
checks and play, :func:`problems` (why not, each reason with its clause) and :func:`apply` (play it, or refuse it
and change nothing). The siege (:mod:`rules.siege.game`) and the skirmish (:mod:`rules.freres.game`) wrap them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from rules.dice import Dice

__all__ = ["IllegalAction", "Refusal", "apply", "problems"]

State = TypeVar("State")
Action = TypeVar("Action")
Outcome = TypeVar("Outcome")


class IllegalAction(ValueError):
    """An action the rules forbid; ``clause`` is the rule that forbids it (``"§1.7"``)."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.clause = clause


@dataclass(frozen=True)
class Refusal:
    """Why an action may not be played: the clause that forbids it and a sentence."""

    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}"


def problems(
    turn_problems: Callable[[State, Action], list[Refusal]],
    play: Callable[[State, Action, Dice], Outcome],
    state: State,
    action: Action,
) -> list[Refusal]:
    """Why ``action`` may not be played on ``state``: the turn's own refusals, else the one the rules raise when it
    is tried on the state (a value, left as it was) with dice of its own. The rules refuse before they roll, so
    those dice do not change the answer; empty when it may be played.
    """
    refusals = turn_problems(state, action)
    if refusals:
        return refusals
    try:
        play(state, action, Dice(seed=0))
    except IllegalAction as refused:
        return [Refusal(refused.clause, str(refused))]
    return []


def apply(
    turn_problems: Callable[[State, Action], list[Refusal]],
    play: Callable[[State, Action, Dice], Outcome],
    state: State,
    action: Action,
    dice: Dice,
) -> Outcome:
    """Play ``action`` on ``state`` with ``dice``; an action the turn refuses raises :class:`IllegalAction` with the
    first refusal's clause, before anything is rolled."""
    refusals = turn_problems(state, action)
    if refusals:
        raise IllegalAction(refusals[0].message, refusals[0].clause)
    return play(state, action, dice)
