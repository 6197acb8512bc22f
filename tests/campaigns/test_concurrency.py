"""Two requests at the same moment, on a real PostgreSQL: the second sees what the first committed."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction

from campaigns.models import Campaign
from campaigns.services import open_turn

pytestmark = pytest.mark.django_db(transaction=True)


def in_thread(work: Callable[[], object], errors: list[BaseException]) -> threading.Thread:
    def run() -> None:
        try:
            work()
        except Exception as error:  # kept for the test to look at
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_opening_the_first_turn_twice_at_once_is_refused_not_a_crash(campaign: Campaign) -> None:
    opened, commit = threading.Event(), threading.Event()

    def first() -> None:
        with transaction.atomic():
            open_turn(campaign=campaign)
            opened.set()
            commit.wait(120)

    errors: list[BaseException] = []
    first_thread = in_thread(first, errors)
    assert opened.wait(120)
    second_thread = in_thread(lambda: open_turn(campaign=campaign), errors)
    second_thread.join(1)
    commit.set()
    first_thread.join(120)
    second_thread.join(120)
    assert not first_thread.is_alive()
    assert not second_thread.is_alive()
    assert [type(e) for e in errors] == [ValidationError]
    assert campaign.turns.count() == 1
