"""A quicker :func:`dataclasses.replace` for the engine's frozen values.

The battle state is rebuilt by every action; :func:`dataclasses.replace` walks the fields and calls the generated
``__init__`` each time. :func:`replace` here copies the fields' values straight into the new object: the same
result for the dataclasses it accepts (no ``__post_init__``, every field set by ``__init__``), the standard one
for the others. Type checkers see :func:`dataclasses.replace` itself, so every call is checked against the fields.

A class may list the values it derives from its fields and caches (``functools.cached_property``) in
``_DERIVED_FROM``, each with the fields it reads: the copy keeps those whose fields are all unchanged, so a new
battle state whose models did not change does not index them again.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["replace"]

_Value = TypeVar("_Value")
_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def _copied_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """The fields a copy of ``cls`` carries over, or ``None`` when only :func:`dataclasses.replace` will do."""
    try:
        return _FIELDS[cls]
    except KeyError:
        pass
    fields = dataclasses.fields(cls)
    simple = not hasattr(cls, "__post_init__") and not hasattr(cls, "__slots__") and all(f.init for f in fields)
    names = tuple(f.name for f in fields)
    _FIELDS[cls] = (names, frozenset(names)) if simple else None
    return _FIELDS[cls]


def _replace(obj: _Value, /, **changes: Any) -> _Value:
    cls = type(obj)
    known = _copied_fields(cls)
    if known is None or not changes.keys() <= known[1]:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    old = obj.__dict__
    new = object.__new__(cls)
    values = new.__dict__
    for name in known[0]:
        values[name] = old[name]
    values.update(changes)
    derived: dict[str, tuple[str, ...]] | None = getattr(cls, "_DERIVED_FROM", None)
    if derived:
        for name, reads in derived.items():
            if name in old and not any(field in changes and changes[field] is not old[field] for field in reads):
                values[name] = old[name]
    return new


if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    replace = _replace
