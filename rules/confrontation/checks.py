"""The Confrontation test (*test*, *jet*): one d6 plus a value against a difficulty, with no re-roll.

A test succeeds when the d6 plus the value reaches the difficulty; its margin is that total less the difficulty.
The graded tests (a shot into a melee, disengaging) read the margin on a scale of five grades, a natural 1 being
a critical failure whatever the total::

    >>> SHOT_GRADES.grade(face=4, margin=-3)
    <Grade.GRAVE_FAILURE: 'grave_failure'>
    >>> DISENGAGE_GRADES.grade(face=1, margin=5)
    <Grade.CRITICAL_FAILURE: 'critical_failure'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from rules.dice import D6, Dice
from rules.validation import check_choice, check_range, citing

__all__ = [
    "DISENGAGE_GRADES",
    "NATURAL_FAILURE",
    "SHOT_GRADES",
    "TEST_DIE",
    "Attempt",
    "Grade",
    "GradeScale",
    "check_face",
    "choice",
    "citing",
    "roll_test",
]

TEST_DIE = D6
NATURAL_FAILURE = 1
"""The face that makes a graded test a critical failure (*résultat de 1*)."""


Choice = TypeVar("Choice", bound=StrEnum)


def choice(kind: type[Choice], name: str, value: str) -> Choice:
    """``value`` as a member of ``kind``; otherwise the ``ValueError`` listing the accepted values."""
    check_choice(name, value, [member.value for member in kind])
    return kind(value)


def check_face(name: str, value: int) -> int:
    """``value`` if a d6 can show it."""
    return check_range(name, value, TEST_DIE.values[0], TEST_DIE.values[-1])


class Grade(StrEnum):
    """The five grades of a graded test, best first."""

    EXCEPTIONAL_SUCCESS = "exceptional_success"  # réussite exceptionnelle
    SUCCESS = "success"  # réussite normale
    FAILURE = "failure"  # échec normal
    GRAVE_FAILURE = "grave_failure"  # échec grave
    CRITICAL_FAILURE = "critical_failure"  # échec critique

    @property
    def succeeded(self) -> bool:
        return self in (Grade.EXCEPTIONAL_SUCCESS, Grade.SUCCESS)


@dataclass(frozen=True)
class GradeScale:
    """Where a graded test changes grade: the margins, counted as the document counts them ("de 3 ou plus")."""

    exceptional: int
    """A success by this much or more is exceptional."""
    grave: int
    """A failure by this much or more is grave."""
    critical: int
    """A failure by this much or more is critical, as is a natural 1."""

    def grade(self, face: int, margin: int) -> Grade:
        if face == NATURAL_FAILURE or margin <= -self.critical:
            return Grade.CRITICAL_FAILURE
        if margin <= -self.grave:
            return Grade.GRAVE_FAILURE
        if margin < 0:
            return Grade.FAILURE
        if margin >= self.exceptional:
            return Grade.EXCEPTIONAL_SUCCESS
        return Grade.SUCCESS


SHOT_GRADES = GradeScale(exceptional=3, grave=3, critical=5)
"""*Tirer dans le tas*: exceptional success by 3 or more, grave failure by 3 or more, critical by 5 or more."""
DISENGAGE_GRADES = GradeScale(exceptional=2, grave=2, critical=4)
"""*Se désengager d'un combat*: exceptional success by 2 or more, grave failure by 2 or more, critical by 4 or more."""


@dataclass(frozen=True)
class Attempt:
    """One test rolled: the d6's face, the value added to it and the difficulty."""

    face: int
    value: int
    difficulty: int
    automatic_success: int | None = None
    """A face that passes whatever the total (a fear test's 6)."""
    natural_failure: int | None = None
    """A face that fails whatever the total: a graded test's 1 (« ou bien résultat de 1 »)."""

    @property
    def total(self) -> int:
        return self.face + self.value

    @property
    def margin(self) -> int:
        return self.total - self.difficulty

    @property
    def succeeded(self) -> bool:
        if self.face == self.automatic_success:
            return True
        return self.margin >= 0 and self.face != self.natural_failure

    def grade(self, scale: GradeScale) -> Grade:
        return scale.grade(self.face, self.margin)


def roll_test(
    dice: Dice,
    value: int,
    difficulty: int,
    reason: str,
    automatic_success: int | None = None,
    natural_failure: int | None = None,
) -> Attempt:
    """Roll one test of ``value`` (a characteristic with its modifiers) against ``difficulty``; a graded test passes
    ``natural_failure=NATURAL_FAILURE``, so that its success agrees with its grade."""
    check_range("value", value, -100, 100)
    check_range("difficulty", difficulty, -100, 100)
    return Attempt(dice.roll(TEST_DIE, reason), value, difficulty, automatic_success, natural_failure)
