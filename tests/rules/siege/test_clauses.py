"""Every numbered clause of the siege rules (seed 000, chapters 1–17) is cited by a test of this package.

A clause counts as cited when ``§<number>`` appears, as a whole number, in the text of a test module here: in a
test id, a docstring or a comment beside the case. The few clauses with no rule of their own to test are listed
below, each with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules import seeds

SEED = seeds.SEEDS / seeds.SIEGE_RULES
TESTS = Path(__file__).parent
LAST_CHAPTER = 17

_TITLE = "a title: its rules are the numbered clauses under it"
NO_RULE_TO_TEST = {
    "1": _TITLE,
    "2": _TITLE,
    "3": _TITLE,
    "3.1": _TITLE,
    "3.2": _TITLE,
    "3.3": _TITLE,
    "4": _TITLE,
    "7": _TITLE,
    "8.1": _TITLE,
    "12": _TITLE,
    "12.1": _TITLE,
    "12.3": _TITLE,
    "1.1": "defines sections; each kind's rules are §1.1.1–§1.1.4, §1.2 and §1.4",
    "1.1.2": "defines the wall-walk section; its level is checked under §1.2",
    "1.1.3": "defines the tower section; its levels are checked under §1.2 and §1.4",
    "1.3.3": "service doors appear only if the clubs adopt indoor combat, a layout choice; their numbers are §2.1.1, "
    "§6.2 and R12",
    "1.6": "simultaneous movement is how the table plays; the engine resolves each side's actions as given",
    "2.1.3": "the section model has no wheels, ranks or charge angles, so there is nothing to refuse",
    "3.2.5": "no challenges: heroes pair one against one like any model (§3.2.1)",
    "5.8": "line of sight and range inside the fort are measured on the table, outside the section model",
    "13.1": "spells are cast by the WFB rules, ranges in cm; only the walls' protection (§13.2) is the siege's",
}

_HEADING = re.compile(r"^\s*#+\s*\**\s*(\d+(?:\.\d+)*)\.?\s")
_CITED = re.compile(r"§(\d+(?:\.\d+)*)(?![\d.]*\d)")


def seed_clauses() -> list[str]:
    """The clause numbers of the seed's headings, chapters 1 to 17, after the table of contents."""
    text = SEED.read_text(encoding="utf-8")
    body = text[text.index("# 1. ANATOMIE DU FORT") :]
    numbers = (m.group(1) for line in body.splitlines() if (m := _HEADING.match(line)))
    return list(dict.fromkeys(n for n in numbers if int(n.split(".")[0]) <= LAST_CHAPTER))


def cited_clauses() -> set[str]:
    return {
        n
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name
        for n in _CITED.findall(path.read_text(encoding="utf-8"))
    }


def test_the_seed_is_parsed_whole() -> None:
    """Seventeen chapters, their sections and sub-clauses, down to §8.2.3.1."""
    clauses = seed_clauses()
    assert [c for c in clauses if "." not in c] == [str(n) for n in range(1, LAST_CHAPTER + 1)]
    assert {"7.1.10", "8.2.3.1", "10.3.2", "17.2"} <= set(clauses)
    assert len(clauses) == 145


def test_every_clause_is_cited() -> None:
    missing = [c for c in seed_clauses() if c not in cited_clauses() and c not in NO_RULE_TO_TEST]
    assert missing == []


def test_the_allow_list_holds_only_uncited_seed_clauses() -> None:
    """An entry whose clause is now cited, or is not in the seed, is stale."""
    clauses = set(seed_clauses())
    assert set(NO_RULE_TO_TEST) <= clauses
    assert set(NO_RULE_TO_TEST).isdisjoint(cited_clauses())
