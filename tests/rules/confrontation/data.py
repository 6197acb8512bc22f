"""The tables of seed 004 (*Les Règles Additionnelles pour Confrontation*), typed by hand from the document.

Every number here is read off the French text, in its words, so the rules are checked against the document and not
against themselves. ``None`` stands for the document's "-", *impossible* or *aucun* where the text says so.
"""

from __future__ import annotations

# Le corps à corps — Nombre de dés au corps à corps
DES_EN_PLUS = {
    "monstre": 2,
    "personnage non magicien": 2,
    "personnage magicien & guerrier-mage": 1,
    "troupe de cavalerie": 2,
    "troupe de une ou deux figurines": 1,
    "troupe de trois figurines ou plus": 0,
    "les porte-étendard et musiciens": 0,
}

# Charge de face / dans le dos / de flanc, Aller au corps à corps sans charger, Frapper dans le dos, Frapper un
# fuyard, Position surélevée, Echec d'un test de peur, Réception de charge (malus après), Mouvement de poursuite.
BONUS = {
    "charge de face": {"attaque": 2, "initiative": 6},
    "charge dans le dos": {"attaque": 5, "dés de localisation": 1, "riposte": False},
    "charge de flanc": {"attaque": 3, "initiative": 10},
    "sans charger": {"initiative": 3, "attaque": 1},
    "poursuite, ennemi seul ou corps à corps pas encore joué": {"initiative": 3, "attaque": 1},
    "poursuite, corps à corps déjà joué": {},
    "frapper dans le dos": {"attaque": 2, "initiative": 4},
    "frapper un ennemi derrière soi": {"attaque": -2},
    "frapper un fuyard": {
        "attaque": 5,
        "dés d'attaque": 2,
        "dés de localisation": 1,
        "riposte": False,
        "dés de défense": False,
    },
    "position surélevée": {"attaque": 2},
    "échec d'un test de peur, engagé": {"initiative": -2, "attaque": -2, "défense": -2},
    "après une réception de tir": {"attaque": -2, "défense": -2},
}

# Défendre une position
DEFENSE = {"haie épaisse": 1, "muret": 2, "palissade de fortification": 3, "créneaux": 4}
CONTRE_UN_MONSTRE = -1

# Le tir — Tirer dans le tas
TIR_DANS_LE_TAS_CHANCES = {
    "la cible visée, une troupe": 2,
    "la cible visée, un monstre": 4,
    "chaque figurine de troupe en contact": 1,
    "chaque figurine de monstre en contact": 2,
}
TIR_REUSSITE_EXCEPTIONNELLE = 3  # de 3 ou plus
TIR_ECHEC_GRAVE = 3  # de 3 ou plus
TIR_ECHEC_CRITIQUE = 5  # de 5 ou plus, ou bien résultat de 1

# Position surélevée et armes de distance: (différence, (courte, moyenne, longue)), en cm.
HAUTEUR = [
    ("< 2", (None, None, None)),
    ("2 - 5", (3, 6, 9)),
    ("6 - 10", (5, 10, 15)),
    ("11 - 20", (7, 14, 21)),
    ("> 21", (10, 20, 30)),
]
PORTEE_EXEMPLE = {"portée": (10, 20, 30), "minimum": (5, 10, 15), "maximum": (20, 40, 60)}

# Réception de charge
RECEPTION_DIFFICULTE = 6
RECEPTION_MALUS_CIBLE_QUI_CHARGE = 2

# Modificateurs de tir
DIFFICULTE_PORTEE = {"courte": 4, "moyenne": 7, "longue": 10}
MODIFICATEURS_TIR = {
    "Cible en couverture mineure (haie légère…)": 1,
    "Cible en couverture majeure (palissade, créneaux…)": 3,
    "Cible en couverture totale ( meurtrière… )": 8,
    "Grande cible (socle de 4 sur 4, c.à.d. Minotaure, Troll…)": -1,
    "Très grande cible (catapulte, Dragon…)": -2,
    "Cible immobile (qui ne s'est pas déplacée à ce tour)": -1,
    "Cible rapide": 1,
    "Cible très rapide": 2,
    "Cible qui vous charge": 2,
    "Le tireur s'est déplacé (et non pas orienté ! ) à ce tour": 1,
    "Le tireur s'est déplacé d'au moins 30 cm": 2,
    "Le tireur s'est déplacé d'au moins 50 cm": 3,
}

