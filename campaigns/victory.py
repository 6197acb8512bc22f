"""Victory points of a siege by the §17 categories, for the besieger (§17.1) and the besieged (§17.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Category:
    key: str
    short: Promise
    """A few words, fit for a form's label on a phone."""
    label: Promise
    """The category in full, as §17 has it."""
    besieger: int
    besieged: int
    per: int = 1
    """Points are scored per this much of the entered value (100 for army points of units fled or destroyed)."""
    once: bool = False
    """Scored once or not at all (the enemy general, the battle standard): the value is 0 or 1."""


SIEGE_CATEGORIES: tuple[Category, ...] = (
    Category("units", _("Enemy routed (pts)"), _("army points of enemy units fled or destroyed"), 1, 1, per=100),
    Category("general", _("General slain"), _("enemy general killed or fled"), 2, 2, once=True),
    Category(
        "battle_standard", _("Battle standard taken"), _("enemy battle standard killed or fled"), 1, 1,
        once=True,
    ),
    Category("wall_walks", _("Wall-walks"), _("wall-walk sections controlled"), 2, 4),
    Category("towers", _("Towers"), _("tower sections controlled"), 3, 5),
    Category("main_gate", _("Main gate"), _("main gate sections controlled"), 3, 5),
    Category("secondary_gates", _("Posterns"), _("secondary gate sections controlled"), 2, 3),
    Category("breaches", _("Breaches"), _("breaches made in a wall"), 5, 0),
    Category("courtyards", _("Courtyards"), _("courtyard sections controlled"), 4, 2),
)  # fmt: skip


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
