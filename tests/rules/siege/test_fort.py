import pytest

from rules.siege.fort import minimum_sections

# §1.4 Table 1 as printed in seed 000, one row per kind, one column per band (R12)
TABLE_1 = {
    "courtyard": (2, 3, 3, 4),
    "wall_walk": (3, 4, 4, 5),
    "tower_level3": (2, 2, 3, 3),
    "tower_level2": (0, 0, 1, 2),
    "stairs": (1, 1, 2, 2),
    "main_gate": (1, 1, 1, 1),
    "postern": (0, 1, 1, 2),
}
BAND_POINTS = ((0, 1000), (1001, 1500), (1501, 2000), (2001, 10_000))


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
