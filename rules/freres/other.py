"""The other actions (II §9): scrutiny of a hidden model and the table of other actions.

Scrutiny detects a hidden model when a d10 less the maluses is above 0::

    >>> scrutiny_modifier(distance_cm=25, cover="grove", night=True)
    -8
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.freres.checks import citing
from rules.validation import check_choice, check_range

__all__ = ["COSTS", "SCRUTINY_MALUSES", "scrutiny_modifier"]

SCRUTINY_MALUSES: Mapping[str, int] = MappingProxyType(
    {
        # II §9 Malus au scrutateur; they add up.
        "per_10_cm": -1,  # Tous les 10 cm entre la cible et le scrutateur
        "forest": -3,  # Figurine cachée dans une forêt
        "grove": -2,  # Figurine cachée dans un bosquet
        "bush": -1,  # Figurine cachée dans un buisson
        "wall": -4,  # Figurine cachée derrière un mur ou une fenêtre
        "night": -4,  # Il fait nuit
    }
)
_COVERS = ("none", "forest", "grove", "bush", "wall")


def scrutiny_modifier(distance_cm: int, cover: str = "none", night: bool = False) -> int:
    """The sum of the scrutineer's maluses (§9): -1 for every full 10 cm, the hiding place's, the night's."""
    with citing("003 II §9 Scruter"):
        check_range("distance_cm", distance_cm, 0, 200)
        check_choice("cover", cover, _COVERS)
    malus = SCRUTINY_MALUSES["per_10_cm"] * (distance_cm // 10)
    if cover != "none":
        malus += SCRUTINY_MALUSES[cover]
    return malus + (SCRUTINY_MALUSES["night"] if night else 0)


COSTS: Mapping[str, int] = MappingProxyType(
    {
        # II §9 Tableau des actions autres.
        "behead": 6,  # Couper une tête
        "handle_object": 1,  # Dégainer, ranger, ramasser ou poser un objet (par objet)
        "open": 2,  # Ouvrir
        "open_conan": 4,  # Ouvrir à la Conan
        "carry_friend": 4,  # Porter/déposer un ami hors de combat
        "scrutinise": 1,  # Scruter
    }
)
