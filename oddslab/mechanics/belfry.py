"""The belfry's mechanics (001): the drawbridge's crush, fire by face, and how soon it reaches the wall."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import npgettext_lazy, pgettext_lazy

from rules import odds
from rules.siege.chapters.belfry.belfry import CAPACITY, REACH
from rules.siege.chapters.belfry.belfry_cover import Face
from rules.siege.chapters.belfry.belfry_odds import MAX_DISTANCE
from rules.siege.chapters.belfry.drawbridge import Crush

from .base import Choice, Kind, Mechanic, Param, total_of
from .siege import CHARACTERISTIC, TURNS, WOUND_PARAMS

MAX_SHOTS = 2 * CAPACITY[0]
"""Shots at the pushers in one turn: twice as many as a full ground level, more than any wall fires at them."""


def belfry_reach(
    distance: int,
    pushers: int,
    turns: int,
    aboard: int,
    overload: bool,
    shots: int,
    bs: int,
    strength: int,
    toughness: int,
    armour_save: int | None,
) -> list[Fraction]:
    """P(the belfry is within reach of the wall, one hex from it, by the end of the besieger's turn t), for t = 1 …
    ``turns`` (001 §4, §8, R16): :func:`rules.odds.belfry_reach`, the pushers lost each turn being the unsaved
    wounds of the defenders' ``shots`` at them (:func:`rules.odds.shooting_wounds`)."""
    losses = odds.shooting_wounds(shots, bs, strength, toughness, armour_save)
    return odds.belfry_reach(distance, pushers, losses, turns, aboard, overload)


BELFRY: tuple[Mechanic, ...] = (
    Mechanic(
        slug="belfry-crush",
        title=pgettext_lazy("odds", "Under the belfry's drawbridge"),
        clause="001 §8, R16",
        function=odds.belfry_crush,
        kind=Kind.OUTCOMES,
        outcome_labels={
            Crush.STEP_BACK.value: pgettext_lazy("odds", "steps back unharmed"),
            Crush.STUNNED.value: pgettext_lazy("odds", "steps back stunned"),
            Crush.WOUNDED.value: pgettext_lazy("odds", "steps back wounded"),
            Crush.KILLED.value: pgettext_lazy("odds", "crushed"),
        },
        headline=total_of(Crush.WOUNDED.value, Crush.KILLED.value),
        summary=pgettext_lazy("odds", "D10, +1 in armour; 11 counts as 10."),
        params=(Param.boolean("armoured", pgettext_lazy("odds", "Defender in armour")),),
        sentence=pgettext_lazy(
            "odds", "The falling drawbridge wounds or crushes the defender under it with probability %(percent)s."
        ),
    ),
    Mechanic(
        slug="belfry-ignition",
        title=pgettext_lazy("odds", "Setting a belfry alight"),
        clause="001 §9, R19",
        function=odds.belfry_ignition,
        kind=Kind.PROBABILITY,
        event="ignites",
        event_label=pgettext_lazy("odds", "alight"),
        summary=pgettext_lazy("odds", "Each flaming hit: 1 on a D10 on the front, 1–3 on a side or the rear."),
        params=(
            Param.choice(
                "face",
                pgettext_lazy("odds", "Face hit"),
                (
                    Choice(Face.FRONT.value, pgettext_lazy("odds", "front"), Face.FRONT.value),
                    Choice(Face.SIDE.value, pgettext_lazy("odds", "side"), Face.SIDE.value),
                    Choice(Face.REAR.value, pgettext_lazy("odds", "rear"), Face.REAR.value),
                ),
                default=Face.FRONT.value,
            ),
            Param.integer("hits", pgettext_lazy("odds", "Flaming hits"), 0, 100, default=1),
        ),
        sentence=npgettext_lazy(
            "odds",
            "%(hits)s flaming hit on the %(face)s sets the belfry alight with probability %(percent)s.",
            "%(hits)s flaming hits on the %(face)s set the belfry alight with probability %(percent)s.",
            "hits",
        ),
    ),
    Mechanic(
        slug="belfry-reach",
        title=pgettext_lazy("odds", "A belfry rolled to the wall"),
        clause="001 §4, §8, R16",
        function=belfry_reach,
        kind=Kind.BY_TURN,
        params=(
            Param.integer(
                "distance",
                pgettext_lazy("odds", "Hexes to the wall"),
                REACH,
                MAX_DISTANCE,
                default=6,
                help=pgettext_lazy("odds", "The drawbridge is lowered one hex from the wall."),
            ),
            Param.integer("pushers", pgettext_lazy("odds", "Pushers"), 0, CAPACITY[0], default=CAPACITY[0]),
            TURNS,
            Param.integer(
                "aboard",
                pgettext_lazy("odds", "Models on levels 1–3"),
                0,
                CAPACITY[1] + CAPACITY[2] + CAPACITY[3],
                default=0,
            ),
            Param.boolean(
                "overload",
                pgettext_lazy("odds", "Overloaded belfry"),
                help=pgettext_lazy("odds", "The organiser's house rule (001 §4.2)."),
            ),
            Param.integer(
                "shots",
                pgettext_lazy("odds", "Shots at the pushers each turn"),
                0,
                MAX_SHOTS,
                default=0,
                help=pgettext_lazy("odds", "Each unsaved wound takes one pusher."),
            ),
            Param.integer("bs", pgettext_lazy("odds", "Ballistic skill"), *CHARACTERISTIC, default=3),
            *WOUND_PARAMS,
        ),
        sentence=pgettext_lazy(
            "odds", "The belfry is within reach of the wall by the end of turn %(turns)s with probability %(percent)s."
        ),
    ),
)
