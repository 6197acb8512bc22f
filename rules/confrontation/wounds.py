"""The wound table (004 *Tableau des blessures*): the wound by damage band and location, and the doubles.

The damage and the location come from the wound roll of the Confrontation rulebook, which the project does not
have: they are arguments, as is the face of a double on the wound dice::

    >>> wound(12, "torso", double=3)
    <Wound.CRITICAL: 'critical'>
    >>> wound(30, "legs")
    <Wound.KILLED: 'killed'>
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.confrontation.checks import check_face, choice, citing
from rules.validation import check_range

__all__ = [
    "BANDS",
    "DOUBLES",
    "LOCATION_FACES",
    "WOUND_TABLE",
    "Location",
    "Wound",
    "band",
    "location_of",
    "wound",
]


class Wound(StrEnum):
    NONE = "none"  # rien
    STUNNED = "stunned"  # sonné
    LIGHT = "light"  # léger
    SERIOUS = "serious"  # grave
    CRITICAL = "critical"  # critique
    KILLED = "killed"  # tué net


class Location(StrEnum):
    LEGS = "legs"  # jambes (1)
    ARMS = "arms"  # bras (2)
    TORSO = "torso"  # tronc (3)
    HEAD = "head"  # tête (4+)


LOCATION_FACES: Mapping[Location, int] = MappingProxyType(
    {Location.LEGS: 1, Location.ARMS: 2, Location.TORSO: 3, Location.HEAD: 4}
)
"""The lowest location die reading each location; 4 and more is the head."""


def location_of(face: int) -> Location:
    """The location a location die's ``face`` names (the table's headings: 1, 2, 3, 4+)."""
    with citing("004 Tableau des blessures"):
        check_face("face", face)
    return max((loc for loc, low in LOCATION_FACES.items() if face >= low), key=LOCATION_FACES.__getitem__)


BANDS: tuple[int, ...] = (-14, -9, -4, 1, 6, 11, 16, 21, 26, 30)
"""The lowest damage of each band after the first (≤ −15): −14…−10, −9…−5, −4…0, 1…5, 6…10, 11…15, 16…20,
21…25, 26…29 and 30 or more. The document gives "26 à 30" and "30 ou +": 30 is read in the last row (R18)."""

_N, _S, _L, _G, _C, _K = Wound.NONE, Wound.STUNNED, Wound.LIGHT, Wound.SERIOUS, Wound.CRITICAL, Wound.KILLED
WOUND_TABLE: Mapping[Location, tuple[Wound, ...]] = MappingProxyType(
    {
        # 004 Tableau de blessures, one column by location, from ≤ −15 to ≥ 30.
        Location.LEGS: (_N, _N, _S, _S, _S, _L, _L, _G, _C, _C, _K),
        Location.ARMS: (_N, _S, _S, _S, _L, _L, _G, _C, _C, _K, _K),
        Location.TORSO: (_S, _S, _S, _L, _L, _G, _C, _K, _K, _K, _K),
        Location.HEAD: (_L, _L, _G, _G, _G, _C, _K, _K, _K, _K, _K),
    }
)

DOUBLES: Mapping[int, int | Wound] = MappingProxyType({1: Wound.NONE, 2: -2, 3: -1, 4: 1, 5: 2, 6: Wound.KILLED})
"""004 Tableau de blessures: a double of 1 has no effect, of 6 kills outright; the others change the force."""


def band(damage: int) -> int:
    """The row of ``damage`` in the table, 0 (≤ −15) to 10 (≥ 30, R18)."""
    with citing("004 Tableau des blessures"):
        check_range("damage", damage, -10_000, 10_000)
    return sum(damage >= low for low in BANDS)


def wound(damage: int, location: str, double: int | None = None) -> Wound:
    """The wound of ``damage`` at ``location`` (004 *Tableau des blessures*, R18).

    ``double`` is the face of a double on the wound dice, ``None`` for no double: 1 gives no wound, 6 kills; 2–5
    change the force, so the damage, by −2, −1, +1, +2 before the lookup.
    """
    with citing("004 Tableau des blessures"):
        column = WOUND_TABLE[choice(Location, "location", location)]
        check_range("damage", damage, -10_000, 10_000)
        effect = None if double is None else DOUBLES[check_face("double", double)]
    if effect is not None:
        if isinstance(effect, Wound):
            return effect
        damage += effect
    return column[band(damage)]
