"""A battle's result as players report it: the winner, losses, victory points and, for a siege, what each side
achieved by §17; a plain value, stored as JSON while it waits for confirmation and in a correction's trail."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.siege.victory import Achievements


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
