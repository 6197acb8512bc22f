"""§17 victory points and R11 section control, on end states worked out by hand from the seed's §17 text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.board.fort import standard_fort
from rules.siege.board.profiles import Special
from rules.siege.board.state import Side
from rules.siege.chapters.victory import (
    Achievements,
    scored,
    section_control,
    section_holders,
    section_limits,
    victory_points,
)
from tests.rules.siege.builders import FORT, MAN, ORC, battle, besieged, besiegers, with_rules

HALBERDIER = replace(MAN, name="Halberdier", points=30)
GENERAL = with_rules(replace(MAN, points=100), Special.GENERAL, Special.CHARACTER, name="General")
ORC10 = replace(ORC, name="Orc warrior", points=10)
STANDARD = with_rules(replace(ORC, points=10), Special.BATTLE_STANDARD, name="Orc battle standard")


@pytest.mark.parametrize(
    ("besieger", "besieged_", "holder"),
    [
        pytest.param(10, 1, Side.BESIEGER, id="R11-10-to-1-controls"),
        pytest.param(9, 1, None, id="R11-9-to-1-nobody"),
        pytest.param(0, 1, Side.BESIEGED, id="R11-alone-controls"),
        pytest.param(0, 0, None, id="R11-empty-nobody"),
    ],
)
def test_section_control(besieger: int, besieged_: int, holder: Side | None) -> None:
    state = battle(besiegers(ORC, "C2", besieger), besieged(MAN, "C2", besieged_))
    assert section_control(state, "C2") is holder


def test_section_holders_name_each_section_in_the_fort_order() -> None:
    """R11 on every section at once: 10 orcs to 1 man on C2 is the besieger's, a fleeing orc on W3 counts for
    nothing against a man (§3.2.4), W1 empty is nobody's, or the besieged's under the house rule."""
    state = battle(
        besiegers(ORC, "C2", 10), besieged(MAN, "C2", 1), besiegers(ORC, "W3", 1, "f"), besieged(MAN, "W3", 1, "w")
    )
    state = state.with_models({"f1": replace(state.model("f1"), fleeing=True)})
    holders = section_holders(state)
    assert list(holders) == [s.id for s in state.fort.sections]
    assert (holders["C2"], holders["W3"], holders["W1"]) == (Side.BESIEGER, Side.BESIEGED, None)
    assert section_holders(state, empty_to_besieged=True)["W1"] is Side.BESIEGED
    assert holders == {s.id: section_control(state, s.id) for s in state.fort.sections}
    assert victory_points(state, holders=holders) == victory_points(state)


def test_end_state_a_a_wall_each_and_a_destroyed_unit() -> None:
    """Besiegers alone on W3: a rampart section, 2 (§17.1). Besieged alone on W1: 4 (§17.2). The besieged's 4
    halberdiers at 30 points, 120 in all, are all dead: one full 100, 1 point to the besieger. Every other
    section is empty: nobody's (R11). Besieger 3, besieged 4.
    """
    state = battle(besiegers(ORC, "W3", 5), besieged(MAN, "W1", 5), besieged(HALBERDIER, "C2", 4, "h", "Halberdiers"))
    state = state.with_models(dict.fromkeys(("h1", "h2", "h3", "h4"), None))
    points = victory_points(state)
    assert points.total(Side.BESIEGER) == 3
    assert points.total(Side.BESIEGED) == 4
    assert points.besieger["units"] == 1


def test_end_state_b_the_gate_courtyard_a_breach_and_the_general() -> None:
    """10 besiegers against 1 besieged in C1, the main gate's courtyard: 10 to 1 is control (note 1), so a
    courtyard, 4, and the main gate section, 3 (§17.1). W3 has collapsed: a breach, 5. The besieged general is
    dead: 2 (his 100 points are a unit of one: 1 more). Besieger 4 + 3 + 5 + 2 + 1 = 15. The besieged hold the
    tower T1 alone: 5 (§17.2).
    """
    state = battle(
        besiegers(ORC, "C1", 10),
        besieged(MAN, "C1", 1),
        besieged(MAN, "T1", 2, "t"),
        besieged(GENERAL, "C2", 1, "g", "General"),
    )
    state = state.with_works(replace(state.works_of("W3"), collapsed=True)).with_models({"g1": None})
    points = victory_points(state)
    assert dict(points.besieger) == {
        "units": 1,
        "general": 2,
        "battle_standard": 0,
        "wall_walk": 0,
        "tower": 0,
        "main_gate": 3,
        "postern": 0,
        "courtyard": 4,
        "breach": 5,
    }
    assert points.total(Side.BESIEGED) == 5


def test_end_state_c_fleeing_units_and_a_contested_postern_courtyard() -> None:
    """9 besiegers against 1 besieged in C3 (the postern's courtyard): under 10 to 1, nobody's. A besieged unit of
    20 men at 5 points (100) flees on C2: 1 to the besieger, and fleeing models hold nothing, so C2 is nobody's.
    The besiegers' 10 orcs at 10 points (100) are destroyed and their battle standard bearer flees: 1 + 1 to the
    besieged. Besieger 1, besieged 2.
    """
    state = battle(
        besiegers(ORC, "C3", 9),
        besieged(MAN, "C3", 1),
        besieged(MAN, "C2", 20, "f", "Militia"),
        besiegers(ORC10, "foot:W3", 10, "o", "Orcs"),
        besiegers(STANDARD, "foot:W4", 1, "s", "Standard"),
    )
    state = state.with_models({**{f"o{n}": None for n in range(1, 11)}})
    state = state.with_models(
        {
            **{m.id: replace(m, fleeing=True) for m in state.at("C2")},
            "s1": replace(state.model("s1"), fleeing=True),
        }
    )
    points = victory_points(state)
    assert points.total(Side.BESIEGER) == 1
    assert points.besieged["units"] == 1
    assert points.besieged["battle_standard"] == 1
    assert points.total(Side.BESIEGED) == 2


def test_house_rule_empty_sections_stay_with_the_besieged() -> None:
    """R11 option: W1 held plus the three empty wall-walks, 4 each, go to the besieged."""
    state = battle(besieged(MAN, "W1", 1))
    plain = victory_points(state).besieged["wall_walk"]
    kept = victory_points(state, empty_to_besieged=True).besieged["wall_walk"]
    assert plain == 4
    assert kept == 4 * 4


def test_the_besieged_score_2_for_a_courtyard_they_control() -> None:
    """§17.2: "2 points pour chaque section de cour intérieure contrôlée" — the besieged alone in C2."""
    state = battle(besieged(MAN, "C2", 3))
    assert victory_points(state).besieged["courtyard"] == 2


def test_reported_achievements_count_each_unit_on_its_own() -> None:
    """§17: 1 point per full 100 army points *of a unit*: units of 350, 90 and 60 points make 3, not 500 // 100."""
    points = scored(Side.BESIEGER, Achievements(units=(350, 90, 60), sections={"wall_walk": 2}, breaches=1))
    assert (points["units"], points["wall_walk"], points["breach"]) == (3, 2 * 2, 5)
    assert "breach" not in scored(Side.BESIEGED, Achievements(breaches=0))


def test_a_fort_bounds_what_can_be_controlled_in_it() -> None:
    """The standard 1500-point fort (§1.4 Table 1): 4 wall-walks, 4 tower sections, 3 courtyards, a main gate and a
    postern; any of its 8 rampart sections may be brought down into a breach.
    """
    assert section_limits(standard_fort(1500)) == {
        "wall_walk": 4,
        "tower": 4,
        "main_gate": 1,
        "postern": 1,
        "courtyard": 3,
        "breach": 8,
    }


def test_control_takes_ten_to_one_in_unit_strength() -> None:
    """§17.1 note 1: « une différence de puissance d'unité d'au moins 10 contre 1 », R11: 10 to 1 controls, 9 to 1
    does not; fleeing models count for nothing."""
    assert section_control(battle(besiegers(ORC, "W3", 10), besieged(MAN, "W3", 1)), "W3") is Side.BESIEGER
    assert section_control(battle(besiegers(ORC, "W3", 9), besieged(MAN, "W3", 1)), "W3") is None
    state = battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 1))
    state = state.with_models({"d1": replace(state.model("d1"), fleeing=True)})
    assert section_control(state, "W3") is Side.BESIEGER


