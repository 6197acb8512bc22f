"""The odds pages take their bounds from the rules: a modifier field offers exactly what :mod:`rules.odds` accepts,
and the battle's length is the siege's own six turns (§16)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from oddslab.mechanics import MECHANICS
from oddslab.mechanics.base import Mechanic
from rules import odds
from rules.siege.chapters import game_length

MODIFIERS = [("melee-wounds", "hit_mod"), ("shooting-wounds", "modifier")]


def mechanic(slug: str) -> Mechanic:
    return next(m for m in MECHANICS if m.slug == slug)


@pytest.mark.parametrize(("slug", "name"), MODIFIERS)
def test_a_modifier_field_offers_what_the_rules_accept(slug: str, name: str) -> None:
    found = mechanic(slug)
    param = found.param(name)
    assert (param.low, param.high) == (-odds.MAX_MODIFIER, odds.MAX_MODIFIER)
    for bound in (param.low, param.high):
        found.ask({**found.defaults(), name: bound})
    for beyond in (param.low - 1, param.high + 1):
        with pytest.raises(ValueError, match=name):
            found.ask({**found.defaults(), name: beyond})


def test_the_length_of_the_battle_reads_the_sieges_six_turns() -> None:
    """§16: « La durée de la partie est fixée pour 6 tours », 5 when the besieged rolls 5 or 6."""
    found = mechanic("game-length")
    assert game_length.TURNS == 6
    assert found.headline is not None
    assert found.headline({5: Fraction(1, 3), 6: Fraction(2, 3)}) == Fraction(2, 3)
