"""The launcher behind ``make run`` / ``make test``: embedded servers keep their data, bad settings get one line."""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
import redis

from siege_site import stack
from siege_site.stack import BASE_DIR, EmbeddedPostgres, EmbeddedRedis, free_port, mail_to_files, redacted


def run_stack(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "siege_site.stack", *args],
        env=os.environ | env, cwd=BASE_DIR, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_postgres_data_survives_a_restart(server_dir: Path) -> None:
    server = EmbeddedPostgres(server_dir / "pg", database="keep")
    url = server.start()
    try:
        with psycopg.connect(url) as conn:
            conn.execute("CREATE TABLE siege (fort text)")
            conn.execute("INSERT INTO siege VALUES ('Middenheim')")
    finally:
        server.stop()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)

    url_again = server.start()
    try:
        with psycopg.connect(url_again) as conn:
            assert conn.execute("SELECT fort FROM siege").fetchall() == [("Middenheim",)]
    finally:
        server.stop()


def test_redis_data_survives_a_restart(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path / "redis")
    url = server.start()
    redis.Redis.from_url(url).set("turn", "3")
    server.stop()
    with pytest.raises(redis.ConnectionError):
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()

    server.start()
    try:
        assert redis.Redis.from_url(url).get("turn") == b"3"
    finally:
        server.stop()


def test_database_url_pointing_nowhere_is_one_line_naming_it() -> None:
    port = free_port()
    result = run_stack("run", DATABASE_URL=f"postgresql://club:secret@127.0.0.1:{port}/siege", PORT=str(free_port()))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: DATABASE_URL=postgresql://club:***@127.0.0.1:{port}/siege: cannot connect")
    assert "secret" not in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_redis_url_pointing_nowhere_is_one_line_naming_it() -> None:
    port = free_port()
    result = run_stack(
        "run", DATABASE_URL=os.environ["DATABASE_URL"], REDIS_URL=f"redis://127.0.0.1:{port}/0", PORT=str(free_port())
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: REDIS_URL=redis://127.0.0.1:{port}/0: cannot reach Redis")
    assert "Traceback" not in result.stderr + result.stdout


def test_port_in_use_says_which_and_how_to_choose_another() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_stack("run", PORT=str(port))
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"error: port {port} on 127.0.0.1 is already in use; choose another with: make run PORT={port + 1}"
    )


def test_a_second_run_on_the_same_data_is_refused(tmp_path: Path) -> None:
    with (tmp_path / "run.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = run_stack("run", SIEGE_VAR_DIR=str(tmp_path), PORT=str(free_port()))
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"error: another make run is already using {tmp_path}; stop it first, or give this one "
        "data of its own with SIEGE_VAR_DIR=…"
    )


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://club:secret@db:5432/siege", "postgresql://club:***@db:5432/siege"),
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
    ],
)
def test_passwords_are_never_printed(url: str, shown: str) -> None:
    assert redacted(url) == shown


def test_make_run_sends_e_mails_to_files_unless_a_backend_is_named(tmp_path: Path) -> None:
    assert mail_to_files(tmp_path, {}) == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp_path / "mail"),
    }
    assert mail_to_files(tmp_path, {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend"}) == {}


def test_a_process_ended_but_not_yet_reaped_counts_as_stopped() -> None:
    """A server that daemonised (PostgreSQL) is its init's child once it stops, and a container's init may reap it a
    second or more later: ``make run`` does not wait for that to say it has stopped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while (stack._stat(child.pid) or ["?"])[0] != "Z":  # ended, and not reaped: this test is its parent
            assert time.monotonic() < deadline, "the child never ended"
            time.sleep(0.01)
        assert stack._ended(child.pid, timeout=0.5)
        assert not stack._group_running(child.pid)  # the group it leads, alone in it
    finally:
        child.wait()
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
    try:
        assert not stack._ended(running.pid, timeout=0.2)
        assert stack._group_running(running.pid)
    finally:
        running.kill()
        running.wait()
