"""The band's standard (*étendard*, II §8.1 Table de Moral): a model carries it, and a friendly model within 30 cm
of it has +1 to its morale tests.

The engine knows no positions: the standard stands where its bearer stands, and which friends are within 30 cm of
it is a fact of the table the players declare (:class:`rules.freres.actions.StandardDistance`)::

    >>> within_reach(30), within_reach(31)
    (True, False)
"""

from __future__ import annotations

from rules.freres.checks import citing
from rules.validation import check_range

__all__ = ["STANDARD_RANGE_CM", "within_reach"]

STANDARD_RANGE_CM = 30
"""§8.1 Table de Moral: « +1 un étendard ami est dans les 30 cm »."""


def within_reach(distance_cm: int) -> bool:
    """Whether a friend ``distance_cm`` from the standard is « dans les 30 cm » (30 cm included)."""
    with citing("003 II §8.1"):
        check_range("distance_cm", distance_cm, 0, 200)
    return distance_cm <= STANDARD_RANGE_CM
