"""§4 psychology: panic tests (§4.1) and whose leadership they take, fear and terror (§4.2), frenzy and
hatred, and how the failed flee.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege.actions import EndPhase, PanicTest, Shoot
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Phase, Place, Side
from rules.siege.chapters.morale import hold, leadership_groups, retreat
from rules.siege.chapters.movement import move
from rules.siege.chapters.psychology import PanicCause, needs_casualty_test, panic_test
from rules.siege.game import apply, choose, menu_options, problems
from tests.rules.siege.builders import (
    ARCHER,
    GIANT,
    HERO,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    ids,
    lost,
    refused,
    with_rules,
)


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
    assert [e.params["test"] for e in result.events if e.kind == "leadership_test"] == ["terror"]
    assert all(m.fleeing for m in result.state.models if m.id.startswith("d"))
    assert not any(m.fleeing for m in result.state.models if m.id.startswith("x"))


def test_frenzied_troops_ignore_fear() -> None:
    state = battle(besieged(with_rules(MAN, Special.FRENZY), "W2", 1), besiegers(OGRE, "siege_tower:ST1", 1))
    assert move(state, ["a1"], "W2", Dice(0)).rolls == ()


def test_orcs_cause_no_fear() -> None:
    state = battle(besieged(MAN, "W2", 1), besiegers(ORC, "siege_tower:ST1", 1))
    assert move(state, ["a1"], "W2", Dice(0)).rolls == ()


# ---- the panic test shooting losses call for (§4.1, 002) ------------------------------------------------------------


def _volley_at_the_courtyard(orcs: int = 4, *, archers: int = 1) -> BattleState:
    """The besieged's shooting step: ``archers`` (BS3, bow S3) on C3 against ``orcs`` (T4, no save) in C2."""
    state = battle(besieged(ARCHER, "C3", archers, "x"), besiegers(ORC, "C2", orcs), active=Side.BESIEGED)
    return replace(state, phase=Phase.SHOOTING)


def _shoot(state: BattleState, shooter: str, target: str, *rolls: int) -> BattleState:
    return apply(state, Shoot((shooter,), (target,)), dice(*rolls)).state


def test_a_quarter_of_a_section_shot_owes_a_panic_test_before_the_step_ends() -> None:
    """§4.1 « Les tests dus aux 25% de pertes à la magie et au tir sont comptabilisés et provoquent des tests sur la
    section/niveau »; 002, the shooting phase: « L'adversaire doit effectuer les tests de panique requis ». One orc of
    four in C2 shot dead (BS3 hits on 4+, S3 wounds T4 on 5+) is 25 %: the besieger tests before the step ends."""
    shot = _shoot(_volley_at_the_courtyard(), "x1", "a1", 4, 5)
    assert "a1" not in shot.by_id
    assert [(o.name, o.side, o.where) for o in menu_options(shot, "panic_test")] == [
        ("panic_test", Side.BESIEGER, "C2")
    ]
    assert not menu_options(shot, "end_phase")
    assert [r.clause for r in problems(shot, EndPhase())] == ["§4.1"]
    # Ld 7 on 2D6: a 12 breaks them, and they flee to C1, a courtyard next to C2 with no enemy (§4.1)
    tested = apply(shot, PanicTest("C2", Side.BESIEGER), dice(6, 6))
    assert [(e.kind, e.params.get("test")) for e in tested.events][:1] == [("leadership_test", "panic")]
    assert {str(m.place) for m in tested.state.models if m.side is Side.BESIEGER} == {"C1"}
    assert all(m.fleeing for m in tested.state.models if m.side is Side.BESIEGER)
    assert problems(tested.state, EndPhase()) == []
    assert menu_options(tested.state, "panic_test") == []


def test_a_fifth_shot_owes_no_test() -> None:
    """§4.1: one orc of five is 20 %, under the 25 % that calls for a test; the step ends."""
    shot = _shoot(_volley_at_the_courtyard(5), "x1", "a1", 4, 5)
    assert menu_options(shot, "panic_test") == []
    assert problems(shot, EndPhase()) == []
    refused(lambda: apply(shot, PanicTest("C2", Side.BESIEGER), dice(6, 6)), "§4.1")


def test_the_losses_of_the_step_add_up() -> None:
    """§4.1 « sont comptabilisés »: two volleys each killing one orc of eight make 2 of 8, 25 %."""
    state = _volley_at_the_courtyard(8, archers=2)
    once = _shoot(state, "x1", "a1", 4, 5)
    assert menu_options(once, "panic_test") == []
    twice = _shoot(once, "x2", "a2", 4, 5)
    assert [o.where for o in menu_options(twice, "panic_test")] == ["C2"]


