"""Every numbered clause of the siege rules (seed 000, chapters 1–17) is cited by a test of this package.

A clause counts as cited when ``§<number>`` appears, as a whole number, in the text of a test module here: in a
test id, a docstring or a comment beside the case. The few clauses with no rule of their own to test are listed
below, each with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules.data import siege_rules

TESTS = Path(__file__).parent

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

_CITED = re.compile(r"§(\d+(?:\.\d+)*)(?![\d.]*\d)")


def seed_clauses() -> list[str]:
    """The clause numbers of the seed's headings, chapters 1 to 17 (transcribed in ``tests/rules/data``)."""
    return [number for number, _ in siege_rules.CLAUSES]


def cited_clauses() -> set[str]:
    return {
        n
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name
        for n in _CITED.findall(path.read_text(encoding="utf-8"))
    }


def test_every_clause_is_cited() -> None:
    missing = [c for c in seed_clauses() if c not in cited_clauses() and c not in NO_RULE_TO_TEST]
    assert missing == []


def test_the_allow_list_holds_only_uncited_seed_clauses() -> None:
    """An entry whose clause is now cited, or is not in the seed, is stale."""
    clauses = set(seed_clauses())
    assert set(NO_RULE_TO_TEST) <= clauses
    assert set(NO_RULE_TO_TEST).isdisjoint(cited_clauses())
