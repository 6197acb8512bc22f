"""A run goes through Redis to a real worker process and reproduces from its seed."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User

from bots.siege.assault import Summary, demo_assault, simulate
from simulations import services
from simulations.models import RunStatus, SimulationRun

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def wait_done(run: SimulationRun, seconds: float = 120) -> SimulationRun:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.finished:
            return run
        time.sleep(0.2)
    raise AssertionError(f"run {run.pk} still {run.status} after {seconds} s")


def test_a_run_on_a_real_worker_reproduces_from_its_seed(celery_worker: str, owner: User) -> None:
    plans = demo_assault().to_json()
    first = wait_done(services.launch_run(owner=owner, games=12, assault=plans, seed=4242))
    again = wait_done(services.launch_run(owner=owner, games=12, assault=plans, seed=4242))
    other = wait_done(services.launch_run(owner=owner, games=12, assault=plans, seed=4243))
    assert first.status == again.status == other.status == RunStatus.DONE
    assert first.summary == again.summary
    assert first.summary != other.summary
    # the worker's answer is the simulator's in this process, game for game
    assert Summary.from_json(first.summary) == simulate(demo_assault(), 12, seed=4242)
