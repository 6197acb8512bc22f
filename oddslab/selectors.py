"""Reads for the odds lab: a mechanic by its address, and its exact answer for parsed parameters.

Nothing is stored: an answer is :mod:`rules.odds` asked through the registry (:mod:`oddslab.mechanics`), turned
into one shape for every mechanic (:class:`Answer`), which the pages and the API present.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.contract import IllegalAction
from rules.validation import BadValue
from wording import PlainNames, say
from wording.confrontation import catalogue as confrontation_catalogue
from wording.freres import catalogue as freres_catalogue
from wording.siege import catalogue as siege_catalogue
from wording.values import bad_value_text

from .mechanics import MECHANICS, Kind, Mechanic


def refusal_words(error: ValueError) -> tuple[str, Mapping[str, object]]:
    """A refusal of the rules in the reader's words, with the facts it names: a code of an engine
    (:mod:`wording`), a bad value named with its bounds, or a message as it is."""
    if isinstance(error, IllegalAction) and " " not in error.code:
        for catalogue in (confrontation_catalogue(), siege_catalogue(), freres_catalogue()):
            if error.code in catalogue:
                said = say(catalogue, error.code, error.params, PlainNames()).rstrip(".")
                return f"{said} ({error.clause}).", error.params
    if isinstance(error, BadValue):
        return bad_value_text(error), {str(error.facts.get("name")): error.facts.get("value")}
    return str(error), {}


class RefusedCombination(ValueError):
    """The rules refuse these parameters together; :attr:`param` is the one their message names, if any."""

    def __init__(self, message: str, param: str | None) -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class Answer:
    mechanic: Mechanic
    values: Mapping[str, int | str | bool]
    outcomes: tuple[tuple[str, Fraction], ...]
    """(key, probability) in the order to show: turn numbers for :attr:`Kind.BY_TURN` (cumulative), values for
    :attr:`Kind.DISTRIBUTION`, the rules' keys for :attr:`Kind.OUTCOMES`, the event for :attr:`Kind.PROBABILITY`."""
    result: str | None
    """:attr:`Kind.VERDICT`: the table's answer; ``None`` otherwise."""
    headline: Fraction | None
    """The probability the sentence reads."""
    mean: Fraction | None
    """:attr:`Kind.DISTRIBUTION`: the expected value."""


def mechanics() -> tuple[Mechanic, ...]:
    return MECHANICS


def _outcomes(mechanic: Mechanic, raw: Any) -> tuple[tuple[str, Fraction], ...]:
    kind = mechanic.kind
    if kind is Kind.PROBABILITY:
        return ((mechanic.event, raw),)
    if kind is Kind.BY_TURN:
        return tuple((str(turn), p) for turn, p in enumerate(raw, start=1))
    if kind is Kind.DISTRIBUTION:
        items = raw.items() if isinstance(raw, Mapping) else enumerate(raw)
        return tuple((str(value), p) for value, p in items)
    if kind is Kind.OUTCOMES:
        order = list(mechanic.outcome_labels)
        return tuple(sorted(raw.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)))
    return ()


def _mean(outcomes: tuple[tuple[str, Fraction], ...]) -> Fraction:
    """Σ value × P over a common denominator: adding 201 fractions of 500 digits one by one took most of a page."""
    common = math.lcm(*(p.denominator for _, p in outcomes))
    return Fraction(sum(int(value) * p.numerator * (common // p.denominator) for value, p in outcomes), common)


def answer(mechanic: Mechanic, values: Mapping[str, int | str | bool]) -> Answer:
    """The exact answer of ``mechanic`` for ``values`` (parsed and within each parameter's bounds).

    Raises :class:`RefusedCombination` when the rules refuse the parameters together (a gap in a voluntary flight).
    """
    try:
        raw = mechanic.ask(values)
    except ValueError as error:
        message, facts = refusal_words(error)
        names = [p.name for p in mechanic.params]
        named = next((n for n in names if n in facts), None) or next(
            (n for n in names if message.startswith(f"{n} ")), None
        )
        raise RefusedCombination(message, named) from error
    outcomes = _outcomes(mechanic, raw)
    mean = _mean(outcomes) if mechanic.kind is Kind.DISTRIBUTION else None
    return Answer(
        mechanic=mechanic,
        values=dict(values),
        outcomes=outcomes,
        result=raw if mechanic.kind is Kind.VERDICT else None,
        headline=mechanic.headline(raw) if mechanic.headline else None,
        mean=mean,
    )
