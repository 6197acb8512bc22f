"""How the odds lab shows an answer: exact fractions and percentages, the plain sentence, the rows of the table,
the server-drawn SVG chart, and the API's body. Everything here reads an :class:`~oddslab.selectors.Answer`."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from html import escape  # Django's wraps it for lazy strings, a cost on every row
from typing import Any

from django.utils.formats import get_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, npgettext, pgettext

from siege_site import svg

from .forms import BoundedIntegerField, OddsForm
from .mechanics import Kind, Mechanic, ParamType
from .selectors import Answer, RefusedCombination

LONGEST_FRACTION_SHOWN = 12
"""Digits of an exact fraction shown in the table as they are; many dice give fractions of 30 digits and more, which
on a phone would wrap over a dozen lines each."""
SMALLEST_SHOWN = Fraction(1, 2000)
"""On a long distribution's chart, values less likely than this (0.05 %) at either end are left out."""


def fraction(p: Fraction) -> str:
    """``p/q`` always, ``0/1`` and ``1/1`` included, so that the API's field has one form."""
    return f"{p.numerator}/{p.denominator}"


@functools.cache
def _style(language: str | None) -> tuple[str, str]:
    """The percentage's form and the decimal separator of ``language``: looked up once, as a distribution of 200
    attacks shows 201 percentages."""
    return pgettext("odds", "%(number)s%%"), str(get_format("DECIMAL_SEPARATOR", language))


def percent(p: Fraction, style: tuple[str, str] | None = None) -> str:
    """62.5 % (localised); never rounds a possible event to 0 % or a not-certain one to 100 %. ``style`` is
    :func:`_style` of the language, when the caller formats many."""
    template, separator = style or _style(get_language())
    if p.numerator == 0 or p.numerator == p.denominator:
        number = str(100 * p.numerator // p.denominator)
    else:
        value = 100 * p.numerator / p.denominator  # true division of ints: exact to the float
        number = "< 0.1" if value < 0.1 else "> 99.9" if value > 99.9 else f"{value:.1f}"
    return template % {"number": number.replace(".", separator)}


def _decimal(value: Fraction) -> str:
    return f"{value.numerator / value.denominator:.2f}".replace(".", _style(get_language())[1])


def outcome_label(mechanic: Mechanic, key: str) -> str:
    if mechanic.kind is Kind.PROBABILITY:
        return str(mechanic.event_label)
    if mechanic.kind is Kind.BY_TURN:
        return pgettext("odds", "by the end of turn %(turn)s") % {"turn": key}
    if mechanic.kind is Kind.DISTRIBUTION:
        return str(mechanic.counted % {"count": int(key)}) if mechanic.counted else key
    return str(mechanic.outcome_labels.get(key, key))


def sentence(answer: Answer) -> str:
    mechanic = answer.mechanic
    context: dict[str, Any] = {p.name: p.display(answer.values[p.name]) for p in mechanic.params}
    if answer.headline is not None:
        context |= {"percent": percent(answer.headline), "fraction": fraction(answer.headline)}
    if answer.mean is not None:
        context["mean"] = _decimal(answer.mean)
    if answer.result is not None:
        context["result"] = outcome_label(mechanic, answer.result)
    return str(mechanic.sentence % context)


def refusal(mechanic: Mechanic, refused: RefusedCombination) -> str:
    """The rules' refusal of a combination, after the label of the parameter it names."""
    if refused.param is None:
        return str(refused)
    return f"{mechanic.param(refused.param).label}: {refused}"


def too_many(per_minute: int, seconds: int) -> str:
    """Why an address is not answered for now (:mod:`.throttling`)."""
    asked = npgettext(
        "odds",
        "This address has asked more than %(count)s question in a minute.",
        "This address has asked more than %(count)s questions in a minute.",
        per_minute,
    ) % {"count": per_minute}
    wait = npgettext("odds", "Ask again in %(count)s second.", "Ask again in %(count)s seconds.", seconds) % {
        "count": seconds
    }
    return f"{asked} {wait}"


def form_fields(form: OddsForm) -> SafeString:
    """The form's inputs, written here rather than through Django's widget templates, which took most of a page's
    time: a number input with its bounds for a whole number, a select otherwise."""
    html = []
    for name, field in form.fields.items():
        bound = form[name]
        value = bound.value()
        help_id = f"id_{name}_help"
        if isinstance(field, BoundedIntegerField):
            control = format_html(
                '<input type="number" name="{}" value="{}" min="{}" max="{}" step="1" id="id_{}"{}>',
                name,
                "" if value is None else value,
                field.param.low,
                field.param.high,
                name,
                format_html(' aria-describedby="{}"', help_id) if field.help_text else "",
            )
        else:
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                ((v, mark_safe(" selected") if str(v) == str(value) else "", label) for v, label in field.choices),
            )
            control = format_html('<select name="{}" id="id_{}">{}</select>', name, name, options)
        help_text = format_html('<small class="help muted" id="{}">{}</small>', help_id, field.help_text)
        html.append(
            format_html(
                '<div class="field"><label for="id_{}">{}{}</label>{}{}</div>',
                name,
                field.label,
                form.label_suffix if form.label_suffix is not None else gettext(":"),
                control,
                help_text if field.help_text else "",
            )
        )
    return mark_safe("".join(html))


