"""Shooting (004 *Le tir*): difficulties and modifiers, shots into a melee, height and range, charge reactions.

A shot is a test of the shooter's value against a difficulty: the range band's, plus the table's other lines::

    >>> difficulty("medium", ["major_cover", "shooter_moved"])
    11
    >>> ranges(10, 20, 30, height_difference=-30)
    (Fraction(5, 1), Fraction(10, 1), Fraction(15, 1))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from rules.confrontation.checks import (
    NATURAL_FAILURE,
    SHOT_GRADES,
    TEST_DIE,
    Attempt,
    Grade,
    check_face,
    choice,
    citing,
    roll_test,
)
from rules.contract import IllegalAction
from rules.dice import Dice, Die, reason
from rules.validation import check_choice, check_range

__all__ = [
    "HEIGHT_BANDS",
    "HOLD_FIRE_DIFFICULTY",
    "MELEE_CHANCES",
    "MODIFIER_GROUPS",
    "RANGE_DIFFICULTY",
    "RANGE_LIMITS",
    "SHOT_MODIFIERS",
    "InContact",
    "RangeBand",
    "Shot",
    "can_cast",
    "can_shoot",
    "charge_reaction",
    "difficulty",
    "height_change",
    "hold_fire",
    "melee_chances",
    "phase_initiative",
    "ranges",
    "roll_phase_order",
    "shoot",
    "shoot_into_melee",
]


class RangeBand(StrEnum):
    SHORT = "short"  # portée courte
    MEDIUM = "medium"  # portée moyenne
    LONG = "long"  # portée longue


RANGE_DIFFICULTY: Mapping[RangeBand, int] = MappingProxyType(
    {RangeBand.SHORT: 4, RangeBand.MEDIUM: 7, RangeBand.LONG: 10}
)
"""004 Modificateurs de tir: the difficulty of a shot by range."""

SHOT_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {
        "minor_cover": 1,  # couverture mineure (haie légère…)
        "major_cover": 3,  # couverture majeure (palissade, créneaux…)
        "total_cover": 8,  # couverture totale (meurtrière…)
        "large_target": -1,  # grande cible (socle de 4 sur 4: Minotaure, Troll…)
        "very_large_target": -2,  # très grande cible (catapulte, Dragon…)
        "stationary_target": -1,  # cible immobile (ne s'est pas déplacée à ce tour)
        "fast_target": 1,  # a couru de tout son mouvement (15 cm) ou s'est déplacée d'au moins 20 cm
        "very_fast_target": 2,  # a couru de tout son mouvement (30 cm) ou s'est déplacée d'au moins 40 cm
        "charging_target": 2,  # cible qui vous charge
        "shooter_moved": 1,  # le tireur s'est déplacé (et non pas orienté) à ce tour
        "shooter_moved_30": 2,  # le tireur s'est déplacé d'au moins 30 cm
        "shooter_moved_50": 3,  # le tireur s'est déplacé d'au moins 50 cm
    }
)
"""004 Modificateurs de tir: what each line adds to the difficulty."""

MODIFIER_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"minor_cover", "major_cover", "total_cover"}),
    frozenset({"large_target", "very_large_target"}),
    frozenset({"stationary_target", "fast_target", "very_fast_target"}),
    frozenset({"shooter_moved", "shooter_moved_30", "shooter_moved_50"}),
)
"""Lines that grade one thing (the cover, the target's size, its speed, the shooter's move): one of each applies."""


def difficulty(range_band: str, modifiers: Iterable[str] = ()) -> int:
    """The difficulty of a shot at ``range_band`` with the table's other lines ``modifiers`` (004 *Modificateurs*)."""
    names = list(modifiers)
    with citing("004 Modificateurs de tir"):
        band = choice(RangeBand, "range_band", range_band)
        for name in names:
            check_choice("modifier", name, SHOT_MODIFIERS)
    if len(set(names)) != len(names):
        raise IllegalAction("modifier_twice", "004 Modificateurs de tir")
    for group in MODIFIER_GROUPS:
        if len(group.intersection(names)) > 1:
            raise IllegalAction(
                "modifiers_exclusive",
                "004 Modificateurs de tir",
                group=tuple(sorted(group)),
                modifiers=tuple(sorted(group.intersection(names))),
            )
    return RANGE_DIFFICULTY[band] + sum(SHOT_MODIFIERS[name] for name in names)


