"""SVG written one way for every picture of the site: the campaign's map, fort and chart, the odds pages' charts, the
simulator's bar charts and the tracker's board. Free of Django, so that the drawing code may use it.

Every text and attribute value passes through :func:`escape`; :func:`element` writes an element with its
attributes, numbers rounded to two places, so that what a player types (a unit named ``<b>"x"``) is drawn as
written and never breaks the picture."""

from __future__ import annotations

__all__ = ["attribute", "element", "escape", "number"]

_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)


def escape(value: object, *, quoted: bool = False) -> str:
    """``value`` as text of an element; ``quoted``: as the value of an attribute between double quotes, its
    double quotes and the whitespace a parser would fold escaped too."""
    return str(value).translate(_ATTRIBUTE if quoted else _TEXT)


def number(value: object) -> str:
    """A float to two places, without trailing zeros (``12.5``, ``3``); anything else as it prints."""
    if isinstance(value, float):
        text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def attribute(name: str, value: object) -> str:
    """`` name="value"``: ``class_`` is written ``class``, and ``_`` ``-`` (``font_size``, ``font-size``)."""
    return f' {name.rstrip("_").replace("_", "-")}="{escape(number(value), quoted=True)}"'


def element(name: str, content: str = "", /, **attrs: object) -> str:
    """An element with ``attrs`` in their order (``None`` left out); ``content`` is markup already written, text
    passed through :func:`escape`. Without content the element closes itself."""
    rendered = "".join(attribute(key, value) for key, value in attrs.items() if value is not None)
    return f"<{name}{rendered}>{content}</{name}>" if content else f"<{name}{rendered}/>"
