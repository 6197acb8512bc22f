"""Units typed a line each, as French army books print a profile (M CC CT F E PV I A Cd); each characteristic is
checked as an imported roster's (a number 0–10, « - » or a dice roll), and a faulty line is named in the reader's
language."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.unit_lines import (
    UnitLine,
    UnitLineProblem,
    characteristics_line,
    parse_characteristics,
    parse_unit_lines,
)

HALBERDIERS = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


def problem(text: str, language: str = "fr") -> str:
    with translation.override(language), pytest.raises(UnitLineProblem) as caught:
        parse_unit_lines(text)
    return str(caught.value)


def test_a_line_gives_count_name_points_profile_save_and_rules() -> None:
    [unit] = parse_unit_lines("20 Hallebardiers 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+ : Régiment, Détachement")
    assert unit == UnitLine("Hallebardiers", 20, 125, HALBERDIERS, 5, ("Régiment", "Détachement"))


def test_english_names_a_dice_roll_a_dash_and_no_count_are_read() -> None:
    [cannon] = parse_unit_lines("Great Cannon 120 pts M- WS- BS- S- T7 W3 I- A- Ld-")
    assert (cannon.name, cannon.count, cannon.points, cannon.save) == ("Great Cannon", 1, 120, None)
    assert cannon.profile == {"M": "-", "WS": "-", "BS": "-", "S": "-", "T": 7, "W": 3, "I": "-", "A": "-", "Ld": "-"}
    [giant] = parse_unit_lines("1x Géant 205pts M6 CC3 CT3 F6 E5 PV6 I3 AD6 Cd10")
    assert giant.profile["A"] == "D6"


def test_a_characteristic_out_of_range_is_named_in_french_with_its_line() -> None:
    text = (
        "20 Hallebardiers 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7\n"
        "\n"
        "10 Arquebusiers 90pts M4 CC3 CT11 F3 E3 PV1 I3 A1 Cd7"
    )
    assert problem(text) == "ligne 3 : CT vaut '11', un nombre de 0 à 10, « - » ou un jet de dés comme D6 est attendu"
    assert problem(text, "en") == "line 3: BS is '11', expected a number 0–10, '-' or a dice roll like D6"


def test_a_missing_characteristic_is_named_in_french() -> None:
    assert problem("Lanciers 50pts M4 CC3 F3 E3 PV1 I3 A1 Cd7") == "ligne 1 : il manque CT"


def test_a_line_without_a_name_is_refused() -> None:
    assert problem("20 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7") == "ligne 1 : l’unité n’a pas de nom"


def test_a_profile_is_written_back_as_it_is_typed() -> None:
    with translation.override("fr"):
        assert characteristics_line(HALBERDIERS, 5) == "M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+"
        assert parse_characteristics("M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+") == (HALBERDIERS, 5)


def test_a_word_that_is_no_characteristic_is_refused_in_the_characteristics_field() -> None:
    with translation.override("fr"), pytest.raises(UnitLineProblem, match="'Z9' n’est pas une caractéristique"):
        parse_characteristics("M4 Z9")
