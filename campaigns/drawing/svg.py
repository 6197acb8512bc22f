"""What every picture shares: the words they draw (:class:`Labels`), escaping, tags, text, pills and legends.

Every picture is a self-contained ``<svg>`` string sized by its ``viewBox`` so that it scales to the width of a
phone; its drawing units are roughly CSS pixels at 400 wide, which keeps the 12–14 unit fonts legible. All text and
attribute values pass through the site's one SVG writer (:mod:`siege_site.svg`), links
are limited to http(s) and relative addresses and colours to ``#rgb``/``#rrggbb``, so the strings are safe to
insert with ``mark_safe``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules.siege.board.fort import ConnectionKind, SectionKind
from siege_site.svg import element, escape, number

from ..enums import TerritoryKind

DARK = "#1B1B1B"
LIGHT = "#FFFFFF"
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
WIDTH = 400.0
_LEGEND_FONT = 12.0
_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")
# http(s), a path on this site (not "//host", which leaves it) or a relative path without a scheme
SAFE_URL = re.compile(r"(?:https?://|/(?!/)|\?|#)[^\s\"'<>]*|[A-Za-z0-9_.~-][^\s\"'<>:/]*(?:/[^\s\"'<>]*)?")


@dataclass(frozen=True)
class Labels:
    """The words the pictures draw, English by default. This module stays free of Django, so the pages pass their
    language's words; the summaries are ``%``-templates, so a language may order them its own way (and French puts
    a space before its colons)."""

    open_land: str = "Open land"
    town: str = "Town"
    castle: str = "Castle"
    fortress: str = "Fortress"
    unowned: str = "Unowned"
    fortified: str = "Fortified"
    value: str = "Value"
    territory_summary: str = "%(name)s: %(kind)s, %(owner)s, value %(value)s"
    fortified_summary: str = "%(summary)s, fortified"
    courtyard: str = "Courtyard"
    wall_walk: str = "Wall-walk"
    tower: str = "Tower"
    stairs: str = "Stairs"
    lower_level: str = "%(section)s (lower level)"
    section_summary: str = "%(section)s %(id)s, level %(level)s"
    occupancy_summary: str = "%(section)s: %(besiegers)s besiegers, %(besieged)s besieged"
    wall: str = "Wall"
    stairway: str = "Stairway"
    open_ground: str = "Open ground"
    ladder: str = "Ladder"
    service_door: str = "Service door"
    breach: str = "Breach"
    connection_summary: str = "%(connection)s %(a)s–%(b)s: %(capacity)s models a turn"
    gate: str = "Gate"
    main_gate: str = "Main gate"
    postern: str = "Postern"
    gate_summary: str = "%(gate)s %(id)s into %(section)s: %(capacity)s models a turn"
    capacity: str = "Models a turn, each way"
    besiegers: str = "Besiegers"
    besieged: str = "Besieged"
    no_turns: str = "No turns yet"
    army_summary: str = "%(army)s: %(owner)s, %(points)s points"

    def kind(self, kind: str) -> str:
        """The name of a kind of territory (:class:`~campaigns.enums.TerritoryKind`)."""
        return {
            TerritoryKind.OPEN_LAND: self.open_land,
            TerritoryKind.TOWN: self.town,
            TerritoryKind.CASTLE: self.castle,
            TerritoryKind.FORTRESS: self.fortress,
        }[kind]

    def section(self, kind: SectionKind) -> str:
        return {
            SectionKind.COURTYARD: self.courtyard,
            SectionKind.WALL_WALK: self.wall_walk,
            SectionKind.TOWER: self.tower,
            SectionKind.STAIRS: self.stairs,
        }[kind]

    def connection(self, kind: ConnectionKind) -> str:
        return {
            ConnectionKind.WALL: self.wall,
            ConnectionKind.STAIRS: self.stairway,
            ConnectionKind.COURTYARD: self.open_ground,
            ConnectionKind.LADDER: self.ladder,
            ConnectionKind.SERVICE_DOOR: self.service_door,
            ConnectionKind.BREACH: self.breach,
        }[kind]


ENGLISH = Labels()


# Shared SVG writing -------------------------------------------------------------------------------------------


def text(x: float, y: float, label: str, /, size: float = 12.0, **attrs: object) -> str:
    return element("text", escape(label), x=x, y=y, font_size=size, **attrs)


def halo_text(x: float, y: float, label: str, /, size: float = 12.0, **attrs: object) -> str:
    """Dark text with a white outline, legible over roads, walls and any token colour."""
    return text(
        x,
        y,
        label,
        size,
        fill=DARK,
        stroke=LIGHT,
        stroke_width=3,
        paint_order="stroke",
        text_anchor="middle",
        **attrs,
    )


def title(label: str) -> str:
    return element("title", escape(label))


def document(height: float, name: str, body: str) -> str:
    return element(
        "svg",
        title(name) + body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {number(WIDTH)} {number(math.ceil(height))}",
        width="100%",
        role="img",
        font_family=_FONT,
        style="max-width:100%;height:auto;display:block",
    )


def colour(value: str) -> str:
    if not _HEX_COLOUR.fullmatch(value):
        raise ValueError(f"colour {value!r} must be #rgb or #rrggbb")
    return value


def ink(background: str) -> str:
    """Black or white, whichever contrasts more with ``background`` (WCAG relative luminance)."""
    digits = colour(background)[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    # contrast with white (1.05 / (L + 0.05)) beats contrast with black ((L + 0.05) / 0.05) below L ≈ 0.18
    return LIGHT if luminance < 0.18 else DARK


def text_width(label: str, size: float) -> float:
    """A generous estimate of the width of ``label`` in a sans-serif font, to size pills and legend rows."""
    return 0.6 * size * len(label)


def pill(x: float, y: float, label: str, *, fill: str, size: float = 11.0, **attrs: object) -> str:
    """A rounded label centred on (x, y), such as a capacity or a model count."""
    width = text_width(label, size) + 8
    height = size + 5
    return element(
        "g",
        element(
            "rect",
            x=x - width / 2,
            y=y - height / 2,
            width=width,
            height=height,
            rx=height / 2,
            fill=fill,
            stroke=DARK,
            stroke_width=1,
        )
        + text(x, y + size * 0.36, label, size, fill=ink(fill), text_anchor="middle", font_weight="bold"),
        **attrs,
    )


def wrap(label: str, width: int = 14) -> list[str]:
    """``label`` on at most two lines of about ``width`` characters, the rest cut with an ellipsis."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2 or any(len(line) > width + 4 for line in lines):
        lines = lines[:2]
        lines = [line if len(line) <= width + 4 else line[: width + 3] + "…" for line in lines]
        if not lines[-1].endswith("…"):
            lines[-1] += "…"
    return lines


@dataclass(frozen=True)
class LegendEntry:
    swatch: str
    """Markup drawn around (0, 0), within about 18 units."""
    label: str


def legend(entries: Sequence[LegendEntry], top: float) -> tuple[str, float]:
    """Entries flowed in rows across the width from ``top``; the markup and the height it takes."""
    row_height = 22.0
    x, y = 12.0, top + row_height / 2
    parts: list[str] = []
    for entry in entries:
        width = 24 + text_width(entry.label, _LEGEND_FONT) + 12
        if x + width > WIDTH - 8 and x > 12:
            x, y = 12.0, y + row_height
        parts.append(
            element("g", entry.swatch, transform=f"translate({number(x + 9)} {number(y)})")
            + text(x + 24, y + _LEGEND_FONT * 0.36, entry.label, _LEGEND_FONT, fill=DARK)
        )
        x += width
    if not parts:
        return "", 0.0
    return element("g", "".join(parts), class_="legend"), y + row_height / 2 - top
