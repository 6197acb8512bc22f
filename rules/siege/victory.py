"""Victory points (*points de victoire*, §17) and section control (R11), read from the battle state at its end.

A side controls a section when its unit strength there is above 0 and at least ten times the other side's (R11);
an empty section is nobody's, unless the club's house rule gives empty sections to the besieged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.siege.fort import GateKind, SectionKind
from rules.siege.profiles import Special
from rules.siege.state import BattleState, Model, Side

__all__ = ["CONTROL_RATIO", "POINTS_PER_VP", "SECTION_POINTS", "VictoryPoints", "section_control", "victory_points"]

CONTROL_RATIO = 10  # §17 note 1, R11
POINTS_PER_VP = 100
"""1 point per full 100 army points of an enemy unit fled or destroyed (§17)."""
GENERAL, BATTLE_STANDARD = 2, 1
BREACH = 5  # §17.1, for the besieger only

SECTION_POINTS: Mapping[Side, Mapping[str, int]] = MappingProxyType(
    {
        # §17.1
        Side.BESIEGER: MappingProxyType({"wall_walk": 2, "tower": 3, "main_gate": 3, "postern": 2, "courtyard": 4}),
        # §17.2
        Side.BESIEGED: MappingProxyType({"wall_walk": 4, "tower": 5, "main_gate": 5, "postern": 3, "courtyard": 2}),
    }
)


def section_control(state: BattleState, section: str, *, empty_to_besieged: bool = False) -> Side | None:
    """Who controls ``section`` (R11), ``None`` when nobody does."""
    strength = {side: state.unit_strength(section, side) for side in Side}
    for side in Side:
        if strength[side] > 0 and strength[side] >= CONTROL_RATIO * strength[side.enemy]:
            return side
    if empty_to_besieged and not any(strength.values()):
        return Side.BESIEGED
    return None


@dataclass(frozen=True)
class VictoryPoints:
    """Each side's victory points by §17 category."""

    besieger: Mapping[str, int]
    besieged: Mapping[str, int]

    def of(self, side: Side) -> Mapping[str, int]:
        return self.besieger if side is Side.BESIEGER else self.besieged

    def total(self, side: Side) -> int:
        return sum(self.of(side).values())


def _section_categories(state: BattleState, section: str) -> list[str]:
    """The §17 categories a section counts in: its kind and the gates it holds (a gate courtyard is both)."""
    kind = state.fort.section(section).kind
    found = [kind.value] if kind is not SectionKind.STAIRS else []
    for gate in state.fort.gates_of(section):
        found.append("main_gate" if gate.kind is GateKind.MAIN_GATE else "postern")
    return found


def _units_lost(models: tuple[Model, ...], fallen: tuple[Model, ...], side: Side) -> tuple[int, bool, bool]:
    """VPs the enemy earns from ``side``'s units fled or destroyed, and whether its general and its battle
    standard were killed or fled.
    """
    units: dict[str, list[tuple[Model, bool]]] = {}
    for model in models:
        if model.side is side:
            units.setdefault(model.unit, []).append((model, model.fleeing))
    for model in fallen:
        if model.side is side:
            units.setdefault(model.unit, []).append((model, True))
    points = sum(
        sum(m.profile.points for m, _ in members) // POINTS_PER_VP
        for members in units.values()
        if all(gone for _, gone in members)
    )
    lost = [m for members in units.values() for m, gone in members if gone]
    return (
        points,
        any(m.profile.has(Special.GENERAL) for m in lost),
        any(m.profile.has(Special.BATTLE_STANDARD) for m in lost),
    )


def victory_points(state: BattleState, *, empty_to_besieged: bool = False) -> VictoryPoints:
    """Both sides' victory points at the end of the battle (§17, R11)."""
    earned: dict[Side, dict[str, int]] = {side: {} for side in Side}
    for side in Side:
        points, general, standard = _units_lost(state.models, state.fallen, side.enemy)
        earned[side]["units"] = points
        earned[side]["general"] = GENERAL if general else 0
        earned[side]["battle_standard"] = BATTLE_STANDARD if standard else 0
        for category in SECTION_POINTS[side]:
            earned[side].setdefault(category, 0)
    for section in state.fort.sections:
        holder = section_control(state, section.id, empty_to_besieged=empty_to_besieged)
        if holder is None:
            continue
        for category in _section_categories(state, section.id):
            earned[holder][category] = earned[holder].get(category, 0) + SECTION_POINTS[holder].get(category, 0)
    earned[Side.BESIEGER]["breach"] = BREACH * sum(w.collapsed for w in state.works)
    return VictoryPoints(MappingProxyType(earned[Side.BESIEGER]), MappingProxyType(earned[Side.BESIEGED]))
