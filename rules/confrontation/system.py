"""Confrontation as a rule system of rolls (:class:`rules.contract.Roller`): it is not played turn by turn, no
state carries over from one roll to the next; each roll asked (:mod:`rules.confrontation.situations`) is refused
by :meth:`Confrontation.problems` or rolled by :meth:`Confrontation.roll`. A battle's rolls are a log
(:class:`RollLog`, :mod:`rules.log`): the rolls asked in turn, each with the dice it rolled, replayed exactly::

    >>> from rules.dice import Dice
    >>> from rules.confrontation.situations import WoundSituation
    >>> rolled = CONFRONTATION.roll(WoundSituation(damage=5), Dice(seed=1))
    >>> rolled.result.location.value, rolled.result.wound.value
    ('arms', 'light')
    >>> [(roll.die, roll.result, roll.reason) for roll in rolled.rolls]
    [('D6', 2, 'wound_location [004 Tableau des blessures]')]

A value out of its bounds is a bad argument (:class:`rules.validation.BadValue`), not a refusal of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules import contract
from rules.confrontation import flight, melee, shooting, wounds
from rules.confrontation.checks import SHOT_GRADES, TEST_DIE, Attempt, Grade
from rules.confrontation.flight import Disengagement, Move
from rules.confrontation.situations import (
    CHARGE,
    DisengageSituation,
    FlightSituation,
    HoldFireSituation,
    MeleeSide,
    MeleeSituation,
    Request,
    ShotSituation,
    WoundSituation,
)
from rules.contract import Event, IllegalAction, Refusal, Roller
from rules.dice import Dice, Roll, reason
from rules.log import Entry, Log, replay_outcomes

__all__ = [
    "CONFRONTATION",
    "REQUESTS",
    "Asked",
    "Confrontation",
    "Fled",
    "Resolved",
    "RollLog",
    "ShotResult",
    "Table",
    "WoundResult",
    "fighters",
    "rolls_of",
]

ResultT = TypeVar("ResultT")


@dataclass(frozen=True)
class Resolved(Generic[ResultT]):
    """A roll's outcome (:class:`rules.contract.Reported`): what the rules give (an opening, a shot's grade, a
    wound…), its events and the dice it rolled. A roll leaves no state behind it: ``state`` is ``None``, for the
    log."""

    result: ResultT
    rolls: tuple[Roll, ...]
    events: tuple[Event, ...] = ()

    @property
    def state(self) -> None:
        return None


@dataclass(frozen=True)
class ShotResult:
    """A shot rolled: the test, its grade and who it hits (``None``: nobody)."""

    attempt: Attempt
    grade: Grade
    hit: str | None


@dataclass(frozen=True)
class WoundResult:
    location: wounds.Location
    wound: wounds.Wound


@dataclass(frozen=True)
class Fled:
    """A flight rolled: the fleeing model's move, the pursuer's, and whether it is caught (``None``: no pursuer)."""

    flight: Move
    pursuit: Move | None
    caught: bool | None


def _approach(situation: MeleeSituation) -> melee.Approach:
    if situation.approach == CHARGE:
        return melee.charge_approach(situation.seen_by_target, situation.arrives_from)
    approach = melee.Approach(situation.approach)
    if approach in melee.CHARGES:
        raise IllegalAction("charge_kind_from_side", "004 Charge de flanc", approach=approach.value)
    return approach


def _fighter(side: MeleeSide, approach: melee.Approach) -> melee.Fighter:
    return melee.Fighter(
        side.name, side.discipline, side.initiative, approach, tuple(melee.Situation(s) for s in side.situations)
    )


def fighters(situation: MeleeSituation) -> tuple[melee.Fighter, melee.Fighter]:
    """The melee's two fighters: the attacker coming in as its approach says (a charge's kind from the side it
    arrives from, 004 *Charge de flanc*), the defender engaged; each named apart (004 *Tests de début de corps à
    corps*)."""
    if situation.attacker.name == situation.defender.name:
        raise IllegalAction("fighters_named_apart", "004 Tests de début de corps à corps")
    return _fighter(situation.attacker, _approach(situation)), _fighter(situation.defender, melee.Approach.ENGAGED)


def _melee(situation: MeleeSituation, dice: Dice) -> melee.MeleeOpening:
    return melee.open_melee(dice, fighters(situation))


def _shot(situation: ShotSituation, dice: Dice) -> ShotResult:
    if situation.into_melee:
        shot = shooting.shoot_into_melee(
            dice,
            situation.shooting,
            situation.range_band,
            situation.target,
            situation.target_monster,
            situation.in_contact,
            situation.modifiers,
        )
        return ShotResult(shot.attempt, shot.grade, shot.hit)
    attempt = shooting.shoot(dice, situation.shooting, situation.range_band, situation.modifiers)
    grade = attempt.grade(SHOT_GRADES)
    return ShotResult(attempt, grade, situation.target if grade.succeeded else None)


def _wound(situation: WoundSituation, dice: Dice) -> WoundResult:
    """004 *Tableau des blessures*, R18: a d6 for the location, then the damage's band in that column."""
    face = dice.roll(TEST_DIE, reason("wound_location", "004 Tableau des blessures"))
    location = wounds.location_of(face)
    return WoundResult(location, wounds.wound(situation.damage, location, situation.double))


