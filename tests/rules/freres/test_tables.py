"""Every table of seed 003 against the engine, cell by cell: the rows come from the hand transcription in
``tests/rules/data/freres_d_armes.py`` (itself compared with the document by ``tests/rules/test_sources.py``), the
French names are translated here once, and each number is read off the French text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from rules.freres import damage, melee, morale, mounted, movement, other, shooting, spells
from rules.freres.checks import level_name
from rules.freres.damage import DamageRow
from rules.freres.melee import MeleeCritical
from rules.freres.morale import MoraleEffect, MoraleRow
from rules.freres.movement import FastMoveRow, Item, Kind, Terrain
from rules.freres.shooting import ShotCritical
from rules.freres.spells import SpellCritical
from tests.rules.data import freres_d_armes as doc

SCORES = range(-15, 25)
"""Scores well past every band's ends: the "et -" and "et +" rows are checked beyond their first number."""


def band(text: str) -> tuple[int | None, int | None]:
    """A band as printed: "0 et -", "0 et-", "1 à 4", "0 à -5", "2-4", "10 et +", "5"."""
    numbers = [int(n) for n in re.findall(r"(?<![\d])-?\d+", text.replace("-", " -").replace("à -", "à -"))]
    if re.search(r"et ?-$", text):
        return None, numbers[0]
    if text.endswith("et +"):
        return numbers[0], None
    if len(numbers) == 2 and "-" in text and "à" not in text:
        return numbers[0], -numbers[1]
    return min(numbers), max(numbers)


def in_band(score: int, low: int | None, high: int | None) -> bool:
    return (low is None or score >= low) and (high is None or score <= high)


def test_band_reader() -> None:
    assert band("0 et -") == (None, 0)
    assert band("0 et-") == (None, 0)
    assert band("-6 et -") == (None, -6)
    assert band("0 à -5") == (-5, 0)
    assert band("1 à 4") == (1, 4)
    assert band("2-4") == (2, 4)
    assert band("10 et +") == (10, None)
    assert band("5") == (5, 5)


def pa(text: str) -> int | None:
    """A cost as printed: "3", "+1", "-1"; None for "V", "AD" and "?" (variable, defensive, by weapon)."""
    return None if text in ("V", "AD", "?") else int(text)


def modifier(text: str) -> int | None:
    """A modifier as printed: "+1", "-2"; None for "+/-" and "- ?"."""
    return None if text in ("+/-", "- ?") else int(text)


# ---- II §2 -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "name"), doc.NIVEAUX)
def test_characteristic_levels(value: str, name: str) -> None:
    """003 II §2: the scale's word for each value, the ends reaching beyond."""
    low, high = band(value)
    for score in range(-3, 14):
        if in_band(score, low, high):
            assert level_name(score) == name


# ---- II §3 -------------------------------------------------------------------------------------------------------

KINDS = {"Piéton": Kind.FOOT, "Monté": Kind.MOUNTED}


@pytest.mark.parametrize(("kind", "narrow", "wide"), doc.ORIENTATION)
def test_orientation(kind: str, narrow: str, wide: str) -> None:
    """003 II §3.1 Tableau d'orientation."""
    assert movement.ORIENTATION[KINDS[kind]] == (int(narrow.split()[0]), int(wide.split()[0]))


ITEMS = {
    "Armure métallique": (Item.METAL_ARMOUR,),
    "Armure non métallique": (Item.OTHER_ARMOUR,),
    "Objet à une main": (Item.ONE_HANDED,),
    "Objet à deux mains, bouclier": (Item.TWO_HANDED, Item.SHIELD),
    "Pièce d'artillerie": (Item.ARTILLERY,),
    "Sac de 10 munitions": (Item.AMMUNITION,),
}


def test_every_item_is_in_the_encumbrance_table() -> None:
    assert sorted(i for items in ITEMS.values() for i in items) == sorted(Item)
    assert [row[0] for row in doc.ENCOMBREMENT] == list(ITEMS)


@pytest.mark.parametrize(("label", "weight"), doc.ENCOMBREMENT)
def test_encumbrance_weights(label: str, weight: str) -> None:
    """003 II §3.2 Objets encombrants."""
    for item in ITEMS[label]:
        assert movement.WEIGHTS[item] == int(weight)


