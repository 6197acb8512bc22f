"""The odds lab's registry: one :class:`Mechanic` per question of :mod:`rules.odds`, described as data.

A mechanic names the function of :mod:`rules.odds` it asks, its parameters (:class:`Param`: name, type, bounds,
default, French/English label), the shape of its answer (:class:`Kind`, which also picks the chart) and the one
plain sentence that reads the answer. The form of its page, the query parameters of its REST endpoint and their
OpenAPI description, the chart, the table and the sentence are all built from that entry, so a new mechanic of
:mod:`rules.odds` is added by one entry in its rule system's module (:mod:`.siege`, :mod:`.belfry`,
:mod:`.confrontation`, :mod:`.freres`) and nothing else (then its French labels in the ``.po``). For instance,
with ``_`` standing for ``pgettext_lazy("odds", …)``::

    Mechanic(
        slug="ladder-pushback",
        title=_("Pushing a ladder back"),
        clause="§7.1.6",
        function=odds.ladder_pushback,
        kind=Kind.PROBABILITY,
        event="pushed_back",
        event_label=_("pushed back"),
        params=(Param.integer("helpers", _("Helping models"), 0, ladders.MAX_HELPERS, default=0),),
        sentence=n_(
            "With %(helpers)s helper, the besieged push the ladder back with probability %(percent)s.",
            "With %(helpers)s helpers, the besieged push the ladder back with probability %(percent)s.",
            "helpers",
        ),
    ),

where ``n_`` is ``npgettext_lazy("odds", …)``: a sentence that counts a parameter takes the singular or the plural
by its value (gettext's plural forms: « 1 blessure », « 2 blessures »). A distribution's rows name their values the
same way (:attr:`Mechanic.counted`).

A Frères d'Armes test (``fda_test``, which answers a dict) is the same with ``kind=Kind.OUTCOMES``, its
``outcome_labels`` and ``headline=total_of("success")``; ``belfry_crush`` likewise.

Bounds are the rules' own ranges, capped where the rules accept any size (attacks at :data:`rules.odds.MAX_ATTACKS`,
turns at :data:`rules.odds.MAX_TURNS`, moves and modifiers at a hundred), so that no question holds a worker.
Labels and sentences are translated in a context of their own, ``odds``. A sentence may use ``%(name)s`` for each
parameter (its label for a choice), ``%(percent)s`` and ``%(fraction)s`` for the :attr:`Mechanic.headline`
probability, ``%(mean)s`` (a distribution's mean) and ``%(result)s`` (a verdict's label).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy


class Kind(enum.StrEnum):
    """The shape of an answer, which also decides its chart."""

    PROBABILITY = "probability"
    """One probability (a ``Fraction``): a bar against its complement."""
    OUTCOMES = "outcomes"
    """Named outcomes (``dict[str, Fraction]``): a bar each."""
    BY_TURN = "by_turn"
    """P(done by the end of turn t) for t = 1 … turns (``list[Fraction]``): a line over the turns."""
    DISTRIBUTION = "distribution"
    """A distribution over whole numbers (``list`` indexed by value, or ``dict[int, Fraction]``): a bar each."""
    VERDICT = "verdict"
    """A table's answer (``str``), no dice: the scale of answers with this one marked."""


class ParamType(enum.StrEnum):
    INTEGER = "integer"
    CHOICE = "choice"
    BOOLEAN = "boolean"


@dataclass(frozen=True)
class Choice:
    value: str
    """As it appears in the query string."""
    label: Promise | str
    python: object
    """What the function of :mod:`rules.odds` takes."""


