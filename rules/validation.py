"""Argument checks shared by the rules: a bad value raises ``ValueError`` naming the argument and its range."""

from __future__ import annotations

from collections.abc import Iterable
from types import TracebackType

from rules.contract import IllegalAction

__all__ = ["BadValue", "check_choice", "check_range", "citing", "refusal_of"]


class BadValue(ValueError):
    """A value out of its range or not among its choices: the message for a developer, and its ``facts`` for a
    page to word (``name``, ``value`` and ``low``/``high`` or ``choices``, and the ``clause`` once cited)."""

    def __init__(self, message: str, **facts: str | int | tuple[str, ...] | None) -> None:
        super().__init__(message)
        self.facts = facts


def check_range(name: str, value: int, low: int, high: int | None = None) -> int:
    """Return ``value`` if ``low <= value <= high`` (no upper bound when ``high`` is None), else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{name} must be an integer, got {value!r}", name=name, value=str(value), low=low, high=high)
    if value < low or (high is not None and value > high):
        accepted = f"between {low} and {high}" if high is not None else f"{low} or more"
        raise BadValue(f"{name} must be {accepted}, got {value}", name=name, value=value, low=low, high=high)
    return value


def check_choice(name: str, value: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices``, else raise ``ValueError`` listing them."""
    accepted = tuple(choices)
    if value not in accepted:
        raise BadValue(
            f"{name} must be one of {', '.join(map(repr, accepted))}, got {value!r}",
            name=name,
            value=str(value),
            choices=tuple(map(str, accepted)),
        )
    return value


class citing:
    """Refusals of bad arguments inside the block name the rule they break: ``… (004 Tableau des blessures)``.

    A class rather than a ``contextmanager`` generator: the argument checks of the exact odds run inside it on
    every call, and entering this costs a fifth as much.
    """

    __slots__ = ("clause",)

    def __init__(self, clause: str) -> None:
        self.clause = clause

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None) -> None:
        if isinstance(error, BadValue):  # its facts kept, for a page to word, with the innermost clause cited
            raise BadValue(f"{error} ({self.clause})", **{"clause": self.clause, **error.facts}) from None
        if isinstance(error, ValueError):
            raise ValueError(f"{error} ({self.clause})") from None


def refusal_of(bad: ValueError, clause: str, action: str) -> IllegalAction:
    """The refusal of ``action`` under ``clause`` for a value these checks caught while it was played, the same in
    every turn engine: ``bad_value`` with the value's facts when it is out of its range (:class:`BadValue`), else
    ``bad_input`` (a name of the wrong kind)."""
    if isinstance(bad, BadValue):
        return IllegalAction("bad_value", clause, action=action, **bad.facts)
    return IllegalAction("bad_input", clause, action=action)
