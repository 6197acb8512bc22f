"""004 Le tir: the tables cell by cell against :mod:`.data`, then the rules at work."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from rules.confrontation import shooting
from rules.confrontation.checks import SHOT_GRADES, Grade
from rules.dice import Dice, DieValueError
from tests.rules.confrontation import data


def test_shot_into_melee_chances() -> None:
    """004 Tirer dans le tas: 2 / 4 chances for the target, 1 / 2 for each model in contact."""
    chances = data.TIR_DANS_LE_TAS_CHANCES
    contact = [shooting.InContact("t", monster=False), shooting.InContact("m", monster=True)]
    assert shooting.melee_chances("success", "target", False, contact) == {
        "target": chances["la cible visée, une troupe"],
        "t": chances["chaque figurine de troupe en contact"],
        "m": chances["chaque figurine de monstre en contact"],
    }
    assert shooting.melee_chances("success", "target", True, [])["target"] == chances["la cible visée, un monstre"]


def _differences(label: str) -> list[int]:
    if label.startswith("<"):
        return list(range(int(label[1:])))
    if label.startswith(">"):
        low = int(label[1:]) + 1
        return [low, low + 1, 100]
    low, high = (int(part) for part in label.split("-"))
    return list(range(low, high + 1))


@pytest.mark.parametrize(("label", "change"), data.HAUTEUR)
def test_height_changes_the_ranges(label: str, change: tuple[int | None, ...]) -> None:
    """004 Position surélevée et armes de distance: the table, positive above the target, negative below."""
    expected = tuple(c or 0 for c in change)
    for difference in _differences(label):
        assert shooting.height_change(difference) == expected, difference
        assert shooting.height_change(-difference) == tuple(-c for c in expected), -difference


def test_height_difference_of_21_reads_the_last_row() -> None:
    """004 gives "11 - 20" then "> 21": a difference of 21 is read with the last row."""
    assert shooting.height_change(21) == data.HAUTEUR[-1][1]


def test_ranges_are_at_most_doubled_or_halved() -> None:
    """004 Position surélevée: a range of (10-20-30) goes from (5-10-15) to (20/40/60)."""
    example = data.PORTEE_EXEMPLE
    assert shooting.ranges(*example["portée"], height_difference=-100) == tuple(map(Fraction, example["minimum"]))
    assert shooting.ranges(*example["portée"], height_difference=100) == tuple(map(Fraction, example["maximum"]))


RANGES = {"courte": "short", "moyenne": "medium", "longue": "long"}
SHOT_LINES = {
    "Cible en couverture mineure (haie légère…)": "minor_cover",
    "Cible en couverture majeure (palissade, créneaux…)": "major_cover",
    "Cible en couverture totale ( meurtrière… )": "total_cover",
    "Grande cible (socle de 4 sur 4, c.à.d. Minotaure, Troll…)": "large_target",
    "Très grande cible (catapulte, Dragon…)": "very_large_target",
    "Cible immobile (qui ne s'est pas déplacée à ce tour)": "stationary_target",
    "Cible rapide": "fast_target",
    "Cible très rapide": "very_fast_target",
    "Cible qui vous charge": "charging_target",
    "Le tireur s'est déplacé (et non pas orienté ! ) à ce tour": "shooter_moved",
    "Le tireur s'est déplacé d'au moins 30 cm": "shooter_moved_30",
    "Le tireur s'est déplacé d'au moins 50 cm": "shooter_moved_50",
}


@pytest.mark.parametrize(("label", "value"), data.DIFFICULTE_PORTEE.items())
def test_range_difficulty(label: str, value: int) -> None:
    """004 Modificateurs de tir: the difficulty by range."""
    assert shooting.difficulty(RANGES[label]) == value


@pytest.mark.parametrize(("label", "value"), data.MODIFICATEURS_TIR.items())
def test_shot_modifier(label: str, value: int) -> None:
    """004 Modificateurs de tir: each other line, added to every range's difficulty."""
    for band, base in data.DIFFICULTE_PORTEE.items():
        assert shooting.difficulty(RANGES[band], [SHOT_LINES[label]]) == base + value
    assert len(shooting.SHOT_MODIFIERS) == len(data.MODIFICATEURS_TIR)