@pytest.mark.parametrize(
    ("section", "category", "points"),
    [
        pytest.param("W3", "wall_walk", 2, id="§17.1-rampart-2"),
        pytest.param("T3", "tower", 3, id="§17.1-tower-3"),
        pytest.param("C2", "courtyard", 4, id="§17.1-courtyard-4"),
    ],
)
def test_the_besieger_scores_each_section_he_controls(section: str, category: str, points: int) -> None:
    """§17.1: « 2 points pour chaque section de rempart contrôlée », « 3 points pour une section de tour »,
    « 4 points pour chaque section de cour intérieure »."""
    assert victory_points(battle(besiegers(ORC, section, 1))).besieger[category] == points
    assert victory_points(battle(besiegers(ORC, section, 9), besieged(MAN, section, 1))).besieger[category] == 0


def test_the_besieger_scores_the_gates_and_each_breach() -> None:
    """§17.1: « 3 points pour une section de porte principale », « 2 points pour une section de porte
    secondaire », « 5 points pour une brèche faite dans un rempart », whoever holds the breach afterwards."""
    postern = next(g.section for g in FORT.gates if g.kind.value == "postern")
    state = battle(besiegers(ORC, "C1", 1), besiegers(ORC, postern, 1, "p"), besieged(MAN, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), collapsed=True))
    points = victory_points(state).besieger
    assert (points["main_gate"], points["postern"], points["breach"]) == (3, 2, 5)


