"""The odds lab's registry (:mod:`.base` describes an entry): every mechanic, by rule system, and by address."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .base import Choice, Headline, Kind, Mechanic, Param, ParamType, at_least_one, last, total_of, value_of
from .belfry import BELFRY
from .confrontation import CONFRONTATION
from .freres import FRERES
from .siege import SIEGE

__all__ = [
    "BY_SLUG",
    "MECHANICS",
    "Choice",
    "Headline",
    "Kind",
    "Mechanic",
    "Param",
    "ParamType",
    "at_least_one",
    "last",
    "total_of",
    "value_of",
]

MECHANICS: tuple[Mechanic, ...] = (*SIEGE, *BELFRY, *CONFRONTATION, *FRERES)

BY_SLUG: Mapping[str, Mechanic] = MappingProxyType({m.slug: m for m in MECHANICS})
assert len(BY_SLUG) == len(MECHANICS), "two mechanics share a slug"
