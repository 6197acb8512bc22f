"""The board's drawing primitives: a label, a count against its limit, a point pushed outwards, the sides' colours."""

from __future__ import annotations

import math
from html import escape

__all__ = ["BESIEGED_COLOUR", "BESIEGER_COLOUR", "count_pill", "outward", "svg_text"]

BESIEGER_COLOUR, BESIEGED_COLOUR = "#b3261e", "#1f5fa8"
_FONT = 3.4


def outward(point: tuple[float, float], centre: tuple[float, float], distance: float) -> tuple[float, float]:
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    norm = math.hypot(dx, dy) or 1.0
    return (point[0] + distance * dx / norm, point[1] + distance * dy / norm)


def svg_text(x: float, y: float, text: str, size: float = _FONT, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" '
        f'dominant-baseline="middle"{extra}>{escape(text)}</text>'
    )


def count_pill(x: float, y: float, count: int, limit: int | None, colour: str) -> str:
    label = f"{count}/{limit}" if limit is not None else str(count)
    width = 2.5 * len(label) + 2.6
    return (
        f'<rect x="{x - width / 2:.1f}" y="{y - 2.8:.1f}" width="{width:.1f}" height="5.6" rx="2.8" fill="{colour}"/>'
        + svg_text(x, y + 0.2, label, 3.8, fill="#fff", font_weight="bold")
    )
