"""SVG written one way: one escaping helper for text and attributes and one element builder, used by every picture
of the site (the campaign's drawings, the odds pages, the simulator's charts, the tracker's board)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from siege_site.svg import element, escape, number

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<b>\"x\"</b> & 'y'"
WRITERS = (
    "campaigns/drawing/svg.py",
    "oddslab/presenters.py",
    "simulations/presenters.py",
    "tracker/presenters/svg.py",
    "tracker/presenters/board.py",
    "tracker/presenters/belfry.py",
)


def test_text_and_attributes_escaped() -> None:
    assert escape(HOSTILE) == "&lt;b&gt;\"x\"&lt;/b&gt; &amp; 'y'"
    assert escape(HOSTILE, quoted=True) == "&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; 'y'"
    assert escape("a\nb", quoted=True) == "a&#10;b"


def test_an_element_reads_back_as_written() -> None:
    attrs: dict[str, object] = {"x": 1.25, "y": 3.0, "font_size": 12, "class_": "label", "data_name": HOSTILE}
    written = element("text", escape(HOSTILE), **attrs, fill=None)
    assert written == (
        '<text x="1.25" y="3" font-size="12" class="label" data-name="&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; \'y\'">'
        "&lt;b&gt;\"x\"&lt;/b&gt; &amp; 'y'</text>"
    )
    parsed = ET.fromstring(written)
    assert (parsed.text, parsed.get("data-name"), parsed.get("fill")) == (HOSTILE, HOSTILE, None)
    assert element("rect", width=2) == '<rect width="2"/>'


@pytest.mark.parametrize(("value", "written"), [(0.5, "0.5"), (2.0, "2"), (1.006, "1.01"), (-0.001, "0"), (7, "7")])
def test_numbers_to_two_places(value: float, written: str) -> None:
    assert number(value) == written


@pytest.mark.parametrize("path", WRITERS)
def test_every_picture_is_written_through_the_one_writer(path: str) -> None:
    source = (ROOT / path).read_text()
    assert "siege_site.svg" in source or "from siege_site import svg" in source or "from .svg import" in source
    other_ways = ("quoteattr", "saxutils", "format_html(\n                '<g>", "<svg xmlns", "f'<rect", 'f"<title>')
    assert [way for way in other_ways if way in source] == []
