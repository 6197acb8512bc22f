"""§1 the fort's anatomy: Table 1's minimum sections, Table 2's capacities, levels, gates and stairs, and a
club's own layout (ruling R12).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.siege.board.fort import (
    CONNECTION_CAPACITY,
    GATE_CAPACITY,
    Connection,
    ConnectionKind,
    FortLayout,
    Gate,
    GateKind,
    InvalidLayout,
    Section,
    SectionKind,
    minimum_sections,
    standard_fort,
)
from tests.rules.data import siege_rules
from tests.rules.siege.builders import with_service_door

# §1.4 Table 1 (transcribed from seed 000): one row per kind, one column per band of besieged points (R12)
TABLE_1_ROWS = {
    "Cour intérieure": "courtyard",
    "Chemin de ronde": "wall_walk",
    "Tour niveau 3": "tower_level3",
    "Tour niveau 2": "tower_level2",
    "Escalier": "stairs",
    "Porte principale": "main_gate",
    "Poterne": "postern",
}
TABLE_1 = {TABLE_1_ROWS[label]: row for label, row in siege_rules.TABLE_1.items()}
BAND_POINTS = tuple((low, 10_000 if high is None else high) for low, high in siege_rules.TABLE_1_BANDS)


def test_table_1_has_a_row_for_each_kind() -> None:
    # §1.4: seven kinds with a minimum; service doors are "variable" (R12)
    assert set(TABLE_1) == set(TABLE_1_ROWS.values())
    assert siege_rules.TABLE_1_VARIABLE == "Porte de service"


@pytest.mark.parametrize(
    ("kind", "band", "points"),
    [
        pytest.param(kind, band, points, id=f"§1.4-table1-{kind}-{points}")
        for kind in TABLE_1
        for band, edges in enumerate(BAND_POINTS)
        for points in edges
    ],
)
def test_minimum_sections_every_cell(kind: str, band: int, points: int) -> None:
    # §1.4, R12: both edges of each band
    assert minimum_sections(points)[kind] == TABLE_1[kind][band]


def test_minimum_sections_keys_leave_service_doors_out() -> None:
    # R12: service doors are "variable"
    assert set(minimum_sections(1200)) == set(TABLE_1)


def test_minimum_sections_refuses_negative_points() -> None:
    with pytest.raises(ValueError, match="besieged_points must be 0 or more, got -1"):
        minimum_sections(-1)


@pytest.mark.parametrize(
    ("one", "other", "capacity"),
    [
        pytest.param("W1", "W2", 10, id="§2.1.1-wall-to-wall-10"),
        pytest.param("W1", "T2", 10, id="§2.1.1-wall-to-tower-10"),
        pytest.param("C1", "S1", 10, id="§2.1.1-courtyard-to-stairs-10"),
        pytest.param("S1", "W1", 10, id="§2.1.1-stairs-to-wall-10"),
        pytest.param("C1", "C2", 20, id="§2.1.1-courtyard-to-courtyard-20"),
        pytest.param("C2", "C1", 20, id="§2.1.1-both-directions"),
        pytest.param("C1", "W2", 0, id="§2.1.1-not-connected-0"),
    ],
)
def test_table_2_capacities_on_a_small_fort(one: str, other: str, capacity: int) -> None:
    fort = FortLayout(
        "t",
        (
            Section("C1", SectionKind.COURTYARD, 1),
            Section("C2", SectionKind.COURTYARD, 1),
            Section("S1", SectionKind.STAIRS, 2),
            Section("W1", SectionKind.WALL_WALK, 3),
            Section("W2", SectionKind.WALL_WALK, 3),
            Section("T2", SectionKind.TOWER, 3, tower="T2"),
        ),
        (
            Connection("C1", "C2", ConnectionKind.COURTYARD),
            Connection("C1", "S1", ConnectionKind.STAIRS),
            Connection("S1", "W1", ConnectionKind.STAIRS),
            Connection("W1", "W2", ConnectionKind.WALL),
            Connection("W1", "T2", ConnectionKind.WALL),
        ),
        (),
    )
    assert fort.capacity(one, other) == capacity


TABLE_2_ROWS = {
    # §2.1.1 Table 2, row as printed → the capacity the engine uses for it
    "Chemin de ronde => chemin de ronde": CONNECTION_CAPACITY[ConnectionKind.WALL],
    "Chemin de ronde => tour": CONNECTION_CAPACITY[ConnectionKind.WALL],
    "Cour intérieure => cour intérieure": CONNECTION_CAPACITY[ConnectionKind.COURTYARD],
    "Porte principale => cour intérieure": GATE_CAPACITY[GateKind.MAIN_GATE],
    "Poterne => cour intérieure": GATE_CAPACITY[GateKind.POSTERN],
    "Porte de service => autre section": CONNECTION_CAPACITY[ConnectionKind.SERVICE_DOOR],
}


@pytest.mark.parametrize(
    ("connection", "printed"),
    [
        pytest.param(connection, printed, id=f"§2.1.1-table2-{connection}")
        for connection, printed in siege_rules.TABLE_2.items()
    ],
)
def test_table_2_every_cell_from_the_seed(connection: str, printed: int) -> None:
    assert TABLE_2_ROWS[connection] == printed


def test_table_2_has_a_capacity_for_each_connection() -> None:
    assert list(siege_rules.TABLE_2) == list(TABLE_2_ROWS)


@pytest.mark.parametrize(
    ("kind", "capacity"),
    [
        pytest.param(ConnectionKind.LADDER, 4, id="§2.1.1-ladder-capacity-4"),
        pytest.param(ConnectionKind.SERVICE_DOOR, 6, id="§2.1.1-service-door-6"),
        pytest.param(ConnectionKind.BREACH, 20, id="R5-breach-20"),
    ],
)
def test_connection_kind_capacity(kind: ConnectionKind, capacity: int) -> None:
    assert Connection("a", "b", kind).capacity == capacity


@pytest.mark.parametrize(
    ("kind", "capacity"),
    [
        pytest.param(GateKind.MAIN_GATE, 15, id="§2.1.1-main-gate-15"),
        pytest.param(GateKind.POSTERN, 10, id="§2.1.1-postern-10"),
    ],
)
def test_gate_capacity(kind: GateKind, capacity: int) -> None:
    assert Gate("g", kind, "C1").capacity == capacity


@pytest.mark.parametrize("points", [0, 1000, 1001, 1500, 1501, 2000, 2001, 4000])
def test_standard_fort_is_valid_with_the_minimum(points: int) -> None:
    # §1.4: a template has at least Table 1's numbers and obeys every placement rule
    fort = standard_fort(points)
    assert fort.problems(points) == ()
    counts = fort.counts()
    assert all(counts[kind] >= minimum for kind, minimum in minimum_sections(points).items())
    assert counts["main_gate"] == 1


def test_standard_fort_has_distinct_drawing_points() -> None:
    fort = standard_fort(1500)
    ring = [(s.x, s.y) for s in fort.sections if s.level == 3]
    assert len(set(ring)) == len(ring)
    assert all(0 <= s.x <= 100 and 0 <= s.y <= 100 for s in fort.sections)


def test_layout_json_round_trip() -> None:
    fort = standard_fort(2500)
    assert FortLayout.from_json(json.loads(json.dumps(fort.to_json()))) == fort


def _broken(fort: FortLayout, **changes: object) -> FortLayout:
    return replace(fort, **changes)  # type: ignore[arg-type]


BASE = standard_fort(1500)


@pytest.mark.parametrize(
    ("fort", "message"),
    [
        pytest.param(
            _broken(
                BASE,
                sections=tuple(s for s in BASE.sections if s.id != "C3"),
                gates=BASE.gates[:1],
                connections=tuple(c for c in BASE.connections if "C3" not in (c.a, c.b)),
            ),
            "1500 besieged points need at least 3 courtyard, the fort has 2 (§1.4, R12)",
            id="§1.4-too-few-courtyards",
        ),
        pytest.param(
            _broken(BASE, gates=(*BASE.gates, Gate("G2", GateKind.MAIN_GATE, "C2"))),
            "a fort has one main gate, this one has 2 (§1.3.1)",
            id="§1.3.1-one-main-gate",
        ),
        pytest.param(
            _broken(BASE, gates=(Gate("G1", GateKind.MAIN_GATE, "W1"), BASE.gates[1])),
            "main_gate G1 must open on a courtyard section, not W1 (§1.3)",
            id="§1.3.1-main-gate-opens-on-a-courtyard",
        ),
        pytest.param(
            _broken(BASE, gates=(BASE.gates[0], Gate("P1", GateKind.POSTERN, "C1"))),
            "courtyard C1 touches both the main gate and a postern (§1.1.1)",
            id="§1.1.1-§1.3.2-courtyard-touches-one-of-gate-or-postern",
        ),
        pytest.param(
            _broken(BASE, sections=tuple(replace(s, level=1) if s.id == "W1" else s for s in BASE.sections)),
            "wall_walk W1 is on level 1, must be 3 (§1.2)",
            id="§1.2-wall-walk-level-3",
        ),
        pytest.param(
            _broken(BASE, connections=(*BASE.connections, Connection("C2", "W2", ConnectionKind.WALL))),
            "courtyard C2 and wall_walk W2 cannot be joined by a wall connection (§2.1.1)",
            id="§2.1.1-courtyard-to-wall-needs-stairs-or-ladder",
        ),
        pytest.param(
            _broken(BASE, connections=(*BASE.connections, Connection("T2", "W2", ConnectionKind.LADDER))),
            "a ladder joins a courtyard to a wall-walk, not tower to wall_walk (§1.1.4)",
            id="§1.1.4-ladder-courtyard-to-wall-walk",
        ),
        pytest.param(
            _broken(BASE, connections=tuple(c for c in BASE.connections if c.kind is not ConnectionKind.STAIRS)),
            "stairs or at least two ladders must lead from a courtyard to the wall-walk, the fort has 0 ladders "
            "and no such stairs (§1.1.4)",
            id="§1.1.4-stairs-or-two-ladders",
        ),
    ],
)
def test_layout_problems(fort: FortLayout, message: str) -> None:
    assert message in fort.problems(1500)
    with pytest.raises(InvalidLayout) as error:
        fort.validate(1500)
    assert message in error.value.problems


def test_two_ladders_replace_stairs() -> None:
    # §1.1.4, §1.2: a fort without stairs reaches its wall-walk by two ladders (clubs may agree to it, §1.5)
    no_stairs = tuple(s for s in BASE.sections if s.kind is not SectionKind.STAIRS)
    links = tuple(c for c in BASE.connections if c.kind is not ConnectionKind.STAIRS)
    ladders = (Connection("C1", "W1", ConnectionKind.LADDER), Connection("C3", "W3", ConnectionKind.LADDER))
    fort = replace(BASE, sections=no_stairs, connections=links + ladders)
    problems = fort.problems(1500)
    assert not any("§1.1.4" in p for p in problems)
    assert fort.capacity("C1", "W1") == 4


FORT_1500 = standard_fort(1500)


def _problems(fort: FortLayout, points: int = 1500) -> tuple[str, ...]:
    return fort.problems(points)


def test_a_courtyard_never_touches_both_the_main_gate_and_a_postern() -> None:
    """§1.1.1: « Un même section de cour intérieure ne peut pas jouxter et une poterne et une porte principale »;
    §1.3.2: « elle ne peut jamais donner sur la même section de cour intérieure qu'une porte principale »."""
    assert _problems(FORT_1500) == ()
    gates = tuple(replace(g, section="C1") if g.kind is GateKind.POSTERN else g for g in FORT_1500.gates)
    assert any("§1.1.1" in p for p in _problems(replace(FORT_1500, gates=gates)))


