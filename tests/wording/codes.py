"""The codes the engines raise and report, read from their source: each refusal (``IllegalAction(code, clause,
**facts)``, ``Refusal(…)``) and each event (``Event(kind, clause, {facts}, models)``) whose code is written as a
word, with the names of the facts given at that place. A call whose code is not a plain word is listed apart, as
a sentence the engine still writes."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^[a-z][a-z0-9_]*$")
_REFUSALS = {"IllegalAction", "Refusal"}
_EVENTS = {"Event", "event"}
_ROLLS = {"roll", "pool", "total", "d10", "check"}
"""the calls that take a die's reason: :class:`rules.dice.Dice`'s, and the skirmish's d10 and tests
(``play.d10(reason)``, ``play.check(model, characteristic, modifier, reason)``)"""


@dataclass(frozen=True)
class Site:
    """One place in an engine's source that raises or reports a code."""

    path: str
    line: int
    code: str | None
    """the code, or None when it is not written as a plain word"""
    facts: frozenset[str] | None
    """the facts' names, or None when they are not all written at the site (``**facts``, a variable)"""


def sites(package: str) -> Iterator[Site]:
    """Every refusal and event made in the modules of ``package`` (``"rules/siege"``)."""
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in _REFUSALS or node.func.id == "reason":
                    yield _refusal(path, node)
                elif node.func.id in _EVENTS and not _forwarded(node):
                    yield _event(path, node)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "event":
                yield _event(path, node)  # the skirmish's ``play.event(kind, clause, {facts}, *models)``
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ROLLS:
                given = node.args if node.func.attr == "d10" else node.args[1:]
                written = [a for a in given if isinstance(a, ast.JoinedStr | ast.Constant)]
                if any(isinstance(a, ast.JoinedStr) or isinstance(a.value, str) for a in written):
                    yield Site(str(path.relative_to(ROOT)), node.lineno, None, None)  # a reason written as a sentence


ACTION = "<action>"
"""The code of the event an action reports of itself: the action's name (:data:`rules.siege.actions.ACTIONS`)."""


def _code(path: Path, node: ast.Call) -> str | None:
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str) and CODE.match(first.value):
        return first.value
    if isinstance(first, ast.Attribute) and first.attr == "name" and isinstance(first.value, ast.Name):
        return ACTION if first.value.id == "action" else None
    return None


def _forwarded(node: ast.Call) -> bool:
    """A helper that makes the event its callers report (``Event(kind, clause, facts, models)``, all three passed
    on): its callers are the sites checked."""
    return len(node.args) > 2 and all(isinstance(a, ast.Name) for a in node.args[:3])


def _refusal(path: Path, node: ast.Call) -> Site:
    spread = any(k.arg is None for k in node.keywords)
    facts = None if spread else frozenset(k.arg for k in node.keywords if k.arg)
    return Site(str(path.relative_to(ROOT)), node.lineno, _code(path, node), facts)


def _event(path: Path, node: ast.Call) -> Site:
    """An event's facts are a dict written at the site (``{"gate": gate_id}``), or none; anything else is a
    sentence the engine still writes."""
    given = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "params"), None)
    where = str(path.relative_to(ROOT))
    if given is None or (isinstance(given, ast.Constant) and given.value is None):
        return Site(where, node.lineno, _code(path, node), frozenset())
    if not isinstance(given, ast.Dict):
        return Site(where, node.lineno, _code(path, node) if _code(path, node) == ACTION else None, None)
    if any(k is None for k in given.keys):  # {**facts, …}: the facts are not all written here
        return Site(where, node.lineno, _code(path, node), None)
    return Site(
        where,
        node.lineno,
        _code(path, node),
        frozenset(str(k.value) for k in given.keys if isinstance(k, ast.Constant)),
    )


PLACEHOLDER = re.compile(r"%\((\w+)\)")


def placeholders(sentence: object) -> set[str]:
    """The facts a sentence names, in English and in every translation of it."""
    return set(PLACEHOLDER.findall(str(sentence)))
