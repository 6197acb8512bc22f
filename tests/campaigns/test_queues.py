"""Turn resolutions and simulations on queues and workers of their own: a player's backlog of simulated assaults
never delays the organiser's Resolve.

Two real workers, as ``make run`` and docker-compose start them: one on the turns' queue, one on the simulations'.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User

from bots.siege.assault import demo_assault
from campaigns.models import Turn, TurnState
from campaigns.services import act_on_turn
from campaigns.services.demo import load_demo
from siege_site.celery import app, simulation_queue
from simulations import services as simulations
from simulations.models import SimulationRun

from ..conftest import database_url_for_processes
from .demo_helpers import second_turn_with_orders
from .test_faults import resolved_once, wait_until, worker

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

BACKLOG = 20_000


@pytest.fixture
def queue() -> Iterator[str]:
    name = f"queues-{os.getpid()}"
    default = app.conf.task_default_queue
    app.conf.task_default_queue = name
    yield name
    app.conf.task_default_queue = default
    redis.Redis.from_url(settings.REDIS_URL).delete(name, simulation_queue(name))


def test_a_resolution_finishes_within_10_s_behind_a_backlog_of_20000_simulated_assaults(
    tmp_path: Path, queue: str, django_user_model: type[User]
) -> None:
    campaign = load_demo()
    turn = second_turn_with_orders(campaign)
    env = {"DATABASE_URL": database_url_for_processes(), "CELERY_QUEUE": queue, "DB_CONN_MAX_AGE": "0"}
    player = django_user_model.objects.create_user("simone", password="pw-simone-123")
    with (
        worker(tmp_path, env, queues=queue, name=f"{queue}-turns"),
        worker(tmp_path, env, queues=simulation_queue(queue), name=f"{queue}-simulations"),
    ):
        run = simulations.launch_run(owner=player, games=BACKLOG, assault=demo_assault().to_json(), seed=7)
        chunks = run.chunks.count()
        backlog = redis.Redis.from_url(settings.REDIS_URL).llen(simulation_queue(queue))
        assert backlog >= chunks - 2  # the simulations' worker has taken one chunk, perhaps two

        asked = time.monotonic()
        act_on_turn(campaign=campaign, action="resolve")
        wait_until(lambda: Turn.objects.get(pk=turn.pk).state != TurnState.RESOLVING, 10, "the turn resolved")
        assert time.monotonic() - asked < 10
        resolved_once(turn)
        # the backlog was still there: the resolution did not wait for it
        assert not SimulationRun.objects.get(pk=run.pk).finished
        simulations.cancel_run(run=run)
