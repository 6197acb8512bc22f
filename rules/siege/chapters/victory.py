"""Victory points (*points de victoire*, §17) and section control (R11), read from the battle state at its end.

A side controls a section when its unit strength there is above 0 and at least ten times the other side's (R11);
an empty section is nobody's, unless the club's house rule gives empty sections to the besieged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules.fast.members import BESIEGED, BESIEGER, SECTION
from rules.siege.board.fort import FortLayout, GateKind, SectionKind
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Model, Side, standing_strength
from rules.validation import BadValue

__all__ = [
    "CONTROL_RATIO",
    "POINTS_PER_VP",
    "SECTION_CATEGORIES",
    "SECTION_POINTS",
    "Achievements",
    "VictoryPoints",
    "achievements",
    "scored",
    "section_control",
    "section_holders",
    "section_limits",
    "victory_points",
]

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
SECTION_CATEGORIES: tuple[str, ...] = ("wall_walk", "tower", "main_gate", "postern", "courtyard")
"""The §17 categories of sections controlled, in the supplement's order."""


@dataclass(frozen=True)
class Achievements:
    """What one side achieved against the other, as §17 counts it: what players report after a battle played at
    the table, or what :func:`victory_points` reads from a battle's end state.
    """

    units: tuple[int, ...] = ()
    """The army points of each enemy unit fled or destroyed, one entry a unit."""
    general: bool = False
    """The enemy general killed or fled."""
    battle_standard: bool = False
    """The enemy battle standard killed or fled."""
    sections: Mapping[str, int] = field(default_factory=dict)
    """Sections controlled, by category of :data:`SECTION_CATEGORIES` (a gate's courtyard counts in both)."""
    breaches: int = 0
    """Breaches made in a rampart."""


