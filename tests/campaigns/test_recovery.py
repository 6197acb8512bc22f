"""A resolution that cannot finish hands its turn back: failed, its worker dead, or never taken up from the queue.

A resolution at work holds its turn's row in PostgreSQL until it commits; a turn still "resolving" whose row nobody
holds has lost its worker.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from celery.result import AsyncResult
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns import tasks
from campaigns.models import Battle, Campaign, ResolutionProblem, Turn, TurnState
from campaigns.selectors import stalled
from campaigns.services import (
    mark_resolution_started,
    resolve_turn,
    retry_resolution,
    return_stalled_resolutions,
    start_resolution,
)
from siege_site.celery import app
from tests.demo import load_demo

from .demo_helpers import member, second_turn_with_orders

SILENCE = timedelta(seconds=settings.RESOLUTION_SILENCE_SECONDS)
QUEUE_TIMEOUT = timedelta(seconds=settings.RESOLUTION_QUEUE_TIMEOUT_SECONDS)


def resolving(campaign: Campaign, *, started: bool) -> Turn:
    turn = start_resolution(turn=second_turn_with_orders(campaign))
    if started:
        assert mark_resolution_started(turn_id=turn.pk)
    return Turn.objects.get(pk=turn.pk)


@pytest.mark.django_db
def test_a_resolution_whose_worker_fell_silent_is_handed_back_locked() -> None:
    turn = resolving(load_demo(), started=True)
    assert return_stalled_resolutions(now=turn.resolution_started_at + SILENCE / 2) == []
    assert Turn.objects.get(pk=turn.pk).state == TurnState.RESOLVING
    assert return_stalled_resolutions(now=turn.resolution_started_at + SILENCE * 2) == [turn]
    turn.refresh_from_db()
    assert (turn.state, turn.resolution_problem) == (TurnState.LOCKED, ResolutionProblem.WORKER_LOST)
    assert not Battle.objects.filter(turn=turn).exists()


@pytest.mark.django_db
def test_a_resolution_no_worker_took_up_is_handed_back_after_the_queue_time_out() -> None:
    turn = resolving(load_demo(), started=False)
    assert return_stalled_resolutions(now=turn.resolution_queued_at + SILENCE * 2) == []
    assert return_stalled_resolutions(now=turn.resolution_queued_at + QUEUE_TIMEOUT * 2) == [turn]
    turn.refresh_from_db()
    assert (turn.state, turn.resolution_problem) == (TurnState.LOCKED, ResolutionProblem.NOT_TAKEN_UP)


@pytest.mark.django_db(transaction=True)
def test_a_resolution_at_work_is_never_handed_back_however_long_it_takes() -> None:
    turn = resolving(load_demo(), started=True)
    holding, release = threading.Event(), threading.Event()

    def worker_at_work() -> None:
        try:
            with transaction.atomic():
                Turn.objects.select_for_update().get(pk=turn.pk)
                holding.set()
                release.wait(120)
        finally:
            connection.close()

    thread = threading.Thread(target=worker_at_work)
    thread.start()
    try:
        assert holding.wait(120)
        assert return_stalled_resolutions(now=timezone.now() + QUEUE_TIMEOUT * 10) == []
        with pytest.raises(ValidationError, match="en cours"):
            retry_resolution(turn=turn)
    finally:
        release.set()
        thread.join(120)
    assert Turn.objects.get(pk=turn.pk).state == TurnState.RESOLVING


def test_beat_looks_for_stalled_resolutions_every_minute() -> None:
    entry = app.conf.beat_schedule["return-stalled-resolutions"]
    assert entry["task"] == tasks.return_stalled_resolutions.name
    assert entry["task"] in app.tasks
    assert entry["schedule"] == 60


def test_tasks_are_acknowledged_late_and_handed_back_when_their_worker_is_lost() -> None:
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1


@pytest.mark.django_db
def test_a_late_copy_of_the_task_leaves_a_resolved_turn_as_it_is() -> None:
    turn = resolving(load_demo(), started=False)
    tasks.resolve_turn.apply(args=[turn.pk], throw=True)
    battles = list(Battle.objects.filter(turn=turn).values_list("pk", flat=True))
    resolved = Turn.objects.get(pk=turn.pk)
    assert len(battles) == 2  # the siege of Montfort and the field battle of the Col du Crâne
    assert tasks.resolve_turn.apply(args=[turn.pk], throw=True).get() == turn.pk
    assert list(Battle.objects.filter(turn=turn).values_list("pk", flat=True)) == battles
    again = Turn.objects.get(pk=turn.pk)
    assert (again.state, again.resolved_at, again.log) == (resolved.state, resolved.resolved_at, resolved.log)


@pytest.mark.django_db
def test_a_failed_resolution_tells_the_organiser_why_the_turn_is_locked_again(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = load_demo()
    turn = resolving(campaign, started=False)

    def broken(**kwargs: object) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr("campaigns.services.resolve_turn", broken)
    assert tasks.resolve_turn.apply(args=[turn.pk]).failed()
    turn.refresh_from_db()
    assert (turn.state, turn.resolution_problem) == (TurnState.LOCKED, ResolutionProblem.FAILED)
    client.force_login(member(campaign, "organisateur").user)
    page = client.get(reverse("campaigns:manage", args=[campaign.pk])).content.decode()
    assert "La dernière résolution a échoué" in page
    assert "Tour 2 — Ordres verrouillés" in page


@pytest.mark.django_db
def test_the_organiser_can_retry_a_stalled_resolution_and_it_resolves_once(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = load_demo()
    turn = resolving(campaign, started=True)
    Turn.objects.filter(pk=turn.pk).update(resolution_started_at=timezone.now() - SILENCE * 2)
    turn.refresh_from_db()
    assert stalled(turn)
    client.force_login(member(campaign, "organisateur").user)
    fragment = client.get(reverse("campaigns:progress", args=[campaign.pk]), headers={"HX-Request": "true"})
    assert "Relancer la résolution" in fragment.content.decode()
    assert 'hx-confirm="' in fragment.content.decode()
    queued: list[int] = []

    def queue(turn_id: int) -> AsyncResult:
        queued.append(turn_id)
        return app.AsyncResult("t-2")

    monkeypatch.setattr(tasks.resolve_turn, "delay", queue)
    client.post(reverse("campaigns:turn", args=[campaign.pk, "retry"]))
    turn.refresh_from_db()
    assert (turn.state, turn.task_id, turn.resolution_started_at) == (TurnState.RESOLVING, "t-2", None)
    assert queued == [turn.pk]
    resolve_turn(turn_id=turn.pk)
    assert Battle.objects.filter(turn=turn).count() == 2


@pytest.mark.django_db
def test_a_player_is_not_offered_the_retry(client: Client) -> None:
    campaign = load_demo()
    turn = resolving(campaign, started=True)
    Turn.objects.filter(pk=turn.pk).update(resolution_started_at=timezone.now() - SILENCE * 2)
    client.force_login(member(campaign, "alice").user)
    fragment = client.get(reverse("campaigns:progress", args=[campaign.pk]), headers={"HX-Request": "true"})
    assert "Relancer la résolution" not in fragment.content.decode()
    assert client.post(reverse("campaigns:turn", args=[campaign.pk, "retry"])).status_code in (403, 404)
    assert Turn.objects.get(pk=turn.pk).resolution_started_at is not None