def shoot(dice: Dice, shooting: int, range_band: str, modifiers: Iterable[str] = ()) -> Attempt:
    """One shot: a test of ``shooting`` (the profile's, ≥ 0) against :func:`difficulty` (004 *Modificateurs de tir*).

    A plain shot hits on a success; its :meth:`~Attempt.grade` on :data:`SHOT_GRADES` matters when shooting into a
    melee.
    """
    with citing("004 Modificateurs de tir"):
        check_range("shooting", shooting, 0)
    return roll_test(
        dice,
        shooting,
        difficulty(range_band, modifiers),
        reason("shot_test", "004 Modificateurs de tir"),
        natural_failure=NATURAL_FAILURE,  # 004 Tirer dans le tas: « ou bien résultat de 1 »
    )


# 004 Tirer dans le tas


@dataclass(frozen=True)
class InContact:
    """A model in contact with the target of a shot into a melee."""

    name: str
    monster: bool = False
    target_side: bool = False
    """It fights on the target's side."""


MELEE_CHANCES: Mapping[str, int] = MappingProxyType(
    {"target_troop": 2, "target_monster": 4, "contact_troop": 1, "contact_monster": 2}
)
"""004 Tirer dans le tas: chances to be hit, for the target and for each model in contact with it."""


def melee_chances(grade: str, target: str, target_monster: bool, in_contact: Sequence[InContact]) -> dict[str, int]:
    """Who a shot into a melee may hit and with how many chances each, by the shot's grade (004 *Tirer dans le tas*).

    An exceptional success hits the target; a success draws among the target and the models in contact; a failure
    hits nobody; a grave failure draws among the models in contact; a critical failure among those in contact not
    on the target's side. An empty answer: nobody is hit.
    """
    with citing("004 Tirer dans le tas"):
        graded = choice(Grade, "grade", grade)
    if graded is Grade.EXCEPTIONAL_SUCCESS:
        return {target: 1}
    if graded is Grade.FAILURE:
        return {}
    chances: dict[str, int] = {}
    if graded is Grade.SUCCESS:
        chances[target] = MELEE_CHANCES["target_monster" if target_monster else "target_troop"]
    for model in in_contact:
        if graded is Grade.CRITICAL_FAILURE and model.target_side:
            continue
        chances[model.name] = MELEE_CHANCES["contact_monster" if model.monster else "contact_troop"]
    return chances


@dataclass(frozen=True)
class Shot:
    attempt: Attempt
    grade: Grade
    hit: str | None
    """The model hit, ``None`` for nobody."""


def shoot_into_melee(
    dice: Dice,
    shooting: int,
    range_band: str,
    target: str,
    target_monster: bool,
    in_contact: Sequence[InContact],
    modifiers: Iterable[str] = (),
) -> Shot:
    """A shot at a model in a melee: the test, its grade, then the draw among the chances (004 *Tirer dans le tas*).

    The draw rolls one die with as many faces as there are chances, each model owning as many faces as its chances,
    in the order: target, then ``in_contact``.
    """
    names = [target, *(m.name for m in in_contact)]
    if len(set(names)) != len(names):
        raise IllegalAction("names_in_melee_distinct", "004 Tirer dans le tas")
    attempt = shoot(dice, shooting, range_band, modifiers)
    grade = attempt.grade(SHOT_GRADES)
    chances = melee_chances(grade, target, target_monster, in_contact)
    total = sum(chances.values())
    if not total:
        return Shot(attempt, grade, None)
    if len(chances) == 1:
        return Shot(attempt, grade, next(iter(chances)))
    die = Die(f"D{total}", tuple(range(1, total + 1)))
    face = dice.roll(die, reason("who_is_hit", "004 Tirer dans le tas"))
    for name, count in chances.items():
        face -= count
        if face <= 0:
            return Shot(attempt, grade, name)
    raise AssertionError("the draw's die has one face per chance")


# 004 Position surélevée et armes de distance

