"""Exact odds for Frères d'Armes (``ODDS_API.md``, *The other rule systems*).

Each answer maps the d10 (0–9, R17) through the rule's own functions — the test of :mod:`~rules.freres.checks`, the
JC of :mod:`~rules.freres.melee`, the damage table of :mod:`~rules.freres.damage`, the failure table of
:mod:`~rules.freres.morale` — so no number is typed twice; :mod:`rules.odds` re-exports them. One or two d10 give
each outcome a number of their 10 faces or 100 face pairs, counted here and read as a share from a table::

    >>> from fractions import Fraction as F
    >>> fda_test(5, -1) == {"success": F(2, 5), "failure": F(1, 2), "critical_failure": F(1, 10)}
    True
    >>> fda_opposed(5, 5)["tie"]
    Fraction(1, 10)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import TypeVar

from rules.freres.checks import (
    D10,
    Check,
    Result,
    check_characteristic,
    check_modifier,
    test_result,
)
from rules.freres.damage import DamageRow, defence_result
from rules.freres.melee import Exchange, jc_score, opposed
from rules.freres.morale import MoraleRow, morale_outcome

__all__ = ["SHOT_KEYS", "cache_clear", "fda_morale", "fda_opposed", "fda_shot", "fda_test"]

SHOT_KEYS = ("critical_miss", "miss", *(row.value for row in DamageRow), "killed")
"""The outcomes of :func:`fda_shot`, in the order of the worst for the shooter to the best."""
_PASSED = "passed"
_SIDES = len(D10.faces)
_SHARES = {faces: tuple(Fraction(count, faces) for count in range(faces + 1)) for faces in (_SIDES, _SIDES * _SIDES)}
"""P(``count`` of ``faces`` equally likely faces or face pairs of the d10), by ``faces`` and ``count``: the only
probabilities one or two d10 can give, built once rather than on every call."""

_Member = TypeVar("_Member", bound=StrEnum)


def _shares(counts: Mapping[str, int], faces: int) -> dict[str, Fraction]:
    """``{key: probability}`` from how many of ``faces`` faces (or face pairs) give each key, P > 0 only, in the
    order of ``counts``."""
    shares = _SHARES[faces]
    return {key: shares[count] for key, count in counts.items() if count}


def _member_shares(counts: Mapping[_Member, int], faces: int) -> dict[str, Fraction]:
    """:func:`_shares` of counts kept by a rule's enum members: counting members rather than their values keeps the
    enum's ``value`` lookup out of the loops."""
    return _shares({member.value: count for member, count in counts.items()}, faces)


def fda_test(characteristic: int, modifier: int = 0) -> dict[str, Fraction]:
    """One test, JT, JA, JDP, JM or JS (003 II §2.2–2.5, §6.1.2): d10 + ``characteristic`` + ``modifier`` ≥ 10, a
    natural 0 failing critically whatever the total (R17)."""
    check_characteristic("characteristic", characteristic)
    check_modifier("modifier", modifier)
    return dict(_test(characteristic, modifier))


@cache
def _test(characteristic: int, modifier: int) -> dict[str, Fraction]:
    bonus = characteristic + modifier
    results = dict.fromkeys(Result, 0)
    for face in D10.faces:
        results[test_result(face, bonus)] += 1
    return _member_shares(results, _SIDES)


def fda_opposed(
    attacker: int, defender: int, attacker_modifier: int = 0, defender_modifier: int = 0
) -> dict[str, Fraction]:
    """Who hits in a melee (003 II §4.1.2–4.1.3): the higher JC, nobody on a tie; a natural 0 scores 0 (§4.1.1),
    never the critical failure table."""
    check_characteristic("attacker", attacker)
    check_characteristic("defender", defender)
    check_modifier("attacker_modifier", attacker_modifier)
    check_modifier("defender_modifier", defender_modifier)
    return dict(_opposed(attacker, defender, attacker_modifier, defender_modifier))


@cache
def _opposed(attacker: int, defender: int, attacker_modifier: int, defender_modifier: int) -> dict[str, Fraction]:
    # Each side's JC by its own die, once per face; then every pair of scores, weighted by the faces giving it.
    attacks = Counter(jc_score(face, attacker, attacker_modifier) for face in D10.faces)
    defences = Counter(jc_score(face, defender, defender_modifier) for face in D10.faces)
    exchanges = dict.fromkeys(Exchange, 0)
    for attack, attack_faces in attacks.items():
        for defence, defence_faces in defences.items():
            exchanges[opposed(attack, defence)] += attack_faces * defence_faces
    return _member_shares(exchanges, _SIDES * _SIDES)


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
    return dict(_shot(shooting, defence, hit_modifier, damage_bonus, defence_modifier))


@cache
def _shot(
    shooting: int, defence: int, hit_modifier: int, damage_bonus: int, defence_modifier: int
) -> dict[str, Fraction]:
    tests = dict.fromkeys(Result, 0)
    rows: dict[DamageRow | None, int] = dict.fromkeys(DamageRow, 0)
    rows[None] = 0
    for face in D10.faces:
        result = test_result(face, shooting + hit_modifier)
        if result is not Result.SUCCESS:
            tests[result] += _SIDES  # whatever the target's die
            continue
        # §5.1.3: the JT less the bonuses that only served to hit, plus the projectile's damage.
        damage = face + shooting + damage_bonus
        for defence_face in D10.faces:
            rows[defence_result(damage, defence_face, defence + defence_modifier)] += 1
    outcomes = {
        "critical_miss": tests[Result.CRITICAL_FAILURE],
        "miss": tests[Result.FAILURE],
        **{row.value: count for row, count in rows.items() if row is not None},
        "killed": rows[None],
    }
    return _shares({key: outcomes[key] for key in SHOT_KEYS}, _SIDES * _SIDES)


def fda_morale(morale: int, modifier: int = 0) -> dict[str, Fraction]:
    """A JM with its failure row (003 II §8.1): ``passed``, or the row a failed score reads, a natural 0 keeping its
    score 0 + ``morale`` + ``modifier``."""
    check_characteristic("morale", morale)
    check_modifier("modifier", modifier)
    return dict(_morale(morale, modifier))


@cache
def _morale(morale: int, modifier: int) -> dict[str, Fraction]:
    rows: dict[MoraleRow | None, int] = dict.fromkeys((None, *MoraleRow), 0)
    for face in D10.faces:
        rows[morale_outcome(Check(face, morale, modifier))] += 1
    return _shares({_PASSED if row is None else row.value: count for row, count in rows.items()}, _SIDES)


def cache_clear() -> None:
    """Forget the answers worked out so far, so that the next calls count the faces again (to measure that)."""
    for answers in (_test, _opposed, _shot, _morale):
        answers.cache_clear()
