"""The layering, written down as a test (docs/architecture.md draws it).

Each rule names the modules it covers and the imports they may not make. Only direct imports count, and imports
made for type hints alone (under ``if TYPE_CHECKING:``) are allowed: a view may name ``Campaign`` in a signature, it
may not query it. The checker is run on the project, and on small made-up modules to show that it catches each kind
of violation.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = sorted(p.parent.name for p in ROOT.glob("*/apps.py") if p.parent.name != "rules")


@dataclass(frozen=True)
class Rule:
    name: str
    modules: tuple[str, ...]
    """Module name patterns (``fnmatch``), e.g. ``campaigns.views*``."""
    forbidden: tuple[str, ...]
    """Imported names, each with what lies under it: ``django.db`` forbids ``django.db.models`` too. ``{app}`` is the
    app the module belongs to."""


def _in_apps(*patterns: str) -> tuple[str, ...]:
    return tuple(f"{app}.{pattern}" for app in APPS for pattern in patterns)


VIEWS = ("views", "views_*", "api", "views.*", "api.*")

RULES = (
    Rule(
        "the engine never imports Django or the apps",
        ("rules", "rules.*"),
        ("django", "rest_framework", "celery", *APPS),
    ),
    Rule(
        "views parse, authorise, call a selector, presenter or service, and render: no ORM, no engine, no drawing",
        _in_apps(*VIEWS),
        ("django.db", "{app}.models", "rules", "{app}.drawing", "celery", "kombu", "redis"),
    ),
    Rule(
        "selectors read and return data: no drawing, no words of the pages, no writes",
        _in_apps("selectors", "selectors.*", "pages"),
        ("{app}.drawing", "{app}.presenters", "{app}.services", "django.urls"),
    ),
    Rule(
        "services write: no pictures, no pages",
        _in_apps("services", "services.*"),
        ("{app}.drawing", "{app}.presenters", "{app}.views", "{app}.views_setup", "{app}.api"),
    ),
    Rule(
        "presenters turn data into words and pictures: they query nothing themselves",
        _in_apps("presenters", "presenters.*"),
        ("django.db",),
    ),
    Rule(
        "the drawing code is free of Django",
        ("campaigns.drawing", "campaigns.drawing.*"),
        ("django", "campaigns.models", "campaigns.selectors", "campaigns.services", "campaigns.presenters"),
    ),
    Rule(
        "the turn adjudicator is pure: no ORM",
        ("campaigns.resolution",),
        ("django.db", "campaigns.models", "campaigns.services", "campaigns.selectors"),
    ),
    Rule(
        "models and forms know no services (forms take their constants from the models)",
        _in_apps("models", "forms", "forms_*"),
        ("{app}.services", "{app}.selectors", "{app}.views"),
    ),
)


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement, not descending into ``if TYPE_CHECKING:`` blocks."""
    for node in body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.orelse)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _statements([n for n in inner if isinstance(n, ast.stmt | ast.excepthandler)])  # type: ignore[misc]


def imports_of(source: str, module: str, *, package: bool = False) -> set[str]:
    """The absolute names a module imports: ``from x import y`` gives ``x.y`` (a module or a name in ``x``)."""
    names: set[str] = set()
    here = module.split(".") if package else module.split(".")[:-1]
    for node in _statements(ast.parse(source).body):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            stem = ".".join([*base, *([node.module] if node.module else [])])
            names.update(f"{stem}.{alias.name}" for alias in node.names)
    return names


def violations(root: Path, rules: tuple[Rule, ...] = RULES) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if any(part in {".venv", "migrations", "tests", "node_modules"} for part in path.relative_to(root).parts):
            continue
        module = _module_name(path, root)
        app = module.split(".")[0]
        imported = imports_of(path.read_text(), module, package=path.name == "__init__.py")
        for rule in rules:
            if not any(fnmatch.fnmatchcase(module, pattern) for pattern in rule.modules):
                continue
            for forbidden in (f.format(app=app) for f in rule.forbidden):
                for name in sorted(imported):
                    if name == forbidden or name.startswith(forbidden + "."):
                        found.append(f"{module} imports {name}: {rule.name}")
    return found


def test_the_project_keeps_its_layers() -> None:
    assert "campaigns" in APPS
    assert violations(ROOT) == []


def _write(root: Path, module: str, source: str) -> None:
    path = root.joinpath(*module.split(".")).with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.relative_to(root).parents:
        if parent != Path("."):
            (root / parent / "__init__.py").touch()
    path.write_text(source)


@pytest.mark.parametrize(
    ("module", "source", "broken"),
    [
        ("rules.siege.bad", "from django.db import models\n", "the engine never imports Django"),
        ("rules.bad", "import campaigns.models\n", "the engine never imports Django"),
        ("campaigns.views", "from .models import Army\nArmy.objects.all()\n", "views parse"),
        ("campaigns.api", "from django.db.models import Q\n", "views parse"),
        ("campaigns.setup.views", "from rules.siege.fort import standard_fort\n", "views parse"),
        ("campaigns.views", "from . import drawing\n", "views parse"),
        ("campaigns.selectors", "from .drawing import map_svg\n", "selectors read"),
        ("campaigns.selectors", "from django.urls import reverse\n", "selectors read"),
        ("campaigns.services.map", "from ..drawing import map_svg\n", "services write"),
        ("campaigns.forms", "from .services import SETTINGS_FIELDS\n", "models and forms"),
        ("campaigns.drawing.map", "from django.utils.translation import gettext\n", "the drawing code"),
        ("campaigns.resolution", "from .models import Army\n", "the turn adjudicator is pure"),
    ],
)
def test_the_checker_catches_a_violation(tmp_path: Path, module: str, source: str, broken: str) -> None:
    _write(tmp_path, module, source)
    found = violations(tmp_path)
    assert len(found) == 1
    assert found[0].startswith(f"{module} imports ")
    assert broken in found[0]


