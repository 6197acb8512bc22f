"""The suite's own set-up: what a test that is not a browser test loads, every module the tests import declared, and
the tests of one xdist group run by one test process."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

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


GROUPED = """
import os

import pytest

pytestmark = pytest.mark.xdist_group("shared")


@pytest.mark.parametrize("n", range(6))
def test_one(n):
    with open(os.environ["RAN_IN"], "a") as ran:
        ran.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


def test_the_tests_of_one_xdist_group_run_in_one_test_process(tmp_path: Path) -> None:
    """``make test`` runs with ``--dist loadgroup``: the tests that share a server's data (``make run``'s, a
    backup's) are one ``xdist_group`` and must run in one process. A pytest that pytest-xdist cannot mark the groups
    in splits them without a word."""
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    ran_in = tmp_path / "ran-in"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-n", "2", "--dist", "loadgroup", "-q",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        env=os.environ | {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "RAN_IN": str(ran_in)}, cwd=tmp_path,
        capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    workers = ran_in.read_text().split()
    assert len(workers) == 6, workers
    assert len(set(workers)) == 1, workers
