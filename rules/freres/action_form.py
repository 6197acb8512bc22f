"""What every action of a skirmish shares (:mod:`rules.freres.actions` lists them): its stable name, the clause it
plays, and its versioned JSON form (:mod:`rules.action_form`, the siege's too), read back field by field and
refused, naming the field, when malformed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rules import action_form
from rules.action_form import FORMAT_VERSION, ActionFormatError
from rules.validation import check_choice

__all__ = ["ACTIONS", "FORMAT_VERSION", "Action", "ActionFormatError"]


class Action(action_form.Form, root=True):
    """The base of every action, in the one JSON form (:class:`rules.action_form.Form`). A subclass sets its stable
    ``name`` and ``clause``, the rule it plays; ``model`` names the model that acts, when one does."""

    name: ClassVar[str]
    clause: ClassVar[str]
    choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """the text fields that take one of a few values, and those values."""

    @property
    def actor(self) -> str | None:
        found = getattr(self, "model", None)
        return found if isinstance(found, str) else None

    def check_choices(self) -> None:
        """Refuse a text field outside its values, naming the field and what it accepts."""
        for field_name, accepted in self.choices.items():
            check_choice(field_name, getattr(self, field_name), accepted)


ACTIONS: dict[str, type[Action]] = Action.registry
"""Every action by its name."""
