"""Frères d'Armes' codes in the reader's words: the sentences of its refusals and events (one module for each module
of :mod:`rules.freres` that raises or reports them), and its models named as the players name them."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from rules.contract import Event, IllegalAction
from rules.freres.state import Model, Skirmish

from .. import Catalogue, PlainNames, gather, say
from .. import roll_reason as _roll_reason

__all__ = ["FreresNames", "catalogue", "event_text", "profile_name", "refusal_text", "roll_reason"]


PROFILE_NAMES = {
    "knight": pgettext_lazy("a skirmish's model", "Knight"),
    "archer": pgettext_lazy("a skirmish's model", "Archer"),
    "hedge-wizard": pgettext_lazy("a skirmish's model", "Hedge wizard"),
    "soldier": pgettext_lazy("a skirmish's model", "Soldier"),
    "rider": pgettext_lazy("a skirmish's model", "Rider"),
}
"""The profiles of the engine's example bands (:mod:`rules.freres.example`), named in the reader's language; a
name the players typed is theirs, shown as typed."""


def profile_name(name: str) -> str:
    """A profile's name for the reader: an example band's in the reader's language, a typed one as typed."""
    return str(PROFILE_NAMES.get(name, name))


class FreresNames(PlainNames):
    """A skirmish's models named for the reader: by their profile's name (« Chevalier »), with their number among
    the models of that name when there are several (« Archer n° 2 »)."""

    def __init__(self, models: Iterable[Model]) -> None:
        self._names: dict[str, str] = {}
        seen: dict[str, list[str]] = {}
        for model in models:
            seen.setdefault(profile_name(model.profile.name), []).append(model.id)
        for name, ids in seen.items():
            for number, model_id in enumerate(ids, start=1):
                self._names[model_id] = (
                    name if len(ids) == 1 else _("%(unit)s no. %(number)s") % {"unit": name, "number": number}
                )

    @classmethod
    def of(cls, state: Skirmish) -> FreresNames:
        return cls(state.models)

    def model(self, model_id: str) -> str:
        return self._names.get(model_id, model_id)


def catalogue() -> Catalogue:
    """Every sentence of the skirmish's codes (gathered once)."""
    return _CATALOGUE


_CATALOGUE = gather(sys.modules[__name__])


def event_text(names: FreresNames, event: Event) -> str:
    """An event of the log in the reader's words."""
    return say(_CATALOGUE, event.kind, event.params, names)


def refusal_text(names: FreresNames, refused: IllegalAction) -> str:
    """A refusal of the rules in the reader's words."""
    return say(_CATALOGUE, refused.code, refused.params, names)


def roll_reason(names: FreresNames, reason: str) -> tuple[str, str]:
    """Why a die was rolled, in the reader's words, and its clause."""
    return _roll_reason(_CATALOGUE, reason, names)
