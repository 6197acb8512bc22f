"""Template filters naming the engine's answers (:mod:`assistants.presenters`)."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

from assistants import presenters

register = template.Library()


# the presenters' names of the engine's answers, each a filter of the same name
for _name in ("grade_label", "wound_label", "location_label", "approach_label", "odds_rows", "places"):
    register.filter(_name, getattr(presenters, _name))


@register.filter
def percent(p: Fraction) -> str:
    return f"{number_format(float(p) * 100, 1)} %"


@register.filter
def centimetres(value: Fraction) -> str:
    return number_format(float(value), 1 if value.denominator != 1 else 0)
