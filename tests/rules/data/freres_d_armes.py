"""Every table of seed 003 (*Frères d'Armes* v1.5), typed by hand from the document, in its words.

Each table is its rows as printed, cell by cell (the long "Conditions et remarques" of the action tables are left
out: the numbers are in the first two cells), HTML emphasis removed. The tests of :mod:`rules.freres` read the
numbers from here, not from the engine; ``tests/rules/test_sources.py`` compares these rows with the document.
"""

from __future__ import annotations

Table = tuple[tuple[str, ...], ...]

# II §2 Les Caractéristiques: Valeurs / Caractéristique.
NIVEAUX: Table = (
    ("1 et -", "Nulle"),
    ("2", "Minable"),
    ("3", "Mauvaise"),
    ("4", "Inexpérimentée"),
    ("5", "Moyenne"),
    ("6", "Bonne"),
    ("7", "Très bonne"),
    ("8", "Héroïque"),
    ("9", "Légendaire"),
    ("10 et +", "Monstrueuse"),
)

# II §3.1 Tableau d'orientation: Type / 90° ou moins / plus de 90°.
ORIENTATION: Table = (
    ("Piéton", "0 PA", "1 PA"),
    ("Monté", "1 PA", "2 PA"),
)

# II §3.2 Objets encombrants / Poids.
ENCOMBREMENT: Table = (
    ("Armure métallique", "3"),
    ("Armure non métallique", "1"),
    ("Objet à une main", "1"),
    ("Objet à deux mains, bouclier", "2"),
    ("Pièce d'artillerie", "8"),
    ("Sac de 10 munitions", "1"),
)

# II §3.3 Tableau des limites de mouvement: Type / terrain clair / Autres terrains / distance maximum.
LIMITES_DE_MOUVEMENT: Table = (
    ("Piéton", "10 cm", "A en cm", "20 cm"),
    ("Monté", "20 cm", "A fois 2", "40 cm"),
)

# II §3.4 Tableau des actions BASIQUES de déplacements: Actions / PA.
DEPLACEMENTS_BASIQUES: Table = (
    ("S'orienter", "V"),
    ("Se déplacer", "3"),
    ("Courir/trotter", "2"),
    ("Sprinter/galoper", "1"),
    ("Se relever", "4"),
)

# II §3.4 Table de déplacement rapide: Score / Résultats.
DEPLACEMENT_RAPIDE: Table = (
    ("0 et -", "Grosse gamelle"),
    ("1 à 4", "Gamelle"),
    ("5", "Faux départ"),
    ("6 à 9", "Avance gênée"),
    ("10 et +", "Gogogogogo"),
)

# II §3.4 Tableau des actions AVANCEES de déplacements: Actions / PA.
DEPLACEMENTS_AVANCES: Table = (
    ("Avancer caché", "5"),
    ("Se cacher", "2"),
    ("Avancer à couvert", "4"),
    ("Se mettre à couvert", "2"),
    ("Avancer couché", "2"),
    ("Se coucher", "4"),
    ("Course effrénée ou triple galop", "+1"),
    ("Escalader", "6"),
    ("Sauter", "+1"),
)

# II §4.1.2 Bonus au JC pour frapper.
BONUS_JC: Table = (
    ("+1", "Par ennemi au contact de la cible (ne pas compter celui qui combat)"),
    ("+2", "Frapper un ennemi à pied tout en étant sur une monture"),
    ("+1", "Frapper un ennemi dans le dos"),
    ("+4", "Frapper un ennemi au sol (figurine sur le dos non sonnée)"),
)

# II §4.1.3 Table d'échec critique au combat: Dé 10 / Résultats / Effets.
ECHEC_CRITIQUE_COMBAT: Table = (
    ("0 et-", "Arme défectueuse", "L'arme devient inutile"),
    ("1", "Arme usée", "-1 au C avec cette arme"),
    ("2", "L'arme tombe sur vos pieds", "L'ennemi vous fait +1 au DegC"),
    ("3", "Parade avec le bras", "L'ennemi vous fait +2 au DegC"),
    ("4", "Echappe des mains", "L'arme tombe au sol"),
    ("5", "Lame émoussée", "-1 au DegC avec cette arme"),
    ("6", "Arme branlante", "-1 au dé sur cette table"),
    ("7", "Fourreau se détache", "Impossible de ranger l'arme sur soi"),
    ("8", "Arme brisée", "L'arme se détruit sous l'impact et le combat est nul."),
    ("9", "Feinte !", "L'ennemi vous rate. Le combat est nul."),
)

# II §4.2 Tableau des actions BASIQUES pour les attaques au corps à corps: Actions / PA.
CORPS_A_CORPS_BASIQUES: Table = (
    ("Charger", "6"),
    ("Frapper", "4"),
    ("Se défendre", "0"),
)