# La fuite — Rattraper un fuyard (après un test de peur raté): d6 → part du mouvement (0: ne peut pas fuir).
FUITE_PEUR = {1: "0", 2: "1/2", 3: "1/2", 4: "1", 5: "1", 6: "2"}
# Fuir volontairement
FUITE_VOLONTAIRE = {1: "1/2", 2: "1", 3: "1", 4: "3/2", 5: "3/2", 6: "2"}
# Poursuivant: mouvement de charge maximum + cette part du mouvement.
POURSUITE = {1: "0", 2: "1/2", 3: "1/2", 4: "1", 5: "1", 6: "1"}
FUYARD_DEJA_DEPLACE = -1
NE_PAS_POURSUIVRE = 8
SORTIR_DE_LA_TABLE = 8
# Note aux pleutres
RALLIEMENT_MOINS = 2
ESSOUFFLEMENT = -1

# Se désengager d'un combat
DESENGAGEMENT_INITIATIVE_MINIMUM = 4
DESENGAGEMENT_EXEMPLE = {"humains": 2, "orques": 3, "difficulté": 8, "un orque engagé ailleurs": 7}
DESENGAGEMENT_REUSSITE_EXCEPTIONNELLE = 2  # de 2 ou plus
DESENGAGEMENT_ECHEC_GRAVE = 2  # de 2 ou plus
DESENGAGEMENT_ECHEC_CRITIQUE = 4  # de 4 ou plus, ou bien résultat de 1
RATTRAPE_AU_BOUT_DE = 5  # cm

# Divers
PEUR_REUSSITE_AUTOMATIQUE = 6
RAYON_COMMANDEMENT = 20
RAYON_ETAT_MAJOR = 30
ETAT_MAJOR_GROUPE = 10
TRANSE = {5: 6}
TEMPETE_DIVINE_PORTEE = 50

# Modificateurs de mouvement: Troupes, Cavalerie, Monstres, Machines, as printed.
MOUVEMENT = {
    "Marais": ("2/1 *", "3/1 *", "2/1 *", "Impossible"),
    "Rivière peu profonde à faible Courant": ("2/1 *", "3/2", "3/2", "Impossible"),
    "Rivière peu profonde à fort Courant": ("3/1 *", "2/1 *", "2/1 *", "Impossible"),
    "Rivière profonde": ("Impossible", "Impossible", "Impossible", "Impossible"),
    "Guet": ("3/2", "aucun", "aucun", "2/1 *"),
    "Montagne/gros rochers": ("Impossible", "Impossible", "Impossible", "Impossible"),
    "Forêt clairsemée": ("aucun", "2/1 *", "aucun", "Impossible"),
    "Forêt dense": ("2/1 *", "Impossible", "2/1 *", "Impossible"),
    "Pont de corde": ("2/1 *", "Impossible", "Impossible", "Impossible"),
    "Muret": ("spécial", "Impossible", "spécial", "Impossible"),
    "Caillouteux": ("3/2 *", "2/1 *", "aucun *", "4/1 *"),
}
MURET_HAUTEUR = {"troupes": 2, "monstres": 1}

# Tableau des blessures: (de, à) inclusive, None for open; jambes (1), bras (2), tronc (3), tête (4+).
BLESSURES = [
    ((None, -15), ("rien", "rien", "sonné", "léger")),
    ((-14, -10), ("rien", "sonné", "sonné", "léger")),
    ((-9, -5), ("sonné", "sonné", "sonné", "grave")),
    ((-4, 0), ("sonné", "sonné", "léger", "grave")),
    ((1, 5), ("sonné", "léger", "léger", "grave")),
    ((6, 10), ("léger", "léger", "grave", "critique")),
    ((11, 15), ("léger", "grave", "critique", "Tué Net")),
    ((16, 20), ("grave", "critique", "Tué Net", "Tué Net")),
    ((21, 25), ("critique", "critique", "Tué Net", "Tué Net")),
    ((26, 30), ("critique", "Tué Net", "Tué Net", "Tué Net")),
    ((30, None), ("Tué Net", "Tué Net", "Tué Net", "Tué Net")),
]
DOUBLES = {1: "aucun effet", 2: -2, 3: -1, 4: 1, 5: 2, 6: "Tué Net"}
