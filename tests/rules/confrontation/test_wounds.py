"""004 Tableau des blessures: every cell against :mod:`.data` (R18), the doubles, bad input."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rules.confrontation import wounds
from tests.rules.confrontation import data

WOUNDS = {
    "rien": "none",
    "sonné": "stunned",
    "léger": "light",
    "grave": "serious",
    "critique": "critical",
    "Tué Net": "killed",
}
LOCATIONS = ("legs", "arms", "torso", "head")


def _damages(low: int | None, high: int | None) -> list[int]:
    if low is None:
        assert high is not None
        return [high - 100, high - 1, high]
    if high is None:
        return [low, low + 1, low + 100]
    # R18: 30 is read in the "30 ou +" row, so the "26 à 30" row ends at 29.
    return list(range(low, min(high, 29) + 1))


@pytest.mark.parametrize(("band", "row"), data.BLESSURES, ids=[str(b) for b, _ in data.BLESSURES])
def test_wound_table(band: tuple[int | None, int | None], row: tuple[str, ...]) -> None:
    """004 Tableau des blessures: every cell, at every damage of its band (R18 for 30)."""
    for damage in _damages(*band):
        for location, cell in zip(LOCATIONS, row, strict=True):
            assert wounds.wound(damage, location).value == WOUNDS[cell], (damage, location)


def test_wound_of_exactly_30_is_the_last_row() -> None:
    """R18: a damage of exactly 30 uses the "30 or more" row."""
    assert [wounds.wound(30, loc).value for loc in LOCATIONS] == [WOUNDS[c] for c in data.BLESSURES[-1][1]]


@pytest.mark.parametrize(("face", "effect"), data.DOUBLES.items())
def test_wound_doubles(face: int, effect: int | str) -> None:
    """004 Tableau des blessures: double 1 no effect, 6 killed outright, 2–5 change the force."""
    for damage in range(-20, 35):
        for location in LOCATIONS:
            got = wounds.wound(damage, location, double=face).value
            if effect == "aucun effet":
                assert got == "none"
            elif effect == "Tué Net":
                assert got == "killed"
            else:
                assert isinstance(effect, int)
                assert got == wounds.wound(damage + effect, location).value


@pytest.mark.parametrize(
    ("face", "location"), [(1, "legs"), (2, "arms"), (3, "torso"), (4, "head"), (5, "head"), (6, "head")]
)
def test_location_headings(face: int, location: str) -> None:
    """004 Tableau de blessures: jambes (1), bras (2), tronc (3), tête (4+)."""
    assert wounds.location_of(face).value == location


def test_worked_example() -> None:
    """004 Tableau des blessures: 12 at the torso with a double 3 (−1 force) is 11, critical."""
    assert wounds.wound(12, "torso", double=3) is wounds.Wound.CRITICAL
    assert wounds.wound(16, "torso") is wounds.Wound.KILLED
    assert wounds.wound(16, "torso", double=3) is wounds.Wound.CRITICAL


def test_a_double_can_cross_into_the_open_bands() -> None:
    """004 Tableau des blessures: a double 5 takes 28 to 30, killed even at the legs (R18)."""
    assert wounds.wound(28, "legs") is wounds.Wound.CRITICAL
    assert wounds.wound(28, "legs", double=5) is wounds.Wound.KILLED


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: wounds.wound(5, "tail"), "location must be one of 'legs', 'arms', 'torso', 'head'"),
        pytest.param(lambda: wounds.wound(5, "head", double=7), "double must be between 1 and 6, got 7"),
        pytest.param(lambda: wounds.wound(5, "head", double=0), "double must be between 1 and 6, got 0"),
        pytest.param(lambda: wounds.wound(2.5, "head"), "damage must be an integer"),  # type: ignore[arg-type]
        pytest.param(lambda: wounds.wound(True, "head"), "damage must be an integer"),
        pytest.param(lambda: wounds.location_of(7), "face must be between 1 and 6, got 7"),
    ],
)
def test_bad_input_names_the_rule_and_range(call: Callable[[], object], message: str) -> None:
    """Bad input: a location or a damage outside the wound table is refused with the accepted range."""
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_a_location_outside_the_table_is_refused_naming_the_rule() -> None:
    """Bad input: a location outside the wound table, refused with the rule and the accepted locations."""
    with pytest.raises(ValueError, match="must be one of") as refused:
        wounds.wound(5, "tail")
    assert str(refused.value) == (
        "location must be one of 'legs', 'arms', 'torso', 'head', got 'tail' (004 Tableau des blessures)"
    )
    with pytest.raises(ValueError, match=re.escape("double must be between 1 and 6, got 9 (004 Tableau des")):
        wounds.wound(5, "head", double=9)
