"""Bad luck on real processes: a worker killed during a resolution, Redis stopped as the organiser clicks Resolve.

Each test runs its own Celery worker (prefork, as in production) on a queue of its own, against the test database;
what the test writes is committed so that the worker sees it.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psutil
import psycopg
import pytest
import requests

from campaigns import tasks
from campaigns.models import Army, Battle, Score, Turn, TurnState
from campaigns.services import record_task, start_resolution
from campaigns.services.demo import DEMO_PASSWORD
from siege_site.celery import simulation_queue
from siege_site.stack import BASE_DIR, EmbeddedRedis, free_port, stop_process
from tests.conftest import database_url_for_processes
from tests.demo import load_demo
from tests.waiting import answers, wait_until

from .demo_helpers import second_turn_with_orders

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@contextlib.contextmanager
def worker(
    tmp_path: Path, env: dict[str, str], queues: str | None = None, name: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """A prefork worker with one pool process, ready once its log says so; on ``CELERY_QUEUE`` and its simulations'
    queue unless ``queues`` are given."""
    queue = env["CELERY_QUEUE"]
    queues = queues or f"{queue},{simulation_queue(queue)}"
    name = name or queue
    log = tmp_path / f"{name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "siege_site", "worker", "-Q", queues, "-n", f"{name}@localhost",
             "--pool", "prefork", "--concurrency", "1", "--without-mingle", "--without-gossip", "--loglevel", "INFO"],
            env=os.environ | env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        wait_until(lambda: process.poll() is not None or " ready." in log.read_text(), 60, "the worker started")
        assert process.poll() is None, log.read_text()
        yield process
    finally:
        stop_process(process)


def resolved_once(turn: Turn) -> None:
    turn.refresh_from_db()
    assert turn.state == TurnState.BATTLES
    assert turn.resolution_problem == ""
    battles = Battle.objects.filter(turn=turn)
    # the siege of Montfort and the field battle of the Col du Crâne, each once
    assert sorted(battles.values_list("territory__name", flat=True)) == ["Château de Montfort", "Col du Crâne"]
    scores = Score.objects.filter(turn=turn)
    assert scores.count() == scores.values("membership").distinct().count()


def test_a_worker_killed_during_a_resolution_leaves_the_turn_resolved_once_after_a_retry(
    tmp_path: Path, celery_worker: str
) -> None:
    campaign = load_demo()
    turn = start_resolution(turn=second_turn_with_orders(campaign))
    queue = f"faults-{os.getpid()}"
    env = {"DATABASE_URL": database_url_for_processes(), "CELERY_QUEUE": queue, "DB_CONN_MAX_AGE": "0"}
    with worker(tmp_path, env) as process, psycopg.connect(database_url_for_processes()) as blocker:
        # an army the resolution must lock is held: the resolution starts, then waits, half-way through
        army = Army.objects.filter(campaign=campaign, destroyed=False).first()
        assert army is not None
        blocker.execute("SELECT 1 FROM campaigns_army WHERE id = %s FOR UPDATE", [army.pk])
        # the task's id is kept before the task is sent: the resolution's transaction holds the turn while it waits
        # for the army, so a write to the turn made after the worker took the task would wait on this test's lock
        task_id = str(uuid.uuid4())
        record_task(turn=turn, task_id=task_id)
        result = tasks.resolve_turn.apply_async(args=[turn.pk], queue=queue, task_id=task_id)
        wait_until(lambda: result.state == "PROGRESS", 60, "the resolution started")
        (first_child,) = psutil.Process(process.pid).children()
        first_child.send_signal(signal.SIGKILL)
        first_child.wait(60)
        turn.refresh_from_db()
        assert turn.state == TurnState.RESOLVING  # the dead worker's transaction rolled back
        assert not Battle.objects.filter(turn=turn).exists()
        # the task comes back to a new pool process, which starts the resolution again
        wait_until(
            lambda: [c.pid for c in psutil.Process(process.pid).children()] not in ([], [first_child.pid]),
            60, "a new pool process",
        )  # fmt: skip
        blocker.rollback()
        wait_until(lambda: Turn.objects.get(pk=turn.pk).state != TurnState.RESOLVING, 60, "the turn resolved")
        resolved_once(turn)
        # a copy of the task that would come now changes nothing
        tasks.resolve_turn.apply_async(args=[turn.pk], queue=queue, ignore_result=False).get(timeout=120)
        resolved_once(turn)


def log_in(base: str, username: str) -> requests.Session:
    session = requests.Session()
    page = session.get(f"{base}/accounts/login/", timeout=60).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    answer = session.post(
        f"{base}/accounts/login/",
        data={"csrfmiddlewaretoken": token.group(1), "username": username, "password": DEMO_PASSWORD},
        timeout=60,
    )
    assert answer.status_code == 200
    return session


def click_resolve(session: requests.Session, base: str, campaign_pk: int) -> requests.Response:
    manage = session.get(f"{base}/campaigns/{campaign_pk}/manage/", timeout=60)
    assert manage.status_code == 200
    return session.post(
        f"{base}/campaigns/{campaign_pk}/turn/resolve/",
        headers={"X-CSRFToken": session.cookies["csrftoken"]},
        timeout=60,
    )


def test_redis_stopped_during_a_click_on_resolve_leaves_the_turn_locked_then_resolved_once_it_returns(
    tmp_path: Path,
) -> None:
    campaign = load_demo()
    turn = second_turn_with_orders(campaign)
    redis_server = EmbeddedRedis(tmp_path / "redis", port=free_port())
    redis_url = redis_server.start()
    queue, port = f"redis-down-{os.getpid()}", free_port()
    env = {
        "DATABASE_URL": database_url_for_processes(), "REDIS_URL": redis_url, "CELERY_QUEUE": queue,
        "DB_CONN_MAX_AGE": "0", "DEBUG": "1",
    }  # fmt: skip
    with (tmp_path / "web.log").open("wb") as out:
        web = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "siege_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
            env=os.environ | env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        with worker(tmp_path, env):
            wait_until(lambda: answers(base), 120, "the web server started")
            session = log_in(base, "organisateur")
            redis_server.stop()

            page = click_resolve(session, base, campaign.pk)
            assert page.status_code == 200, (tmp_path / "web.log").read_text()[-3000:]
            assert "Le tour n’a pas pu être confié au serveur de calcul" in page.text
            turn.refresh_from_db()
            assert turn.state == TurnState.LOCKED
            assert f'action="/campaigns/{campaign.pk}/turn/resolve/"' in page.text

            redis_server.start()
            page = click_resolve(session, base, campaign.pk)
            assert page.status_code == 200
            assert "confié" not in page.text
            wait_until(lambda: Turn.objects.get(pk=turn.pk).state != TurnState.RESOLVING, 90, "the turn resolved")
            resolved_once(turn)
    finally:
        stop_process(web)
        redis_server.stop()
