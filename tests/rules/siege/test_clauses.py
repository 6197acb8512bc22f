"""Every numbered clause of the siege rules (seed 000, chapters 1–17) is cited by a test function of this package.

A clause counts as cited when ``§<number>`` appears, as a whole number, in the source of a test function here: its
decorators (a case's id), its docstring, or a comment or string in its body. A citation in a module docstring, or in
a comment or table outside the test functions, does not count. The clause list is the transcription in
``tests/rules/data`` (checked against the seed by ``tests/rules/test_sources.py`` where the seed is present).

A clause needs no test of its own only when it is a heading whose rules are its sub-clauses, or a definition whose
rules are tested under the clauses named beside it; three clauses are not modelled, each with the reason.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from tests.rules.data import siege_rules

TESTS = Path(__file__).parent

HEADINGS = dict.fromkeys(siege_rules.BARE_HEADINGS, "a heading: its rules are the numbered clauses under it")
DEFINITIONS = {
    "1.1": "defines sections; each kind's rules are §1.1.1–§1.1.4, §1.2 and §1.7",
    "1.1.2": "defines the wall-walk section; its level is checked under §1.2",
    "1.1.3": "defines the tower section; its levels are checked under §1.2 and §1.4",
    "3.3": "introduces §3.3.1–§3.3.3 (« Ces trois types de réactions sont spécifiques aux règles de sièges »)",
}
NOT_MODELLED = {
    "1.6": "simultaneous movement is how the table plays: the engine takes each side's moves as given and checks "
    "them against the quotas, it does not order them",
    "5.8": "line of sight and range inside the fort are measured on the table in cm; the section model has no "
    "positions to measure them from",
}
NO_RULE_TO_TEST = HEADINGS | DEFINITIONS | NOT_MODELLED

_CITED = re.compile(r"§(\d+(?:\.\d+)*)(?![\d.]*\d)")


def seed_clauses() -> list[str]:
    """The clause numbers of the seed's headings, chapters 1 to 17 (transcribed in ``tests/rules/data``)."""
    return [number for number, _ in siege_rules.CLAUSES]


def _test_functions(source: str) -> list[ast.FunctionDef]:
    """The ``test_*`` functions of a module, at its top level or in its test classes."""
    tree = ast.parse(source)
    scopes: list[ast.AST] = [tree, *(node for node in tree.body if isinstance(node, ast.ClassDef))]
    return [
        node
        for scope in scopes
        for node in ast.iter_child_nodes(scope)
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    ]


def function_source(source: str, function: ast.FunctionDef) -> str:
    """A function's text from its first decorator to its last line, comments included."""
    lines = source.splitlines()
    first = min([function.lineno, *(decorator.lineno for decorator in function.decorator_list)])
    assert function.end_lineno is not None
    return "\n".join(lines[first - 1 : function.end_lineno])


def citations(source: str) -> set[str]:
    return {n for function in _test_functions(source) for n in _CITED.findall(function_source(source, function))}


@cache
def cited_clauses() -> frozenset[str]:
    return frozenset(
        n
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name
        for n in citations(path.read_text(encoding="utf-8"))
    )


def test_every_clause_is_cited() -> None:
    missing = [c for c in seed_clauses() if c not in cited_clauses() and c not in NO_RULE_TO_TEST]
    assert missing == []


def test_the_allow_list_holds_only_uncited_seed_clauses() -> None:
    """An entry not in the seed is stale, and so is a definition or an unmodelled clause that a test now cites."""
    assert set(NO_RULE_TO_TEST) <= set(seed_clauses())
    assert set(DEFINITIONS | NOT_MODELLED).isdisjoint(cited_clauses())


def test_a_heading_has_sub_clauses() -> None:
    numbers = seed_clauses()
    for heading in HEADINGS:
        assert any(n.startswith(heading + ".") for n in numbers), heading


CITING_MODULE = '''"""§1.1 in the module docstring."""
# §1.2 in a comment outside any function
CASES = ["§1.3"]


@pytest.mark.parametrize("case", CASES, ids=["§1.4"])
def test_one(case: str) -> None:
    """§1.5 in the docstring."""
    # §1.6 in a comment
    assert case == "§1.7"


def helper() -> None:
    """§1.8 in a helper."""


class TestGroup:
    def test_two(self) -> None:
        assert "§2.1.1"


def test_three() -> None:
    assert "§12" != "§12.1.3"
'''


def test_only_citations_inside_test_functions_count() -> None:
    assert citations(CITING_MODULE) == {"1.4", "1.5", "1.6", "1.7", "2.1.1", "12", "12.1.3"}
