"""What every rule system's ``game`` module shares, as python-chess's board shares ``is_legal`` and ``push``: the
refusal an action meets (:class:`IllegalAction`), what an action reports (:class:`Event`), and the two calls built
on a system's own turn checks and play, :func:`problems` (why not, each reason with its clause) and :func:`apply`
(play it, or refuse it and change nothing). The siege (:mod:`rules.siege.game`) and the skirmish
(:mod:`rules.freres.game`) wrap them.

The engines speak in codes, never in sentences: a refusal and an event carry a ``code`` (``"gate_destroyed"``),
the clause behind it and their facts as named parameters. The pages word them in the reader's language
(:mod:`wording`). A parameter's name says what its value is, so that a page can name it as the table does:

- ``model``, or a name ending in ``_model``: one model's id; ``models`` or ``…_models``: a tuple of them;
- ``place``, or a name ending in ``_place``: a place as the engine writes it (``"foot:W3"``);
- ``dice``, or a name ending in ``_dice``: a tuple of die results;
- any other: a number, or a word of the engine (a section ``"W3"``, a ladder ``"L1"``, a liquid ``"oil"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from rules.dice import Dice

__all__ = ["Event", "IllegalAction", "Param", "Refusal", "apply", "problems"]

State = TypeVar("State")
Action = TypeVar("Action")
Outcome = TypeVar("Outcome")


Param = str | int | bool | None | tuple[str, ...] | tuple[int, ...]
"""A fact of a refusal or an event: a number, an engine word or id, or a tuple of them."""

_set = object.__setattr__


class IllegalAction(ValueError):
    """An action the rules forbid: ``code`` says why (``"gate_destroyed"``), ``clause`` is the rule that forbids it
    (``"§6.1"``), ``params`` its facts (``gate="G1"``), named as the module's docstring says."""

    code: str
    clause: str
    params: Mapping[str, Param]

    def __init__(self, code: str, clause: str, /, **params: Param) -> None:
        super().__init__(code, clause, params)
        self.code = code
        self.clause = clause
        self.params = params

    def __str__(self) -> str:
        if " " in self.code:
            return self.code  # a sentence the engine still writes
        return f"{self.clause}: {self.message}"

    @property
    def message(self) -> str:
        """The refusal's code and facts, or a sentence the engine still writes."""
        if " " in self.code:
            return self.code
        facts = ", ".join(
            f"{key}={'+'.join(map(str, value)) if isinstance(value, tuple) else value}"
            for key, value in self.params.items()
        )
        return self.code + (f" ({facts})" if facts else "")


Refusal = IllegalAction
"""A reason an action may not be played, as :func:`problems` lists them: the refusal :func:`apply` raises."""


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, for the battle log: its ``kind`` (a code, ``"gate_damage"``), the clause behind
    it, its facts as named parameters (as the module's docstring says), and the models it concerns."""

    kind: str
    clause: str
    params: Mapping[str, Param]
    models: tuple[str, ...] = ()

    def __init__(
        self, kind: str, clause: str, params: Mapping[str, Param] | str | None = None, models: tuple[str, ...] = ()
    ) -> None:
        facts = {"text": params} if isinstance(params, str) else (params or {})
        # the fields set at once rather than one by one through the frozen __setattr__: actions make many events
        _set(self, "__dict__", {"kind": kind, "clause": clause, "params": facts, "models": models})

    @property
    def text(self) -> str:
        """A sentence the engine still writes for the event, else ``""``."""
        return str(self.params.get("text", ""))

    def __hash__(self) -> int:
        return hash((self.kind, self.clause, tuple(self.params.items()), self.models))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "clause": self.clause,
            "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
            "models": list(self.models),
        }


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
        return [refused]
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
        raise refusals[0]
    return play(state, action, dice)
