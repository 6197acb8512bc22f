"""Runs of the assault simulator: asked for, refused, played chunk by chunk, cancelled, failed, recovered."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bots.siege.assault import Assault, Summary, assault_setup, demo_assault, simulate
from rules.siege.battle import start
from siege_site.celery import app
from simulations import services, tasks
from simulations.models import RunProblem, RunStatus, SimulationChunk, SimulationRun

from .conftest import ram_plans

pytestmark = pytest.mark.django_db


def play_all(run: SimulationRun) -> None:
    """Each chunk's task, in this process, in reverse order (the order does not matter)."""
    for pk in reversed(list(run.chunks.values_list("pk", flat=True))):
        tasks.play_chunk.apply(args=[pk], throw=True)


def test_a_run_above_the_maximum_is_refused_with_the_maximum_and_nothing_is_saved(
    owner: User, demo_plans: dict[str, Any], settings: Any
) -> None:
    settings.SIMULATION_MAX_GAMES = 500
    with pytest.raises(ValidationError, match="de 1 à 500 assauts"):
        services.create_run(owner=owner, games=501, assault=demo_plans, seed=1)
    with pytest.raises(ValidationError, match="de 1 à 500 assauts"):
        services.create_run(owner=owner, games=0, assault=demo_plans, seed=1)
    assert not SimulationRun.objects.exists()
    assert not SimulationChunk.objects.exists()


@pytest.mark.parametrize(
    ("besieger", "message"),
    [
        ({"ladders": ["C2"]}, "ladders: 'C2' is not a rampart section"),
        ({"tower": "W2", "engine_points": 20}, "engine_points: Les points d’engins de l’assiégeant sont de 20 :"),
        ({"ram_crew": "six"}, "ram_crew: a whole number"),
    ],
)
def test_a_plan_the_rules_refuse_is_refused_with_the_reason_and_nothing_is_saved(
    owner: User, demo_plans: dict[str, Any], besieger: dict[str, Any], message: str
) -> None:
    demo_plans["besieger"] |= besieger
    with pytest.raises(ValidationError, match=message):
        services.create_run(owner=owner, games=10, assault=demo_plans, seed=1)
    assert not SimulationRun.objects.exists()


def test_a_seed_out_of_range_is_refused(owner: User, demo_plans: dict[str, Any]) -> None:
    with pytest.raises(ValidationError, match="graine est un nombre entier de 0"):
        services.create_run(owner=owner, games=10, assault=demo_plans, seed=-3)
    assert not SimulationRun.objects.exists()


def test_a_run_is_split_in_chunks_and_sums_up_to_the_simulators_answer(
    owner: User, demo_plans: dict[str, Any], settings: Any
) -> None:
    settings.SIMULATION_CHUNK_GAMES = 3
    settings.SIMULATION_REPORT_GAMES = 2
    run = services.create_run(owner=owner, games=8, assault=demo_plans, seed=77)
    assert list(run.chunks.values_list("first", "games")) == [(0, 3), (3, 3), (6, 2)]
    play_all(run)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.finished_at is not None
    assert Summary.from_json(run.summary) == simulate(demo_assault(), 8, seed=77)
    assert services.games_played(run) == 8


@pytest.mark.parametrize(("seconds", "reports"), [(3600, [0]), (0, [0, 1, 2, 3])])
def test_a_chunk_reports_its_progress_at_most_once_every_report_seconds(
    owner: User, settings: Any, seconds: int, reports: list[int]
) -> None:
    """Each report is a write; the chunk writes when it starts, then only when SIMULATION_REPORT_SECONDS have passed
    since the last, looking at the clock every SIMULATION_REPORT_GAMES games. Storing its counts ends it."""
    settings.SIMULATION_CHUNK_GAMES = 4
    settings.SIMULATION_REPORT_GAMES = 1
    settings.SIMULATION_REPORT_SECONDS = seconds
    run = services.create_run(owner=owner, games=4, assault=ram_plans(), seed=3)
    chunk = run.chunks.get()
    with CaptureQueriesContext(connection) as queries:
        tasks.play_chunk.apply(args=[chunk.pk], throw=True)
    report = re.compile(r'UPDATE "simulations_simulationchunk" SET "played" = (\d+), (?!.*"summary" = )')
    written = [int(found[1]) for query in queries.captured_queries if (found := report.match(query["sql"]))]
    assert written == reports
    chunk.refresh_from_db()
    assert (chunk.played, chunk.summary is not None) == (4, True)


