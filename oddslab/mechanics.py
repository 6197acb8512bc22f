"""The odds lab's registry: one :class:`Mechanic` per question of :mod:`rules.odds`, described as data.

A mechanic names the function of :mod:`rules.odds` it asks, its parameters (:class:`Param`: name, type, bounds,
default, French/English label), the shape of its answer (:class:`Kind`, which also picks the chart) and the one
plain sentence that reads the answer. The form of its page, the query parameters of its REST endpoint and their
OpenAPI description, the chart, the table and the sentence are all built from that entry, so a new mechanic of
:mod:`rules.odds` is added by one entry in :data:`MECHANICS` and nothing else (then its French labels in the
``.po``). For instance, once ``rules.odds.belfry_ignition(face, hits)`` exists, with ``_`` standing for
``pgettext_lazy("odds", …)``::

    Mechanic(
        slug="belfry-ignition",
        title=_("Setting a belfry alight"),
        clause="001 §9, R19",
        function=odds.belfry_ignition,
        kind=Kind.PROBABILITY,
        event="ignites",
        event_label=_("alight"),
        params=(
            Param.choice("face", _("Face hit"), FACES, default="front"),
            Param.integer("hits", _("Flaming hits"), 0, 50, default=1),
        ),
        sentence=_("%(hits)s flaming hits on the %(face)s set it alight with probability %(percent)s."),
    ),

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
from types import MappingProxyType
from typing import Any

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from rules import odds
from rules.confrontation import wounds
from rules.confrontation.checks import Grade
from rules.confrontation.shooting import RangeBand
from rules.freres import checks as freres_checks
from rules.siege import gates, ladders, mining, structure
from rules.siege.structure import StructureOutcome
from rules.wfb import CHARACTERISTIC_MAX


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
            return str(pgettext_lazy("odds", "yes") if value else pgettext_lazy("odds", "no"))
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
_DAMAGE_DICE = tuple(
    Choice(name, pgettext_lazy("odds", "single (1)") if name == "1" else name, name) for name in structure.DAMAGE_DICE
)
_SAVES = (
    Choice("none", pgettext_lazy("odds", "no save"), None),
    *tuple(Choice(str(n), f"{n}+", n) for n in range(1, 7)),
)
_GATES = (
    Choice("main", pgettext_lazy("odds", "main gate"), "main"),
    Choice("postern", pgettext_lazy("odds", "postern"), "postern"),
    Choice("service", pgettext_lazy("odds", "service door"), "service"),
)
assert {c.value for c in _GATES} == set(gates.CONTRACT_NAMES)
_STRUCTURE_OUTCOMES: Mapping[str, Promise] = {
    StructureOutcome.NO_EFFECT.value: pgettext_lazy("odds", "no effect"),
    StructureOutcome.SHAKEN.value: pgettext_lazy("odds", "shaken"),
    StructureOutcome.SEVERELY_SHAKEN.value: pgettext_lazy("odds", "severely shaken"),
    StructureOutcome.RAMPART_DESTROYED.value: pgettext_lazy("odds", "rampart destroyed"),
    StructureOutcome.PARTIAL_COLLAPSE.value: pgettext_lazy("odds", "partial collapse"),
    StructureOutcome.COLLAPSE.value: pgettext_lazy("odds", "collapse"),
}
_GRADES: Mapping[str, Promise] = {
    Grade.EXCEPTIONAL_SUCCESS.value: pgettext_lazy("odds", "exceptional success"),
    Grade.SUCCESS.value: pgettext_lazy("odds", "success"),
    Grade.FAILURE.value: pgettext_lazy("odds", "failure"),
    Grade.GRAVE_FAILURE.value: pgettext_lazy("odds", "grave failure"),
    Grade.CRITICAL_FAILURE.value: pgettext_lazy("odds", "critical failure"),
}
_WOUNDS: Mapping[str, Promise] = {
    wounds.Wound.NONE.value: pgettext_lazy("odds", "no wound"),
    wounds.Wound.STUNNED.value: pgettext_lazy("odds", "stunned"),
    wounds.Wound.LIGHT.value: pgettext_lazy("odds", "light wound"),
    wounds.Wound.SERIOUS.value: pgettext_lazy("odds", "serious wound"),
    wounds.Wound.CRITICAL.value: pgettext_lazy("odds", "critical wound"),
    wounds.Wound.KILLED.value: pgettext_lazy("odds", "killed outright"),
}
_TURNS = Param.integer(
    "turns",
    pgettext_lazy("odds", "Turns"),
    1,
    odds.MAX_TURNS,
    default=6,
    help=pgettext_lazy("odds", "A siege battle lasts 5 or 6 turns."),
)
_WOUND_PARAMS = (
    Param.integer("strength", pgettext_lazy("odds", "Strength"), *_CHARACTERISTIC, default=3),
    Param.integer("toughness", pgettext_lazy("odds", "Target's toughness"), *_CHARACTERISTIC, default=3),
    Param.choice("armour_save", pgettext_lazy("odds", "Target's armour save"), _SAVES, default="none"),
)
_PRIOR = Param.integer(
    "prior",
    pgettext_lazy("odds", "Damage points already taken"),
    0,
    50,
    default=0,
    help=pgettext_lazy("odds", "From earlier hits on this section (R5)."),
)
_DISTRIBUTION_SENTENCE = pgettext_lazy(
    "odds", "On average %(mean)s unsaved wounds; at least one with probability %(percent)s."
)

MECHANICS: tuple[Mechanic, ...] = (
    Mechanic(
        slug="ladder-pushback",
        title=pgettext_lazy("odds", "Pushing a ladder back"),
        clause="§7.1.6",
        function=odds.ladder_pushback,
        kind=Kind.PROBABILITY,
        event="pushed_back",
        event_label=pgettext_lazy("odds", "pushed back"),
        summary=pgettext_lazy("odds", "6+ on a D6, +1 per helping model."),
        params=(Param.integer("helpers", pgettext_lazy("odds", "Helping models"), 0, ladders.MAX_HELPERS, default=0),),
        sentence=pgettext_lazy(
            "odds", "With %(helpers)s helper(s), the besieged push the ladder back with probability %(percent)s."
        ),
    ),
    Mechanic(
        slug="structure-hit",
        title=pgettext_lazy("odds", "One hit on a wall or tower"),
        clause="§5.9, R5",
        function=odds.structure_hit,
        kind=Kind.OUTCOMES,
        outcome_labels=_STRUCTURE_OUTCOMES,
        headline=total_of(StructureOutcome.COLLAPSE.value),
        params=(
            Param.integer("strength", pgettext_lazy("odds", "Strength of the hit"), *_STRENGTH, default=7),
            Param.choice("damage", pgettext_lazy("odds", "Multiple damage"), _DAMAGE_DICE, default="D3"),
            _PRIOR,
        ),
        sentence=pgettext_lazy(
            "odds", "One hit of strength %(strength)s collapses the section with probability %(percent)s."
        ),
    ),
    Mechanic(
        slug="bombardment",
        title=pgettext_lazy("odds", "Bombarding a section"),
        clause="§5.9, R5",
        function=odds.bombardment,
        kind=Kind.BY_TURN,
        params=(
            Param.integer("strength", pgettext_lazy("odds", "Strength of the hits"), *_STRENGTH, default=7),
            Param.choice("damage", pgettext_lazy("odds", "Multiple damage"), _DAMAGE_DICE, default="D3"),
            Param.integer(
                "hits_per_turn", pgettext_lazy("odds", "Hits per turn"), 1, odds.MAX_HITS_PER_TURN, default=1
            ),
            _TURNS,
            _PRIOR,
        ),
        sentence=pgettext_lazy(
            "odds", "The section has collapsed by the end of turn %(turns)s with probability %(percent)s."
        ),
    ),
    Mechanic(
        slug="ram-vs-gate",
        title=pgettext_lazy("odds", "A ram against a gate"),
        clause="§7.2.4, R3, R4",
        function=odds.ram_vs_gate,
        kind=Kind.BY_TURN,
        params=(
            Param.integer("carriers", pgettext_lazy("odds", "Carriers"), 6, 10, default=6),
            Param.integer(
                "carrier_strength",
                pgettext_lazy("odds", "Carriers' strength"),
                1,
                10,
                default=3,
                help=pgettext_lazy("odds", "The majority's natural strength."),
            ),
            Param.choice("gate", pgettext_lazy("odds", "Gate"), _GATES, default="main"),
            Param.boolean("covered", pgettext_lazy("odds", "Covered ram")),
            _TURNS,
            Param.boolean(
                "reinforced",
                pgettext_lazy("odds", "Gate reinforced"),
                help=pgettext_lazy("odds", "It regains 1 structure point each turn (§6.4)."),
            ),
        ),
        sentence=pgettext_lazy("odds", "The %(gate)s falls by the end of turn %(turns)s with probability %(percent)s."),
    ),
    Mechanic(
        slug="mining",
        title=pgettext_lazy("odds", "Mining"),
        clause="§10, R2",
        function=odds.mining,
        kind=Kind.BY_TURN,
        params=(
            Param.choice(
                "target",
                pgettext_lazy("odds", "Target"),
                (
                    Choice(str(mining.FOUNDATIONS), pgettext_lazy("odds", "the foundations"), mining.FOUNDATIONS),
                    Choice(str(mining.TUNNEL), pgettext_lazy("odds", "a tunnel"), mining.TUNNEL),
                ),
                default=str(mining.FOUNDATIONS),
            ),
            Param.integer(
                "counter_miners", pgettext_lazy("odds", "Counter-miners"), 0, mining.MAX_COUNTER_MINERS, default=0
            ),
            _TURNS,
        ),
        sentence=pgettext_lazy(
            "odds", "The sappers reach %(target)s by the end of turn %(turns)s with probability %(percent)s."
        ),
    ),
    Mechanic(
        slug="melee-wounds",
        title=pgettext_lazy("odds", "Close combat"),
        clause="R7, R8, R9",
        function=odds.melee_wounds,
        kind=Kind.DISTRIBUTION,
        value_label=pgettext_lazy("odds", "unsaved wounds"),
        headline=at_least_one,
        params=(
            Param.integer("attacks", pgettext_lazy("odds", "Attacks"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("ws", pgettext_lazy("odds", "Weapon skill"), *_CHARACTERISTIC, default=3),
            Param.integer("target_ws", pgettext_lazy("odds", "Target's weapon skill"), *_CHARACTERISTIC, default=3),
            *_WOUND_PARAMS,
            Param.integer(
                "hit_mod",
                pgettext_lazy("odds", "To-hit modifier"),
                -10,
                10,
                default=0,
                help=pgettext_lazy("odds", "+1 makes hitting easier."),
            ),
        ),
        sentence=_DISTRIBUTION_SENTENCE,
    ),
    Mechanic(
        slug="shooting-wounds",
        title=pgettext_lazy("odds", "Shooting"),
        clause="R6, R8, R9",
        function=odds.shooting_wounds,
        kind=Kind.DISTRIBUTION,
        value_label=pgettext_lazy("odds", "unsaved wounds"),
        headline=at_least_one,
        params=(
            Param.integer("shots", pgettext_lazy("odds", "Shots"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("bs", pgettext_lazy("odds", "Ballistic skill"), *_CHARACTERISTIC, default=3),
            *_WOUND_PARAMS,
            Param.integer(
                "modifier",
                pgettext_lazy("odds", "To-hit modifiers"),
                -10,
                10,
                default=0,
                help=pgettext_lazy("odds", "Their sum, negative being harder (long range −1, cover −1 or −2)."),
            ),
        ),
        sentence=_DISTRIBUTION_SENTENCE,
    ),
    Mechanic(
        slug="break-test",
        title=pgettext_lazy("odds", "Break test"),
        clause="WFB",
        function=odds.break_test,
        kind=Kind.PROBABILITY,
        event="passes",
        event_label=pgettext_lazy("odds", "holds"),
        summary=pgettext_lazy("odds", "2D6 ≤ leadership − the margin the combat was lost by."),
        params=(
            Param.integer("leadership", pgettext_lazy("odds", "Leadership"), *_CHARACTERISTIC, default=7),
            Param.integer("lost_by", pgettext_lazy("odds", "Combat lost by"), 0, 30, default=1),
        ),
        sentence=pgettext_lazy("odds", "Having lost by %(lost_by)s, the unit holds with probability %(percent)s."),
    ),
    Mechanic(
        slug="game-length",
        title=pgettext_lazy("odds", "Length of the battle"),
        clause="§16, R10",
        function=odds.game_length,
        kind=Kind.DISTRIBUTION,
        value_label=pgettext_lazy("odds", "turns"),
        headline=value_of(6),
        sentence=pgettext_lazy("odds", "The battle lasts 6 turns with probability %(percent)s (%(fraction)s), else 5."),
    ),
    Mechanic(
        slug="confrontation-shot",
        title=pgettext_lazy("odds", "Confrontation: a shot"),
        clause="004 Modificateurs de tir",
        function=odds.confrontation_shot,
        kind=Kind.OUTCOMES,
        outcome_labels=_GRADES,
        headline=total_of(Grade.EXCEPTIONAL_SUCCESS.value, Grade.SUCCESS.value),
        params=(
            Param.integer("shooting", pgettext_lazy("odds", "Shooting value"), 0, 100, default=3),
            Param.choice(
                "range_band",
                pgettext_lazy("odds", "Range"),
                (
                    Choice(RangeBand.SHORT.value, pgettext_lazy("odds", "short range"), RangeBand.SHORT.value),
                    Choice(RangeBand.MEDIUM.value, pgettext_lazy("odds", "medium range"), RangeBand.MEDIUM.value),
                    Choice(RangeBand.LONG.value, pgettext_lazy("odds", "long range"), RangeBand.LONG.value),
                ),
                default=RangeBand.MEDIUM.value,
            ),
            Param.integer(
                "modifier",
                pgettext_lazy("odds", "Difficulty modifier"),
                -100,
                100,
                default=0,
                help=pgettext_lazy("odds", "Cover +1/+3/+8, large target −1…"),
            ),
        ),
        sentence=pgettext_lazy("odds", "The shot at %(range_band)s hits with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-disengage",
        title=pgettext_lazy("odds", "Confrontation: disengaging"),
        clause="004 Se désengager d'un combat",
        function=odds.confrontation_disengage,
        kind=Kind.OUTCOMES,
        outcome_labels=_GRADES,
        headline=total_of(Grade.EXCEPTIONAL_SUCCESS.value, Grade.SUCCESS.value),
        params=(
            Param.integer("initiative", pgettext_lazy("odds", "Initiative"), -100, 100, default=3),
            Param.integer(
                "highest_opposing_initiative",
                pgettext_lazy("odds", "Highest opposing initiative"),
                -100,
                100,
                default=3,
            ),
            Param.integer("opponents", pgettext_lazy("odds", "Opponents in contact"), 1, 20, default=1),
            Param.integer("fleeing", pgettext_lazy("odds", "Disengaging models"), 1, 20, default=1),
            Param.integer(
                "engaged_elsewhere",
                pgettext_lazy("odds", "Opponents also fighting another enemy"),
                0,
                20,
                default=0,
                help=pgettext_lazy("odds", "At most the opponents in contact."),
            ),
        ),
        sentence=pgettext_lazy("odds", "The models disengage with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-caught",
        title=pgettext_lazy("odds", "Confrontation: catching a fleeing model"),
        clause="004 Rattraper un fuyard",
        function=odds.confrontation_caught,
        kind=Kind.PROBABILITY,
        event="caught",
        event_label=pgettext_lazy("odds", "caught"),
        params=(
            Param.integer("flee_move", pgettext_lazy("odds", "Fleeing model's move (cm)"), 1, 100, default=10),
            Param.integer("pursuer_move", pgettext_lazy("odds", "Pursuer's move (cm)"), 1, 100, default=10),
            Param.integer("charge_move", pgettext_lazy("odds", "Pursuer's charge move (cm)"), 0, 200, default=20),
            Param.boolean("voluntary", pgettext_lazy("odds", "Voluntary flight")),
            Param.integer(
                "gap",
                pgettext_lazy("odds", "Gap between them (cm)"),
                0,
                200,
                default=0,
                help=pgettext_lazy("odds", "0 in a voluntary flight (NB4)."),
            ),
            Param.integer("flee_modifier", pgettext_lazy("odds", "Flight roll modifier"), -100, 0, default=0),
            Param.integer("pursuit_modifier", pgettext_lazy("odds", "Pursuit roll modifier"), -100, 0, default=0),
        ),
        sentence=pgettext_lazy("odds", "The pursuer catches the fleeing model with probability %(percent)s."),
    ),
    Mechanic(
        slug="confrontation-wound",
        title=pgettext_lazy("odds", "Confrontation: the wound table"),
        clause="004 Tableau de blessures, R18",
        function=odds.confrontation_wound,
        kind=Kind.VERDICT,
        outcome_labels=_WOUNDS,
        params=(
            Param.integer(
                "damage",
                pgettext_lazy("odds", "Damage"),
                -1000,
                1000,
                default=5,
                help=pgettext_lazy("odds", "Strength less resilience."),
            ),
            Param.choice(
                "location",
                pgettext_lazy("odds", "Location"),
                (
                    Choice(wounds.Location.LEGS.value, pgettext_lazy("odds", "legs"), wounds.Location.LEGS.value),
                    Choice(wounds.Location.ARMS.value, pgettext_lazy("odds", "arms"), wounds.Location.ARMS.value),
                    Choice(wounds.Location.TORSO.value, pgettext_lazy("odds", "torso"), wounds.Location.TORSO.value),
                    Choice(wounds.Location.HEAD.value, pgettext_lazy("odds", "head"), wounds.Location.HEAD.value),
                ),
                default=wounds.Location.TORSO.value,
            ),
            Param.choice(
                "double",
                pgettext_lazy("odds", "Double on the wound dice"),
                (
                    Choice("none", pgettext_lazy("odds", "no double"), None),
                    *tuple(
                        Choice(str(face), format_lazy(pgettext_lazy("odds", "double {face}"), face=face), face)
                        for face in wounds.DOUBLES
                    ),
                ),
                default="none",
            ),
        ),
        sentence=pgettext_lazy("odds", "%(damage)s points of damage to the %(location)s: %(result)s."),
    ),
)

# Frères d'Armes (003): a d10 reading 0–9, a natural 0 a critical failure (R17)

_FDA_CHARACTERISTIC = (1, 10)  # 003 II §2: a characteristic is 1 to 10
_FDA_MODIFIER = (-freres_checks.MAX_MODIFIER, freres_checks.MAX_MODIFIER)
_FDA_MODIFIER_HELP = pgettext_lazy("odds", "Bonuses and maluses, encumbrance and wounds included.")

MECHANICS += (
    Mechanic(
        slug="fda-test",
        title=pgettext_lazy("odds", "Frères d'Armes: a test"),
        clause="003 II §2.2–2.5, §6.1.2, R17",
        function=odds.fda_test,
        kind=Kind.OUTCOMES,
        outcome_labels={
            freres_checks.Result.SUCCESS.value: pgettext_lazy("odds", "test passed"),
            freres_checks.Result.FAILURE.value: pgettext_lazy("odds", "test failed"),
            freres_checks.Result.CRITICAL_FAILURE.value: pgettext_lazy("odds", "critical failure (a natural 0)"),
        },
        headline=total_of(freres_checks.Result.SUCCESS.value),
        summary=pgettext_lazy("odds", "d10 + characteristic + modifier ≥ 10; a JT, JA, JDP, JM or a spell."),
        params=(
            Param.integer(
                "characteristic",
                pgettext_lazy("odds", "Characteristic"),
                *_FDA_CHARACTERISTIC,
                default=5,
                help=pgettext_lazy("odds", "The spell's level for a spell."),
            ),
            Param.integer(
                "modifier", pgettext_lazy("odds", "Modifier"), *_FDA_MODIFIER, default=0, help=_FDA_MODIFIER_HELP
            ),
        ),
        sentence=pgettext_lazy("odds", "The test succeeds with probability %(percent)s (%(fraction)s)."),
    ),
    Mechanic(
        slug="fda-opposed",
        title=pgettext_lazy("odds", "Frères d'Armes: who hits in a melee"),
        clause="003 II §4.1.1–4.1.3",
        function=odds.fda_opposed,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "attacker_hits": pgettext_lazy("odds", "the attacker hits"),
            "tie": pgettext_lazy("odds", "nobody hits"),
            "defender_hits": pgettext_lazy("odds", "the defender hits"),
        },
        headline=total_of("attacker_hits"),
        params=(
            Param.integer(
                "attacker", pgettext_lazy("odds", "Attacker's combativeness"), *_FDA_CHARACTERISTIC, default=5
            ),
            Param.integer(
                "defender", pgettext_lazy("odds", "Defender's combativeness"), *_FDA_CHARACTERISTIC, default=5
            ),
            Param.integer("attacker_modifier", pgettext_lazy("odds", "Attacker's modifier"), *_FDA_MODIFIER, default=0),
            Param.integer("defender_modifier", pgettext_lazy("odds", "Defender's modifier"), *_FDA_MODIFIER, default=0),
        ),
        sentence=pgettext_lazy("odds", "The attacker hits with probability %(percent)s."),
    ),
    Mechanic(
        slug="fda-shot",
        title=pgettext_lazy("odds", "Frères d'Armes: a shot"),
        clause="003 II §5.1.2–5.1.3, §7",
        function=odds.fda_shot,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "critical_miss": pgettext_lazy("odds", "critical miss (a natural 0)"),
            "miss": pgettext_lazy("odds", "miss"),
            "unhurt": pgettext_lazy("odds", "nothing at all"),
            "close_call": pgettext_lazy("odds", "a close call"),
            "stunned": pgettext_lazy("odds", "stunned"),
            "wounded": pgettext_lazy("odds", "wounded"),
            "grievously_wounded": pgettext_lazy("odds", "grievously wounded"),
            "killed": pgettext_lazy("odds", "killed"),
        },
        headline=total_of("wounded", "grievously_wounded", "killed"),
        params=(
            Param.integer("shooting", pgettext_lazy("odds", "Shooting"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer("defence", pgettext_lazy("odds", "Target's defence"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer("hit_modifier", pgettext_lazy("odds", "To-hit modifier"), *_FDA_MODIFIER, default=0),
            Param.integer(
                "damage_bonus",
                pgettext_lazy("odds", "Damage bonus"),
                *_FDA_MODIFIER,
                default=0,
                help=pgettext_lazy("odds", "The projectile's damage, and any bonus that does not only serve to hit."),
            ),
            Param.integer("defence_modifier", pgettext_lazy("odds", "Defence modifier"), *_FDA_MODIFIER, default=0),
        ),
        sentence=pgettext_lazy("odds", "The shot wounds, grievously wounds or kills with probability %(percent)s."),
    ),
    Mechanic(
        slug="fda-morale",
        title=pgettext_lazy("odds", "Frères d'Armes: a morale test"),
        clause="003 II §8.1",
        function=odds.fda_morale,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "passed": pgettext_lazy("odds", "morale holds"),
            "stoic": pgettext_lazy("odds", "stoic"),
            "cautious": pgettext_lazy("odds", "cautious"),
            "wary": pgettext_lazy("odds", "wary"),
            "rattled": pgettext_lazy("odds", "rattled"),
            "shaken": pgettext_lazy("odds", "shaken (morale)"),
            "routed": pgettext_lazy("odds", "routed"),
            "panicked": pgettext_lazy("odds", "panicked"),
            "lost": pgettext_lazy("odds", "lost"),
        },
        headline=total_of("passed"),
        params=(
            Param.integer("morale", pgettext_lazy("odds", "Morale"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer(
                "modifier", pgettext_lazy("odds", "Modifier"), *_FDA_MODIFIER, default=0, help=_FDA_MODIFIER_HELP
            ),
        ),
        sentence=pgettext_lazy("odds", "The morale test is passed with probability %(percent)s."),
    ),
)

BY_SLUG: Mapping[str, Mechanic] = MappingProxyType({m.slug: m for m in MECHANICS})
assert len(BY_SLUG) == len(MECHANICS), "two mechanics share a slug"
