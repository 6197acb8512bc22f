"""Dice: seeded rolls, the roll log and its replay, and dice rolled at the table (typed in, checked)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.dice import (
    ARTILLERY,
    D2,
    D3,
    D4,
    D6,
    D10,
    D10_ZERO,
    DICE,
    MISFIRE,
    SCATTER,
    Dice,
    Die,
    DieValueError,
    ReplayMismatch,
    Roll,
)


@pytest.mark.parametrize(
    ("die", "values"),
    [
        (D2, {1, 2}),
        (D3, {1, 2, 3}),
        (D4, {1, 2, 3, 4}),
        (D6, set(range(1, 7))),
        pytest.param(D10, set(range(1, 11)), id="seed-001-004-d10-1-10"),
        pytest.param(D10_ZERO, set(range(10)), id="R17-d10-0-9"),
        pytest.param(ARTILLERY, {MISFIRE, 2, 4, 6, 8, 10}, id="artillery"),
        pytest.param(SCATTER, {0, 1}, id="scatter"),
    ],
)
def test_seeded_rolls_show_every_face_and_nothing_else(die: object, values: set[int]) -> None:
    dice = Dice(seed=11)
    seen = {dice.roll(die, "test") for _ in range(600)}  # type: ignore[arg-type]
    assert seen == values


def test_scatter_die_has_two_hits_four_arrows() -> None:
    assert Counter(SCATTER.faces) == {0: 2, 1: 4}
    assert SCATTER.label(0) == "hit"
    assert ARTILLERY.label(MISFIRE) == "misfire"


def test_dice_registry_by_name() -> None:
    assert DICE["D6"] is D6
    assert DICE["D10(0-9)"] is D10_ZERO


def test_same_seed_same_rolls() -> None:
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.roll(D6, "x") for _ in range(50)] == [b.roll(D6, "x") for _ in range(50)]
    assert a.seed == 42


@pytest.mark.parametrize("die", [D3, D6, D10, ARTILLERY], ids=lambda d: d.name)
@pytest.mark.parametrize("seed", [0, 7, 2**62 + 12345])
def test_seeded_rolls_are_random_randrange_draws_from_the_seed(die: Die, seed: int) -> None:
    """A battle's seeds replay its games (§16, R10): one roll after another and a pool draw what
    random.Random(seed).randrange would, whatever makes the generator."""
    expected = random.Random(seed)
    faces = [die.faces[expected.randrange(len(die.faces))] for _ in range(40)]
    dice = Dice(seed=seed)
    assert [dice.roll(die, "x") for _ in range(10)] + [*dice.pool(die, 1, "x"), *dice.pool(die, 29, "x")] == faces


def test_two_d6_is_a_pool_of_two() -> None:
    dice = Dice(seed=3)
    pool = dice.pool(D6, 2, "2D6 break test")
    assert len(pool) == 2
    assert dice.log == tuple(Roll("D6", "2D6 break test", v) for v in pool)
    assert Dice(seed=3).total(D6, 2, "2D6 break test") == sum(pool)


def test_the_log_records_die_reason_result() -> None:
    dice = Dice(seed=5)
    value = dice.roll(D6, "§7.1.6 ladder push-back")
    assert dice.log == (Roll("D6", "§7.1.6 ladder push-back", value, physical=False),)


def test_mark_and_since_collect_one_action() -> None:
    dice = Dice(seed=5)
    dice.roll(D6, "before")
    mark = dice.mark()
    dice.roll(D4, "R3 ram damage")
    assert [r.reason for r in dice.since(mark)] == ["R3 ram damage"]


def test_replay_gives_back_the_same_battle() -> None:
    original = Dice(seed=9)
    results = [original.roll(D6, "§5.9 damage"), original.roll(D3, "R2 counter-mining")]
    replayed = Dice.replay(original.log)
    assert [replayed.roll(D6, "§5.9 damage"), replayed.roll(D3, "R2 counter-mining")] == results
    assert replayed.log == original.log


def test_replay_refuses_a_different_roll() -> None:
    original = Dice(seed=9)
    original.roll(D6, "§5.9 damage")
    replayed = Dice.replay(original.log)
    with pytest.raises(ReplayMismatch, match=r"the log has a D6 for '§5\.9 damage'"):
        replayed.roll(D4, "§5.9 damage")


def test_replay_refuses_running_past_the_log() -> None:
    with pytest.raises(ReplayMismatch, match="no more rolls"):
        Dice.replay([]).roll(D6, "extra")


def test_roll_round_trips_through_json() -> None:
    roll = Roll("D6", "R10 game length", 5, physical=True)
    assert Roll.from_json(roll.to_json()) == roll


def test_supplied_values_are_used_in_order_and_logged_as_physical() -> None:
    dice = Dice(seed=1)
    dice.supply([6, 2])
    assert dice.pending == 2
    assert dice.roll(D6, "a") == 6
    assert dice.roll(D2, "b") == 2
    assert dice.pending == 0
    assert all(r.physical for r in dice.log)
    assert not Dice(seed=1).log


def test_seeded_rolls_take_over_when_supplied_values_run_out() -> None:
    dice = Dice(seed=1)
    dice.supply([3])
    dice.roll(D6, "typed")
    dice.roll(D6, "seeded")
    assert [r.physical for r in dice.log] == [True, False]


@pytest.mark.parametrize(
    ("die", "value", "accepted"),
    [
        (D6, 7, "1, 2, 3, 4, 5, 6"),
        (D6, 0, "1, 2, 3, 4, 5, 6"),
        pytest.param(D10_ZERO, 10, "0, 1, 2, 3, 4, 5, 6, 7, 8, 9", id="R17-no-10-on-0-9"),
        pytest.param(D10, 0, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10", id="no-0-on-1-10"),
        pytest.param(ARTILLERY, 3, "misfire, 2, 4, 6, 8, 10", id="artillery-odd"),
    ],
)
def test_supplied_value_out_of_range_is_refused(die: object, value: int, accepted: str) -> None:
    dice = Dice(seed=1)
    dice.supply([value])
    with pytest.raises(DieValueError, match=f"cannot show {value}; accepted values are {accepted}"):
        dice.roll(die, "typed in")  # type: ignore[arg-type]
    assert dice.pending == 1
    assert not dice.log


@pytest.mark.parametrize("value", [3.0, True, "3"])
def test_supplied_value_must_be_an_integer(value: object) -> None:
    dice = Dice(seed=1)
    dice.supply([value])  # type: ignore[list-item]
    with pytest.raises(DieValueError, match="a D6 cannot show"):
        dice.roll(D6, "typed in")


def test_negative_pool_is_refused() -> None:
    with pytest.raises(ValueError, match="count must be 0 or more, got -1"):
        Dice(seed=1).pool(D6, -1, "x")


def test_unseeded_dice_record_their_seed_for_replay() -> None:
    dice = Dice()
    rolls = [dice.roll(D6, "x") for _ in range(20)]
    again = Dice(seed=dice.seed)
    assert [again.roll(D6, "x") for _ in range(20)] == rolls