def test_gates_open_on_a_courtyard() -> None:
    """§1.3.1: the main gate « occupe le niveau 1 et donne sur une section de cour intérieure »; §1.3.2: « Une
    poterne doit donner sur une section de cour intérieure »."""
    for kind in (GateKind.MAIN_GATE, GateKind.POSTERN):
        gates = tuple(replace(g, section="W2") if g.kind is kind else g for g in FORT_1500.gates)
        assert any("(§1.3)" in p for p in _problems(replace(FORT_1500, gates=gates)))


def test_one_main_gate_only() -> None:
    """§1.3.1: « Il ne peut en avoir qu'une seule »."""
    second = Gate("G2", GateKind.MAIN_GATE, "C2")
    assert any("§1.3.1" in p for p in _problems(replace(FORT_1500, gates=(*FORT_1500.gates, second))))


def test_stairs_or_two_ladders_lead_up_to_the_wall_walk() -> None:
    """§1.1.4: « Il n'est toutefois pas obligé d'y avoir d'escalier … Mais il faudra nécessairement qu'y figure au
    moins deux échelles minimum »: without stairs one ladder is refused, two are enough (at 1000 points, where
    Table 1 asks for one stair, the missing stair is refused by §1.4 on its own)."""
    sections = tuple(s for s in FORT_1500.sections if s.kind is not SectionKind.STAIRS)
    plain = tuple(c for c in FORT_1500.connections if "S1" not in (c.a, c.b))
    one = replace(FORT_1500, sections=sections, connections=(*plain, Connection("C2", "W2", ConnectionKind.LADDER)))
    two = replace(one, connections=(*one.connections, Connection("C3", "W3", ConnectionKind.LADDER)))
    assert any("§1.1.4" in p for p in _problems(one))
    assert not any("§1.1.4" in p for p in _problems(two))


