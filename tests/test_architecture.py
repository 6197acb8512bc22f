"""The layering, written down as a test (docs/architecture.md draws it).

Modules are classified by what they import and do, read with :mod:`ast`, not by their file names: a module that
saves, creates, updates, deletes or opens a transaction is a writer, and writers live in ``services``; a module
with a public function taking ``request`` (or a view class) is a view; a function decorated as a Celery task is a
task; a module making a ``template.Library()`` is a template library. Each rule then names the kind of module it
covers and what such a module may not import or do. Only direct imports count, and imports made for type hints
alone (under ``if TYPE_CHECKING:``) are allowed: a view may name ``Campaign`` in a signature, it may not query it.

The checker is run on the project, and on small made-up modules planted in every package to show that it catches
each kind of violation.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = frozenset({".venv", "migrations", "tests", "node_modules", "bench", "docs", "static", "templates"})
PURE = ("rules", "bots", "simulations.bots")
"""The packages of pure Python: the engines, and the bots the simulations play them with (wherever they sit)."""
SERVERS = ("django", "rest_framework", "drf_spectacular", "celery", "kombu", "redis")
WRITE_CALLS = frozenset({"save", "create", "get_or_create", "update_or_create", "bulk_create", "bulk_update"})
"""Calls that write whatever they are called on (a form's ``save`` writes its model too)."""
QUERYSET_WRITES = frozenset({"update", "delete"})
"""Calls that write when made on a manager or a query (``X.objects.filter(...).update(...)``, ``obj.delete()``),
told from a dictionary's ``update`` or a cache's ``delete(key)``."""
MANAGERS = frozenset({"objects", "_default_manager", "_base_manager"})
EXEMPT: dict[str, str] = {
    "siege_site.health": "the health check asks the database itself, reading in a transaction that bounds its time",
}
"""Modules a rule leaves out, each with its reason."""


def packages(root: Path) -> list[str]:
    """The project's top-level packages (apps and the rest: rules, wording, siege_site)."""
    return sorted(p.parent.name for p in root.glob("*/__init__.py") if p.parent.name not in SKIPPED)


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
        for name in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, name, None)
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


def _name(node: ast.expr) -> str:
    """``a.b.c`` for an attribute chain, ``f`` for a call of ``f``; empty for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _on_a_query(node: ast.expr) -> bool:
    """Whether an expression is a manager or a query: ``X.objects``, ``X.objects.filter(...)``, ``x.items_set``."""
    while isinstance(node, ast.Call | ast.Attribute):
        if isinstance(node, ast.Attribute) and (node.attr in MANAGERS or node.attr.endswith("_set")):
            return True
        node = node.func if isinstance(node, ast.Call) else node.value
    return False


def writes_in(tree: ast.AST) -> list[str]:
    """What a piece of code writes, as ``line: call``; ``super().save()`` in a model's own ``save`` is its own."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "atomic" and _name(node.value) == "transaction":
            found.append(f"{node.lineno}: transaction.atomic")
        elif isinstance(node, ast.Attribute) and node.attr == "select_for_update":
            found.append(f"{node.lineno}: select_for_update")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            call, receiver = node.func.attr, node.func.value
            if isinstance(receiver, ast.Call) and _name(receiver) == "super":
                continue
            if call in WRITE_CALLS or (
                call in QUERYSET_WRITES and (_on_a_query(receiver) or (call == "delete" and not node.args))
            ):
                found.append(f"{node.lineno}: {call}")
    return found


def queries_in(tree: ast.AST) -> list[str]:
    """Where a piece of code reaches a model's manager (``X.objects``): it queries or writes the database."""
    return [f"{n.lineno}: {_name(n)}" for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in MANAGERS]


def _functions(body: list[ast.stmt]) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _first_parameter(function: ast.FunctionDef | ast.AsyncFunctionDef, *, method: bool) -> str:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    names = names[1:] if method else names
    return names[0] if names else ""


