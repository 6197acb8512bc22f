"""The board's drawing primitives: a label, a count against its limit, a point pushed outwards, the sides' colours;
written with the site's one SVG writer (:mod:`siege_site.svg`), coordinates to a tenth (:func:`at`)."""

from __future__ import annotations

import math
import re
from html import unescape

from siege_site.svg import element, escape

__all__ = [
    "BESIEGED_COLOUR",
    "BESIEGER_COLOUR",
    "LABEL",
    "at",
    "count_pill",
    "element",
    "escape",
    "outward",
    "svg_text",
    "text_box",
    "untangle",
]

BESIEGER_COLOUR, BESIEGED_COLOUR = "#b3261e", "#1f5fa8"
_FONT = 3.4


def outward(point: tuple[float, float], centre: tuple[float, float], distance: float) -> tuple[float, float]:
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    norm = math.hypot(dx, dy) or 1.0
    return (point[0] + distance * dx / norm, point[1] + distance * dy / norm)


def at(value: float) -> str:
    """A coordinate on the board, to a tenth: the precision :func:`untangle` reads back."""
    return f"{value:.1f}"


def svg_text(x: float, y: float, text: str, size: float = _FONT, **attrs: str) -> str:
    return element(
        "text",
        escape(text),
        x=at(x),
        y=at(y),
        font_size=at(size),
        text_anchor="middle",
        dominant_baseline="middle",
        **attrs,
    )


def count_pill(x: float, y: float, count: int, limit: int | None, colour: str) -> str:
    label = f"{count}/{limit}" if limit is not None else str(count)
    width = 2.5 * len(label) + 2.6
    return element(
        "rect", x=at(x - width / 2), y=at(y - 2.8), width=at(width), height="5.6", rx="2.8", fill=colour
    ) + svg_text(x, y + 0.2, label, 3.8, fill="#fff", font_weight="bold")


LABEL = {"class": "label"}
"""The attribute of a free label (:func:`untangle` may move it), as ``svg_text(…, **LABEL)``."""

_TEXT = re.compile(
    r'<text x="(?P<x>-?[\d.]+)" y="(?P<y>-?[\d.]+)" font-size="(?P<size>[\d.]+)"(?P<rest>[^>]*)>(?P<body>[^<]*)</text>'
)
_NUDGES = (0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0, -4.0)
"""How far a free label moves to find room, in lines of its own height, nearest first."""

Box = tuple[float, float, float, float]


def text_box(x: float, y: float, size: float, body: str) -> Box:
    """The room a label centred on ``(x, y)`` takes: about half an em a character (a symbol a whole em), one em
    and a quarter high."""
    width = size * sum(1.0 if ord(c) > 0x2000 else 0.56 for c in unescape(body))
    height = size * 1.25
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def untangle(svg: str) -> str:
    """``svg`` with each free label (:data:`LABEL`) moved up or down, nearest first, off the labels written before
    it and the fixed ones: « L1 à terre » beside « L2 à terre » no longer print over each other."""
    found = list(_TEXT.finditer(svg))
    taken = [
        text_box(float(m["x"]), float(m["y"]), float(m["size"]), m["body"])
        for m in found
        if 'class="label"' not in m["rest"]
    ]
    moved: dict[int, float] = {}
    for m in found:
        if 'class="label"' not in m["rest"]:
            continue
        x, y, size = float(m["x"]), float(m["y"]), float(m["size"])
        for nudge in _NUDGES:
            box = text_box(x, y + nudge * size * 1.3, size, m["body"])
            if not any(_overlap(box, other) for other in taken):
                break
        else:
            box = text_box(x, y, size, m["body"])
            nudge = 0.0
        taken.append(box)
        if nudge:
            moved[m.start()] = y + nudge * size * 1.3
    if not moved:
        return svg
    return _TEXT.sub(
        lambda m: (
            m.group(0).replace(f'y="{m["y"]}"', f'y="{moved[m.start()]:.1f}"', 1) if m.start() in moved else m.group(0)
        ),
        svg,
    )
