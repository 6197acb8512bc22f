"""Dice typed at the table that a die cannot show, one too many, and a stored log whose dice no longer match the
rules are refused with their facts, and worded in the reader's language, the roll's reason and clause with them."""

from __future__ import annotations

from functools import partial

import pytest
from django.utils import translation

from rules.dice import ARTILLERY, D6, Dice, DieValueError, ReplayMismatch, Roll, reason
from rules.siege import actions as a
from rules.siege.battle import Battle, play
from rules.siege.example import example_setup
from wording import siege as siege_wording
from wording.dice import dice_refusal_text
from wording.siege import SiegeNames

WHY = partial(siege_wording.roll_reason, SiegeNames(()))
"""The siege's roll reasons in the reader's words."""


def _typed(die: object, value: int) -> DieValueError:
    dice = Dice(seed=0)
    dice.supply([value])
    with pytest.raises(DieValueError) as refused:
        dice.roll(die, reason("game_length_roll", "§16"))  # type: ignore[arg-type]
    return refused.value


def test_a_seven_on_a_d6_names_the_die_the_value_and_the_values_accepted() -> None:
    """§16, R10: the besieged rolls a D6 for the game's length; a 7 typed for it is refused."""
    refused = _typed(D6, 7)
    assert (refused.code, refused.facts) == (
        "die_value",
        {"die": "D6", "value": "7", "accepted": ("1", "2", "3", "4", "5", "6"), "reason": "game_length_roll [§16]"},
    )
    with translation.override("fr"):
        assert dice_refusal_text(refused, WHY) == (
            "la durée de la partie (§16) : le D6 ne peut pas montrer 7 ; valeurs acceptées : 1, 2, 3, 4, 5, 6."
        )
    with translation.override("en"):
        assert dice_refusal_text(refused, WHY) == (
            "the game's length (§16): the D6 cannot show 7; accepted values: 1, 2, 3, 4, 5, 6."
        )


def test_the_artillery_die_and_its_misfire_are_named_as_the_table_names_them() -> None:
    refused = _typed(ARTILLERY, 3)
    with translation.override("fr"):
        said = dice_refusal_text(refused, WHY)
    assert "le dé d’artillerie ne peut pas montrer 3" in said
    assert said.endswith("valeurs acceptées : incident de tir, 2, 4, 6, 8, 10.")


def test_dice_left_over_name_how_many_were_typed_and_rolled() -> None:
    """§16: ending the besieged's part of the set-up rolls nothing; a die typed for it is one too many."""
    with pytest.raises(DieValueError) as refused:
        play(Battle(example_setup(), seed=1), a.EndPhase(), table=[3])
    assert (refused.value.code, refused.value.facts) == ("dice_left_over", {"typed": 1, "rolled": 0})
    with translation.override("fr"):
        assert dice_refusal_text(refused.value) == "1 dé a été saisi ; l’action en a lancé 0."


def test_a_stored_log_that_runs_out_names_the_die_asked_for() -> None:
    dice = Dice.replay(())
    with pytest.raises(ReplayMismatch) as refused:
        dice.roll(D6, reason("game_length_roll", "§16"))
    assert (refused.value.code, refused.value.facts) == (
        "log_exhausted",
        {"die": "D6", "reason": "game_length_roll [§16]"},
    )
    with translation.override("fr"):
        assert dice_refusal_text(refused.value, WHY) == (
            "Les dés enregistrés sont épuisés : les règles demandent un D6 de plus, pour la durée de la partie (§16)."
        )


def test_a_stored_log_with_another_die_names_both() -> None:
    dice = Dice.replay((Roll("artillery", reason("game_length_roll", "§16"), 2),))
    with pytest.raises(ReplayMismatch) as refused:
        dice.roll(D6, reason("game_length_roll", "§16"))
    assert refused.value.code == "log_differs"
    assert (refused.value.facts["roll"], refused.value.facts["logged_die"]) == (1, "artillery")
    with translation.override("en"):
        assert dice_refusal_text(refused.value, WHY) == (
            "Roll 1 of the stored dice is on the artillery die; the rules ask for the D6, for the game's length (§16)."
        )
