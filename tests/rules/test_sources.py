"""The transcribed tables (``tests/rules/data``) against the source documents themselves, parsed afresh.

This module is collected only when the documents are found (``tests/rules/conftest.py``); the tests of the rules
read the transcription, so they run without them.
"""

from __future__ import annotations

import ast
import itertools
import re
from fractions import Fraction as F
from typing import Any

import pytest

from tests.rules import seeds
from tests.rules.data import belfry, freres_d_armes, odds_api, siege_rules, wfb_reference

SIEGE = seeds.SIEGE_RULES


def _value(text: str) -> int:
    return seeds.leading_int(text)


def test_to_hit_and_to_wound_grids() -> None:
    assert seeds.grid("TABLEAU DES JETS POUR TOUCHER") == wfb_reference.TO_HIT
    assert seeds.grid("TABLEAU DES JETS POUR BLESSER") == wfb_reference.TO_WOUND


def test_bs_row() -> None:
    shooting = seeds.table("PHASE DE TIR")
    header = next(row for row in shooting if row[0] == "Capacité de Tir")
    needs = next(row for row in shooting if row[0] == "Résultat à obtenir")
    assert dict(zip(map(int, header[1:]), map(int, needs[1:]), strict=True)) == wfb_reference.BS_NEED


def test_seven_plus_rows() -> None:
    rows: dict[int, int | None] = {}
    for need, text in (row for row in seeds.table("PHASE DE TIR") if len(row) == 2 and row[0].isdigit()):
        follow = re.search(r"suivi de (\d)", text)
        rows[int(need)] = int(follow.group(1)) if follow else None
    assert rows == wfb_reference.SEVEN_PLUS


def test_shooting_modifiers_in_order() -> None:
    lines = [b for b in seeds.bullets("PHASE DE TIR") if re.match(r"[+]?\d ", b)]
    printed = [(re.sub(r"^[+]?\d+ ", "", line).replace("*", ""), _value(line)) for line in lines]
    # The bullets ate the minus signs: "- 1 Tir en mouvement" reads "1 Tir en mouvement"; "+1" kept its sign.
    assert [(label, abs(value)) for label, value in wfb_reference.SHOOTING_MODIFIERS] == printed
    assert [value > 0 for _, value in wfb_reference.SHOOTING_MODIFIERS] == [line.startswith("+") for line in lines]


def test_armour_table() -> None:
    armour = seeds.labelled("SAUVEGARDE D'ARMURE")
    assert {
        label: None if armour[label] == "Aucune" else int(armour[label].rstrip("+"))
        for label in wfb_reference.BODY_ARMOUR
    } == wfb_reference.BODY_ARMOUR
    assert {label: _value(armour[label]) for label in wfb_reference.SAVE_BONUSES} == wfb_reference.SAVE_BONUSES
    low = armour["3 ou moins"]
    assert low == "Aucun"
    printed = dict.fromkeys(range(1, 4), 0) | {s: _value(armour[str(s)]) for s in range(4, 11)}
    assert printed == wfb_reference.SAVE_MODIFIERS


def test_miscast_table() -> None:
    rows = []
    for line in seeds.bullets("TABLEAU DES FIASCOS"):
        band = re.match(r"(\d+)(?:-(\d+))? ", line)
        assert band
        force = re.search(r"Force (\d+)", line)
        rows.append((int(band.group(1)), int(band.group(2) or band.group(1)), int(force.group(1)) if force else None))
    assert tuple(rows) == wfb_reference.MISCASTS


def test_combat_result_bonuses() -> None:
    table = seeds.labelled("BONUS AU RÉSULTAT DE COMBAT")
    assert {label: _value(value) for label, value in table.items() if label != "Situation"} == (
        wfb_reference.COMBAT_RESULT_BONUSES
    )
    caps = [int(m.group(1)) for value in table.values() if (m := re.search(r"maximum\+(\d)", value))]
    assert caps == [wfb_reference.MAX_EXTRA_RANKS_BONUS, wfb_reference.MAX_OVERKILL_BONUS]


def _per_level(title: str) -> dict[int, int]:
    return {
        int(m.group(1)): _value(value)
        for label, value in seeds.labelled(title).items()
        if (m := re.search(r"Niveau (\d)$", label))
    }