def table_rows(rows: Sequence[Row]) -> SafeString:
    """The exact answer's table body, a row per outcome (a distribution has up to 201); keys and fractions are
    digits, the rest is escaped. A fraction of more than :data:`LONGEST_FRACTION_SHOWN` digits folds behind a
    toggle."""
    toggle = escape(pgettext("odds", "exact fraction"))

    def exact(fraction: str) -> str:
        if len(fraction) - 1 <= LONGEST_FRACTION_SHOWN:
            return fraction
        return f"<details><summary>{toggle}</summary>{fraction}</details>"

    return mark_safe(
        "".join(
            f'<tr data-key="{escape(r.key)}"><td>{escape(r.label)}</td><td class="exact">{exact(r.fraction)}</td>'
            f'<td class="num">{escape(r.percent)}</td></tr>'
            for r in rows
        )
    )


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    fraction: str
    percent: str
    decimal: float


def _labeller(mechanic: Mechanic) -> Callable[[str], str]:
    """:func:`outcome_label` with its translations looked up once."""
    if mechanic.kind is Kind.BY_TURN:
        template = pgettext("odds", "by the end of turn %(turn)s")
        return lambda key: template % {"turn": key}
    return partial(outcome_label, mechanic)


def rows(answer: Answer) -> list[Row]:
    label = _labeller(answer.mechanic)
    style = _style(get_language())
    return [
        Row(key, label(key), fraction(p), percent(p, style), p.numerator / p.denominator) for key, p in answer.outcomes
    ]


def api_body(answer: Answer) -> dict[str, Any]:
    """The REST API's answer (:class:`oddslab.api.AnswerSerializer`)."""
    mechanic = answer.mechanic
    return {
        "mechanic": mechanic.slug,
        "function": mechanic.name,
        "kind": mechanic.kind.value,
        "parameters": dict(answer.values),
        "outcomes": [
            {"key": r.key, "label": r.label, "probability": r.fraction, "decimal": r.decimal} for r in rows(answer)
        ],
        "headline": None
        if answer.headline is None
        else {"probability": fraction(answer.headline), "decimal": float(answer.headline)},
        "mean": None if answer.mean is None else {"exact": fraction(answer.mean), "decimal": float(answer.mean)},
        "result": answer.result,
        "sentence": sentence(answer),
    }


def parameters(mechanic: Mechanic) -> list[dict[str, Any]]:
    """A mechanic's parameters as the API's list of mechanics describes them."""
    described = []
    for p in mechanic.params:
        entry: dict[str, Any] = {"name": p.name, "label": str(p.label), "type": p.type.value, "default": p.default}
        if p.type is ParamType.INTEGER:
            entry |= {"minimum": p.low, "maximum": p.high}
        if p.type is ParamType.CHOICE:
            entry["choices"] = [c.value for c in p.choices]
        described.append(entry)
    return described


# Charts: plain SVG, drawn here, sized by their viewBox (the page's CSS makes them as wide as the card).

_WIDTH = 360
_LEFT, _RIGHT, _TOP = 44.0, 350.0, 12.0
_PLOT_BOTTOM = 190.0
_INK, _GRID, _BAR, _MARK = "#222222", "#d0d0d0", "#7a4b2a", "#c0392b"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _svg(title: str, height: float, body: str) -> SafeString:
    picture = svg.element(
        "svg",
        svg.element("title", svg.escape(title)) + body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_WIDTH} {_num(height)}",
        role="img",
        class_="odds-chart",
    )
    return mark_safe(picture)


