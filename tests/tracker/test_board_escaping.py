"""What a player types is drawn on the board as written: a unit named ``<b>"x"`` blocking a gate (§6) neither breaks
the picture nor adds markup to it, and a link with ``&`` in it stays one attribute."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from django.utils import translation

from rules.siege.board.state import Side
from rules.siege.example import example_start
from tracker.presenters.board import board_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMED = '<b>"x"</b>'


def test_a_unit_named_with_markup_is_drawn_as_written() -> None:
    start = example_start()
    blocker = next(m for m in start.models if m.side is Side.BESIEGED)
    models = tuple(replace(m, unit=NAMED) if m.unit == blocker.unit else m for m in start.models)
    gates = (replace(start.gates[0], blocker=blocker.id), *start.gates[1:])
    state = replace(start, models=models, gates=gates)
    with translation.override("en"):
        svg = board_svg(state, link="?x=1&section=")
    assert "<b>" not in svg
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert any(NAMED in text for text in texts)
    links = [a.get("href") for a in root.iter(f"{SVG}a")]
    assert "?x=1&section=W3" in links
