"""Fixtures shared by the whole suite: a real Celery worker process, the site's language and the odds lab's budget.

The browser's fixtures are in tests/browser/conftest.py: only the browser tests import Playwright."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

BASE_DIR = Path(__file__).resolve().parent.parent


def database_url_for_processes() -> str:
    """The test database, for processes of their own (workers, servers) to use."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    # a socket directory may come as HOST or, from a ``?host=`` URL, as the driver option
    socket_dir = db["HOST"] or db.get("OPTIONS", {}).get("host", "")
    if db.get("PORT"):
        return f"postgresql://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return f"postgresql://{db['USER']}:{db['PASSWORD']}@/{db['NAME']}?host={socket_dir}"


def pytest_report_header() -> str:
    from tests.rules import seeds

    if seeds.SHARED is not None:
        return f"source documents: {seeds.SHARED} (tests/rules/test_sources.py cross-checks their transcription)"
    searched = ", ".join(map(str, seeds.candidates()))
    return f"source documents: not found in {searched}; tests/rules/test_sources.py is not collected"


@pytest.fixture(scope="session")
def celery_worker(django_db_setup: None, worker_id: str) -> Iterator[str]:
    """A real ``celery worker`` process on its own queues (turns and simulations), using the test database: tasks go
    through Redis.

    Tests that use it need ``transactional_db``, so that what they write is committed and the worker sees it.
    """
    from django.conf import settings

    from siege_site.celery import app, simulation_queue

    database_url = database_url_for_processes()
    queue = f"test-{worker_id}-{os.getpid()}"
    hostname = f"{queue}@localhost"
    env = os.environ | {"DATABASE_URL": database_url, "CELERY_QUEUE": queue, "DB_CONN_MAX_AGE": "0"}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "siege_site", "worker", "-Q", f"{queue},{simulation_queue(queue)}",
         "-n", hostname,
         "--pool", "solo", "--without-mingle", "--without-gossip", "--loglevel", "WARNING"],
        env=env, cwd=BASE_DIR, start_new_session=True,
    )  # fmt: skip
    app.conf.task_default_queue = queue
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[hostname], timeout=0.5):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Celery worker {hostname} did not start (exit code {process.poll()})")
        yield hostname
    finally:
        from siege_site.stack import stop_process

        stop_process(process)
        app.conf.task_default_queue = settings.CELERY_TASK_DEFAULT_QUEUE


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's language, whatever language an earlier page in the same worker was asked in."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _odds_unthrottled(settings: Settings) -> None:
    """The odds lab's budget per address (oddslab.throttling) counts in Redis, which every test process shares, and
    every test asks from 127.0.0.1: tests that are not about the budget run without one."""
    settings.ODDS_REQUESTS_PER_MINUTE = 0


@pytest.fixture
def production_pace(settings: Settings) -> None:
    """Live pages asking for news at production's pace (:data:`siege_site.settings.PACE`); the tests' settings
    quicken it for the browser tests."""
    from siege_site import settings as site

    settings.PACE = site.PACE


@pytest.fixture(autouse=True)
def _plain_template_render(request: pytest.FixtureRequest) -> Iterator[None]:
    """Templates render as in production. Django's test set-up has every render copy its context for
    ``response.context``, a fifth of the time of a test that posts hundreds of forms; a test that reads
    ``response.context`` is marked ``template_context`` and keeps that."""
    from django.template import Template
    from django.test.utils import _TestState

    saved = getattr(_TestState, "saved_data", None)
    if saved is None or request.node.get_closest_marker("template_context"):
        yield
        return
    instrumented = Template._render
    Template._render = saved.template_render
    try:
        yield
    finally:
        Template._render = instrumented