def test_magic_dice() -> None:
    assert _per_level("NOMBRE MAX. DE DÉS POUR LANCER") == wfb_reference.MAX_CASTING_DICE
    assert _per_level("DÉS DE POUVOIR") == wfb_reference.POWER_DICE_PER_LEVEL
    assert _value(seeds.labelled("DÉS DE POUVOIR")["Dés de Pouvoir communs"]) == wfb_reference.COMMON_POWER_DICE
    dispel = seeds.labelled("DÉS DE DISSIPATION")
    assert _per_level("DÉS DE DISSIPATION") == wfb_reference.DISPEL_DICE_PER_LEVEL
    assert [
        _value(dispel[label])
        for label in ("Dés de Dissipation communs", "Nains", "Chaque Maître des Runes", "Chaque Seigneur des Runes")
    ] == [
        wfb_reference.COMMON_DISPEL_DICE,
        wfb_reference.DWARF_DISPEL_DICE,
        wfb_reference.RUNESMITH_DISPEL_DICE,
        wfb_reference.RUNELORD_DISPEL_DICE,
    ]


def test_siege_table_1() -> None:
    rows = seeds.captioned("Tableau 1: Les Sections obligatoires")
    assert len(rows[0]) == 1 + len(siege_rules.TABLE_1_BANDS)
    assert {row[0]: tuple(map(int, row[1:])) for row in rows[1:-1]} == siege_rules.TABLE_1
    assert rows[-1] == [siege_rules.TABLE_1_VARIABLE, *["variable"] * len(siege_rules.TABLE_1_BANDS)]


def test_siege_table_2() -> None:
    rows = seeds.captioned("Tableau 2: Connexions/nombres de figurines")
    assert rows[0] == ["Connexion", "Nombre de figurines"]
    assert {row[0]: int(row[1]) for row in rows[1:]} == siege_rules.TABLE_2


def test_siege_table_3() -> None:
    rows = []
    for line in seeds.seed_lines(SIEGE):
        match = re.match(r"(\d+)(?:-(\d+)|(\+))?\t<b>([^.!<]+)", line)
        if match:
            low = int(match.group(1))
            rows.append((low, None if match.group(3) else int(match.group(2) or low), match.group(4).strip()))
    assert tuple(rows) == siege_rules.TABLE_3


_HEADING = re.compile(r"^\s*#+\s*\**\s*(\d+(?:\.\d+)*)\.?\s+(.*?)\s*$")


def _clause_texts() -> dict[tuple[str, str], list[str]]:
    """Each numbered heading of chapters 1–17 after the table of contents → the non-blank lines up to the next."""
    text = (seeds.SEEDS / SIEGE).read_text(encoding="utf-8")
    body = text[text.index("# 1. ANATOMIE DU FORT") :]
    texts: dict[tuple[str, str], list[str]] = {}
    current: list[str] = []
    for line in body.splitlines():
        if m := _HEADING.match(line):
            if int(m.group(1).split(".")[0]) > siege_rules.LAST_CHAPTER:
                break
            current = texts.setdefault((m.group(1), m.group(2).strip(" *:")), [])
        elif line.strip():
            current.append(line)
    return texts


def test_siege_clause_headings() -> None:
    """Every numbered heading, number and title, in order."""
    assert tuple(_clause_texts()) == siege_rules.CLAUSES


def test_siege_bare_headings() -> None:
    """The headings with no text before their first sub-clause, and only those."""
    bare = tuple(number for (number, _), lines in _clause_texts().items() if not lines)
    assert bare == siege_rules.BARE_HEADINGS


def _literal(node: ast.expr) -> Any:
    return eval(compile(ast.Expression(node), "ODDS_API.md", "eval"), {"F": F})


def _calls(block: str) -> list[odds_api.WorkedExample]:
    examples = []
    for node in ast.parse(block).body:
        if isinstance(node, ast.Expr):
            compare = node.value
            assert isinstance(compare, ast.Compare)
            assert isinstance(compare.left, ast.Call)
            call = compare.left
            assert isinstance(call.func, ast.Attribute)
            examples.append(
                (
                    call.func.attr,
                    tuple(_literal(arg) for arg in call.args),
                    {str(kw.arg): _literal(kw.value) for kw in call.keywords},
                    _literal(compare.comparators[0]),
                )
            )
    return examples


