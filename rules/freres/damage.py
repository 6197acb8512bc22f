"""The consequences of an attack, a shot or a JDeg (II §7): the damage table and the states of a model.

The damage of a blow or a shot, less the target's JD, is read on the table; a JDeg reads its die there directly::

    >>> damage_row(-6), damage_row(0), damage_row(5), damage_row(9), damage_row(10)
    (<DamageRow.UNHURT: 'unhurt'>, <DamageRow.CLOSE_CALL: 'close_call'>, <DamageRow.STUNNED: 'stunned'>, \
<DamageRow.WOUNDED: 'wounded'>, <DamageRow.GRIEVOUSLY_WOUNDED: 'grievously_wounded'>)
    >>> after_damage(Health.WOUNDED, stunned=False, row=DamageRow.STUNNED)
    (<Health.GRIEVOUSLY_WOUNDED: 2>, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType

from rules.freres.checks import CRITICAL, Bands, band_of, check_draw, check_face, citing
from rules.validation import check_range

__all__ = [
    "DAMAGE_TABLE",
    "ROW_EFFECTS",
    "WOUND_DIE_MALUS",
    "WOUND_PA_LOST",
    "DamageRow",
    "Health",
    "JDegZero",
    "RowEffect",
    "after_damage",
    "damage_row",
    "defence_result",
    "jdeg_row",
]


class DamageRow(StrEnum):
    UNHURT = "unhurt"  # Rien du tout !
    CLOSE_CALL = "close_call"  # Pas passé loin !
    STUNNED = "stunned"  # Sonné
    WOUNDED = "wounded"  # Blessé
    GRIEVOUSLY_WOUNDED = "grievously_wounded"  # Grièvement blessé


DAMAGE_TABLE: Bands[DamageRow] = (
    # II §7 Table des dégâts: "-6 et -", "0 à -5", "1 à 5", "6 à 9", "10 et +".
    (None, -6, DamageRow.UNHURT),
    (-5, 0, DamageRow.CLOSE_CALL),
    (1, 5, DamageRow.STUNNED),
    (6, 9, DamageRow.WOUNDED),
    (10, None, DamageRow.GRIEVOUSLY_WOUNDED),
)


@dataclass(frozen=True)
class RowEffect:
    """A row's effects and tests (II §7): the PA lost for the battle, whether a JM follows, whether it falls."""

    pa_lost: int
    morale_test: bool
    falls: bool


ROW_EFFECTS: Mapping[DamageRow, RowEffect] = MappingProxyType(
    {
        DamageRow.UNHURT: RowEffect(0, False, False),  # Même pas mal !
        DamageRow.CLOSE_CALL: RowEffect(0, True, False),  # JM à faire
        DamageRow.STUNNED: RowEffect(0, False, True),  # Tombe au sol sur le ventre
        DamageRow.WOUNDED: RowEffect(3, True, False),  # -3 PA permanents + JM à faire
        DamageRow.GRIEVOUSLY_WOUNDED: RowEffect(6, True, False),  # -6 PA permanents + JM à faire
    }
)


def damage_row(result: int) -> DamageRow:
    """The row of the damage table for ``result`` (II §7)."""
    return band_of(DAMAGE_TABLE, result)


def defence_result(damage: int, face: int, defence: int) -> DamageRow | None:
    """A hit's damage less the JD (the die ``face`` + ``defence`` with its bonuses, II §4.1.3, §5.1.3); ``None``
    when the JD's die is a natural 0: the model is killed outright.
    """
    check_face("face", face)
    if face == CRITICAL:  # §4.1.3, §5.1.3: "si le dé est un 0 naturel, la figurine est tuée sur le coup"
        return None
    return damage_row(damage - (face + defence))


class JDegZero(StrEnum):
    """What a natural 0 does on a JDeg: the standard rule and the two optional ones (II §7 Le JDeg)."""

    STANDARD = "standard"  # 0 reads 0
    COUNTS_TEN = "counts_ten"  # Règle optionnelle : le 0 qui fait très mal !
    KILLS = "kills"  # Règle optionnelle : le 0 qui tue !


def jdeg_row(
    face: int, malus: int = 0, zero: JDegZero = JDegZero.STANDARD, one_saves: bool = False
) -> DamageRow | None:
    """A JDeg (II §7): one d10 read on the damage table, the wound ``malus`` added, the worse case for the model
    (§7 Le malus au dé). ``None``: killed (the "0 qui tue" option). ``one_saves``: a result of 1 reads *Pas passé
    loin* (the "1 qui sauve" option).
    """
    check_draw("face", face)  # a card of the variants past 9 (I §4) reads on: the table goes to « 10 et + »
    with citing("003 II §7"):
        check_range("malus", malus, 0, 2)
    if face == CRITICAL and zero is JDegZero.KILLS:
        return None
    score = (10 if face == CRITICAL and zero is JDegZero.COUNTS_TEN else face) + malus
    if one_saves and score == 1:
        return DamageRow.CLOSE_CALL
    return damage_row(score)


class Health(IntEnum):
    """How hurt a model is for the rest of the battle (II §7)."""

    UNHURT = 0
    WOUNDED = 1  # blessé: -3 PA, -1 on every die
    GRIEVOUSLY_WOUNDED = 2  # grièvement blessé: -6 PA, -2 on every die
    KILLED = 3


WOUND_PA_LOST: Mapping[Health, int] = MappingProxyType(
    {Health.UNHURT: 0, Health.WOUNDED: 3, Health.GRIEVOUSLY_WOUNDED: 6, Health.KILLED: 0}
)
"""§7: "perd 3PA pour la partie", "perd 6PA pour la partie"; the losses do not add up (Les conséquences)."""
WOUND_DIE_MALUS: Mapping[Health, int] = MappingProxyType(
    {Health.UNHURT: 0, Health.WOUNDED: 1, Health.GRIEVOUSLY_WOUNDED: 2, Health.KILLED: 0}
)
"""§7: "un malus de 1 sur tous ses jets de dé", "un malus de 2"; not cumulative."""


def after_damage(health: Health, stunned: bool, row: DamageRow) -> tuple[Health, bool]:
    """A model's health and whether it lies stunned after a result of ``row`` (II §7).

    A stunned result always puts the model down on its belly. A stunned model stunned again is wounded and stays
    down; a wounded one stunned or wounded again is grievously
    wounded; a grievously wounded one stunned or wounded is killed. A grievous wound on a wounded model makes it
    grievously wounded (the losses do not add up, §7 Les conséquences des blessures).
    """
    if row in (DamageRow.UNHURT, DamageRow.CLOSE_CALL):
        return health, stunned
    if row is DamageRow.STUNNED:
        if stunned or health > Health.UNHURT:
            return Health(min(health + 1, Health.KILLED)), True
        return health, True
    if row is DamageRow.WOUNDED:
        return Health(min(health + 1, Health.KILLED)), stunned
    return (Health.KILLED if health is Health.GRIEVOUSLY_WOUNDED else Health.GRIEVOUSLY_WOUNDED), stunned
