"""The d10 and the tests of Frères d'Armes (chapter I §3, chapter II §2).

A d10 reads 0–9: a 0 is a 0, not a 10, and a natural 0 is a critical (R17). A test (JT, JA, JDP, JM, JS) succeeds
when the die plus the characteristic plus the modifiers reaches 10, unless the die is a natural 0::

    >>> Check(face=6, characteristic=5, modifier=-1).result
    <Result.SUCCESS: 'success'>
    >>> Check(face=0, characteristic=10, modifier=5).result
    <Result.CRITICAL_FAILURE: 'critical_failure'>
    >>> check_face("die", 10)
    Traceback (most recent call last):
    ...
    rules.validation.BadValue: die must be between 0 and 9, got 10 (003 I §3, R17)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Protocol, TypeVar

from rules.dice import D10_ZERO, Dice
from rules.validation import check_range, citing

__all__ = [
    "CHARACTERISTICS",
    "CRITICAL",
    "D10",
    "LEVELS",
    "MAX_MODIFIER",
    "SUCCESS_TOTAL",
    "Bands",
    "Check",
    "DiceRoller",
    "Result",
    "Roller",
    "band_of",
    "check_characteristic",
    "check_draw",
    "check_face",
    "check_modifier",
    "citing",
    "level_name",
    "result_of",
    "roll_check",
    "test_result",
]

D10 = D10_ZERO
"""The game's one die (I §3): 0–9, "le 0 sur le dé donne un résultat de 0 (et non de 10)"."""
CRITICAL = 0
"""The natural face that is a critical failure (I §3, R17)."""
SUCCESS_TOTAL = 10
"""A test succeeds at 10 or more (II §2.2–2.5, R17)."""
CHARACTERISTICS = ("C", "T", "D", "A", "M")
"""Combativité, Tir, Défense, Adresse/Agilité, Moral (II §2.1–2.5); the actions (PA) are apart (§2.6)."""
MAX_MODIFIER = 30
"""Modifiers beyond ±30 cannot change a d10 test whose characteristic is 1–10: refused as mistakes."""

LEVELS: Mapping[int, str] = MappingProxyType(
    {
        # II §2: the characteristics' scale, "1 et -" and "10 et +" at its ends.
        1: "Nulle",
        2: "Minable",
        3: "Mauvaise",
        4: "Inexpérimentée",
        5: "Moyenne",
        6: "Bonne",
        7: "Très bonne",
        8: "Héroïque",
        9: "Légendaire",
        10: "Monstrueuse",
    }
)


def level_name(value: int) -> str:
    """The word the document gives a characteristic's value (II §2); "1 et -" and "10 et +" take the ends."""
    return LEVELS[min(max(value, 1), 10)]


Row = TypeVar("Row")
Bands = tuple[tuple[int | None, int | None, Row], ...]
"""A table read by score: ``(low, high, row)`` lines, ``None`` for the document's "et -" and "et +" ends."""


def band_of(table: Bands[Row], score: int) -> Row:
    """The row of ``table`` whose band holds ``score``; the tables' bands cover every integer once."""
    for low, high, row in table:
        if (low is None or score >= low) and (high is None or score <= high):
            return row
    raise AssertionError(f"no band holds {score}")  # pragma: no cover - the tables are checked whole


_D10_READS = range(D10.values[0], D10.values[-1] + 1)


def check_face(name: str, value: int) -> int:
    """``value`` if a d10 can show it: 0–9 (R17)."""
    if type(value) is int and value in _D10_READS:  # the valid path, taken for every face the odds read
        return value
    with citing("003 I §3, R17"):
        return check_range(name, value, D10.values[0], D10.values[-1])


def check_characteristic(name: str, value: int) -> int:
    """``value`` if it is a characteristic of the scale, 1–10 (II §2)."""
    with citing("003 II §2"):
        return check_range(name, value, 1, 10)


def check_modifier(name: str, value: int) -> int:
    with citing("003 II §2"):
        return check_range(name, value, -MAX_MODIFIER, MAX_MODIFIER)


class Result(StrEnum):
    """How a test ends (II §2.2–2.5)."""

    SUCCESS = "success"  # réussi
    FAILURE = "failure"  # échec
    CRITICAL_FAILURE = "critical_failure"  # échec critique: un 0 au dé


@dataclass(frozen=True)
class Check:
    """One test rolled: the die's face, the characteristic (or a spell's level) and the sum of the modifiers."""

    face: int
    characteristic: int
    modifier: int = 0

    @property
    def total(self) -> int:
        """The score: the die + the characteristic + the modifiers (II §2.2)."""
        return self.face + self.characteristic + self.modifier

    @property
    def result(self) -> Result:
        return test_result(self.face, self.characteristic + self.modifier)

    @property
    def succeeded(self) -> bool:
        return self.result is Result.SUCCESS


def test_result(face: int, bonus: int) -> Result:
    """The result of a test whose die showed ``face``, ``bonus`` being the characteristic plus the modifiers."""
    if face == CRITICAL:  # R17: a natural 0 fails whatever the total
        return Result.CRITICAL_FAILURE
    return Result.SUCCESS if face + bonus >= SUCCESS_TOTAL else Result.FAILURE  # II §2.2


def result_of(face: int, characteristic: int, modifier: int = 0) -> Result:
    """The result of a test whose die showed ``face``; the arguments are checked."""
    check_face("face", face)
    check_characteristic("characteristic", characteristic)
    check_modifier("modifier", modifier)
    return Check(face, characteristic, modifier).result


class Roller(Protocol):
    """Where a game's d10 results come from: the dice (:class:`DiceRoller`) or the cards
    (:mod:`~rules.freres.cards`)."""

    def d10(self, reason: str) -> int: ...


@dataclass(frozen=True)
class DiceRoller:
    """The d10 rolled with :class:`~rules.dice.Dice`, each roll in its log."""

    dice: Dice

    def d10(self, reason: str) -> int:
        return self.dice.roll(D10, reason)


def roll_check(roller: Roller, characteristic: int, modifier: int, reason: str) -> Check:
    """Roll one test of ``characteristic`` with ``modifier`` for the rule ``reason``."""
    check_characteristic("characteristic", characteristic)
    check_modifier("modifier", modifier)
    return Check(roller.d10(reason), characteristic, modifier)


MAX_DRAW = 53
"""The most a card reads (I §4 variants): the lucky joker is worth the cards in the discard, at most 53 of a 54-card
deck; a 10 reads 10."""


def check_draw(name: str, value: int) -> int:
    """``value`` if a d10 or a card drawn for it can show it: 0–9, or up to :data:`MAX_DRAW` with the card variants
    (I §4)."""
    with citing("003 I §3, I §4"):
        return check_range(name, value, 0, MAX_DRAW)
