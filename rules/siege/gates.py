"""Gates (*portes*): the main gate (§6.1), posterns and service doors (§6.2), and reinforcing them (§6.4).

>>> GateKind.POSTERN.toughness, GateKind.POSTERN.structure_points
(8, 4)
>>> reinforce(GateKind.MAIN, 5, defenders=2)
6
"""

from __future__ import annotations

from enum import Enum

from rules.validation import check_range

__all__ = ["REINFORCING_MODELS", "GateKind", "gate_kind", "is_destroyed", "reinforce"]

REINFORCING_MODELS = 2
"""Non-engaged besieged models needed in the gate's section to reinforce it (§6.4, R4)."""


class GateKind(Enum):
    """The kinds of gate, with their toughness and starting structure points (R4)."""

    MAIN = "main"  # porte principale, §6.1
    POSTERN = "postern"  # poterne, §6.2
    SERVICE = "service"  # porte de service, §6.2

    @property
    def toughness(self) -> int:
        return _TOUGHNESS_AND_SP[self][0]

    @property
    def structure_points(self) -> int:
        """Starting structure points (*points de structure*)."""
        return _TOUGHNESS_AND_SP[self][1]

    @property
    def reinforceable(self) -> bool:
        """§6.4 names only the main gate and posterns; a service door's single point could not be regained anyway."""
        return self is not GateKind.SERVICE


_TOUGHNESS_AND_SP: dict[GateKind, tuple[int, int]] = {
    # R4, §6.1, §6.2
    GateKind.MAIN: (9, 7),
    GateKind.POSTERN: (8, 4),
    GateKind.SERVICE: (4, 1),
}


def gate_kind(name: str) -> GateKind:
    """The gate kind called ``name`` (``"main"``, ``"postern"`` or ``"service"``)."""
    try:
        return GateKind(name)
    except ValueError:
        accepted = ", ".join(repr(k.value) for k in GateKind)
        raise ValueError(f"gate must be one of {accepted}, got {name!r}") from None


def is_destroyed(structure_points: int) -> bool:
    """A gate with no structure points left is destroyed (§6.1, R4)."""
    return structure_points <= 0


def reinforce(kind: GateKind, structure_points: int, *, defenders: int) -> int:
    """Structure points at the end of the besieged turn: +1 with enough ``defenders``, never above the start.

    ``defenders`` counts the non-engaged besieged models in the gate's section (§6.4, R4); a destroyed gate stays
    destroyed.
    """
    check_range("structure_points", structure_points, 0, kind.structure_points)
    check_range("defenders", defenders, 0)
    if is_destroyed(structure_points) or not kind.reinforceable or defenders < REINFORCING_MODELS:
        return structure_points
    return min(structure_points + 1, kind.structure_points)
