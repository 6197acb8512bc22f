"""Exact odds for the Confrontation house rules (``ODDS_API.md``, *The other rule systems*).

Each answer maps the d6 through the rule's own function (the grades of :mod:`~rules.confrontation.checks`, the
flight tables of :mod:`~rules.confrontation.flight`), so no number is typed twice; :mod:`rules.odds` re-exports
them::

    >>> from fractions import Fraction as F
    >>> confrontation_caught(10, 10, 20, False, gap=15) == F(7, 9)
    True
    >>> confrontation_shot(2, "short")
    {'exceptional_success': Fraction(1, 3), 'success': Fraction(1, 2), 'critical_failure': Fraction(1, 6)}
"""

from __future__ import annotations

import math
from fractions import Fraction

from rules.confrontation import flight, wounds
from rules.confrontation.checks import DISENGAGE_GRADES, SHOT_GRADES, TEST_DIE, Grade, GradeScale, citing
from rules.confrontation.shooting import RangeBand
from rules.confrontation.shooting import difficulty as shot_difficulty
from rules.contract import IllegalAction
from rules.validation import check_range

__all__ = ["confrontation_caught", "confrontation_disengage", "confrontation_shot", "confrontation_wound"]

_GRADES = tuple(Grade)
_SHARES = tuple(Fraction(count, len(TEST_DIE.faces)) for count in range(len(TEST_DIE.faces) + 1))
"""P(one of ``count`` faces of the d6), by ``count``: the only probabilities a single test can have."""
_SHARES_OF_TWO = tuple(Fraction(count, len(TEST_DIE.faces) ** 2) for count in range(len(TEST_DIE.faces) ** 2 + 1))
"""P(one of ``count`` face pairs of two d6), by ``count``."""
_SHOT_DIFFICULTY = {band.value: shot_difficulty(band.value) for band in RangeBand}
MAX_VALUE = 100
"""Values and modifiers beyond ±100 are refused as mistakes: a d6 test is settled long before."""


def _graded(value: int, difficulty: int, scale: GradeScale) -> dict[str, Fraction]:
    """The grades of d6 + ``value`` against ``difficulty``, best first.

    One d6 gives each grade a number of its faces, so the probabilities are read from :data:`_SHARES` rather than
    built and reduced on every call.
    """
    faces: dict[Grade, int] = dict.fromkeys(_GRADES, 0)
    for face in TEST_DIE.faces:
        faces[scale.grade(face, face + value - difficulty)] += 1
    return {grade.value: _SHARES[count] for grade, count in faces.items() if count}


def confrontation_shot(shooting: int, range_band: str, modifier: int = 0) -> dict[str, Fraction]:
    """The grades of a shot (004 *Modificateurs de tir*, *Tirer dans le tas*): d6 + ``shooting`` against the range
    band's difficulty + ``modifier``, the sum of the table's other lines."""
    with citing("004 Modificateurs de tir"):
        check_range("shooting", shooting, 0, MAX_VALUE)
        check_range("modifier", modifier, -MAX_VALUE, MAX_VALUE)
    band_difficulty = _SHOT_DIFFICULTY.get(range_band) if type(range_band) is str else None
    if band_difficulty is None:
        band_difficulty = shot_difficulty(range_band)  # the rule's own check raises
    return _graded(shooting, band_difficulty + modifier, SHOT_GRADES)


def confrontation_disengage(
    initiative: int, highest_opposing_initiative: int, opponents: int, fleeing: int, engaged_elsewhere: int = 0
) -> dict[str, Fraction]:
    """The grades of a disengage test (004 *Se désengager d'un combat*): d6 + ``initiative`` against
    :func:`~rules.confrontation.flight.disengage_difficulty`."""
    with citing("004 Se désengager d'un combat"):
        check_range("initiative", initiative, -MAX_VALUE, MAX_VALUE)
    target = flight.disengage_difficulty(highest_opposing_initiative, opponents, fleeing, engaged_elsewhere)
    return _graded(initiative, target, DISENGAGE_GRADES)


def confrontation_caught(
    flee_move: int,
    pursuer_move: int,
    charge_move: int,
    voluntary: bool,
    gap: int = 0,
    flee_modifier: int = 0,
    pursuit_modifier: int = 0,
) -> Fraction:
    """P(the pursuer catches the fleeing model) (004 *Rattraper un fuyard*, *Fuir volontairement*)."""
    with citing("004 Rattraper un fuyard"):
        check_range("gap", gap, 0)
    if voluntary and gap:
        raise IllegalAction("voluntary_gap", "004 Fuir volontairement, NB4", gap=gap)
    # The rule's own functions check the moves and modifiers.
    flights = _tally([flight.flight_distance(flee_move, f, bool(voluntary), flee_modifier) for f in TEST_DIE.faces])
    pursuits = _tally([flight.pursuit_distance(charge_move, pursuer_move, p, pursuit_modifier) for p in TEST_DIE.faces])
    # A pursuit that catches a flight catches it at any longer pursuit, and any shorter flight too. So, flights from
    # the shortest: the shortest pursuit that still catches only moves up, and it and every longer one catch.
    caught, shortest = 0, 0
    for fled, flee_faces in flights:
        while shortest < len(pursuits) and not flight.caught(pursuits[shortest][0], fled, gap):
            shortest += 1
        caught += flee_faces * sum(faces for _, faces in pursuits[shortest:])
    return _SHARES_OF_TWO[caught]


def _tally(distances: list[Fraction]) -> list[tuple[Fraction, int]]:
    """The distinct distances, shortest first, each with the number of faces that give it.

    Compared as integers over their common denominator: ``Fraction``'s own comparisons would cost more than the rest.
    """
    scale = math.lcm(*(distance.denominator for distance in distances))
    tally: dict[int, tuple[Fraction, int]] = {}
    for distance in distances:
        key = distance.numerator * (scale // distance.denominator)
        tally[key] = (distance, tally[key][1] + 1) if key in tally else (distance, 1)
    return [tally[key] for key in sorted(tally)]


def confrontation_wound(damage: int, location: str, double: int | None = None) -> str:
    """The wound table's answer (004 *Tableau des blessures*, R18): ``"none"`` … ``"killed"``."""
    return wounds.wound(damage, location, double).value
