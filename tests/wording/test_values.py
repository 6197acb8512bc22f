"""A value the rules refuse, in the reader's words: what it is, what it may be, what was given, and the clause that
bounds it."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.freres.state import Profile
from rules.validation import BadValue, check_choice, check_range, citing
from wording.values import bad_value_text


def refusal(call: object) -> BadValue:
    with pytest.raises(BadValue) as refused:
        call()  # type: ignore[operator]
    return refused.value


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "M must be between 1 and 10, not 11 (003 II §2)."),
        ("fr", "M doit être entre 1 et 10, pas 11 (003 II §2)."),
    ],
)
def test_a_characteristic_out_of_its_range_is_said_with_its_bounds_and_clause(language: str, said: str) -> None:
    # 003 II §2: a characteristic is 1 to 10
    refused = refusal(lambda: Profile("x", C=5, T=5, D=5, A=5, M=11, PA=6))
    with translation.override(language):
        assert bad_value_text(refused) == said


def test_the_innermost_clause_is_the_one_cited() -> None:
    def nested() -> None:
        with citing("outer"), citing("inner"):
            check_range("pushers", 4, 1, 3)

    with translation.override("en"):
        assert bad_value_text(refusal(nested)) == "pushers must be between 1 and 3, not 4 (inner)."


def test_a_label_or_the_pages_words_name_the_value() -> None:
    refused = refusal(lambda: check_range("armour", 12, 0, 10))
    with translation.override("fr"):
        assert bad_value_text(refused, label="Armure") == "Armure doit être entre 0 et 10, pas 12."
        assert bad_value_text(refused, words={"armour": "armure"}) == "armure doit être entre 0 et 10, pas 12."


def test_an_open_range_a_choice_and_a_word_for_a_number() -> None:
    with translation.override("en"):
        assert bad_value_text(refusal(lambda: check_range("models", 0, 1))) == "models must be 1 or more, not 0."
        assert bad_value_text(refusal(lambda: check_choice("liquid", "tar", ("oil", "water")))) == (
            "liquid must be one of oil, water, not tar."
        )
        assert bad_value_text(refusal(lambda: check_range("hits", "two", 0))) == (  # type: ignore[arg-type]
            "hits must be a whole number, not two."
        )