def test_the_section_tests_whatever_the_units() -> None:
    """§4.1 « indépendamment des unités ou des races »: one orc of two units of two on C2 is lost; 1 of 4 is 25 %
    of the besieger on the section, though half of its unit: both units test, each on its own leadership (no
    character there), the unit that lost nobody too."""
    state = battle(
        besieged(ARCHER, "C3", 1, "x"),
        besiegers(ORC, "C2", 2, unit="Boyz"),
        besiegers(ORC, "C2", 2, "b", unit="Ladz"),
        active=Side.BESIEGED,
    )
    shot = _shoot(replace(state, phase=Phase.SHOOTING), "x1", "a1", 4, 5)
    tested = apply(shot, PanicTest("C2", Side.BESIEGER), dice(3, 3, 3, 3))  # 6 against Ld 7: steady
    assert [set(e.models) for e in tested.events if e.params.get("test") == "panic"] == [{"a2"}, {"b1", "b2"}]


def test_a_panic_test_takes_the_engines_count_of_the_losses() -> None:
    """§4.1: the test is owed for the losses the step caused, which the engine counts; a claim of other losses, a
    test with no loss, and the causes a siege ignores or that their own action rolls are refused."""
    fresh = _volley_at_the_courtyard()
    refused(lambda: apply(fresh, PanicTest("C2", Side.BESIEGER, present=4, lost=1), dice(6, 6)), "§4.1")
    shot = _shoot(fresh, "x1", "a1", 4, 5)
    refused(lambda: apply(shot, PanicTest("C2", Side.BESIEGER, present=8, lost=4), dice(6, 6)), "§4.1")
    refused(lambda: apply(shot, PanicTest("C2", Side.BESIEGER, PanicCause.SECTION_WIPED_OUT), dice(6, 6)), "§4.1")
    refused(lambda: apply(shot, PanicTest("C2", Side.BESIEGER, PanicCause.SCALDED, lost=1), dice(6, 6)), "§8.2.5")
    agreed = apply(shot, PanicTest("C2", Side.BESIEGER, present=4, lost=1), dice(3, 3))
    assert agreed.rolls
    refused(lambda: apply(agreed.state, PanicTest("C2", Side.BESIEGER), dice(6, 6)), "§4.1")  # once a step


def test_the_way_the_failed_flee_is_the_testers_choice_among_the_open_ones() -> None:
    """§4.1 « fuir vers la section/niveau adjacente en respectant les règles habituelles (absence d'ennemi et quota
    d'occupation) »: C2's open neighbours are offered; C3, where the archers stand, is not, and refused."""
    shot = _shoot(_volley_at_the_courtyard(), "x1", "a1", 4, 5)
    (option,) = menu_options(shot, "panic_test")
    assert "C3" not in option.targets
    assert "C1" in option.targets
    refused(lambda: apply(shot, PanicTest("C2", Side.BESIEGER, flee_to="C3"), dice(6, 6)), "§4.1")
    for way in option.targets:
        assert problems(shot, choose(shot, option, (), way)) == []


def test_outside_the_fort_each_unit_tests_for_its_own_losses() -> None:
    """§3.5: outside the fort units act as in the open; §4.1's 25 % is counted on each unit: one orc of four at the
    foot of W3 owes its unit a test, the ogres beside them lost nothing and do not test."""
    state = battle(
        besieged(ARCHER, "W3", 1, "x"),
        besiegers(ORC, "foot:W3", 4, unit="Boyz"),
        besiegers(replace(ORC, name="Big orc"), "foot:W3", 2, "g", unit="Big 'uns"),
        active=Side.BESIEGED,
    )
    shot = _shoot(replace(state, phase=Phase.SHOOTING), "x1", "a1", 4, 5)
    assert [o.where for o in menu_options(shot, "panic_test")] == ["foot:W3"]
    tested = apply(shot, PanicTest("foot:W3", Side.BESIEGER), dice(3, 3))
    assert set(tested.events[0].models) == {"a2", "a3", "a4"}


ELF = replace(MAN, name="Elf", ld=9)


