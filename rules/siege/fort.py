"""The fort's anatomy (§1): sections, levels, gates, connections and the minimum layout.

A fort (*fort*, *château*) is cut into sections (*sections*): courtyard sections (*cour intérieure*),
wall-walk sections (*chemin de ronde*), towers (*tours*) and stairs (*escaliers*).
"""

from __future__ import annotations

__all__ = ["MINIMUM_SECTIONS_TABLE", "POINT_BANDS", "minimum_sections"]

POINT_BANDS: tuple[int | None, ...] = (1000, 1500, 2000, None)
"""Upper bounds (inclusive) of Table 1's columns; ``None`` is "more than 2000" (R12)."""

MINIMUM_SECTIONS_TABLE: dict[str, tuple[int, int, int, int]] = {
    # §1.4 Table 1, one value per band of POINT_BANDS; service doors are "variable", so absent (R12)
    "courtyard": (2, 3, 3, 4),
    "wall_walk": (3, 4, 4, 5),
    "tower_level3": (2, 2, 3, 3),
    "tower_level2": (0, 0, 1, 2),
    "stairs": (1, 1, 2, 2),
    "main_gate": (1, 1, 1, 1),
    "postern": (0, 1, 1, 2),
}


def _band(besieged_points: int) -> int:
    if besieged_points < 0:
        raise ValueError(f"besieged_points must be 0 or more, got {besieged_points}")
    for index, upper in enumerate(POINT_BANDS):
        if upper is None or besieged_points <= upper:
            return index
    raise AssertionError("the last band has no upper bound")


def minimum_sections(besieged_points: int) -> dict[str, int]:
    """The minimum number of each kind of section and gate for the besieged army's points (§1.4 Table 1, R12).

    >>> minimum_sections(1500)["courtyard"]
    3
    >>> minimum_sections(2001)["postern"]
    2
    """
    band = _band(besieged_points)
    return {kind: counts[band] for kind, counts in MINIMUM_SECTIONS_TABLE.items()}
