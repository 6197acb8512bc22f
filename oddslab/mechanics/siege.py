"""The siege supplement's mechanics (000) and the WFB rolls a siege is fought with."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import npgettext_lazy, pgettext_lazy

from rules import odds
from rules.siege.chapters import game_length, gates, ladders, mining, structure
from rules.siege.chapters.structure import StructureOutcome
from rules.wfb import CHARACTERISTIC_MAX

from .base import Choice, Kind, Mechanic, Param, at_least_one, total_of, value_of

_STRENGTH = (1, 10)  # §5.9: S1–S10
CHARACTERISTIC = (1, CHARACTERISTIC_MAX)
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
TURNS = Param.integer(
    "turns",
    pgettext_lazy("odds", "Turns"),
    1,
    odds.MAX_TURNS,
    default=game_length.TURNS,
    help=pgettext_lazy("odds", "A siege battle lasts 5 or 6 turns."),
)
WOUND_PARAMS = (
    Param.integer("strength", pgettext_lazy("odds", "Strength"), *CHARACTERISTIC, default=3),
    Param.integer("toughness", pgettext_lazy("odds", "Target's toughness"), *CHARACTERISTIC, default=3),
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
_UNSAVED_WOUNDS = npgettext_lazy("odds", "%(count)s unsaved wound", "%(count)s unsaved wounds", "count")
_DISTRIBUTION_SENTENCE = pgettext_lazy(
    "odds", "On average %(mean)s unsaved wounds; at least one with probability %(percent)s."
)

SIEGE: tuple[Mechanic, ...] = (
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
        sentence=npgettext_lazy(
            "odds",
            "With %(helpers)s helper, the besieged push the ladder back with probability %(percent)s.",
            "With %(helpers)s helpers, the besieged push the ladder back with probability %(percent)s.",
            "helpers",
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
            TURNS,
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
            TURNS,
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
            TURNS,
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
        counted=_UNSAVED_WOUNDS,
        headline=at_least_one,
        params=(
            Param.integer("attacks", pgettext_lazy("odds", "Attacks"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("ws", pgettext_lazy("odds", "Weapon skill"), *CHARACTERISTIC, default=3),
            Param.integer("target_ws", pgettext_lazy("odds", "Target's weapon skill"), *CHARACTERISTIC, default=3),
            *WOUND_PARAMS,
            Param.integer(
                "hit_mod",
                pgettext_lazy("odds", "To-hit modifier"),
                -odds.MAX_MODIFIER,
                odds.MAX_MODIFIER,
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
        counted=_UNSAVED_WOUNDS,
        headline=at_least_one,
        params=(
            Param.integer("shots", pgettext_lazy("odds", "Shots"), 0, odds.MAX_ATTACKS, default=10),
            Param.integer("bs", pgettext_lazy("odds", "Ballistic skill"), *CHARACTERISTIC, default=3),
            *WOUND_PARAMS,
            Param.integer(
                "modifier",
                pgettext_lazy("odds", "To-hit modifiers"),
                -odds.MAX_MODIFIER,
                odds.MAX_MODIFIER,
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
            Param.integer("leadership", pgettext_lazy("odds", "Leadership"), *CHARACTERISTIC, default=7),
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
        counted=npgettext_lazy("odds", "%(count)s turn", "%(count)s turns", "count"),
        headline=value_of(game_length.TURNS),
        sentence=pgettext_lazy("odds", "The battle lasts 6 turns with probability %(percent)s (%(fraction)s), else 5."),
    ),
)
