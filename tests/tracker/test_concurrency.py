"""Two tabs acting at the same moment on the same state, on a real PostgreSQL: one wins, the other is told the
battle moved on, and the log holds one entry."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from rules.siege.actions import EndPhase
from tests.campaigns.test_concurrency import in_thread
from tracker import services
from tracker.models import TrackedBattle, TrackedEntry

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_tabs_on_the_same_state_one_wins_the_other_gets_a_conflict(tracked: TrackedBattle, besieged: User) -> None:
    acted, commit = threading.Event(), threading.Event()

    def first() -> None:
        with transaction.atomic():
            services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase())
            acted.set()
            commit.wait(10)

    errors: list[BaseException] = []
    first_thread = in_thread(first, errors)
    assert acted.wait(10)
    second_thread = in_thread(
        lambda: services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase()), errors
    )
    second_thread.join(1)
    assert second_thread.is_alive()  # it waits on the first tab's lock
    commit.set()
    first_thread.join(10)
    second_thread.join(10)
    assert [type(e) for e in errors] == [services.Conflict]
    assert list(TrackedEntry.objects.filter(battle=tracked).values_list("seq", flat=True)) == [1]
