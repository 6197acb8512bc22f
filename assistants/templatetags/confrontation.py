"""Template filters naming the engine's answers (:mod:`assistants.presenters`)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from django import template
from django.utils.formats import number_format

from assistants import presenters
from oddslab.presenters import percent as odds_percent
from wording.confrontation import ConfrontationNames, roll_reason

register = template.Library()


# the presenters' names of the engine's answers, each a filter of the same name
for _name in (
    "grade_label",
    "wound_label",
    "location_label",
    "approach_label",
    "odds_rows",
    "places",
    "disengage_label",
):
    register.filter(_name, getattr(presenters, _name))


@register.filter
def percent(p: Fraction) -> str:
    """A chance as the odds pages show it, in the reader's locale: « 16,7 % », « 16.7% »."""
    return odds_percent(p)


@register.filter
def said(reason: str, fighters: Iterable[Any] | str = ()) -> str:
    """Why a die was rolled, in the reader's words; ``fighters`` (each with its ``name``, in the engine's order)
    name the fighters the reason counts by their place."""
    names = [getattr(f, "name", str(f)) for f in fighters] if not isinstance(fighters, str) else []
    return roll_reason(reason, ConfrontationNames(names))


@register.filter
def centimetres(value: Fraction) -> str:
    return number_format(float(value), 1 if value.denominator != 1 else 0)
