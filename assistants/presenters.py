"""The engine's answers in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.enums import Side
from campaigns.models import Battle
from rules.confrontation.checks import Grade
from rules.confrontation.flight import DisengageOutcome
from rules.confrontation.melee import Approach
from rules.confrontation.wounds import Location, Wound
from wording.confrontation import ConfrontationNames, roll_reason

from . import selectors
from .models import ConfrontationRoll, RollKind

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


DISENGAGE_OUTCOMES = {
    DisengageOutcome.FREE: _("it disengages unpunished and moves its move"),
    DisengageOutcome.STRUCK_LEAVING: _(
        "it disengages and moves its move, but each enemy touching it may first strike one attack without defence dice"
    ),
    DisengageOutcome.HELD: _("it cannot flee and puts all its dice in defence"),
    DisengageOutcome.ONE_DIE: _("each of its members has one die left, and must defend with it"),
    DisengageOutcome.CAUGHT: _("it is caught after 5 cm, and struck as a fugitive"),
}


def disengage_label(outcome: str) -> str:
    return str(DISENGAGE_OUTCOMES[DisengageOutcome(outcome)])


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


# A battle's log -------------------------------------------------------------------------------------------------


def _number(value: int | Fraction | str) -> str:
    """A count or a distance in the reader's locale: « 1 200 », « 7,5 »; « 1,200 », « 7.5 »."""
    number = Fraction(value)
    if number.denominator == 1:
        return number_format(int(number), force_grouping=True)
    return number_format(float(number), 1, force_grouping=True)


@dataclass(frozen=True)
class LoggedDie:
    reason: str
    result: int
    die: str
    physical: bool


@dataclass(frozen=True)
class LogLine:
    """One roll of a battle's log as its page shows it."""

    by: str
    at: datetime
    kind: str
    summary: str
    dice: list[LoggedDie]


def _listed(places: Sequence[Sequence[str]]) -> str:
    return ", ".join(" = ".join(place) for place in places)


def _against(outcome: dict[str, Any]) -> str:
    return gettext("%(total)s against %(difficulty)s") % {
        "total": _number(outcome["total"]),
        "difficulty": _number(outcome["difficulty"]),
    }


def _summary(roll: ConfrontationRoll) -> str:
    situation, outcome = roll.situation, roll.outcome
    if roll.kind == RollKind.MELEE:
        return gettext("Announce first to last: %(announcing)s. Strike first to last: %(striking)s.") % {
            "announcing": _listed(outcome["announcing"]),
            "striking": _listed(outcome["striking"]),
        }
    if roll.kind == RollKind.SHOT:
        said = gettext("%(shooter)s shoots at %(target)s: %(against)s, %(grade)s.") % {
            "shooter": situation.get("shooter") or gettext("the shooter"),
            "target": situation["target"],
            "against": _against(outcome),
            "grade": grade_label(outcome["grade"]),
        }
        hit = outcome["hit"]
        return f"{said} " + (gettext("Hit: %(hit)s.") % {"hit": hit} if hit else gettext("Nobody is hit."))
    if roll.kind == RollKind.WOUND:
        said = gettext("Location: %(location)s; %(wound)s.") % {
            "location": location_label(outcome["location"]),
            "wound": wound_label(outcome["wound"]),
        }
        if roll.loss_side:
            said += " " + gettext("A loss of %(points)s points for the %(side)s.") % {
                "points": _number(roll.loss_points),
                "side": Side(roll.loss_side).label.lower(),
            }
        return said
    if roll.kind == RollKind.FLIGHT:
        said = gettext("%(name)s flees %(distance)s cm.") % {
            "name": situation["name"],
            "distance": _number(outcome["flight"]),
        }
        if outcome["pursuit"] is None:
            return said
        pursued = gettext("%(name)s pursues %(distance)s cm.") % {
            "name": situation["pursuer"],
            "distance": _number(outcome["pursuit"]),
        }
        return f"{said} {pursued} " + (gettext("Caught.") if outcome["caught"] else gettext("It gets away."))
    if roll.kind == RollKind.DISENGAGE:
        return gettext("%(name)s: %(against)s, %(grade)s: %(outcome)s.") % {
            "name": situation["name"],
            "against": _against(outcome),
            "grade": grade_label(outcome["grade"]),
            "outcome": disengage_label(outcome["outcome"]),
        }
    held = gettext("It holds its fire.") if outcome["held"] else gettext("It must shoot at its charger.")
    return gettext("%(name)s: %(against)s.") % {"name": situation["name"], "against": _against(outcome)} + f" {held}"


def _line(roll: ConfrontationRoll) -> LogLine:
    names = ConfrontationNames(roll.outcome.get("fighters", ()) if roll.kind == RollKind.MELEE else ())
    return LogLine(
        by=roll.by.user.get_username() if roll.by else "?",
        at=roll.at,
        kind=roll.get_kind_display(),
        summary=_summary(roll),
        dice=[
            LoggedDie(roll_reason(die["reason"], names), die["result"], die["die"], die["physical"])
            for die in roll.dice
        ],
    )


def battle_log(battle: Battle) -> list[LogLine]:
    """The rolls made in the assistant for ``battle``, first to last, in the reader's words."""
    return [_line(roll) for roll in selectors.battle_rolls(battle)]
