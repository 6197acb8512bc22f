"""The Celery tasks of a campaign: turns lock at their deadline, on beat's schedule and through a real worker."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.utils import timezone

from campaigns import resolution, tasks
from campaigns.models import Campaign, Club, Turn, TurnState
from campaigns.services import create_campaign, lock_overdue_turns, open_turn, start_resolution
from siege_site.celery import app
from tests.demo import load_demo

from .demo_helpers import second_turn


def overdue_and_waiting(campaign: Campaign, club: Club, organiser: User) -> tuple[Turn, Turn]:
    """An open turn whose deadline passed a minute ago, in ``campaign``, and one still open, in another."""
    overdue = open_turn(campaign=campaign)
    Turn.objects.filter(pk=overdue.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    waiting = open_turn(campaign=create_campaign(club=club, name="Marches du Sud", organiser=organiser))
    return overdue, waiting


@pytest.mark.django_db
def test_a_turn_past_its_deadline_locks_once_and_the_players_are_told(
    campaign: Campaign, club: Club, organiser: User, player: User, django_capture_on_commit_callbacks
) -> None:
    player.email = "player@example.org"
    player.save()
    overdue, waiting = overdue_and_waiting(campaign, club, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        assert lock_overdue_turns() == [overdue]
    assert Turn.objects.get(pk=overdue.pk).state == TurnState.LOCKED
    assert Turn.objects.get(pk=waiting.pk).state == TurnState.OPEN
    assert [m.subject for m in mail.outbox] == [f"[{campaign.name}] Le tour 1 est verrouillé"]
    with django_capture_on_commit_callbacks(execute=True):
        assert lock_overdue_turns() == []
    assert len(mail.outbox) == 1


def test_beat_looks_for_overdue_turns_every_minute() -> None:
    entry = app.conf.beat_schedule["lock-overdue-turns"]
    assert entry["task"] == tasks.lock_overdue_turns.name
    assert entry["task"] in app.tasks
    assert entry["schedule"] == 60


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_locks_overdue_turns(campaign: Campaign, club: Club, organiser: User, celery_worker: str) -> None:
    overdue, waiting = overdue_and_waiting(campaign, club, organiser)
    assert tasks.lock_overdue_turns.delay().get(timeout=120) == [overdue.pk]
    assert Turn.objects.get(pk=overdue.pk).state == TurnState.LOCKED
    assert Turn.objects.get(pk=waiting.pk).state == TurnState.OPEN


@pytest.mark.django_db
def test_a_resolution_that_fails_leaves_the_turn_locked_to_be_resolved_again(monkeypatch: pytest.MonkeyPatch) -> None:
    turn = start_resolution(turn=second_turn(load_demo()))

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the worker lost its database")

    monkeypatch.setattr(resolution, "resolve", broken)
    assert tasks.resolve_turn.apply(args=[turn.pk]).failed()
    assert Turn.objects.get(pk=turn.pk).state == TurnState.LOCKED
    monkeypatch.undo()
    tasks.resolve_turn.apply(args=[start_resolution(turn=turn).pk], throw=True)
    assert Turn.objects.get(pk=turn.pk).resolved_at is not None
