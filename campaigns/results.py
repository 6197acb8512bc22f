"""A battle's result as players report it: the winner, losses, victory points and, for a siege, what each side
achieved by §17; a plain value, stored as JSON while it waits for confirmation and in a correction's trail."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.siege.board.state import Side as EngineSide
from rules.siege.chapters.victory import Achievements

ENGINE_SIDE = {"attacker": EngineSide.BESIEGER, "defender": EngineSide.BESIEGED}
"""A campaign battle's sides as the siege engine names them: the attacker besieges."""


@dataclass(frozen=True)
class Category:
    """A §17 category in the reader's words: the result form's label and help, and, for what a fort holds a number
    of, the name of what it counts."""

    label: Promise
    help: Promise
    counted: Promise | None = None


SIEGE_CATEGORIES: Mapping[str, Category] = {
    # the engine's §17 categories (rules.siege.chapters.victory.scored), in its order
    "units": Category(
        _("Enemy units routed (pts)"),
        _(
            "army points of each enemy unit fled or destroyed, separated by commas (350, 120): "
            "1 victory point per full 100 points of each unit"
        ),
    ),
    "general": Category(_("General slain"), _("enemy general killed or fled")),
    "battle_standard": Category(_("Battle standard taken"), _("enemy battle standard killed or fled")),
    "wall_walk": Category(_("Wall-walks"), _("wall-walk sections controlled"), _("wall-walk sections")),
    "tower": Category(_("Towers"), _("tower sections controlled"), _("tower sections")),
    "main_gate": Category(_("Main gate"), _("main gate sections controlled"), _("main gate sections")),
    "postern": Category(_("Posterns"), _("postern sections controlled"), _("postern sections")),
    "courtyard": Category(_("Courtyards"), _("courtyard sections controlled"), _("courtyard sections")),
    "breach": Category(_("Breaches"), _("breaches made in a rampart"), _("rampart sections to breach")),
}


@dataclass(frozen=True)
class Result:
    winner: str
    attacker_victory_points: int = 0
    defender_victory_points: int = 0
    attacker_losses: int = 0
    defender_losses: int = 0
    notes: str = ""
    siege: Mapping[str, Achievements] | None = None
    """For a siege: what each side achieved by §17, ``{"attacker": ..., "defender": ...}``; its victory points
    are counted from these by the engine."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "winner": self.winner,
            "attacker_victory_points": self.attacker_victory_points,
            "defender_victory_points": self.defender_victory_points,
            "attacker_losses": self.attacker_losses,
            "defender_losses": self.defender_losses,
            "notes": self.notes,
        }
        if self.siege is not None:
            data["siege"] = {side: achievements_json(a) for side, a in self.siege.items()}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        siege = data.get("siege")
        return cls(
            winner=data["winner"],
            attacker_victory_points=data["attacker_victory_points"],
            defender_victory_points=data["defender_victory_points"],
            attacker_losses=data["attacker_losses"],
            defender_losses=data["defender_losses"],
            notes=data.get("notes", ""),
            siege={side: achievements_from_json(a) for side, a in siege.items()} if siege is not None else None,
        )


def achievements_json(achieved: Achievements) -> dict[str, Any]:
    return {
        "units": list(achieved.units),
        "general": achieved.general,
        "battle_standard": achieved.battle_standard,
        "sections": dict(achieved.sections),
        "breaches": achieved.breaches,
    }


def achievements_from_json(data: Mapping[str, Any]) -> Achievements:
    return Achievements(
        units=tuple(data.get("units", ())),
        general=bool(data.get("general")),
        battle_standard=bool(data.get("battle_standard")),
        sections=dict(data.get("sections", {})),
        breaches=int(data.get("breaches", 0)),
    )