def test_odds_api_worked_examples() -> None:
    text = seeds.ODDS_API.read_text(encoding="utf-8")
    heading = text.index("## Worked examples")
    block = re.search(r"```python\n(.*?)```", text[heading:], re.DOTALL)
    assert block
    assert tuple(_calls(block.group(1))) == odds_api.WORKED_EXAMPLES


def test_odds_api_confrontation_examples() -> None:
    """The calls naming a Confrontation function in any of the document's code blocks."""
    text = seeds.ODDS_API.read_text(encoding="utf-8")
    found = [
        example
        for block in re.findall(r"```python\n(.*?)```", text, re.DOTALL)
        for example in _calls(block)
        if example[0].startswith("confrontation_")
    ]
    assert tuple(found) == odds_api.CONFRONTATION_EXAMPLES


# ---- seed 001, the belfry -------------------------------------------------------------------------------------------

BELFRY = "001_le_beffroi.fr.txt"


def _belfry_text() -> str:
    return "\n".join(seeds.seed_lines(BELFRY))


def _ints(pattern: str) -> tuple[int, ...]:
    match = re.search(pattern, _belfry_text(), re.S)
    assert match, f"001 no longer reads {pattern!r}"
    return tuple(int(group) for group in match.groups())


def test_belfry_speeds() -> None:
    # §4.1
    fast, slow_low, slow_high, none_below = _ints(
        r"Au moins (\d+) personnages au sol sont nécessaires pour déplacer le beffroi de 2 PM.*?"
        r"entre (\d+) et (\d+) personnages au sol\. En dessous de (\d+)"
    )
    assert ((fast, 2), (slow_low, 1)) == belfry.STANDARD_SPEED
    assert (slow_high, none_below) == (fast - 1, belfry.STANDARD_NONE_BELOW) == (fast - 1, slow_low)
    assert _ints(
        r"Exemple: (\d+) des (\d+) personnages.*?Les (\d+) personnages restants ne pourront pousser le beffroi "
        r"que d'une case"
    ) == (belfry.EXAMPLE_ENGAGED, belfry.EXAMPLE_PUSHERS, belfry.EXAMPLE_PUSHERS - belfry.EXAMPLE_ENGAGED)
    # §4.2
    light, fast, slow_low, slow_high, none_below, heavy_low, heavy_high = _ints(
        r"Si moins de (\d+) personnages se trouvent sur le beffroi.*?au moins (\d+) personnages au sol sont "
        r"nécessaires pour déplacer le beffroi de 2PM.*?s’il n’y a que (\d+) à (\d+) personnages au sol\. "
        r"En dessous de (\d+).*?"
        r"Entre (\d+) et (\d+) personnages"
    )
    assert ((fast, 2), (slow_low, 1)) == belfry.OVERLOAD_SPEED
    assert (slow_high, none_below) == (fast - 1, belfry.OVERLOAD_NONE_BELOW)
    assert light == belfry.OVERLOAD_LIGHT_UP_TO  # R16 reads "moins de 16" as up to 16
    assert (heavy_low, heavy_high) == belfry.OVERLOAD_HEAVY


def test_belfry_capacities_and_costs() -> None:
    # §5
    levels_1_2, level_3, pushers = _ints(
        r"jusqu’à (\d+) personnages aux niveaux 1 et 2, et (\d+) au niveau 3, sans compter les (\d+) personnages"
    )
    assert {0: pushers, 1: levels_1_2, 2: levels_1_2, 3: level_3} == belfry.CAPACITY
    assert _ints(
        r"au niveau du sol doit dépenser (\d+) PM\. Pour monter à chaque étage, il devra dépenser (\d+) PM "
        r"par niveau\. Le mouvement entre des hexagones beffroi au même niveau ne coûte qu’(\d+) PM"
    ) == (belfry.ENTER_GROUND, belfry.CLIMB_A_LEVEL, belfry.SAME_LEVEL)
    assert _ints(r"il faudra (\d+) PM pour monter ou descendre l'échelle") == (belfry.TALL_WALL_LADDER,)
    assert _ints(r"Passer d’un pont-levis à un rempart \(ou vice versa\) coûte (\d+) PM") == (belfry.BRIDGE_TO_RAMPART,)
    assert _ints(r"quand le beffroi est à plus de (\d+) cases") == (belfry.LEVEL_0_ONLY_BEYOND,)
    assert _ints(r"ajoutent (\d+) au résultat du dé sur la table de résultat de tir") == (belfry.MOVING_SHOOT_BONUS,)


