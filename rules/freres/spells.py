"""Spells (II §6): the spell's level, the restrictions, the JS and its modifiers, the critical failure table.

A JS is a d10 + the spell's level (1–9, the lower the harder) + the modifiers, 10 or more to cast::

    >>> critical_row(5)
    <SpellCritical.AMNESIA: 'amnesia'>
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.freres.checks import Bands, band_of, check_draw, citing
from rules.validation import check_range

__all__ = [
    "CONCENTRATE_STEP",
    "COSTS",
    "CRITICAL_TABLE",
    "LEVELS",
    "SPELL_MODIFIERS",
    "SpellCritical",
    "check_level",
    "critical_row",
]

LEVELS = range(1, 10)
"""§6.1.1 Le niveau du sort: "un chiffre allant de 1 à 9"."""


def check_level(level: int) -> int:
    with citing("003 II §6.1.1"):
        return check_range("level", level, LEVELS.start, LEVELS.stop - 1)


SPELL_MODIFIERS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §6.1.2 Bonus et malus au JS; None: "+/-", the support's or the skill's own value.
        "concentrate": +1,  # Le lanceur se concentre
        "close_target": +1,  # Cible à moins de 10 cm
        "support": None,  # Bonus du support du sort
        "skills": None,  # Compétences spéciales
        "mounted_caster": -1,  # Lanceur monté
        "moved": -1,  # Lanceur a bougé ou s'est orienté ce tour
        "cover_or_ground": -2,  # Cible à couvert ou au sol
        "masked": -1,  # Cible masquée à plus de 50%
    }
)


class SpellCritical(StrEnum):
    BACKFIRE = "backfire"  # Retour de sort: le lanceur subit un JDeg
    MIGRAINE = "migraine"  # Migraine: -1 à tous ses futurs lancements de sorts
    BLAST = "blast"  # Souffle du sort: le lanceur tombe au sol
    AMNESIA = "amnesia"  # Amnésie: le lanceur oublie son sort
    NOTHING = "nothing"  # Ouf, rien !


CRITICAL_TABLE: Bands[SpellCritical] = (
    # II §6.1.3 Table d'échec critique au lancement de sorts: 0, 1, 2, "3 à 8", 9.
    (0, 0, SpellCritical.BACKFIRE),
    (1, 1, SpellCritical.MIGRAINE),
    (2, 2, SpellCritical.BLAST),
    (3, 8, SpellCritical.AMNESIA),
    (9, 9, SpellCritical.NOTHING),
)


def critical_row(face: int) -> SpellCritical:
    # a card of the variants past 9 (I §4) reads the table's last row
    return band_of(CRITICAL_TABLE, min(check_draw("face", face), CRITICAL_TABLE[-1][1] or 0))


COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §6.2 Tableau des arcanes; None: "V", the spell's own cost.
        "search_target": 2,  # Chercher cible (+2)
        "cast": None,  # Lancer sort
        "memorise": None,  # Mémoriser sort: même coût que le lancement
        "concentrate": 2,  # Se concentrer: +1 par tranche de 2 PA (+2)
    }
)
CONCENTRATE_STEP = 2