# II §4.2 Tableau des actions AVANCEES pour les attaques au corps à corps: Actions / PA.
CORPS_A_CORPS_AVANCES: Table = (
    ("Frapper fort", "2"),
    ("Changer d'arme en cas d'attaque", "AD"),
    ("Esquiver A un contre un uniquement.", "AD"),
    ("Parer", "AD"),
)

# II §5.1.2 Bonus et malus au JT.
BONUS_JT: Table = (
    ("+1", "Le tireur vise"),
    ("+1", "Tir à bout portant (cible à moins de 10 cm)"),
    ("+/-", "Bonus de l'arme"),
    ("+/-", "Compétences spéciales"),
    ("-1", "Tireur monté"),
    ("-1", "Tireur a bougé ou s'est orienté dans ce tour"),
    ("-2", "Cible à couvert ou au sol, si à + de 10 cm"),
    ("-1", "Cible masquée à plus de 50%"),
    ("-2", "Tir de réaction"),
    ("- ?", "La cible a un bouclier"),
)

# II §5.1.2 Table d'échec critique au tir: Dé 10 / Résultats / Effets.
ECHEC_CRITIQUE_TIR: Table = (
    ("0", "Arme défectueuse", "L'arme est inutilisable pour la partie"),
    ("1", "Arme usée", "-1 à tous ses futurs lancés"),
    ("2-4", "Arme enrayée", "Il faut la désenrayer pour tirer à nouveau"),
    ("5", "Corde cassée", "Il faut la remplacer pour tirer à nouveau"),
    ("6", "Sac à munitions se détache", "1 dé 10 munitions tombent au sol"),
    ("7-9", "Rien pour cette fois !", "Faut que j'arrête de viser les poulets !"),
)

# II §5.2 Tableau des actions BASIQUES des attaques par projectiles ou le tir: Actions / PA.
TIR_BASIQUES: Table = (
    ("Recharger arme", "?"),
    ("Tirer", "4"),
)
RECHARGEMENT = "Dépend de l'arme utilisée (arc et fronde 2, arme à feu 6, arbalète 3, trait 1...)"

# II §5.2 Tableau des attaques par projectiles ou le tir: Actions / PA.
TIR_AVANCES: Table = (
    ("Tir défensif", "AD"),
    ("Tir de réaction", "AD"),
    ("Viser", "+2"),
    ("Changer de chargeur", "4"),
    ("Recharger rapidement", "-1"),
    ("Désenrayer ou changer de corde", "6"),
    ("Récupérer trait* planté", "4"),
)

# II §6.1.2 Bonus et malus au JS.
BONUS_JS: Table = (
    ("+1", "Le lanceur se concentre"),
    ("+1", "Cible à moins de 10 cm"),
    ("+/-", "Bonus du support du sort"),
    ("+/-", "Compétences spéciales"),
    ("-1", "Lanceur monté"),
    ("-1", "Lanceur a bougé ou s'est orienté ce tour"),
    ("-2", "Cible à couvert ou au sol"),
    ("-1", "Cible masquée à plus de 50%"),
)

# II §6.1.3 Table d'échec critique au lancement de sorts: Dé 10 / Résultats / effets.
ECHEC_CRITIQUE_SORTS: Table = (
    ("0", "Retour de sort.", "Le lanceur de sorts subit un JDeg"),
    ("1", "Migraine", "Le lanceur a -1 à tous ses futurs lancements de sorts"),
    ("2", "Souffle du sort", "Le lanceur tombe au sol"),
    ("3 à 8", "Amnésie", "Le lanceur oublie son sort, il faut le mémoriser à nouveau"),
    ("9", "Ouf, rien !", "Cha a pas maché ! Ché pas gave. Che fais recommencer !"),
)

# II §6.2 Tableau des arcanes: Actions possibles / PA.
ARCANES: Table = (
    ("Chercher cible", "+2"),
    ("Lancer sort", "V"),
    ("Mémoriser sort", "V"),
    ("Se concentrer", "+2"),
)

# II §7 Table des dégâts: Résultats / Etats / Effets et tests.
DEGATS: Table = (
    ("-6 et -", "Rien du tout !", "Même pas mal !"),
    ("0 à -5", "Pas passé loin !", "JM à faire"),
    ("1 à 5", "Sonné", "Tombe au sol sur le ventre"),
    ("6 à 9", "Blessé", "-3 PA permanents + JM à faire"),
    ("10 et +", "Grièvement blessé", "-6 PA permanents + JM à faire"),
)

# II §8.1 Table de Moral: B/M / Etat de la figurine lors du test de JM.
MORAL: Table = (
    ("-1", "Elle n'a ni arme ni bouclier en main"),
    ("-1", "Par ennemis à son contact"),
    ("+1", "un étendard ami est dans les 30 cm"),
)

