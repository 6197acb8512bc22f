"""The examples in the rules modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rules.dice",
    "rules.dist",
    "rules.wfb",
    "rules.odds",
    "rules.montecarlo",
    "rules.siege.structure",
    "rules.siege.gates",
    "rules.siege.rams",
    "rules.siege.mining",
    "rules.siege.ladders",
    "rules.siege.heroism",
    "rules.siege.game_length",
    "rules.confrontation.checks",
    "rules.confrontation.melee",
    "rules.confrontation.shooting",
    "rules.confrontation.flight",
    "rules.confrontation.miscellany",
    "rules.confrontation.wounds",
    "rules.confrontation.odds",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