def test_encumbered_at_six() -> None:
    """003 II §3.2: "Si le poids porté par une figurine est de 6 ou plus, elle est encombrée"."""
    assert not movement.encumbered(5)
    assert movement.encumbered(6)
    assert movement.weight([Item.METAL_ARMOUR, Item.SHIELD, Item.ONE_HANDED]) == 6  # the knight of the example
    with pytest.raises(ValueError, match="at most 6 objects"):
        movement.weight([Item.AMMUNITION] * 7)


@pytest.mark.parametrize(("kind", "clear", "rough", "most"), doc.LIMITES_DE_MOUVEMENT)
def test_movement_limits(kind: str, clear: str, rough: str, most: str) -> None:
    """003 II §3.3 Tableau des limites de mouvement, for every Agility, encumbered or not (-2 cm, not -4)."""
    per_agility = 1 if rough == "A en cm" else int(rough.split()[-1])
    for agility in range(1, 11):
        for burdened in (False, True):
            cut = 2 if burdened else 0
            assert movement.move_limit(KINDS[kind], Terrain.CLEAR, agility, burdened) == int(clear.split()[0]) - cut
            assert movement.move_limit(KINDS[kind], Terrain.ROUGH, agility, burdened) == max(
                0, per_agility * agility - cut
            )
    assert movement.turn_limit(KINDS[kind]) == int(most.split()[0])


def test_the_encumbered_human_in_rough_terrain() -> None:
    """003 II §3.3 Exemple: Agility 5, encumbered, rough terrain: 5 - 2 = 3 cm."""
    assert movement.move_limit(Kind.FOOT, Terrain.ROUGH, 5, True) == 3


MOVE_ACTIONS = {
    "S'orienter": "turn",
    "Se déplacer": "move",
    "Courir/trotter": "run",
    "Sprinter/galoper": "sprint",
    "Se relever": "stand_up",
    "Avancer caché": "move_hidden",
    "Se cacher": "hide",
    "Avancer à couvert": "move_in_cover",
    "Se mettre à couvert": "take_cover",
    "Avancer couché": "crawl",
    "Se coucher": "lie_down",
    "Course effrénée ou triple galop": "frenzied_run",
    "Escalader": "climb",
    "Sauter": "jump",
}


def _costs(table: doc.Table, names: Mapping[str, str], costs: Mapping[str, int | None]) -> None:
    assert [names[row[0]] for row in table] == list(costs)
    for label, printed in (row[:2] for row in table):
        assert costs[names[label]] == pa(printed), label


def test_basic_movement_costs() -> None:
    """003 II §3.4 Tableau des actions BASIQUES de déplacements."""
    _costs(doc.DEPLACEMENTS_BASIQUES, MOVE_ACTIONS, movement.BASIC_COSTS)


def test_advanced_movement_costs() -> None:
    """003 II §3.4 Tableau des actions AVANCEES de déplacements."""
    _costs(doc.DEPLACEMENTS_AVANCES, MOVE_ACTIONS, movement.ADVANCED_COSTS)


FAST_MOVES = {
    "Grosse gamelle": FastMoveRow.BIG_FALL,
    "Gamelle": FastMoveRow.FALL,
    "Faux départ": FastMoveRow.FALSE_START,
    "Avance gênée": FastMoveRow.HINDERED,
    "Gogogogogo": FastMoveRow.GO,
}


@pytest.mark.parametrize(("score", "name"), doc.DEPLACEMENT_RAPIDE)
def test_fast_move_table(score: str, name: str) -> None:
    """003 II §3.4 Table de déplacement rapide, every score of each band."""
    low, high = band(score)
    assert [s for s in SCORES if movement.fast_move_row(s) is FAST_MOVES[name]] == [
        s for s in SCORES if in_band(s, low, high)
    ]


# ---- II §4 -------------------------------------------------------------------------------------------------------

HIT_BONUSES = {
    "Par ennemi au contact de la cible (ne pas compter celui qui combat)": "per_other_enemy_in_contact",
    "Frapper un ennemi à pied tout en étant sur une monture": "mounted_against_foot",
    "Frapper un ennemi dans le dos": "from_behind",
    "Frapper un ennemi au sol (figurine sur le dos non sonnée)": "target_on_ground",
}


def test_hit_bonuses() -> None:
    """003 II §4.1.2 Bonus au JC pour frapper."""
    assert {HIT_BONUSES[label]: modifier(value) for value, label in doc.BONUS_JC} == melee.HIT_BONUSES


