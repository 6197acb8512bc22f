"""The examples in the project's docstrings run as written: every module with a ``>>>`` example is found and run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "bots", "campaigns", "siege_site")


def modules_with_examples() -> list[str]:
    """The dotted names of the packages' modules whose source holds a docstring example, migrations aside."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def test_the_modules_are_found() -> None:
    assert {
        "rules.dice",
        "rules.siege.board.fort",
        "rules.siege.example",
        "rules.confrontation.checks",
        "campaigns.jsoninput",
    } <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
