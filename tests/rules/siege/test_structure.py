"""§5.9 structure damage, Table 3 and ruling R5: its bands transcribed from seed 000, its effects on the
battle state (silenced sections, collapses, breaches); §5.10 template strength; §13.2 earthquakes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege.board.fort import ConnectionKind
from rules.siege.board.profiles import Special
from rules.siege.board.state import IllegalAction, Ladder, Phase, Side
from rules.siege.chapters.magic import earthquake
from rules.siege.chapters.movement import move
from rules.siege.chapters.shooting import bombard
from rules.siege.chapters.structure import (
    COLLAPSE_SCORE,
    StructureOutcome,
    check_not_silenced,
    damage_die,
    hit_section,
    outcome,
    score,
    template_strength,
)
from tests.rules.data import siege_rules
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, dice, options_named, with_rules

NAMES = {
    "Pas d'effet": StructureOutcome.NO_EFFECT,
    "Ebranlé": StructureOutcome.SHAKEN,
    "Sévèrement ébranlé": StructureOutcome.SEVERELY_SHAKEN,
    "Rempart Détruit": StructureOutcome.RAMPART_DESTROYED,
    "Effondrement partiel": StructureOutcome.PARTIAL_COLLAPSE,
    "Effondrement": StructureOutcome.COLLAPSE,
}


TABLE_3 = [(low, high, NAMES[effect]) for low, high, effect in siege_rules.TABLE_3]


def test_table_3_has_a_row_for_each_outcome() -> None:
    assert [row[2] for row in TABLE_3] == list(StructureOutcome)


@pytest.mark.parametrize(("low", "high", "expected"), TABLE_3, ids=[f"§5.9-{row[2].value}" for row in TABLE_3])
def test_every_score_of_table_3(low: int, high: int | None, expected: StructureOutcome) -> None:
    """§5.9 Table 3, R5: each score of each band (19+ checked up to 30)."""
    for s in range(low, (high if high is not None else 30) + 1):
        assert outcome(s) is expected


@pytest.mark.parametrize(
    ("name", "points"),
    [("no_effect", 0), ("shaken", 1), ("severely_shaken", 1), ("rampart_destroyed", 2), ("partial_collapse", 2)],
)
def test_damage_points_each_outcome_adds(name: str, points: int) -> None:
    """R5: shaken +1, severely shaken +1, rampart destroyed +2, partial collapse +2."""
    assert StructureOutcome(name).damage_points == points


def test_score_below_the_table_has_no_effect() -> None:
    """§5.9: S1 single damage on an undamaged section scores 1."""
    assert outcome(1) is StructureOutcome.NO_EFFECT


def test_collapse_threshold() -> None:
    """R5: 19+ collapses."""
    assert COLLAPSE_SCORE == 19


@pytest.mark.parametrize(
    ("strength", "roll", "prior", "expected"),
    [
        pytest.param(7, 4, 0, 11, id="§5.9-catapult-S7-D4-rolls-4"),
        pytest.param(4, 0, 0, 4, id="R5-single-damage-adds-nothing"),
        pytest.param(10, 6, 3, 19, id="R5-prior-points-add"),
    ],
)
def test_score(strength: int, roll: int, prior: int, expected: int) -> None:
    assert score(strength, roll, prior) == expected


@pytest.mark.parametrize(("damage", "faces"), [("1", None), ("D2", 2), ("D3", 3), ("D4", 4), ("D6", 6)])
def test_damage_dice(damage: str, faces: int | None) -> None:
    die = damage_die(damage)
    assert (None if die is None else len(die.faces)) == faces


def test_template_over_models_loses_one_strength() -> None:
    """§5.10, R5: S−1 when aimed at the structure and the models under it."""
    assert template_strength(7, with_models=True) == 6
    assert template_strength(7, with_models=False) == 7


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: damage_die("D5"), "damage must be one of '1', 'D2', 'D3', 'D4', 'D6', got 'D5'"),
        (lambda: score(11, 0, 0), "strength must be between 1 and 10, got 11"),
        (lambda: score(5, 0, -1), "prior must be 0 or more, got -1"),
        (lambda: outcome(0), "score must be 1 or more, got 0"),
    ],
)
def test_bad_input(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_a_shaken_section_is_offered_no_shooting() -> None:
    """§5.9: « Pas de tir ni de génie au prochain tour »: the archers of a silenced W3 are not offered a volley."""
    state = battle(besieged(ARCHER, "W3", 2), besiegers(ORC, "foot:W3", 2), active=Side.BESIEGED)
    state = replace(state, phase=Phase.SHOOTING).with_works(replace(state.works_of("W3"), silenced=2))
    assert options_named(state, "shoot") == []
    assert options_named(state, "shoot_engine") == []


def test_rampart_destroyed_silences_hits_d4_models_and_adds_2() -> None:
    """§5.9 16-17: S10 + D6 roll 6 on a whole section scores 16."""
    state = battle(besieged(MAN, "W3", 3))
    # D6 damage 6; silence D6 2 (2+ needed); D4 victims 1; to wound d1 on T3 at S4 needs 3: roll 3
    after, events = hit_section(state, "W3", 10, "D6", dice(6, 2, 1, 3), "war_machine")
    works = after.works_of("W3")
    assert (works.damage, works.silenced) == (2, 2)
    assert [m.id for m in after.fallen] == ["d1"]
    assert (events[0].params["score"], events[0].params["result"]) == (16, "rampart_destroyed")
    with pytest.raises(IllegalAction) as error:
        check_not_silenced(after, "W3", "shoot")
    assert error.value.clause == "§5.9"


def test_severely_shaken_silences_on_4_plus_only() -> None:
    """§5.9 14-15: a D6 of 3 leaves the section free to shoot; 1 damage point."""
    state = battle(besieged(MAN, "W3", 1))
    after, _ = hit_section(state, "W3", 10, "D6", dice(4, 3), "test")
    assert (after.works_of("W3").damage, after.works_of("W3").silenced) == (1, 0)


def test_partial_collapse_hits_everyone_without_save() -> None:
    """§5.9 18: all models on the rampart take S4 without armour save, the section is silenced, +2."""
    armoured = replace(MAN, name="Armoured", save=2)
    state = battle(besieged(armoured, "W3", 2))
    state = state.with_works(replace(state.works_of("W3"), damage=8))
    # S10 single damage + 8 = 18; wound rolls 3 and 3 kill both, no save is rolled
    after, _ = hit_section(state, "W3", 10, "1", dice(3, 3), "test")
    assert not after.at("W3")
    assert after.works_of("W3").damage == 10
    assert after.works_of("W3").silenced


def test_collapse_makes_a_breach_and_destroys_ladders_and_defences() -> None:
    """§5.9 19+: S5 on the section, S3 next to it, ladders and defences gone, a breach into the courtyard (R5)."""
    state = battle(besieged(MAN, "W3", 1), besieged(MAN, "T3", 1, "n"), besiegers(ORC, "foot:W3", 2, "f"))
    state = state.with_works(replace(state.works_of("W3"), damage=9, stones=2, braziers=()))
    after, events = hit_section(state, "W3", 10, "1", dice(1, 1, 1, 1, 1), "test")
    assert after.works_of("W3").collapsed
    assert after.works_of("W3").stones == 0
    assert not [x for x in after.ladders if x.section == "W3"]
    breach = after.fort.connection("W3", "C3")
    assert breach is not None
    assert breach.kind is ConnectionKind.BREACH
    assert any(e.kind == "breach" for e in events)
    # §5.9: 20 models a turn through the breach into C3
    walked = move(after, ["f1", "f2"], "C3", dice())
    assert {m.id for m in walked.state.at("C3")} == {"f1", "f2"}


@pytest.mark.parametrize(
    ("with_models", "strength_used"),
    [
        pytest.param(False, 7, id="§5.10-structure-only-full-strength"),
        pytest.param(True, 6, id="§5.10-structure-and-models-S-1"),
    ],
)
def test_template_strength_on_the_wall(with_models: bool, strength_used: int) -> None:
    state = battle(besieged(MAN, "W3", 1))
    result = bombard(state, "W3", 7, "D4", dice(4, 6), under_template=["d1"] if with_models else None)
    # score = S + D4 roll 4 + 0: 11 or 10, both no effect, read from the event's facts
    assert (result.events[0].params["section"], result.events[0].params["score"]) == ("W3", strength_used + 4)


def test_war_machine_at_the_main_gate_hits_it_on_1_or_2() -> None:
    """§5.6: a 2 hits the main gate (T9: S10 wounds on 3+, R9) for its D6 damage, a 3 hits the wall."""
    state = battle(besieged(MAN, "C1", 1))
    hit = bombard(state, "gate:G1", 10, "D6", dice(2, 3, 4))
    assert hit.state.gate("G1").structure_points == 3
    miss = bombard(state, "gate:G1", 10, "D6", dice(3, 1))
    assert miss.state.gate("G1").structure_points == 7
    assert any(e.kind == "wall_hit" for e in miss.events)


def test_postern_is_hit_on_a_1_only() -> None:
    """§5.6."""
    state = battle(besieged(MAN, "C3", 1))
    miss = bombard(state, "gate:P1", 10, "1", dice(2))
    assert miss.state.gate("P1").structure_points == 4


def test_earthquake_is_s10_d6() -> None:
    """§13.2: S10 + D6 roll 3 = 13, shaken; a besieger wizard casts it."""
    wizard = besiegers(with_rules(MAN, Special.CHARACTER), "field:W1", 1, "w")
    result = earthquake(battle(besieged(MAN, "W1", 1), wizard), "W1", dice(3))
    assert result.state.works_of("W1").damage == 1


def test_structure_damage_only_on_ramparts() -> None:
    with pytest.raises(IllegalAction) as error:
        hit_section(battle(besieged(MAN, "C1", 1)), "C1", 10, "1", dice(), "test")
    assert error.value.clause == "§5.9"


def test_no_ladder_section_unaffected() -> None:
    state = battle(besieged(MAN, "W1", 1), ladders=(Ladder("L1", "W3"),))
    after, _ = hit_section(state, "W1", 3, "1", dice(), "test")
    assert after.works_of("W1").damage == 0
    assert after.ladders == state.ladders
    assert after.active is Side.BESIEGER
