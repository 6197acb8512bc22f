"""Redis out of reach: every click that hands work to the workers answers within 3 seconds that it could not, and
leaves what it would have changed as it was.

A production server (gunicorn) runs with ``REDIS_URL`` on a loopback port where nothing listens (Redis down), or on
a Redis server frozen with SIGSTOP (it accepts connections and never answers): the broker, the result store and the
cache are all out of reach.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from campaigns.models import Campaign, Turn, TurnState
from campaigns.services import lock_turn
from campaigns.services.demo import load_demo
from rules.siege.actions import EndPhase
from rules.siege.example import example_setup
from siege_site.stack import BASE_DIR, EmbeddedRedis, free_port, stop_process
from simulations.models import RunProblem, RunStatus, SimulationRun
from tests.campaigns.demo_helpers import member, second_turn_with_orders
from tests.campaigns.test_faults import log_in
from tests.conftest import database_url_for_processes
from tests.simulations.test_pages import form_data
from tests.waiting import answers, wait_until
from tracker import services as tracker_services
from tracker.models import TrackedBattle

pytestmark = pytest.mark.django_db(transaction=True)

DEADLINE = 3.0


@pytest.fixture(params=["down", "frozen"])
def redis_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "down":
        yield f"redis://127.0.0.1:{free_port()}/0"
        return
    server = EmbeddedRedis(tmp_path / "redis", port=free_port())
    url = server.start()
    pid = server._process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        yield url
    finally:
        os.kill(pid, signal.SIGCONT)
        server.stop()


@pytest.fixture
def server(tmp_path: Path, redis_url: str) -> Iterator[str]:
    port = free_port()
    env = {
        "DATABASE_URL": database_url_for_processes(), "REDIS_URL": redis_url, "DB_CONN_MAX_AGE": "0", "DEBUG": "1",
    }  # fmt: skip
    with (tmp_path / "web.log").open("wb") as out:
        web = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "siege_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
            env=os.environ | env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: answers(base), 60, "the web server started")
        yield base
    finally:
        stop_process(web)


def timed_post(session: requests.Session, url: str, data: dict | None = None, **headers: str) -> requests.Response:
    started = time.monotonic()
    answer = session.post(
        url, data=data or {}, headers={"X-CSRFToken": session.cookies["csrftoken"], **headers}, timeout=30
    )
    elapsed = time.monotonic() - started
    assert elapsed < DEADLINE, f"{url} answered in {elapsed:.1f} s"
    return answer


def test_resolve_answers_in_time_with_a_message_and_the_turn_unchanged(server: str) -> None:
    campaign = load_demo()
    turn = lock_turn(turn=second_turn_with_orders(campaign))
    session = log_in(server, "organisateur")
    session.get(f"{server}/campaigns/{campaign.pk}/manage/", timeout=10)

    page = timed_post(session, f"{server}/campaigns/{campaign.pk}/turn/resolve/")
    assert page.status_code == 200
    assert "Le tour n’a pas pu être confié au serveur de calcul" in page.text
    after = Turn.objects.get(pk=turn.pk)
    assert (after.state, after.task_id, after.log, after.battles.count()) == (TurnState.LOCKED, "", turn.log, 0)


def test_a_simulation_answers_in_time_with_a_message_and_is_not_left_queued(server: str) -> None:
    load_demo()
    session = log_in(server, "alice")
    session.get(f"{server}/simulations/", timeout=10)

    page = timed_post(session, f"{server}/simulations/", form_data())
    assert page.status_code == 400
    assert "n’a pas pu être confiée aux workers" in page.text
    (run,) = SimulationRun.objects.all()
    assert (run.status, run.problem, run.summary) == (RunStatus.FAILED, RunProblem.QUEUE_DOWN, None)


def started_siege(campaign: Campaign) -> TrackedBattle:
    besieger, besieged = member(campaign, "bruno").user, member(campaign, "chloe").user
    tracked = tracker_services.create_battle(
        setup=example_setup(), besieger=besieger, besieged=besieged, created_by=besieged, seed=3
    )
    for user in (besieged, besieger, besieged):  # §16: each side's part of the set-up
        tracked = tracker_services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=EndPhase())
    return tracked


def test_the_chances_answer_in_time_with_a_message(server: str) -> None:
    tracked = started_siege(load_demo())
    session = log_in(server, "chloe")
    session.get(f"{server}/tracker/{tracked.pk}/", timeout=10)

    page = timed_post(session, f"{server}/tracker/{tracked.pk}/chances/", **{"HX-Request": "true"})
    assert page.status_code == 200
    assert "n’a pas pu être confiée aux workers" in page.text
    assert TrackedBattle.objects.get(pk=tracked.pk).seq == tracked.seq
    (run,) = SimulationRun.objects.all()
    assert (run.status, run.problem) == (RunStatus.FAILED, RunProblem.QUEUE_DOWN)
