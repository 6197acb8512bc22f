"""The siege engine's floors (docs/architecture.md, "The siege engine's tree"): the fort and the state under the
chapters and their actions, under the menus, under the way in; the bots above all of it, and nothing of the engine
imports a bot. A module imports only from its own floor or the floors under it, so no two folders import each other.
An import for the type checker alone (under ``if TYPE_CHECKING:``) runs nothing and is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

FLOORS = {
    "rules.siege.board": 0,
    "rules.siege.chapters": 1,
    "rules.siege.actions": 1,  # a chapter registers the rule of the action it plays (@actions.plays)
    "rules.siege.menus": 3,
    "rules.siege.game": 4,
    "rules.siege.battle": 4,
    "rules.siege.system": 4,
    "rules.siege.example": 4,
    "bots": 5,
}
"""Each folder or module of the way in with its floor; a higher floor may import a lower one, never the reverse."""


def floor(module: str) -> int | None:
    for name in sorted(FLOORS, key=len, reverse=True):
        if module == name or module.startswith(f"{name}."):
            return FLOORS[name]
    return None


def module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def upward_imports(source: str, module: str) -> list[str]:
    """The imports of ``module`` (its source) that reach a floor above its own, or a bot from the engine."""
    own = floor(module)
    found = []
    tree = ast.parse(source)
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module or id(node) in typing_only:
            continue
        targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        reached = [f for f in map(floor, targets) if f is not None]
        if own is not None and reached and max(reached) > own:
            found.append(f"{module} imports {node.module}")
        elif module.startswith("rules.") and node.module.split(".")[0] == "bots":
            found.append(f"{module} imports the bot {node.module}")
    return found


def test_every_module_of_the_engine_and_the_bots_is_on_its_floor() -> None:
    paths = [*(ROOT / "rules").rglob("*.py"), *(ROOT / "bots").rglob("*.py")]
    names = [module_name(p, ROOT) for p in paths]
    assert "rules.siege.chapters.ladders" in names
    assert "bots.siege.policies" in names
    unplaced = [n for n in names if n.startswith("rules.siege.") and floor(n) is None]
    assert unplaced == [], f"modules of rules/siege/ on no floor: {unplaced}"
    found = [v for p, n in zip(paths, names, strict=True) for v in upward_imports(p.read_text(encoding="utf-8"), n)]
    assert found == []


def test_a_chapter_importing_a_menu_is_caught() -> None:
    source = "from rules.siege.menus.legal import legal_actions\n"
    assert upward_imports(source, "rules.siege.chapters.gates") == [
        "rules.siege.chapters.gates imports rules.siege.menus.legal"
    ]


def test_the_state_importing_a_chapter_by_its_package_is_caught() -> None:
    source = "from rules.siege.chapters import ladders\n"
    assert upward_imports(source, "rules.siege.board.state") == ["rules.siege.board.state imports rules.siege.chapters"]


def test_the_engine_importing_a_bot_is_caught() -> None:
    source = "from bots.siege.policies import orders_for\n"
    assert upward_imports(source, "rules.odds") == ["rules.odds imports the bot bots.siege.policies"]


def test_an_import_for_the_type_checker_alone_is_not_counted_and_a_running_one_is() -> None:
    typed = "if TYPE_CHECKING:\n    from rules.siege.menus.legal import menu_options\n"
    assert upward_imports(typed, "rules.siege.board.options") == []
    running = "from rules.siege.menus.legal import menu_options\n"
    assert upward_imports(running, "rules.siege.board.options") == [
        "rules.siege.board.options imports rules.siege.menus.legal"
    ]
