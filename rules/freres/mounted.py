"""Mounted models (II §10.2): the rider and its mount, the mount in combat and the cavalry's actions."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["COSTS", "MOUNTED_CHARGE_CM", "MOUNTED_CHARGE_DAMAGE", "TRAMPLE_COST"]

COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §10.2.2 Tableau des actions de la cavalerie; None: AD or "V".
        "mounted_charge": 0,  # Charge de monté
        "kick": None,  # Ruade (AD)
        "trample": None,  # Piétiner: +1 PA au déplacement choisi
        "mount": 4,  # Démonter/monter
        "leap_mount": 3,  # Sauter sur ou de sa monture
        "fall_from_mount": 0,  # Tomber de sa monture
    }
)
MOUNTED_CHARGE_CM = 20
"""§10.2.2 Charge de monté: "Si le monté parcourt 20 cm en ligne droite"."""
MOUNTED_CHARGE_DAMAGE = 2
"""§10.2.2 Charge de monté: "Il a Deg+2 dans le corps à corps qu'il initie"."""
TRAMPLE_COST = 1
"""§10.2.2 Piétiner: "+1PA au déplacement choisi"."""
