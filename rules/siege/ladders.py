"""Pushing a ladder back (*repousser une échelle*, §7.1.6).

One besieged model pushes, up to two more help; it takes a 6 on a D6, +1 per helper, 4+ at best::

    >>> pushback_need(1)
    5
"""

from __future__ import annotations

from rules.validation import check_range

__all__ = ["BASE_NEED", "MAX_HELPERS", "pushback_need", "pushed_back"]

BASE_NEED = 6
MAX_HELPERS = 2
"""At most three models push a ladder: the one pushing and two helping (§7.1.6)."""


def pushback_need(helpers: int) -> int:
    """The D6 need to push the ladder back with ``helpers`` helping models (§7.1.6)."""
    return BASE_NEED - check_range("helpers", helpers, 0, MAX_HELPERS)


def pushed_back(helpers: int, roll: int) -> bool:
    """Whether the D6 ``roll`` pushes the ladder back (§7.1.6)."""
    check_range("roll", roll, 1, 6)
    return roll >= pushback_need(helpers)
