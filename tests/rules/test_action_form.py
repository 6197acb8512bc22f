"""One JSON form for every turn engine's actions: the siege and Frères d'Armes write and read theirs through
:mod:`rules.action_form`, and refuse a malformed one with the same error and the same words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from rules import action_form
from rules.freres import action_form as freres_form
from rules.freres import actions as freres
from rules.siege import actions as siege


def test_one_error_and_one_version_for_both_engines() -> None:
    assert siege.ActionFormatError is freres_form.ActionFormatError is action_form.ActionFormatError
    assert siege.FORMAT_VERSION == freres.FORMAT_VERSION == action_form.FORMAT_VERSION == 1


@pytest.mark.parametrize(
    ("read", "data", "message"),
    [
        (siege.Action.from_json, {"format": 1, "action": "dig", "section": 3}, "dig.section: a text was expected"),
        (freres.Action.from_json, {"format": 1, "action": "activate", "model": 3}, "activate.model: a text was"),
        (siege.Action.from_json, {"format": 2, "action": "end_turn"}, "action format 2 is not supported"),
        (freres.Action.from_json, {"format": 2, "action": "activate"}, "action format 2 is not supported"),
    ],
)
def test_a_malformed_action_is_refused_in_the_same_words(
    read: Callable[[Mapping[str, Any]], object], data: dict[str, Any], message: str
) -> None:
    with pytest.raises(action_form.ActionFormatError, match=message):
        read(data)


def test_each_engine_reads_its_own_actions() -> None:
    assert siege.ACTIONS is siege.Action.registry
    assert freres.ACTIONS is freres.Action.registry
    assert "end_turn" in siege.ACTIONS
    assert "end_turn" not in freres.ACTIONS
    with pytest.raises(action_form.ActionFormatError, match="unknown action 'end_turn'"):
        freres.Action.from_json({"format": 1, "action": "end_turn"})


def test_a_second_action_of_one_name_is_refused() -> None:
    with pytest.raises(TypeError, match="two actions are named 'end_turn'"):
        type("Again", (siege.Action,), {"name": "end_turn"})
