"""The Monte Carlo's dice: drawn as signed bytes, every face of the die and only those, each about equally often.

The simulators built on :func:`rules.montecarlo.roll` are checked against the exact odds in ``test_odds.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from rules import montecarlo as mc
from rules.dice import ARTILLERY, D2, D3, D6, D10, D10_ZERO, SCATTER, Die

RUNS = 60_000


@pytest.mark.parametrize("die", [D2, D3, D6, D10, D10_ZERO, ARTILLERY, SCATTER], ids=lambda die: die.name)
def test_roll_gives_each_face_its_share(die: Die) -> None:
    """Each distinct value comes up within 4 standard errors of (its number of faces) / (faces of the die)."""
    rolls = mc.roll(np.random.default_rng(len(die.faces)), die, RUNS)
    assert rolls.dtype == np.int8
    assert rolls.shape == (RUNS,)
    values, counts = np.unique(rolls, return_counts=True)
    assert values.tolist() == list(die.values)
    for value, count in zip(values.tolist(), counts.tolist(), strict=True):
        p = die.faces.count(value) / len(die.faces)
        assert abs(count / RUNS - p) <= 4 * math.sqrt(p * (1 - p) / RUNS)


def test_roll_takes_a_shape() -> None:
    rolls = mc.roll(np.random.default_rng(0), D6, (3, 4))
    assert rolls.shape == (3, 4)
    assert set(rolls.ravel().tolist()) <= set(D6.faces)


def test_rolls_subtract_below_zero() -> None:
    """A D2 taken from a D2 (counter-mining's shape, R2) goes to −1, not to a wrapped 255."""
    rng = np.random.default_rng(3)
    difference = mc.roll(rng, D2, 1000) - mc.roll(rng, D2, 1000)
    assert set(difference.tolist()) == {-1, 0, 1}


def test_roll_refuses_faces_beyond_a_byte() -> None:
    with pytest.raises(ValueError, match="must be 127 or fewer and fit in -128 … 127"):
        mc.roll(np.random.default_rng(0), Die("D200", tuple(range(1, 201))), 1)
