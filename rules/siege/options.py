"""An entry of the menu of what may be played now (:func:`rules.siege.legal.legal_actions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.siege.state import Side

__all__ = ["Option"]

_set = object.__setattr__


@dataclass(frozen=True, init=False)
class Option:
    """One entry of the menu: an action's ``name``, the ``side`` that plays it, the place or thing it is about
    (``where``: a section, ``"ladder:L1"``, ``"gate:G1"``, ``"ram:R1"``…), the models that may act and what they may
    act on (places, models, gates, items).
    """

    name: str
    side: Side
    where: str | None = None
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()

    def __init__(
        self,
        name: str,
        side: Side,
        where: str | None = None,
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
    ) -> None:
        # the fields set at once rather than one by one through the frozen __setattr__: every menu makes many
        _set(self, "__dict__", {"name": name, "side": side, "where": where, "actors": actors, "targets": targets})

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.name,
            "side": self.side.value,
            "where": self.where,
            "actors": list(self.actors),
            "targets": list(self.targets),
        }