def test_belfry_drawbridge_and_crush_table() -> None:
    # §8
    assert "n’est plus qu’à un hexagone de distance" in _belfry_text()
    assert belfry.REACH == 1
    winchers, winches = _ints(r"(\d+) personnages situés sur les (\d+) cases treuil")
    assert winchers == winches == belfry.WINCHERS
    bands = [
        (int(low), int(high or low))
        for low, high in re.findall(r"Si (?:le résultat est )?(\d+)(?:-(\d+))?[ ,]", _belfry_text())
    ]
    assert bands == [(low, high) for low, high, _ in belfry.CRUSH]
    assert _ints(r"porte une armure, ajoutez (\d+) au résultat") == (belfry.CRUSH_ARMOUR,)


def test_belfry_fights() -> None:
    # §1.2, §5, §8: the sentences on fighting in the belfry, read across the page breaks
    text = " ".join(_belfry_text().split())
    for sentence in belfry.FIGHTS.values():
        assert sentence in text, sentence
    assert _ints(r"le combat entre (\d+) personnages situés sur (\d+) niveaux différents") == belfry.BETWEEN_LEVELS


def test_belfry_fire_ratios() -> None:
    # §9 (R19)
    front, sides = re.findall(r"(\d+):(\d+)", _belfry_text())
    assert belfry.FIRE_RATIO["front"] == tuple(map(int, front))
    assert belfry.FIRE_RATIO["side"] == belfry.FIRE_RATIO["rear"] == tuple(map(int, sides))


def test_belfry_terrain_table() -> None:
    # §10
    lines = seeds.seed_lines(BELFRY)
    start = next(i for i, line in enumerate(lines) if line.startswith("Aspect\tNom"))
    rows = [seeds._cells(line) for line in lines[start + 1 :] if "cheval" in line]
    found = {
        row[0]: (int(re.search(r"cheval (\d+)", row[1]).group(1)), row[2], row[3], row[4])  # type: ignore[union-attr]
        for row in rows
    }
    assert found == belfry.TERRAIN
    ladder = next(row for row in rows if row[0] == "Echelle")
    assert f"({belfry.TALL_WALL_LADDER} quand on attaque un rempart de niveau 3)" in ladder[1]


@pytest.mark.parametrize(
    ("opening", "header", "cells", "rows"),
    freres_d_armes.TABLES,
    ids=[t[0].split("\t")[0] for t in freres_d_armes.TABLES],
)
def test_freres_tables(opening: str, header: bool, cells: int, rows: freres_d_armes.Table) -> None:
    """003: every table, row by row and cell by cell (the first ``cells`` of each), as transcribed."""
    printed = seeds.opened_by(opening, seeds.FRERES)
    body = printed[1:] if header else printed
    assert tuple(tuple(row[:cells]) for row in body) == rows


def test_freres_reload_costs() -> None:
    """003 II §5.2 Recharger arme: the costs by weapon, written in the remarks."""
    row = next(
        r
        for r in seeds.opened_by("Tableau des actions BASIQUES des attaques", seeds.FRERES)
        if r[0] == "Recharger arme"
    )
    assert row[2] == freres_d_armes.RECHARGEMENT


def test_freres_every_table_is_transcribed() -> None:
    """003: the captions of the document's tables (lines opening a tab-separated block) are the transcribed ones."""
    lines = seeds.seed_lines(seeds.FRERES)
    openings = [
        seeds.untagged(line.split("\t")[0])
        for previous, line in itertools.pairwise(("", *lines))
        if "\t" in line and not previous.strip() and not re.search(r"\.{3,}", line)
    ]
    assert openings == [t[0].split("\t")[0] for t in freres_d_armes.TABLES]


def test_odds_api_freres_examples() -> None:
    """The calls naming a Frères d'Armes function in any of the document's code blocks."""
    text = seeds.ODDS_API.read_text(encoding="utf-8")
    found = [
        example
        for block in re.findall(r"```python\n(.*?)```", text, re.DOTALL)
        for example in _calls(block)
        if example[0].startswith("fda_")
    ]
    assert tuple(found) == odds_api.FRERES_EXAMPLES


