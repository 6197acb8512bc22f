"""The plain forces a siege gets when its armies bring no roster (§16): named in the language of the page that
builds the battle, since the names are stored with it."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.siege.board.state import Side
from tracker.setups import default_units


@pytest.mark.parametrize(
    ("language", "side", "names"),
    [
        ("fr", Side.BESIEGER, ["Seigneur de guerre", "Catapulte", "Archers", "Guerriers"]),
        ("en", Side.BESIEGER, ["Warlord", "Catapult", "Archers", "Warriors"]),
        ("fr", Side.BESIEGED, ["Capitaine", "Arbalétriers", "Lanciers"]),
        ("en", Side.BESIEGED, ["Captain", "Crossbowmen", "Spearmen"]),
    ],
)
def test_the_plain_forces_are_named_in_the_readers_language(language: str, side: Side, names: list[str]) -> None:
    with translation.override(language):
        units = default_units(side, 1000)
    assert [unit.name for unit in units] == names


def test_a_force_is_a_general_a_quarter_of_shooters_and_the_rest_in_rank_and_file() -> None:
    # Besieger of 600 points (no catapult below 1000): the warlord (55 pts, the seed's orc boss) leaves 545; a
    # quarter of it, 136, buys 19 archers at 7 pts (133); the 412 left buy 68 warriors at 6 pts.
    with translation.override("en"):
        units = default_units(Side.BESIEGER, 600)
    assert [(unit.name, unit.count) for unit in units] == [("Warlord", 1), ("Archers", 19), ("Warriors", 68)]
