"""Dice: seeded rolls, a replayable roll log, and dice rolled physically at the table.

Every roll the engine makes goes through a :class:`Dice` and is recorded as a :class:`Roll`
naming the die, the rule that asked for it and the result::

    >>> dice = Dice(seed=7)
    >>> result = dice.roll(D6, reason("push_back", "§7.1.6", ladder="L1"))
    >>> dice.log[0].reason
    'push_back [§7.1.6] ladder=L1'

A roll's reason is a code, its clause and its facts, as an event's are (:mod:`rules.contract`); the pages word it
(:mod:`wording`).

A battle replays exactly from its seed, or from its log (:meth:`Dice.replay`). Clubs that roll
at the table type the results in (:meth:`Dice.supply`); each is checked against the faces of the
die the rule asks for, so a 7 on a D6 is refused before it changes anything.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules.fast import bit_source, new_frozen

__all__ = [
    "ARROW",
    "ARTILLERY",
    "D2",
    "D3",
    "D4",
    "D6",
    "D10",
    "D10_ZERO",
    "DICE",
    "HIT",
    "MISFIRE",
    "SCATTER",
    "Dice",
    "DieValueError",
    "ReplayMismatch",
    "Roll",
    "read_reason",
    "reason",
]


@dataclass(frozen=True)
class Die:
    """One kind of die: a name and its faces, each face equally likely (faces may repeat)."""

    name: str
    faces: tuple[int, ...]
    labels: Mapping[int, str] = field(default_factory=dict, compare=False, hash=False)

    @cached_property
    def draws(self) -> tuple[tuple[int, ...], int, int]:
        """The faces, how many, and the random bits drawn for one roll, the fewest that hold them (kept: every
        roll reads them)."""
        return self.faces, len(self.faces), len(self.faces).bit_length()

    @cached_property
    def values(self) -> tuple[int, ...]:
        """The distinct values the die can show, in increasing order (kept: the checks of every roll read them)."""
        return tuple(sorted(set(self.faces)))

    def label(self, value: int) -> str:
        return self.labels.get(value, str(value))

    def __str__(self) -> str:
        return self.name


MISFIRE = 0
"""The artillery die's misfire face (*incident de tir*)."""
HIT = 0
"""The scatter die's hit face: the shot lands where aimed."""
ARROW = 1
"""The scatter die's arrow face: the shot scatters."""

D2 = Die("D2", (1, 2))
D3 = Die("D3", (1, 2, 3))
D4 = Die("D4", (1, 2, 3, 4))
D6 = Die("D6", (1, 2, 3, 4, 5, 6))
D10 = Die("D10", tuple(range(1, 11)))
"""The d10 read 1–10: the belfry's crush and ignition rolls (Le Beffroi, seed 001, R16, R19). Frères d'Armes reads
its d10 0–9 (:data:`D10_ZERO`); the Confrontation house rules (seed 004) roll only d6."""
D10_ZERO = Die("D10(0-9)", tuple(range(10)))
"""The d10 read 0–9 (Frères d'Armes, seed 003, R17): a natural 0 is a critical."""
ARTILLERY = Die("artillery", (MISFIRE, 2, 4, 6, 8, 10), labels={MISFIRE: "misfire"})
SCATTER = Die("scatter", (HIT, HIT, ARROW, ARROW, ARROW, ARROW), labels={HIT: "hit", ARROW: "arrow"})

DICE: Mapping[str, Die] = {d.name: d for d in (D2, D3, D4, D6, D10, D10_ZERO, ARTILLERY, SCATTER)}


class DieValueError(ValueError):
    """Dice typed at the table that the rules cannot take: the message for a developer, ``code`` and ``facts`` for
    a page to word (:mod:`wording.dice`). ``"die_value"``: a value the die cannot show (``die``, its name;
    ``value``; ``accepted``, the labels of the values it can show; ``reason``, the roll's); ``"dice_left_over"``:
    more dice than the action rolled (``typed``, ``rolled``)."""

    def __init__(self, message: str, code: str, **facts: str | int | tuple[str, ...]) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


class ReplayMismatch(ValueError):
    """A replayed log does not match the rolls the rules ask for: the message for a developer, ``code`` and
    ``facts`` for a page to word (:mod:`wording.dice`). ``"log_exhausted"``: the log has no more rolls (``die``
    and ``reason`` asked for); ``"log_differs"``: the log's roll is another (``roll``, its number; ``logged_die``,
    ``logged_reason``; ``die``, ``reason`` asked for); ``"log_count"``: an action rolled another number of dice
    (``action``, its number; ``rolled``; ``logged``)."""

    def __init__(self, message: str, code: str, **facts: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


@dataclass(frozen=True)
class Roll:
    """One die rolled: which die, why (the rule clause), what it showed, and whether it was rolled at the table."""

    die: str
    reason: str
    result: int
    physical: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"die": self.die, "reason": self.reason, "result": self.result, "physical": self.physical}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Roll:
        return cls(str(data["die"]), str(data["reason"]), int(data["result"]), bool(data.get("physical", False)))


