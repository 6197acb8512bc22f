"""The suite's own set-up: what a test that is not a browser test loads, and every module the tests import declared."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib

import pytest

from siege_site.stack import BASE_DIR

COLLECT = (
    "import sys, pytest; pytest.main(['--collect-only', '-q', '-p', 'no:xdist', {path!r}]); "
    "print('playwright' in sys.modules)"
)


@pytest.mark.parametrize(
    ("path", "imported"), [("tests/siege_site/test_csp.py", False), ("tests/browser/test_login.py", True)]
)
def test_only_the_browser_tests_import_playwright(path: str, imported: bool) -> None:
    result = subprocess.run(
        [sys.executable, "-c", COLLECT.format(path=path)],
        env=os.environ | {"DEBUG": "1"}, cwd=BASE_DIR, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == str(imported), result.stdout


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_distributions() -> set[str]:
    """Every distribution pyproject.toml names: the site's, and its extras (the tests', the embedded servers')."""
    project = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]
    specs = [*project["dependencies"], *(spec for extra in project["optional-dependencies"].values() for spec in extra)]
    return {canonical(re.match(r"[A-Za-z0-9._-]+", spec).group()) for spec in specs}  # type: ignore[union-attr]


def imported_modules(folder: str) -> set[str]:
    """The top-level modules the Python files under ``folder`` import, wherever the import sits."""
    names = set()
    for path in (BASE_DIR / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("folder", ["tests", "bench"])
def test_every_module_the_tests_and_benchmarks_import_is_declared(folder: str) -> None:
    packages = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    ours = {"tests", "bench", *(name.rstrip("*") for name in packages["include"])}  # the project's own packages
    third_party = imported_modules(folder) - set(sys.stdlib_module_names) - ours - {"__future__"}
    assert "pytest" in third_party  # the search sees the imports
    installed = importlib.metadata.packages_distributions()
    undeclared = {
        module: installed.get(module, ["not installed"])
        for module in third_party
        if not declared_distributions() & {canonical(name) for name in installed.get(module, [])}
    }
    assert undeclared == {}