def test_a_late_copy_of_a_chunk_changes_nothing(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES = 5
    run = services.create_run(owner=owner, games=10, assault=ram_plans(), seed=3)
    play_all(run)
    run.refresh_from_db()
    done = (run.summary, run.finished_at)
    chunk = run.chunks.first()
    assert chunk is not None
    assert tasks.play_chunk.apply(args=[chunk.pk], throw=True).get() is False
    run.refresh_from_db()
    assert (run.summary, run.finished_at) == done


def test_a_cancelled_run_stops_and_never_shows_a_summary(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES = 4
    run = services.create_run(owner=owner, games=8, assault=ram_plans(), seed=3)
    first, second = run.chunks.all()
    tasks.play_chunk.apply(args=[first.pk], throw=True)
    services.cancel_run(run=run)
    assert tasks.play_chunk.apply(args=[second.pk], throw=True).get() is False
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED
    assert run.summary is None
    with pytest.raises(ValidationError, match="déjà terminée"):
        services.cancel_run(run=run)


def test_a_failing_chunk_fails_the_run_without_a_summary_and_a_retry_finishes_it(
    owner: User, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.SIMULATION_CHUNK_GAMES = 4
    run = services.create_run(owner=owner, games=8, assault=ram_plans(), seed=5)
    first, second = run.chunks.all()
    tasks.play_chunk.apply(args=[first.pk], throw=True)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patch:
        patch.setattr("simulations.services.simulate", broken)
        assert tasks.play_chunk.apply(args=[second.pk]).failed()
    run.refresh_from_db()
    assert (run.status, run.problem, run.summary) == (RunStatus.FAILED, RunProblem.FAILED, None)
    services.retry_run(run=run)  # the group goes to Redis; played here in this process instead
    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED
    assert list(run.chunks.filter(summary__isnull=True)) == [second]
    tasks.play_chunk.apply(args=[second.pk], throw=True)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert Summary.from_json(run.summary) == simulate(Assault.from_json(ram_plans()), 8, seed=5)
    with pytest.raises(ValidationError, match="Seule une simulation échouée"):
        services.retry_run(run=run)


def test_a_run_whose_workers_fell_silent_or_that_nobody_took_up_is_marked_failed(owner: User) -> None:
    silence = timedelta(seconds=settings.SIMULATION_SILENCE_SECONDS)
    queue_time = timedelta(seconds=settings.SIMULATION_QUEUE_TIMEOUT_SECONDS)
    silent = services.create_run(owner=owner, games=4, assault=ram_plans(), seed=1)
    waiting = services.create_run(owner=owner, games=4, assault=ram_plans(), seed=2)
    now = timezone.now()
    SimulationRun.objects.filter(pk=silent.pk).update(status=RunStatus.RUNNING, heartbeat_at=now)
    assert services.return_stalled_runs(now=now + silence / 2) == []
    assert services.return_stalled_runs(now=now + silence * 2) == [silent]
    assert services.return_stalled_runs(now=now + queue_time * 2) == [waiting]
    silent.refresh_from_db()
    waiting.refresh_from_db()
    assert (silent.status, silent.problem) == (RunStatus.FAILED, RunProblem.WORKER_LOST)
    assert (waiting.status, waiting.problem) == (RunStatus.FAILED, RunProblem.NOT_TAKEN_UP)
    assert silent.summary is None


def test_runs_waiting_behind_a_run_at_work_are_not_given_up(owner: User) -> None:
    queue_time = timedelta(seconds=settings.SIMULATION_QUEUE_TIMEOUT_SECONDS)
    waiting = services.create_run(owner=owner, games=4, assault=ram_plans(), seed=2)
    working = services.create_run(owner=owner, games=4, assault=ram_plans(), seed=1)
    later = timezone.now() + queue_time * 2
    SimulationRun.objects.filter(pk=working.pk).update(status=RunStatus.RUNNING, heartbeat_at=later)
    assert services.return_stalled_runs(now=later) == []
    waiting.refresh_from_db()
    assert waiting.status == RunStatus.QUEUED


def test_beat_looks_for_stalled_runs_every_minute() -> None:
    entry = app.conf.beat_schedule["return-stalled-simulations"]
    assert entry["task"] == tasks.return_stalled_runs.name
    assert entry["task"] in app.tasks
    assert entry["schedule"] == 60


def test_a_run_starts_from_a_battle_under_way(owner: User, settings: Any) -> None:
    state = start(assault_setup(demo_assault()))
    run = services.create_run(owner=owner, games=3, state=state, seed=8)
    assert run.assault is None
    play_all(run)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert Summary.from_json(run.summary) == simulate(state, 3, seed=8)


def test_a_run_starts_from_plans_or_a_state_not_both(owner: User, demo_plans: dict[str, Any]) -> None:
    state = start(assault_setup(demo_assault()))
    with pytest.raises(ValidationError, match="soit des deux plans, soit d’une bataille"):
        services.create_run(owner=owner, games=3, state=state, assault=demo_plans, seed=8)
