"""The app served as production serves it, for the load scripts (`bench/load.py`, `bench/members_load.py`): its own
embedded PostgreSQL and Redis in a scratch folder under `var/`, `DEBUG=0`, collected static files, gunicorn's
workers on loopback; torn down when the measure ends."""

from __future__ import annotations

import secrets
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests

from siege_site.stack import BASE_DIR, PYTHON, free_port, manage, services, spawn, stop_process


@dataclass(frozen=True)
class Served:
    """A production server up and answering: its address, its gunicorn process, its scratch folder, and what the
    preparation printed."""

    base: str
    pid: int
    var_dir: Path
    prepared: str


@contextmanager
def production_server(
    *,
    workers: int,
    extra: Mapping[str, str] = {},  # read only
    prepare: Callable[[dict[str, str]], str] = lambda production: "",
    log: str | None = None,
    headers: Mapping[str, str] = {},  # read only
) -> Iterator[Served]:
    """The demo's database migrated, ``prepare`` run on it (given the server's environment), then gunicorn with
    ``workers`` serving it, ``extra`` added to production's settings; yields once its login page answers (with
    ``headers``), within 60 s."""
    (BASE_DIR / "var").mkdir(exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="load-", dir=BASE_DIR / "var"))
    try:
        with services(var_dir) as env:
            production = env | {
                "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "SECURE_COOKIES": "0",
                "ALLOWED_HOSTS": "127.0.0.1", "STATIC_ROOT": str(var_dir / "static"), "LOG_LEVEL": "WARNING",
            } | dict(extra)  # fmt: skip
            manage(production, "migrate", "--no-input", "-v", "0")
            manage(production, "collectstatic", "--no-input", "-v", "0")
            prepared = prepare(production)
            port = free_port()
            server = spawn(
                production, PYTHON, "-m", "gunicorn", "siege_site.wsgi", "--bind", f"127.0.0.1:{port}",
                "--workers", str(workers), log=var_dir / log if log else None,
            )  # fmt: skip
            base = f"http://127.0.0.1:{port}"
            try:
                _answering(base, headers)
                yield Served(base, server.pid, var_dir, prepared)
            finally:
                stop_process(server)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def _answering(base: str, headers: Mapping[str, str]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(f"{base}/accounts/login/", headers=dict(headers), timeout=2)
            return
        except requests.RequestException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
