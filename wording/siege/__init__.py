"""The siege's codes in the reader's words: the sentences of its refusals and events (one module for each module
of :mod:`rules.siege` that raises or reports them), and its models and places named as the table names them."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.contract import Event, IllegalAction, Param
from rules.siege.board.places import Model, Place, Zone
from rules.siege.board.state import BattleState

from .. import Catalogue, gather, say
from .. import roll_reason as _roll_reason

__all__ = ["SiegeNames", "catalogue", "event_text", "refusal_text", "roll_reason"]

_NUMBER = re.compile(r"(\d+)$")


class SiegeNames:
    """A siege's models and places named for the reader: a model by its unit and its number in it (« Boyz orques
    n° 3 »), or by its unit alone when it is the unit's only model (a character, a war machine); a place as the
    fort's diagram shows it (« au pied de W3 »)."""

    def __init__(self, models: Iterable[Model]) -> None:
        self._by_id: dict[str, Model] = {}
        sizes: dict[str, int] = {}
        for model in models:
            self._by_id[model.id] = model
            sizes[model.unit] = sizes.get(model.unit, 0) + 1
        self._sizes = sizes

    @classmethod
    def of(cls, state: BattleState) -> SiegeNames:
        """The names of every model of ``state``, those fallen too."""
        return cls((*state.models, *state.fallen))

    def model(self, model_id: str) -> str:
        model = self._by_id.get(model_id)
        if model is None:
            return model_id
        number = _NUMBER.search(model.id)
        if self._sizes.get(model.unit, 0) <= 1 or number is None:
            return model.unit
        return _("%(unit)s no. %(number)s") % {"unit": model.unit, "number": number.group(1)}

    def models(self, model_ids: tuple[str, ...]) -> str:
        """Several models, by unit: « 8 Boyz orques », or each by name when a unit gives one or two."""
        units: dict[str, list[str]] = {}
        for model_id in model_ids:
            model = self._by_id.get(model_id)
            units.setdefault(model.unit if model else model_id, []).append(model_id)
        parts: list[str] = []
        for unit, ids in units.items():
            if len(ids) <= 2 or ids[0] not in self._by_id:
                parts.extend(self.model(m) for m in ids)
            else:
                parts.append(
                    ngettext("%(count)d %(unit)s", "%(count)d %(unit)s", len(ids)) % {"count": len(ids), "unit": unit}
                )
        return ", ".join(parts)

    def place(self, place: str) -> str:
        try:
            where = Place.parse(place)
        except ValueError:
            return place
        saying = _PLACES.get(where.zone)
        if saying is None:
            return where.ref
        belfry, _dot, level = where.ref.partition(".")
        return str(saying) % {"ref": where.ref, "belfry": belfry, "level": level}


_PLACES: Mapping[Zone, object] = {
    Zone.SECTION: gettext_lazy("on %(ref)s"),
    Zone.FOOT: gettext_lazy("at the foot of %(ref)s"),
    Zone.LADDER: gettext_lazy("on ladder %(ref)s"),
    Zone.SIEGE_TOWER: gettext_lazy("in siege tower %(ref)s"),
    Zone.FIELD: gettext_lazy("outside"),
    Zone.MINE: gettext_lazy("in the mine under %(ref)s"),
    Zone.WALL: gettext_lazy("on the outer face of %(ref)s"),
    Zone.BELFRY: gettext_lazy("on level %(level)s of belfry %(belfry)s"),
}
"""Where a model stands, as a phrase of place (« au pied de W3 »): what the fort's diagram shows."""


def catalogue() -> Catalogue:
    """Every sentence of the siege's codes (gathered once)."""
    return _CATALOGUE


_CATALOGUE = gather(sys.modules[__name__])


def event_text(names: SiegeNames, event: Event) -> str:
    """An event of the log in the reader's words."""
    return say(_CATALOGUE, event.kind, _climbing(event.params, names), names)


def refusal_text(names: SiegeNames, refused: IllegalAction) -> str:
    """A refusal of the rules in the reader's words, with its clause."""
    return say(_CATALOGUE, refused.code, _climbing(refused.params, names), names)


def _climbing(params: Mapping[str, Param], names: SiegeNames) -> Mapping[str, Param]:
    """A blocked access that is a giant's climb (§12.1.5) names the giant, which its ``ref`` is the id of."""
    if params.get("access") == "climb" and isinstance(params.get("ref"), str):
        return {**params, "ref": names.model(str(params["ref"]))}
    return params


def roll_reason(names: SiegeNames, reason: str) -> tuple[str, str]:
    """Why a die was rolled, in the reader's words, and its clause."""
    return _roll_reason(_CATALOGUE, reason, names)
