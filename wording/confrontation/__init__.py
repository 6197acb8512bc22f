"""Confrontation's codes in the reader's words: the sentences of the refusals and the dice's reasons of
:mod:`rules.confrontation` (one module for each of its modules that raises or rolls them), the fighters named as the
players typed them."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rules.contract import IllegalAction
from rules.dice import DieValueError, ReplayMismatch
from rules.validation import BadValue

from .. import Catalogue, PlainNames, gather, say
from .. import roll_reason as _roll_reason
from ..dice import dice_refusal_text
from ..values import bad_value_text

__all__ = ["ConfrontationNames", "catalogue", "refusal_text", "roll_reason"]


class ConfrontationNames(PlainNames):
    """The fighters of an assistant's answer: the engine names each by its place among them (``"0"``, ``"1"``),
    the page by the name the players typed."""

    def __init__(self, fighters: Sequence[str] = ()) -> None:
        self._fighters = tuple(fighters)

    def model(self, model_id: str) -> str:
        if model_id.isdigit() and int(model_id) < len(self._fighters):
            return self._fighters[int(model_id)]
        return model_id


def catalogue() -> Catalogue:
    """Every sentence of Confrontation's codes (gathered once)."""
    return _CATALOGUE


_CATALOGUE = gather(sys.modules[__name__])


def refusal_text(refused: ValueError, names: ConfrontationNames | None = None) -> str:
    """A refusal of the rules in the reader's words, with its clause: a code of the engine, dice typed at the table
    that it cannot take, or a value out of its bounds."""
    if isinstance(refused, DieValueError | ReplayMismatch):
        return dice_refusal_text(
            refused, lambda reason: _roll_reason(_CATALOGUE, reason, names or ConfrontationNames())
        )
    if isinstance(refused, BadValue):
        return bad_value_text(refused)
    if not isinstance(refused, IllegalAction) or " " in refused.code:
        return str(refused)
    said = say(_CATALOGUE, refused.code, refused.params, names or ConfrontationNames())
    return f"{said.rstrip('.')} ({refused.clause})."


def roll_reason(reason: str, names: ConfrontationNames | None = None) -> str:
    """Why a die was rolled, in the reader's words, after its clause: « 004 Test de peur — Test de peur »."""
    said, clause = _roll_reason(_CATALOGUE, reason, names or ConfrontationNames())
    return f"{clause} — {said}" if clause else said
