"""The crawl's checker finds what the issue saw on screen, and lets the pages' own words through."""

from __future__ import annotations

import pytest

from tests.browser.giveaways import problems


@pytest.mark.parametrize(
    "seen",
    [
        "d2-1 shoots: S4 on nobody, 0 wounds",
        "a1-2 strikes d2-1: 1 attacks, 1 hits, 0 unsaved wounds",
        "Refusé — §7.1.3: a1-1 must stand free at foot:W3",
        "huile : ['oil']",
        "Pivoter model: a1; wide: True",
        "end phase",
        "sur ladder:L1",
    ],
)
def test_what_a_french_page_showed_is_caught(seen: str) -> None:
    assert problems(seen, "fr") != []


@pytest.mark.parametrize(
    "said",
    [
        "8 Boyz orques tirent sur Hallebardiers : 3 touches, 1 blessure",
        "Le bélier R1 frappe (assiégeant) — la porte G1 perd 2 points de structure",
        "Boyz orques n° 3 se tient au pied de W3",
        "16,7 %",
    ],
)
def test_the_french_pages_own_words_pass(said: str) -> None:
    assert problems(said, "fr") == []


def test_french_on_an_english_page_is_caught() -> None:
    assert problems("les fuyards sur W3 poursuivent leur fuite", "en") != []
    assert problems("the fleeing models on W3 flee on", "en") == []


def test_an_english_page_may_cite_a_french_source_by_its_title() -> None:
    assert problems("004 Tests de début de corps à corps — Discipline test of Orcs: 3 (D6)", "en") == []
    assert problems("Location of the wound (004 Tableau des blessures): 3", "en") == []
    assert problems("Discipline test of Orcs: 3, corps à corps", "en") != []