@dataclass(frozen=True)
class Param:
    """One argument of a mechanic's function, as its page and its endpoint take it."""

    name: str
    label: Promise
    type: ParamType
    default: int | str | bool
    low: int | None = None
    high: int | None = None
    choices: tuple[Choice, ...] = ()
    help: Promise | None = None

    @classmethod
    def integer(
        cls, name: str, label: Promise, low: int, high: int, *, default: int, help: Promise | None = None
    ) -> Param:
        if not low <= default <= high:
            raise ValueError(f"{name}: default {default} outside {low}–{high}")
        return cls(name, label, ParamType.INTEGER, default, low, high, help=help)

    @classmethod
    def choice(
        cls, name: str, label: Promise, choices: tuple[Choice, ...], *, default: str, help: Promise | None = None
    ) -> Param:
        if default not in {c.value for c in choices}:
            raise ValueError(f"{name}: default {default!r} is not a choice")
        return cls(name, label, ParamType.CHOICE, default, choices=choices, help=help)

    @classmethod
    def boolean(cls, name: str, label: Promise, *, default: bool = False, help: Promise | None = None) -> Param:
        return cls(name, label, ParamType.BOOLEAN, default, help=help)

    def python(self, value: int | str | bool) -> object:
        """The argument the rules take for the parsed ``value``."""
        if self.type is ParamType.CHOICE:
            return next(c.python for c in self.choices if c.value == value)
        return value

    def display(self, value: int | str | bool) -> int | str:
        """How a sentence names ``value``; a whole number stays one, for a sentence's plural to count it."""
        if self.type is ParamType.CHOICE:
            return str(next(c.label for c in self.choices if c.value == value))
        if self.type is ParamType.BOOLEAN:
            return str(pgettext_lazy("odds", "yes") if value else pgettext_lazy("odds", "no"))
        assert isinstance(value, int)
        return value


Headline = Callable[[Any], Fraction]


def last(by_turn: list[Fraction]) -> Fraction:
    return by_turn[-1]


def at_least_one(pmf: list[Fraction]) -> Fraction:
    return 1 - pmf[0]


def total_of(*keys: str) -> Headline:
    """P(any of the outcomes ``keys``)."""

    def total(outcomes: Mapping[str, Fraction]) -> Fraction:
        return sum((outcomes.get(key, Fraction(0)) for key in keys), Fraction(0))

    return total


def value_of(key: int) -> Headline:
    def value(distribution: Mapping[int, Fraction]) -> Fraction:
        return distribution.get(key, Fraction(0))

    return value


def _itself(p: Fraction) -> Fraction:
    return p


_DEFAULT_HEADLINES: Mapping[Kind, Headline] = {Kind.PROBABILITY: _itself, Kind.BY_TURN: last}


@dataclass(frozen=True)
class Mechanic:
    slug: str
    """The page's and the endpoint's address: ``/odds/<slug>/``, ``/api/odds/<slug>/``."""
    title: Promise
    clause: str
    """Where the rule is: ``§7.1.6``, ``R3``, ``004 Rattraper un fuyard``."""
    function: Callable[..., Any]
    kind: Kind
    sentence: Promise
    params: tuple[Param, ...] = ()
    summary: Promise | None = None
    headline: Headline | None = None
    """The probability the sentence reads, from the function's answer (``None``: the kind's default)."""
    event: str = ""
    """:attr:`Kind.PROBABILITY`: the key of the answer in the API (``pushed_back``) …"""
    event_label: Promise | None = None
    """… and its label on the chart."""
    outcome_labels: Mapping[str, Promise] = field(default_factory=dict)
    """:attr:`Kind.OUTCOMES` and :attr:`Kind.VERDICT`: the label of each key, in the order to show them."""
    value_label: Promise | None = None
    """:attr:`Kind.DISTRIBUTION`: what the values count (the chart's axis) …"""
    counted: Promise | None = None
    """… and one value counted, a row of the table: ``npgettext_lazy("odds", "%(count)s turn", "%(count)s turns",
    "count")``."""

    def __post_init__(self) -> None:
        if self.headline is None and self.kind in _DEFAULT_HEADLINES:
            object.__setattr__(self, "headline", _DEFAULT_HEADLINES[self.kind])
        if self.kind is Kind.PROBABILITY and not (self.event and self.event_label):
            raise ValueError(f"{self.slug}: a probability needs its event and event_label")

    @property
    def name(self) -> str:
        """The function's name in :mod:`rules.odds` (``ram_vs_gate``)."""
        return str(self.function.__name__)

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def defaults(self) -> dict[str, int | str | bool]:
        return {p.name: p.default for p in self.params}

    def ask(self, values: Mapping[str, int | str | bool]) -> Any:
        """The function's answer for parsed ``values``; a combination the rules refuse raises ``ValueError``."""
        return self.function(**{p.name: p.python(values[p.name]) for p in self.params})