@pytest.mark.parametrize(
    ("kind", "level", "allowed"),
    [
        pytest.param(SectionKind.COURTYARD, 1, True, id="§1.2-courtyard-level-1"),
        pytest.param(SectionKind.COURTYARD, 2, False, id="§1.2-courtyard-not-level-2"),
        pytest.param(SectionKind.STAIRS, 2, True, id="§1.2-stairs-level-2"),
        pytest.param(SectionKind.STAIRS, 3, False, id="§1.2-stairs-not-level-3"),
        pytest.param(SectionKind.TOWER, 2, True, id="§1.2-tower-level-2"),
        pytest.param(SectionKind.TOWER, 3, True, id="§1.2-tower-level-3"),
        pytest.param(SectionKind.TOWER, 1, False, id="§1.2-tower-not-level-1"),
        pytest.param(SectionKind.WALL_WALK, 3, True, id="§1.2-wall-walk-level-3"),
        pytest.param(SectionKind.WALL_WALK, 2, False, id="§1.2-wall-walk-not-level-2"),
    ],
)
def test_each_kind_of_section_on_its_level(kind: SectionKind, level: int, allowed: bool) -> None:
    """§1.2: « le niveau 1 = le sol (les sections de cour intérieure uniquement) », « le niveau 2 = les escaliers
    (… et de tours si ces dernières sont considérées comme ayant deux niveaux) », « Le niveau 3 = le chemin de ronde
    et sommet de tour »."""
    target = next(s for s in FORT_1500.sections if s.kind is kind)
    sections = tuple(replace(s, level=level) if s.id == target.id else s for s in FORT_1500.sections)
    assert (not any("(§1.2)" in p for p in _problems(replace(FORT_1500, sections=sections)))) is allowed


