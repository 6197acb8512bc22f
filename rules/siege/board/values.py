"""A quicker :func:`dataclasses.replace` for the engine's frozen values, and :class:`derived`, the values' caches.

The battle state is rebuilt by every action; :func:`dataclasses.replace` walks the fields and calls the generated
``__init__`` each time. :func:`replace` here copies the fields' values straight into the new object: the same
result for the dataclasses it accepts (no ``__post_init__``, every field set by ``__init__``, nothing set on an
object beside its fields and its cached values), the standard one for the others. Type checkers see
:func:`dataclasses.replace` itself, so every call is checked against the fields.

A class may list the values it derives from its fields and caches (``functools.cached_property``) in
``_DERIVED_FROM``, each with the fields it reads: the copy keeps those whose fields are all unchanged, so a new
battle state whose models did not change does not index them again. A :class:`scratch` value (a dict filled on
demand) starts again empty in a copy.

A copy's fields are one dict display of the value's and the changes: CPython copies a dict in one block only when
no entry was deleted from it, so a copy holding a scratch dict gets a new empty one rather than losing it, and
stays quick to copy in turn.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from rules.fast import new_frozen

__all__ = ["derived", "replace", "scratch"]

_Value = TypeVar("_Value")


@dataclasses.dataclass(frozen=True)
class _Copy:
    """How a copy of a class is made: its fields, the derived values a copy may keep with the fields they read,
    the cached values it drops, the scratch dicts it starts afresh, and, for each set of changed fields, the
    derived values reading each of them."""

    names: tuple[str, ...]
    fields: frozenset[str]
    kept: tuple[tuple[str, tuple[str, ...]], ...]
    dropped: tuple[str, ...]
    fresh: tuple[str, ...]
    readers: dict[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]] = dataclasses.field(default_factory=dict)

    def reading(self, changed: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each field of ``changed`` some derived values read, with those values."""
        found = self.readers[changed] = tuple(
            (field, names) for field in changed if (names := tuple(name for name, reads in self.kept if field in reads))
        )
        return found


_HOW: dict[type, _Copy | None] = {}


def _how(cls: type) -> _Copy | None:
    """How a copy of ``cls`` is made; ``None`` when only :func:`dataclasses.replace` will do."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__") or not all(f.init for f in fields):
        return None
    names = tuple(f.name for f in fields)
    kept: dict[str, tuple[str, ...]] = getattr(cls, "_DERIVED_FROM", {})
    cached = {
        name
        for klass in cls.__mro__
        for name, value in vars(klass).items()
        if isinstance(value, derived | functools.cached_property)
    }
    fresh = {name for klass in cls.__mro__ for name, value in vars(klass).items() if isinstance(value, scratch)}
    return _Copy(
        names, frozenset(names), tuple(kept.items()), tuple(sorted(cached - set(kept) - fresh)), tuple(sorted(fresh))
    )


def _replace(obj: _Value, /, **changes: Any) -> _Value:
    cls = type(obj)
    try:
        how = _HOW[cls]
    except KeyError:
        how = _HOW[cls] = _how(cls)
    if how is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    old = obj.__dict__
    values = {**old, **changes}
    # as many entries as fields: the object held its fields alone and every name changed is one of them
    if len(values) != len(how.names):
        # cached values (or a name that is no field): kept when what they read is unchanged, else dropped
        changed = tuple(changes)
        readers = how.readers.get(changed)
        if readers is None:
            if not changes.keys() <= how.fields:
                return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
            readers = how.reading(changed)
        for field, names in readers:
            if changes[field] is not old[field]:
                for name in names:
                    values.pop(name, None)
        for name in how.dropped:
            values.pop(name, None)
        for name in how.fresh:
            if name in values:
                values[name] = {}  # a new empty dict where the old one stood: no entry deleted
    return new_frozen(cls, values)


if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    replace = _replace


_Derived = TypeVar("_Derived")


class derived(Generic[_Derived]):
    """A value worked out from an object's fields on first use and kept in its ``__dict__``, as
    :func:`functools.cached_property` does, without its lock: the engine's values are never shared between threads
    while they are worked out, and an index is read again at every step of a battle."""

    def __init__(self, compute: Callable[[Any], _Derived]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[_Derived]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _Derived: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> derived[_Derived] | _Derived:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


class scratch(derived[dict[object, Any]]):
    """A dict an object's users fill on demand with what they work out from it, empty at first and again in each
    copy (:func:`replace`)."""
