"""The WFB quick reference (seed 002, "Références"), transcribed: every number of the tables the tests check.

Rows and columns count from 1 as in the seed. ``None`` stands for the seed's "N", "Aucune" or "Impossible!".
When the documents are present, ``tests/rules/test_sources.py`` parses them and compares them with what is written
here.
"""

from __future__ import annotations

Grid = dict[tuple[int, int], int | None]
N = None

# "TABLEAU DES JETS POUR TOUCHER": one row per attacker's WS, one column per opponent's WS.
TO_HIT_ROWS: tuple[tuple[int, ...], ...] = (
    (4, 4, 5, 5, 5, 5, 5, 5, 5, 5),
    (3, 4, 4, 4, 5, 5, 5, 5, 5, 5),
    (3, 3, 4, 4, 4, 4, 5, 5, 5, 5),
    (3, 3, 3, 4, 4, 4, 4, 4, 5, 5),
    (3, 3, 3, 3, 4, 4, 4, 4, 4, 4),
    (3, 3, 3, 3, 3, 4, 4, 4, 4, 4),
    (3, 3, 3, 3, 3, 3, 4, 4, 4, 4),
    (3, 3, 3, 3, 3, 3, 3, 4, 4, 4),
    (3, 3, 3, 3, 3, 3, 3, 3, 4, 4),
    (3, 3, 3, 3, 3, 3, 3, 3, 3, 4),
)

# "TABLEAU DES JETS POUR BLESSER": one row per attacker's Strength, one column per opponent's Toughness.
TO_WOUND_ROWS: tuple[tuple[int | None, ...], ...] = (
    (4, 5, 6, 6, N, N, N, N, N, N),
    (3, 4, 5, 6, 6, N, N, N, N, N),
    (2, 3, 4, 5, 6, 6, N, N, N, N),
    (2, 2, 3, 4, 5, 6, 6, N, N, N),
    (2, 2, 2, 3, 4, 5, 6, 6, N, N),
    (2, 2, 2, 2, 3, 4, 5, 6, 6, N),
    (2, 2, 2, 2, 2, 3, 4, 5, 6, 6),
    (2, 2, 2, 2, 2, 2, 3, 4, 5, 6),
    (2, 2, 2, 2, 2, 2, 2, 3, 4, 5),
    (2, 2, 2, 2, 2, 2, 2, 2, 3, 4),
)

# "PHASE DE TIR": the result to obtain for each BS, as printed (down to −3).
BS_NEED: dict[int, int] = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1, 7: 0, 8: -1, 9: -2, 10: -3}

# "7+ Pour Toucher": the result needed → the second roll needed after a 6 (None: "Impossible!").
SEVEN_PLUS: dict[int, int | None] = {7: 4, 8: 5, 9: 6, 10: N}

# "Modificateurs au Jet pour Toucher", in the seed's order. The bullets ate the minus signs; only "+1" kept its sign,
# so the others are the penalties they name.
SHOOTING_MODIFIERS: tuple[tuple[str, int], ...] = (
    ("Tir sur une grande cible", +1),
    ("Tir en mouvement", -1),
    ("Maintenir sa position & tirer", -1),
    ("Tir à longue portée", -1),
    ("Tir sur une figurine isolée ou des tirailleurs", -1),
    ("Cible à couvert léger", -1),
    ("Cible à couvert lourd", -2),
)

# "SAUVEGARDE D'ARMURE": the save of each body armour, then what each extra improves it by.
BODY_ARMOUR: dict[str, int | None] = {"Sans armure": N, "Armure légère": 6, "Armure lourde": 5}
SAVE_BONUSES: dict[str, int] = {"Bouclier": 1, "Caparaçon": 1, "Monté": 1}

# "Modificateurs de Sauvegarde d'Armure": the hit's Strength → the save modifier ("3 ou moins": "Aucun").
SAVE_MODIFIERS: dict[int, int] = {1: 0, 2: 0, 3: 0, 4: -1, 5: -2, 6: -3, 7: -4, 8: -5, 9: -6, 10: -7}

# "TABLEAU DES FIASCOS": (lowest 2D6, highest 2D6, Strength of the hit the row deals or None).
MISCASTS: tuple[tuple[int, int, int | None], ...] = (
    (2, 2, 10),
    (3, 4, 6),
    (5, 6, N),
    (7, 7, 2),
    (8, 9, 4),
    (10, 11, 8),
    (12, 12, N),
)

# "BONUS AU RÉSULTAT DE COMBAT": each situation's bonus; ranks and overkill count "+1 par …" up to their maximum.
COMBAT_RESULT_BONUSES: dict[str, int] = {
    "Rangs supplémentaires": 1,
    "Supériorité numérique": 1,
    "Grande Bannière de l'Armée": 1,
    "Étendard de Régiment": 1,
    "Position surélevée": 1,
    "Attaque de flanc": 1,
    "Attaque de dos": 2,
    "Carnage": 1,
}
MAX_EXTRA_RANKS_BONUS = 3
MAX_OVERKILL_BONUS = 5

# "NOMBRE MAX. DE DÉS POUR LANCER": wizard level → dice.
MAX_CASTING_DICE: dict[int, int] = {1: 2, 2: 3, 3: 4, 4: 5}

# "DÉS DE POUVOIR": the common dice, then each wizard's by level.
COMMON_POWER_DICE = 2
POWER_DICE_PER_LEVEL: dict[int, int] = {1: 1, 2: 2, 3: 3, 4: 4}

# "DÉS DE DISSIPATION": the common dice, the Dwarfs', each rune master's, then each wizard's by level.
COMMON_DISPEL_DICE = 2
DWARF_DISPEL_DICE = 2
RUNESMITH_DISPEL_DICE = 1
RUNELORD_DISPEL_DICE = 2
DISPEL_DICE_PER_LEVEL: dict[int, int] = {1: 1, 2: 1, 3: 2, 4: 2}


def grid(rows: tuple[tuple[int | None, ...], ...]) -> Grid:
    """``{(row, column): need}`` from a 10 × 10 table's rows."""
    return {(r, c): need for r, row in enumerate(rows, start=1) for c, need in enumerate(row, start=1)}


TO_HIT = grid(TO_HIT_ROWS)
TO_WOUND = grid(TO_WOUND_ROWS)