def _columns(
    title: str, points: Sequence[tuple[str, Fraction]], *, top: Fraction, axis: str, marked: int | None = None
) -> SafeString:
    """Vertical bars over ``points`` (label, probability), the scale running 0 to ``top``."""
    step = _nice_step(float(top))
    high = step * math.ceil(float(top) / step - 1e-9) if top > 0 else step
    span = _PLOT_BOTTOM - _TOP

    def to_y(value: float) -> float:
        return _PLOT_BOTTOM - value / high * span

    grid = "".join(
        svg.element("line", x1=_LEFT, y1=_num(to_y(t)), x2=_RIGHT, y2=_num(to_y(t)), stroke=_GRID)
        + svg.element("text", f"{_num(t * 100)}%", x=_LEFT - 4, y=_num(to_y(t) + 4), font_size=11, text_anchor="end")
        for t in (i * step for i in range(round(high / step) + 1))
    )
    width = (_RIGHT - _LEFT) / max(len(points), 1)
    every = max(1, math.ceil(len(points) / 12))
    bars = []
    for i, (label, p) in enumerate(points):
        x = _LEFT + i * width
        y = to_y(float(p))
        fill = _MARK if i == marked else _BAR
        tip = svg.element("title", svg.escape(f"{label}: {percent(p)}"))
        bars.append(
            svg.element(
                "rect",
                tip,
                x=_num(x + width * 0.12),
                y=_num(y),
                width=_num(max(width * 0.76, 0.5)),
                height=_num(_PLOT_BOTTOM - y),
                fill=fill,
            )
        )
        if i % every == 0:
            bars.append(
                svg.element(
                    "text",
                    svg.escape(label),
                    x=_num(x + width / 2),
                    y=_PLOT_BOTTOM + 15,
                    font_size=11,
                    text_anchor="middle",
                )
            )
    axes = svg.element("path", d=f"M{_LEFT} {_TOP}V{_PLOT_BOTTOM}H{_RIGHT}", fill="none", stroke=_INK)
    caption = svg.element(
        "text", svg.escape(axis), x=(_LEFT + _RIGHT) / 2, y=_PLOT_BOTTOM + 32, font_size=12, text_anchor="middle"
    )
    return _svg(title, _PLOT_BOTTOM + 40, grid + "".join(bars) + axes + caption)


def _nice_step(top: float) -> float:
    """A grid step of 1, 2 or 5 × 10ⁿ giving at most five lines up to ``top`` (at most 1)."""
    if top <= 0:
        return 0.25
    for step in (0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25):
        if top / step <= 5:
            return step
    return 0.25


def _bars(title: str, items: Sequence[tuple[str, Fraction]]) -> SafeString:
    """Horizontal bars, one per (label, probability), the scale running 0 to 100 %."""
    row, label_width = 30.0, 150.0
    span = _RIGHT - label_width - 60
    body = []
    for i, (label, p) in enumerate(items):
        y = 8 + i * row
        body.append(
            svg.element("text", svg.escape(label), x=label_width - 6, y=_num(y + 16), font_size=12, text_anchor="end")
        )
        body.append(svg.element("rect", x=label_width, y=_num(y + 4), width=_num(span), height=16, fill=_GRID))
        body.append(
            svg.element(
                "rect",
                svg.element("title", svg.escape(f"{label}: {fraction(p)}")),
                x=label_width,
                y=_num(y + 4),
                width=_num(float(p) * span),
                height=16,
                fill=_BAR,
            )
        )
        body.append(
            svg.element("text", svg.escape(percent(p)), x=_num(label_width + span + 6), y=_num(y + 16), font_size=12)
        )
    return _svg(title, 16 + len(items) * row, "".join(body))


def _scale(title: str, labels: Sequence[str], marked: int) -> SafeString:
    """The answers of a table from the mildest, this one marked."""
    width = (_WIDTH - 8) / len(labels)
    body = []
    for i, label in enumerate(labels):
        chosen = i == marked
        body.append(
            svg.element(
                "rect",
                x=_num(4 + i * width),
                y=8,
                width=_num(width - 4),
                height=44,
                fill=_MARK if chosen else _GRID,
                stroke=_INK if chosen else "none",
            )
        )
        for j, word in enumerate(label.split(" ", 1)):
            body.append(
                svg.element(
                    "text",
                    svg.escape(word),
                    x=_num(4 + i * width + (width - 4) / 2),
                    y=26 + 14 * j,
                    font_size=11,
                    text_anchor="middle",
                    fill="#ffffff" if chosen else _INK,
                    font_weight="bold" if chosen else "normal",
                )
            )
    return _svg(title, 60, "".join(body))


def _trimmed(outcomes: Sequence[tuple[str, Fraction]]) -> Sequence[tuple[str, Fraction]]:
    shown = [i for i, (_, p) in enumerate(outcomes) if p >= SMALLEST_SHOWN]
    if not shown:
        return outcomes
    return outcomes[shown[0] : shown[-1] + 1]


def chart(answer: Answer) -> SafeString:
    mechanic = answer.mechanic
    title = f"{mechanic.title} — {sentence(answer)}"
    kind = mechanic.kind
    if kind is Kind.BY_TURN:
        points = [(key, p) for key, p in answer.outcomes]
        return _columns(title, points, top=Fraction(1), axis=pgettext("odds", "by the end of turn"))
    if kind is Kind.DISTRIBUTION:
        points = list(_trimmed(answer.outcomes))
        top = max((p for _, p in points), default=Fraction(1))
        return _columns(title, points, top=top, axis=str(mechanic.value_label or ""))
    if kind is Kind.PROBABILITY:
        ((_, p),) = answer.outcomes
        return _bars(title, [(str(mechanic.event_label), p), (pgettext("odds", "otherwise"), 1 - p)])
    if kind is Kind.OUTCOMES:
        return _bars(title, [(outcome_label(mechanic, key), p) for key, p in answer.outcomes])
    keys = list(mechanic.outcome_labels)
    return _scale(title, [str(label) for label in mechanic.outcome_labels.values()], keys.index(answer.result or ""))
