"""Shooting (II §5): the restrictions, the JT and its modifiers, the critical failure table and the shooting
actions.

    >>> critical_row(3)
    <ShotCritical.JAMMED: 'jammed'>
    >>> SHOT_MODIFIERS["reaction_shot"]
    -2
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.freres.checks import Bands, band_of, check_draw

__all__ = [
    "ADVANCED_COSTS",
    "AIM_STEP",
    "BASIC_COSTS",
    "CRITICAL_TABLE",
    "POINT_BLANK_CM",
    "RELOAD_COSTS",
    "SHOT_MODIFIERS",
    "ShotCritical",
    "critical_row",
]

SHOT_MODIFIERS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §5.1.2 Bonus et malus au JT; None: "+/-" or "- ?", the weapon's, the skill's or the shield's own value.
        "aim": +1,  # Le tireur vise
        "point_blank": +1,  # Tir à bout portant (cible à moins de 10 cm)
        "weapon": None,  # Bonus de l'arme
        "skills": None,  # Compétences spéciales
        "mounted_shooter": -1,  # Tireur monté
        "moved": -1,  # Tireur a bougé ou s'est orienté dans ce tour
        "cover_or_ground": -2,  # Cible à couvert ou au sol, si à + de 10 cm
        "masked": -1,  # Cible masquée à plus de 50%
        "reaction_shot": -2,  # Tir de réaction
        "shield": None,  # La cible a un bouclier
    }
)
POINT_BLANK_CM = 10
"""§5.1.2: "à bout portant (cible à moins de 10 cm)", and cover or ground count only "si à + de 10 cm"."""


class ShotCritical(StrEnum):
    DEFECTIVE = "defective"  # Arme défectueuse: inutilisable pour la partie
    WORN = "worn"  # Arme usée: -1 à tous ses futurs lancés
    JAMMED = "jammed"  # Arme enrayée: il faut la désenrayer pour tirer à nouveau
    STRING = "string"  # Corde cassée: il faut la remplacer pour tirer à nouveau
    AMMUNITION = "ammunition"  # Sac à munitions se détache: 1 dé 10 munitions tombent au sol
    NOTHING = "nothing"  # Rien pour cette fois !


CRITICAL_TABLE: Bands[ShotCritical] = (
    # II §5.1.2 Table d'échec critique au tir: 0, 1, 2-4, 5, 6, 7-9.
    (0, 0, ShotCritical.DEFECTIVE),
    (1, 1, ShotCritical.WORN),
    (2, 4, ShotCritical.JAMMED),
    (5, 5, ShotCritical.STRING),
    (6, 6, ShotCritical.AMMUNITION),
    (7, 9, ShotCritical.NOTHING),
)


def critical_row(face: int) -> ShotCritical:
    """The critical failure table's row for its d10 (§5.1.3)."""
    # a card of the variants past 9 (I §4) reads the table's last row
    return band_of(CRITICAL_TABLE, min(check_draw("face", face), CRITICAL_TABLE[-1][1] or 0))


BASIC_COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §5.2 Tableau des actions BASIQUES des attaques par projectiles; None: "?", the weapon's reload.
        "reload": None,  # Recharger arme
        "shoot": 4,  # Tirer
    }
)
RELOAD_COSTS: Mapping[str, int] = MappingProxyType(
    {
        # §5.2 Recharger arme: "arc et fronde 2, arme à feu 6, arbalète 3, trait 1".
        "bow": 2,
        "sling": 2,
        "firearm": 6,
        "crossbow": 3,
        "thrown": 1,
    }
)
ADVANCED_COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §5.2 Tableau des attaques par projectiles; None: AD; "+2" and "-1" go with another action.
        "defensive_shot": None,  # Tir défensif
        "reaction_shot": None,  # Tir de réaction
        "aim": 2,  # Viser: +1 au T par tranche de 2 PA investis
        "change_magazine": 4,  # Changer de chargeur
        "quick_reload": -1,  # Recharger rapidement
        "unjam": 6,  # Désenrayer ou changer de corde
        "recover_missile": 4,  # Récupérer trait planté
    }
)
AIM_STEP = 2
"""§5.2 Viser: +1 per 2 PA."""
