"""Models and places named as the table names them: a model by its unit and number, or by its unit alone when it
is the only one; a place as the fort's diagram shows it; a refusal's facts in those words."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.contract import IllegalAction
from rules.siege.board.places import Model, Place, Side
from tests.rules.siege.builders import GIANT, ORC
from wording.siege import SiegeNames, refusal_text


def names() -> SiegeNames:
    boyz = [Model(f"a1-{n}", Side.BESIEGER, ORC, Place.parse("foot:W3"), "Boyz orques") for n in (1, 2, 3)]
    giant = Model("g1", Side.BESIEGER, GIANT, Place.parse("wall:W2"), "Géant")
    return SiegeNames([*boyz, giant])


def test_a_model_is_its_unit_and_number_or_its_unit_alone() -> None:
    with translation.override("fr"):
        assert names().model("a1-3") == "Boyz orques n° 3"
        assert names().model("g1") == "Géant"
        assert names().models(("a1-1", "a1-2", "a1-3")) == "3 Boyz orques"
        assert names().models(("a1-1", "g1")) == "Boyz orques n° 1, Géant"


@pytest.mark.parametrize(
    ("place", "fr", "en"),
    [
        ("W3", "sur W3", "on W3"),
        ("foot:W3", "au pied de W3", "at the foot of W3"),
        ("field:outside", "dehors", "outside"),
        ("ladder:L1", "sur l’échelle L1", "on ladder L1"),
        ("belfry:ST1.2", "au niveau 2 du beffroi ST1", "on level 2 of belfry ST1"),
    ],
)
def test_a_place_is_what_the_diagram_shows(place: str, fr: str, en: str) -> None:
    with translation.override("fr"):
        assert names().place(place) == fr
    with translation.override("en"):
        assert names().place(place) == en


def test_a_giants_climb_blocked_names_the_giant_not_its_id() -> None:
    """§12.1.5: the blocked access is the giant's climb, its ``ref`` the giant's id."""
    refused = IllegalAction("nobody_blocks", "§6.3.2", access="climb", ref="g1")
    with translation.override("fr"):
        said = refusal_text(names(), refused)
    assert "Géant" in said
    assert "g1" not in said
