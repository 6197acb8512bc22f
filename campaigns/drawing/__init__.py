"""SVG pictures for the campaign pages: the campaign map, a fort's diagram and a points chart.

The package stays free of Django: the pages pass the words to draw (:class:`Labels`) in their own language, and the
colours. :mod:`.svg` holds what the pictures share; :mod:`.map`, :mod:`.fort` and :mod:`.chart` draw one each.
"""

from .chart import line_chart_svg
from .fort import fort_svg
from .map import MAP_FRAME, MapArmy, MapTerritory, map_svg
from .svg import ENGLISH, Labels

__all__ = [
    "ENGLISH",
    "MAP_FRAME",
    "Labels",
    "MapArmy",
    "MapTerritory",
    "fort_svg",
    "line_chart_svg",
    "map_svg",
]
