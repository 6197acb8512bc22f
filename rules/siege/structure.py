"""Structure damage to wall and tower sections (*dommages de structures*, §5.9, Table 3) and template hits (§5.10).

Damage is counted per section (or tower level). A hit scores its strength, plus the roll of its damage die when the
weapon does multiple damage, plus the damage points the section already has (R5); the score's row in Table 3 says
what happens and how many damage points the section takes::

    >>> outcome(score(7, 3, 3))
    <StructureOutcome.SHAKEN: 'shaken'>
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

from rules.dice import D2, D3, D4, D6, Die
from rules.validation import check_choice, check_range

__all__ = [
    "BREACH_MODELS_PER_TURN",
    "COLLAPSE_SCORE",
    "DAMAGE_DICE",
    "THRESHOLDS",
    "StructureOutcome",
    "damage_die",
    "outcome",
    "score",
    "template_strength",
]


class StructureOutcome(Enum):
    """A row of Table 3 (§5.9); :attr:`damage_points` is what it adds to the section (R5)."""

    NO_EFFECT = "no_effect"  # pas d'effet
    SHAKEN = "shaken"  # ébranlé
    SEVERELY_SHAKEN = "severely_shaken"  # sévèrement ébranlé
    RAMPART_DESTROYED = "rampart_destroyed"  # rempart détruit
    PARTIAL_COLLAPSE = "partial_collapse"  # effondrement partiel
    COLLAPSE = "collapse"  # effondrement: the section becomes a breach

    @property
    def damage_points(self) -> int:
        return _DAMAGE_POINTS[self]

    @property
    def lowest_score(self) -> int:
        """The lowest score giving this outcome."""
        return _LOWEST_SCORE[self]


_DAMAGE_POINTS: Mapping[StructureOutcome, int] = MappingProxyType(
    {
        StructureOutcome.NO_EFFECT: 0,
        StructureOutcome.SHAKEN: 1,
        StructureOutcome.SEVERELY_SHAKEN: 1,
        StructureOutcome.RAMPART_DESTROYED: 2,
        StructureOutcome.PARTIAL_COLLAPSE: 2,
        # The section is gone; no later hit reads its points.
        StructureOutcome.COLLAPSE: 0,
    }
)

# §5.9 Table 3: 2-12, 13, 14-15, 16-17, 18, 19+.
_LOWEST_SCORE: Mapping[StructureOutcome, int] = MappingProxyType(
    {
        StructureOutcome.NO_EFFECT: 2,
        StructureOutcome.SHAKEN: 13,
        StructureOutcome.SEVERELY_SHAKEN: 14,
        StructureOutcome.RAMPART_DESTROYED: 16,
        StructureOutcome.PARTIAL_COLLAPSE: 18,
        StructureOutcome.COLLAPSE: 19,
    }
)

_OUTCOMES = tuple(StructureOutcome)
THRESHOLDS = tuple(o.lowest_score for o in _OUTCOMES[1:])
"""The scores from which each outcome after ``no_effect`` applies, in :class:`StructureOutcome` order."""
COLLAPSE_SCORE = _LOWEST_SCORE[StructureOutcome.COLLAPSE]
BREACH_MODELS_PER_TURN = 20
"""A collapsed section is a breach: a courtyard connection letting 20 models a turn through (§5.9, R5)."""

DAMAGE_DICE: Mapping[str, Die | None] = MappingProxyType({"1": None, "D2": D2, "D3": D3, "D4": D4, "D6": D6})
"""A weapon's damage: ``"1"`` for single damage, which adds nothing to the score (§5.9), or the die it adds."""


def damage_die(damage: str) -> Die | None:
    """The die a weapon's ``damage`` adds to the score, ``None`` for single damage."""
    return DAMAGE_DICE[check_choice("damage", damage, DAMAGE_DICE)]


def score(strength: int, damage_roll: int, prior: int) -> int:
    """A hit's score on Table 3: strength + damage roll (0 for single damage) + the section's damage points."""
    # R5
    check_range("strength", strength, 1, 10)
    check_range("damage_roll", damage_roll, 0, 6)
    check_range("prior", prior, 0)
    return strength + damage_roll + prior


def outcome(score: int) -> StructureOutcome:
    """The Table 3 row for ``score`` (§5.9)."""
    # A S1 single-damage hit on an undamaged section scores 1, below the table's 2: no effect.
    check_range("score", score, 1)
    return _OUTCOMES[bisect_right(THRESHOLDS, score)]


def template_strength(strength: int, *, with_models: bool) -> int:
    """A template weapon aimed at the structure and the models under it lobs its shot: S−1 for both (§5.10, R5)."""
    check_range("strength", strength, 1, 10)
    return strength - 1 if with_models else strength
