"""A burst of clients cannot exhaust PostgreSQL's connections: each server process borrows from a bounded pool.

The development server of ``make run`` starts a thread per request; each thread used to keep its own connection
open after its request, until PostgreSQL ran out of them.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import requests
from django.conf import settings

from siege_site.stack import BASE_DIR, free_port, stop_process
from tests.campaigns.test_faults import log_in
from tests.conftest import database_url_for_processes
from tests.demo import load_demo
from tests.waiting import answers, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 60
SERVERS = {
    "make run's development server": ["manage.py", "runserver", "--noreload"],
    "gunicorn, as in production": ["-m", "gunicorn", "siege_site.wsgi", "--workers", "2", "--threads", "8"],
}


def server_connections(database: str) -> int:
    with psycopg.connect(database_url_for_processes(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        ).fetchone()
    assert row is not None
    return int(row[0])


@contextlib.contextmanager
def serve(tmp_path: Path, command: list[str], port: int) -> Iterator[str]:
    args = [*command, f"127.0.0.1:{port}"] if "runserver" in command else [*command, "--bind", f"127.0.0.1:{port}"]
    env = {"DATABASE_URL": database_url_for_processes(), "DEBUG": "1"}
    with (tmp_path / "server.log").open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, *args], env=os.environ | env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: answers(base, timeout=2), 60, f"the server started ({tmp_path / 'server.log'})")
        yield base
    finally:
        stop_process(process)


@pytest.mark.parametrize("server", SERVERS)
def test_sixty_concurrent_requests_leave_no_more_connections_than_the_pool(tmp_path: Path, server: str) -> None:
    campaign = load_demo()
    database = settings.DATABASES["default"]["NAME"]
    pool = settings.DB_POOL_SIZE
    processes = 2 if "gunicorn" in server else 1
    before = server_connections(database)  # this test's own, and any worker's
    with serve(tmp_path, SERVERS[server], free_port()) as base:
        cookies = log_in(base, "alice").cookies
        statuses: list[int] = []
        peak = [0]
        start = threading.Barrier(CLIENTS)

        def client() -> None:
            start.wait(120)
            with requests.Session() as session:
                session.cookies.update(cookies)
                for _ in range(3):
                    statuses.append(session.get(f"{base}/campaigns/{campaign.pk}/orders/", timeout=60).status_code)

        threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            peak[0] = max(peak[0], server_connections(database))
            time.sleep(0.05)
        assert statuses == [200] * CLIENTS * 3
        # a connection the pool is replacing may show a moment longer in PostgreSQL: 2 of slack, against one per
        # request thread (60 here) without the pool
        assert peak[0] - before <= pool * processes + 2
        # a connection the pool replaced closes soon after: waited for, whatever the machine's load
        wait_until(
            lambda: server_connections(database) - before <= pool * processes, 60, "back within the pool's connections"
        )
