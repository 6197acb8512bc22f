"""Rams (*béliers*, §7.2): carrying them (§7.2.1), covered rams (§7.2.3) and striking a gate (§7.2.4).

A ram's strength is the number of models carrying it; one to-wound roll against the gate's toughness per use, and
each wound does damage by the carriers' majority natural strength (R3)::

    >>> ram_strength(7), ram_damage(4).die.name, ram_damage(4).bonus
    (7, 'D4', 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import D4, D6, Die
from rules.validation import check_range

__all__ = [
    "COVERED_SECOND_STRIKE_DAMAGE",
    "MAX_CARRIERS",
    "MIN_CARRIERS",
    "RamDamage",
    "ram_damage",
    "ram_strength",
    "strikes",
]

MIN_CARRIERS = 6
MAX_CARRIERS = 10
"""A ram needs 6 carriers and takes at most 10; large creatures count their ratio (§7.2.1, R3)."""

COVERED_SECOND_STRIKE_DAMAGE = 1
"""A covered ram's swing strikes again in the same phase, for exactly 1 damage if it wounds (§7.2.4, R3)."""


@dataclass(frozen=True)
class RamDamage:
    """Damage per wound: one roll of ``die`` plus ``bonus``."""

    die: Die
    bonus: int


def ram_strength(carriers: int) -> int:
    """The ram's strength: one point per carrier (§7.2.4, R3)."""
    return check_range("carriers", carriers, MIN_CARRIERS, MAX_CARRIERS)


def ram_damage(carrier_strength: int) -> RamDamage:
    """Damage per wound by the carriers' majority natural strength: ≤3 D4, 4–6 D4+1, ≥7 D6+1 (§7.2.4, R3)."""
    check_range("carrier_strength", carrier_strength, 1, 10)
    if carrier_strength <= 3:
        return RamDamage(D4, 0)
    if carrier_strength <= 6:
        return RamDamage(D4, 1)
    return RamDamage(D6, 1)


def strikes(covered: bool) -> int:
    """Strikes in one close-combat phase: one, or two for a covered ram (§7.2.3, R3)."""
    return 2 if covered else 1
