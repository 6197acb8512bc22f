"""Victory points of a siege by the §17 categories, for the besieger (§17.1) and the besieged (§17.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Category:
    key: str
    label: Promise
    besieger: int
    besieged: int
    per: int = 1
    """Points are scored per this much of the entered value (100 for army points of units fled or destroyed)."""


SIEGE_CATEGORIES: tuple[Category, ...] = (
    Category("units", _("army points of enemy units fled or destroyed"), 1, 1, per=100),
    Category("general", _("enemy general killed or fled (0 or 1)"), 2, 2),
    Category("battle_standard", _("enemy battle standard killed or fled (0 or 1)"), 1, 1),
    Category("wall_walks", _("wall-walk sections controlled"), 2, 4),
    Category("towers", _("tower sections controlled"), 3, 5),
    Category("main_gate", _("main gate sections controlled"), 3, 5),
    Category("secondary_gates", _("secondary gate sections controlled"), 2, 3),
    Category("breaches", _("breaches made in a wall"), 5, 0),
    Category("courtyards", _("courtyard sections controlled"), 4, 2),
)


def siege_victory_points(counts: Mapping[str, int], *, besieger: bool) -> int:
    """The side's victory points for what it achieved (§17.1 for the besieger, §17.2 for the besieged).

    >>> siege_victory_points({"units": 350, "towers": 1, "breaches": 1}, besieger=True)
    11
    >>> siege_victory_points({"units": 350, "towers": 1}, besieger=False)
    8
    """
    total = 0
    for category in SIEGE_CATEGORIES:
        value = counts.get(category.key, 0)
        if value < 0:
            raise ValueError(f"{category.key} must be 0 or more, got {value}")
        total += (value // category.per) * (category.besieger if besieger else category.besieged)
    return total
