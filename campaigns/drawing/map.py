"""The campaign map: territories as tokens in their owner's colour, roads, banners of the armies, a legend."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from siege_site.svg import element, number

from ..enums import TerritoryKind
from . import svg
from .svg import ENGLISH, Labels


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
    """A :class:`~campaigns.enums.TerritoryKind`'s value."""
    x: float
    """0–100, west to east."""
    y: float
    """0–100, north to south."""
    neighbours: tuple[int, ...]
    owner: str | None
    colour: str
    """The owner's colour, ``#rgb`` or ``#rrggbb``; :data:`campaigns.factions.UNOWNED_COLOUR` when unowned."""
    value: int
    fortified: bool
    url: str | None
    armies: tuple[MapArmy, ...] = ()
    """The armies standing there that the reader may see."""
    selected: bool = False
    """The territory the set-up map's editor has selected: drawn with a ring around it."""


_KINDS = tuple(TerritoryKind)
_MAP_MARGIN = 34.0
_MAP_SIZE = svg.WIDTH - 2 * _MAP_MARGIN
MAP_FRAME = (_MAP_MARGIN, _MAP_SIZE)
"""Where the map's 0–100 positions lie in the picture: its margin and its side, in the picture's units."""
_TOKEN_RADIUS = {
    TerritoryKind.OPEN_LAND: 14.0,
    TerritoryKind.TOWN: 16.0,
    TerritoryKind.CASTLE: 17.0,
    TerritoryKind.FORTRESS: 19.0,
}


def _kind_glyph(kind: str, ink: str) -> str:
    """The icon of a kind of territory centred on (0, 0), in ``ink``: none for open land."""
    outline = {
        TerritoryKind.TOWN: "M-7 6V-1L0-7L7-1V6Z",
        # a tower: a shaft under three merlons
        TerritoryKind.CASTLE: "M-5 7.5V-2.5H-6V-7.5H-3V-5H-1V-7.5H1V-5H3V-7.5H6V-2.5H5V7.5Z",
        # a keep: two towers either side of a taller centre
        TerritoryKind.FORTRESS: "M-10 9V-3H-11V-7H-8V-5H-6V-7H-3V-9H-1V-7H1V-9H3V-7H6V-5H8V-7H11V-3H10V9Z",
    }.get(kind)
    return "" if outline is None else element("path", d=outline, fill=ink)


def _value_badge(value: int) -> str:
    return element("circle", r=9, fill=svg.LIGHT, stroke=svg.DARK, stroke_width=1.5) + svg.text(
        0, 4, str(value), 11.0 if value < 100 else 8.0, fill=svg.DARK, text_anchor="middle", font_weight="bold"
    )


def _token(kind: str, colour: str, owned: bool) -> str:
    return element(
        "circle",
        r=_TOKEN_RADIUS[kind],
        fill=colour,
        stroke=svg.DARK,
        stroke_width=2,
        stroke_dasharray=None if owned else "4 3",
        class_="territory-token",
    )


def _fortified_ring(radius: float) -> str:
    return element("circle", r=radius + 4.5, fill="none", stroke=svg.DARK, stroke_width=3, stroke_dasharray="3 2.2")


def _selected_ring(radius: float) -> str:
    return element("circle", r=radius + 10, fill="#FFE27A", fill_opacity=0.6, stroke="#B8860B", stroke_width=3)


def _map_point(x: float, y: float) -> tuple[float, float]:
    return _MAP_MARGIN + x / 100 * _MAP_SIZE, _MAP_MARGIN + y / 100 * _MAP_SIZE


def _safe_url(url: str) -> str:
    if not svg.SAFE_URL.fullmatch(url):
        raise ValueError(f"link {url!r} must be an http(s) or relative address")
    return url


