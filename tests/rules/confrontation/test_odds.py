"""The Confrontation odds of ``rules.odds`` against ODDS_API.md's worked examples (transcribed in
``tests/rules/data``) and a Monte Carlo of the same rules.

The Monte Carlo plays the engine's own resolution (the shot, the disengage test, the flight and the pursuit) with
seeded :class:`~rules.dice.Dice`, so the exact arithmetic of :mod:`rules.dist` is checked against the rules as a
battle rolls them. Each exact probability must lie within 4 standard errors of the simulated frequency (plus 1/N);
the examples are derandomised and each simulation seeded from its arguments, so a failure is reproducible.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import odds
from rules.confrontation import flight, shooting, wounds
from rules.confrontation.checks import SHOT_GRADES
from rules.dice import Dice
from tests.rules.data.odds_api import CONFRONTATION_EXAMPLES, WorkedExample

RUNS = 4_000
MC_SETTINGS = settings(max_examples=20, deadline=None, derandomize=True)


def test_every_confrontation_example_is_transcribed() -> None:
    assert len(CONFRONTATION_EXAMPLES) == 4


@pytest.mark.parametrize("example", CONFRONTATION_EXAMPLES, ids=[example[0] for example in CONFRONTATION_EXAMPLES])
def test_worked_example_from_odds_api(example: WorkedExample) -> None:
    """ODDS_API.md, The other rule systems: each Confrontation call gives the result written beside it."""
    name, args, kwargs, expected = example
    assert getattr(odds, name)(*args, **kwargs) == expected


def test_the_document_disengage_example() -> None:
    """004 Se désengager d'un combat, EX: with one orc engaged elsewhere the difficulty is 7, a 4 then succeeds."""
    assert odds.confrontation_disengage(3, 2, 3, 2, engaged_elsewhere=1) == {
        "exceptional_success": F(1, 6),
        "success": F(1, 3),
        "failure": F(1, 6),
        "grave_failure": F(1, 6),
        "critical_failure": F(1, 6),
    }


def test_a_shot_at_a_crenellated_wall() -> None:
    """004 Modificateurs de tir: medium range, major cover (créneaux): difficulty 10 for a shooter of 4."""
    assert odds.confrontation_shot(4, "medium", 3) == {
        "success": F(1, 6),
        "failure": F(1, 3),
        "grave_failure": F(1, 3),
        "critical_failure": F(1, 6),
    }


def test_a_voluntary_flight_is_caught_from_the_fleeing_model() -> None:
    """004 Fuir volontairement, NB4: both moves from the fleeing model. Flight 5/10/15/20 cm, pursuit 10/15/20 cm."""
    # flight 5 (1/6): always; 10 (2/6): always; 15 (2/6): pursuit 15+ (5/6); 20 (1/6): 20 (3/6).
    expected = F(1, 6) + F(2, 6) + F(2, 6) * F(5, 6) + F(1, 6) * F(3, 6)
    assert odds.confrontation_caught(10, 10, 10, True) == expected


def test_a_model_that_cannot_flee_is_caught() -> None:
    """004 Rattraper un fuyard: a 1 cannot flee; −1 for a model that already moved makes a 2 a 1."""
    assert odds.confrontation_caught(10, 1, 0, False, flee_modifier=-5) == 1
    # 1 cm apart, a pursuer of move 1 and no charge move goes 0, 1/2 or 1 cm.
    assert odds.confrontation_caught(10, 1, 0, False, gap=1, flee_modifier=-5) == F(1, 2)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((12, "torso", 3), "critical"),
        ((30, "legs", None), "killed"),  # R18
        ((29, "legs", None), "critical"),
        ((-20, "head", 1), "none"),
        ((-20, "legs", 6), "killed"),
        ((-16, "arms", 4), "none"),  # −15: "−15 ou −"
        ((-16, "arms", 5), "stunned"),  # −14
    ],
)
def test_confrontation_wound(args: tuple[int, str, int | None], expected: str) -> None:
    """004 Tableau des blessures, R18, doubles."""
    assert odds.confrontation_wound(*args) == expected


