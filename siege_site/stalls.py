"""Work handed to a Celery worker that can no longer finish: a turn's resolution, a run of simulated assaults.

Both keep when the work was queued and when a worker last gave a sign of life; both give it back the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

WORKER_LOST = "worker_lost"
"""Taken up by a worker that fell silent: it died, or lost its database."""
NOT_TAKEN_UP = "not_taken_up"
"""Never taken up from the queue."""


@dataclass(frozen=True)
class Patience:
    """How long a worker may stay silent, and a job wait in the queue, before it is given up."""

    silent_since: datetime
    queued_since: datetime

    @classmethod
    def at(cls, now: datetime, *, silence_seconds: float, queue_seconds: float) -> Patience:
        return cls(now - timedelta(seconds=silence_seconds), now - timedelta(seconds=queue_seconds))

    def stall(self, *, last_sign: datetime | None, queued_at: datetime | None) -> str | None:
        """:data:`WORKER_LOST`, :data:`NOT_TAKEN_UP`, or None for work still within its time."""
        if last_sign is not None and last_sign < self.silent_since:
            return WORKER_LOST
        if last_sign is None and queued_at is not None and queued_at < self.queued_since:
            return NOT_TAKEN_UP
        return None
