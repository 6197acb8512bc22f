"""Flight (004 *La fuite*): flight and pursuit moves, voluntary flight, rallying, and disengaging from a melee.

Moves are in cm and come from the profiles. A flight or pursuit roll is a d6 with its modifiers (never above 0),
a modified roll below 1 reading as 1; its row gives a fraction of the model's move::

    >>> flight_distance(10, 6, voluntary=False)
    Fraction(20, 1)
    >>> pursuit_distance(20, 10, 2)
    Fraction(25, 1)
    >>> disengage_difficulty(2, opponents=3, fleeing=2)
    8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from rules.confrontation.checks import (
    DISENGAGE_GRADES,
    NATURAL_FAILURE,
    TEST_DIE,
    Attempt,
    Grade,
    check_face,
    citing,
    roll_test,
)
from rules.contract import IllegalAction
from rules.dice import Dice, reason
from rules.validation import check_range

__all__ = [
    "AFTER_FAILED_RALLY",
    "ALREADY_MOVED",
    "CAUGHT_AFTER",
    "DISENGAGE_OUTCOMES",
    "FEAR_FLIGHT",
    "LEAVE_TABLE_DIFFICULTY",
    "MAX_PURSUITS_PER_TURN",
    "MINIMUM_OPPOSING_INITIATIVE",
    "NOT_PURSUE_DIFFICULTY",
    "PURSUIT",
    "RALLY_STEP",
    "VOLUNTARY_FLIGHT",
    "DisengageOutcome",
    "Disengagement",
    "Move",
    "can_pursue",
    "caught",
    "disengage",
    "disengage_difficulty",
    "flee",
    "flight_distance",
    "pursue",
    "pursuit_distance",
    "rally",
    "rally_difficulty",
    "stay_on_table",
    "stop_pursuing",
]

_HALF = Fraction(1, 2)

FEAR_FLIGHT: Mapping[int, Fraction] = MappingProxyType(
    {1: Fraction(0), 2: _HALF, 3: _HALF, 4: Fraction(1), 5: Fraction(1), 6: Fraction(2)}
)
"""004 Rattraper un fuyard: the fleeing model's move, by its d6, after a failed fear test (1: it cannot flee)."""
VOLUNTARY_FLIGHT: Mapping[int, Fraction] = MappingProxyType(
    {1: _HALF, 2: Fraction(1), 3: Fraction(1), 4: Fraction(3, 2), 5: Fraction(3, 2), 6: Fraction(2)}
)
"""004 Fuir volontairement: the fleeing model's move, by its d6."""
PURSUIT: Mapping[int, Fraction] = MappingProxyType(
    {1: Fraction(0), 2: _HALF, 3: _HALF, 4: Fraction(1), 5: Fraction(1), 6: Fraction(1)}
)
"""004 Rattraper un fuyard, Fuir volontairement: the pursuer's maximum charge move plus this much of its move."""

ALREADY_MOVED = -1
"""A fleeing model that has already moved this turn takes −1 on its flight roll."""
AFTER_FAILED_RALLY = -1
"""004 Note aux pleutres: −1 on the flight rolls, and on the pursuers', each turn after a failed rally."""
NOT_PURSUE_DIFFICULTY = 8
"""NB2: the discipline test a pursuer passes not to pursue."""
LEAVE_TABLE_DIFFICULTY = 8
"""NB5: the discipline test of a unit whose pursuit would take it off the table."""
RALLY_STEP = 2
"""004 Note aux pleutres: the rally's difficulty is the failed fear test's less 2, then 2 less each turn."""


_LOWEST_FACE = TEST_DIE.values[0]
_FACES = range(TEST_DIE.values[0], TEST_DIE.values[-1] + 1)
_MODIFIERS = range(-100, 1)


def _row(table: Mapping[int, Fraction], face: int, modifier: int) -> Fraction:
    # The exact odds read six rows a call: valid arguments pass two type tests and two range tests.
    if not (type(face) is int and face in _FACES and type(modifier) is int and modifier in _MODIFIERS):
        with citing("004 Rattraper un fuyard, Fuir volontairement"):
            check_face("face", face)
            check_range("modifier", modifier, _MODIFIERS.start, _MODIFIERS.stop - 1)
    return table[max(face + modifier, _LOWEST_FACE)]


