"""004 La fuite: the tables cell by cell against :mod:`.data`, then the rules at work."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction

import pytest

from rules.confrontation import flight
from rules.confrontation.checks import Grade
from rules.confrontation.flight import DisengageOutcome
from rules.dice import Dice
from tests.rules.confrontation import data


@pytest.mark.parametrize(
    ("table", "typed", "voluntary"),
    [
        pytest.param(flight.FEAR_FLIGHT, data.FUITE_PEUR, False, id="rattraper-un-fuyard"),
        pytest.param(flight.VOLUNTARY_FLIGHT, data.FUITE_VOLONTAIRE, True, id="fuir-volontairement"),
    ],
)
def test_flight_table(table: Mapping[int, Fraction], typed: Mapping[int, str], voluntary: bool) -> None:
    """004 Rattraper un fuyard, Fuir volontairement: the fleeing model's move by its d6."""
    assert {face: Fraction(share) for face, share in typed.items()} == dict(table)
    for face, share in typed.items():
        assert flight.flight_distance(12, face, voluntary) == 12 * Fraction(share)


def test_pursuit_table() -> None:
    """004 Rattraper un fuyard, Fuir volontairement: maximum charge move + a share of the move."""
    for face, share in data.POURSUITE.items():
        assert flight.pursuit_distance(20, 12, face) == 20 + 12 * Fraction(share)


def test_flight_numbers() -> None:
    """004 La fuite: the −1 of a model that moved, the difficulties 8 of NB2 and NB5, the rally's −2 and the −1."""
    assert flight.ALREADY_MOVED == data.FUYARD_DEJA_DEPLACE
    assert flight.NOT_PURSUE_DIFFICULTY == data.NE_PAS_POURSUIVRE
    assert flight.LEAVE_TABLE_DIFFICULTY == data.SORTIR_DE_LA_TABLE
    assert flight.RALLY_STEP == data.RALLIEMENT_MOINS
    assert flight.AFTER_FAILED_RALLY == data.ESSOUFFLEMENT
    assert flight.MINIMUM_OPPOSING_INITIATIVE == data.DESENGAGEMENT_INITIATIVE_MINIMUM
    assert flight.CAUGHT_AFTER == data.RATTRAPE_AU_BOUT_DE


def test_disengage_example() -> None:
    """004 Se désengager d'un combat, EX: 2 humans against 3 orcs, 8; with one orc engaged elsewhere, 7."""
    example = data.DESENGAGEMENT_EXEMPLE
    humans, orcs = example["humains"], example["orques"]
    assert flight.disengage_difficulty(0, orcs, humans) == example["difficulté"]
    assert flight.disengage_difficulty(0, orcs, humans, engaged_elsewhere=1) == example["un orque engagé ailleurs"]


def _dice(*faces: int) -> Dice:
    dice = Dice(seed=0)
    dice.supply(faces)
    return dice


def test_a_modified_flight_roll_below_1_reads_as_1() -> None:
    """004 Rattraper un fuyard: −1 for a model that already moved; a 1 then reads as 1 (ODDS_API)."""
    assert flight.flight_distance(10, 2, voluntary=False, modifier=-1) == 0
    assert flight.flight_distance(10, 1, voluntary=False, modifier=-1) == 0
    assert flight.flight_distance(10, 4, voluntary=True, modifier=-1) == 10
    assert flight.pursuit_distance(20, 10, 4, modifier=-1) == 25


def test_a_pursuer_catches_a_model_that_failed_its_fear_test() -> None:
    """004 Rattraper un fuyard: each move from its own model, 15 cm apart; flight 4 (10 cm), pursuit 2 (25 cm)."""
    dice = _dice(4, 2)
    fled = flight.flee(dice, 10, voluntary=False)
    pursued = flight.pursue(dice, 20, 10)
    assert (fled.distance, pursued.distance) == (Fraction(10), Fraction(25))
    assert flight.caught(pursued.distance, fled.distance, gap=15)
    assert not flight.caught(pursued.distance, fled.distance, gap=16)
    assert [r.reason for r in dice.log] == [
        "flight_roll [004 Rattraper un fuyard]",
        "pursuit_roll [004 Rattraper un fuyard]",
    ]


def test_a_voluntary_flight_uses_its_own_table() -> None:
    """004 Fuir volontairement: a 4 flees 1.5 moves."""
    dice = _dice(4)
    assert flight.flee(dice, 10, voluntary=True).distance == 15
    assert dice.log[0].reason == "flight_roll [004 Fuir volontairement]"


def test_the_rally_difficulty_falls_by_2_each_turn() -> None:
    """004 Note aux pleutres: the failed fear test's difficulty − 2, then 2 less each failed rally."""
    assert [flight.rally_difficulty(9, failed) for failed in range(4)] == [7, 5, 3, 1]
    assert flight.rally(_dice(3), 2, 9, failed_rallies=1).succeeded  # 3 + 2 against 5
    assert not flight.rally(_dice(4), 2, 9).succeeded  # 4 + 2 against 7