class Dice:
    """The source of every roll: a seeded generator, values typed in from the table, or a replayed log.

    Supplied values are used first, in order; once they run out the seeded generator takes over.
    """

    __slots__ = ("_draw", "_log", "_replay", "_supplied", "seed")  # one for each action of a battle

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._draw: Callable[[int], int] | None = None
        self._supplied: deque[int] | None = None  # made when values are typed in
        self._replay: deque[Roll] | None = None
        self._log: list[Roll] = []

    @classmethod
    def replay(cls, log: Iterable[Roll]) -> Dice:
        """A source that gives back the results of ``log`` in order and checks each roll is the one asked for."""
        dice = cls(seed=0)
        dice._replay = deque(log)
        return dice

    @property
    def log(self) -> tuple[Roll, ...]:
        return tuple(self._log)

    def mark(self) -> int:
        """A position in the log, to collect later what an action rolled with :meth:`since`."""
        return len(self._log)

    def since(self, mark: int) -> tuple[Roll, ...]:
        return tuple(self._log[mark:]) if mark else tuple(self._log)

    def supply(self, values: Iterable[int]) -> None:
        """Queue results rolled physically at the table; they are checked against each die as it is rolled."""
        if self._supplied is None:
            self._supplied = deque()
        self._supplied.extend(values)

    @property
    def pending(self) -> int:
        """How many supplied values have not been used yet."""
        return len(self._supplied) if self._supplied else 0

    def roll(self, die: Die, reason: str) -> int:
        """Roll one ``die`` for the rule ``reason`` and record it."""
        if self._replay is not None:
            return self._replayed(die, reason)
        if self._supplied:
            value = self._supplied[0]
            # A typed-in True or 3.0 compares equal to a face but is not a die result.
            if isinstance(value, bool) or not isinstance(value, int) or value not in die.faces:
                labels = tuple(die.label(v) for v in die.values)
                raise DieValueError(
                    f"{reason}: a {die.name} cannot show {value}; accepted values are {', '.join(labels)}",
                    "die_value",
                    die=die.name,
                    value=str(value),
                    accepted=labels,
                    reason=reason,
                )
            self._supplied.popleft()
            self._log.append(Roll(die.name, reason, value, physical=True))
            return value
        faces, sides, bits = die.draws
        value = faces[_below(self._draw or self._seeded(), sides, bits)]
        self._log.append(new_frozen(Roll, {"die": die.name, "reason": reason, "result": value, "physical": False}))
        return value

    def _seeded(self) -> Callable[[int], int]:
        """The seeded generator's draw of so many random bits, made on the first roll: most actions roll nothing."""
        self._draw = bit_source(self.seed)
        return self._draw

    def pool(self, die: Die, count: int, reason: str) -> tuple[int, ...]:
        """Roll ``count`` dice of one kind (``2D6`` is ``pool(D6, 2, …)``), each recorded."""
        if count <= 0 or self._replay is not None or self._supplied:
            if count < 0:
                raise ValueError(f"{reason}: count must be 0 or more, got {count}")
            return tuple(self.roll(die, reason) for _ in range(count))
        # the seeded generator alone: the same draws as one roll() after another, made in one go
        draw = self._draw or self._seeded()
        faces, sides, bits = die.draws
        name, append = die.name, self._log.append
        values: list[int] = []
        while True:
            index = draw(bits)  # as _below does
            while index >= sides:
                index = draw(bits)
            value = faces[index]
            append(new_frozen(Roll, {"die": name, "reason": reason, "result": value, "physical": False}))
            if count == 1:  # the last die (most pools roll one and make no list)
                return (*values, value)
            values.append(value)
            count -= 1

    def total(self, die: Die, count: int, reason: str) -> int:
        """The sum of ``count`` dice of one kind."""
        return sum(self.pool(die, count, reason))

    def _replayed(self, die: Die, reason: str) -> int:
        assert self._replay is not None
        if not self._replay:
            raise ReplayMismatch(
                f"{reason}: the log has no more rolls, a {die.name} was asked for",
                "log_exhausted",
                die=die.name,
                reason=reason,
            )
        recorded = self._replay.popleft()
        if recorded.die != die.name or (recorded.reason != reason and _REASON.match(recorded.reason)):
            # a log written before reasons were codes keeps its sentences: its dice are checked by die alone
            raise ReplayMismatch(
                f"roll {len(self._log) + 1}: the log has a {recorded.die} for {recorded.reason!r}, "
                f"the rules ask for a {die.name} for {reason!r}",
                "log_differs",
                roll=len(self._log) + 1,
                logged_die=recorded.die,
                logged_reason=recorded.reason,
                die=die.name,
                reason=reason,
            )
        self._log.append(recorded)
        return recorded.result


_REASON = re.compile(r"^([a-z][a-z0-9_]*) \[([^\]]*)\](?: (.*))?$")


def reason(code: str, clause: str, **facts: object) -> str:
    """Why a die is rolled, as the log keeps it: a code, the clause and the facts (ids, engine words, numbers, with
    no space), ``"rock_hits [§8.1.4] section=W3"``; read back by :func:`read_reason`."""
    if not facts:
        return f"{code} [{clause}]"
    return f"{code} [{clause}] " + " ".join(f"{key}={value}" for key, value in facts.items())


def read_reason(text: str) -> tuple[str, str, dict[str, str]] | None:
    """The code, clause and facts of a reason written by :func:`reason`; None for a sentence of an older log."""
    found = _REASON.match(text)
    if found is None:
        return None
    code, clause, facts = found.groups()
    return code, clause, dict(f.partition("=")[::2] for f in facts.split(" ")) if facts else {}


def _below(draw: Callable[[int], int], sides: int, bits: int) -> int:
    """A number from 0 to ``sides - 1`` drawn from ``bits`` random bits, the fewest that hold ``sides``: the draw
    :meth:`random.Random.randrange` makes (as CPython 3.11 does, drawn again when too high), without its argument
    checks."""
    index = draw(bits)
    while index >= sides:
        index = draw(bits)
    return index