def _check_move(name: str, move: int, low: int) -> None:
    if type(move) is not int or move < low:
        with citing("004 Rattraper un fuyard, Fuir volontairement"):
            check_range(name, move, low)


def flight_distance(move: int, face: int, voluntary: bool, modifier: int = 0) -> Fraction:
    """How far (cm) a model with ``move`` flees, by its d6 ``face`` and the ``modifier`` (≤ 0) on it."""
    _check_move("move", move, 1)
    row = _row(VOLUNTARY_FLIGHT if voluntary else FEAR_FLIGHT, face, modifier)
    # move × row, built from integers: Fraction's own operators cost three times as much.
    return Fraction(move * row.numerator, row.denominator)


def pursuit_distance(charge_move: int, move: int, face: int, modifier: int = 0) -> Fraction:
    """How far (cm) a pursuer goes: its maximum charge move plus its row's share of ``move``."""
    _check_move("charge_move", charge_move, 0)
    _check_move("move", move, 1)
    row = _row(PURSUIT, face, modifier)
    # charge_move + move × row, built from integers as in flight_distance.
    return Fraction(charge_move * row.denominator + move * row.numerator, row.denominator)


@dataclass(frozen=True)
class Move:
    face: int
    distance: Fraction


def flee(dice: Dice, move: int, voluntary: bool, modifier: int = 0) -> Move:
    """The fleeing model's roll and move (004 *Rattraper un fuyard*, *Fuir volontairement*)."""
    clause = "004 Fuir volontairement" if voluntary else "004 Rattraper un fuyard"
    face = dice.roll(TEST_DIE, reason("flight_roll", clause))
    return Move(face, flight_distance(move, face, voluntary, modifier))


def pursue(dice: Dice, charge_move: int, move: int, modifier: int = 0) -> Move:
    """The pursuer's roll and move (004 *Rattraper un fuyard*, *Fuir volontairement*)."""
    face = dice.roll(TEST_DIE, reason("pursuit_roll", "004 Rattraper un fuyard"))
    return Move(face, pursuit_distance(charge_move, move, face, modifier))


def caught(pursuit: Fraction, flight: Fraction, gap: Fraction | int = 0) -> bool:
    """Whether the pursuer reaches the fleeing model (moves and ``gap`` in cm).

    After a failed fear test each move is measured from its own model, ``gap`` apart before they move; in a
    voluntary flight both are measured from the fleeing model (NB4), so the gap is 0.
    """
    if gap < 0:
        raise IllegalAction("gap_negative", "004 Rattraper un fuyard", gap=str(gap))
    return pursuit >= gap + flight


MAX_PURSUITS_PER_TURN = 1
"""004 Mouvement de poursuite, Rappel: one pursuit move a turn."""


def can_pursue(pursuits_this_turn: int) -> bool:
    """Whether a unit that has made ``pursuits_this_turn`` pursuit moves may make another (004 *Mouvement de
    poursuite*). The move may join any melee or a lone enemy: see :data:`~rules.confrontation.melee.APPROACHES`."""
    with citing("004 Mouvement de poursuite"):
        check_range("pursuits_this_turn", pursuits_this_turn, 0)
    return pursuits_this_turn < MAX_PURSUITS_PER_TURN


def stop_pursuing(dice: Dice, discipline: int) -> Attempt:
    """The discipline test not to pursue (NB2, difficulty 8)."""
    return roll_test(dice, discipline, NOT_PURSUE_DIFFICULTY, reason("not_pursue_test", "004 La fuite NB2"))


def stay_on_table(dice: Dice, discipline: int) -> Attempt:
    """NB5: a pursuit that would leave the table. Passed: the unit pursues from where it stands; failed: it leaves
    the table and comes back at the start of next turn on the edge where it left."""
    return roll_test(
        dice, discipline, LEAVE_TABLE_DIFFICULTY, reason("leave_table_test", "004 Fuir volontairement NB5")
    )


def rally_difficulty(failed_fear_difficulty: int, failed_rallies: int = 0) -> int:
    """The difficulty of a rally at the start of a turn (004 *Note aux pleutres*).

    The failed fear test's difficulty less 2, and 2 less again for each rally already failed. A voluntary flight
    stops without a test.
    """
    with citing("004 Note aux pleutres"):
        check_range("failed_fear_difficulty", failed_fear_difficulty, -100, 100)
        check_range("failed_rallies", failed_rallies, 0)
    return failed_fear_difficulty - RALLY_STEP * (1 + failed_rallies)


