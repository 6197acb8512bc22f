"""The rule tables are read-only: an action, a campaign or a test cannot change a cost, a ratio or a capacity for
every battle after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules.siege.board import fort, profiles, state
from rules.siege.board.state import Side
from rules.siege.chapters import costs, defences, shooting


@pytest.mark.parametrize(
    "table",
    [
        pytest.param(costs.ENGINE_COSTS, id="§14-engine-costs"),
        pytest.param(costs.ENGINE_COSTS[Side.BESIEGER], id="§14.1-besieger-engine-costs"),
        pytest.param(costs.ENGINE_COSTS[Side.BESIEGED], id="§14.2-besieged-engine-costs"),
        pytest.param(shooting.ALLOCATION, id="§5.3-allocation"),
        pytest.param(shooting.GATE_HIT_BY_MACHINE, id="§5.6-gate-hit-by-machine"),
        pytest.param(defences.LIQUIDS, id="§8.2-liquids"),
        pytest.param(state.QUOTA_PER_SIDE, id="§1.7-quota-per-side"),
        pytest.param(profiles.OCCUPANCY_RATIO, id="§12.1.1-occupancy-ratio"),
        pytest.param(profiles.CONNECTION_RATIO, id="§12.1.1-connection-ratio"),
        pytest.param(fort.MINIMUM_SECTIONS_TABLE, id="§1.4-minimum-sections"),
        pytest.param(fort.LEVELS, id="§1.2-levels"),
        pytest.param(fort.CONNECTION_CAPACITY, id="§2.1.1-connection-capacity"),
        pytest.param(fort.GATE_CAPACITY, id="§2.1.1-gate-capacity"),
    ],
)
def test_a_rule_table_cannot_be_changed(table: Mapping[Any, Any]) -> None:
    key = next(iter(table))
    kept = dict(table)
    with pytest.raises(TypeError):
        table[key] = table[key]  # type: ignore[index]
    with pytest.raises(TypeError):
        del table[key]  # type: ignore[attr-defined]
    assert dict(table) == kept
