"""The suite's own set-up: what a test that is not a browser test loads."""

from __future__ import annotations

import os
import subprocess
import sys

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