def _territory(territory: MapTerritory, labels: Labels) -> str:
    cx, cy = _map_point(territory.x, territory.y)
    radius = _TOKEN_RADIUS[territory.kind]
    owned = territory.owner is not None
    ring = _fortified_ring(radius) if territory.fortified else ""
    glyph = _kind_glyph(territory.kind, svg.ink(territory.colour))
    corner = radius * 0.75
    value = element("g", _value_badge(territory.value), transform=f"translate({number(corner)} {number(-corner)})")
    lines = svg.wrap(territory.name)
    name = "".join(
        svg.halo_text(0, radius + 14 + 13 * index, line, 12.0, font_weight="600") for index, line in enumerate(lines)
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
    chosen = _selected_ring(radius) if territory.selected else ""
    group = element(
        "g",
        svg.title(summary)
        + chosen
        + ring
        + _token(territory.kind, territory.colour, owned)
        + value
        + glyph
        + name
        + _banners(territory.armies, radius, labels),
        transform=f"translate({number(cx)} {number(cy)})",
        class_="territory selected" if territory.selected else "territory",
        data_territory=territory.id,
    )
    return group if territory.url is None else element("a", group, href=_safe_url(territory.url))


_BANNERS_SHOWN = 3


def _banners(armies: Sequence[MapArmy], radius: float, labels: Labels) -> str:
    """One small banner per army, left of the token, in its owner's colour; beyond three, a count of the rest."""
    drawn = []
    for index, army in enumerate(armies[:_BANNERS_SHOWN]):
        x, y = -radius - 8 - 11 * index, -radius * 0.4
        summary = labels.army_summary % {"army": army.name, "owner": army.owner, "points": army.points}
        pole = element("line", x1=x, y1=y - 9, x2=x, y2=y + 11, stroke=svg.DARK, stroke_width=1.5)
        flag = element(
            "path", d=f"M{number(x)} {number(y - 9)}h9l-3 4l3 4h-9z", fill=army.colour, stroke=svg.DARK, stroke_width=1
        )
        drawn.append(element("g", svg.title(summary) + pole + flag, class_="army"))
    extra = len(armies) - _BANNERS_SHOWN
    if extra > 0:
        x = -radius - 8 - 11 * _BANNERS_SHOWN
        drawn.append(svg.halo_text(x, -radius * 0.4 + 4, f"+{extra}", 10.0, font_weight="bold"))
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
            element("line", **points, stroke="#6F5B3E", stroke_width=6, stroke_linecap="round")
            + element("line", **points, stroke="#E9D9B4", stroke_width=2, stroke_dasharray="5 4")
        )
    return element("g", "".join(roads), class_="roads")


def _map_legend(territories: Sequence[MapTerritory], top: float, labels: Labels) -> tuple[str, float]:
    owners: dict[tuple[str | None, str], None] = {}
    for territory in sorted(territories, key=lambda t: (t.owner is None, t.owner or "")):
        owners[territory.owner, territory.colour] = None
    entries = [
        svg.LegendEntry(
            element("g", _token(TerritoryKind.OPEN_LAND, colour, owner is not None), transform="scale(0.6)"),
            owner or labels.unowned,
        )
        for owner, colour in owners
    ]
    kinds = {t.kind for t in territories}
    entries += [
        svg.LegendEntry(_kind_glyph(kind, svg.DARK), labels.kind(kind))
        for kind in _KINDS
        if kind != TerritoryKind.OPEN_LAND and kind in kinds
    ]
    if any(t.fortified for t in territories):
        entries.append(
            svg.LegendEntry(
                element(
                    "g", _token(TerritoryKind.OPEN_LAND, svg.LIGHT, True) + _fortified_ring(14), transform="scale(0.45)"
                ),
                labels.fortified,
            )
        )
    entries.append(svg.LegendEntry(_value_badge(3), labels.value))
    return svg.legend(entries, top)


def map_svg(territories: Sequence[MapTerritory], *, title: str, labels: Labels = ENGLISH) -> str:
    """The campaign map: roads between neighbours, a token per territory coloured by owner with its value, the
    icon of its kind and its name, a link to its page when it has a ``url``, and a legend of owners and kinds in
    the words of ``labels``."""
    for territory in territories:
        if territory.kind not in _KINDS:
            raise ValueError(
                f"territory {territory.id} is of kind {territory.kind!r}, expected one of {tuple(TerritoryKind.values)}"
            )
        svg.colour(territory.colour)
        for army in territory.armies:
            svg.colour(army.colour)
    background = element("rect", x=0, y=0, width=svg.WIDTH, height=svg.WIDTH, rx=8, fill="#F4ECD8")
    legend, legend_height = _map_legend(territories, svg.WIDTH, labels)
    body = background + _roads(territories) + "".join(_territory(t, labels) for t in territories) + legend
    return svg.document(svg.WIDTH + legend_height + 6, title, body)