# Seed 004, the Confrontation house rules: tests/rules/confrontation/data.py against the document, cell by cell.


def _confrontation_data() -> Any:
    from tests.rules.confrontation import data

    return data


def _plain(text: str) -> str:
    return text.replace("’", "'").replace("–", "-")


def _bullets(heading: str, end: str) -> list[str]:
    return [line.removeprefix("Ø ") for line in seeds.confrontation_block(heading, end)]


def _number(pattern: str, heading: str, end: str) -> int:
    text = " ".join(seeds.confrontation_block(heading, end))
    match = re.search(pattern, text)
    assert match, f"{pattern!r} not found under {heading!r}"
    return int(match.group(1))


def test_confrontation_extra_dice() -> None:
    """Nombre de dés au corps à corps: every line, in order."""
    printed = {}
    for line in _bullets("Nombre de dés au corps à corps", "A savoir"):
        label, value = line.split(" : ")
        extra = re.match(r"\+ (\d+) dés?", value)
        assert extra or value == "pas de dés en plus", value
        printed[label] = int(extra.group(1)) if extra else 0
    assert list(printed.items()) == list(_confrontation_data().DES_EN_PLUS.items())


_BONUS_LINES = {
    r"\+ (\d+) en attaque": "attaque",
    r"- (\d+) en attaque": "attaque",
    r"\+ (\d+) en initiative": "initiative",
    r"\+ (\d+) dés? pour la localisation": "dés de localisation",
    r"\+ (\d+) dés? d'attaque": "dés d'attaque",
}


def _listed_bonus(lines: list[str]) -> dict[str, int | bool]:
    bonus: dict[str, int | bool] = {}
    for line in lines:
        if line.startswith("pas de riposte"):
            bonus["riposte"] = False
            if "ni de défense" in line:
                bonus["dés de défense"] = False
            continue
        key, value = next((k, int(m.group(1))) for p, k in _BONUS_LINES.items() if (m := re.fullmatch(p, line)))
        bonus[key] = -value if line.startswith("-") else value
    return bonus


def test_confrontation_charge_and_strike_bonuses() -> None:
    """Charge de face, dans le dos, de flanc; Frapper dans le dos, un fuyard; Position surélevée: each listed
    bonus, and nothing more."""
    bonus = _confrontation_data().BONUS
    listed = {
        "charge de face": _bullets("Charge de face", "Charge dans le dos"),
        "charge dans le dos": _bullets("Charge dans le dos", "NB"),
        "charge de flanc": _bullets("Charge de flanc", "NB"),
        "frapper un fuyard": _bullets("Frapper un fuyard", "Défendre une position"),
    }
    for name, lines in listed.items():
        assert _listed_bonus(lines) == bonus[name], name
    back = _bullets("Frapper dans le dos", "Frapper un fuyard")
    assert back[0] == "modificateurs pour frapper dans le dos :"
    assert back[3] == "modificateurs pour frapper un ennemi derrière soi :"
    assert _listed_bonus(back[1:3]) == bonus["frapper dans le dos"]
    assert _listed_bonus(back[4:]) == bonus["frapper un ennemi derrière soi"]
    elevated = " ".join(_bullets("Position surélevée et corps-à-corps", "Le tir"))
    assert re.search(r"bonus de \+ (\d+) en attaque", elevated)
    assert {"attaque": _number(r"bonus de \+ (\d+) en attaque", "Position surélevée et corps", "Le tir")} == (
        bonus["position surélevée"]
    )


