"""Exact odds for the belfry of 001 (``ODDS_API.md``): the drawbridge's crush roll, its fire by face, and how soon
it reaches the wall (``belfry_reach``, beyond the contract: ``docs/odds.md``). Each maps the D10 through the rule's
own function (:func:`~rules.siege.chapters.belfry.drawbridge.crush_result`,
:data:`~rules.siege.chapters.belfry.belfry_cover.IGNITES_ON`, :func:`~rules.siege.chapters.belfry.belfry.speed`);
:mod:`rules.odds` re-exports them::

    >>> from fractions import Fraction as F
    >>> belfry_crush(True) == {"step_back": F(2, 5), "stunned": F(1, 5), "wounded": F(1, 5), "killed": F(1, 5)}
    True
    >>> belfry_ignition("side", 2)
    Fraction(51, 100)
    >>> belfry_reach(3, 8, [F(1)], 2)
    [Fraction(1, 1), Fraction(1, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from rules.dice import D10
from rules.dist import Dist
from rules.siege.chapters.belfry.belfry import CAPACITY, REACH, speed
from rules.siege.chapters.belfry.belfry_cover import IGNITES_ON
from rules.siege.chapters.belfry.drawbridge import Crush, crush_result
from rules.validation import BadValue, check_choice, check_range

__all__ = ["MAX_DISTANCE", "MAX_HITS", "belfry_crush", "belfry_ignition", "belfry_reach"]

MAX_HITS = 1000
"""More flaming hits than this on one face in one turn is taken for a mistake."""
MAX_DISTANCE = 100
"""A belfry further than 100 hexes from the wall is off any board."""
MAX_TURNS = 100
_CRUSHES = tuple(Crush)


def belfry_crush(armoured: bool) -> dict[str, Fraction]:
    """One defender under the lowered drawbridge: D10, +1 if ``armoured``, 11 counts as 10 (001 §8, R16)."""
    if not isinstance(armoured, bool):
        raise BadValue(
            f"armoured must be true or false, got {armoured!r}",
            name="armoured",
            value=str(armoured),
            choices=("true", "false"),
        )
    rows = Dist.of(D10).map(lambda roll: _CRUSHES.index(crush_result(roll, armoured=armoured)))
    return {_CRUSHES[row].value: p for row, p in sorted(rows.pmf().items())}


def belfry_ignition(face: str, hits: int) -> Fraction:
    """P(at least one of ``hits`` flaming hits on ``face`` sets the belfry alight), each rolling its own D10: 1 on
    the ``"front"``, 1–3 on a ``"side"`` or the ``"rear"`` (001 §9, R19).
    """
    check_choice("face", face, IGNITES_ON)
    check_range("hits", hits, 0, MAX_HITS)
    spared = 1 - Dist.of(D10).where(lambda roll: roll <= IGNITES_ON[face])
    return 1 - spared**hits


def belfry_reach(
    distance: int,
    pushers: int,
    losses: Sequence[Fraction],
    turns: int,
    aboard: int = 0,
    overload: bool = False,
) -> list[Fraction]:
    """Element ``t-1``: P(the belfry is within reach of the wall, 1 hex from it (001 §8), by the end of the
    besieger's turn ``t``). It starts ``distance`` hexes away with ``pushers`` free on its ground level and
    ``aboard`` on its levels 1–3. Each turn it rolls as far as its pushers allow (001 §4.1; with ``overload``,
    §4.2, R16), then the defenders' turn takes ``k`` pushers with probability ``losses[k]`` (a PMF, such as
    :func:`rules.odds.shooting_wounds` returns), never below none.
    """
    check_range("distance", distance, REACH, MAX_DISTANCE)
    check_range("pushers", pushers, 0, CAPACITY[0])
    check_range("turns", turns, 1, MAX_TURNS)
    check_range("aboard", aboard, 0, CAPACITY[1] + CAPACITY[2] + CAPACITY[3])
    if not isinstance(overload, bool):
        raise BadValue(
            f"overload must be true or false, got {overload!r}",
            name="overload",
            value=str(overload),
            choices=("true", "false"),
        )
    pmf = _losses(losses)
    # Exact integers over one denominator, not Fractions: the states' weights after i turns are over scale**i.
    scale = lcm(*(p.denominator for p in pmf))
    weights = [p.numerator * (scale // p.denominator) for p in pmf]
    tails = [sum(weights[lost:]) for lost in range(len(weights) + 1)] + [0] * (pushers + 1)
    rolls = [speed(crew, aboard, overload=overload) for crew in range(pushers + 1)]
    fastest = max(rolls)
    states: dict[tuple[int, int], int] = {(distance, pushers): 1}
    reached = 0
    found: list[Fraction] = []
    for turn in range(turns):
        after: dict[tuple[int, int], int] = {}
        for (left, crew), weight in states.items():
            moved = max(REACH, left - rolls[crew])
            if moved == REACH:  # within reach, the bridge's hex: it stays there (001 §8)
                reached += weight
                continue
            if moved - REACH > fastest * (turns - turn - 1):
                continue  # too far to reach the wall in the turns asked
            for lost in range(min(crew, len(weights))):
                if weights[lost]:
                    key = (moved, crew - lost)
                    after[key] = after.get(key, 0) + weight * weights[lost]
            if tails[crew]:  # every pusher lost
                key = (moved, 0)
                after[key] = after.get(key, 0) + weight * tails[crew]
        found.append(Fraction(reached, scale**turn))
        reached *= scale
        states = after
    return found


def _losses(losses: Sequence[Fraction]) -> list[Fraction]:
    pmf = [Fraction(p) for p in losses]
    if not pmf or any(p < 0 for p in pmf) or sum(pmf) != 1:
        raise BadValue(
            "losses must be the probabilities of losing 0, 1, 2… pushers a turn: none negative, summing to 1, "
            f"got {list(losses)!r}",
            name="losses",
            value=", ".join(map(str, losses)),
        )
    return pmf
