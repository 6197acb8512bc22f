from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege.movement import move
from rules.siege.profiles import Special
from rules.siege.psychology import PanicCause, needs_casualty_test, panic_test
from rules.siege.state import Side
from tests.rules.siege.builders import GIANT, MAN, OGRE, ORC, battle, besieged, besiegers, dice, with_rules


@pytest.mark.parametrize(
    "cause",
    [
        pytest.param(PanicCause.FLEEING_FRIENDS_NEARBY, id="§4.1-friends-fleeing-within-15cm-ignored"),
        pytest.param(PanicCause.FLEEING_FRIENDS_PASSING, id="§4.1-fleeing-within-10cm-ignored"),
        pytest.param(PanicCause.SECTION_WIPED_OUT, id="§4.1-section-wiped-out-ignored"),
    ],
)
def test_ignored_panic(cause: PanicCause) -> None:
    state = battle(besieged(MAN, "W3", 2))
    result = panic_test(state, "W3", Side.BESIEGED, cause, Dice(0))
    assert result.rolls == ()
    assert result.state == state


@pytest.mark.parametrize(
    ("present", "lost", "test"),
    [
        pytest.param(8, 2, True, id="§4.1-25-percent-tests"),
        pytest.param(8, 1, False, id="§4.1-under-25-percent-no-test"),
        pytest.param(3, 1, True, id="§4.1-a-third-tests"),
    ],
)
def test_casualty_threshold(present: int, lost: int, test: bool) -> None:
    assert needs_casualty_test(present, lost) is test


def test_casualty_threshold_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="lost must be between 0 and present"):
        needs_casualty_test(2, 3)


def test_panic_on_the_section_with_an_allied_characters_leadership() -> None:
    # §4.1: one test for the whole section, on the best character's Ld, allies included
    thane = replace(with_rules(MAN, Special.CHARACTER, name="Dwarf thane"), ld=9)
    ally = besieged(thane, "W3", 1, "t", unit="allies")
    state = battle(ally, besieged(MAN, "W3", 3), besieged(MAN, "T3", 2, "x"))
    result = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(4, 5), present=4, lost=1)
    assert len(result.rolls) == 2
    assert not any(m.fleeing for m in result.state.models)


def test_failed_panic_flees_to_an_open_section() -> None:
    # §4.1: the failed flee to an adjacent section; the next section does not test
    state = battle(besieged(MAN, "W3", 2), besieged(MAN, "W2", 2, "x"))
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=4, lost=2).state
    assert {m.place.ref for m in after.models if m.id.startswith("d")} <= {"T3", "T4"}
    assert all(m.fleeing for m in after.models if m.id.startswith("d"))
    assert not any(m.fleeing for m in after.models if m.id.startswith("x"))


def test_fear_outnumbered_flee() -> None:
    # §4.2: charged by an ogre (unit strength 3) against 2 men, a failed fear test means flight
    state = battle(besieged(MAN, "W2", 2), besiegers(OGRE, "siege_tower:ST1", 1))
    after = move(state, ["a1"], "W2", dice(6, 6)).state
    assert all(m.fleeing for m in after.models if m.side is Side.BESIEGED)


def test_fear_not_outnumbered_hits_on_sixes() -> None:
    # §4.2: 4 men are not outnumbered by the ogre's 3: afraid, not fleeing
    state = battle(besieged(MAN, "W2", 4), besiegers(OGRE, "siege_tower:ST1", 1))
    after = move(state, ["a1"], "W2", dice(6, 6)).state
    assert after.turn_log.afraid == {"d1", "d2", "d3", "d4"}
    assert not any(m.fleeing for m in after.models)


def test_terror_only_on_its_section() -> None:
    # §4.2: the giant charging C2 terrifies C2 only; a failed terror test is flight whatever the numbers
    state = battle(besieged(MAN, "C2", 10), besieged(MAN, "C3", 2, "x"), besiegers(GIANT, "C1", 1))
    result = move(state, ["a1"], "C2", dice(6, 6))
    assert [e.kind for e in result.events if e.kind.endswith("_test")] == ["terror_test"]
    assert all(m.fleeing for m in result.state.models if m.id.startswith("d"))
    assert not any(m.fleeing for m in result.state.models if m.id.startswith("x"))


def test_frenzied_troops_ignore_fear() -> None:
    state = battle(besieged(with_rules(MAN, Special.FRENZY), "W2", 1), besiegers(OGRE, "siege_tower:ST1", 1))
    assert move(state, ["a1"], "W2", Dice(0)).rolls == ()


def test_orcs_cause_no_fear() -> None:
    state = battle(besieged(MAN, "W2", 1), besiegers(ORC, "siege_tower:ST1", 1))
    assert move(state, ["a1"], "W2", Dice(0)).rolls == ()