def test_confrontation_bonuses_written_in_sentences() -> None:
    """Aller au corps à corps sans charger, Mouvement de poursuite, Echec d'un test de peur, Réception de charge."""
    bonus = _confrontation_data().BONUS
    without = ("Aller au corps à corps sans charger", "Echec 'critique'")
    assert {
        "initiative": _number(r"bonus de (\d+) en initiative", *without),
        "attaque": _number(r"et de (\d+) en attaque", *without),
    } == bonus["sans charger"]
    pursuit = ("Mouvement de poursuite", "Rappel")
    assert {
        "initiative": _number(r"bonus de (\d+) en initiative", *pursuit),
        "attaque": _number(r"et de (\d+) en attaque", *pursuit),
    } == bonus["poursuite, ennemi seul ou corps à corps pas encore joué"]
    assert "(pas de bonus d'initiative ni d'attaque)" in " ".join(seeds.confrontation_block(*pursuit))
    assert bonus["poursuite, corps à corps déjà joué"] == {}
    fear = -_number(r"malus de '-(\d+)' en initiative, attaque et défense", "Echec d'un test de peur", "Charge de")
    assert bonus["échec d'un test de peur, engagé"] == {"initiative": fear, "attaque": fear, "défense": fear}
    received = -_number(r"- (\d+) en attaque et en défense", "Réception de charge", "Ordre de la phase")
    assert bonus["après une réception de tir"] == {"attaque": received, "défense": received}


def test_confrontation_defending_a_position() -> None:
    data = _confrontation_data()
    lines = seeds.confrontation_block("Défendre une position", "Position surélevée")
    found = (re.fullmatch(r"(.+) : \+ (\d+) en défense", line) for line in lines)
    printed = {m.group(1): int(m.group(2)) for m in found if m}
    assert printed == data.DEFENSE
    assert -_number(r"il faut soustraire (\d+) à ce bonus", "Défendre une position", "Position") == (
        data.CONTRE_UN_MONSTRE
    )


def test_confrontation_shooting_into_a_melee() -> None:
    data = _confrontation_data()
    lines = seeds.confrontation_block("Tirer dans le tas", "NB")
    found = (re.fullmatch(r"(\d+) chances? de toucher (.+)", line) for line in lines)
    chances = [(m.group(2), int(m.group(1))) for m in found if m]
    # the transcription's labels are the printed ones, shortened
    assert [text for text, _ in chances] == [
        "la cible visée si c'est une troupe",
        "la cible visée si c'est un monstre",
        "chaque figurine de troupe en contact avec la cible",
        "chaque figurine de monstre en contact avec la cible",
    ]
    assert [n for _, n in chances] == list(data.TIR_DANS_LE_TAS_CHANCES.values())
    grades = ("Tirer dans le tas", "NB")
    assert _number(r"réussite 'exceptionnelle' \(de (\d+) ou plus\)", *grades) == data.TIR_REUSSITE_EXCEPTIONNELLE
    assert _number(r"échec 'grave' \(de (\d+) ou plus\)", *grades) == data.TIR_ECHEC_GRAVE
    assert _number(r"échec 'critique' \(de (\d+) ou plus, ou bien résultat de 1\)", *grades) == data.TIR_ECHEC_CRITIQUE


def test_confrontation_range_by_height() -> None:
    """Position surélevée et armes de distance: the five columns and three rows, and the halving/doubling example."""
    data = _confrontation_data()
    cells = seeds.confrontation_block("Différence", "NB : les chiffres sont des cm")
    columns, rows = cells[:5], [cells[6:11], cells[12:17], cells[18:23]]
    assert [cells[5], cells[11], cells[17]] == ["Portée courte", "Portée moyenne", "Portée longue"]
    assert len(cells) == 23
    printed = [
        (column, tuple(None if row[i] == "-" else int(row[i]) for row in rows)) for i, column in enumerate(columns)
    ]
    assert printed == data.HAUTEUR
    limits = re.search(
        r"portée de \((\d+)-(\d+)-(\d+)\) se verra un minimum de \((\d+)-(\d+)-(\d+)\) "
        r"et un maximum de \((\d+)/(\d+)/(\d+)\)",
        next(line for line in seeds.confrontation_lines() if line.startswith("! ! ces modificateur")),
    )
    assert limits
    numbers = tuple(int(n) for n in limits.groups())
    example = data.PORTEE_EXEMPLE
    assert numbers == (*example["portée"], *example["minimum"], *example["maximum"])


