"""Work handed to a worker is given up once its worker fell silent, or once nobody took it from the queue."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from siege_site.stalls import NOT_TAKEN_UP, WORKER_LOST, Patience

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
PATIENCE = Patience.at(NOW, silence_seconds=60, queue_seconds=300)


@pytest.mark.parametrize(
    ("last_sign", "queued", "stall"),
    [
        (NOW - timedelta(seconds=61), NOW - timedelta(hours=1), WORKER_LOST),
        (NOW - timedelta(seconds=59), NOW - timedelta(hours=1), None),
        (None, NOW - timedelta(seconds=301), NOT_TAKEN_UP),
        (None, NOW - timedelta(seconds=299), None),
        (None, None, None),
    ],
)
def test_silent_or_untaken_work_is_given_up(last_sign: datetime | None, queued: datetime | None, stall: str) -> None:
    assert PATIENCE.stall(last_sign=last_sign, queued_at=queued) == stall
