"""Argument checks shared by the rules: a bad value raises ``ValueError`` naming the argument and its range."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["check_choice", "check_range"]


def check_range(name: str, value: int, low: int, high: int | None = None) -> int:
    """Return ``value`` if ``low <= value <= high`` (no upper bound when ``high`` is None), else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        accepted = f"between {low} and {high}" if high is not None else f"{low} or more"
        raise ValueError(f"{name} must be {accepted}, got {value}")
    return value


def check_choice(name: str, value: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices``, else raise ``ValueError`` listing them."""
    accepted = tuple(choices)
    if value not in accepted:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, accepted))}, got {value!r}")
    return value