def test_troops_may_take_a_characters_leadership_not_must() -> None:
    """§4.1: « les troupes peuvent prendre le Cdt le plus élevé d'un personnage présent sur la section/niveau »: a
    unit whose own leadership is higher tests on its own; the others take the character's."""
    state = battle(
        besieged(HERO, "W1", 1, "h"), besieged(ELF, "W1", 3, "e", "Elves"), besieged(MAN, "W1", 2, "m", "Men")
    )
    # the character and the men test together on Ld 7 (a 9 fails), the elves on their own 9 (a 2 passes)
    tested = panic_test(state, "W1", Side.BESIEGED, PanicCause.CASUALTIES, dice(4, 5, 1, 1), present=6, lost=2)
    after = tested.state
    assert not any(after.model(i).fleeing for i in ids("e", 3) if any(m.id == i for m in after.models))
    assert all(m.fleeing for m in after.models if m.id in {"h1", "m1", "m2"})


def test_without_a_character_each_unit_tests_on_its_own_leadership() -> None:
    """§4.1: « S'il n'y a aucun personnage, les différentes unités testent avec leur propre commandement »."""
    state = battle(besieged(ELF, "W1", 2, "e", "Elves"), besieged(MAN, "W1", 2, "m", "Men"))
    groups = leadership_groups(state, list(state.at("W1", Side.BESIEGED)))
    assert sorted((ld, len(group)) for ld, group in groups) == [(7, 2), (9, 2)]


def test_a_character_lends_a_higher_leadership_to_every_unit() -> None:
    """§4.1: the best character's leadership, « même s'il ne fait pas partie de l'unité », allies included; a
    fleeing character lends nothing."""
    lord = with_rules(replace(MAN, ld=10), Special.CHARACTER, name="Lord")
    state = battle(besieged(lord, "W1", 1, "l"), besieged(ELF, "W1", 2, "e", "Elves"), besieged(MAN, "W1", 2))
    groups = leadership_groups(state, list(state.at("W1", Side.BESIEGED)))
    assert [(ld, len(group)) for ld, group in groups] == [(10, 5)]
    state = state.with_models({"l1": replace(state.model("l1"), fleeing=True)})
    groups = leadership_groups(state, [m for m in state.at("W1", Side.BESIEGED) if not m.fleeing])
    assert sorted((ld, len(group)) for ld, group in groups) == [(7, 2), (9, 2)]


@pytest.mark.parametrize(
    "cause",
    [
        pytest.param(PanicCause.FLEEING_FRIENDS_NEARBY, id="§4.1-friends-breaking-within-15cm"),
        pytest.param(PanicCause.FLEEING_FRIENDS_PASSING, id="§4.1-fleeing-friends-within-10cm"),
        pytest.param(PanicCause.SECTION_WIPED_OUT, id="§4.1-a-section-wiped-out"),
    ],
)
def test_panic_tests_the_siege_ignores(cause: PanicCause) -> None:
    """§4.1: « Les tests de panique dus à la fuite de troupes à 15 cm sont ignorés », « … fuyards à 10 cm … », « …
    extermination de toutes les figurines d'une section en un tour ne sont plus pris en compte »."""
    state = battle(besieged(MAN, "W1", 2))
    tested = panic_test(state, "W1", Side.BESIEGED, cause, dice())
    assert tested.rolls == ()
    assert not any(m.fleeing for m in tested.state.models)


@pytest.mark.parametrize(("present", "lost_", "test"), [(8, 1, False), (8, 2, True), (7, 1, False), (7, 2, True)])
def test_panic_at_a_quarter_lost_to_shooting_or_magic(present: int, lost_: int, test: bool) -> None:
    """§4.1: « Les tests dus aux 25% de pertes à la magie et au tir sont comptabilisés et provoquent des tests sur
    la section/niveau, indépendamment des unités »."""
    state = battle(besieged(MAN, "W1", present - lost_))
    rolled = panic_test(state, "W1", Side.BESIEGED, PanicCause.CASUALTIES, dice(1, 1), present=present, lost=lost_)
    assert bool(rolled.rolls) is test


def test_terror_acts_on_its_own_section_only() -> None:
    """§4.2: « La terreur ne s'exerce que sur la section/niveau où se trouve la figurine causant la terreur »: a giant
    charging W3 makes W3 test, not the men on the next tower."""
    state = battle(besiegers(GIANT, "T3", 1, "g"), besieged(replace(MAN, w=2), "W3", 1), besieged(MAN, "T4", 1, "t"))
    charged = move(state, ["g1"], "W3", dice(6, 6)).state
    assert charged.model("d1").fleeing
    assert not charged.model("t1").fleeing


