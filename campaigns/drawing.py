"""SVG pictures for the campaign pages: the campaign map, a fort's diagram and a points chart.

Every picture is a self-contained ``<svg>`` string sized by its ``viewBox`` so that it scales to the width of a
phone; its drawing units are roughly CSS pixels at 400 wide, which keeps the 12–14 unit fonts legible. All text and
attribute values pass through :func:`xml.sax.saxutils.escape` / :func:`~xml.sax.saxutils.quoteattr` here, links
are limited to http(s) and relative addresses and colours to ``#rgb``/``#rrggbb``, so the strings are safe to
insert with ``mark_safe``.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from rules.siege.fort import LEVELS, ConnectionKind, FortLayout, GateKind, Section, SectionKind

__all__ = [
    "ENGLISH",
    "FACTION_COLOURS",
    "UNOWNED_COLOUR",
    "Labels",
    "MapTerritory",
    "auto_layout",
    "colour_of",
    "fort_svg",
    "line_chart_svg",
    "map_svg",
]

FACTION_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        # Hues spread round the wheel and across lightness, so that neighbours on the map still differ for
        # red–green colour blindness; text on a token picks black or white for contrast (see _ink).
        "Empire": "#F2C12E",
        "Bretonnia": "#2F6BD6",
        "Dwarfs": "#8A5A2B",
        "High Elves": "#A8DDF7",
        "Wood Elves": "#1E7F3A",
        "Dark Elves": "#5E2B8C",
        "Orcs & Goblins": "#9BCB3C",
        "Skaven": "#6B6F2A",
        "Chaos": "#B01E23",
        "Beasts of Chaos": "#C8742A",
        "Vampire Counts": "#23233D",
        "Tomb Kings": "#E3D3A3",
        "Lizardmen": "#17A398",
        "Ogre Kingdoms": "#E88AB0",
        "Chaos Dwarfs": "#F0641E",
        "Dogs of War": "#0D4F6B",
    }
)

UNOWNED_COLOUR = "#E2E2E2"

_DARK = "#1B1B1B"
_LIGHT = "#FFFFFF"
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_WIDTH = 400.0
_LEGEND_FONT = 12.0
_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")
# http(s), a path on this site (not "//host", which leaves it) or a relative path without a scheme
_SAFE_URL = re.compile(r"(?:https?://|/(?!/)|\?|#)[^\s\"'<>]*|[A-Za-z0-9_.~-][^\s\"'<>:/]*(?:/[^\s\"'<>]*)?")
_LAYOUT_SEED = 1515
"""Fixes the jitter of :func:`auto_layout`, so that a map is laid out the same every time."""


def colour_of(faction: str | None) -> str:
    """The colour of a faction of :data:`campaigns.rosters.FACTIONS`; :data:`UNOWNED_COLOUR` for none or another."""
    return FACTION_COLOURS.get(faction or "", UNOWNED_COLOUR)


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
        """The name of a kind of territory (:data:`_KINDS`)."""
        return {"open": self.open_land, "town": self.town, "castle": self.castle, "fortress": self.fortress}[kind]

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


def _format(value: object) -> str:
    if isinstance(value, float):
        text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def _tag(name: str, content: str = "", /, **attrs: object) -> str:
    """An element; ``content`` is markup already made by these helpers. ``class_`` is ``class``, ``_`` is ``-``."""
    rendered = "".join(
        f" {key.rstrip('_').replace('_', '-')}={quoteattr(_format(value))}"
        for key, value in attrs.items()
        if value is not None
    )
    return f"<{name}{rendered}>{content}</{name}>" if content else f"<{name}{rendered}/>"


def _text(x: float, y: float, label: str, /, size: float = 12.0, **attrs: object) -> str:
    return _tag("text", escape(label), x=x, y=y, font_size=size, **attrs)


def _halo_text(x: float, y: float, label: str, /, size: float = 12.0, **attrs: object) -> str:
    """Dark text with a white outline, legible over roads, walls and any token colour."""
    return _text(
        x,
        y,
        label,
        size,
        fill=_DARK,
        stroke=_LIGHT,
        stroke_width=3,
        paint_order="stroke",
        text_anchor="middle",
        **attrs,
    )


def _title(label: str) -> str:
    return _tag("title", escape(label))


def _svg(height: float, title: str, body: str) -> str:
    return _tag(
        "svg",
        _title(title) + body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_format(_WIDTH)} {_format(math.ceil(height))}",
        width="100%",
        role="img",
        font_family=_FONT,
        style="max-width:100%;height:auto;display:block",
    )


def _colour(value: str) -> str:
    if not _HEX_COLOUR.fullmatch(value):
        raise ValueError(f"colour {value!r} must be #rgb or #rrggbb")
    return value


def _ink(background: str) -> str:
    """Black or white, whichever contrasts more with ``background`` (WCAG relative luminance)."""
    digits = _colour(background)[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    # contrast with white (1.05 / (L + 0.05)) beats contrast with black ((L + 0.05) / 0.05) below L ≈ 0.18
    return _LIGHT if luminance < 0.18 else _DARK


def _text_width(label: str, size: float) -> float:
    """A generous estimate of the width of ``label`` in a sans-serif font, to size pills and legend rows."""
    return 0.6 * size * len(label)


def _pill(x: float, y: float, label: str, *, fill: str, size: float = 11.0, **attrs: object) -> str:
    """A rounded label centred on (x, y), such as a capacity or a model count."""
    width = _text_width(label, size) + 8
    height = size + 5
    return _tag(
        "g",
        _tag(
            "rect",
            x=x - width / 2,
            y=y - height / 2,
            width=width,
            height=height,
            rx=height / 2,
            fill=fill,
            stroke=_DARK,
            stroke_width=1,
        )
        + _text(x, y + size * 0.36, label, size, fill=_ink(fill), text_anchor="middle", font_weight="bold"),
        **attrs,
    )


def _wrap(label: str, width: int = 14) -> list[str]:
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
class _LegendEntry:
    swatch: str
    """Markup drawn around (0, 0), within about 18 units."""
    label: str


def _legend(entries: Sequence[_LegendEntry], top: float) -> tuple[str, float]:
    """Entries flowed in rows across the width from ``top``; the markup and the height it takes."""
    row_height = 22.0
    x, y = 12.0, top + row_height / 2
    parts: list[str] = []
    for entry in entries:
        width = 24 + _text_width(entry.label, _LEGEND_FONT) + 12
        if x + width > _WIDTH - 8 and x > 12:
            x, y = 12.0, y + row_height
        parts.append(
            _tag("g", entry.swatch, transform=f"translate({_format(x + 9)} {_format(y)})")
            + _text(x + 24, y + _LEGEND_FONT * 0.36, entry.label, _LEGEND_FONT, fill=_DARK)
        )
        x += width
    if not parts:
        return "", 0.0
    return _tag("g", "".join(parts), class_="legend"), y + row_height / 2 - top


# The campaign map ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapArmy:
    """An army standing in a territory, drawn as a banner in its owner's colour."""

    name: str
    owner: str
    points: int
    colour: str


