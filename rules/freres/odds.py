"""Exact odds for Frères d'Armes (``ODDS_API.md``, *The other rule systems*), from :mod:`rules.dist`.

Each answer maps the d10 (0–9, R17) through the rule's own functions — the test of :mod:`~rules.freres.checks`, the
JC of :mod:`~rules.freres.melee`, the damage table of :mod:`~rules.freres.damage`, the failure table of
:mod:`~rules.freres.morale` — so no number is typed twice; :mod:`rules.odds` re-exports them::

    >>> from fractions import Fraction as F
    >>> fda_test(5, -1) == {"success": F(2, 5), "failure": F(1, 2), "critical_failure": F(1, 10)}
    True
    >>> fda_opposed(5, 5)["tie"]
    Fraction(1, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rules.dist import Dist
from rules.freres.checks import (
    CRITICAL,
    D10,
    Check,
    Result,
    check_characteristic,
    check_modifier,
)
from rules.freres.damage import DamageRow, defence_result
from rules.freres.melee import Exchange, jc_score, opposed
from rules.freres.morale import MoraleRow, morale_outcome

__all__ = ["SHOT_KEYS", "fda_morale", "fda_opposed", "fda_shot", "fda_test"]

_FACES = Dist.of(D10)

SHOT_KEYS = ("critical_miss", "miss", *(row.value for row in DamageRow), "killed")
"""The outcomes of :func:`fda_shot`, in the order of the worst for the shooter to the best."""
_PASSED = "passed"
_MORALE_KEYS = (_PASSED, *(row.value for row in MoraleRow))


def _labelled(keys: tuple[str, ...], dist: Dist) -> dict[str, Fraction]:
    """``{key: probability}`` for a distribution over the indices of ``keys``, keys with P > 0 only, in key order."""
    return {keys[index]: p for index, p in dist.pmf().items()}


def _by_face(keys: tuple[str, ...], outcome: Callable[[int], str]) -> dict[str, Fraction]:
    return _labelled(keys, _FACES.map(lambda face: keys.index(outcome(face))))


def fda_test(characteristic: int, modifier: int = 0) -> dict[str, Fraction]:
    """One test, JT, JA, JDP, JM or JS (003 II §2.2–2.5, §6.1.2): d10 + ``characteristic`` + ``modifier`` ≥ 10, a
    natural 0 failing critically whatever the total (R17)."""
    check_characteristic("characteristic", characteristic)
    check_modifier("modifier", modifier)
    keys = tuple(result.value for result in Result)
    return _by_face(keys, lambda face: Check(face, characteristic, modifier).result.value)


def fda_opposed(
    attacker: int, defender: int, attacker_modifier: int = 0, defender_modifier: int = 0
) -> dict[str, Fraction]:
    """Who hits in a melee (003 II §4.1.2–4.1.3): the higher JC, nobody on a tie; a natural 0 scores 0 (§4.1.1),
    never the critical failure table."""
    check_characteristic("attacker", attacker)
    check_characteristic("defender", defender)
    check_modifier("attacker_modifier", attacker_modifier)
    check_modifier("defender_modifier", defender_modifier)
    keys = tuple(exchange.value for exchange in Exchange)
    scores = _FACES.combine(
        _FACES,
        lambda a, d: keys.index(
            opposed(jc_score(a, attacker, attacker_modifier), jc_score(d, defender, defender_modifier)).value
        ),
    )
    return _labelled(keys, scores)


def _shot(face: int, defence_face: int, shooting: int, hit_modifier: int, damage_bonus: int, defence: int) -> str:
    if face == CRITICAL:
        return "critical_miss"
    if not Check(face, shooting, hit_modifier).succeeded:
        return "miss"
    # §5.1.3: the JT less the bonuses that only served to hit, plus the projectile's damage.
    row = defence_result(face + shooting + damage_bonus, defence_face, defence)
    return "killed" if row is None else row.value


def fda_shot(
    shooting: int, defence: int, hit_modifier: int = 0, damage_bonus: int = 0, defence_modifier: int = 0
) -> dict[str, Fraction]:
    """One shot read on the damage table (003 II §5.1.2–5.1.3, §7): the JT, then the target's JD, a natural 0 on the
    JD killing (the standard rule). The row is the table's, whatever state the target was in."""
    check_characteristic("shooting", shooting)
    check_characteristic("defence", defence)
    check_modifier("hit_modifier", hit_modifier)
    check_modifier("damage_bonus", damage_bonus)
    check_modifier("defence_modifier", defence_modifier)
    outcomes = _FACES.combine(
        _FACES,
        lambda d, e: SHOT_KEYS.index(_shot(d, e, shooting, hit_modifier, damage_bonus, defence + defence_modifier)),
    )
    return _labelled(SHOT_KEYS, outcomes)


def fda_morale(morale: int, modifier: int = 0) -> dict[str, Fraction]:
    """A JM with its failure row (003 II §8.1): ``passed``, or the row a failed score reads, a natural 0 keeping its
    score 0 + ``morale`` + ``modifier``."""
    check_characteristic("morale", morale)
    check_modifier("modifier", modifier)

    def outcome(face: int) -> str:
        row = morale_outcome(Check(face, morale, modifier))
        return _PASSED if row is None else row.value

    return _by_face(_MORALE_KEYS, outcome)
