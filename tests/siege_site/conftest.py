from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from siege_site.stack import BASE_DIR


@contextlib.contextmanager
def _server_folder() -> Iterator[Path]:
    (BASE_DIR / "var").mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="test-", dir=BASE_DIR / "var"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def server_dir() -> Iterator[Path]:
    """A test's own folder for embedded servers, under ``var/`` as the suite's own are, not in pytest's temporary
    folders: the embedded PostgreSQL runs as the ``pgserver`` user, who must be able to reach its data, and every
    pytest session that starts on the machine makes pytest's temporary root private again (mode 700), which cut a
    running server off from its own files."""
    with _server_folder() as path:
        yield path


@pytest.fixture(scope="module")
def module_server_dir() -> Iterator[Path]:
    """A folder as :func:`server_dir`'s, shared by the tests of one module (a server they share)."""
    with _server_folder() as path:
        yield path


@pytest.fixture(scope="session")
def make_run_dir() -> Iterator[Path]:
    """``make run``'s folder (its database and its Redis), shared by the tests that start it again on the data a club
    already has and by those that run a command on its database: the first of them creates and migrates the
    database, the others find it so. Their modules are one xdist group, ``make_run``, so one test process runs them."""
    with _server_folder() as path:
        yield path
