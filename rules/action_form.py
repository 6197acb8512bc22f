"""The JSON form every turn engine's actions share, as a chess move has its UCI: ``{"format": 1, "action": name}``
and the action's fields, read back field by field and refused, naming the field, when malformed. The siege
(:mod:`rules.siege.actions`) and Frères d'Armes (:mod:`rules.freres.action_form`) each derive their action base from
:class:`Form`, which keeps the registry of their own actions, and read and write them here::

    >>> from rules.siege.actions import EndTurn
    >>> from_json({"format": 1, "action": "end_turn"}, {"end_turn": EndTurn})
    EndTurn()
    >>> from_json({"format": 1, "action": "end_turn", "side": "besieged"}, {"end_turn": EndTurn})
    Traceback (most recent call last):
    ...
    rules.action_form.ActionFormatError: end_turn: unknown field 'side'
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, Self

__all__ = ["FORMAT_VERSION", "OLD_LOGS", "ActionFormatError", "Form", "from_json", "to_json"]

FORMAT_VERSION = 1
"""The version of the JSON form of an action; a form of another version is refused."""

OLD_LOGS = "old_logs"
"""The mark (in a field's metadata) of a field kept only so that the logs written when it was in use still read and
replay: not written unless set."""


class ActionFormatError(ValueError):
    """A JSON form that is not an action this engine knows: an unknown name, a missing or malformed field."""


class Form:
    """What a turn engine's action base shares: each subclass, a frozen dataclass with a stable ``name``, is
    registered by that name in its engine's :attr:`registry` (a second action of one name is refused), and is
    written and read in the one JSON form. The engine's base is declared with ``root=True``: it starts the
    registry of that engine's actions."""

    name: ClassVar[str]
    registry: ClassVar[dict[str, type[Any]]]

    def __init_subclass__(cls, root: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if root:
            cls.registry = {}
            return
        if cls.name in cls.registry:
            raise TypeError(f"two actions are named {cls.name!r}")
        cls.registry[cls.name] = cls

    def to_json(self) -> dict[str, Any]:
        return to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The action of this engine that ``data`` writes."""
        action: Self = from_json(data, cls.registry)
        return action


def to_json(action: Any) -> dict[str, Any]:
    """The JSON form of ``action``, a dataclass with a ``name``: enumerations by their value, tuples as lists."""
    data: dict[str, Any] = {"format": FORMAT_VERSION, "action": action.name}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None and f.metadata.get(OLD_LOGS):
            continue
        data[f.name] = _dump(value)
    return data


def from_json(data: Mapping[str, Any], actions: Mapping[str, type[Any]]) -> Any:
    """The action of ``actions`` (by name) that ``data`` writes; :class:`ActionFormatError` naming what is wrong."""
    if not isinstance(data, Mapping):
        raise ActionFormatError(f"an action is a JSON object, not {type(data).__name__}")
    version = data.get("format")
    if version != FORMAT_VERSION:
        raise ActionFormatError(f"action format {version!r} is not supported; this engine reads {FORMAT_VERSION}")
    name = data.get("action")
    cls = actions.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action {name!r}")
    fields = dataclasses.fields(cls)
    extra = sorted(set(data) - {f.name for f in fields} - {"format", "action"})
    if extra:
        raise ActionFormatError(f"{name}: unknown field {extra[0]!r}")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in fields:
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ActionFormatError(f"{name}: field {f.name!r} is missing")
            continue
        values[f.name] = _load(hints[f.name], data[f.name], f"{name}.{f.name}")
    return cls(**values)


def _dump(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


def _load(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _load(inner, value, where)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{where}: a list was expected, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise ActionFormatError(f"{where}: {len(args)} values were expected, not {value!r}")
        return tuple(_load(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            accepted = ", ".join(str(m.value) for m in hint)
            raise ActionFormatError(f"{where}: {value!r} is not one of {accepted}") from None
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionFormatError(f"{where}: true or false was expected, not {value!r}")
        return value
    if hint is int:
        # JSON's true is an int to Python; a count must not be a flag
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionFormatError(f"{where}: a whole number was expected, not {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{where}: a text was expected, not {value!r}")
        return value
    raise ActionFormatError(f"{where}: cannot read a {hint!r}")  # pragma: no cover - a field type left unhandled
