"""Bad luck on real processes: a worker killed in the middle of a chunk; the queue out of reach at the hand-over."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import psutil
import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from kombu.exceptions import OperationalError

from bots.siege.assault import Summary, demo_assault, simulate
from simulations import services
from simulations.models import RunProblem, RunStatus, SimulationChunk, SimulationRun
from tests.campaigns.test_faults import worker
from tests.conftest import database_url_for_processes
from tests.waiting import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_killed_in_the_middle_of_a_chunk_hands_it_back_and_the_run_ends_with_the_same_counts(
    tmp_path: Path, owner: User
) -> None:
    queue = f"sim-faults-{os.getpid()}"
    env = {
        "DATABASE_URL": database_url_for_processes(), "CELERY_QUEUE": queue, "DB_CONN_MAX_AGE": "0",
        "SIMULATION_REPORT_GAMES": "2", "SIMULATION_REPORT_SECONDS": "0",
    }  # fmt: skip
    from siege_site.celery import app

    with worker(tmp_path, env) as process:
        default = app.conf.task_default_queue
        app.conf.task_default_queue = queue
        try:
            run = services.launch_run(owner=owner, games=40, assault=demo_assault().to_json(), seed=31)
        finally:
            app.conf.task_default_queue = default
        chunk = SimulationChunk.objects.filter(run=run).order_by("-games").first()  # after a first small one
        assert chunk is not None
        wait_until(lambda: SimulationChunk.objects.get(pk=chunk.pk).played >= 4, 60, "the chunk under way")
        (first_child,) = psutil.Process(process.pid).children()
        first_child.send_signal(signal.SIGKILL)
        first_child.wait(60)
        assert SimulationRun.objects.get(pk=run.pk).summary is None
        # acknowledged late and rejected on the lost worker, the chunk goes to a new pool process, from its start
        wait_until(lambda: SimulationRun.objects.get(pk=run.pk).finished, 120, "the run finished")
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert Summary.from_json(run.summary) == simulate(demo_assault(), 40, seed=31)


def test_a_hand_over_the_queue_refuses_marks_the_run_failed_with_its_reason(
    owner: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(*args: object, **kwargs: object) -> None:
        raise OperationalError("Error 111 connecting to localhost:6379. Connection refused.")

    monkeypatch.setattr("celery.canvas.group.apply_async", unreachable)
    with pytest.raises(ValidationError, match="n’a pas pu être confiée aux workers"):
        services.launch_run(owner=owner, games=10, assault=demo_assault().to_json(), seed=1)
    run = SimulationRun.objects.get()
    assert (run.status, run.problem, run.summary) == (RunStatus.FAILED, RunProblem.QUEUE_DOWN, None)
