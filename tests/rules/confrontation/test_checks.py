"""The Confrontation test and its grades (004 Tirer dans le tas, Se désengager d'un combat)."""

from __future__ import annotations

import pytest

from rules.confrontation import checks
from rules.dice import Dice, DieValueError
from tests.rules.confrontation import data


@pytest.mark.parametrize(
    ("scale", "exceptional", "grave", "critical"),
    [
        pytest.param(
            checks.SHOT_GRADES,
            data.TIR_REUSSITE_EXCEPTIONNELLE,
            data.TIR_ECHEC_GRAVE,
            data.TIR_ECHEC_CRITIQUE,
            id="tirer-dans-le-tas",
        ),
        pytest.param(
            checks.DISENGAGE_GRADES,
            data.DESENGAGEMENT_REUSSITE_EXCEPTIONNELLE,
            data.DESENGAGEMENT_ECHEC_GRAVE,
            data.DESENGAGEMENT_ECHEC_CRITIQUE,
            id="se-desengager",
        ),
    ],
)
def test_grade_scale(scale: checks.GradeScale, exceptional: int, grave: int, critical: int) -> None:
    """004 Tirer dans le tas, Se désengager d'un combat: the grades by margin, a natural 1 being critical."""
    expected = {}
    for margin in range(-12, 13):
        if margin >= exceptional:
            expected[margin] = "exceptional_success"
        elif margin >= 0:
            expected[margin] = "success"
        elif margin <= -critical:
            expected[margin] = "critical_failure"
        elif margin <= -grave:
            expected[margin] = "grave_failure"
        else:
            expected[margin] = "failure"
    assert {m: scale.grade(4, m).value for m in expected} == expected
    assert {scale.grade(1, m) for m in expected} == {checks.Grade.CRITICAL_FAILURE}


def test_a_test_succeeds_when_the_total_reaches_the_difficulty() -> None:
    """ODDS_API: a Confrontation test succeeds when d6 + the value ≥ the difficulty; margin = total − difficulty."""
    dice = Dice(seed=1)
    dice.supply([3, 2])
    reached = checks.roll_test(dice, 4, 7, "reach")
    short = checks.roll_test(dice, 4, 7, "short")
    assert (reached.total, reached.margin, reached.succeeded) == (7, 0, True)
    assert (short.total, short.margin, short.succeeded) == (6, -1, False)
    assert [(r.die, r.reason, r.result, r.physical) for r in dice.log] == [
        ("D6", "reach", 3, True),
        ("D6", "short", 2, True),
    ]


def test_a_test_rolled_at_the_table_refuses_a_face_the_d6_cannot_show() -> None:
    dice = Dice(seed=1)
    dice.supply([7])
    with pytest.raises(DieValueError, match="a D6 cannot show 7"):
        checks.roll_test(dice, 4, 7, "004 Test de peur")
    assert dice.log == ()


def test_a_test_replays_from_its_log() -> None:
    dice = Dice(seed=5)
    first = [checks.roll_test(dice, 2, 6, "a").face for _ in range(20)]
    replayed = Dice.replay(dice.log)
    assert [checks.roll_test(replayed, 2, 6, "a").face for _ in range(20)] == first
