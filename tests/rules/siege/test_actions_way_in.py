"""Outside the engine a siege is played through ``rules.siege.game`` only: no caller in the web app, the benchmarks
or the example reaches for a chapter's state-changing function (python-chess's ``Board.push`` is the one way in).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import rules.siege

ROOT = Path(__file__).resolve().parents[3]
WAY_IN = {"rules.siege.game", "rules.siege.menus.legal", "rules.siege.battle", "rules.siege.actions"}
CALLERS = [*ROOT.glob("campaigns/**/*.py"), *ROOT.glob("bench/**/*.py"), ROOT / "rules" / "siege" / "example.py"]


def _changes_a_state(function: object) -> bool:
    """A public function taking a battle state first and giving a new one back (bare or in an outcome); a reading
    such as the victory points is free to call.
    """
    if not inspect.isfunction(function):
        return False
    signature = inspect.signature(function)
    returned = str(signature.return_annotation)
    takes_state = next(iter(signature.parameters), None) == "state"
    return takes_state and ("BattleState" in returned or "Outcome" in returned)


def _state_changers() -> dict[str, set[str]]:
    """Each chapter module's public functions that change a battle state."""
    found: dict[str, set[str]] = {}
    for info in pkgutil.walk_packages(rules.siege.__path__, "rules.siege."):
        name = info.name
        if name in WAY_IN or info.ispkg:
            continue
        module = importlib.import_module(name)
        found[name] = {f for f in getattr(module, "__all__", ()) if _changes_a_state(getattr(module, f))}
    return found


def test_callers_outside_the_engine_play_through_apply() -> None:
    changers = _state_changers()
    assert changers["rules.siege.chapters.movement"] == {"move"}
    assert "victory_points" not in changers["rules.siege.chapters.victory"]
    assert {"buy", "block", "use_ram"} <= changers["rules.siege.chapters.costs"] | changers[
        "rules.siege.chapters.blocking"
    ] | changers["rules.siege.chapters.rams"]
    reached = []
    for path in CALLERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in changers:
                reached += [
                    f"{path.relative_to(ROOT)}: {alias.name}"
                    for alias in node.names
                    if alias.name in changers[node.module]
                ]
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules.siege"):
                reached += [
                    f"{path.relative_to(ROOT)}: {alias.name}"
                    for alias in node.names
                    if changers.get(f"{node.module}.{alias.name}")
                ]
    assert reached == []
