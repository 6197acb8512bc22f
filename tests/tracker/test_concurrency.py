"""Two tabs acting at the same moment on the same state, on a real PostgreSQL: one wins, the other is told the
battle moved on, and the log holds one entry."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from rules.siege.actions import EndPhase
from tests.campaigns.test_concurrency import in_thread
from tests.waiting import wait_until
from tracker import services
from tracker.models import TrackedBattle, TrackedEntry

pytestmark = pytest.mark.django_db(transaction=True)


def waiting_on_a_lock() -> int:
    """How many connections to the test database wait for a lock that another holds."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        (count,) = cursor.fetchone()
    return int(count)


def test_two_tabs_on_the_same_state_one_wins_the_other_gets_a_conflict(tracked: TrackedBattle, besieged: User) -> None:
    acted, commit = threading.Event(), threading.Event()

    def first() -> None:
        with transaction.atomic():
            services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase())
            acted.set()
            commit.wait(120)

    errors: list[BaseException] = []
    first_thread = in_thread(first, errors)
    assert acted.wait(120)
    second_thread = in_thread(
        lambda: services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase()), errors
    )
    # it waits on the first tab's lock
    wait_until(lambda: waiting_on_a_lock() == 1, 120, "the second tab waits on the first's lock")
    assert second_thread.is_alive()
    commit.set()
    first_thread.join(120)
    second_thread.join(120)
    assert not first_thread.is_alive()
    assert not second_thread.is_alive()
    assert [type(e) for e in errors] == [services.Conflict]
    assert list(TrackedEntry.objects.filter(battle=tracked).values_list("seq", flat=True)) == [1]
