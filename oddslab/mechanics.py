"""The odds lab's registry: one :class:`Mechanic` per question of :mod:`rules.odds`, described as data.

A mechanic names the function of :mod:`rules.odds` it asks, its parameters (:class:`Param`: name, type, bounds,
default, French/English label), the shape of its answer (:class:`Kind`, which also picks the chart) and the one
plain sentence that reads the answer. The form of its page, the query parameters of its REST endpoint and their
OpenAPI description, the chart and the sentence are all built from that entry, so a new mechanic of
:mod:`rules.odds` is added by one entry in :data:`MECHANICS` and nothing else. For instance, once
``rules.odds.belfry_ignition(face, hits)`` exists::

    Mechanic(
        slug="belfry-ignition",
        title=_("Setting a belfry alight"),
        clause="001 §9, R19",
        function=odds.belfry_ignition,
        kind=Kind.PROBABILITY,
        event="ignites",
        params=(
            Param.choice("face", _("Face hit"), FACES, default="front"),
            Param.integer("hits", _("Flaming hits"), 0, 50, default=1),
        ),
        sentence=_("%(hits)s flaming hits on the %(face)s set the belfry alight with probability %(percent)s."),
    ),

and a Frères d'Armes test (``fda_test``, an ``outcomes`` dict) is the same with ``kind=Kind.OUTCOMES``, its
``outcomes`` labels and ``headline=total_of("success")``.

Bounds are the rules' own ranges, capped where the rules accept any size (attacks at :data:`rules.odds.MAX_ATTACKS`,
turns at :data:`rules.odds.MAX_TURNS`), so that no question holds a worker. Labels and sentences are translated
(context ``odds``); a sentence may use ``%(name)s`` for each parameter (its label for a choice), ``%(percent)s`` and
``%(fraction)s`` for the :attr:`Mechanic.headline` probability, ``%(mean)s`` (a distribution's mean) and
``%(result)s`` (a verdict's label).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from rules import odds
from rules.confrontation import wounds
from rules.confrontation.checks import Grade
from rules.confrontation.shooting import RangeBand
from rules.siege import gates, ladders, mining, structure
from rules.siege.structure import StructureOutcome
from rules.wfb import CHARACTERISTIC_MAX


def _(message: str) -> Promise:
    """A label or sentence of the odds lab, translated in the ``odds`` context so as not to clash with others."""
    return pgettext_lazy("odds", message)


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

    def display(self, value: int | str | bool) -> str:
        """How a sentence names ``value``."""
        if self.type is ParamType.CHOICE:
            return str(next(c.label for c in self.choices if c.value == value))
        if self.type is ParamType.BOOLEAN:
            return str(_("yes") if value else _("no"))
        return str(value)


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
    """:attr:`Kind.DISTRIBUTION`: what the values count (the chart's axis)."""

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


# Choices shared by several mechanics

_STRENGTH = (1, 10)  # §5.9: S1–S10
_CHARACTERISTIC = (1, CHARACTERISTIC_MAX)
_DAMAGE_DICE = tuple(Choice(name, _("single (1)") if name == "1" else name, name) for name in structure.DAMAGE_DICE)
_SAVES = (Choice("none", _("no save"), None),) + tuple(Choice(str(n), f"{n}+", n) for n in range(1, 7))
_GATES = (
    Choice("main", _("main gate"), "main"),
    Choice("postern", _("postern"), "postern"),
    Choice("service", _("service door"), "service"),
)
assert {c.value for c in _GATES} == set(gates.CONTRACT_NAMES)
_STRUCTURE_OUTCOMES: Mapping[str, Promise] = {
    StructureOutcome.NO_EFFECT.value: _("no effect"),
    StructureOutcome.SHAKEN.value: _("shaken"),
    StructureOutcome.SEVERELY_SHAKEN.value: _("severely shaken"),
    StructureOutcome.RAMPART_DESTROYED.value: _("rampart destroyed"),
    StructureOutcome.PARTIAL_COLLAPSE.value: _("partial collapse"),
    StructureOutcome.COLLAPSE.value: _("collapse"),
}
_GRADES: Mapping[str, Promise] = {
    Grade.EXCEPTIONAL_SUCCESS.value: _("exceptional success"),
    Grade.SUCCESS.value: _("success"),
    Grade.FAILURE.value: _("failure"),
    Grade.GRAVE_FAILURE.value: _("grave failure"),
    Grade.CRITICAL_FAILURE.value: _("critical failure"),
}
_WOUNDS: Mapping[str, Promise] = {
    wounds.Wound.NONE.value: _("no wound"),
    wounds.Wound.STUNNED.value: _("stunned"),
    wounds.Wound.LIGHT.value: _("light wound"),
    wounds.Wound.SERIOUS.value: _("serious wound"),
    wounds.Wound.CRITICAL.value: _("critical wound"),
    wounds.Wound.KILLED.value: _("killed outright"),
}
_TURNS = Param.integer("turns", _("Turns"), 1, odds.MAX_TURNS, default=6, help=_("A siege battle lasts 5 or 6 turns."))
_WOUND_PARAMS = (
    Param.integer("strength", _("Strength"), *_CHARACTERISTIC, default=3),
    Param.integer("toughness", _("Target's toughness"), *_CHARACTERISTIC, default=3),
    Param.choice("armour_save", _("Target's armour save"), _SAVES, default="none"),
)
_PRIOR = Param.integer(
    "prior", _("Damage points already taken"), 0, 50, default=0, help=_("From earlier hits on this section (R5).")
)
_DISTRIBUTION_SENTENCE = _(
    "On average %(mean)s unsaved wounds; at least one with probability %(percent)s (%(fraction)s)."
)

MECHANICS: tuple[Mechanic, ...] = (
    Mechanic(
        slug="ladder-pushback",
        title=_("Pushing a ladder back"),
        clause="§7.1.6",
        function=odds.ladder_pushback,
        kind=Kind.PROBABILITY,
        event="pushed_back",
        event_label=_("pushed back"),
        summary=_("6+ on a D6, +1 per helping model."),
        params=(Param.integer("helpers", _("Helping models"), 0, ladders.MAX_HELPERS, default=0),),
        sentence=_("With %(helpers)s helper(s), the besieged push the ladder back with probability %(percent)s."),
    ),
    Mechanic(
        slug="structure-hit",
        title=_("One hit on a wall or tower"),
        clause="§5.9, R5",
        function=odds.structure_hit,
        kind=Kind.OUTCOMES,
        outcome_labels=_STRUCTURE_OUTCOMES,
        headline=total_of(StructureOutcome.COLLAPSE.value),
        params=(
            Param.integer("strength", _("Strength of the hit"), *_STRENGTH, default=7),
            Param.choice("damage", _("Multiple damage"), _DAMAGE_DICE, default="D3"),
            _PRIOR,
        ),
        sentence=_("One hit of strength %(strength)s collapses the section with probability %(percent)s."),
    ),
    Mechanic(
        slug="bombardment",
        title=_("Bombarding a section"),
        clause="§5.9, R5",
        function=odds.bombardment,
        kind=Kind.BY_TURN,
        params=(
            Param.integer("strength", _("Strength of the hits"), *_STRENGTH, default=7),
            Param.choice("damage", _("Multiple damage"), _DAMAGE_DICE, default="D3"),
            Param.integer("hits_per_turn", _("Hits per turn"), 1, odds.MAX_HITS_PER_TURN, default=1),
            _TURNS,
            _PRIOR,
        ),
        sentence=_("The section has collapsed by the end of turn %(turns)s with probability %(percent)s."),
    ),
    Mechanic(
        slug="ram-vs-gate",
        title=_("A ram against a gate"),
        clause="§7.2.4, R3, R4",
        function=odds.ram_vs_gate,
        kind=Kind.BY_TURN,
        params=(
            Param.integer("carriers", _("Carriers"), 6, 10, default=6),
            Param.integer(
                "carrier_strength", _("Carriers' strength"), 1, 10, default=3, help=_("The majority's natural strength.")
            ),
            Param.choice("gate", _("Gate"), _GATES, default="main"),
            Param.boolean("covered", _("Covered ram")),
            _TURNS,
            Param.boolean("reinforced", _("Gate reinforced"), help=_("It regains 1 structure point each turn (§6.4).")),
        ),
        sentence=_("The %(gate)s falls by the end of turn %(turns)s with probability %(percent)s."),
    ),
    Mechanic(
        slug="mining",
        title=_("Mining"),
        clause="§10, R2",
        function=odds.mining,
        kind=Kind.BY_TURN,
        params=(
            Param.choice(
                "target",
                _("Target"),
                (
                    Choice(str(mining.FOUNDATIONS), _("the foundations"), mining.FOUNDATIONS),
                    Choice(str(mining.TUNNEL), _("a tunnel"), mining.TUNNEL),
                ),
                default=str(mining.FOUNDATIONS),
            ),
            Param.integer("counter_miners", _("Counter-miners"), 0, mining.MAX_COUNTER_MINERS, default=0),
            _TURNS,
        ),
        sentence=_("The sappers reach %(target)s by the end of turn %(turns)s with probability %(percent)s."),
    ),
    Mechanic(
        slug="melee-wounds",
        title=_("Close combat"),
        clause="R7, R8, R9",
        function=odds.melee_wounds,
        kind=Kind.DISTRIBUTION,
        value_label=_("unsaved wounds"),
        headline=at_least_one,
        params=(
            Param.integer("attacks", _("Attacks"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("ws", _("Weapon skill"), *_CHARACTERISTIC, default=3),
            Param.integer("target_ws", _("Target's weapon skill"), *_CHARACTERISTIC, default=3),
            *_WOUND_PARAMS,
            Param.integer(
                "hit_mod", _("To-hit modifier"), -10, 10, default=0, help=_("+1 makes hitting easier.")
            ),
        ),
        sentence=_DISTRIBUTION_SENTENCE,
    ),
    Mechanic(
        slug="shooting-wounds",
        title=_("Shooting"),
        clause="R6, R8, R9",
        function=odds.shooting_wounds,
        kind=Kind.DISTRIBUTION,
        value_label=_("unsaved wounds"),
        headline=at_least_one,
        params=(
            Param.integer("shots", _("Shots"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("bs", _("Ballistic skill"), *_CHARACTERISTIC, default=3),
            *_WOUND_PARAMS,
            Param.integer(
                "modifier",
                _("To-hit modifiers"),
                -10,
                10,
                default=0,
                help=_("Their sum, negative being harder (long range −1, cover −1 or −2)."),
            ),
        ),
        sentence=_DISTRIBUTION_SENTENCE,
    ),
    Mechanic(
        slug="break-test",
        title=_("Break test"),
        clause="WFB",
        function=odds.break_test,
        kind=Kind.PROBABILITY,
        event="passes",
        event_label=_("holds"),
        summary=_("2D6 ≤ leadership − the margin the combat was lost by."),
        params=(
            Param.integer("leadership", _("Leadership"), *_CHARACTERISTIC, default=7),
            Param.integer("lost_by", _("Combat lost by"), 0, 30, default=1),
        ),
        sentence=_("Having lost by %(lost_by)s, the unit holds with probability %(percent)s."),
    ),
    Mechanic(
        slug="game-length",
        title=_("Length of the battle"),
        clause="§16, R10",
        function=odds.game_length,
        kind=Kind.DISTRIBUTION,
        value_label=_("turns"),
        headline=value_of(6),
        sentence=_("The battle lasts 6 turns with probability %(percent)s (%(fraction)s), else 5."),
    ),
    Mechanic(
        slug="confrontation-shot",
        title=_("Confrontation: a shot"),
        clause="004 Modificateurs de tir",
        function=odds.confrontation_shot,
        kind=Kind.OUTCOMES,
        outcome_labels=_GRADES,
        headline=total_of(Grade.EXCEPTIONAL_SUCCESS.value, Grade.SUCCESS.value),
        params=(
            Param.integer("shooting", _("Shooting value"), 0, 100, default=3),
            Param.choice(
                "range_band",
                _("Range"),
                (
                    Choice(RangeBand.SHORT.value, _("short range"), RangeBand.SHORT.value),
                    Choice(RangeBand.MEDIUM.value, _("medium range"), RangeBand.MEDIUM.value),
                    Choice(RangeBand.LONG.value, _("long range"), RangeBand.LONG.value),
                ),
                default=RangeBand.MEDIUM.value,
            ),
            Param.integer(
                "modifier", _("Difficulty modifier"), -100, 100, default=0, help=_("Cover +1/+3/+8, large target −1…")
            ),
        ),
        sentence=_("The shot at %(range_band)s hits with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-disengage",
        title=_("Confrontation: disengaging"),
        clause="004 Se désengager d'un combat",
        function=odds.confrontation_disengage,
        kind=Kind.OUTCOMES,
        outcome_labels=_GRADES,
        headline=total_of(Grade.EXCEPTIONAL_SUCCESS.value, Grade.SUCCESS.value),
        params=(
            Param.integer("initiative", _("Initiative"), -100, 100, default=3),
            Param.integer("highest_opposing_initiative", _("Highest opposing initiative"), -100, 100, default=3),
            Param.integer("opponents", _("Opponents in contact"), 1, 20, default=1),
            Param.integer("fleeing", _("Disengaging models"), 1, 20, default=1),
            Param.integer(
                "engaged_elsewhere",
                _("Opponents also fighting another enemy"),
                0,
                20,
                default=0,
                help=_("At most the opponents in contact."),
            ),
        ),
        sentence=_("The models disengage with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-caught",
        title=_("Confrontation: catching a fleeing model"),
        clause="004 Rattraper un fuyard",
        function=odds.confrontation_caught,
        kind=Kind.PROBABILITY,
        event="caught",
        event_label=_("caught"),
        params=(
            Param.integer("flee_move", _("Fleeing model's move (cm)"), 1, 100, default=10),
            Param.integer("pursuer_move", _("Pursuer's move (cm)"), 1, 100, default=10),
            Param.integer("charge_move", _("Pursuer's charge move (cm)"), 0, 200, default=20),
            Param.boolean("voluntary", _("Voluntary flight")),
            Param.integer(
                "gap", _("Gap between them (cm)"), 0, 200, default=0, help=_("0 in a voluntary flight (NB4).")
            ),
            Param.integer("flee_modifier", _("Flight roll modifier"), -100, 0, default=0),
            Param.integer("pursuit_modifier", _("Pursuit roll modifier"), -100, 0, default=0),
        ),
        sentence=_("The pursuer catches the fleeing model with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-wound",
        title=_("Confrontation: the wound table"),
        clause="004 Tableau de blessures, R18",
        function=odds.confrontation_wound,
        kind=Kind.VERDICT,
        outcome_labels=_WOUNDS,
        params=(
            Param.integer("damage", _("Damage"), -1000, 1000, default=5, help=_("Strength less resilience.")),
            Param.choice(
                "location",
                _("Location"),
                (
                    Choice(wounds.Location.LEGS.value, _("legs"), wounds.Location.LEGS.value),
                    Choice(wounds.Location.ARMS.value, _("arms"), wounds.Location.ARMS.value),
                    Choice(wounds.Location.TORSO.value, _("torso"), wounds.Location.TORSO.value),
                    Choice(wounds.Location.HEAD.value, _("head"), wounds.Location.HEAD.value),
                ),
                default=wounds.Location.TORSO.value,
            ),
            Param.choice(
                "double",
                _("Double on the wound dice"),
                (Choice("none", _("no double"), None),)
                + tuple(Choice(str(face), format_lazy(_("double {face}"), face=face), face) for face in wounds.DOUBLES),
                default="none",
            ),
        ),
        sentence=_("%(damage)s points of damage to the %(location)s: %(result)s."),
    ),
)

BY_SLUG: Mapping[str, Mechanic] = MappingProxyType({m.slug: m for m in MECHANICS})
assert len(BY_SLUG) == len(MECHANICS), "two mechanics share a slug"
