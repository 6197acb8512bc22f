"""``rules.odds`` against the rules' own functions enumerated face by face, where the odds take a shorter way.

A structure hit reads only the Table 3 rows of its damage die; a Confrontation test counts the d6's faces by grade;
a pursuit compares each distinct distance once and stops at the first miss; a Frères d'Armes shot reads the
target's die only on a hit, and an opposed JC pairs the scores rather than the faces. Each must give exactly the
fraction that listing every face (or pair of faces) and counting gives.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import odds
from rules.confrontation import flight
from rules.confrontation.checks import DISENGAGE_GRADES, SHOT_GRADES, TEST_DIE
from rules.confrontation.shooting import difficulty
from rules.freres.checks import CRITICAL, D10, Check
from rules.freres.damage import defence_result
from rules.freres.melee import jc_score, opposed
from rules.freres.morale import morale_outcome
from rules.siege.chapters import structure


@pytest.mark.parametrize("damage", list(structure.DAMAGE_DICE))
@pytest.mark.parametrize("strength", range(1, 11))
def test_structure_hit_counts_the_faces_of_the_damage_die(strength: int, damage: str) -> None:
    """§5.9, R5: each outcome's chance is the share of the damage die's faces that score into its row."""
    die = structure.damage_die(damage)
    faces = (0,) if die is None else die.faces
    for prior in range(25):
        rows = Counter(structure.outcome(structure.score(strength, face, prior)).value for face in faces)
        assert odds.structure_hit(strength, damage, prior) == {row: F(n, len(faces)) for row, n in rows.items()}


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    flee_move=st.integers(1, 25),
    pursuer_move=st.integers(1, 25),
    charge_move=st.integers(0, 40),
    voluntary=st.booleans(),
    gap=st.integers(0, 40),
    flee_modifier=st.integers(-6, 0),
    pursuit_modifier=st.integers(-6, 0),
)
def test_caught_counts_every_pair_of_faces(
    flee_move: int,
    pursuer_move: int,
    charge_move: int,
    voluntary: bool,
    gap: int,
    flee_modifier: int,
    pursuit_modifier: int,
) -> None:
    """004 Rattraper un fuyard, Fuir volontairement: P(caught) is the share of the 36 face pairs that catch."""
    if voluntary:
        gap = 0  # NB4
    pairs = itertools.product(TEST_DIE.faces, repeat=2)
    caught = sum(
        flight.caught(
            flight.pursuit_distance(charge_move, pursuer_move, p, pursuit_modifier),
            flight.flight_distance(flee_move, f, voluntary, flee_modifier),
            gap,
        )
        for f, p in pairs
    )
    expected = F(caught, len(TEST_DIE.faces) ** 2)
    args = (flee_move, pursuer_move, charge_move, voluntary, gap, flee_modifier, pursuit_modifier)
    assert odds.confrontation_caught(*args) == expected


def test_caught_by_hand() -> None:
    """After a failed fear test a move of 10 flees 0, 5, 10 or 20 cm (faces 1, 2–3, 4–5, 6); a charge of 20 and a
    move of 10 pursue 20, 25 or 30 cm (faces 1, 2–3, 4–6). Caught when pursuit ≥ gap + flight.

    15 cm apart: flight 0 by all 6 pursuit faces, 5 (two faces) by all 6, 10 (two faces) by the 5 faces of 25 or
    30, 20 by none: 6 + 12 + 10 = 28 of 36. 5 cm apart: 6 + 12 + 12 + 5 (flight 20 by 25 or 30) = 35 of 36.
    """
    assert odds.confrontation_caught(10, 10, 20, False, gap=15) == F(28, 36)
    assert odds.confrontation_caught(10, 10, 20, False, gap=5) == F(35, 36)
    assert odds.confrontation_caught(10, 10, 20, False, gap=0) == 1
    assert odds.confrontation_caught(10, 10, 20, False, gap=100) == 0


@pytest.mark.parametrize("offset", range(-12, 10))
def test_grades_count_the_faces(offset: int) -> None:
    """004 Tirer dans le tas, Se désengager: each grade's chance is the share of the d6's faces that give it."""
    shot = Counter(SHOT_GRADES.grade(face, face + offset).value for face in TEST_DIE.faces)
    value = offset + difficulty("medium")
    assert odds.confrontation_shot(max(value, 0), "medium", max(value, 0) - value) == {
        g: F(n, 6) for g, n in shot.items()
    }
    disengage = Counter(DISENGAGE_GRADES.grade(face, face + offset).value for face in TEST_DIE.faces)
    # difficulty max(4, 4) + 2 for one opponent − 1 for one disengaging model = 5
    assert odds.confrontation_disengage(offset + 5, 4, 1, 1) == {g: F(n, 6) for g, n in disengage.items()}


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    shooting=st.integers(1, 10),
    defence=st.integers(1, 10),
    hit_modifier=st.integers(-12, 12),
    damage_bonus=st.integers(-6, 12),
    defence_modifier=st.integers(-6, 6),
)
def test_fda_shot_counts_every_pair_of_d10(
    shooting: int, defence: int, hit_modifier: int, damage_bonus: int, defence_modifier: int
) -> None:
    """003 II §5.1.2–5.1.3, §7: each outcome's chance is the share of the 100 pairs (shooter's d10, target's JD d10)
    that give it, read through the rule functions pair by pair."""

    def shot(face: int, defence_face: int) -> str:
        if face == CRITICAL:
            return "critical_miss"
        if not Check(face, shooting, hit_modifier).succeeded:
            return "miss"
        row = defence_result(face + shooting + damage_bonus, defence_face, defence + defence_modifier)
        return "killed" if row is None else row.value

    pairs = Counter(shot(d, e) for d, e in itertools.product(D10.faces, repeat=2))
    expected = {key: F(n, 100) for key, n in pairs.items()}
    assert odds.fda_shot(shooting, defence, hit_modifier, damage_bonus, defence_modifier) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    attacker=st.integers(1, 10),
    defender=st.integers(1, 10),
    attacker_modifier=st.integers(-12, 12),
    defender_modifier=st.integers(-12, 12),
    characteristic=st.integers(1, 10),
    modifier=st.integers(-12, 12),
)
def test_fda_tests_count_the_faces(
    attacker: int, defender: int, attacker_modifier: int, defender_modifier: int, characteristic: int, modifier: int
) -> None:
    """003 II §2.2, §4.1.1–4.1.3, §8.1: the test, the opposed JC and the morale test, face by face."""
    exchanges = Counter(
        opposed(jc_score(a, attacker, attacker_modifier), jc_score(d, defender, defender_modifier)).value
        for a, d in itertools.product(D10.faces, repeat=2)
    )
    assert odds.fda_opposed(attacker, defender, attacker_modifier, defender_modifier) == {
        key: F(n, 100) for key, n in exchanges.items()
    }
    results = Counter(Check(face, characteristic, modifier).result.value for face in D10.faces)
    assert odds.fda_test(characteristic, modifier) == {key: F(n, 10) for key, n in results.items()}
    rows = Counter(
        "passed" if (row := morale_outcome(Check(face, characteristic, modifier))) is None else row.value
        for face in D10.faces
    )
    assert odds.fda_morale(characteristic, modifier) == {key: F(n, 10) for key, n in rows.items()}
