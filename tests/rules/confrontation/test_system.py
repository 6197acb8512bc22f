"""Confrontation as a rule system of rolls (:class:`rules.contract.Roller`): each roll asked is refused before any
die, or rolled; a battle's rolls are a log (:mod:`rules.log`) that replays them exactly."""

from __future__ import annotations

import pytest

from rules.confrontation.flight import DisengageOutcome
from rules.confrontation.situations import (
    DisengageSituation,
    FlightSituation,
    HoldFireSituation,
    MeleeSide,
    MeleeSituation,
    WoundSituation,
)
from rules.confrontation.system import CONFRONTATION, RollLog, rolls_of
from rules.confrontation.wounds import Location, Wound
from rules.contract import IllegalAction
from rules.dice import Dice

ORCS = MeleeSide("Orcs", "troop", 5, 1, 3, 3, 2, 4)
GUARDS = MeleeSide("Guards", "troop", 4, 1, 3, 4, 3, 5)


def test_a_charge_named_by_its_kind_is_refused_before_any_die() -> None:
    # 004 Charge de flanc: which charge it is follows from the side it arrives from, never typed in
    situation = MeleeSituation(ORCS, GUARDS, "flank_charge")
    (refusal,) = CONFRONTATION.problems(situation)
    assert (refusal.code, refusal.clause) == ("charge_kind_from_side", "004 Charge de flanc")
    dice = Dice(seed=1)
    with pytest.raises(IllegalAction):
        CONFRONTATION.roll(situation, dice)
    assert dice.log == ()


def test_a_voluntary_flight_starts_in_contact() -> None:
    # 004 Fuir volontairement, NB4: a voluntary flight has no gap to its enemy
    (refusal,) = CONFRONTATION.problems(FlightSituation("Orcs", 10, voluntary=True, pursuer="Guards", gap=3))
    assert (refusal.code, refusal.clause, refusal.params["gap"]) == ("voluntary_gap", "004 Fuir volontairement, NB4", 3)


def test_a_roll_gives_what_the_rules_give_with_its_dice() -> None:
    # 004 Tableau des blessures (R18): a 3 on the location die is the torso; damage 12 with a double 6 « Tué Net »
    dice = Dice()
    dice.supply([3])
    rolled = CONFRONTATION.roll(WoundSituation(12, 6), dice)
    assert (rolled.result.location, rolled.result.wound) == (Location.TORSO, Wound.KILLED)
    assert [(roll.die, roll.result, roll.physical) for roll in rolled.rolls] == [("D6", 3, True)]
    assert CONFRONTATION.problems(WoundSituation(12, 6)) == []


def test_a_battles_rolls_are_a_log_that_replays_them() -> None:
    asked = [
        MeleeSituation(ORCS, GUARDS, "charge", arrives_from="rear"),
        DisengageSituation("Guards", 4, 3, 1, 4),
        HoldFireSituation("Archers", 3),
    ]
    rolled = [CONFRONTATION.roll(request, Dice(seed=n)) for n, request in enumerate(asked)]
    log = rolls_of([(request, outcome.rolls) for request, outcome in zip(asked, rolled, strict=True)])
    again = RollLog.from_json(log.to_json())
    assert again == log
    assert [outcome.result for outcome in again.replay()] == [outcome.result for outcome in rolled]
    assert rolled[1].result.outcome in DisengageOutcome