def test_confrontation_shooting_modifiers() -> None:
    """Modificateurs de tir: the three range difficulties, then every other line in order."""
    data = _confrontation_data()
    cells = seeds.confrontation_block("Difficulté", "La fuite")
    pairs = [(cells[i], int(cells[i + 1].replace(" ", ""))) for i in range(0, len(cells), 2)]
    assert [value for _, value in pairs[:3]] == list(data.DIFFICULTE_PORTEE.values())
    assert [label for label, _ in pairs[:3]] == ["Tir à courte portée", "Tir à portée moyenne", "Tir à longue portée"]
    others = pairs[3:]
    assert [value for _, value in others] == list(data.MODIFICATEURS_TIR.values())
    assert all(label.startswith(_plain(key)) for (label, _), key in zip(others, data.MODIFICATEURS_TIR, strict=True))
    reception = ("Réception de charge", "Ordre de la phase")
    assert _number(r"test de commandement \(difficulté (\d+)\)", *reception) == data.RECEPTION_DIFFICULTE
    assert _number(r"le malus de (\d+) pour le fait de se faire charger", *reception) == (
        data.RECEPTION_MALUS_CIBLE_QUI_CHARGE
    )


_SHARES = {"/2": "1/2", "": "1", "x 2": "2", "x 1,5": "3/2"}


def _flight_rows(lines: list[str]) -> dict[int, str]:
    """``1 ® fuite du mouvement/2`` … as {face: share of the move}; a pursuer's ``+ mouvement/2`` likewise."""
    rows: dict[int, str] = {}
    for line in lines:
        match = re.fullmatch(r"([\d -]+?) ?® ?(.+)", line.replace("´", "x"))
        if not match:
            continue
        faces = [int(f) for f in match.group(1).split(" - ")]
        outcome = match.group(2)
        if outcome in ("ne peut pas fuir", "mouvement de charge maximum"):
            share = "0"
        else:
            share = _SHARES[re.sub(r"^(fuite du mouvement|mouvement de charge maximum \+ mouvement) ?", "", outcome)]
        for face in range(faces[0], faces[-1] + 1):
            rows[face] = share
    return rows


def test_confrontation_flight_and_pursuit_tables() -> None:
    data = _confrontation_data()
    fear = seeds.confrontation_block("Rattraper un fuyard", "! ! si le fuyard")
    split = fear.index("faire un jet de d6 pour le poursuivant :")
    assert _flight_rows(fear[:split]) == data.FUITE_PEUR
    assert _flight_rows(fear[split:]) == data.POURSUITE
    voluntary = seeds.confrontation_block("Fuir volontairement", "! ! si le fuyard")
    split = voluntary.index("faire un jet de d6 pour le poursuivant :")
    assert _flight_rows(voluntary[:split]) == data.FUITE_VOLONTAIRE
    assert _flight_rows(voluntary[split:]) == data.POURSUITE
    moved = [line for line in seeds.confrontation_lines() if line.startswith("! ! si le fuyard")]
    assert len(moved) == 2
    assert all(f"appliquer un '{data.FUYARD_DEJA_DEPLACE}' à son jet de fuite" in line for line in moved)
    not_pursuing = [line for line in seeds.confrontation_lines() if line.startswith("NB2 : pour ne pas poursuivre")]
    assert [int(line.rsplit(" ", 1)[1]) for line in not_pursuing] == [data.NE_PAS_POURSUIVRE] * 2
    assert _number(r"test de discipline d'une difficulté de (\d+)", "NB4 : on ne peut sortir", "Note aux pleutres") == (
        data.SORTIR_DE_LA_TABLE
    )
    rally = ("Note aux pleutres", "Se désengager")
    assert _number(r"\(difficulté du test de peur échoué - (\d+)\)", *rally) == data.RALLIEMENT_MOINS
    assert _number(r"encore diminuée de (\d+)", *rally) == data.RALLIEMENT_MOINS
    assert -_number(r"en appliquant '-(\d+)' sur la table des mouvement de fuite", *rally) == data.ESSOUFFLEMENT


