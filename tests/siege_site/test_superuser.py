"""Creating an administrator works as the README says, without setting DEBUG or SECRET_KEY by hand."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from siege_site.stack import BASE_DIR

pytestmark = pytest.mark.xdist_group("make_run")
"""On ``make run``'s data, which the tests of ``make run`` share (:func:`tests.siege_site.conftest.make_run_dir`)."""

SHOW_ADMIN = "from django.contrib.auth.models import User; print(User.objects.get(username='chef').is_superuser)"


def stack_manage(var_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # its own embedded servers, and none of the test suite's settings
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-m", "siege_site.stack", "manage", *args],
        env=clean | {"SIEGE_VAR_DIR": str(var_dir)} | env,
        cwd=BASE_DIR, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip


def test_the_readme_command_runs_createsuperuser_through_the_stack() -> None:
    readme = (BASE_DIR / "README.md").read_text()
    assert re.search(r"^make superuser\b", readme, re.MULTILINE)
    target = re.search(r"^superuser:.*\n\t(.*)$", (BASE_DIR / "Makefile").read_text(), re.MULTILINE)
    assert target is not None
    assert "-m siege_site.stack manage createsuperuser" in target.group(1)


def test_createsuperuser_works_on_make_runs_database_without_debug_or_secret_key(make_run_dir: Path) -> None:
    var_dir = make_run_dir / "var"
    created = stack_manage(
        var_dir, "createsuperuser", "--no-input", "--username", "chef", "--email", "chef@example.org",
        DJANGO_SUPERUSER_PASSWORD="un-mot-de-passe-solide",
    )  # fmt: skip
    assert created.returncode == 0, created.stdout + created.stderr
    shown = stack_manage(var_dir, "shell", "-c", SHOW_ADMIN)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == "True"
