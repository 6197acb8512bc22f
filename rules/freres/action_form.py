"""What every action of a skirmish shares (:mod:`rules.freres.actions` lists them): its stable name, the clause it
plays, and its versioned JSON form (:mod:`rules.action_form`, the siege's too), read back field by field and
refused, naming the field, when malformed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules import action_form
from rules.action_form import FORMAT_VERSION, ActionFormatError
from rules.validation import check_choice

__all__ = ["ACTIONS", "FORMAT_VERSION", "Action", "ActionFormatError"]


class Action:
    """The base of every action. A subclass sets its stable ``name`` and ``clause``, the rule it plays; ``model``
    names the model that acts, when one does."""

    name: ClassVar[str]
    clause: ClassVar[str]
    choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """the text fields that take one of a few values, and those values."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name in ACTIONS:
            raise TypeError(f"two actions are named {cls.name!r}")
        ACTIONS[cls.name] = cls

    @property
    def actor(self) -> str | None:
        found = getattr(self, "model", None)
        return found if isinstance(found, str) else None

    def to_json(self) -> dict[str, Any]:
        return action_form.to_json(self)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Action:
        action: Action = action_form.from_json(data, ACTIONS)
        return action

    def check_choices(self) -> None:
        """Refuse a text field outside its values, naming the field and what it accepts."""
        for field_name, accepted in self.choices.items():
            check_choice(field_name, getattr(self, field_name), accepted)


ACTIONS: dict[str, type[Action]] = {}
"""Every action by its name."""