@pytest.mark.parametrize(
    ("points", "kind", "minimum"),
    [
        pytest.param(1000, "courtyard", 2, id="§1.4-1000-courtyards-2"),
        pytest.param(1001, "courtyard", 3, id="§1.4-1001-courtyards-3"),
        pytest.param(2000, "tower_level2", 1, id="§1.4-2000-level-2-towers-1"),
        pytest.param(2001, "tower_level2", 2, id="§1.4-2001-level-2-towers-2"),
        pytest.param(1000, "postern", 0, id="§1.4-1000-no-postern"),
        pytest.param(1001, "postern", 1, id="§1.4-1001-a-postern"),
    ],
)
def test_a_fort_short_of_table_1_is_refused(points: int, kind: str, minimum: int) -> None:
    """§1.4: « un minimum de section/niveaux sont obligatoires en fonction des points déployés par le défenseur »,
    R12: the standard fort for those points passes; one fewer of the kind is refused, at the band's edge."""
    fort = standard_fort(points)
    assert fort.counts()[kind] == minimum
    assert fort.problems(points) == ()
    if minimum:
        short = replace(fort, gates=fort.gates[:-1]) if kind == "postern" else fort
        if kind == "courtyard":
            gone = [s.id for s in fort.sections if s.kind is SectionKind.COURTYARD][-1]
            short = replace(
                fort,
                sections=tuple(s for s in fort.sections if s.id != gone),
                connections=tuple(c for c in fort.connections if gone not in (c.a, c.b)),
                gates=tuple(g for g in fort.gates if g.section != gone),
            )
        if kind == "tower_level2":
            lowered = next(s.id for s in fort.sections if s.kind is SectionKind.TOWER and s.level == 2)
            short = replace(fort, sections=tuple(replace(s, level=3) if s.id == lowered else s for s in fort.sections))
        assert any("§1.4" in p for p in short.problems(points))


def test_clubs_may_draw_their_own_fort() -> None:
    """§1.5: « Ces règles de sections peuvent être adaptables à la configuration de chaque château »: a layout
    beyond Table 1's minimum (an extra courtyard and a service door, §1.3.3) is a valid fort."""
    extra = Section("C4", SectionKind.COURTYARD, 1)
    fort = replace(
        with_service_door(FORT_1500),
        sections=(*FORT_1500.sections, extra),
        connections=(*with_service_door(FORT_1500).connections, Connection("C3", "C4", ConnectionKind.COURTYARD)),
    )
    assert fort.problems(1500) == ()
    assert fort.validate(1500) is fort
