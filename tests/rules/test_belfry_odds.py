"""The belfry's exact odds (``belfry_crush``, ``belfry_ignition``, ``belfry_reach``) against counts made from the
transcription of 001 (``tests/rules/data/belfry.py``) and against a Monte Carlo of the same questions.

The simulation rolls NumPy dice and reads the transcribed tables, sharing no code with :mod:`rules.odds`. Each exact
probability must lie within 4 standard errors of the simulated frequency (plus 1/N); each run is seeded from its
arguments, so a pass passes again and a failure is reproducible.
"""

from __future__ import annotations

import itertools
import math
import zlib
from collections.abc import Sequence
from fractions import Fraction as F

import numpy as np
import numpy.typing as npt
import pytest

from rules import odds
from tests.rules.data import belfry as doc

RUNS = 20_000


def _rng(*key: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _assert_close(exact: Sequence[F], observed: Sequence[float]) -> None:
    assert len(exact) == len(observed)
    for p, freq in zip(exact, observed, strict=True):
        tolerance = 4 * math.sqrt(float(p * (1 - p)) / RUNS) + 1 / RUNS
        assert abs(float(p) - freq) <= tolerance, (exact, observed)


def _d10(rng: np.random.Generator, size: int | tuple[int, ...]) -> npt.NDArray[np.int64]:
    return rng.integers(1, 11, size=size)


@pytest.mark.parametrize("armoured", [False, True])
def test_belfry_crush_counts_the_faces_of_the_table(armoured: bool) -> None:
    # 001 §8, R16: +1 for armour, 11 counts as 10
    bonus = doc.CRUSH_ARMOUR if armoured else 0
    expected = {
        name: F(sum(low <= min(10, roll + bonus) <= high for roll in range(1, 11)), 10) for low, high, name in doc.CRUSH
    }
    assert odds.belfry_crush(armoured) == expected
    assert list(odds.belfry_crush(armoured)) == ["step_back", "stunned", "wounded", "killed"]


def test_belfry_crush_values() -> None:
    # worked by hand from 001 §8
    assert odds.belfry_crush(False) == {
        "step_back": F(1, 2),
        "stunned": F(1, 5),
        "wounded": F(1, 5),
        "killed": F(1, 10),
    }
    assert odds.belfry_crush(True) == {"step_back": F(2, 5), "stunned": F(1, 5), "wounded": F(1, 5), "killed": F(1, 5)}


@pytest.mark.parametrize("armoured", [False, True])
def test_belfry_crush_against_monte_carlo(armoured: bool) -> None:
    scores = np.minimum(10, _d10(_rng("crush", armoured), RUNS) + (doc.CRUSH_ARMOUR if armoured else 0))
    exact = odds.belfry_crush(armoured)
    observed = [float(np.mean((scores >= low) & (scores <= high))) for low, high, _ in doc.CRUSH]
    _assert_close([exact[name] for _, _, name in doc.CRUSH], observed)


@pytest.mark.parametrize("face", sorted(doc.FIRE_RATIO))
@pytest.mark.parametrize("hits", [0, 1, 2, 3, 5, 10])
def test_belfry_ignition(face: str, hits: int) -> None:
    # 001 §9, R19: each hit its own D10
    chances, of = doc.FIRE_RATIO[face]
    exact = odds.belfry_ignition(face, hits)
    assert exact == 1 - (1 - F(chances, of)) ** hits
    rolls = _d10(_rng("ignition", face, hits), (RUNS, hits))
    observed = float(np.mean((rolls <= chances).any(axis=1))) if hits else 0.0
    _assert_close([exact], [observed])


def test_belfry_ignition_worked_values() -> None:
    assert odds.belfry_ignition("front", 1) == F(1, 10)
    assert odds.belfry_ignition("rear", 2) == F(51, 100)
    assert odds.belfry_ignition("side", 0) == 0


def _speed(pushers: npt.NDArray[np.int64], aboard: int, overload: bool) -> npt.NDArray[np.int64]:
    light = overload and aboard <= doc.OVERLOAD_LIGHT_UP_TO
    table = doc.OVERLOAD_SPEED if light else doc.STANDARD_SPEED
    (fast, two), (slow, one) = table
    return np.where(pushers >= fast, two, np.where(pushers >= slow, one, 0))


def _simulate_reach(
    key: object, distance: int, pushers: int, losses: Sequence[F], turns: int, aboard: int, overload: bool
) -> list[float]:
    rng = _rng("reach", key)
    left = np.full(RUNS, distance)
    crew = np.full(RUNS, pushers)
    weights = np.array([float(p) for p in losses])
    found = []
    for _ in range(turns):
        left = np.maximum(doc.REACH, left - _speed(crew, aboard, overload))
        found.append(float(np.mean(left <= doc.REACH)))
        crew = np.maximum(0, crew - rng.choice(len(weights), size=RUNS, p=weights))
    return found


REACH_CASES = [
    (6, 10, [F(1, 2), F(1, 3), F(1, 6)], 5, 0, False),
    (8, 9, [F(1, 3), F(1, 3), F(1, 3)], 6, 0, False),
    (5, 7, [F(3, 4), F(1, 4)], 5, 12, True),
    (5, 7, [F(3, 4), F(1, 4)], 5, 20, True),
    (10, 12, odds.shooting_wounds(6, 3, 3, 4), 8, 0, False),
    (3, 4, [F(0), F(1)], 4, 0, False),
]


@pytest.mark.parametrize("case", REACH_CASES)
def test_belfry_reach_against_monte_carlo(case: tuple[int, int, list[F], int, int, bool]) -> None:
    distance, pushers, losses, turns, aboard, overload = case
    exact = odds.belfry_reach(distance, pushers, losses, turns, aboard=aboard, overload=overload)
    assert len(exact) == turns
    assert all(a <= b for a, b in itertools.pairwise(exact))
    _assert_close(exact, _simulate_reach(case, distance, pushers, losses, turns, aboard, overload))


def test_belfry_reach_by_hand() -> None:
    # 001 §4.1: 8 pushers, 2 hexes a turn; from 5 hexes, in reach after 2 turns
    assert odds.belfry_reach(5, 8, [F(1)], 3) == [F(0), F(1), F(1)]
    # 4 pushers losing one each turn with probability 1/2: 1 hex a turn while 4 remain, then none
    assert odds.belfry_reach(3, 4, [F(1, 2), F(1, 2)], 3) == [F(0), F(1, 2), F(1, 2)]
    # already in reach
    assert odds.belfry_reach(1, 0, [F(1)], 2) == [F(1), F(1)]
    # the overload option: 6 pushers roll 2 hexes with 16 aboard, 1 with 17 (001 §4.2, R16)
    assert odds.belfry_reach(3, 6, [F(1)], 1, aboard=16, overload=True) == [F(1)]
    assert odds.belfry_reach(3, 6, [F(1)], 1, aboard=17, overload=True) == [F(0)]
    # 8 pushers losing one in the defenders' first turn with probability 1/2: 2 hexes, then 1 or 2, then 1
    assert odds.belfry_reach(5, 8, [F(1, 2), F(1, 2)], 3) == [F(0), F(1, 2), F(1)]
    # more losses than pushers leave none: the belfry stops where it is
    assert odds.belfry_reach(4, 4, [F(0), F(0), F(0), F(0), F(0), F(1)], 3) == [F(0), F(0), F(0)]
    # the far end of the board: 100 hexes at 2 a turn is never reached in 20 turns, nor 42 hexes; 41 in 20
    assert odds.belfry_reach(100, 12, [F(1)], 20) == [F(0)] * 20
    assert odds.belfry_reach(42, 12, [F(1)], 20)[-1] == 0
    assert odds.belfry_reach(41, 12, [F(1)], 20)[-1] == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.belfry_crush(1), "armoured must be true or false"),  # type: ignore[arg-type]
        (lambda: odds.belfry_ignition("top", 1), "face"),
        (lambda: odds.belfry_ignition("front", -1), "hits must be between 0 and 1000"),
        (lambda: odds.belfry_reach(0, 8, [F(1)], 3), "distance must be between 1 and 100"),
        (lambda: odds.belfry_reach(4, 13, [F(1)], 3), "pushers must be between 0 and 12"),
        (lambda: odds.belfry_reach(4, 8, [F(1, 2)], 3), "losses must be"),
        (lambda: odds.belfry_reach(4, 8, [F(3, 2), F(-1, 2)], 3), "losses must be"),
        (lambda: odds.belfry_reach(4, 8, [F(1)], 0), "turns must be between 1 and 100"),
        (lambda: odds.belfry_reach(4, 8, [F(1)], 3, aboard=27), "aboard must be between 0 and 26"),
    ],
)
def test_bad_input_names_the_argument(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_the_documented_examples_of_belfry_reach_hold() -> None:
    # docs/odds.md documents belfry_reach, which ODDS_API.md leaves out; each of its examples is checked here
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "odds.md").read_text(encoding="utf-8")
    (block,) = text.split("```python\n")[1:]
    examples = [line for line in block.split("```")[0].splitlines() if line.strip()]
    assert len(examples) == 4
    for example in examples:
        assert example.startswith("odds.belfry_reach(")
        assert eval(example, {"odds": odds, "F": F}) is True, example