@dataclass(frozen=True)
class MapTerritory:
    id: int
    name: str
    kind: str
    """``"open"``, ``"town"``, ``"castle"`` or ``"fortress"``."""
    x: float
    """0–100, west to east."""
    y: float
    """0–100, north to south."""
    neighbours: tuple[int, ...]
    owner: str | None
    colour: str
    """The owner's colour, ``#rgb`` or ``#rrggbb``; :data:`UNOWNED_COLOUR` when unowned."""
    value: int
    fortified: bool
    url: str | None
    armies: tuple[MapArmy, ...] = ()
    """The armies standing there that the reader may see."""


_KINDS = ("open", "town", "castle", "fortress")
_MAP_MARGIN = 34.0
_MAP_SIZE = _WIDTH - 2 * _MAP_MARGIN
_TOKEN_RADIUS = {"open": 14.0, "town": 16.0, "castle": 17.0, "fortress": 19.0}


def _kind_glyph(kind: str, ink: str) -> str:
    """The icon of a kind of territory centred on (0, 0), in ``ink``: none for open land."""
    outline = {
        "town": "M-7 6V-1L0-7L7-1V6Z",
        # a tower: a shaft under three merlons
        "castle": "M-5 7.5V-2.5H-6V-7.5H-3V-5H-1V-7.5H1V-5H3V-7.5H6V-2.5H5V7.5Z",
        # a keep: two towers either side of a taller centre
        "fortress": "M-10 9V-3H-11V-7H-8V-5H-6V-7H-3V-9H-1V-7H1V-9H3V-7H6V-5H8V-7H11V-3H10V9Z",
    }.get(kind)
    return "" if outline is None else _tag("path", d=outline, fill=ink)


def _value_badge(value: int) -> str:
    return _tag("circle", r=9, fill=_LIGHT, stroke=_DARK, stroke_width=1.5) + _text(
        0, 4, str(value), 11.0 if value < 100 else 8.0, fill=_DARK, text_anchor="middle", font_weight="bold"
    )


def _token(kind: str, colour: str, owned: bool) -> str:
    return _tag(
        "circle",
        r=_TOKEN_RADIUS[kind],
        fill=colour,
        stroke=_DARK,
        stroke_width=2,
        stroke_dasharray=None if owned else "4 3",
        class_="territory-token",
    )


def _fortified_ring(radius: float) -> str:
    return _tag("circle", r=radius + 4.5, fill="none", stroke=_DARK, stroke_width=3, stroke_dasharray="3 2.2")


def _map_point(x: float, y: float) -> tuple[float, float]:
    return _MAP_MARGIN + x / 100 * _MAP_SIZE, _MAP_MARGIN + y / 100 * _MAP_SIZE


def _safe_url(url: str) -> str:
    if not _SAFE_URL.fullmatch(url):
        raise ValueError(f"link {url!r} must be an http(s) or relative address")
    return url