def scored(side: Side, achieved: Achievements) -> dict[str, int]:
    """The victory points ``side`` scores for ``achieved``, by §17 category (§17.1 besieger, §17.2 besieged).

    >>> scored(Side.BESIEGER, Achievements(units=(350, 120), sections={"tower": 1}, breaches=1))
    {'units': 4, 'general': 0, 'battle_standard': 0, 'wall_walk': 0, 'tower': 3, 'main_gate': 0, \
'postern': 0, 'courtyard': 0, 'breach': 5}
    >>> scored(Side.BESIEGED, Achievements(units=(350,), general=True, sections={"courtyard": 2}))["courtyard"]
    4
    """
    if any(points < 0 for points in achieved.units) or any(n < 0 for n in achieved.sections.values()):
        raise BadValue("§17: army points and sections controlled are 0 or more", name="achievements", value=None, low=0)
    if achieved.breaches < 0:
        raise BadValue("§17.1: breaches are 0 or more", name="breaches", value=achieved.breaches, low=0)
    unknown = set(achieved.sections) - set(SECTION_CATEGORIES)
    if unknown:
        raise BadValue(
            f"§17: unknown section categories {', '.join(sorted(unknown))}",
            name="sections",
            value=",".join(sorted(unknown)),
            choices=tuple(SECTION_CATEGORIES),
        )
    earned = {
        # §17: per unit, 1 point per full 100 of its army points
        "units": sum(points // POINTS_PER_VP for points in achieved.units),
        "general": GENERAL if achieved.general else 0,
        "battle_standard": BATTLE_STANDARD if achieved.battle_standard else 0,
    }
    for category in SECTION_CATEGORIES:
        earned[category] = SECTION_POINTS[side].get(category, 0) * achieved.sections.get(category, 0)
    if side is Side.BESIEGER:
        earned["breach"] = BREACH * achieved.breaches  # §17.1
    return earned


def section_limits(fort: FortLayout) -> dict[str, int]:
    """How many sections of each §17 category the fort has, the most one side can control, and ``"breach"``: how
    many rampart sections a besieger can bring down.
    """
    limits = dict.fromkeys(SECTION_CATEGORIES, 0)
    for section in fort.sections:
        for category in _categories(fort, section.id):
            limits[category] += 1
    limits["breach"] = sum(section.is_rampart for section in fort.sections)
    return limits


def section_control(state: BattleState, section: str, *, empty_to_besieged: bool = False) -> Side | None:
    """Who controls ``section`` (R11), ``None`` when nobody does."""
    return _holder(state.unit_strength(section, BESIEGER), state.unit_strength(section, BESIEGED), empty_to_besieged)


def section_holders(state: BattleState, *, empty_to_besieged: bool = False) -> dict[str, Side | None]:
    """Who controls each section of the fort (R11), in the fort's order: :func:`section_control` of every section,
    the unit strengths read in one pass over the models on the sections."""
    strengths = {side: _section_strengths(state, side) for side in (BESIEGER, BESIEGED)}
    besieger, besieged = strengths[BESIEGER], strengths[BESIEGED]
    return {s.id: _holder(besieger.get(s.id, 0), besieged.get(s.id, 0), empty_to_besieged) for s in state.fort.sections}


def _section_strengths(state: BattleState, side: Side) -> dict[str, int]:
    """The unit strength of ``side`` on each section it stands on, fleeing models aside (§3.2.4)."""
    return {
        place.ref: standing_strength(here)
        for place, here in state.by_side_and_place[side].items()
        if place.zone is SECTION
    }


def _holder(besieger: int, besieged: int, empty_to_besieged: bool) -> Side | None:
    """Who controls a section where the two sides have these unit strengths (R11)."""
    if besieger > 0 and besieger >= CONTROL_RATIO * besieged:
        return BESIEGER
    if besieged > 0 and besieged >= CONTROL_RATIO * besieger:
        return BESIEGED
    if empty_to_besieged and not besieger and not besieged:
        return BESIEGED
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


def _categories(fort: FortLayout, section: str) -> list[str]:
    """The §17 categories a section counts in: its kind and the gates it holds (a gate courtyard is both)."""
    kind = fort.section(section).kind
    found = [kind.value] if kind is not SectionKind.STAIRS else []
    for gate in fort.gates_of(section):
        found.append("main_gate" if gate.kind is GateKind.MAIN_GATE else "postern")
    return found


def _units_lost(models: tuple[Model, ...], fallen: tuple[Model, ...], side: Side) -> tuple[tuple[int, ...], bool, bool]:
    """The army points of each of ``side``'s units fled or destroyed, and whether its general and its battle
    standard were killed or fled.
    """
    units: dict[str, list[tuple[Model, bool]]] = {}
    for model in models:
        if model.side is side:
            units.setdefault(model.unit, []).append((model, model.fleeing))
    for model in fallen:
        if model.side is side:
            units.setdefault(model.unit, []).append((model, True))
    gone_units = tuple(
        sum(m.profile.points for m, _ in members) for members in units.values() if all(gone for _, gone in members)
    )
    lost = [m for members in units.values() for m, gone in members if gone]
    return (
        gone_units,
        any(m.profile.has(Special.GENERAL) for m in lost),
        any(m.profile.has(Special.BATTLE_STANDARD) for m in lost),
    )


def achievements(
    state: BattleState, *, empty_to_besieged: bool = False, holders: Mapping[str, Side | None] | None = None
) -> dict[Side, Achievements]:
    """What each side achieved by the end of the battle, as §17 counts it (R11 for the sections); ``holders``: who
    controls each section when already read (:func:`section_holders`)."""
    if holders is None:
        holders = section_holders(state, empty_to_besieged=empty_to_besieged)
    sections: dict[Side, dict[str, int]] = {BESIEGER: {}, BESIEGED: {}}
    for section, holder in holders.items():
        if holder is None:
            continue
        for category in _categories(state.fort, section):
            sections[holder][category] = sections[holder].get(category, 0) + 1
    found = {}
    for side in (BESIEGER, BESIEGED):
        units, general, standard = _units_lost(state.models, state.fallen, side.enemy)
        breaches = sum(w.collapsed for w in state.works) if side is BESIEGER else 0  # §17.1
        found[side] = Achievements(units, general, standard, sections[side], breaches)
    return found


def victory_points(
    state: BattleState, *, empty_to_besieged: bool = False, holders: Mapping[str, Side | None] | None = None
) -> VictoryPoints:
    """Both sides' victory points at the end of the battle (§17, R11); ``holders``: who controls each section when
    already read (:func:`section_holders`)."""
    achieved = achievements(state, empty_to_besieged=empty_to_besieged, holders=holders)
    return VictoryPoints(
        MappingProxyType(scored(BESIEGER, achieved[BESIEGER])),
        MappingProxyType(scored(BESIEGED, achieved[BESIEGED])),
    )