def test_the_besieger_scores_units_general_and_battle_standard() -> None:
    """§17.1: « 1 point pour chaque tranche de 100 points d'armée d'une unité assiégée en fuite ou détruite »,
    « 2 points pour avoir tué ou mis en fuite le général », « 1 pour une Grande bannière »: 199 points are 1."""
    general = with_rules(replace(MAN, points=99), Special.GENERAL, Special.CHARACTER, name="General")
    bearer = with_rules(replace(MAN, points=100), Special.BATTLE_STANDARD, name="Bearer")
    state = battle(
        besieged(replace(MAN, points=199), "W1", 1, "u", "Guard"),
        besieged(general, "W1", 1, "g", "General"),
        besieged(bearer, "W1", 1, "b", "Bearer"),
        besieged(replace(MAN, points=100), "W2", 2, "k", "Kept"),
    )
    state = state.with_models({"u1": None, "g1": None, "b1": replace(state.model("b1"), fleeing=True), "k1": None})
    points = victory_points(state).besieger
    assert (points["units"], points["general"], points["battle_standard"]) == (1 + 0 + 1, 2, 1)


def test_the_besieged_score_two_points_per_controlled_courtyard() -> None:
    """§17.2: « 2 points pour chaque section de cour intérieure contrôlée »: C2 alone is 2; C1 is a courtyard (2)
    and the main gate's section (5).
    """
    state = battle(besieged(MAN, "C2", 1))
    assert victory_points(state).besieged["courtyard"] == 2
    both = battle(besieged(MAN, "C2", 1), besieged(MAN, "C1", 1, "g"))
    points = victory_points(both).besieged
    assert points["courtyard"] == 4
    assert points["main_gate"] == 5
    contested = battle(besieged(MAN, "C2", 1), besiegers(ORC, "C2", 1))
    assert victory_points(contested).besieged["courtyard"] == 0