def _territory(territory: MapTerritory, labels: Labels) -> str:
    cx, cy = _map_point(territory.x, territory.y)
    radius = _TOKEN_RADIUS[territory.kind]
    owned = territory.owner is not None
    ring = _fortified_ring(radius) if territory.fortified else ""
    glyph = _kind_glyph(territory.kind, _ink(territory.colour))
    corner = radius * 0.75
    value = _tag("g", _value_badge(territory.value), transform=f"translate({_format(corner)} {_format(-corner)})")
    lines = _wrap(territory.name)
    name = "".join(
        _halo_text(0, radius + 14 + 13 * index, line, 12.0, font_weight="600") for index, line in enumerate(lines)
    )
    # the legend's capitalised words, lowered mid-sentence
    summary = labels.territory_summary % {
        "name": territory.name,
        "kind": labels.kind(territory.kind).lower(),
        "owner": territory.owner or labels.unowned.lower(),
        "value": territory.value,
    }
    if territory.fortified:
        summary = labels.fortified_summary % {"summary": summary}
    group = _tag(
        "g",
        _title(summary)
        + ring
        + _token(territory.kind, territory.colour, owned)
        + value
        + glyph
        + name
        + _banners(territory.armies, radius, labels),
        transform=f"translate({_format(cx)} {_format(cy)})",
        class_="territory",
        data_territory=territory.id,
    )
    return group if territory.url is None else _tag("a", group, href=_safe_url(territory.url))


_BANNERS_SHOWN = 3


def _banners(armies: Sequence[MapArmy], radius: float, labels: Labels) -> str:
    """One small banner per army, left of the token, in its owner's colour; beyond three, a count of the rest."""
    drawn = []
    for index, army in enumerate(armies[:_BANNERS_SHOWN]):
        x, y = -radius - 8 - 11 * index, -radius * 0.4
        summary = labels.army_summary % {"army": army.name, "owner": army.owner, "points": army.points}
        pole = _tag("line", x1=x, y1=y - 9, x2=x, y2=y + 11, stroke=_DARK, stroke_width=1.5)
        flag = _tag(
            "path", d=f"M{_format(x)} {_format(y - 9)}h9l-3 4l3 4h-9z", fill=army.colour, stroke=_DARK, stroke_width=1
        )
        drawn.append(_tag("g", _title(summary) + pole + flag, class_="army"))
    extra = len(armies) - _BANNERS_SHOWN
    if extra > 0:
        x = -radius - 8 - 11 * _BANNERS_SHOWN
        drawn.append(_halo_text(x, -radius * 0.4 + 4, f"+{extra}", 10.0, font_weight="bold"))
    return "".join(drawn)