def _flight(situation: FlightSituation, dice: Dice) -> Fled:
    """004 *Rattraper un fuyard*, *Fuir volontairement*: the pursuer catches the fleeing model when its move
    reaches the gap plus the flight; a voluntary flight starts in contact (NB4)."""
    if situation.voluntary and situation.gap:
        raise IllegalAction("voluntary_gap", "004 Fuir volontairement, NB4", gap=situation.gap)
    fled = flight.flee(dice, situation.move, situation.voluntary, situation.modifier)
    if not situation.pursuer:
        return Fled(fled, None, None)
    pursuit = flight.pursue(dice, situation.pursuer_charge_move, situation.pursuer_move, situation.pursuit_modifier)
    return Fled(fled, pursuit, flight.caught(pursuit.distance, fled.distance, situation.gap))


def _disengage(situation: DisengageSituation, dice: Dice) -> Disengagement:
    return flight.disengage(
        dice,
        situation.initiative,
        situation.highest_opposing_initiative,
        situation.opponents,
        situation.fleeing,
        situation.engaged_elsewhere,
        charged_this_turn=situation.charged_this_turn,
    )


def _hold_fire(situation: HoldFireSituation, dice: Dice) -> Attempt:
    return shooting.hold_fire(dice, situation.discipline)


_ROLLS: Mapping[type[Request], Callable[[Any, Dice], Any]] = {
    MeleeSituation: _melee,
    ShotSituation: _shot,
    WoundSituation: _wound,
    FlightSituation: _flight,
    DisengageSituation: _disengage,
    HoldFireSituation: _hold_fire,
}
"""Each roll's rules, by the kind of request."""

REQUESTS: Mapping[str, type[Request]] = {cls.kind: cls for cls in _ROLLS}
"""Each kind of roll asked, by its name in a log (``"melee"``, ``"shot"``…)."""


def _no_turn(_: None, request: Request) -> list[Refusal]:
    return []  # no turn to be out of: every refusal is the rules' own


def _rolled(_: None, request: Request, dice: Dice) -> Resolved[Any]:
    mark = dice.mark()
    result = _ROLLS[type(request)](request, dice)
    return Resolved(result, dice.since(mark))


class Confrontation:
    """The Confrontation house rules (seed 004) as :class:`~rules.contract.Roller` asks."""

    def problems(self, request: Request, /) -> list[Refusal]:
        """Why ``request`` may not be rolled, tried with dice of its own: the rules refuse before they roll."""
        return contract.problems(_no_turn, _rolled, None, request)

    def roll(self, request: Request, dice: Dice, /) -> Resolved[Any]:
        """``request`` rolled with ``dice``; refused with :class:`~rules.contract.IllegalAction` before any die."""
        return contract.apply(_no_turn, _rolled, None, request, dice)


CONFRONTATION: Roller[Request, Resolved[Any]] = Confrontation()


# ---- a battle's rolls as a log ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """One roll of a battle's log: the request, named by its kind; its JSON form is the kind and the situation, as
    the assistant keeps them."""

    request: Request

    @property
    def name(self) -> str:
        return self.request.kind

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.request.kind, "situation": self.request.to_json()}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Asked:
        kind = data.get("kind")
        cls = REQUESTS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown roll {kind!r}")
        return Asked(cls.from_json(data["situation"]))


@dataclass(frozen=True)
class Table:
    """What a battle of Confrontation sets up for its rolls: the names of its two sides, the attacker's first."""

    sides: tuple[str, str] = ("", "")

    def to_json(self) -> dict[str, Any]:
        return {"sides": list(self.sides)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Table:
        first, second = data.get("sides", ("", ""))
        return Table((str(first), str(second)))


class RollLog(Log[Table, Asked]):
    """A battle's rolls: its table, a seed (the assistant's rolls come from the app or the table, not from it) and
    each roll asked with its dice."""

    def replay(self) -> Iterator[Resolved[Any]]:
        """Each roll again with the dice logged with it; a roll that rolls other dice than its entry's raises
        :class:`~rules.dice.ReplayMismatch`."""

        def again(state: None, asked: Asked, dice: Dice) -> Resolved[Any]:
            return CONFRONTATION.roll(asked.request, dice)

        return replay_outcomes(None, self.entries, again)


def rolls_of(asked: Sequence[tuple[Request, Sequence[Roll]]], table: Table = Table()) -> RollLog:
    """The log of the rolls ``asked``, each with the dice it rolled."""
    return RollLog(table, 0, tuple(Entry(Asked(request), tuple(rolls)) for request, rolls in asked))
