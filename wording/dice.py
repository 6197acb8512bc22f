"""Dice typed at the table that the rules cannot take, and a stored log whose dice no longer match the rules, in
the reader's words (:class:`rules.dice.DieValueError`, :class:`rules.dice.ReplayMismatch`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.dice import DieValueError, ReplayMismatch

__all__ = ["dice_refusal_text", "die_name"]

_DICE: Mapping[str, object] = {
    "D10(0-9)": gettext_lazy("D10 (0–9)"),
    "artillery": gettext_lazy("artillery die"),
    "scatter": gettext_lazy("scatter die"),
}
"""The dice whose engine name is no name of the table (:data:`rules.dice.DICE`); the others are read as they are."""
_FACES: Mapping[str, object] = {
    "misfire": gettext_lazy("misfire"),
    "hit": gettext_lazy("hit"),
    "arrow": gettext_lazy("arrow"),
}
"""The faces shown as a word rather than a number (:data:`rules.dice.ARTILLERY`, :data:`rules.dice.SCATTER`)."""


def die_name(name: str) -> str:
    """A die as the table names it: ``"D6"``, « dé d'artillerie »."""
    return str(_DICE.get(name, name))


Why = Callable[[str], tuple[str, str]]
"""A roll's reason in the reader's words, and its clause (:func:`wording.siege.roll_reason` and its kin)."""


def dice_refusal_text(refused: DieValueError | ReplayMismatch, why: Why | None = None) -> str:
    """Why the dice typed at the table, or those of a stored log, are refused, in the reader's words; ``why``
    words a roll's reason, which is otherwise shown as the engine writes it."""
    facts = refused.facts
    if refused.code == "die_value":
        faces = facts.get("accepted", ())
        accepted = ", ".join(str(_FACES.get(str(f), f)) for f in (faces if isinstance(faces, tuple) else (faces,)))
        return _("%(why)s: the %(die)s cannot show %(value)s; accepted values: %(accepted)s.") % {
            "why": _reason(str(facts["reason"]), why),
            "die": die_name(str(facts["die"])),
            "value": facts["value"],
            "accepted": accepted,
        }
    if refused.code == "dice_left_over":
        return (
            ngettext(
                "%(typed)s die was typed in; the action rolled %(rolled)s.",
                "%(typed)s dice were typed in; the action rolled %(rolled)s.",
                int(facts["typed"]),
            )
            % facts
        )
    if refused.code == "log_exhausted":
        return _("The stored dice run out: the rules ask for one more %(die)s, for %(why)s.") % {
            "die": die_name(str(facts["die"])),
            "why": _reason(str(facts["reason"]), why),
        }
    if refused.code == "log_differs":
        return _(
            "Roll %(roll)s of the stored dice is on the %(logged)s; the rules ask for the %(die)s, for %(why)s."
        ) % {
            "roll": facts["roll"],
            "logged": die_name(str(facts["logged_die"])),
            "die": die_name(str(facts["die"])),
            "why": _reason(str(facts["reason"]), why),
        }
    if refused.code == "log_count":
        return _("Action %(action)s of the log rolled %(rolled)s dice; the log holds %(logged)s.") % facts
    return str(refused)


def _reason(reason: str, why: Why | None) -> str:
    if why is None:
        return reason
    said, clause = why(reason)
    return f"{said} ({clause})" if clause else said