def _roads(territories: Sequence[MapTerritory]) -> str:
    by_id = {t.id: t for t in territories}
    pairs: dict[frozenset[int], tuple[MapTerritory, MapTerritory]] = {}
    for territory in territories:
        for neighbour in territory.neighbours:
            if neighbour not in by_id:
                raise ValueError(f"territory {territory.id} has neighbour {neighbour}, which is not on the map")
            if neighbour != territory.id:
                pairs.setdefault(frozenset((territory.id, neighbour)), (territory, by_id[neighbour]))
    roads = []
    for one, other in pairs.values():
        (x1, y1), (x2, y2) = _map_point(one.x, one.y), _map_point(other.x, other.y)
        points = {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
        roads.append(
            _tag("line", **points, stroke="#6F5B3E", stroke_width=6, stroke_linecap="round")
            + _tag("line", **points, stroke="#E9D9B4", stroke_width=2, stroke_dasharray="5 4")
        )
    return _tag("g", "".join(roads), class_="roads")


def _map_legend(territories: Sequence[MapTerritory], top: float, labels: Labels) -> tuple[str, float]:
    owners: dict[tuple[str | None, str], None] = {}
    for territory in sorted(territories, key=lambda t: (t.owner is None, t.owner or "")):
        owners[territory.owner, territory.colour] = None
    entries = [
        _LegendEntry(
            _tag("g", _token("open", colour, owner is not None), transform="scale(0.6)"), owner or labels.unowned
        )
        for owner, colour in owners
    ]
    kinds = {t.kind for t in territories}
    entries += [_LegendEntry(_kind_glyph(kind, _DARK), labels.kind(kind)) for kind in _KINDS[1:] if kind in kinds]
    if any(t.fortified for t in territories):
        entries.append(
            _LegendEntry(
                _tag("g", _token("open", _LIGHT, True) + _fortified_ring(14), transform="scale(0.45)"), labels.fortified
            )
        )
    entries.append(_LegendEntry(_value_badge(3), labels.value))
    return _legend(entries, top)


def map_svg(territories: Sequence[MapTerritory], *, title: str, labels: Labels = ENGLISH) -> str:
    """The campaign map: roads between neighbours, a token per territory coloured by owner with its value, the
    icon of its kind and its name, a link to its page when it has a ``url``, and a legend of owners and kinds in
    the words of ``labels``."""
    for territory in territories:
        if territory.kind not in _KINDS:
            raise ValueError(f"territory {territory.id} is of kind {territory.kind!r}, expected one of {_KINDS}")
        _colour(territory.colour)
        for army in territory.armies:
            _colour(army.colour)
    background = _tag("rect", x=0, y=0, width=_WIDTH, height=_WIDTH, rx=8, fill="#F4ECD8")
    legend, legend_height = _map_legend(territories, _WIDTH, labels)
    body = background + _roads(territories) + "".join(_territory(t, labels) for t in territories) + legend
    return _svg(_WIDTH + legend_height + 6, title, body)


def auto_layout(ids: Sequence[int], neighbours: Mapping[int, Sequence[int]]) -> dict[int, tuple[float, float]]:
    """Positions (0–100 each way) for a map that has none: territories around a circle for up to three, otherwise
    a force-directed layout (Fruchterman–Reingold) where roads pull and every territory pushes the others away,
    started from the graph's spectral layout.

    The start is seeded, so the same map always gets the same picture.
    """
    order = list(ids)
    if len(set(order)) != len(order):
        raise ValueError("territory ids must be unique")
    index = {territory: position for position, territory in enumerate(order)}
    edges: set[tuple[int, int]] = set()
    for territory, linked in neighbours.items():
        for other in linked:
            if territory not in index or other not in index:
                raise ValueError(f"road {territory}–{other} leads to a territory outside the map")
            if territory != other:
                edges.add((min(index[territory], index[other]), max(index[territory], index[other])))
    count = len(order)
    if count == 0:
        return {}
    if count <= 3:
        angles = np.linspace(-math.pi / 2, 3 * math.pi / 2, count, endpoint=False)
        return _scaled(order, np.column_stack((np.cos(angles), np.sin(angles))))
    pairs = np.array(sorted(edges), dtype=int).reshape(-1, 2)
    adjacency = np.zeros((count, count))
    adjacency[pairs[:, 0], pairs[:, 1]] = adjacency[pairs[:, 1], pairs[:, 0]] = 1.0
    # Start from the spectral layout (the Laplacian's two smoothest non-constant eigenvectors), which unfolds grids
    # and rings that a start on a circle would leave twisted; the seeded jitter parts territories it puts together.
    _, vectors = np.linalg.eigh(np.diag(adjacency.sum(axis=1)) - adjacency)
    start = vectors[:, 1:3] / max(float(np.abs(vectors[:, 1:3]).max()), 1e-9)
    rng = np.random.default_rng(_LAYOUT_SEED)
    positions = start + rng.normal(0.0, 0.05, start.shape)
    spacing = math.sqrt(4.0 / count)
    steps = 400
    for step in range(steps):
        delta = positions[:, None, :] - positions[None, :, :]
        distance = np.maximum(np.linalg.norm(delta, axis=-1), 1e-3)
        push = delta * (spacing**2 / distance**2)[:, :, None]
        moves = push.sum(axis=1)
        if len(pairs):
            along = positions[pairs[:, 0]] - positions[pairs[:, 1]]
            pull = along * (np.linalg.norm(along, axis=1) / spacing)[:, None]
            np.add.at(moves, pairs[:, 0], -pull)
            np.add.at(moves, pairs[:, 1], pull)
        # a weak pull to the centre keeps separate islands of territories from drifting apart
        moves -= positions * 0.3
        length = np.maximum(np.linalg.norm(moves, axis=1), 1e-9)
        limit = 0.1 * (1 - step / steps) + 0.002
        positions += moves * (np.minimum(length, limit) / length)[:, None]
    return _scaled(order, positions)


def _scaled(order: Sequence[int], positions: np.ndarray) -> dict[int, tuple[float, float]]:
    """``positions`` (at least one) stretched to fill 8–92 both ways (the margin leaves room for labels), then
    pushed apart where two territories came closer than their labels need, and rounded."""
    low, high = positions.min(axis=0), positions.max(axis=0)
    span = np.where(high - low > 1e-9, high - low, 1.0)
    fitted = np.where(high - low > 1e-9, 8 + (positions - low) / span * 84, 50.0)
    gap = min(22.0, 80.0 / math.sqrt(len(order)))
    for _ in range(200):
        delta = fitted[:, None, :] - fitted[None, :, :]
        distance = np.linalg.norm(delta, axis=-1)
        np.fill_diagonal(distance, 1e9)
        short = distance < gap
        if not short.any():
            break
        # each of a pair too close moves half the shortfall away from the other
        push = np.where(short, (gap - distance) / 2 / np.maximum(distance, 1e-6), 0.0)
        fitted = np.clip(fitted + (delta * push[:, :, None]).sum(axis=1), 8.0, 92.0)
    return {
        territory: (round(float(x), 1), round(float(y), 1)) for territory, (x, y) in zip(order, fitted, strict=True)
    }


# The fort -----------------------------------------------------------------------------------------------------

_STONE = "#7B7266"
_WALL = "#5F574D"
_WALK = "#BDB3A3"
_GROUND_INSIDE = "#EADFC4"
_GROUND_OUTSIDE = "#DCE6CF"
_BESIEGER = "#B3261E"
_BESIEGED = "#1F5AA6"
_FORT_TOP = 32.0
_FORT_SIZE = 324.0
_CONNECTION_STYLES: Mapping[ConnectionKind, dict[str, object]] = {
    ConnectionKind.WALL: {"stroke": _WALL, "stroke_width": 14, "stroke_linecap": "square"},
    ConnectionKind.STAIRS: {"stroke": "#6B4E2E", "stroke_width": 4},
    ConnectionKind.COURTYARD: {"stroke": "#C9B27C", "stroke_width": 10, "stroke_linecap": "round"},
    ConnectionKind.LADDER: {"stroke": "#8B5A2B", "stroke_width": 7, "stroke_dasharray": "2 3"},
    ConnectionKind.SERVICE_DOOR: {
        "stroke": "#333333",
        "stroke_width": 3,
        "stroke_dasharray": "1 4",
        "stroke_linecap": "round",
    },
    ConnectionKind.BREACH: {"stroke": _BESIEGER, "stroke_width": 5, "stroke_dasharray": "8 4"},
}


@dataclass(frozen=True)
class _Placed:
    section: Section
    x: float
    y: float
    half_width: float
    half_height: float
    angle: float
    """Degrees; wall-walks lie along their wall."""


def _convex_hull(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain, counter-clockwise."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return unique

    def half(sequence: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        chain: list[tuple[float, float]] = []
        for point in sequence:
            while (
                len(chain) >= 2
                and (
                    (chain[-1][0] - chain[-2][0]) * (point[1] - chain[-2][1])
                    - (chain[-1][1] - chain[-2][1]) * (point[0] - chain[-2][0])
                )
                <= 0
            ):
                chain.pop()
            chain.append(point)
        return chain

    lower, upper = half(unique), half(reversed(unique))
    return lower[:-1] + upper[:-1]


def _fort_positions(
    layout: FortLayout,
) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """The drawing points of the sections and of the gates: the layout's own coordinates fitted to the picture, or
    :func:`auto_layout` when the layout has none (every section at one point), gates then at their courtyard. A
    section drawn where another already is (a tower's lower level under its roof) steps towards the centre."""
    points = {s.id: (s.x, s.y) for s in layout.sections}
    gate_points = {g.id: (g.x, g.y) for g in layout.gates}
    if len(set(points.values())) <= 1 < len(points):
        ids = [s.id for s in layout.sections]
        number = {section_id: position for position, section_id in enumerate(ids)}
        laid = auto_layout(range(len(ids)), {number[s]: [number[n] for n in layout.neighbours(s)] for s in ids})
        points = {section_id: laid[number[section_id]] for section_id in ids}
        gate_points = {g.id: points[g.section] for g in layout.gates}
    xs = [x for x, _ in [*points.values(), *gate_points.values()]]
    ys = [y for _, y in [*points.values(), *gate_points.values()]]
    scale = _FORT_SIZE / max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    left = (_WIDTH - (max(xs) - min(xs)) * scale) / 2

    def fit(point: tuple[float, float]) -> tuple[float, float]:
        return left + (point[0] - min(xs)) * scale, _FORT_TOP + (point[1] - min(ys)) * scale

    fitted = {section_id: fit(point) for section_id, point in points.items()}
    centre = _centre(fitted.values())
    taken: set[tuple[int, int]] = set()
    for section in sorted(layout.sections, key=lambda s: -s.level):
        x, y = fitted[section.id]
        while (round(x), round(y)) in taken:
            dx, dy = centre[0] - x, centre[1] - y
            length = math.hypot(dx, dy) or 1.0
            x, y = x + 40 * dx / length, y + 40 * dy / length
        taken.add((round(x), round(y)))
        fitted[section.id] = (x, y)
    return _spread(layout, fitted), {gate_id: fit(point) for gate_id, point in gate_points.items()}


_ROOM = {SectionKind.COURTYARD: 28.0, SectionKind.WALL_WALK: 22.0, SectionKind.TOWER: 19.0, SectionKind.STAIRS: 15.0}
"""How far a section's shape reaches from its point, to keep shapes and the labels between them apart."""


def _spread(layout: FortLayout, points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The points with the sections inside the walls nudged apart where their shapes would crowd each other; the
    ramparts stay where they are, so the walls keep their shape."""
    pinned = {s.id for s in layout.sections if s.is_rampart and s.level == 3}
    room = {s.id: _ROOM[s.kind] for s in layout.sections}
    spread = dict(points)
    for _ in range(100):
        moved = False
        for one, other in itertools.combinations(spread, 2):
            if one in pinned and other in pinned:
                continue
            (x1, y1), (x2, y2) = spread[one], spread[other]
            shortfall = room[one] + room[other] + 14 - math.hypot(x2 - x1, y2 - y1)
            if shortfall <= 0.5:
                continue
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            share = 1.0 if one in pinned or other in pinned else 0.5
            if one not in pinned:
                spread[one] = (x1 - ux * shortfall * share, y1 - uy * shortfall * share)
            if other not in pinned:
                spread[other] = (x2 + ux * shortfall * share, y2 + uy * shortfall * share)
            moved = True
        if not moved:
            break
    return spread


def _centre(points: Iterable[tuple[float, float]]) -> tuple[float, float]:
    listed = list(points)
    return sum(x for x, _ in listed) / len(listed), sum(y for _, y in listed) / len(listed)


def _place(layout: FortLayout, positions: Mapping[str, tuple[float, float]]) -> list[_Placed]:
    placed = []
    for section in layout.sections:
        x, y = positions[section.id]
        angle = 0.0
        if section.kind is SectionKind.WALL_WALK:
            walls = [
                positions[n]
                for n in layout.neighbours(section.id)
                if layout.section(n).is_rampart and layout.section(n).level == 3
            ]
            if len(walls) >= 2:
                angle = math.degrees(math.atan2(walls[1][1] - walls[0][1], walls[1][0] - walls[0][0]))
            angle = (angle + 90) % 180 - 90  # keep the label side up
        size = {
            SectionKind.COURTYARD: (30.0, 24.0),
            SectionKind.WALL_WALK: (22.0, 11.0),
            SectionKind.TOWER: (17.0, 17.0) if section.level == 3 else (15.0, 15.0),
            SectionKind.STAIRS: (13.0, 13.0),
        }[section.kind]
        placed.append(_Placed(section, x, y, *size, angle))
    return _fit_courtyards(placed)


def _fit_courtyards(placed: list[_Placed]) -> list[_Placed]:
    """Courtyards narrowed, all alike, until none overlaps a section beside it (stairs often sit close by)."""
    half_width = 30.0
    for courtyard in (p for p in placed if p.section.kind is SectionKind.COURTYARD):
        for other in placed:
            dx, dy = abs(other.x - courtyard.x), abs(other.y - courtyard.y)
            if other is courtyard or dy >= courtyard.half_height + other.half_height or dx < 1:
                continue
            share = dx / 2 if other.section.kind is SectionKind.COURTYARD else dx - other.half_width
            half_width = min(half_width, share - 4)
    width = max(half_width, 16.0)
    return [
        _Placed(p.section, p.x, p.y, width, p.half_height, p.angle) if p.section.kind is SectionKind.COURTYARD else p
        for p in placed
    ]


def _section_shape(placed: _Placed) -> tuple[str, str]:
    """The shape of a section around (0, 0) and the colour its label is written on."""
    section, w, h = placed.section, placed.half_width, placed.half_height
    if section.kind is SectionKind.COURTYARD:
        return _tag(
            "rect", x=-w, y=-h, width=2 * w, height=2 * h, rx=5, fill="#F6EEDC", stroke=_STONE, stroke_width=2
        ), "#F6EEDC"
    if section.kind is SectionKind.WALL_WALK:
        return _tag(
            "rect",
            x=-w,
            y=-h,
            width=2 * w,
            height=2 * h,
            rx=2,
            fill=_WALK,
            stroke=_WALL,
            stroke_width=2,
            transform=f"rotate({_format(placed.angle)})",
        ), _WALK
    if section.kind is SectionKind.STAIRS:
        steps = "".join(
            _tag("line", x1=-w + 3, y1=-h + 4 + 4 * i, x2=w - 3, y2=-h + 4 + 4 * i, stroke="#6B4E2E", stroke_width=1)
            for i in range(0, int(2 * h / 4) - 1, 2)
        )
        return _tag(
            "rect", x=-w, y=-h, width=2 * w, height=2 * h, rx=2, fill="#E3C79A", stroke="#6B4E2E", stroke_width=2
        ) + steps, "#E3C79A"
    if section.level == 3:
        # a round tower seen from above, its crenellated parapet as a dashed rim
        return (
            _tag("circle", r=w + 2, fill=_STONE, stroke=_WALL, stroke_width=4, stroke_dasharray="5 3")
            + _tag("circle", r=w - 3, fill="#958B7D"),
            "#958B7D",
        )
    # a lower level of a tower, drawn as a square keep room
    return _tag("rect", x=-w, y=-h, width=2 * w, height=2 * h, fill="#958B7D", stroke=_WALL, stroke_width=3), "#958B7D"


def _section_name(section: Section, labels: Labels) -> str:
    return labels.section_summary % {"section": labels.section(section.kind), "id": section.id, "level": section.level}


def _badge_drop(placed: _Placed) -> float:
    """How far below a section's centre its model counts go: inside a courtyard, which has room, else just under
    the shape, turned as it is."""
    if placed.section.kind is SectionKind.COURTYARD:
        return placed.half_height - 20
    angle = math.radians(placed.angle)
    return abs(placed.half_width * math.sin(angle)) + abs(placed.half_height * math.cos(angle))


def _occupancy_badges(placed: _Placed, counts: tuple[int, int]) -> str:
    """The models on a section, besiegers then besieged, under it; drawn over everything else, as they change."""
    besiegers, besieged = counts
    labels = [(str(n), colour) for n, colour in ((besiegers, _BESIEGER), (besieged, _BESIEGED)) if n > 0]
    widths = [_text_width(label, 11.0) + 8 for label, _ in labels]
    x = -(sum(widths) + 3 * (len(labels) - 1)) / 2
    badges = []
    for (label, colour), width in zip(labels, widths, strict=True):
        badges.append(_pill(x + width / 2, _badge_drop(placed) + 10, label, fill=colour))
        x += width + 3
    return _tag(
        "g",
        "".join(badges),
        transform=f"translate({_format(placed.x)} {_format(placed.y)})",
        class_="occupancy",
        data_section=placed.section.id,
    )


def _section(placed: _Placed, counts: tuple[int, int] | None, labels: Labels) -> str:
    shape, paper = _section_shape(placed)
    label = _text(
        0,
        4,
        placed.section.id,
        11.0 if len(placed.section.id) > 3 else 12.0,
        fill=_ink(paper),
        text_anchor="middle",
        font_weight="bold",
    )
    summary = _section_name(placed.section, labels)
    if counts is not None:
        summary = labels.occupancy_summary % {"section": summary, "besiegers": counts[0], "besieged": counts[1]}
    return _tag(
        "g",
        _title(summary) + shape + label,
        transform=f"translate({_format(placed.x)} {_format(placed.y)})",
        class_="section",
        data_section=placed.section.id,
        data_kind=placed.section.kind.value,
    )


def _connections(layout: FortLayout, by_id: Mapping[str, _Placed], labels: Labels) -> tuple[str, str]:
    """The connections as lines (walls as thick bands with a walkway) and their capacity pills, drawn later on top."""
    lines, pills = [], []
    for connection in layout.connections:
        one, other = by_id[connection.a], by_id[connection.b]
        points = {"x1": one.x, "y1": one.y, "x2": other.x, "y2": other.y}
        line = _tag("line", **points, **_CONNECTION_STYLES[connection.kind])
        if connection.kind is ConnectionKind.WALL:
            line += _tag("line", **points, stroke=_WALK, stroke_width=5)
        lines.append(
            _tag(
                "g",
                _title(
                    labels.connection_summary
                    % {
                        "connection": labels.connection(connection.kind),
                        "a": connection.a,
                        "b": connection.b,
                        "capacity": connection.capacity,
                    }
                )
                + line,
                class_="connection",
                data_kind=connection.kind.value,
            )
        )
        # halfway across the gap between the two shapes, not between their centres, which may be off-centre
        length = math.hypot(other.x - one.x, other.y - one.y) or 1.0
        along = (_ROOM[one.section.kind] + length - _ROOM[other.section.kind]) / 2 / length
        x, y = one.x + (other.x - one.x) * along, one.y + (other.y - one.y) * along
        pills.append(_pill(x, y, str(connection.capacity), fill=_LIGHT, class_="capacity"))
    return "".join(lines), "".join(pills)


def _gate_glyph(kind: GateKind) -> str:
    """An arched doorway around (0, 0): wide for the main gate, narrow for a postern."""
    w = 11.0 if kind is GateKind.MAIN_GATE else 7.0
    return _tag(
        "path",
        d=f"M{-w} 9V-2A{w} {w} 0 0 1 {w} -2V9Z",
        fill="#5A3A1E",
        stroke=_LIGHT,
        stroke_width=2,
    ) + _tag("path", d=f"M{-w / 2} 9V0M0 9V-4M{w / 2} 9V0", stroke="#C9A46A", stroke_width=1.5)


def _gates(
    layout: FortLayout,
    by_id: Mapping[str, _Placed],
    points: Mapping[str, tuple[float, float]],
    centre: tuple[float, float],
    labels: Labels,
) -> tuple[str, str]:
    """The gates, set just outside the wall at their point, with a passage to their courtyard."""
    passages, glyphs = [], []
    for gate in layout.gates:
        courtyard = by_id[gate.section]
        x, y = points[gate.id]
        dx, dy = x - centre[0], y - centre[1]
        length = math.hypot(dx, dy) or 1.0
        x, y = x + 22 * dx / length, y + 22 * dy / length
        name = labels.main_gate if gate.kind is GateKind.MAIN_GATE else labels.postern
        summary = labels.gate_summary % {
            "gate": name,
            "id": gate.id,
            "section": gate.section,
            "capacity": gate.capacity,
        }
        passages.append(
            _tag(
                "line",
                x1=courtyard.x,
                y1=courtyard.y,
                x2=x,
                y2=y,
                stroke="#5A3A1E",
                stroke_width=5,
                stroke_dasharray="7 3",
            )
        )
        glyphs.append(
            _tag(
                "g",
                _title(summary)
                + _gate_glyph(gate.kind)
                + _pill(0, 20, f"{gate.id} {gate.capacity}", fill="#5A3A1E", class_="capacity"),
                transform=f"translate({_format(x)} {_format(y)})",
                class_="gate",
                data_gate=gate.id,
            )
        )
    return "".join(passages), "".join(glyphs)


def _fort_legend(layout: FortLayout, occupancy: bool, top: float, labels: Labels) -> tuple[str, float]:
    kinds = {(s.kind, s.level if s.kind is SectionKind.TOWER else 0) for s in layout.sections}
    entries = []
    for kind, level in [
        (SectionKind.TOWER, 3),
        (SectionKind.TOWER, 2),
        (SectionKind.WALL_WALK, 0),
        (SectionKind.COURTYARD, 0),
        (SectionKind.STAIRS, 0),
    ]:
        if (kind, level) in kinds:
            sample = Section("", kind, level or min(LEVELS[kind]))
            size = (7.0, 7.0) if kind is not SectionKind.WALL_WALK else (9.0, 5.0)
            shape, _ = _section_shape(_Placed(sample, 0, 0, *size, 0.0))
            label = labels.section(kind)
            if level == 2:
                label = labels.lower_level % {"section": label}
            entries.append(_LegendEntry(shape, label))
    for connection_kind in ConnectionKind:
        if connection_kind is not ConnectionKind.WALL and any(c.kind is connection_kind for c in layout.connections):
            line = _tag("line", x1=-9, y1=0, x2=9, y2=0, **_CONNECTION_STYLES[connection_kind])
            entries.append(_LegendEntry(line, labels.connection(connection_kind)))
    if layout.gates:
        entries.append(_LegendEntry(_tag("g", _gate_glyph(GateKind.POSTERN), transform="scale(0.9)"), labels.gate))
    entries.append(_LegendEntry(_pill(0, 0, "6", fill=_LIGHT), labels.capacity))
    if occupancy:
        entries.append(_LegendEntry(_pill(0, 0, "9", fill=_BESIEGER), labels.besiegers))
        entries.append(_LegendEntry(_pill(0, 0, "9", fill=_BESIEGED), labels.besieged))
    return _legend(entries, top)


def fort_svg(
    layout: FortLayout,
    *,
    title: str,
    occupancy: Mapping[str, tuple[int, int]] | None = None,
    labels: Labels = ENGLISH,
) -> str:
    """The fort's diagram: ground inside the walls, walls as thick bands between towers and wall-walks, courtyards,
    stairs and lower tower levels, every connection with its capacity a turn, the gates outside the wall and, with
    ``occupancy`` (section id → (besieger models, besieged models)), the models on each section; the legend and
    the tooltips in the words of ``labels``."""
    if not layout.sections:
        raise ValueError(f"the fort {layout.name!r} has no section to draw")
    unknown = sorted(set(occupancy or {}) - {s.id for s in layout.sections})
    if unknown:
        raise ValueError(f"occupancy names sections the fort does not have: {', '.join(unknown)}")
    positions, gate_points = _fort_positions(layout)
    placed = _place(layout, positions)
    by_id = {p.section.id: p for p in placed}
    ramparts = [(p.x, p.y) for p in placed if p.section.is_rampart and p.section.level == 3]
    hull = _convex_hull(ramparts)
    inside = (
        _tag("polygon", points=" ".join(f"{_format(x)},{_format(y)}" for x, y in hull), fill=_GROUND_INSIDE)
        if len(hull) >= 3
        else ""
    )
    lines, pills = _connections(layout, by_id, labels)
    passages, gates = _gates(layout, by_id, gate_points, _centre(positions.values()), labels)
    sections = "".join(
        _section(p, None if occupancy is None else occupancy.get(p.section.id, (0, 0)), labels) for p in placed
    )
    counts = occupancy or {}
    badges = "".join(_occupancy_badges(p, counts[p.section.id]) for p in placed if p.section.id in counts)
    picture_bottom = max([p.y + p.half_height + 30 for p in placed] + [y + 60 for _, y in gate_points.values()])
    background = _tag("rect", x=0, y=0, width=_WIDTH, height=picture_bottom, rx=8, fill=_GROUND_OUTSIDE)
    legend, legend_height = _fort_legend(layout, occupancy is not None, picture_bottom, labels)
    body = background + inside + passages + lines + sections + pills + gates + badges + legend
    return _svg(picture_bottom + legend_height + 6, title, body)


# The points chart ---------------------------------------------------------------------------------------------

_CHART_LEFT = 46.0
_CHART_RIGHT = _WIDTH - 14
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
    style = {"fill": colour, "stroke": _DARK, "stroke_width": 1.5}
    return _tag("circle", r=5, **style) if shape == "circle" else _tag("path", d=shape, **style)


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
        _colour(colours[name])
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
        _tag("line", x1=_CHART_LEFT, y1=to_y(t), x2=_CHART_RIGHT, y2=to_y(t), stroke="#D0D0D0", stroke_width=1)
        + _text(_CHART_LEFT - 6, to_y(t) + 4, _number(t), 12.0, fill=_DARK, text_anchor="end")
        for t in ticks
    )
    every = max(1, math.ceil(len(x_labels) / 8))  # at most eight labels fit across a phone
    x_ticks = "".join(
        _tag("line", x1=to_x(i), y1=_CHART_BOTTOM, x2=to_x(i), y2=_CHART_BOTTOM + 5, stroke=_DARK, stroke_width=1.5)
        + (_text(to_x(i), _CHART_BOTTOM + 19, label, 12.0, fill=_DARK, text_anchor="middle") if i % every == 0 else "")
        for i, label in enumerate(x_labels)
    )
    axes = _tag(
        "path",
        d=f"M{_format(_CHART_LEFT)} {_format(_CHART_TOP)}V{_format(_CHART_BOTTOM)}H{_format(_CHART_RIGHT)}",
        fill="none",
        stroke=_DARK,
        stroke_width=1.5,
    )
    lines, entries = [], []
    for index, (name, values) in enumerate(series.items()):
        colour = colours[name]
        points = [(to_x(i), to_y(v)) for i, v in enumerate(values)]
        joined = " ".join(f"{_format(x)},{_format(y)}" for x, y in points)
        # a dark edge under the colour keeps light colours (Empire yellow) visible on white
        path = (
            "".join(
                _tag("polyline", points=joined, fill="none", stroke=stroke, stroke_width=width, stroke_linejoin="round")
                for stroke, width in ((_DARK, 5), (colour, 3))
            )
            if len(points) > 1
            else ""
        )
        markers = "".join(
            _tag(
                "g",
                _title(f"{name}, {x_labels[i]}: {_number(v)}") + _marker(index, colour),
                transform=f"translate({_format(x)} {_format(y)})",
            )
            for i, ((x, y), v) in enumerate(zip(points, values, strict=True))
        )
        lines.append(_tag("g", path + markers, class_="series", data_series=name))
        last = f": {_number(values[-1])}" if values else ""
        entries.append(
            _LegendEntry(
                _tag("line", x1=-9, y1=0, x2=9, y2=0, stroke=colour, stroke_width=3) + _marker(index, colour),
                name + last,
            )
        )
    empty = (
        ""
        if x_labels
        else _text((_CHART_LEFT + _CHART_RIGHT) / 2, 120, labels.no_turns, 14.0, fill=_DARK, text_anchor="middle")
    )
    legend, legend_height = _legend(entries, _CHART_BOTTOM + 30)
    body = (
        _tag("rect", x=0, y=0, width=_WIDTH, height=_CHART_BOTTOM + 30 + legend_height + 6, fill=_LIGHT)
        + grid
        + axes
        + x_ticks
        + "".join(lines)
        + empty
        + legend
    )
    return _svg(_CHART_BOTTOM + 30 + legend_height + 6, title, body)