@dataclass
class Module:
    """One module of the project, with what it does."""

    name: str
    source: str
    package: bool = False
    tree: ast.Module = field(init=False)

    def __post_init__(self) -> None:
        self.tree = ast.parse(self.source)

    @property
    def app(self) -> str:
        return self.name.split(".")[0]

    @property
    def parts(self) -> list[str]:
        return self.name.split(".")

    def within(self, *packages: str) -> bool:
        return any(self.name == p or self.name.startswith(p + ".") for p in packages)

    @cached_property
    def imports(self) -> set[str]:
        return imports_of(self.source, self.name, package=self.package)

    @cached_property
    def writes(self) -> list[str]:
        return writes_in(self.tree)

    @cached_property
    def queries(self) -> list[str]:
        return queries_in(self.tree)

    @cached_property
    def is_view(self) -> bool:
        """A public function answering a ``request``, or a view class (``…View``, ``…ViewSet``)."""
        body = self.tree.body
        return any(
            not f.name.startswith("_") and _first_parameter(f, method=False) == "request" for f in _functions(body)
        ) or any(
            isinstance(c, ast.ClassDef) and any(_name(b).endswith(("View", "ViewSet")) for b in c.bases) for c in body
        )

    @cached_property
    def tasks(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        """Functions decorated as Celery tasks (``@shared_task``, ``@app.task``)."""
        return [
            f
            for f in _functions(self.tree.body)
            if any(_name(d).split(".")[-1] in {"shared_task", "task"} for d in f.decorator_list)
        ]

    @cached_property
    def is_template_library(self) -> bool:
        return any(isinstance(n, ast.Call) and _name(n).endswith("template.Library") for n in ast.walk(self.tree))

    @property
    def is_service(self) -> bool:
        return "services" in self.parts

    @property
    def is_presenter(self) -> bool:
        return "presenters" in self.parts or self.parts[-1].startswith("presenters_") or self.is_template_library

    @property
    def is_selector(self) -> bool:
        return self.parts[-1] in {"selectors", "pages"} or "selectors" in self.parts

    @property
    def is_model_or_form(self) -> bool:
        return self.parts[-1] in {"models", "forms"} or self.parts[-1].startswith(("models_", "forms_"))


def modules_of(root: Path) -> list[Module]:
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] in SKIPPED or any(part in SKIPPED for part in relative.parts):
            continue
        parts = list(relative.with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found.append(Module(".".join(parts), path.read_text(), package=package))
    return found


# The rules -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportRule:
    name: str
    covers: Callable[[Module], bool]
    forbidden: tuple[str, ...]
    """Imported names, each with what lies under it: ``django.db`` forbids ``django.db.models`` too. ``{app}`` is the
    package the module belongs to; ``{apps}`` stands for every package of the project but ``rules`` and the
    module's own (:func:`_own_package`)."""


def _own_package(module: Module) -> str:
    """The package a module always may import: its pure package (``simulations.bots``), else its top-level one."""
    return next((p for p in PURE if module.within(p)), module.app)


def _forbidden(rule: ImportRule, module: Module, project: list[str]) -> Iterator[str]:
    for pattern in rule.forbidden:
        if pattern == "{apps}":
            yield from (p for p in project if p not in {"rules", _own_package(module)})
        else:
            yield pattern.format(app=module.app)


def _own(module: Module, name: str) -> bool:
    """Whether ``name`` lies in the module's own pure package (``simulations.bots`` may import itself)."""
    return module.within(*PURE) and (name == _own_package(module) or name.startswith(_own_package(module) + "."))


def _imports(name: str, forbidden: str) -> bool:
    """Whether ``name`` is ``forbidden`` or lies under it; ``*`` stands for any dotted path."""
    return fnmatch.fnmatchcase(name, forbidden) or fnmatch.fnmatchcase(name, forbidden + ".*")


IMPORT_RULES = (
    ImportRule(
        "the engines and the bots are pure Python: no Django, no server, no app",
        lambda m: m.within(*PURE),
        (*SERVERS, "{apps}"),
    ),
    ImportRule(
        "the words of the engines' codes know the engines, not the database",
        lambda m: m.within("wording"),
        ("django.db", "rest_framework", "celery", "{apps}"),
    ),
    ImportRule(
        "views parse, authorise, call a selector, presenter or service, and render: no ORM, no engine, no drawing",
        lambda m: m.is_view,
        ("django.db", "{app}.models", "rules", "{app}.drawing", "celery", "kombu", "redis"),
    ),
    ImportRule(
        "selectors read and return data: no drawing, no words of the pages, no writes",
        lambda m: m.is_selector,
        ("{app}.drawing", "{app}.presenters", "{app}.services", "{app}.*.services", "django.urls"),
    ),
    ImportRule(
        "services write: no pictures, no pages",
        lambda m: m.is_service,
        ("{app}.drawing", "{app}.presenters", "{app}.*.presenters"),
    ),
    ImportRule(
        "presenters and template tags turn data into words and pictures: they query nothing themselves",
        lambda m: m.is_presenter,
        ("django.db",),
    ),
    ImportRule(
        "the drawing code is free of Django",
        lambda m: m.within("campaigns.drawing"),
        ("django", "campaigns.models", "campaigns.selectors", "campaigns.services", "campaigns.presenters"),
    ),
    ImportRule(
        "the turn adjudicator is pure: no ORM",
        lambda m: m.name == "campaigns.resolution",
        ("django.db", "campaigns.models", "campaigns.services", "campaigns.selectors"),
    ),
    ImportRule(
        "models and forms know no services (forms take their constants from the models)",
        lambda m: m.is_model_or_form,
        ("{app}.services", "{app}.*.services", "{app}.selectors", "{app}.*.selectors"),
    ),
)

MAX_TASK_STATEMENTS = 10
"""A thin task's body: call a service, report its progress, hand a failure to another service."""


def behaviour_violations(module: Module) -> Iterator[str]:
    if module.writes and not module.is_service:
        yield f"{module.name} writes ({', '.join(module.writes)}): writes only in services, each in its transaction"
    if module.is_view and module.queries:
        yield f"{module.name} reaches a manager ({', '.join(module.queries)}): views ask a selector or a service"
    if module.is_presenter and module.queries:
        queries = ", ".join(module.queries)
        yield f"{module.name} reaches a manager ({queries}): presenters and template tags query nothing"
    for task in module.tasks:
        done = ", ".join([*writes_in(task), *queries_in(task)])
        if done:
            yield f"{module.name}.{task.name} queries or writes ({done}): tasks are thin, they call a service"
        size = sum(isinstance(n, ast.stmt) for n in ast.walk(task)) - 1
        if size > MAX_TASK_STATEMENTS:
            yield f"{module.name}.{task.name} has {size} statements: tasks are thin, they call a service"


def violations(root: Path) -> list[str]:
    project = sorted({*packages(ROOT), *packages(root)})
    modules = modules_of(root)
    views = {m.name for m in modules if m.is_view}
    found = []
    for module in modules:
        if module.name in EXEMPT:
            continue
        for rule in IMPORT_RULES:
            if not rule.covers(module):
                continue
            forbidden = tuple(_forbidden(rule, module, project))
            found += [
                f"{module.name} imports {name}: {rule.name}"
                for name in sorted(module.imports)
                if any(_imports(name, f) for f in forbidden) and not _own(module, name)
            ]
        if module.is_service or module.is_model_or_form:
            found += [
                f"{module.name} imports {name}: services and models know no views"
                for name in sorted(module.imports)
                if any(_imports(name, view) for view in views)
            ]
        found += behaviour_violations(module)
    return found


def test_the_project_keeps_its_layers() -> None:
    assert {"campaigns", "rules", "tracker", "wording", "siege_site"} <= set(packages(ROOT))
    assert violations(ROOT) == []


def test_the_project_s_modules_are_classified_by_what_they_do() -> None:
    """The classification finds the modules it is about, whatever their names: a rule that covers nothing checks
    nothing."""
    modules = {m.name: m for m in modules_of(ROOT)}
    views = {name for name, m in modules.items() if m.is_view}
    assert {
        "campaigns.views",
        "campaigns.api",
        "campaigns.bands.views",
        "campaigns.setup.views",
        "campaigns.rule_systems.views",
        "tracker.views",
        "accounts.views",
        "oddslab.api",
    } <= views
    assert "campaigns.access" not in views
    assert "campaigns.admin" not in views
    writers = {name for name, m in modules.items() if m.writes}
    assert {
        "campaigns.setup.services",
        "campaigns.rule_systems.services",
        "tracker.services.skirmish",
        "campaigns.bands.services",
        "campaigns.services.turns",
    } <= writers
    tasks = {f"{name}.{t.name}" for name, m in modules.items() for t in m.tasks}
    assert {"campaigns.tasks.resolve_turn", "simulations.tasks.play_chunk"} <= tasks
    assert modules["tracker.templatetags.tracker_board"].is_template_library


def _write(root: Path, module: str, source: str) -> None:
    path = root.joinpath(*module.split(".")).with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.relative_to(root).parents:
        if parent != Path("."):
            (root / parent / "__init__.py").touch()
    path.write_text(source)


VIEW = "from django.shortcuts import render\n\ndef page(request):\n    return render(request, 'x.html')\n"
"""A view, to be made to break a rule."""

PLANTED = [
    # accounts
    ("accounts.tokens", "def forget(user):\n    Token.objects.filter(user=user).delete()\n", "writes only in services"),
    ("accounts.views", "from django.db import connection\n" + VIEW, "views parse"),
    # assistants
    ("assistants.selectors", "def roll(b):\n    return ConfrontationRoll.objects.create(battle=b)\n", "writes only"),
    (
        "assistants.presenters",
        "def log(b):\n    return list(Roll.objects.filter(battle=b))\n",
        "presenters and template tags query nothing",
    ),
    # campaigns
    (
        "campaigns.setup.forms",
        "from django.db import transaction\n@transaction.atomic\ndef f():\n    pass\n",
        "writes only",
    ),
    ("campaigns.bands.lines", "def keep(band):\n    band.save()\n", "writes only in services"),
    (
        "campaigns.rule_systems.systems",
        "def lock(b):\n    return Battle.objects.select_for_update().get(pk=b)\n",
        "writes only",
    ),
    ("campaigns.anything", VIEW + "from .models import Army\n", "views parse"),
    ("campaigns.anything", VIEW + "def other(request):\n    return Army.objects.all()\n", "views ask a selector"),
    ("campaigns.api", "from django.db.models import Q\nclass Armies(ModelViewSet):\n    pass\n", "views parse"),
    ("campaigns.setup.views", VIEW + "from rules.siege.board.fort import standard_fort\n", "views parse"),
    ("campaigns.views", VIEW + "from . import drawing\n", "views parse"),
    ("campaigns.selectors", "from .drawing import map_svg\n", "selectors read"),
    ("campaigns.bands.selectors", "from django.urls import reverse\n", "selectors read"),
    ("campaigns.services.map", "from ..drawing import map_svg\n", "services write"),
    ("campaigns.forms", "from .services import SETTINGS_FIELDS\n", "models and forms"),
    ("campaigns.bands.forms", "from ..setup.services import start_campaign\n", "models and forms"),
    ("campaigns.drawing.map", "from django.utils.translation import gettext\n", "the drawing code"),
    ("campaigns.resolution", "from .models import Army\n", "the turn adjudicator is pure"),
    (
        "campaigns.tasks",
        "@shared_task(name='t')\ndef resolve(t):\n    return Turn.objects.get(pk=t).number\n",
        "tasks are thin",
    ),
    # oddslab
    ("oddslab.presenters", "def odds(q):\n    q.save()\n", "writes only in services"),
    # simulations
    (
        "simulations.tasks",
        "@shared_task\ndef play(c):\n    return SimulationChunk.objects.filter(pk=c).first()\n",
        "tasks are thin",
    ),
    ("simulations.tasks", "@app.task\ndef play(c):\n" + "    c += 1\n" * 11, "has 11 statements: tasks are thin"),
    ("simulations.bots.strong", "from simulations.models import SimulationRun\n", "pure Python"),
    ("bots.policies", "import django\n", "pure Python"),
    # tracker
    (
        "tracker.skirmish_results",
        "def start(b):\n    TrackedBattle.objects.create(setup=b)\n",
        "writes only in services",
    ),
    (
        "tracker.templatetags.board",
        "from django import template\nregister = template.Library()\nT.objects.get()\n",
        "template tags query nothing",
    ),
    # siege_site
    ("siege_site.errors", VIEW + "def gone(request):\n    request.user.save()\n", "writes only"),
    ("siege_site.accounts", "from django.db.models import F\n" + VIEW, "views parse"),
    # rules
    ("rules.siege.bad", "from django.db import models\n", "pure Python"),
    ("rules.bad", "import campaigns.models\n", "pure Python"),
    ("rules.freres.bad", "from wording.freres import refusal_text\n", "pure Python"),
    # wording
    ("wording.siege.bad", "from campaigns.models import Battle\n", "the words of the engines' codes"),
    ("wording.dice", "from django.db import connection\n", "the words of the engines' codes"),
]


@pytest.mark.parametrize(("module", "source", "broken"), [p for p in PLANTED if p[2]])
def test_the_checker_catches_a_violation_planted_in_each_package(
    tmp_path: Path, module: str, source: str, broken: str
) -> None:
    _write(tmp_path, module, source)
    found = violations(tmp_path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{module}")
    assert broken in found[0]


def test_a_violation_is_planted_in_every_package() -> None:
    planted = {module.split(".")[0] for module, _, broken in PLANTED if broken}
    assert set(packages(ROOT)) <= planted | {"bots"}


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("oddslab.forms", "def f(w):\n    w.attrs.update(min=1, max=6)\n"),
        ("rules.freres.harm", "def f(changes):\n    changes.update(routed=True)\n"),
        ("campaigns.page_cache", "def f(key):\n    cache.delete(key)\n"),
        ("assistants.models", "class Roll(Model):\n    def save(self, *a):\n        super().save(*a)\n"),
        (
            "campaigns.views",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .models import Army\n" + VIEW,
        ),
        (
            "campaigns.access",
            "class Member(BasePermission):\n    def has_permission(self, request, view):\n        return True\n",
        ),
        ("simulations.tasks", "@shared_task\ndef play(c):\n    return services.play_chunk(chunk_id=c)\n"),
        ("wording.siege.gates", "from wording.values import place\nfrom rules.siege.chapters.gates import Gate\n"),
        (
            "simulations.bots.strong",
            "from simulations.bots.policies import Policy\nfrom rules.siege.board.state import State\n",
        ),
    ],
)
def test_what_is_not_a_violation(tmp_path: Path, module: str, source: str) -> None:
    """A dictionary's update, a cache's delete, a model's own save, a type hint and a permission are no writes,
    queries or views; the words and the bots import the engine and their own package."""
    _write(tmp_path, module, source)
    assert violations(tmp_path) == []


def test_imports_for_type_hints_alone_are_allowed_in_views(tmp_path: Path) -> None:
    _write(tmp_path, "campaigns.views", "def view(request):\n    from .models import Army\n    return Army\n")
    assert violations(tmp_path) == [
        "campaigns.views imports campaigns.models.Army: views parse, authorise, call a selector, presenter or service, "
        "and render: no ORM, no engine, no drawing",
    ]


def test_services_models_and_forms_know_no_views_whatever_their_names(tmp_path: Path) -> None:
    _write(tmp_path, "tracker.board_pages", VIEW)
    _write(tmp_path, "tracker.services.skirmish", "from ..board_pages import page\n")
    _write(tmp_path, "tracker.forms", "from .board_pages import page\n")
    assert violations(tmp_path) == [
        "tracker.forms imports tracker.board_pages.page: services and models know no views",
        "tracker.services.skirmish imports tracker.board_pages.page: services and models know no views",
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
    for module in modules_of(root):
        if module.is_view and module.name not in EXEMPT:
            found += questions(module.source, module.name)
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
