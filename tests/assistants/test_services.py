"""The Confrontation assistant's services, against hand-worked situations of seed 004.

Each expectation is worked out by hand from the document's numbers (cited beside it), not by the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction as F

import pytest
from django.utils import translation

from assistants.services import (
    AssistantError,
    MeleeSide,
    MeleeSituation,
    ShotSituation,
    WoundSituation,
    plan_melee,
    plan_shot,
    resolve_melee,
    resolve_shot,
    resolve_wound,
)
from rules.confrontation.checks import Grade
from rules.confrontation.melee import Approach
from rules.confrontation.shooting import InContact


@pytest.fixture(autouse=True)
def in_english() -> Iterator[None]:
    """The services' own refusals in English (the engine's are English always)."""
    with translation.override("en"):
        yield


ORCS = MeleeSide("Orcs", "troop", models=5, combat_dice=2, attack=3, defence=2, initiative=2, discipline=4)
GUARDS = MeleeSide("Guards", "troop", models=2, combat_dice=2, attack=3, defence=3, initiative=3, discipline=5)
TROLL = MeleeSide("Troll", "monster", models=1, combat_dice=3, attack=5, defence=4, initiative=1, discipline=3)


def charge(attacker: MeleeSide = ORCS, **situation: object) -> MeleeSituation:
    fields: dict[str, object] = {"approach": "charge", "arrives_from": "front", "seen_by_target": True}
    return MeleeSituation(attacker, GUARDS, **(fields | situation))  # type: ignore[arg-type]


def test_a_front_charge_against_crenellations() -> None:
    """004 Charge de face: +2 attack, +6 initiative; Défendre une position: créneaux +4 defence; Nombre de dés:
    a troop of 2 has 1 die more, a troop of 5 none."""
    plan = plan_melee(charge(position="crenellations"))
    orcs, guards = plan.attacker, plan.defender
    assert orcs.approach is Approach.FRONT_CHARGE
    assert (orcs.attack, orcs.defence, orcs.initiative, orcs.dice) == (3 + 2, 2, 2 + 6, 2)
    assert (guards.attack, guards.defence, guards.initiative, guards.dice) == (3, 3 + 4, 3, 2 + 1)
    assert guards.position_bonus == 4
    assert guards.may_riposte
    assert guards.defence_dice


def test_a_monster_against_crenellations_meets_one_less() -> None:
    """004 Défendre une position: against a monster the bonus is 1 less; a monster has 2 extra dice."""
    plan = plan_melee(charge(TROLL, position="crenellations"))
    assert plan.defender.defence == 3 + 4 - 1
    assert plan.attacker.dice == 3 + 2


def test_an_unseen_charge_from_the_rear() -> None:
    """004 Charge dans le dos: +5 attack, +1 location die, no riposte."""
    plan = plan_melee(charge(arrives_from="rear", seen_by_target=False))
    assert plan.attacker.approach is Approach.REAR_CHARGE
    assert (plan.attacker.attack, plan.attacker.initiative, plan.attacker.location_dice) == (3 + 5, 2, 1)
    assert not plan.defender.may_riposte
    assert plan.defender.defence_dice


def test_a_charge_the_target_saw_from_the_flank_is_a_front_charge() -> None:
    """004 Charge de flanc, NB: only a charger unseen before moving gets the flank's bonus."""
    assert plan_melee(charge(arrives_from="flank", seen_by_target=True)).attacker.initiative == 2 + 6
    assert plan_melee(charge(arrives_from="flank", seen_by_target=False)).attacker.initiative == 2 + 10


def test_striking_a_fugitive_from_an_elevated_position() -> None:
    """004 Frapper un fuyard: +5 attack, +2 attack dice, +1 location die, no riposte nor defence; Position
    surélevée: +2 attack. Engaged without a charge: +1 attack, +3 initiative."""
    fugitive_hunters = MeleeSide("Wolves", "cavalry", 3, 1, 4, 2, 3, 4, situations=("striking_a_fugitive", "elevated"))
    plan = plan_melee(charge(fugitive_hunters, approach="without_charge"))
    wolves, guards = plan.attacker, plan.defender
    assert (wolves.attack, wolves.initiative, wolves.dice, wolves.location_dice) == (4 + 1 + 5 + 2, 3 + 3, 1 + 2 + 2, 1)
    assert not guards.may_riposte
    assert not guards.defence_dice