def test_charge_reaction_numbers() -> None:
    """004 Réception de charge: a command test of difficulty 6 not to shoot; the charging target's 2."""
    assert shooting.HOLD_FIRE_DIFFICULTY == data.RECEPTION_DIFFICULTE
    assert shooting.SHOT_MODIFIERS["charging_target"] == data.RECEPTION_MALUS_CIBLE_QUI_CHARGE


def _dice(*faces: int) -> Dice:
    dice = Dice(seed=0)
    dice.supply(faces)
    return dice


def test_a_shot_hits_on_a_success() -> None:
    """004 Modificateurs de tir: medium range 7, major cover +3: a shooter of 5 needs a 5."""
    hit = shooting.shoot(_dice(5), 5, "medium", ["major_cover"])
    miss = shooting.shoot(_dice(4), 5, "medium", ["major_cover"])
    assert (hit.difficulty, hit.succeeded, miss.succeeded) == (10, True, False)


def test_a_shot_at_a_crenellated_wall_from_below() -> None:
    """004 Position surélevée et armes de distance: 8 cm below the wall, a 10-20-30 bow reaches 5-10-15."""
    assert shooting.ranges(10, 20, 30, height_difference=-8) == (Fraction(5), Fraction(10), Fraction(15))
    assert shooting.ranges(10, 20, 30, height_difference=-3) == (Fraction(7), Fraction(14), Fraction(21))
    assert shooting.ranges(10, 20, 30, height_difference=8) == (Fraction(15), Fraction(30), Fraction(45))


@pytest.mark.parametrize(
    ("grade", "hit"),
    [
        ("exceptional_success", {"target": 1}),
        ("success", {"target": 2, "friend": 1, "ogre": 2, "foe": 1}),
        ("failure", {}),
        ("grave_failure", {"friend": 1, "ogre": 2, "foe": 1}),
        ("critical_failure", {"foe": 1}),
    ],
)
def test_who_a_shot_into_a_melee_can_hit(grade: str, hit: dict[str, int]) -> None:
    """004 Tirer dans le tas: by grade; a critical failure spares the target and every model of its side."""
    contact = [
        shooting.InContact("friend", target_side=True),
        shooting.InContact("ogre", monster=True, target_side=True),
        shooting.InContact("foe"),
    ]
    assert shooting.melee_chances(grade, "target", False, contact) == hit


def test_a_normal_success_into_a_melee_draws_one_face_per_chance() -> None:
    """004 Tirer dans le tas: target 2 chances, a troop in contact 1, a monster in contact 2: a D5 draw."""
    contact = [shooting.InContact("goblin"), shooting.InContact("troll", monster=True)]
    for face, hit in [(1, "target"), (2, "target"), (3, "goblin"), (4, "troll"), (5, "troll")]:
        dice = _dice(4, face)  # 4 + 3 = 7 against 7: a success by 0
        shot = shooting.shoot_into_melee(dice, 3, "medium", "target", False, contact)
        assert (shot.grade, shot.hit) == (Grade.SUCCESS, hit)
        assert [(r.die, r.reason) for r in dice.log] == [
            ("D6", "shot_test [004 Modificateurs de tir]"),
            ("D5", "who_is_hit [004 Tirer dans le tas]"),
        ]


def test_an_exceptional_success_into_a_melee_needs_no_draw() -> None:
    """004 Tirer dans le tas: a success by 3 or more hits the target."""
    dice = _dice(6)
    shot = shooting.shoot_into_melee(dice, 4, "medium", "target", False, [shooting.InContact("goblin")])
    assert (shot.grade, shot.hit, len(dice.log)) == (Grade.EXCEPTIONAL_SUCCESS, "target", 1)


def test_a_critical_failure_with_only_the_targets_side_in_contact_hits_nobody() -> None:
    """004 Tirer dans le tas: a natural 1 cannot hit the target or its side."""
    dice = _dice(1)
    shot = shooting.shoot_into_melee(dice, 9, "short", "target", False, [shooting.InContact("a", target_side=True)])
    assert (shot.grade, shot.hit, len(dice.log)) == (Grade.CRITICAL_FAILURE, None, 1)


