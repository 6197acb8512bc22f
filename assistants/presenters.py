"""The engine's answers in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from rules.confrontation.checks import Grade
from rules.confrontation.melee import Approach
from rules.confrontation.wounds import Location, Wound

GRADES = {
    Grade.EXCEPTIONAL_SUCCESS: _("exceptional success"),
    Grade.SUCCESS: _("success"),
    Grade.FAILURE: _("failure"),
    Grade.GRAVE_FAILURE: _("grave failure"),
    Grade.CRITICAL_FAILURE: _("critical failure"),
}
APPROACHES = {
    Approach.FRONT_CHARGE: _("front charge"),
    Approach.FLANK_CHARGE: _("flank charge"),
    Approach.REAR_CHARGE: _("rear charge"),
    Approach.WITHOUT_CHARGE: _("engages without charging"),
    Approach.PURSUIT: _("pursuit move"),
    Approach.PURSUIT_LATE: _("pursuit move into a melee already fought"),
    Approach.ENGAGED: _("in the melee"),
}

WOUNDS = {
    Wound.NONE: _("no wound"),
    Wound.STUNNED: _("stunned"),
    Wound.LIGHT: _("light wound"),
    Wound.SERIOUS: _("serious wound"),
    Wound.CRITICAL: _("critical wound"),
    Wound.KILLED: _("killed outright"),
}
LOCATIONS = {Location.LEGS: _("legs"), Location.ARMS: _("arms"), Location.TORSO: _("torso"), Location.HEAD: _("head")}


def wound_label(wound: str) -> str:
    return str(WOUNDS[Wound(wound)])


def location_label(location: str) -> str:
    return str(LOCATIONS[Location(location)])


def grade_label(grade: str) -> str:
    return str(GRADES[Grade(grade)])


def approach_label(approach: str) -> str:
    return str(APPROACHES[Approach(approach)])


def odds_rows(odds: dict[str, object]) -> list[tuple[str, object]]:
    """The grades' chances best first, each grade named."""
    return [(grade_label(g), odds[g.value]) for g in Grade if g.value in odds]


def places(order: tuple[tuple[str, ...], ...]) -> list[str]:
    """An order of places, those sharing a place joined: ``["Orcs", "Kaël = Pilgrim"]``."""
    return [" = ".join(names) for names in order]