def test_the_opening_tests_with_typed_dice() -> None:
    """Orcs: discipline 3 + 4 = 7, initiative 4 + 2 + 6 = 12; Guards: discipline 2 + 5 = 7, initiative 6 + 3 = 9.
    Equal discipline scores announce together; the orcs strike first."""
    melee = resolve_melee(charge(position="crenellations"), [3, 4, 2, 6])
    scores = {r.name: (r.discipline, r.initiative, r.lost) for r in melee.opening.rolls}
    assert scores == {"Orcs": (7, 12, False), "Guards": (7, 9, False)}
    assert melee.opening.announcing == (("Orcs", "Guards"),)
    assert melee.opening.striking == (("Orcs",), ("Guards",))
    assert [(r.result, r.physical) for r in melee.log] == [(3, True), (4, True), (2, True), (6, True)]
    # each reason names its fighter by its place: the attacker first (004 Tests de début de corps à corps)
    assert [r.reason.rsplit(" ", 1)[-1] for r in melee.log] == ["model=0", "model=0", "model=1", "model=1"]


def test_a_charger_rolling_a_1_adds_half_its_bonus_and_ignores_the_die() -> None:
    """004 Echec 'critique' d'initiative: in a charge, 2 + 6 / 2 = 5 against the guards' 6 + 3 = 9."""
    melee = resolve_melee(charge(), [3, 1, 2, 6])
    orcs = next(r for r in melee.opening.rolls if r.name == "Orcs")
    assert (orcs.initiative, orcs.lost) == (5, False)
    assert melee.opening.striking == (("Guards",), ("Orcs",))


def test_the_app_rolls_four_dice_when_none_are_typed() -> None:
    melee = resolve_melee(charge())
    assert len(melee.log) == 4
    assert all(1 <= r.result <= 6 and not r.physical for r in melee.log)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            [3, 4, 2, 7],
            "Initiative test of Guards (004 Tests de début de corps à corps): "
            "the D6 cannot show 7; accepted values: 1, 2, 3, 4, 5, 6.",
        ),
        ([3, 4, 0, 6], "the D6 cannot show 0; accepted values: 1, 2, 3, 4, 5, 6."),
        ([3, 4, 2], "3 dice typed in; the rules roll 1 more"),
        ([3, 4, 2, 6, 5], "5 dice typed in; the rules roll only 4"),
    ],
)
def test_typed_dice_are_refused_unless_each_fits_and_all_are_used(typed: list[int], message: str) -> None:
    with pytest.raises(AssistantError, match=re.escape(message)):
        resolve_melee(charge(), typed)


@pytest.mark.parametrize(
    ("situation", "message"),
    [
        (charge(MeleeSide("Guards", "troop", 1, 1, 1, 1, 1, 1)), "own name"),
        (charge(MeleeSide("Imp", "daemon", 1, 1, 1, 1, 1, 1)), "troop_type must be one of"),
        (charge(position="moat"), "position must be one of"),
        (charge(arrives_from="above"), "arrives_from must be one of"),
    ],
)
def test_a_situation_the_document_does_not_know_is_refused_naming_it(situation: MeleeSituation, message: str) -> None:
    with pytest.raises(AssistantError, match=message):
        plan_melee(situation)


# Shooting ------------------------------------------------------------------------------------------------------

AT_THE_WALL = ShotSituation(shooting=4, range_band="medium", modifiers=("major_cover",), target="Guard")


def test_a_shot_at_a_crenellated_wall() -> None:
    """004 Modificateurs de tir: medium range 7, major cover (créneaux) +3: difficulty 10; a shooter of 4 needs
    a 6: success 1/6, a 5 or 4 fail by 1–2 (failure 2/6), a 3 or 2 by 3–4 (grave 2/6), a 1 critical (1/6)."""
    plan = plan_shot(AT_THE_WALL)
    assert (plan.difficulty, plan.needed) == (10, 6)
    assert plan.odds == {"success": F(1, 6), "failure": F(2, 6), "grave_failure": F(2, 6), "critical_failure": F(1, 6)}
    hit = resolve_shot(AT_THE_WALL, [6])
    assert (hit.attempt.total, hit.attempt.margin, hit.grade, hit.hit) == (10, 0, Grade.SUCCESS, "Guard")
    miss = resolve_shot(AT_THE_WALL, [3])
    assert (miss.grade, miss.hit) == (Grade.GRAVE_FAILURE, None)


def test_a_natural_1_misses_whatever_the_total() -> None:
    """ODDS_API: a natural 1 is a critical failure; 1 + 10 reaches 4 but does not hit."""
    shot = resolve_shot(ShotSituation(10, "short", target="Goblin"), [1])
    assert (shot.grade, shot.hit) == (Grade.CRITICAL_FAILURE, None)
    assert plan_shot(ShotSituation(10, "short")).needed == 2


def test_no_face_succeeds_beyond_the_reach_of_the_d6() -> None:
    """Long range 10, total cover +8: 18 is out of reach of a shooter of 3 (3 + 6 = 9)."""
    plan = plan_shot(ShotSituation(3, "long", ("total_cover",)))
    assert plan.needed is None
    assert plan.odds == {"critical_failure": F(1)}


