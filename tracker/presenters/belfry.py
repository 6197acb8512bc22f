"""The belfries of « Le Beffroi » (001) on the tracker's board: each one's levels 0–3 with who is aboard against
their capacity (001 §5, R16), its distance to its wall (001 §4.1), its drawbridge (001 §8) and its fire (001 §9);
the same as rows for the page beside the board."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from rules.siege.board.engines import Bridge
from rules.siege.board.state import BattleState, Side
from rules.siege.chapters.belfry.belfry import (
    CAPACITY,
    LEVELS,
    count_aboard,
    level_place,
    levels_in_use,
    pushers,
    speed,
)
from wording.siege import SiegeNames
from wording.siege.drawbridge import CRUSH_LABELS

from .svg import BESIEGED_COLOUR, BESIEGER_COLOUR, at, element, escape, outward, svg_text

__all__ = [
    "BRIDGE_LABELS",
    "CRUSH_LABELS",
    "BelfryRow",
    "LevelRow",
    "belfry_parts",
    "belfry_places",
    "belfry_rows",
]

BRIDGE_LABELS: Mapping[Bridge, object] = {
    Bridge.UP: pgettext_lazy("drawbridge", "up"),
    Bridge.LOWERING: pgettext_lazy("drawbridge", "being lowered"),
    Bridge.DOWN: pgettext_lazy("drawbridge", "down"),
}


@dataclass(frozen=True)
class LevelRow:
    """One level of a belfry: who of each side is there, against what it holds; ``used`` is false for the level a
    belfry drops against a low wall (001 §2)."""

    level: int
    place: str
    besiegers: int
    besieged: int
    capacity: int
    ids: str
    used: bool


@dataclass(frozen=True)
class BelfryRow:
    """A belfry as the page lists it: its wall and distance, its drawbridge, whether it burns, its free pushers and
    the hexes they roll it a turn (001 §4), and its levels from the top down."""

    id: str
    section: str
    distance: int
    bridge: str
    down: bool
    burning: bool
    pushers: int
    speed: int
    levels: tuple[LevelRow, ...]


def belfry_rows(state: BattleState) -> list[BelfryRow]:
    """Every belfry of the battle, from the engine's state and its rules on speed and capacity (001 §4, §5)."""
    burning = {f.target for f in state.fires}
    names = SiegeNames.of(state)
    rows = []
    for belfry in state.belfries:
        used = levels_in_use(belfry.wall_level)
        levels = []
        for level in reversed(LEVELS):
            here = state.at(level_place(belfry.id, level))
            levels.append(
                LevelRow(
                    level,
                    str(level_place(belfry.id, level)),
                    sum(1 for m in here if m.side is Side.BESIEGER),
                    sum(1 for m in here if m.side is Side.BESIEGED),
                    CAPACITY[level],
                    names.models(tuple(m.id for m in here)),
                    level in used,
                )
            )
        crew = pushers(state, belfry)
        rows.append(
            BelfryRow(
                belfry.id,
                belfry.section,
                belfry.distance,
                str(BRIDGE_LABELS[belfry.bridge]),
                belfry.bridge is Bridge.DOWN,
                f"siege_tower:{belfry.id}" in burning,
                crew,
                speed(crew, count_aboard(state, belfry), overload=state.belfry_overload),
                tuple(levels),
            )
        )
    return rows


def belfry_places(state: BattleState) -> set[str]:
    """The places of every level of every belfry, which the board lets a reader tap."""
    return {str(level_place(b.id, level)) for b in state.belfries for level in LEVELS}


_LEVEL_W, _LEVEL_H = 18.0, 4.6


def belfry_parts(
    state: BattleState,
    points: Mapping[str, tuple[float, float]],
    centre: tuple[float, float],
    link: str,
    selected: str = "",
) -> list[str]:
    """Each belfry drawn outside its wall, farther as it stands farther: its four levels stacked, level 3 on top,
    each with its besiegers and besieged against the level's capacity and linking to who is there; its drawbridge
    falling on the wall once down; its distance in hexes and its fire above."""
    parts = []
    names = SiegeNames.of(state)
    for row in belfry_rows(state):
        if row.section not in points:
            continue
        wall = points[row.section]
        # beyond the wall's foot and its ladders, farther as the belfry stands farther
        x, y = outward(wall, centre, 25.0 + 2.5 * min(row.distance, 4))
        top = y - 2 * _LEVEL_H
        fire = " 🔥" if row.burning else ""
        caption = ngettext("belfry %(id)s · %(n)s hex%(fire)s", "belfry %(id)s · %(n)s hexes%(fire)s", row.distance) % {
            "id": row.id,
            "n": row.distance,
            "fire": fire,
        }
        parts.append(svg_text(x, top - 3.0, caption, 2.6, fill="#5a3d1e", font_weight="bold"))
        for index, level in enumerate(row.levels):
            ly = top + index * _LEVEL_H
            fill = "#c9a877" if level.used else "#ddd6c8"
            stroke = "#111" if level.place == selected else "#5a3d1e"
            item = [
                element(
                    "rect",
                    x=at(x - _LEVEL_W / 2),
                    y=at(ly),
                    width=str(_LEVEL_W),
                    height=str(_LEVEL_H),
                    fill=fill,
                    stroke=stroke,
                    stroke_width="0.4",
                ),
                svg_text(x - _LEVEL_W / 2 + 1.8, ly + _LEVEL_H / 2, str(level.level), 2.8, fill="#222"),
            ]
            if level.besiegers or not level.besieged:
                item.append(
                    svg_text(
                        x + 0.5,
                        ly + _LEVEL_H / 2,
                        f"{level.besiegers}/{level.capacity}",
                        3.0,
                        fill=BESIEGER_COLOUR,
                        font_weight="bold",
                    )
                )
            if level.besieged:
                count = str(level.besieged)
                item.append(svg_text(x + 6.6, ly + _LEVEL_H / 2, count, 3.0, fill=BESIEGED_COLOUR, font_weight="bold"))
            title = element("title", escape(f"{capfirst(names.place(level.place))} : {level.ids}"))
            parts.append(
                element(
                    "a",
                    title + "".join(item),
                    href=f"{link}{level.place}",
                    class_="belfry-level",
                    data_place=level.place,
                )
            )
        bridge_y = top + 1.5 * _LEVEL_H  # level 2, the second from the top
        if row.down:
            parts.append(
                element(
                    "line",
                    x1=at(x),
                    y1=at(bridge_y),
                    x2=at(wall[0]),
                    y2=at(wall[1]),
                    stroke="#7a4a00",
                    stroke_width="1.6",
                    class_="drawbridge",
                )
            )
        label = _("drawbridge %(state)s") % {"state": row.bridge}
        parts.append(svg_text(x, top + 4 * _LEVEL_H + 3.0, label, 2.8, fill="#5a3d1e"))
    return parts