def rally(dice: Dice, discipline: int, failed_fear_difficulty: int, failed_rallies: int = 0) -> Attempt:
    """The rally test; a rallied unit only moves half its move that turn, without running, and only defends."""
    return roll_test(
        dice,
        discipline,
        rally_difficulty(failed_fear_difficulty, failed_rallies),
        reason("rally_test", "004 Note aux pleutres"),
    )


# 004 Se désengager d'un combat

MINIMUM_OPPOSING_INITIATIVE = 4
CAUGHT_AFTER = 5
"""A critical failure: the unit is caught after 5 cm, and struck as a fugitive."""


def disengage_difficulty(
    highest_opposing_initiative: int, opponents: int, fleeing: int, engaged_elsewhere: int = 0
) -> int:
    """The difficulty of the disengage test (004 *Se désengager d'un combat*).

    The highest opposing initiative (at least 4), + 1 per opponent, − 1 per disengaging model; an opponent in
    contact with no enemy but the disengaging ones counts twice. ``engaged_elsewhere``: how many of the
    ``opponents`` are in contact with another enemy.
    """
    with citing("004 Se désengager d'un combat"):
        check_range("highest_opposing_initiative", highest_opposing_initiative, -100, 100)
        check_range("opponents", opponents, 1)
        check_range("fleeing", fleeing, 1)
        check_range("engaged_elsewhere", engaged_elsewhere, 0, opponents)
    free = opponents - engaged_elsewhere
    return max(MINIMUM_OPPOSING_INITIATIVE, highest_opposing_initiative) + 2 * free + engaged_elsewhere - fleeing


class DisengageOutcome(StrEnum):
    """What a disengage test's grade does (004 *Se désengager d'un combat*)."""

    FREE = "free"
    """Exceptional success: the unit disengages unpunished and moves its move (no melee or charge this turn)."""
    STRUCK_LEAVING = "struck_leaving"
    """Success: it disengages and moves, but each enemy touching it may first strike one attack without defence
    dice, the unit's defence raised by its initiative."""
    HELD = "held"
    """Failure: it cannot flee and puts all its dice in defence."""
    ONE_DIE = "one_die"
    """Grave failure: each member has one die left (characters may still split it) and must defend with it."""
    CAUGHT = "caught"
    """Critical failure: caught after 5 cm, and struck as a fugitive (*frapper un fuyard*)."""

    @property
    def discipline_lost(self) -> bool:
        """NB2: in the three failures the discipline test is lost automatically."""
        return self in (DisengageOutcome.HELD, DisengageOutcome.ONE_DIE, DisengageOutcome.CAUGHT)


DISENGAGE_OUTCOMES: Mapping[Grade, DisengageOutcome] = MappingProxyType(
    {
        Grade.EXCEPTIONAL_SUCCESS: DisengageOutcome.FREE,
        Grade.SUCCESS: DisengageOutcome.STRUCK_LEAVING,
        Grade.FAILURE: DisengageOutcome.HELD,
        Grade.GRAVE_FAILURE: DisengageOutcome.ONE_DIE,
        Grade.CRITICAL_FAILURE: DisengageOutcome.CAUGHT,
    }
)


@dataclass(frozen=True)
class Disengagement:
    attempt: Attempt
    grade: Grade
    outcome: DisengageOutcome


def disengage(
    dice: Dice,
    initiative: int,
    highest_opposing_initiative: int,
    opponents: int,
    fleeing: int,
    engaged_elsewhere: int = 0,
    charged_this_turn: bool = False,
) -> Disengagement:
    """The disengage test of a unit of ``fleeing`` models with ``initiative`` (004 *Se désengager d'un combat*).

    NB: a unit charged this turn cannot disengage.
    """
    if charged_this_turn:
        raise IllegalAction("charged_cannot_disengage", "004 Se désengager d'un combat, NB")
    target = disengage_difficulty(highest_opposing_initiative, opponents, fleeing, engaged_elsewhere)
    attempt = roll_test(
        dice,
        initiative,
        target,
        reason("disengage_test", "004 Se désengager d'un combat"),
        natural_failure=NATURAL_FAILURE,  # « ou bien résultat de 1 »
    )
    grade = attempt.grade(DISENGAGE_GRADES)
    return Disengagement(attempt, grade, DISENGAGE_OUTCOMES[grade])
