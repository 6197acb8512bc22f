"""Template filters naming the engine's answers (:mod:`assistants.presenters`)."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

from assistants import presenters

register = template.Library()


@register.filter
def grade_label(grade: str) -> str:
    return presenters.grade_label(grade)


@register.filter
def wound_label(wound: str) -> str:
    return presenters.wound_label(wound)


@register.filter
def location_label(location: str) -> str:
    return presenters.location_label(location)


@register.filter
def approach_label(approach: str) -> str:
    return presenters.approach_label(approach)


@register.filter
def odds_rows(odds: dict[str, object]) -> list[tuple[str, object]]:
    return presenters.odds_rows(odds)


@register.filter
def places(order: tuple[tuple[str, ...], ...]) -> list[str]:
    return presenters.places(order)


@register.filter
def percent(p: Fraction) -> str:
    return f"{number_format(float(p) * 100, 1)} %"


@register.filter
def centimetres(value: Fraction) -> str:
    return number_format(float(value), 1 if value.denominator != 1 else 0)