@given(
    shooting_value=st.integers(0, 12),
    band=st.sampled_from(["short", "medium", "long"]),
    modifier=st.integers(-5, 15),
)
def test_shot_grades_sum_to_one_and_hold_only_possible_keys(shooting_value: int, band: str, modifier: int) -> None:
    result = odds.confrontation_shot(shooting_value, band, modifier)
    assert sum(result.values()) == 1
    assert all(p > 0 for p in result.values())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: odds.confrontation_shot(-1, "short"), "shooting must be between 0 and 100, got -1"),
        pytest.param(lambda: odds.confrontation_shot(3, "far"), "range_band must be one of 'short', 'medium', 'long'"),
        pytest.param(lambda: odds.confrontation_shot(3, "short", 1.5), "modifier must be an integer"),  # type: ignore[arg-type]
        pytest.param(lambda: odds.confrontation_shot(True, "short"), "shooting must be an integer"),
        pytest.param(lambda: odds.confrontation_disengage(3, 2, 0, 2), "opponents must be 1 or more, got 0"),
        pytest.param(lambda: odds.confrontation_disengage(3, 2, 3, 0), "fleeing must be 1 or more, got 0"),
        pytest.param(lambda: odds.confrontation_disengage(3, 2, 3, 2, 4), "engaged_elsewhere must be between 0 and 3"),
        pytest.param(lambda: odds.confrontation_caught(0, 10, 20, False), "move must be 1 or more, got 0"),
        pytest.param(lambda: odds.confrontation_caught(10, 0, 20, False), "move must be 1 or more, got 0"),
        pytest.param(lambda: odds.confrontation_caught(10, 10, -1, False), "charge_move must be 0 or more, got -1"),
        pytest.param(lambda: odds.confrontation_caught(10, 10, 20, False, gap=-1), "gap must be 0 or more, got -1"),
        pytest.param(
            lambda: odds.confrontation_caught(10, 10, 20, True, gap=5),
            "004 Fuir volontairement, NB4: voluntary_gap (gap=5)",
        ),
        pytest.param(
            lambda: odds.confrontation_caught(10, 10, 20, False, flee_modifier=1),
            "modifier must be between -100 and 0, got 1",
        ),
        pytest.param(lambda: odds.confrontation_wound(3, "wing"), "location must be one of 'legs', 'arms'"),
        pytest.param(lambda: odds.confrontation_wound(3, "head", 0), "double must be between 1 and 6, got 0"),
        pytest.param(lambda: odds.confrontation_wound(3.0, "head"), "damage must be an integer"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_names_the_argument_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


# Monte Carlo


def _seed(*args: object) -> int:
    return zlib.crc32(repr(args).encode())


def _assert_close(exact: dict[str, Fraction], seen: Counter[str], runs: int) -> None:
    assert set(seen) <= set(exact), "the simulation saw an outcome the exact odds give no chance"
    for key, p in exact.items():
        tolerance = 4 * math.sqrt(float(p * (1 - p)) / runs) + 1 / runs
        assert abs(seen[key] / runs - float(p)) <= tolerance, (key, seen[key] / runs, float(p))


_LINES = [sorted(group) for group in shooting.MODIFIER_GROUPS] + [["charging_target"]]


@MC_SETTINGS
@given(
    shooting_value=st.integers(0, 10),
    band=st.sampled_from(["short", "medium", "long"]),
    chosen=st.tuples(*(st.sampled_from([None, *group]) for group in _LINES)),
)
def test_shot_against_monte_carlo(shooting_value: int, band: str, chosen: Sequence[str | None]) -> None:
    """004 Modificateurs de tir, Tirer dans le tas: the exact grades against shots rolled by the engine."""
    names = [name for name in chosen if name is not None]
    modifier = sum(shooting.SHOT_MODIFIERS[name] for name in names)
    dice = Dice(seed=_seed(shooting_value, band, names))
    seen = Counter(shooting.shoot(dice, shooting_value, band, names).grade(SHOT_GRADES).value for _ in range(RUNS))
    _assert_close(odds.confrontation_shot(shooting_value, band, modifier), seen, RUNS)


@MC_SETTINGS
@given(
    initiative=st.integers(0, 8),
    highest=st.integers(0, 9),
    opponents=st.integers(1, 4),
    fleeing=st.integers(1, 4),
    data=st.data(),
)
def test_disengage_against_monte_carlo(
    initiative: int, highest: int, opponents: int, fleeing: int, data: st.DataObject
) -> None:
    """004 Se désengager d'un combat: the exact grades against disengage tests rolled by the engine."""
    elsewhere = data.draw(st.integers(0, opponents))
    args = (initiative, highest, opponents, fleeing, elsewhere)
    dice = Dice(seed=_seed(*args))
    seen = Counter(flight.disengage(dice, *args).grade.value for _ in range(RUNS))
    _assert_close(odds.confrontation_disengage(*args), seen, RUNS)


@MC_SETTINGS
@given(
    flee_move=st.integers(1, 25),
    pursuer_move=st.integers(1, 25),
    charge_move=st.integers(0, 40),
    voluntary=st.booleans(),
    gap=st.integers(0, 40),
    flee_modifier=st.integers(-3, 0),
    pursuit_modifier=st.integers(-3, 0),
)
def test_caught_against_monte_carlo(
    flee_move: int,
    pursuer_move: int,
    charge_move: int,
    voluntary: bool,
    gap: int,
    flee_modifier: int,
    pursuit_modifier: int,
) -> None:
    """004 Rattraper un fuyard, Fuir volontairement: P(caught) against flights and pursuits rolled by the engine."""
    gap = 0 if voluntary else gap
    args = (flee_move, pursuer_move, charge_move, voluntary, gap, flee_modifier, pursuit_modifier)
    dice = Dice(seed=_seed(*args))
    caught = sum(
        flight.caught(
            flight.pursue(dice, charge_move, pursuer_move, pursuit_modifier).distance,
            flight.flee(dice, flee_move, voluntary, flee_modifier).distance,
            gap,
        )
        for _ in range(RUNS)
    )
    exact = odds.confrontation_caught(*args)
    _assert_close({"caught": exact, "escaped": 1 - exact}, Counter({"caught": caught, "escaped": RUNS - caught}), RUNS)


@given(damage=st.integers(-40, 45), location=st.sampled_from(["legs", "arms", "torso", "head"]))
def test_wound_is_the_tables_answer(damage: int, location: str) -> None:
    """``rules.odds.confrontation_wound`` is the engine's wound table, as a string."""
    for double in (None, 1, 2, 3, 4, 5, 6):
        assert odds.confrontation_wound(damage, location, double) == wounds.wound(damage, location, double).value