def test_not_pursuing_and_leaving_the_table_are_discipline_tests_of_8() -> None:
    """004 La fuite NB2 and NB5."""
    assert flight.stop_pursuing(_dice(5), 3).succeeded
    assert not flight.stop_pursuing(_dice(4), 3).succeeded
    assert flight.stay_on_table(_dice(6), 2).difficulty == 8


@pytest.mark.parametrize(
    ("face", "grade", "outcome"),
    [
        (6, Grade.EXCEPTIONAL_SUCCESS, DisengageOutcome.FREE),  # 6 + 4 − 8 = 2
        (5, Grade.SUCCESS, DisengageOutcome.STRUCK_LEAVING),  # 1
        (4, Grade.SUCCESS, DisengageOutcome.STRUCK_LEAVING),  # 0
        (3, Grade.FAILURE, DisengageOutcome.HELD),  # −1
        (2, Grade.GRAVE_FAILURE, DisengageOutcome.ONE_DIE),  # −2
        (1, Grade.CRITICAL_FAILURE, DisengageOutcome.CAUGHT),  # a natural 1
    ],
)
def test_the_disengage_grades(face: int, grade: Grade, outcome: DisengageOutcome) -> None:
    """004 Se désengager d'un combat: 2 humans of initiative 4 against 3 orcs, difficulty 8."""
    result = flight.disengage(_dice(face), 4, 2, opponents=3, fleeing=2)
    assert (result.attempt.difficulty, result.grade, result.outcome) == (8, grade, outcome)
    assert outcome.discipline_lost is not grade.succeeded  # NB2


def test_a_failure_by_4_is_critical() -> None:
    """004 Se désengager d'un combat: a critical failure by 4 or more."""
    assert flight.disengage(_dice(2), 0, 5, opponents=1, fleeing=1).outcome is DisengageOutcome.CAUGHT  # 2 − 6
    assert flight.disengage(_dice(2), 0, 4, opponents=1, fleeing=1).outcome is DisengageOutcome.ONE_DIE  # 2 − 5


def test_the_highest_opposing_initiative_counts_when_above_4() -> None:
    """004 Se désengager d'un combat: the highest opposing initiative, at least 4."""
    assert flight.disengage_difficulty(7, opponents=1, fleeing=1) == 7 + 2 - 1
    assert flight.disengage_difficulty(3, opponents=1, fleeing=1, engaged_elsewhere=1) == 4 + 1 - 1


def test_one_pursuit_move_a_turn() -> None:
    """004 Mouvement de poursuite, Rappel: only one pursuit move a turn."""
    assert flight.can_pursue(0)
    assert not flight.can_pursue(1)


def test_a_unit_charged_this_turn_cannot_disengage() -> None:
    """004 Se désengager d'un combat, NB."""
    dice = _dice(6)
    with pytest.raises(ValueError, match="charged_cannot_disengage"):
        flight.disengage(dice, 4, 2, 3, 2, charged_this_turn=True)
    assert dice.log == ()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: flight.flight_distance(0, 3, False), "move must be 1 or more, got 0"),
        pytest.param(lambda: flight.flight_distance(10, 7, False), "face must be between 1 and 6, got 7"),
        pytest.param(lambda: flight.flight_distance(10, 3, False, 1), "modifier must be between -100 and 0, got 1"),
        pytest.param(lambda: flight.pursuit_distance(-1, 10, 3), "charge_move must be 0 or more, got -1"),
        pytest.param(lambda: flight.disengage_difficulty(4, 0, 1), "opponents must be 1 or more, got 0"),
        pytest.param(lambda: flight.disengage_difficulty(4, 2, 0), "fleeing must be 1 or more, got 0"),
        pytest.param(lambda: flight.disengage_difficulty(4, 2, 1, 3), "engaged_elsewhere must be between 0 and 2"),
        pytest.param(lambda: flight.rally_difficulty(8, -1), "failed_rallies must be 0 or more, got -1"),
        pytest.param(
            lambda: flight.caught(Fraction(1), Fraction(1), -1), "004 Rattraper un fuyard: gap_negative (gap=-1)"
        ),
    ],
)
def test_bad_input_names_the_rule_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_a_disengage_test_on_a_natural_1_fails_whatever_the_total() -> None:
    """004 Se désengager d'un combat: « échec ‘critique’ (de 4 ou plus, ou bien résultat de 1) ». Initiative 9
    against 2 humans leaving 3 orcs (difficulty 8, the document's example): a 1 totals 10, yet the unit is caught."""
    dice = Dice(seed=1)
    dice.supply([1])
    result = flight.disengage(dice, 9, 4, opponents=3, fleeing=2)
    assert (result.attempt.difficulty, result.attempt.margin) == (8, 2)
    assert result.outcome is flight.DisengageOutcome.CAUGHT
    assert result.attempt.succeeded is False