# II §8.1 Table d'échec au Moral: Dé / Etats / Conséquences pour la figurine.
ECHEC_AU_MORAL: Table = (
    ("0 et -", "Perdue", "Elle se rend, enlevez là du champs de bataille."),
    ("1", "Paniquée", "Elle part en déroute et abandonne les armes qu'elle a en main."),
    ("2-3", "Déroutée", "Elle part en déroute."),
    (
        "4-6",
        "Ebranlée",
        "Idem secouée, de plus elle ne peut ni avancer vers l'ennemi ni déclencher un corps à corps à sa prochaine "
        "activation",
    ),
    ("7", "Secouée", "Idem méfiante et prudente"),
    ("8", "Méfiante", "Elle a -1 aux JM pour cette bataille."),
    ("9", "Prudente", "Elle recule de son socle."),
    ("10 et +", "Stoïque", "Elle fait face au danger"),
)

# II §8.2 Tableau des actions BASIQUES liées au moral: Actions / PA.
MORAL_BASIQUES: Table = (
    ("Dérouter", "0"),
    ("Rallier", "3"),
    ("Se rétablir", "6"),
)

# II §8.2 Tableau des actions AVANCEES liées au moral: Actions / PA.
MORAL_AVANCES: Table = (
    ("Fuir le combat (volontairement)", "V"),
    ("Relever un camarade", "4"),
)

# II §9 Malus au scrutateur.
SCRUTATEUR: Table = (
    ("-1", "Tous les 10 cm entre la cible et le scrutateur"),
    ("-3", "Figurine cachée dans une forêt"),
    ("-2", "Figurine cachée dans un bosquet"),
    ("-1", "Figurine cachée dans un buisson"),
    ("-4", "Figurine cachée derrière un mur ou une fenêtre"),
    ("-4", "Il fait nuit"),
)

# II §9 Tableau des actions autres: Actions / PA.
AUTRES: Table = (
    ("Couper une tête", "6"),
    ("Dégainer, ranger, ramasser ou poser un objet", "1"),
    ("Ouvrir", "2"),
    ("Ouvrir à la Conan", "4"),
    ("Porter/déposer un ami hors de combat", "4"),
    ("Scruter", "1"),
)

# II §10.2.2 Tableau des actions de la cavalerie: Actions / PA.
CAVALERIE: Table = (
    ("Charge de monté", "0"),
    ("Ruade", "AD"),
    ("Piétiner", "V"),
    ("Démonter/monter", "4"),
    ("Sauter sur ou de sa monture", "3"),
    ("Tomber de sa monture", "0"),
)

# Each table, by the caption (or header) that opens it in the document, and how many cells of a row are kept.
# A table with no caption is found by its header row, given instead (with its tab).
TABLES: tuple[tuple[str, bool, int, Table], ...] = (
    ("Valeurs\tCaractéristique", False, 2, NIVEAUX),
    ("Tableau d'orientation", True, 3, ORIENTATION),
    ("Objets encombrants\tPoids", False, 2, ENCOMBREMENT),
    ("Tableau des limites de mouvement", True, 4, LIMITES_DE_MOUVEMENT),
    ("Tableau des actions BASIQUES de déplacements", True, 2, DEPLACEMENTS_BASIQUES),
    ("Table de déplacement rapide", True, 2, DEPLACEMENT_RAPIDE),
    ("Tableau des actions AVANCEES de déplacements", True, 2, DEPLACEMENTS_AVANCES),
    ("Bonus au JC pour frapper", False, 2, BONUS_JC),
    ("Table d'échec critique au combat", True, 3, ECHEC_CRITIQUE_COMBAT),
    ("Tableau des actions BASIQUES pour les attaques au corps à corps", True, 2, CORPS_A_CORPS_BASIQUES),
    ("Tableau des actions AVANCEES pour les attaques au corps à corps", True, 2, CORPS_A_CORPS_AVANCES),
    ("Bonus et malus au JT", False, 2, BONUS_JT),
    ("Table d'échec critique au tir", True, 3, ECHEC_CRITIQUE_TIR),
    ("Tableau des actions BASIQUES des attaques par projectiles ou le tir", True, 2, TIR_BASIQUES),
    ("Tableau des attaques par projectiles ou le tir", True, 2, TIR_AVANCES),
    ("Bonus et malus au JS", False, 2, BONUS_JS),
    ("Table d'échec critique au lancement de sorts", True, 3, ECHEC_CRITIQUE_SORTS),
    ("Tableau des arcanes", True, 2, ARCANES),
    ("Table des dégâts", True, 3, DEGATS),
    ("Table de Moral", True, 2, MORAL),
    ("Table d'échec au Moral", True, 3, ECHEC_AU_MORAL),
    ("Tableau des actions BASIQUES liées au moral", True, 2, MORAL_BASIQUES),
    ("Tableau des actions AVANCEES liées au moral", True, 2, MORAL_AVANCES),
    ("Malus au scrutateur", False, 2, SCRUTATEUR),
    ("Tableau des actions autres", True, 2, AUTRES),
    ("Tableau des actions de la cavalerie", True, 2, CAVALERIE),
)
"""(caption, whether a header row follows it, cells kept per row, the rows)."""