def test_the_draw_rolled_at_the_table_is_checked_against_its_die() -> None:
    dice = _dice(4, 6)
    with pytest.raises(DieValueError, match="a D5 cannot show 6"):
        shooting.shoot_into_melee(
            dice, 3, "medium", "target", False, [shooting.InContact("a"), shooting.InContact("b", monster=True)]
        )


def test_holding_fire_against_a_charge() -> None:
    """004 Réception de charge: a command test of difficulty 6 not to shoot."""
    assert shooting.hold_fire(_dice(3), 3).succeeded
    assert not shooting.hold_fire(_dice(2), 3).succeeded


def test_a_charge_reaction_counts_the_charging_target() -> None:
    """004 Réception de charge: do not forget the 2 for being charged."""
    assert shooting.charge_reaction(_dice(3), 2, "short").difficulty == 6
    assert shooting.charge_reaction(_dice(3), 2, "short", ["charging_target"]).difficulty == 6


def test_running_stops_shooting_except_a_charge_reaction() -> None:
    """004 La course, Réception de charge."""
    assert not shooting.can_shoot(ran=True)
    assert shooting.can_shoot(ran=True, reacting_to_charge=True)
    assert not shooting.can_shoot(ran=False, reacting_to_charge=True, saw_charger=False)
    assert not shooting.can_shoot(ran=False, reacting_to_charge=True, reacted=True)
    assert not shooting.can_cast(ran=True)
    assert shooting.can_cast(ran=True, counter=True)


def test_the_phase_order_roll_adds_to_initiative() -> None:
    """004 Ordre de la phase de tir / magie: one d6 per side for its shooters, added to each; a 1 is a failure."""
    dice = _dice(4)
    assert shooting.roll_phase_order(dice, "orcs", "shooters", [("archers", 3), ("javelins", 5)]) == {
        "archers": 7,
        "javelins": 9,
    }
    assert shooting.phase_initiative(3, 1) == (4, True)
    assert shooting.phase_initiative(3, 2) == (5, False)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: shooting.difficulty("extreme"), "range_band must be one of 'short', 'medium', 'long'"),
        pytest.param(lambda: shooting.difficulty("short", ["fog"]), "modifier must be one of 'minor_cover'"),
        pytest.param(
            lambda: shooting.difficulty("short", ["minor_cover", "total_cover"]),
            "modifiers_exclusive (group=major_cover+minor_cover+total_cover, modifiers=minor_cover+total_cover)",
        ),
        pytest.param(lambda: shooting.difficulty("short", ["large_target"] * 2), "modifier_twice"),
        pytest.param(lambda: shooting.shoot(Dice(seed=0), -1, "short"), "shooting must be 0 or more, got -1"),
        pytest.param(lambda: shooting.ranges(0, 20, 30, 0), "short must be 1 or more, got 0"),
        pytest.param(lambda: shooting.melee_chances("hit", "t", False, []), "grade must be one of"),
        pytest.param(
            lambda: shooting.shoot_into_melee(Dice(seed=0), 3, "short", "a", False, [shooting.InContact("a")]),
            "004 Tirer dans le tas: names_in_melee_distinct",
        ),
    ],
)
def test_bad_input_names_the_rule_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_a_natural_1_misses_whatever_the_total() -> None:
    """004 Tirer dans le tas: « échec ‘critique’ (de 5 ou plus, ou bien résultat de 1) ». A shooting value of 6 at
    short range (difficulty 4) totals 7 on a 1: the margin is +3, yet the shot misses, as its grade says."""
    dice = Dice(seed=1)
    dice.supply([1])
    attempt = shooting.shoot(dice, 6, "short")
    assert (attempt.total, attempt.margin) == (7, 3)
    assert attempt.grade(SHOT_GRADES) is Grade.CRITICAL_FAILURE
    assert attempt.succeeded is False


def test_a_2_that_reaches_the_difficulty_hits() -> None:
    """004 Modificateurs de tir: a 2 with a shooting value of 2 reaches the short range's 4 and hits."""
    dice = Dice(seed=1)
    dice.supply([2])
    attempt = shooting.shoot(dice, 2, "short")
    assert (attempt.succeeded, attempt.grade(SHOT_GRADES)) == (True, Grade.SUCCESS)
