"""The engine's speed tricks, each behind a name: what it does, what it saves and what it relies on.

A demo assault (seed 1500) makes about 400 copies of the battle state and its values, 200 events, 170 menu
entries, 140 outcomes, 180 rolls or pools of dice and 40 seeded generators. The tricks below make those cheaper
than the standard way while giving the same values; the rule modules call these names and never do the trick
themselves. The figures were measured on CPython 3.11.7, 27 November 2026, on a 2-core machine that others' work
kept busy (load average 10–14): the two ways were timed in turn fifteen times and the best of each kept, so each
figure is a ratio of two runs made side by side, not a time to quote alone.

**Enum members in busy functions.** On Python 3.11 a member read from its class (``Side.BESIEGER``) costs about
a thousand instructions more than a module name; the members the engine reads most are bound once as constants in
:mod:`rules.fast.members` (``side is BESIEGER``), the others read from their class.
"""

from __future__ import annotations

import _random
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["bit_source", "new_frozen", "set_fields"]

_Value = TypeVar("_Value")

_new = object.__new__
_set = object.__setattr__


def new_frozen(cls: type[_Value], fields: dict[str, Any], /) -> _Value:
    """A new ``cls``, a frozen dataclass, holding ``fields`` (every field by its name, the dict taken as it is),
    made without calling its ``__init__``.

    Why: a frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` in turn,
    because its own ``__setattr__`` refuses; the dice log (:class:`rules.dice.Roll`) and the copies of the battle
    state (:func:`rules.siege.board.values.replace`) make hundreds a battle. Saves: a roll made this way takes two
    thirds of the time its constructor takes (2.4 against 3.6 µs, 1.5–1.8× over two runs); a copy of the demo's
    battle state, which also keeps the indexes its fields still hold, 0.6 µs against 45 µs for
    :func:`dataclasses.replace`.

    Relies on: ``cls`` keeps its fields in its ``__dict__`` (no ``__slots__``), its ``__init__`` does nothing but
    set them (no ``__post_init__``, no conversion, no default worked out) and ``fields`` names each field once
    and nothing else but values cached from them. The result is then equal to, hashes as, and is as frozen as the
    one ``cls(**fields)`` makes (``tests/rules/test_fast.py``). Nothing is checked here: the callers build the
    dict from the fields themselves.
    """
    made = _new(cls)
    _set(made, "__dict__", fields)
    return made


def set_fields(value: object, fields: dict[str, Any], /) -> None:
    """Set every field of a frozen dataclass's ``value`` at once, from its hand-written ``__init__``.

    Why: the :class:`rules.contract.Event`, :class:`rules.siege.board.state.Outcome` and
    :class:`rules.siege.board.options.Option` of every action and menu work their fields out in their ``__init__``
    (a sentence becomes ``{"text": …}``, defaults) and then set them. Saves: one dict for all the fields instead
    of one ``object.__setattr__`` each: an :class:`~rules.contract.Event`, its ``params`` worked out included,
    in 3.5 µs against 4.3 µs for a plain frozen dataclass of the same four fields (1.2×).

    Relies on: ``value`` is new (nothing has read it yet), keeps its fields in its ``__dict__`` and ``fields``
    names each of its fields once, so it compares and hashes as if set one by one.
    """
    _set(value, "__dict__", fields)


def bit_source(seed: int, /) -> Callable[[int], int]:
    """The draw of ``k`` random bits (``getrandbits``) of a Mersenne Twister seeded with ``seed``: the same
    numbers as ``random.Random(seed).getrandbits``, which :func:`rules.dice._below` turns into die faces as
    ``randrange`` does.

    Why: :class:`rules.dice.Dice` seeds a generator for each action that rolls (about 40 an assault) and only
    ever draws bits. ``random.Random`` is a Python subclass of the C generator whose ``__init__`` and ``seed``
    check the seed's type in Python before handing an int on unchanged; the C class alone skips that layer.
    Saves: about 1.5 µs a generator at rest (8.9 against 10.4 µs, most of either the seeding itself; lost in the
    noise while the machine was busy), about 0.06 ms of an assault's 9 ms.

    Relies on: CPython's ``random.Random.seed`` passing an ``int`` seed to the C ``seed`` unchanged (true of
    3.11 for any non-negative or negative int: both take its absolute value), and ``getrandbits`` being the C
    method itself in both. A battle replays from its seed either way (``tests/rules/test_fast.py`` draws the two
    side by side).
    """
    return _random.Random(seed).getrandbits
