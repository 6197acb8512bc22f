from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from siege_site.stack import BASE_DIR


@pytest.fixture
def server_dir() -> Iterator[Path]:
    """A test's own folder for embedded servers, under ``var/`` as the suite's own are, not in pytest's temporary
    folders: the embedded PostgreSQL runs as the ``pgserver`` user, who must be able to reach its data, and every
    pytest session that starts on the machine makes pytest's temporary root private again (mode 700), which cut a
    running server off from its own files."""
    (BASE_DIR / "var").mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="test-", dir=BASE_DIR / "var"))
    yield path
    shutil.rmtree(path, ignore_errors=True)
