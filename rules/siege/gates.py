"""Gates (*portes*): the main gate (§6.1), posterns and service doors (§6.2), and reinforcing them (§6.4).

The kinds are the fort's :class:`~rules.siege.fort.GateKind`; the odds contract names them ``"main"``,
``"postern"`` and ``"service"`` (:func:`gate_kind`).

>>> toughness(GateKind.POSTERN), starting_points(GateKind.POSTERN)
(8, 4)
>>> reinforce(gate_kind("main"), 5, defenders=2)
6
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.siege.fort import GateKind
from rules.validation import check_choice, check_range

__all__ = [
    "CONTRACT_NAMES",
    "REINFORCING_MODELS",
    "GateKind",
    "gate_kind",
    "is_destroyed",
    "reinforce",
    "reinforceable",
    "starting_points",
    "toughness",
]

REINFORCING_MODELS = 2
"""Non-engaged besieged models needed in the gate's section to reinforce it (§6.4, R4)."""

CONTRACT_NAMES: Mapping[str, GateKind] = MappingProxyType(
    {"main": GateKind.MAIN_GATE, "postern": GateKind.POSTERN, "service": GateKind.SERVICE_DOOR}
)
"""The odds contract's gate names (``ODDS_API.md``)."""

_TOUGHNESS_AND_SP: Mapping[GateKind, tuple[int, int]] = MappingProxyType(
    {
        # R4, §6.1, §6.2
        GateKind.MAIN_GATE: (9, 7),
        GateKind.POSTERN: (8, 4),
        GateKind.SERVICE_DOOR: (4, 1),
    }
)


def gate_kind(name: str) -> GateKind:
    """The gate kind the odds contract calls ``name`` (``"main"``, ``"postern"`` or ``"service"``)."""
    return CONTRACT_NAMES[check_choice("gate", name, CONTRACT_NAMES)]


def toughness(kind: GateKind) -> int:
    """The gate's toughness (*endurance*, R4)."""
    return _TOUGHNESS_AND_SP[kind][0]


def starting_points(kind: GateKind) -> int:
    """The gate's starting structure points (*points de structure*, R4)."""
    return _TOUGHNESS_AND_SP[kind][1]


def reinforceable(kind: GateKind) -> bool:
    """§6.4 names only the main gate and posterns; a service door's single point could not be regained anyway."""
    return kind is not GateKind.SERVICE_DOOR


def is_destroyed(structure_points: int) -> bool:
    """A gate with no structure points left is destroyed (§6.1, R4)."""
    return structure_points <= 0


def reinforce(kind: GateKind, structure_points: int, *, defenders: int) -> int:
    """Structure points at the end of the besieged turn: +1 with enough ``defenders``, never above the start.

    ``defenders`` counts the non-engaged besieged models in the gate's section (§6.4, R4); a destroyed gate stays
    destroyed.
    """
    check_range("structure_points", structure_points, 0, starting_points(kind))
    check_range("defenders", defenders, 0)
    if is_destroyed(structure_points) or not reinforceable(kind) or defenders < REINFORCING_MODELS:
        return structure_points
    return min(structure_points + 1, starting_points(kind))
