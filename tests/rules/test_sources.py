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
