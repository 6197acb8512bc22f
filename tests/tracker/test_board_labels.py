"""The board's labels never print over each other: in random games from the menus' set-ups, at every tenth state,
no two texts of the fort's drawing share room (an SVG scales as a whole, so this holds at 375 px as at 1280 px)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape

import pytest
from django.utils import translation

from rules.dice import Dice
from rules.siege.battle import start
from rules.siege.board.fort import SectionKind, standard_fort
from rules.siege.board.state import BattleState
from rules.siege.example import example_start
from rules.siege.game import apply
from rules.siege.menus.legal import choose, menu_options
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers
from tests.rules.siege.menu_walk import setups
from tracker.presenters.board import board_svg

TEXT = re.compile(r'<text x="(-?[\d.]+)" y="(-?[\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</text>')


def boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each text's room: a character is at most 0.55 em wide in the board's sans-serif, a symbol one em, a line
    1.2 em high."""
    found = []
    for x, y, size, body in TEXT.findall(svg):
        cx, cy, em = float(x), float(y), float(size)
        text = unescape(body)
        width = em * sum(1.0 if ord(c) > 0x2000 else 0.55 for c in text)
        found.append((text, cx - width / 2, cy - em * 0.6, cx + width / 2, cy + em * 0.6))
    return found


def overlaps(svg: str) -> list[tuple[str, str]]:
    placed = boxes(svg)
    return [
        (a[0], b[0])
        for i, a in enumerate(placed)
        for b in placed[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4] and a[0] and b[0]
    ]


def states(seed: int) -> list[BattleState]:
    """Every tenth state of a random game through the menus, from each set-up of the menus' walks."""
    rng = random.Random(seed)
    found = [example_start()]
    for make in setups().values():
        made = make()
        state = made if isinstance(made, BattleState) else start(made)
        for step in range(120):
            options = menu_options(state)
            if not options or state.over:
                break
            option = rng.choice(options)
            state = apply(state, choose(state, option, *option.default()), Dice(seed=rng.randrange(10**6))).state
            if step % 10 == 0:
                found.append(state)
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_two_labels_of_the_board_overlap(language: str) -> None:
    drawn = 0
    with translation.override(language):
        for state in states(7):
            svg = board_svg(state)
            assert overlaps(svg) == [], f"turn {state.turn} {state.phase}: {overlaps(svg)[:5]}"
            drawn += 1
    assert drawn >= 50


def test_two_ladders_side_by_side_keep_their_labels_apart() -> None:
    """The example's two ladders raised against W3, L1 and L2, each labelled with its climbers."""
    with translation.override("fr"):
        svg = board_svg(example_start())
    labels = [b for b in boxes(svg) if b[0].startswith(("L1 ", "L2 "))]
    assert [b[0] for b in labels] == ["L1 dressée (4)", "L2 dressée (4)"]
    assert overlaps(svg) == []


SHAPE = re.compile(
    r'data-section="([\w-]+)"><title>[^<]*</title><rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" '
    r'height="([\d.]+)"'
)


@pytest.mark.parametrize("points", [500, 1000, 1500, 2000, 3000, 5000])
def test_no_section_of_a_standard_fort_covers_another(points: int) -> None:
    """The stairs (S1…) drawn beside their wall walk and courtyard, not over their names and counts."""
    state = replace(example_start(), fort=standard_fort(points))
    shapes = [
        (name, float(x), float(y), float(x) + float(w), float(y) + float(h))
        for name, x, y, w, h in SHAPE.findall(board_svg(state))
    ]
    assert len(shapes) == len(state.fort.sections)
    stairs = {s.id for s in state.fort.sections if s.kind is SectionKind.STAIRS}
    assert stairs
    covered = [
        (a[0], b[0])
        for i, a in enumerate(shapes)
        for b in shapes[i + 1 :]
        if (a[0] in stairs or b[0] in stairs) and a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]
    assert covered == []


def test_a_fight_on_the_wall_beside_a_stair_keeps_the_stairs_name_clear() -> None:
    """Both sides on W1 draw two counts under its name, the second down against the stair S1 beside it: the stair's
    name gives way instead of printing over the count."""
    state = battle(besiegers(ORC, "W1", 5, "o"), besieged(MAN, "W1", 5, "h"), besieged(MAN, "S1", 1, "s"))
    with translation.override("fr"):
        svg = board_svg(state)
    assert ">5/15<" in svg
    assert ">S1<" in svg
    assert overlaps(svg) == []
