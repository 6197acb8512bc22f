"""The belfry (seed 001, "Le Beffroi"), transcribed: every number of its sections and its terrain table.

The tests of the belfry read these, so they run on a clone with no source documents beside it; when the documents
are present, ``tests/rules/test_sources.py`` parses them and compares them with what is written here.
"""

from __future__ import annotations

# §1.3: only level 0 is on the map while the belfry is more than 2 hexes from any rampart hex.
LEVEL_0_ONLY_BEYOND = 2

# §2: against a level-3 wall, the ladder up to the drawbridge's level costs 6 PM.
TALL_WALL_LADDER = 6

# §4.1 "Règles standard": pushers on the ground → PM a turn. 8 or more: 2; 4 to 7: 1; below 4: none.
STANDARD_SPEED: tuple[tuple[int, int], ...] = ((8, 2), (4, 1))
STANDARD_NONE_BELOW = 4
# §4.1 example: 3 of 10 pushers attacked from behind, the 7 left push it 1 hex.
EXAMPLE_PUSHERS, EXAMPLE_ENGAGED, EXAMPLE_SPEED = 10, 3, 1

# §4.2 "Surcharge": with "moins de 16" aboard (R16: up to 16), 6 or more: 2 PM; 3 to 5: 1; below 3: none.
OVERLOAD_SPEED: tuple[tuple[int, int], ...] = ((6, 2), (3, 1))
OVERLOAD_NONE_BELOW = 3
OVERLOAD_LIGHT_UP_TO = 16
# "Entre 17 et 26 personnages sur le beffroi": the §4.1 numbers.
OVERLOAD_HEAVY = (17, 26)

# §5: capacities; level 0 is the pushers on the ground.
CAPACITY = {0: 12, 1: 10, 2: 10, 3: 6}
# §5 and §8: movement point costs.
ENTER_GROUND = 2
CLIMB_A_LEVEL = 3
SAME_LEVEL = 1
BRIDGE_TO_RAMPART = 2

# §6: shooting from a moving belfry adds 1 to the die on the shooting table.
MOVING_SHOOT_BONUS = 1

# §8: the drawbridge: 2 models on the 2 winch hexes, the belfry 1 hex from the rampart.
WINCHERS = 2
REACH = 1
# §8: the crush roll, D10: (low, high, outcome); armour adds 1.
CRUSH: tuple[tuple[int, int, str], ...] = (
    (1, 5, "step_back"),
    (6, 7, "stunned"),
    (8, 9, "wounded"),
    (10, 10, "killed"),
)
CRUSH_ARMOUR = 1

# §9 (R19): the fire ratios, chances in ten.
FIRE_RATIO = {"front": (1, 10), "side": (3, 10), "rear": (3, 10)}

# §10 "Résumé des types de terrain": name → (PM cost on foot, front cover, side cover, rear cover).
TERRAIN: dict[str, tuple[int, str, str, str]] = {
    "Niveau du sol": (2, "Infini", "Infini", "Aucune"),
    "Niveau 1": (1, "Infini", "Infini", "Léger (dernier rang) / Infini"),
    "Niveau 2 (pont-levis dressé)": (1, "Infini", "Infini", "Léger (dernier rang) / Infini"),
    "Niveau 2 (pont-levis abaissé)": (
        1,
        "Aucune pour les tirs venant du même niveau ou plus haut",
        "Infini",
        "Léger (dernier rang) / Infini",
    ),
    "Niveau 3": (1, "Infini", "Infini", "Léger (dernier rang) / Infini"),
    "Archère": (1, "Moyen quand le tir traverse l'archère", "Infini", "Léger"),
    "Echelle": (3, "Infini", "Infini", "Aucune"),
    "Treuil": (2, "Léger (si pont-levis abaissé)", "Infini", "Léger"),
}

# §8 "Mouvement et combat depuis un beffroi": the fights in and from the belfry, in the document's words; §5 puts a
# model on a ladder at an intermediate level. Each sentence is played by tests/rules/siege/test_belfry_fights.py.
FIGHTS: dict[str, str] = {
    "bridge": (
        "Les personnages sur le pont-levis du beffroi et ceux situés sur le rempart peuvent engager le combat dès que "
        "leurs hexagones sont adjacents."
    ),
    "any_level": "Les combats peuvent aussi se dérouler à tout niveau du beffroi.",
    "between_levels": (
        "le combat entre 2 personnages situés sur 2 niveaux différents n'est possible que si un d'entre eux est sur "
        "une échelle."
    ),
    "inner_ladders": "Les échelles à l'intérieur du beffroi sont fixes et ne peuvent pas être renversées.",
    "rear": "Les personnages au sol peuvent attaquer et être attaqués par l'arrière.",
    "on_a_ladder": "Les personnages sur des échelles sont considérés comme étant à un niveau intermédiaire.",
    "counter_attack": "les échelles fixes permettent au défenseurs de contre-attaquer dans la tour",
}
# "entre 2 personnages situés sur 2 niveaux différents": two models, two levels.
BETWEEN_LEVELS = (2, 2)