def test_confrontation_disengaging() -> None:
    data = _confrontation_data()
    block = ("Se désengager d'un combat", "Divers")
    assert _number(r"la plus forte \( avec un minimum de (\d+)\)", *block) == data.DESENGAGEMENT_INITIATIVE_MINIMUM
    example = re.search(
        r"EX : (\d+) humains .* contre (\d+) orques .* difficulté de (\d+)\. .* la difficulté aurait été de (\d+)\.",
        " ".join(seeds.confrontation_block(*block)),
    )
    assert example
    assert tuple(int(n) for n in example.groups()) == tuple(data.DESENGAGEMENT_EXEMPLE.values())
    assert _number(r"réussite 'exceptionnelle' \(de (\d+) ou plus\)", *block) == (
        data.DESENGAGEMENT_REUSSITE_EXCEPTIONNELLE
    )
    assert _number(r"échec 'grave' \(de (\d+) ou plus\)", *block) == data.DESENGAGEMENT_ECHEC_GRAVE
    assert _number(r"échec 'critique' \(de (\d+) ou plus, ou bien résultat de 1\)", *block) == (
        data.DESENGAGEMENT_ECHEC_CRITIQUE
    )
    assert _number(r"rattrapée au bout de (\d+) cm", *block) == data.RATTRAPE_AU_BOUT_DE


def test_confrontation_miscellany() -> None:
    data = _confrontation_data()
    assert _number(r"réussite automatique sur un (\d)", "Test de peur", "Evidences") == data.PEUR_REUSSITE_AUTOMATIQUE
    assert _number(r"rayon d'action de (\d+) cm", "Compétence commandement", "Etat-major") == data.RAYON_COMMANDEMENT
    assert _number(r"rayon d'action de (\d+) cm", "Etat-major", "La transe") == data.RAYON_ETAT_MAJOR
    assert _number(r"dans un rayon de (\d+) cm", "Etat-major", "La transe") == data.ETAT_MAJOR_GROUPE
    trance_text = " ".join(seeds.confrontation_block("La transe", "La course"))
    trance = re.search(r"un (\d) est considéré comme un (\d)", trance_text)
    assert trance
    assert {int(trance.group(1)): int(trance.group(2))} == data.TRANSE
    assert _number(r"la portée est limitée à (\d+) cm", "Le sort 'tempête divine'", "Le sort") == (
        data.TEMPETE_DIVINE_PORTEE
    )


def test_confrontation_movement_table() -> None:
    data = _confrontation_data()
    cells = seeds.confrontation_block("Modificateurs de mouvement", "* pas de marche forcée autorisée")
    assert cells[:5] == ["Condition", "Troupes", "Cavalerie", "Monstres", "Machines"]
    rows = [cells[i : i + 5] for i in range(5, len(cells), 5)]
    assert {row[0]: tuple(row[1:]) for row in rows} == data.MOUVEMENT
    assert len(rows) == len(data.MOUVEMENT)
    special = next(line for line in seeds.confrontation_lines() if line.startswith("spécial :"))
    times = re.fullmatch(
        r"spécial : compter (\w+) fois la hauteur pour les troupes et (\w+) fois pour les monstres", special
    )
    assert times
    words = {"une": 1, "deux": 2}
    assert {"troupes": words[times.group(1)], "monstres": words[times.group(2)]} == data.MURET_HAUTEUR


def _band(label: str) -> tuple[int | None, int | None]:
    if match := re.fullmatch(r"(-?\d+) ou -", label):
        return (None, int(match.group(1)))
    if match := re.fullmatch(r"(-?\d+) ou \+", label):
        return (int(match.group(1)), None)
    match = re.fullmatch(r"(-?\d+) à (-?\d+)", label)
    assert match, label
    return (int(match.group(1)), int(match.group(2)))


def test_confrontation_wound_table() -> None:
    """Tableau de blessures: every band and every cell, then the doubles."""
    data = _confrontation_data()
    cells = seeds.confrontation_block("Tableau de blessures", "double 1")
    assert cells[:5] == ["Dégâts", "jambes (1)", "bras (2)", "tronc (3)", "tête (4+)"]
    rows = [cells[i : i + 5] for i in range(5, len(cells), 5)]
    assert [(_band(row[0]), tuple(row[1:])) for row in rows] == data.BLESSURES
    doubles = " ".join(line for line in seeds.confrontation_lines() if line.startswith("double "))
    printed: dict[int, int | str] = {}
    for face, effect in re.findall(r"double (\d) : (.+?)(?= double |$)", doubles):
        force = re.fullmatch(r"([+-]) (\d) à la force", effect)
        printed[int(face)] = (int(force.group(2)) * (1 if force.group(1) == "+" else -1)) if force else effect
    assert dict(sorted(printed.items())) == data.DOUBLES
