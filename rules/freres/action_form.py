"""What every action of a skirmish shares (:mod:`rules.freres.actions` lists them): its stable name, the clause it
plays, and its versioned JSON form, read back field by field and refused, naming the field, when malformed."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from rules.validation import check_choice

__all__ = ["ACTIONS", "FORMAT_VERSION", "Action", "ActionFormatError"]

FORMAT_VERSION = 1
"""The version of the JSON form of an action; a form of another version is refused."""


class ActionFormatError(ValueError):
    """A JSON form that is not an action this engine knows: an unknown name, a missing or malformed field."""


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
        data: dict[str, Any] = {"format": FORMAT_VERSION, "action": self.name}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            data[f.name] = getattr(self, f.name)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"an action is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT_VERSION:
            raise ActionFormatError(
                f"action format {data.get('format')!r} is not supported; this engine reads {FORMAT_VERSION}"
            )
        name = data.get("action")
        cls = ACTIONS.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ActionFormatError(f"unknown action {name!r}")
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        extra = sorted(set(data) - {f.name for f in fields} - {"format", "action"})
        if extra:
            raise ActionFormatError(f"{name}: unknown field {extra[0]!r}")
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for f in fields:
            if f.name not in data:
                if f.default is dataclasses.MISSING:
                    raise ActionFormatError(f"{name}: field {f.name!r} is missing")
                continue
            values[f.name] = _load(hints[f.name], data[f.name], f"{name}.{f.name}")
        action: Action = cls(**values)
        return action

    def check_choices(self) -> None:
        """Refuse a text field outside its values, naming the field and what it accepts."""
        for field_name, accepted in self.choices.items():
            check_choice(field_name, getattr(self, field_name), accepted)


ACTIONS: dict[str, type[Action]] = {}
"""Every action by its name."""

_KINDS: Mapping[Any, type] = {int: int, str: str, bool: bool}


def _load(hint: Any, value: Any, where: str) -> Any:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if value is None:
            return None
        (hint,) = [a for a in typing.get_args(hint) if a is not type(None)]
    expected = _KINDS[hint]
    # JSON's true is an int to Python; a count must not be a flag, nor a flag a count.
    if isinstance(value, bool) is not (expected is bool) or not isinstance(value, expected):
        raise ActionFormatError(f"{where}: a {expected.__name__} was expected, not {value!r}")
    return value
