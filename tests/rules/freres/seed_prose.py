"""The sentences of seed 003 (*Frères d'Armes* v1.5) that give the numbers of the weapons in hand, the standard and
the missiles carried, copied from the document in its words. The tests read their numbers from here, not from the
engine; ``test_seed_prose.py`` finds each sentence in the document."""

from __future__ import annotations

import re

TWO_WEAPONS_JA = (
    "Un combattant ayant une arme dans chaque main a -1 à tous ses JA. Ce malus n'intervient pas sur les figurines "
    "portant un bouclier."
)
"""II §4.3, after the strikes' order of priority."""
TWO_BLADES = (
    "Exception : Une figurine ayant une lame (épée, sabre, rapière) dans une main et une dague ou une autre lame "
    "dans l'autre main, a +1 en D lors des corps à corps. La dague ne donne alors aucun malus."
)
"""II §4.5 Deux armes."""
AMBIDEXTROUS = (
    "Si le joueur utilise une arme dans sa main la moins agile (la gauche par défaut), il a -1 avec pour le T et le C."
)
"""II §4.5, *Règle optionnelle : ambidextre (prix : 10)*."""
AMBIDEXTROUS_EXEMPT = "Si la figurine est ambidextre, elle n'a pas ces malus."
STANDARD = "+1\tun étendard ami est dans les 30 cm"
"""II §8.1 Table de Moral, its row (tab-separated as printed)."""
BAG = "Sac de 10 munitions\t1"
"""II §3.2 Objets encombrants / Poids, its row."""
MISSILE_LOST = "Quel que soit le résultat d'un tir, la munition est perdue."
"""II §5.1.3."""
BAG_FALLS = "1 dé 10 munitions tombent au sol"
"""II §5.1.2 Table d'échec critique au tir, 6 *Sac à munitions se détache*."""
THROWN = "Il est possible de récupérer une dague ou un javelot qui a été lancé."
"""II §5.2, the note on *Récupérer trait\\* planté*."""
RECOVER = "Récupérer trait* planté\t4\tFaire un JA. Echec : le trait est inutilisable."
"""II §5.2 Tableau des attaques par projectiles ou le tir, its row as printed."""
MAGAZINE = "Changer de chargeur\t4\tCela permet de changer de chargeur ou de barillet."
LEAP = (
    "Sauter sur ou de sa monture\t3\tJA Echec : tombe de l'autre côté ! Echec critique : idem échec sauf qu'en plus "
    "la figurine est sonnée."
)
"""II §10.2.2 Tableau des actions de la cavalerie, its row."""
DISMOUNT = "Démonter/monter\t4\tIl ne faut pas être au contact de l'ennemi"


def number(text: str, after: str) -> int:
    """The signed whole number just after ``after`` in ``text`` (« main a -1 à », « dans les 30 cm »)."""
    found = re.search(re.escape(after) + r"\s*([+-]?\d+)", text)
    assert found is not None, f"no number after {after!r}"
    return int(found.group(1))