HEIGHT_BANDS: tuple[tuple[int, tuple[int, int, int]], ...] = (
    (0, (0, 0, 0)),  # < 2
    (2, (3, 6, 9)),  # 2 - 5
    (6, (5, 10, 15)),  # 6 - 10
    (11, (7, 14, 21)),  # 11 - 20
    (21, (10, 20, 30)),  # > 21
)
"""004 Position surélevée et armes de distance: from each height difference (cm), the change of the short, medium
and long ranges (cm). The document's last band reads "> 21" after "11 - 20": a difference of 21 is read with it."""
RANGE_LIMITS = (Fraction(1, 2), Fraction(2))
"""The height's change can at most halve or double a range."""


def height_change(height_difference: int) -> tuple[int, int, int]:
    """The change of the short, medium and long ranges (cm) for the shooter's height above its target (cm).

    A negative ``height_difference`` (the shooter is lower) changes the ranges by as much the other way.
    """
    with citing("004 Position surélevée et armes de distance"):
        check_range("height_difference", height_difference, -10_000, 10_000)
    row = next(change for low, change in reversed(HEIGHT_BANDS) if abs(height_difference) >= low)
    sign = -1 if height_difference < 0 else 1
    return (sign * row[0], sign * row[1], sign * row[2])


def ranges(short: int, medium: int, long: int, height_difference: int) -> tuple[Fraction, Fraction, Fraction]:
    """The weapon's ranges (cm, from its profile) changed by the height difference, kept within half and double."""
    with citing("004 Position surélevée et armes de distance"):
        base = (check_range("short", short, 1), check_range("medium", medium, 1), check_range("long", long, 1))
    low, high = RANGE_LIMITS
    changed = [
        min(max(Fraction(r + change), low * r), high * r)
        for r, change in zip(base, height_change(height_difference), strict=True)
    ]
    return (changed[0], changed[1], changed[2])


# 004 Réception de charge

HOLD_FIRE_DIFFICULTY = 6
"""A charged shooting unit must pass a command test of difficulty 6 not to shoot at its charger."""


def hold_fire(dice: Dice, discipline: int) -> Attempt:
    """The command test a charged shooting unit passes to keep from shooting at its charger (004 *Réception*)."""
    return roll_test(dice, discipline, HOLD_FIRE_DIFFICULTY, reason("hold_fire_test", "004 Réception de charge"))


def charge_reaction(dice: Dice, shooting: int, range_band: str, modifiers: Iterable[str] = ()) -> Attempt:
    """A shot at a charging enemy (004 *Réception de charge*): a shot like another, with the charging target's +2.

    The range band is the caller's (a shot *à bout portant*, whose band the Confrontation rulebook gives).
    """
    names = list(modifiers)
    if "charging_target" not in names:
        names.append("charging_target")
    return shoot(dice, shooting, range_band, names)


def can_shoot(ran: bool, reacting_to_charge: bool = False, saw_charger: bool = True, reacted: bool = False) -> bool:
    """Whether a model may use its missile weapon (004 *La course*, *Réception de charge*).

    Running prevents it, except for a charge reaction; a reaction needs the charger seen when its charge began,
    and a unit reacts once a turn.
    """
    if reacting_to_charge:
        return saw_charger and not reacted
    return not ran


def can_cast(ran: bool, counter: bool = False) -> bool:
    """Whether a sorcerer may cast (004 *La course*): running prevents casting, not countering or absorbing."""
    return counter or not ran


# 004 Ordre de la phase de tir / magie


def phase_initiative(initiative: int, face: int) -> tuple[int, bool]:
    """A shooter's or caster's initiative for the phase, and whether its side's d6 is a failure (a 1)."""
    with citing("004 Ordre de la phase de tir / magie"):
        check_face("face", face)
    return initiative + face, face == NATURAL_FAILURE


def roll_phase_order(dice: Dice, side: str, kind: str, members: Collection[tuple[str, int]]) -> dict[str, int]:
    """One side's d6 for its shooters or its casters, added to each one's initiative (004 *Ordre de la phase*).

    ``members`` are ``(name, initiative)``; the answer maps each to its initiative for the phase.
    """
    with citing("004 Ordre de la phase de tir / magie"):
        check_choice("kind", kind, ("shooters", "casters"))
    face = dice.roll(TEST_DIE, reason("phase_order_roll", "004 Ordre de la phase de tir / magie", side=side, kind=kind))
    return {name: phase_initiative(initiative, face)[0] for name, initiative in members}
