"""The points chart: a line per player over the turns."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from siege_site.svg import element, number

from . import svg
from .svg import ENGLISH, Labels

_CHART_LEFT = 46.0
_CHART_RIGHT = svg.WIDTH - 14
_CHART_TOP = 14.0
_CHART_BOTTOM = 224.0
_MARKERS = (
    "circle",
    "M-5 -5H5V5H-5Z",
    "M0 -6L6 5H-6Z",
    "M0 -6L6 0L0 6L-6 0Z",
    "M-6 5L0 -6L6 5L0 1Z",
)
"""A marker shape per series, in turn, so that lines differ by more than colour."""


def _marker(index: int, colour: str) -> str:
    shape = _MARKERS[index % len(_MARKERS)]
    style = {"fill": colour, "stroke": svg.DARK, "stroke_width": 1.5}
    return element("circle", r=5, **style) if shape == "circle" else element("path", d=shape, **style)


def _nice_ticks(low: float, high: float) -> list[float]:
    """Round tick values covering low–high, about five of them, on steps of 1, 2 or 5 × 10ⁿ."""
    if high <= low:
        high = low + 1
    raw = (high - low) / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    if step < 1 and float(low).is_integer() and float(high).is_integer():
        step = 1.0
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return [first + i * step for i in range(round((last - first) / step) + 1)]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def line_chart_svg(
    series: Mapping[str, Sequence[float]],
    *,
    x_labels: Sequence[str],
    colours: Mapping[str, str],
    title: str,
    labels: Labels = ENGLISH,
) -> str:
    """A line per series (say a player's points after each turn) over ``x_labels``, with gridlines, ticks,
    markers and a legend giving each series' last value; ``labels`` gives the words of an empty chart. A series
    may be shorter than ``x_labels`` (a player who joined late), not longer."""
    for name, values in series.items():
        if len(values) > len(x_labels):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(x_labels)} labels")
        if name not in colours:
            raise ValueError(f"series {name!r} has no colour")
        svg.colour(colours[name])
    values = [v for vs in series.values() for v in vs]
    ticks = _nice_ticks(min([0.0, *values]), max([0.0, *values]))
    low, high = ticks[0], ticks[-1]

    def to_y(value: float) -> float:
        return _CHART_BOTTOM - (value - low) / (high - low) * (_CHART_BOTTOM - _CHART_TOP)

    def to_x(index: int) -> float:
        if len(x_labels) <= 1:
            return (_CHART_LEFT + _CHART_RIGHT) / 2
        return _CHART_LEFT + 10 + index * (_CHART_RIGHT - _CHART_LEFT - 20) / (len(x_labels) - 1)

    grid = "".join(
        element("line", x1=_CHART_LEFT, y1=to_y(t), x2=_CHART_RIGHT, y2=to_y(t), stroke="#D0D0D0", stroke_width=1)
        + svg.text(_CHART_LEFT - 6, to_y(t) + 4, _number(t), 12.0, fill=svg.DARK, text_anchor="end")
        for t in ticks
    )
    every = max(1, math.ceil(len(x_labels) / 8))  # at most eight labels fit across a phone
    x_ticks = "".join(
        element(
            "line", x1=to_x(i), y1=_CHART_BOTTOM, x2=to_x(i), y2=_CHART_BOTTOM + 5, stroke=svg.DARK, stroke_width=1.5
        )
        + (
            svg.text(to_x(i), _CHART_BOTTOM + 19, label, 12.0, fill=svg.DARK, text_anchor="middle")
            if i % every == 0
            else ""
        )
        for i, label in enumerate(x_labels)
    )
    axes = element(
        "path",
        d=f"M{number(_CHART_LEFT)} {number(_CHART_TOP)}V{number(_CHART_BOTTOM)}H{number(_CHART_RIGHT)}",
        fill="none",
        stroke=svg.DARK,
        stroke_width=1.5,
    )
    lines, entries = [], []
    for index, (name, values) in enumerate(series.items()):
        colour = colours[name]
        points = [(to_x(i), to_y(v)) for i, v in enumerate(values)]
        joined = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        # a dark edge under the colour keeps light colours (Empire yellow) visible on white
        path = (
            "".join(
                element(
                    "polyline", points=joined, fill="none", stroke=stroke, stroke_width=width, stroke_linejoin="round"
                )
                for stroke, width in ((svg.DARK, 5), (colour, 3))
            )
            if len(points) > 1
            else ""
        )
        markers = "".join(
            element(
                "g",
                svg.title(f"{name}, {x_labels[i]}: {_number(v)}") + _marker(index, colour),
                transform=f"translate({number(x)} {number(y)})",
            )
            for i, ((x, y), v) in enumerate(zip(points, values, strict=True))
        )
        lines.append(element("g", path + markers, class_="series", data_series=name))
        last = f": {_number(values[-1])}" if values else ""
        entries.append(
            svg.LegendEntry(
                element("line", x1=-9, y1=0, x2=9, y2=0, stroke=colour, stroke_width=3) + _marker(index, colour),
                name + last,
            )
        )
    empty = (
        ""
        if x_labels
        else svg.text((_CHART_LEFT + _CHART_RIGHT) / 2, 120, labels.no_turns, 14.0, fill=svg.DARK, text_anchor="middle")
    )
    legend, legend_height = svg.legend(entries, _CHART_BOTTOM + 30)
    body = (
        element("rect", x=0, y=0, width=svg.WIDTH, height=_CHART_BOTTOM + 30 + legend_height + 6, fill=svg.LIGHT)
        + grid
        + axes
        + x_ticks
        + "".join(lines)
        + empty
        + legend
    )
    return svg.document(_CHART_BOTTOM + 30 + legend_height + 6, title, body)
