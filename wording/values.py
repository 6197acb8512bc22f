"""A value the rules refuse (:class:`rules.validation.BadValue`) in the reader's words: what it is, what it may be
and what was given, with the clause that bounds it when the engine cited one."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from rules.validation import BadValue

__all__ = ["bad_value_text"]


def bad_value_text(error: BadValue, label: str | None = None, words: Mapping[str, object] | None = None) -> str:
    """``error`` as a sentence naming the value by ``label``, or by its name read through ``words`` (the engine's
    parameter names a page knows in the reader's language), or by the name itself."""
    facts = error.facts
    name = str(facts.get("name", ""))
    said = {"name": label or str((words or {}).get(name, name)), "value": facts.get("value")}
    low, high, choices = facts.get("low"), facts.get("high"), facts.get("choices")
    if isinstance(choices, tuple):
        sentence = _("%(name)s must be one of %(choices)s, not %(value)s.") % {**said, "choices": ", ".join(choices)}
    elif not isinstance(facts.get("value"), int):
        sentence = _("%(name)s must be a whole number, not %(value)s.") % said
    elif high is None:
        sentence = _("%(name)s must be %(low)s or more, not %(value)s.") % {**said, "low": low}
    else:
        sentence = _("%(name)s must be between %(low)s and %(high)s, not %(value)s.") % {
            **said,
            "low": low,
            "high": high,
        }
    clause = facts.get("clause")
    return f"{sentence.rstrip('.')} ({clause})." if clause else sentence