INTO_THE_MELEE = ShotSituation(
    shooting=2,
    range_band="short",
    target="Guard",
    into_melee=True,
    in_contact=(InContact("Sergeant", target_side=True), InContact("Orc")),
)


def test_a_normal_success_into_a_melee_draws_among_the_target_and_those_in_contact() -> None:
    """004 Tirer dans le tas: 2 + 3 = 5 against 4, a success by 1: the target has 2 chances (a troop), each
    model in contact 1; a D4 of 3 is the third chance, the sergeant's."""
    shot = resolve_shot(INTO_THE_MELEE, [3, 3])
    assert (shot.grade, shot.hit) == (Grade.SUCCESS, "Sergeant")
    assert [r.die for r in shot.log] == ["D6", "D4"]
    assert resolve_shot(INTO_THE_MELEE, [3, 2]).hit == "Guard"
    assert resolve_shot(INTO_THE_MELEE, [3, 4]).hit == "Orc"


def test_an_exceptional_success_into_a_melee_hits_the_target_without_a_draw() -> None:
    """004 Tirer dans le tas: a success by 3 or more (2 + 5 = 7 against 4) hits the target."""
    shot = resolve_shot(INTO_THE_MELEE, [5])
    assert (shot.grade, shot.hit, len(shot.log)) == (Grade.EXCEPTIONAL_SUCCESS, "Guard", 1)


def test_a_critical_failure_into_a_melee_spares_the_targets_side() -> None:
    """004 Tirer dans le tas: a 1 draws among the models in contact not on the target's side: the orc alone."""
    shot = resolve_shot(INTO_THE_MELEE, [1])
    assert (shot.grade, shot.hit) == (Grade.CRITICAL_FAILURE, "Orc")


def test_the_draw_die_typed_in_must_be_one_of_its_faces() -> None:
    with pytest.raises(
        AssistantError,
        match=re.escape("Who is hit (004 Tirer dans le tas): the D4 cannot show 5; accepted values: 1, 2, 3, 4."),
    ):
        resolve_shot(INTO_THE_MELEE, [3, 5])
    with pytest.raises(AssistantError, match=re.escape("1 dice typed in; the rules roll 1 more")):
        resolve_shot(INTO_THE_MELEE, [3])


def test_the_height_changes_the_weapons_ranges() -> None:
    """004 Position surélevée et armes de distance: 21 cm above reads the last band (+10/+20/+30), doubling
    10-20-30 to its maximum 20-40-60; 3 cm below takes 3/6/9 off."""
    assert plan_shot(ShotSituation(3, "short", height_difference=21, weapon_ranges=(10, 20, 30))).ranges == (20, 40, 60)
    below = plan_shot(ShotSituation(3, "short", height_difference=-3, weapon_ranges=(10, 20, 30)))
    assert below.ranges == (7, 14, 21)
    assert below.height_change == (-3, -6, -9)


@pytest.mark.parametrize(
    ("situation", "message"),
    [
        (ShotSituation(3, "far"), "range_band must be one of"),
        (ShotSituation(3, "short", ("minor_cover", "major_cover")), "Only one of these applies to a shot"),
        (ShotSituation(-1, "short"), "shooting must be between 0 and 100, not -1 \\(004 Modificateurs de tir\\)"),
    ],
)
def test_a_shot_the_document_does_not_know_is_refused(situation: ShotSituation, message: str) -> None:
    with pytest.raises(AssistantError, match=message):
        plan_shot(situation)


# Wounds --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("damage", "face", "double", "location", "wound"),
    [
        (12, 3, None, "torso", "critical"),  # 11 à 15, tronc: critique
        (12, 3, 2, "torso", "serious"),  # a double 2: −2 to the force, 10: 6 à 10, tronc: grave
        (30, 1, None, "legs", "killed"),  # R18: 30 reads "30 ou +"
        (29, 1, None, "legs", "critical"),  # 26 à 30, jambes: critique
        (-15, 6, None, "head", "light"),  # -15 ou -, tête (4+): léger
        (0, 2, 6, "arms", "killed"),  # a double 6: tué net
        (40, 5, 1, "head", "none"),  # a double 1: aucun effet
    ],
)
def test_a_wound_by_damage_and_location(damage: int, face: int, double: int | None, location: str, wound: str) -> None:
    """004 Tableau des blessures, read by hand."""
    resolution = resolve_wound(WoundSituation(damage, double), [face])
    assert (resolution.location.value, resolution.wound.value) == (location, wound)
    assert [(r.die, r.result) for r in resolution.log] == [("D6", face)]


def test_a_damage_beyond_the_table_is_refused_naming_it() -> None:
    with pytest.raises(AssistantError, match=re.escape("(004 Tableau des blessures)")):
        resolve_wound(WoundSituation(10_001), [3])
