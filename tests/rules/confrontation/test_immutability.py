"""The rule tables of 004 are read-only: a battle or a test cannot change them for every battle after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules.confrontation import flight, melee, miscellany, shooting, wounds
from rules.confrontation.miscellany import Terrain


@pytest.mark.parametrize(
    "table",
    [
        pytest.param(melee.EXTRA_DICE, id="nombre-de-des"),
        pytest.param(melee.APPROACHES, id="charges"),
        pytest.param(melee.SITUATIONS, id="frapper"),
        pytest.param(melee.POSITIONS, id="defendre-une-position"),
        pytest.param(shooting.RANGE_DIFFICULTY, id="difficulte-de-tir"),
        pytest.param(shooting.SHOT_MODIFIERS, id="modificateurs-de-tir"),
        pytest.param(shooting.MELEE_CHANCES, id="tirer-dans-le-tas"),
        pytest.param(flight.FEAR_FLIGHT, id="fuite-peur"),
        pytest.param(flight.VOLUNTARY_FLIGHT, id="fuite-volontaire"),
        pytest.param(flight.PURSUIT, id="poursuite"),
        pytest.param(flight.DISENGAGE_OUTCOMES, id="desengagement"),
        pytest.param(miscellany.MOVEMENT, id="mouvement"),
        pytest.param(miscellany.MOVEMENT[Terrain.MARSH], id="mouvement-marais"),
        pytest.param(miscellany.SPELLS, id="sorts"),
        pytest.param(wounds.WOUND_TABLE, id="blessures"),
        pytest.param(wounds.DOUBLES, id="doubles"),
    ],
)
def test_a_rule_table_cannot_be_changed(table: Mapping[Any, Any]) -> None:
    key = next(iter(table))
    with pytest.raises(TypeError):
        table[key] = table[key]  # type: ignore[index]
