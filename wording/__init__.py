"""The engines' codes in the reader's words.

The rules engines (:mod:`rules`) never write a sentence: a refusal (:class:`rules.contract.IllegalAction`) and an
event (:class:`rules.contract.Event`) carry a code, a clause and named facts. Here each code has its sentence, in
English, translated through gettext, and each fact is named as the table names it: a model by its unit and number
(« Boyz orques n° 3 »), a place as the fort's diagram shows it (« au pied de W3 »).

The sentences of a rule system sit in one package a system (:mod:`wording.siege`, :mod:`wording.freres`), one
module for each module of the engine that raises or reports the codes: the words of ``rules/siege/chapters/gates.py``
are in ``wording/siege/gates.py``. Each module holds a :class:`Sentences`; the package gathers them (:func:`gather`) and
a test checks that every code of the engine has its sentence, with the facts it names.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from django.utils.translation import gettext as _

from rules.contract import Param
from rules.dice import read_reason

__all__ = ["Names", "PlainNames", "Sentences", "gather", "roll_reason", "say"]

Sentence = Any
"""A sentence: a lazy gettext string with ``%(fact)s`` placeholders, or a lazy ngettext one counting by a fact."""


@dataclass(frozen=True)
class Sentences:
    """The sentences of an engine module's codes, and the words for the values of its facts that are engine words
    (``words["liquid"]["oil"]``: « huile bouillante »)."""

    sentences: Mapping[str, Sentence]
    words: Mapping[str, Mapping[str, object]] = field(default_factory=dict)


class Names(Protocol):
    """How a page names a battle's models and places, from its state."""

    def model(self, model_id: str) -> str: ...

    def models(self, model_ids: tuple[str, ...]) -> str: ...

    def place(self, place: str) -> str: ...


class PlainNames:
    """Names for a game without places, as a skirmish or a melee: several models named one by one, a place as the
    engine writes it. Its subclasses name a model."""

    def model(self, model_id: str) -> str:
        return model_id

    def models(self, model_ids: tuple[str, ...]) -> str:
        return ", ".join(map(self.model, model_ids))

    def place(self, place: str) -> str:
        return place


@dataclass(frozen=True)
class Catalogue:
    """Every sentence of a rule system by code, with the words of the module each comes from."""

    sentences: Mapping[str, Sentence]
    words: Mapping[str, Mapping[str, Mapping[str, object]]]
    """for each code, its module's words"""

    def __contains__(self, code: str) -> bool:
        return code in self.sentences


def gather(package: ModuleType) -> Catalogue:
    """The :class:`Sentences` of every module of ``package`` as one catalogue; a code worded twice is an error."""
    sentences: dict[str, Sentence] = {}
    words: dict[str, Mapping[str, Mapping[str, object]]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found = getattr(module, "SENTENCES", None)
        if not isinstance(found, Sentences):
            continue
        for code, sentence in found.sentences.items():
            if code in sentences:
                raise ValueError(f"the code {code!r} is worded twice, in {info.name} and before")
            sentences[code] = sentence
            words[code] = found.words
    return Catalogue(sentences, words)


def say(catalogue: Catalogue, code: str, params: Mapping[str, Param], names: Names) -> str:
    """The sentence of ``code`` with its facts ``params`` named for the reader; a code with no sentence (an engine
    newer than its words) is shown as it is, with its facts."""
    sentence = catalogue.sentences.get(code)
    if sentence is None:
        if set(params) <= {"text"}:  # a sentence still written by the engine
            return str(params.get("text", code))
        facts = ", ".join(f"{k}: {fact(k, v, names, {})}" for k, v in params.items())
        return f"{code} ({facts})" if facts else code
    words = catalogue.words.get(code, {})
    named = {key: value if _counts(value) else fact(key, value, names, words) for key, value in params.items()}
    try:
        return str(sentence % named)
    except (KeyError, TypeError, ValueError):  # a fact the sentence names is missing: its facts shown as they are
        return (
            str(sentence).split("%(")[0].rstrip(" :,") + " (" + ", ".join(f"{k}: {v}" for k, v in named.items()) + ")"
        )


def roll_reason(catalogue: Catalogue, reason: str, names: Names) -> tuple[str, str]:
    """Why a die was rolled, in the reader's words, and its clause; a reason of an older log, written as a
    sentence, as it is."""
    read = read_reason(reason)
    if read is None:
        return reason, ""
    code, clause, facts = read
    return say(catalogue, code, facts, names), clause


def _counts(value: Param) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def fact(key: str, value: Param, names: Names, words: Mapping[str, Mapping[str, object]]) -> str:
    """One fact named for the reader, by what its key says it is (:mod:`rules.contract`)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return str(value)
    if key == "model" or key.endswith("_model"):
        return names.model(str(value))
    if key == "models" or key.endswith("_models"):
        return names.models(tuple(map(str, value)) if isinstance(value, tuple) else (str(value),))
    if key == "place" or key.endswith("_place"):
        return names.place(str(value))
    if key == "dice" or key.endswith("_dice"):
        return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    known = words.get(key, {})
    if isinstance(value, tuple):
        return ", ".join(str(known.get(str(v), v)) for v in value)
    return str(known.get(value, value))
