"""``make backup`` and ``make restore``: a round trip through pg_dump and pg_restore on the embedded PostgreSQL."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from siege_site.stack import BASE_DIR, EmbeddedPostgres

COUNTS = (
    "from campaigns.models import Army, Battle, Campaign, Territory, Unit; "
    "print([M.objects.count() for M in (Campaign, Territory, Army, Unit, Battle)], "
    "sorted(Army.objects.values_list('name', 'points')))"
)


pytestmark = pytest.mark.xdist_group("backup")
"""One worker runs this module's tests, which share one demo campaign's database: each leaves it as it found it."""


@pytest.fixture(scope="module")
def database(module_server_dir: Path) -> Iterator[str]:
    """A PostgreSQL of its own holding the demo campaign, loaded through the stack (which migrates it first)."""
    server = EmbeddedPostgres(module_server_dir / "pg", database="club")
    url = server.start()
    try:
        loaded = stack(url, module_server_dir / "var", "manage", "load_demo")
        assert loaded.returncode == 0, loaded.stderr
        yield url
    finally:
        server.stop()


def stack(database: str, var_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-m", "siege_site.stack", *args],
        env=env | {"DATABASE_URL": database, "SIEGE_VAR_DIR": str(var_dir)},
        cwd=BASE_DIR, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip


def shell(database: str, code: str) -> list[str]:
    """What ``code`` prints, run by ``manage.py shell`` on ``database`` (already migrated), a line each."""
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    shown = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        env=env | {"DATABASE_URL": database, "DEBUG": "1"},
        cwd=BASE_DIR, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    return shown.stdout.strip().splitlines()


ACCOUNTS = (
    "from django.contrib.auth.models import User; from rest_framework.authtoken.models import Token; "
    "print(sorted(User.objects.values_list('username', 'password')), Token.objects.count())"
)


def test_a_backup_restored_brings_the_campaign_back_as_it_was(database: str, server_dir: Path) -> None:
    var_dir, dump = server_dir / "var", server_dir / "club.dump"
    token = (
        "from django.contrib.auth.models import User; from rest_framework.authtoken.models import Token; "
        "Token.objects.create(user=User.objects.first(), key='k' * 40)"
    )
    before, accounts = shell(database, f"{token}\n{COUNTS}\n{ACCOUNTS}")[-2:]
    assert before.startswith("[1, ")
    assert accounts.endswith("] 1")
    # an older backup of the same name, readable by all, is replaced by a private one
    dump.write_bytes(b"old")
    dump.chmod(0o644)

    backed_up = stack(database, var_dir, "backup", str(dump))
    assert backed_up.returncode == 0, backed_up.stderr
    assert dump.stat().st_size > 0
    assert stat.S_IMODE(dump.stat().st_mode) == 0o600
    assert f"Backup written to {dump}" in backed_up.stdout

    wipe = "from django.db import connection; connection.cursor().execute('TRUNCATE campaigns_club CASCADE')"
    assert shell(database, f"{wipe}\n{COUNTS}")[-1] == "[0, 0, 0, 0, 0] []"

    restored = stack(database, var_dir, "restore", str(dump))
    assert restored.returncode == 0, restored.stderr
    # the pages Redis kept of the campaign since the backup are dropped: it is back under the same key
    assert "Cached pages dropped for 1 campaign(s)" in restored.stdout
    # the accounts and their passwords come back; the API tokens, never written to the backup, do not
    assert shell(database, f"{COUNTS}\n{ACCOUNTS}")[-2:] == [before, accounts.removesuffix(" 1") + " 0"]


def test_a_backup_that_cannot_be_read_changes_nothing(database: str, server_dir: Path) -> None:
    var_dir, dump = server_dir / "var", server_dir / "broken.dump"
    before = shell(database, COUNTS)[-1]
    assert before.startswith("[1, ")
    dump.write_bytes(b"PGDMP" + b"\0" * 200)
    restored = stack(database, var_dir, "restore", str(dump))
    assert restored.returncode == 1
    assert restored.stderr.strip().splitlines()[-1].startswith("error: pg_restore failed; the database is as it was")
    assert shell(database, COUNTS)[-1] == before


def test_restore_without_a_file_says_how_to_name_one(server_dir: Path) -> None:
    answer = stack("postgresql://nobody@127.0.0.1:1/none", server_dir / "var", "restore")
    assert answer.returncode == 1
    assert answer.stderr.strip() == "error: name the backup to restore: make restore FILE=backups/siege-….dump"
