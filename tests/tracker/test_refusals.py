"""The tracker's refusal takes its arguments in the engine's order (what is refused, then the clause) and always
names the rule that forbids the write or, when no rule does, the parameter refused; a reader sees the rule, never
the parameter's name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.contract import IllegalAction
from tracker.refusals import Conflict, Refused

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "assistants", "campaigns", "oddslab", "simulations", "siege_site", "tracker", "wording")


def refusals_raised() -> list[tuple[str, int, ast.Call]]:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Call):
                    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                    if name in {"Refused", "Conflict"}:
                        found.append((str(path.relative_to(ROOT)), node.lineno, node))
    return found


def test_the_apps_raise_refusals() -> None:
    assert len(refusals_raised()) > 50


def test_every_refusal_names_its_rule_or_parameter() -> None:
    unnamed = [
        f"{path}:{line}"
        for path, line, call in refusals_raised()
        if len(call.args) != 2
        or call.keywords
        or (isinstance(call.args[1], ast.Constant) and not (isinstance(call.args[1].value, str) and call.args[1].value))
    ]
    assert unnamed == []


@pytest.mark.parametrize(
    ("clause", "shown"),
    [
        ("§16", "§16: The siege is over."),
        ("003 II §2", "003 II §2: The siege is over."),
        ("R16", "R16: The siege is over."),
        ("dice", "The siege is over."),
        ("app_side", "The siege is over."),
    ],
)
def test_a_reader_sees_the_rule_not_the_parameter(clause: str, shown: str) -> None:
    assert str(Refused("The siege is over.", clause)) == shown
    assert Refused("The siege is over.", clause).clause == clause


def test_the_order_is_the_engines() -> None:
    engine = IllegalAction("gate_destroyed", "§6.1")
    refused = Refused("The gate is destroyed.", engine.clause)
    conflict = Conflict("Another page acted first.", "seq")
    assert (refused.message, refused.clause) == ("The gate is destroyed.", "§6.1")
    assert (conflict.message, conflict.clause, str(conflict)) == (
        "Another page acted first.",
        "seq",
        "Another page acted first.",
    )
