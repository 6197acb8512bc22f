"""§5.9 Table 3 and R5 scoring; §5.10 template strength. Table 3's bands are transcribed from seed 000."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rules.siege.structure import (
    COLLAPSE_SCORE,
    StructureOutcome,
    damage_die,
    outcome,
    score,
    template_strength,
)
from tests.rules.data import siege_rules

NAMES = {
    "Pas d'effet": StructureOutcome.NO_EFFECT,
    "Ebranlé": StructureOutcome.SHAKEN,
    "Sévèrement ébranlé": StructureOutcome.SEVERELY_SHAKEN,
    "Rempart Détruit": StructureOutcome.RAMPART_DESTROYED,
    "Effondrement partiel": StructureOutcome.PARTIAL_COLLAPSE,
    "Effondrement": StructureOutcome.COLLAPSE,
}


TABLE_3 = [(low, high, NAMES[effect]) for low, high, effect in siege_rules.TABLE_3]


def test_table_3_has_a_row_for_each_outcome() -> None:
    assert [row[2] for row in TABLE_3] == list(StructureOutcome)


@pytest.mark.parametrize(("low", "high", "expected"), TABLE_3, ids=[f"§5.9-{row[2].value}" for row in TABLE_3])
def test_every_score_of_table_3(low: int, high: int | None, expected: StructureOutcome) -> None:
    """§5.9 Table 3, R5: each score of each band (19+ checked up to 30)."""
    for s in range(low, (high if high is not None else 30) + 1):
        assert outcome(s) is expected


@pytest.mark.parametrize(
    ("name", "points"),
    [("no_effect", 0), ("shaken", 1), ("severely_shaken", 1), ("rampart_destroyed", 2), ("partial_collapse", 2)],
)
def test_damage_points_each_outcome_adds(name: str, points: int) -> None:
    """R5: shaken +1, severely shaken +1, rampart destroyed +2, partial collapse +2."""
    assert StructureOutcome(name).damage_points == points


def test_score_below_the_table_has_no_effect() -> None:
    """§5.9: S1 single damage on an undamaged section scores 1."""
    assert outcome(1) is StructureOutcome.NO_EFFECT


def test_collapse_threshold() -> None:
    """R5: 19+ collapses."""
    assert COLLAPSE_SCORE == 19


@pytest.mark.parametrize(
    ("strength", "roll", "prior", "expected"),
    [
        pytest.param(7, 4, 0, 11, id="§5.9-catapult-S7-D4-rolls-4"),
        pytest.param(4, 0, 0, 4, id="R5-single-damage-adds-nothing"),
        pytest.param(10, 6, 3, 19, id="R5-prior-points-add"),
    ],
)
def test_score(strength: int, roll: int, prior: int, expected: int) -> None:
    assert score(strength, roll, prior) == expected


@pytest.mark.parametrize(("damage", "faces"), [("1", None), ("D2", 2), ("D3", 3), ("D4", 4), ("D6", 6)])
def test_damage_dice(damage: str, faces: int | None) -> None:
    die = damage_die(damage)
    assert (None if die is None else len(die.faces)) == faces


def test_template_over_models_loses_one_strength() -> None:
    """§5.10, R5: S−1 when aimed at the structure and the models under it."""
    assert template_strength(7, with_models=True) == 6
    assert template_strength(7, with_models=False) == 7


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: damage_die("D5"), "damage must be one of '1', 'D2', 'D3', 'D4', 'D6', got 'D5'"),
        (lambda: score(11, 0, 0), "strength must be between 1 and 10, got 11"),
        (lambda: score(5, 0, -1), "prior must be 0 or more, got -1"),
        (lambda: outcome(0), "score must be 1 or more, got 0"),
    ],
)
def test_bad_input(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
