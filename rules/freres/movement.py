"""Movement (II §3): orientation, encumbrance, the movement limits, the fast-move table and the costs of moving.

A model moves straight ahead; how far an action takes it depends on its kind, the terrain and its encumbrance::

    >>> move_limit(Kind.FOOT, Terrain.CLEAR, agility=5, encumbered=False)
    10
    >>> move_limit(Kind.FOOT, Terrain.ROUGH, agility=5, encumbered=True)
    3
    >>> fast_move_row(7)
    <FastMoveRow.HINDERED: 'hindered'>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.freres.checks import Bands, band_of, check_characteristic, citing
from rules.validation import BadValue, check_range

__all__ = [
    "ADVANCED_COSTS",
    "BASIC_COSTS",
    "CONTACT_LIMITS",
    "CRAWL_CM",
    "ENCUMBERED_AT",
    "ENCUMBRANCE_AGILITY_MALUS",
    "ENCUMBRANCE_CM_MALUS",
    "FAST_MOVE_MODIFIERS",
    "FAST_MOVE_TABLE",
    "HIDE_MIN_ENEMY_CM",
    "MAX_OBJECTS",
    "MOVEMENT_LIMITS",
    "ORIENTATION",
    "SPOTTED_WITHIN_CM",
    "WEIGHTS",
    "FastMoveRow",
    "Item",
    "Kind",
    "Terrain",
    "encumbered",
    "fast_move_row",
    "move_limit",
    "turn_limit",
    "weight",
]


class Kind(StrEnum):
    """A model's kind for movement (II §3.1, §10): on foot or mounted."""

    FOOT = "foot"  # Piéton
    MOUNTED = "mounted"  # Monté


class Terrain(StrEnum):
    CLEAR = "clear"  # terrain clair
    ROUGH = "rough"  # autres terrains: marécage, broussailles, forêt…


ORIENTATION: Mapping[Kind, tuple[int, int]] = MappingProxyType(
    {
        # II §3.1 Tableau d'orientation: PA for 90° or less, for more than 90°.
        Kind.FOOT: (0, 1),
        Kind.MOUNTED: (1, 2),
    }
)


class Item(StrEnum):
    """What a model carries that weighs (II §3.2)."""

    METAL_ARMOUR = "metal_armour"  # Armure métallique
    OTHER_ARMOUR = "other_armour"  # Armure non métallique
    ONE_HANDED = "one_handed"  # Objet à une main
    TWO_HANDED = "two_handed"  # Objet à deux mains, bouclier
    SHIELD = "shield"  # bouclier
    ARTILLERY = "artillery"  # Pièce d'artillerie
    AMMUNITION = "ammunition"  # Sac de 10 munitions


WEIGHTS: Mapping[Item, int] = MappingProxyType(
    {
        # II §3.2 Objets encombrants / Poids.
        Item.METAL_ARMOUR: 3,
        Item.OTHER_ARMOUR: 1,
        Item.ONE_HANDED: 1,
        Item.TWO_HANDED: 2,
        Item.SHIELD: 2,
        Item.ARTILLERY: 8,
        Item.AMMUNITION: 1,
    }
)
MAX_OBJECTS = 6
"""§3.2: "Un personnage ne peut porter plus de 6 objets à la fois"."""
ENCUMBERED_AT = 6
"""§3.2: "Si le poids porté par une figurine est de 6 ou plus, elle est encombrée"."""
ENCUMBRANCE_AGILITY_MALUS = 2
ENCUMBRANCE_CM_MALUS = 2
"""§3.2: an encumbered model, on foot or mounted, has -2 to its Agility and -2 cm of movement."""


def weight(items: Iterable[Item]) -> int:
    """What ``items`` weigh together (§3.2); more than six objects are refused."""
    carried = tuple(items)
    if len(carried) > MAX_OBJECTS:
        raise BadValue(
            f"a model carries at most {MAX_OBJECTS} objects, not {len(carried)} (003 II §3.2)",
            name="objects",
            value=len(carried),
            high=MAX_OBJECTS,
        )
    return sum(WEIGHTS[item] for item in carried)


def encumbered(load: int) -> bool:
    return load >= ENCUMBERED_AT  # §3.2