def test_imports_for_type_hints_alone_are_allowed_in_views(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "campaigns.views",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .models import Army\nfrom . import selectors\n",
    )
    assert violations(tmp_path) == []
    _write(tmp_path, "campaigns.views", "def view():\n    from .models import Army\n    return Army\n")
    assert violations(tmp_path) == [
        "campaigns.views imports campaigns.models.Army: views parse, authorise, call a selector, presenter or service, "
        "and render: no ORM, no engine, no drawing",
    ]


# One question per view -------------------------------------------------------------------------------------------

READS = frozenset({"selectors", "pages"})
"""The modules a view reads through: each page's view asks one of their functions (a page selector gathers the
rest into one small dataclass)."""
WRITES = frozenset({"services", "setup", "rule_systems"})
"""The modules a view writes through: one service does the whole write. A view serving several actions picks its
service from a table of actions (``MANAGE_ACTIONS``), one service for each."""


def _asked(function: ast.FunctionDef, helpers: set[str]) -> tuple[set[str], set[str], set[str]]:
    """The reads and writes a function names (``selectors.x``; classes such as ``services.TerritorySpec`` aside), and
    the module's functions it calls."""
    reads, writes, called = set(), set(), set()
    for node in ast.walk(function):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr[:1].islower():
            if node.value.id in READS:
                reads.add(f"{node.value.id}.{node.attr}")
            elif node.value.id in WRITES:
                writes.add(f"{node.value.id}.{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers:
            called.add(node.func.id)
    return reads, writes, called


def questions(source: str, module: str) -> list[str]:
    """Each view of the module (a public function) that reads through more than one selector or writes through
    more than one service, counting what the module's own functions it calls ask."""
    body = ast.parse(source).body
    functions = {n.name: n for n in body if isinstance(n, ast.FunctionDef)}
    # an API's actions are the methods of its view sets, each asked on its own
    methods = {
        f"{c.name}.{n.name}": n
        for c in body
        if isinstance(c, ast.ClassDef)
        for n in c.body
        if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")
    }
    asked = {name: _asked(function, set(functions)) for name, function in (functions | methods).items()}
    found = []
    for view in (name for name in (*functions, *methods) if not name.split(".")[-1].startswith("_")):
        reads, writes, seen, todo = set(), set(), set(), [view]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                reads |= asked[name][0]
                writes |= asked[name][1]
                todo.extend(asked[name][2])
        for kind, names in (("reads", reads), ("writes", writes)):
            if len(names) > 1:
                found.append(f"{module}.{view} {kind} through {', '.join(sorted(names))}")
    return found


def views_asking_more_than_once(root: Path) -> list[str]:
    found = []
    for app in APPS:
        for path in sorted([*(root / app).glob("views*.py"), *(root / app).glob("api.py")]):
            module = _module_name(path, root)
            found += questions(path.read_text(), module)
    return found


def test_each_view_asks_one_selector_and_one_service() -> None:
    assert views_asking_more_than_once(ROOT) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "def page(request):\n    a = selectors.armies_of(c)\n    t = selectors.current_turn(c)\n",
            ["campaigns.views.page reads through selectors.armies_of, selectors.current_turn"],
        ),
        (
            "def page(request):\n    _helper()\n    pages.orders(c, m)\n\ndef _helper():\n    selectors.stalled(t)\n",
            ["campaigns.views.page reads through pages.orders, selectors.stalled"],
        ),
        (
            "def act(request):\n    services.lock_turn(turn=t)\n    setup.toggle_neighbours(territory=t, other=o)\n",
            ["campaigns.views.act writes through services.lock_turn, setup.toggle_neighbours"],
        ),
        ("def page(request):\n    p = pages.orders(c, m)\n    services.submit_order(membership=m)\n", []),
        (
            "class Campaigns:\n    def orders(self, r):\n        t = selectors.current_turn(c)\n"
            "        return selectors.visible_orders(t, m)\n",
            ["campaigns.views.Campaigns.orders reads through selectors.current_turn, selectors.visible_orders"],
        ),
        ("ACTIONS = {'lock': services.lock_turn, 'open': services.open_turn}\ndef act(r):\n    ACTIONS[a]()\n", []),
    ],
)
def test_the_one_question_rule_catches_a_view_asking_twice(source: str, found: list[str]) -> None:
    assert questions(source, "campaigns.views") == found


@pytest.mark.parametrize("module", ["tracker.views", "tracker.views_skirmish", "campaigns.views"])
def test_no_app_s_views_are_exempt_from_the_one_question_rule(tmp_path: Path, module: str) -> None:
    source = "def board(request, pk):\n    t = selectors.tracked_battle(pk)\n    return selectors.version(t)\n"
    _write(tmp_path, module, source)
    assert views_asking_more_than_once(tmp_path) == [
        f"{module}.board reads through selectors.tracked_battle, selectors.version"
    ]