def test_frenzied_and_hating_troops_never_disengage() -> None:
    """§4.2: « Les troupes frénétiques et haineuses sont obligées d'éliminer tous les ennemis qui sont sur leur
    section/niveau avant de se déplacer … Elles ne peuvent jamais se désengager »; §4.3: « Les figurines
    indémoralisables peuvent se désengager d'un combat mais ne peuvent jamais retraiter ou fuir »."""
    won = replace(lost("W1", Side.BESIEGER), settled=True)
    for rule in (Special.FRENZY, Special.HATRED):
        state = battle(
            besieged(with_rules(MAN, rule), "W1", 1), besiegers(ORC, "W1", 1), active=Side.BESIEGED, results=[won]
        )
        refused(lambda state=state: move(state, ["d1"], "T2", dice()), "§4.2")
    steady = battle(
        besieged(with_rules(MAN, Special.UNBREAKABLE), "W1", 1),
        besiegers(ORC, "W1", 1),
        active=Side.BESIEGED,
        results=[won],
    )
    assert move(steady, ["d1"], "T2", dice()).state.model("d1").place == Place.parse("T2")
    losing = battle(
        besieged(with_rules(MAN, Special.UNBREAKABLE), "W1", 1),
        besiegers(ORC, "W1", 1),
        results=[lost("W1", Side.BESIEGED)],
    )
    refused(lambda: retreat(losing, "W1", "T2", dice()), "§3.3.2")
    assert not hold(losing, "W1", dice(6, 6)).state.model("d1").fleeing


def test_fear_a_failed_test_or_a_lost_combat_while_outnumbered_means_flight() -> None:
    """§4.2: « Si elles sont en infériorité PU par rapport aux ennemis causant la peur, elles doivent prendre la
    fuite … Il en est de même si elles viennent à perdre le combat en étant en infériorité numérique »: 2 men
    against an ogre (US 3) flee on a failed test; 4 men are afraid only; men who lose to it while outnumbered flee
    without a test, and hold on a test when they are not."""
    few = battle(besieged(replace(MAN, w=3), "W2", 2), besiegers(OGRE, "siege_tower:ST1", 1))
    assert all(m.fleeing for m in move(few, ["a1"], "W2", dice(6, 6)).state.models if m.side is Side.BESIEGED)
    many = move(battle(besieged(MAN, "W2", 4), besiegers(OGRE, "siege_tower:ST1", 1)), ["a1"], "W2", dice(6, 6))
    assert many.state.turn_log.afraid == {"d1", "d2", "d3", "d4"}
    assert not any(m.fleeing for m in many.state.models)
    beaten = battle(besieged(replace(MAN, w=3), "W2", 2), besiegers(OGRE, "W2", 1), results=[lost("W2", Side.BESIEGED)])
    broken = hold(beaten, "W2", dice())
    assert broken.rolls == ()
    assert all(m.fleeing for m in broken.state.models if m.side is Side.BESIEGED)
    even = battle(besieged(MAN, "W2", 3), besiegers(OGRE, "W2", 1), results=[lost("W2", Side.BESIEGED)])
    assert not any(m.fleeing for m in hold(even, "W2", dice(3, 3)).state.models)


def test_panicking_models_with_a_way_out_flee_without_losses() -> None:
    """§4.1: « les figurines doivent en priorité fuir vers la section/niveau adjacente … Si elles sont dans
    l'impossibilité de le faire, elles perdent 1 PV par figurine ennemie » — T3 is open, so no wound is lost.
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2))
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=4, lost=1).state
    men = after.at("T3", Side.BESIEGED) + after.at("T4", Side.BESIEGED)
    assert sorted(m.id for m in men) == ["d1", "d2"]
    assert all(m.fleeing and m.wounds_lost == 0 for m in men)


def test_panicking_models_with_no_way_out_lose_a_wound_per_enemy() -> None:
    """§4.1: « Si elles sont dans l'impossibilité de le faire, elles perdent 1 PV par figurine ennemie présente
    sur leur section/niveau »: T3 and T4 hold enemies, so the 3 men lose 2 wounds and the last flees in place.
    """
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "W3", 2),
        besiegers(ORC, "T3", 1, "t"),
        besiegers(ORC, "T4", 1, "u"),
    )
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=5, lost=2).state
    left = after.at("W3", Side.BESIEGED)
    assert len(left) == 1
    assert left[0].fleeing


def test_panicking_models_with_no_way_out_and_no_enemy_flee_where_they_stand() -> None:
    """§4.1: « S'il n'y a aucun ennemi, elles sont considérées comme étant en fuite sur leur section/niveau »."""
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "T3", 1, "t"),
        besiegers(ORC, "T4", 1, "u"),
    )
    after = panic_test(state, "W3", Side.BESIEGED, PanicCause.CASUALTIES, dice(6, 6), present=4, lost=1).state
    assert [(m.id, m.fleeing, m.wounds_lost) for m in after.at("W3")] == [("d1", True, 0), ("d2", True, 0)]
