"""Confrontation's mechanics (004): one d6 against a difficulty, read by its margin."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import npgettext_lazy, pgettext_lazy

from rules import odds
from rules.confrontation import wounds
from rules.confrontation.checks import Grade
from rules.confrontation.shooting import RangeBand

from .base import Choice, Kind, Mechanic, Param, total_of

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

CONFRONTATION: tuple[Mechanic, ...] = (
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
        sentence=npgettext_lazy(
            "odds",
            "%(damage)s point of damage to the %(location)s: %(result)s.",
            "%(damage)s points of damage to the %(location)s: %(result)s.",
            "damage",
        ),
    ),
)