MELEE_CRITICALS = {
    "Arme défectueuse": MeleeCritical.DEFECTIVE,
    "Arme usée": MeleeCritical.WORN,
    "L'arme tombe sur vos pieds": MeleeCritical.ON_YOUR_FEET,
    "Parade avec le bras": MeleeCritical.ARM_PARRY,
    "Echappe des mains": MeleeCritical.SLIPS,
    "Lame émoussée": MeleeCritical.BLUNTED,
    "Arme branlante": MeleeCritical.WOBBLY,
    "Fourreau se détache": MeleeCritical.SCABBARD,
    "Arme brisée": MeleeCritical.BROKEN,
    "Feinte !": MeleeCritical.FEINT,
}


def _signed(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    return abs(int(found.group(1))) if found else 0


@pytest.mark.parametrize(("die", "name", "effect"), doc.ECHEC_CRITIQUE_COMBAT)
def test_melee_critical_table(die: str, name: str, effect: str) -> None:
    """003 II §4.1.3 Table d'échec critique au combat: the row of every score (the "0 et-" row below 0 too) and its
    effect, read off the French."""
    low, high = band(die)
    for score in range(-6, 10):
        if in_band(score, low, high):
            row = melee.critical_row(score)
            assert row.result is MELEE_CRITICALS[name]
            assert row.combativity_malus == _signed(r"(-\d) au C ", effect)
            assert row.enemy_damage_bonus == _signed(r"\+(\d) au DegC", effect)
            assert row.damage_malus == _signed(r"(-\d) au DegC", effect)
            assert row.table_malus == _signed(r"(-\d) au dé sur cette table", effect)
            assert row.null_combat == ("combat est nul" in effect)
            assert row.weapon_useless == ("inutile" in effect or "se détruit" in effect)
            assert row.weapon_dropped == ("tombe au sol" in effect)
            assert row.cannot_sheathe == ("Impossible de ranger" in effect)


def test_melee_critical_enemy_hits_but_on_8_and_9() -> None:
    """003 II §4.1.3: "Dans tous les cas (sauf 8 et 9) votre ennemi vous touche"."""
    assert [s for s in range(10) if melee.critical_row(s).null_combat] == [8, 9]


MELEE_ACTIONS = {
    "Charger": "charge",
    "Frapper": "strike",
    "Se défendre": "defend",
    "Frapper fort": "strike_hard",
    "Changer d'arme en cas d'attaque": "change_weapon",
    "Esquiver A un contre un uniquement.": "dodge",
    "Parer": "parry",
}


def test_melee_costs() -> None:
    """003 II §4.2, both tables."""
    _costs(doc.CORPS_A_CORPS_BASIQUES, MELEE_ACTIONS, melee.BASIC_COSTS)
    _costs(doc.CORPS_A_CORPS_AVANCES, MELEE_ACTIONS, melee.ADVANCED_COSTS)


# ---- II §5 -------------------------------------------------------------------------------------------------------

SHOT_MODIFIERS = {
    "Le tireur vise": "aim",
    "Tir à bout portant (cible à moins de 10 cm)": "point_blank",
    "Bonus de l'arme": "weapon",
    "Compétences spéciales": "skills",
    "Tireur monté": "mounted_shooter",
    "Tireur a bougé ou s'est orienté dans ce tour": "moved",
    "Cible à couvert ou au sol, si à + de 10 cm": "cover_or_ground",
    "Cible masquée à plus de 50%": "masked",
    "Tir de réaction": "reaction_shot",
    "La cible a un bouclier": "shield",
}


def test_shot_modifiers() -> None:
    """003 II §5.1.2 Bonus et malus au JT, in the document's order."""
    assert [(SHOT_MODIFIERS[label], modifier(value)) for value, label in doc.BONUS_JT] == list(
        shooting.SHOT_MODIFIERS.items()
    )


SHOT_CRITICALS = {
    "Arme défectueuse": ShotCritical.DEFECTIVE,
    "Arme usée": ShotCritical.WORN,
    "Arme enrayée": ShotCritical.JAMMED,
    "Corde cassée": ShotCritical.STRING,
    "Sac à munitions se détache": ShotCritical.AMMUNITION,
    "Rien pour cette fois !": ShotCritical.NOTHING,
}


@pytest.mark.parametrize(("die", "name", "effect"), doc.ECHEC_CRITIQUE_TIR)
def test_shot_critical_table(die: str, name: str, effect: str) -> None:
    """003 II §5.1.2 Table d'échec critique au tir, every face."""
    low, high = band(die)
    assert [f for f in range(10) if shooting.critical_row(f) is SHOT_CRITICALS[name]] == [
        f for f in range(10) if in_band(f, low, high)
    ]


SHOT_ACTIONS = {
    "Recharger arme": "reload",
    "Tirer": "shoot",
    "Tir défensif": "defensive_shot",
    "Tir de réaction": "reaction_shot",
    "Viser": "aim",
    "Changer de chargeur": "change_magazine",
    "Recharger rapidement": "quick_reload",
    "Désenrayer ou changer de corde": "unjam",
    "Récupérer trait* planté": "recover_missile",
}


def test_shot_costs() -> None:
    """003 II §5.2, both tables, and the reload costs written in the remarks."""
    _costs(doc.TIR_BASIQUES, SHOT_ACTIONS, shooting.BASIC_COSTS)
    _costs(doc.TIR_AVANCES, SHOT_ACTIONS, shooting.ADVANCED_COSTS)
    names = {"arc": "bow", "fronde": "sling", "arme à feu": "firearm", "arbalète": "crossbow", "trait": "thrown"}
    listed = doc.RECHARGEMENT[doc.RECHARGEMENT.index("(") + 1 :].rstrip(".)")
    printed = {}
    for part in listed.split(", "):
        *words, cost = part.split()
        for weapon in " ".join(words).split(" et "):
            printed[names[weapon]] = int(cost)
    assert printed == dict(shooting.RELOAD_COSTS)


# ---- II §6 -------------------------------------------------------------------------------------------------------

SPELL_MODIFIERS = {
    "Le lanceur se concentre": "concentrate",
    "Cible à moins de 10 cm": "close_target",
    "Bonus du support du sort": "support",
    "Compétences spéciales": "skills",
    "Lanceur monté": "mounted_caster",
    "Lanceur a bougé ou s'est orienté ce tour": "moved",
    "Cible à couvert ou au sol": "cover_or_ground",
    "Cible masquée à plus de 50%": "masked",
}


def test_spell_modifiers() -> None:
    """003 II §6.1.2 Bonus et malus au JS."""
    assert [(SPELL_MODIFIERS[label], modifier(value)) for value, label in doc.BONUS_JS] == list(
        spells.SPELL_MODIFIERS.items()
    )


SPELL_CRITICALS = {
    "Retour de sort.": SpellCritical.BACKFIRE,
    "Migraine": SpellCritical.MIGRAINE,
    "Souffle du sort": SpellCritical.BLAST,
    "Amnésie": SpellCritical.AMNESIA,
    "Ouf, rien !": SpellCritical.NOTHING,
}


@pytest.mark.parametrize(("die", "name", "effect"), doc.ECHEC_CRITIQUE_SORTS)
def test_spell_critical_table(die: str, name: str, effect: str) -> None:
    """003 II §6.1.3 Table d'échec critique au lancement de sorts, every face."""
    low, high = band(die)
    assert [f for f in range(10) if spells.critical_row(f) is SPELL_CRITICALS[name]] == [
        f for f in range(10) if in_band(f, low, high)
    ]


def test_arcane_costs() -> None:
    """003 II §6.2 Tableau des arcanes."""
    names = {"Chercher cible": "search_target", "Lancer sort": "cast", "Mémoriser sort": "memorise"}
    names["Se concentrer"] = "concentrate"
    _costs(doc.ARCANES, names, spells.COSTS)


# ---- II §7 -------------------------------------------------------------------------------------------------------

DAMAGE_ROWS = {
    "Rien du tout !": DamageRow.UNHURT,
    "Pas passé loin !": DamageRow.CLOSE_CALL,
    "Sonné": DamageRow.STUNNED,
    "Blessé": DamageRow.WOUNDED,
    "Grièvement blessé": DamageRow.GRIEVOUSLY_WOUNDED,
}


@pytest.mark.parametrize(("result", "state", "effect"), doc.DEGATS)
def test_damage_table(result: str, state: str, effect: str) -> None:
    """003 II §7 Table des dégâts: the row of every result and its effects and tests."""
    low, high = band(result)
    row = DAMAGE_ROWS[state]
    assert [s for s in SCORES if damage.damage_row(s) is row] == [s for s in SCORES if in_band(s, low, high)]
    assert damage.ROW_EFFECTS[row].pa_lost == _signed(r"(-\d) PA permanents", effect)
    assert damage.ROW_EFFECTS[row].morale_test == ("JM à faire" in effect)
    assert damage.ROW_EFFECTS[row].falls == ("Tombe au sol" in effect)


# ---- II §8 -------------------------------------------------------------------------------------------------------

MORALE_MODIFIERS = {
    "Elle n'a ni arme ni bouclier en main": "no_weapon_in_hand",
    "Par ennemis à son contact": "per_enemy_in_contact",
    "un étendard ami est dans les 30 cm": "friendly_standard",
}


def test_morale_modifiers() -> None:
    """003 II §8.1 Table de Moral."""
    assert {MORALE_MODIFIERS[label]: modifier(value) for value, label in doc.MORAL} == morale.MORALE_MODIFIERS


MORALE_ROWS = {
    "Perdue": MoraleRow.LOST,
    "Paniquée": MoraleRow.PANICKED,
    "Déroutée": MoraleRow.ROUTED,
    "Ebranlée": MoraleRow.SHAKEN,
    "Secouée": MoraleRow.RATTLED,
    "Méfiante": MoraleRow.WARY,
    "Prudente": MoraleRow.CAUTIOUS,
    "Stoïque": MoraleRow.STOIC,
}
PHRASES = {
    "se rend": MoraleEffect.SURRENDERS,
    "abandonne les armes": MoraleEffect.DROPS_WEAPONS,
    "part en déroute": MoraleEffect.ROUTS,
    "ni avancer vers l'ennemi ni déclencher un corps à corps": MoraleEffect.NO_ADVANCE,
    "-1 aux JM": MoraleEffect.JM_MALUS,
    "recule de son socle": MoraleEffect.STEPS_BACK,
}


def _expected_effects(state: str) -> set[MoraleEffect]:
    """What the document's row says, following its "Idem …" to the rows it names (the effects add up)."""
    effect = next(row[2] for row in doc.ECHEC_AU_MORAL if row[1] == state)
    found = {e for phrase, e in PHRASES.items() if phrase in effect}
    if effect.startswith("Idem "):
        named = re.split(r",| de plus", effect[5:])[0]
        for word in named.split(" et "):
            found |= _expected_effects(next(s for s in MORALE_ROWS if s.lower() == word.strip()))
    return found


@pytest.mark.parametrize(("die", "state", "effect"), doc.ECHEC_AU_MORAL)
def test_morale_failure_table(die: str, state: str, effect: str) -> None:
    """003 II §8.1 Table d'échec au Moral: the row of every score, and its consequences with those it names."""
    low, high = band(die)
    row = MORALE_ROWS[state]
    assert [s for s in SCORES if morale.failure_row(s) is row] == [s for s in SCORES if in_band(s, low, high)]
    assert set(morale.ROW_EFFECTS[row]) == _expected_effects(state)


def test_morale_costs() -> None:
    """003 II §8.2, both tables."""
    names = {
        "Dérouter": "rout",
        "Rallier": "rally",
        "Se rétablir": "recover",
        "Fuir le combat (volontairement)": "flee_combat",
        "Relever un camarade": "raise_comrade",
    }
    _costs((*doc.MORAL_BASIQUES, *doc.MORAL_AVANCES), names, morale.COSTS)


# ---- II §9, §10 --------------------------------------------------------------------------------------------------


def test_scrutiny_maluses() -> None:
    """003 II §9 Malus au scrutateur."""
    names = {
        "Tous les 10 cm entre la cible et le scrutateur": "per_10_cm",
        "Figurine cachée dans une forêt": "forest",
        "Figurine cachée dans un bosquet": "grove",
        "Figurine cachée dans un buisson": "bush",
        "Figurine cachée derrière un mur ou une fenêtre": "wall",
        "Il fait nuit": "night",
    }
    assert {names[label]: modifier(value) for value, label in doc.SCRUTATEUR} == other.SCRUTINY_MALUSES


def test_other_costs() -> None:
    """003 II §9 Tableau des actions autres."""
    names = {
        "Couper une tête": "behead",
        "Dégainer, ranger, ramasser ou poser un objet": "handle_object",
        "Ouvrir": "open",
        "Ouvrir à la Conan": "open_conan",
        "Porter/déposer un ami hors de combat": "carry_friend",
        "Scruter": "scrutinise",
    }
    _costs(doc.AUTRES, names, other.COSTS)


def test_cavalry_costs() -> None:
    """003 II §10.2.2 Tableau des actions de la cavalerie."""
    names = {
        "Charge de monté": "mounted_charge",
        "Ruade": "kick",
        "Piétiner": "trample",
        "Démonter/monter": "mount",
        "Sauter sur ou de sa monture": "leap_mount",
        "Tomber de sa monture": "fall_from_mount",
    }
    _costs(doc.CAVALERIE, names, mounted.COSTS)
