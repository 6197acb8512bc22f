"""Close combat (II §4): the JC, its bonuses, the opposed result and the critical failure table.

Both fighters roll a JC (d10 + C + bonuses); the higher hits, a tie hits nobody. A natural 0 either scores 0
whatever the bonuses or is read on the critical failure table (§4.1.1, §4.1.3)::

    >>> opposed(7, 7)
    <Exchange.TIE: 'tie'>
    >>> jc_score(face=0, combativity=8, modifier=4)
    0
    >>> critical_row(9).null_combat, critical_row(3).enemy_damage_bonus
    (True, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.freres.checks import CRITICAL, Bands, band_of

__all__ = [
    "ADVANCED_COSTS",
    "BASIC_COSTS",
    "CRITICAL_TABLE",
    "DODGE_FAILED_MALUS",
    "DODGE_JA_BONUS",
    "DODGE_STEP_CM",
    "HIT_BONUSES",
    "PARRY_DEFENCE_BONUS",
    "STRIKE_HARD_STEP",
    "CriticalRow",
    "Exchange",
    "MeleeCritical",
    "critical_row",
    "jc_score",
    "opposed",
]

HIT_BONUSES: Mapping[str, int] = MappingProxyType(
    {
        # II §4.1.2 Bonus au JC pour frapper: they serve only to hit, not in the damage (§4.1.3).
        "per_other_enemy_in_contact": +1,  # Par ennemi au contact de la cible (ne pas compter celui qui combat)
        "mounted_against_foot": +2,  # Frapper un ennemi à pied tout en étant sur une monture
        "from_behind": +1,  # Frapper un ennemi dans le dos
        "target_on_ground": +4,  # Frapper un ennemi au sol (figurine sur le dos non sonnée)
    }
)


class Exchange(StrEnum):
    ATTACKER_HITS = "attacker_hits"
    TIE = "tie"  # Egalité: personne ne touche
    DEFENDER_HITS = "defender_hits"


def jc_score(face: int, combativity: int, modifier: int) -> int:
    """A JC's score: the die + C + the bonuses, or 0 on a natural 0 whatever they are (§4.1.1 Echec critique)."""
    return 0 if face == CRITICAL else face + combativity + modifier


def opposed(attacker: int, defender: int) -> Exchange:
    """Who hits (§4.1.3): the higher score; equal scores, nobody."""
    if attacker == defender:
        return Exchange.TIE
    return Exchange.ATTACKER_HITS if attacker > defender else Exchange.DEFENDER_HITS


class MeleeCritical(StrEnum):
    DEFECTIVE = "defective"  # Arme défectueuse: l'arme devient inutile
    WORN = "worn"  # Arme usée: -1 au C avec cette arme
    ON_YOUR_FEET = "on_your_feet"  # L'arme tombe sur vos pieds: l'ennemi vous fait +1 au DegC
    ARM_PARRY = "arm_parry"  # Parade avec le bras: l'ennemi vous fait +2 au DegC
    SLIPS = "slips"  # Echappe des mains: l'arme tombe au sol
    BLUNTED = "blunted"  # Lame émoussée: -1 au DegC avec cette arme
    WOBBLY = "wobbly"  # Arme branlante: -1 au dé sur cette table
    SCABBARD = "scabbard"  # Fourreau se détache: impossible de ranger l'arme sur soi
    BROKEN = "broken"  # Arme brisée: l'arme se détruit sous l'impact et le combat est nul
    FEINT = "feint"  # Feinte !: l'ennemi vous rate, le combat est nul


@dataclass(frozen=True)
class CriticalRow:
    """A row of the critical failure table and what it does (§4.1.3)."""

    result: MeleeCritical
    weapon_useless: bool = False
    combativity_malus: int = 0
    enemy_damage_bonus: int = 0
    weapon_dropped: bool = False
    damage_malus: int = 0
    table_malus: int = 0
    cannot_sheathe: bool = False
    null_combat: bool = False


CRITICAL_TABLE: Bands[CriticalRow] = (
    # II §4.1.3 Table d'échec critique au combat: "0 et-", then 1 to 9.
    (None, 0, CriticalRow(MeleeCritical.DEFECTIVE, weapon_useless=True)),
    (1, 1, CriticalRow(MeleeCritical.WORN, combativity_malus=1)),
    (2, 2, CriticalRow(MeleeCritical.ON_YOUR_FEET, enemy_damage_bonus=1)),
    (3, 3, CriticalRow(MeleeCritical.ARM_PARRY, enemy_damage_bonus=2)),
    (4, 4, CriticalRow(MeleeCritical.SLIPS, weapon_dropped=True)),
    (5, 5, CriticalRow(MeleeCritical.BLUNTED, damage_malus=1)),
    (6, 6, CriticalRow(MeleeCritical.WOBBLY, table_malus=1)),
    (7, 7, CriticalRow(MeleeCritical.SCABBARD, cannot_sheathe=True)),
    (8, 8, CriticalRow(MeleeCritical.BROKEN, weapon_useless=True, null_combat=True)),
    (9, None, CriticalRow(MeleeCritical.FEINT, null_combat=True)),
)


def critical_row(score: int) -> CriticalRow:
    """The critical failure table's row for the die less the maluses already earned on it (§4.1.3). In every case
    but 8 and 9 the enemy hits.
    """
    return band_of(CRITICAL_TABLE, score)


BASIC_COSTS: Mapping[str, int] = MappingProxyType(
    {
        # II §4.2 Tableau des actions BASIQUES pour les attaques au corps à corps.
        "charge": 6,  # Charger
        "strike": 4,  # Frapper
        "defend": 0,  # Se défendre
    }
)
ADVANCED_COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §4.2 Tableau des actions AVANCEES; None: AD, a defensive action costing all the turn's PA.
        "strike_hard": 2,  # Frapper fort: DegC +1 par tranche de 2 PA investis
        "change_weapon": None,  # Changer d'arme en cas d'attaque
        "dodge": None,  # Esquiver
        "parry": None,  # Parer
    }
)
STRIKE_HARD_STEP = 2
"""§4.2 Frapper fort: +1 damage per 2 PA."""
DODGE_JA_BONUS = 1
"""§4.2 Esquiver: "Faire un JA avec +1 au dé"."""
DODGE_STEP_CM = 5
DODGE_FAILED_MALUS = 2
"""§4.2 Esquiver: "Echec : … le défenseur a TaC -2", read as -2 to its JC."""
PARRY_DEFENCE_BONUS = 2
"""§4.2 Parer: "Réussi : si l'attaquant est celui qui touche, le défenseur a D+2"."""
