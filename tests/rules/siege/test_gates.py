"""§6.1, §6.2, §6.4 gates, ruling R4."""

from __future__ import annotations

import pytest

from rules.siege.gates import GateKind, gate_kind, is_destroyed, reinforce, starting_points
from rules.siege.gates import toughness as toughness_of


@pytest.mark.parametrize(
    ("name", "toughness", "structure_points"),
    [
        pytest.param("main", 9, 7, id="§6.1-main-T9-7SP"),
        pytest.param("postern", 8, 4, id="§6.2-postern-T8-4SP"),
        pytest.param("service", 4, 1, id="§6.2-service-T4-1SP"),
    ],
)
def test_gate_kinds(name: str, toughness: int, structure_points: int) -> None:
    """R4."""
    kind = gate_kind(name)
    assert (toughness_of(kind), starting_points(kind)) == (toughness, structure_points)


def test_destroyed_at_zero() -> None:
    """§6.1, R4."""
    assert is_destroyed(0)
    assert not is_destroyed(1)


@pytest.mark.parametrize(
    ("kind", "sp", "defenders", "after"),
    [
        pytest.param(GateKind.MAIN_GATE, 5, 2, 6, id="§6.4-two-defenders-regain-one"),
        pytest.param(GateKind.MAIN_GATE, 5, 1, 5, id="§6.4-one-defender-is-not-enough"),
        pytest.param(GateKind.MAIN_GATE, 7, 3, 7, id="§6.4-never-above-start"),
        pytest.param(GateKind.POSTERN, 3, 2, 4, id="§6.4-postern"),
        pytest.param(GateKind.POSTERN, 0, 4, 0, id="R4-destroyed-stays-destroyed"),
        pytest.param(GateKind.SERVICE_DOOR, 1, 2, 1, id="§6.4-service-door-not-reinforced"),
    ],
)
def test_reinforce(kind: GateKind, sp: int, defenders: int, after: int) -> None:
    assert reinforce(kind, sp, defenders=defenders) == after


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="gate must be one of 'main', 'postern', 'service', got 'drawbridge'"):
        gate_kind("drawbridge")
    with pytest.raises(ValueError, match="structure_points must be between 0 and 4, got 5"):
        reinforce(GateKind.POSTERN, 5, defenders=2)