MOVEMENT_LIMITS: Mapping[Kind, tuple[int, int, int]] = MappingProxyType(
    {
        # II §3.3 Tableau des limites de mouvement: clear terrain cm, the other terrains as a multiple of A in cm,
        # the most a turn.
        Kind.FOOT: (10, 1, 20),
        Kind.MOUNTED: (20, 2, 40),
    }
)


def move_limit(kind: Kind, terrain: Terrain, agility: int, encumbered: bool) -> int:
    """The most one movement action covers, in cm (§3.3). An encumbered model loses 2 cm, and only 2 cm in rough
    terrain where its Agility also drops: the maluses do not add up.
    """
    check_characteristic("agility", agility)
    clear, per_agility, _ = MOVEMENT_LIMITS[kind]
    limit = clear if terrain is Terrain.CLEAR else per_agility * agility
    return max(0, limit - (ENCUMBRANCE_CM_MALUS if encumbered else 0))


def turn_limit(kind: Kind) -> int:
    """The most a model moves in a turn, in cm (§3.3 "distance maximum"), beyond which it needs a frenzied run."""
    return MOVEMENT_LIMITS[kind][2]


class FastMoveRow(StrEnum):
    BIG_FALL = "big_fall"  # Grosse gamelle: tombe et lâche ses armes en main
    FALL = "fall"  # Gamelle: tombe
    FALSE_START = "false_start"  # Faux départ: avance de son socle
    HINDERED = "hindered"  # Avance gênée: avance de la valeur du dé
    GO = "go"  # Gogogogogo: avance normalement


FAST_MOVE_TABLE: Bands[FastMoveRow] = (
    # II §3.4 Table de déplacement rapide: "0 et -", "1 à 4", 5, "6 à 9", "10 et +".
    (None, 0, FastMoveRow.BIG_FALL),
    (1, 4, FastMoveRow.FALL),
    (5, 5, FastMoveRow.FALSE_START),
    (6, 9, FastMoveRow.HINDERED),
    (10, None, FastMoveRow.GO),
)


def fast_move_row(score: int) -> FastMoveRow:
    """The row of the fast-move table for a JA's ``score`` (§3.4)."""
    return band_of(FAST_MOVE_TABLE, score)


FAST_MOVE_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {
        # §3.4: "Courir/trotter … JA à +2", "Sprinter/galoper … JA", "Course effrénée … JA à -2".
        "run": +2,
        "sprint": 0,
        "frenzied": -2,
    }
)

BASIC_COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §3.4 Tableau des actions BASIQUES de déplacements; None: "V", variable (the orientation table).
        "turn": None,  # S'orienter
        "move": 3,  # Se déplacer
        "run": 2,  # Courir/trotter
        "sprint": 1,  # Sprinter/galoper
        "stand_up": 4,  # Se relever
    }
)
ADVANCED_COSTS: Mapping[str, int] = MappingProxyType(
    {
        # II §3.4 Tableau des actions AVANCEES de déplacements; "+1": added to the move it goes with.
        "move_hidden": 5,  # Avancer caché
        "hide": 2,  # Se cacher
        "move_in_cover": 4,  # Avancer à couvert
        "take_cover": 2,  # Se mettre à couvert
        "crawl": 2,  # Avancer couché
        "lie_down": 4,  # Se coucher
        "frenzied_run": 1,  # Course effrénée ou triple galop (+1)
        "climb": 6,  # Escalader
        "jump": 1,  # Sauter (+1 par obstacle)
    }
)
CRAWL_CM = 2
"""§3.4 Avancer couché: "ramper de 2 cm quelque soit ses malus"."""
HIDE_MIN_ENEMY_CM = 30
"""§3.4 Se cacher: "elle doit être à plus de 30 cm de l'ennemi"."""
SPOTTED_WITHIN_CM = 20
"""§3.4 Se cacher: "à moins de 20 cm du front d'un ennemi est automatiquement découverte"."""
CONTACT_LIMITS: Mapping[str, int] = MappingProxyType(
    {
        # §3.4 Entrer au contact: "plus de quatre ennemis sur un fantassin, six sur un cavalier et huit sur une
        # grosse créature".
        "foot": 4,
        "mounted": 6,
        "large": 8,
    }
)


def check_distance(name: str, value: int) -> int:
    with citing("003 II §3.3"):
        return check_range(name, value, 0, 200)
