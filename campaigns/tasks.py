"""Celery tasks: thin, they call a service and report progress through the task's state."""

from __future__ import annotations

from celery import Task, shared_task

from . import services
from .models import ResolutionProblem


# Its progress is stored as the task's state, but nobody waits for its result: the page that hands it over does
# not subscribe to it in Redis, so that a Redis gone away fails the hand-over cleanly (see services.request_resolution).
@shared_task(bind=True, name="campaigns.resolve_turn", ignore_result=True)
def resolve_turn(self: Task, turn_id: int) -> int:
    def progress(percent: int, message: str) -> None:
        self.update_state(state="PROGRESS", meta={"percent": percent, "message": message})

    # Acknowledged once done (CELERY_TASK_ACKS_LATE): a worker killed half-way hands the task to another, and the
    # resolution, rolled back whole with the dead worker's connection, starts again. A copy that comes late finds
    # the turn resolved and leaves it.
    if not services.mark_resolution_started(turn_id=turn_id):
        return turn_id
    try:
        services.resolve_turn(turn_id=turn_id, progress=progress)
    except Exception:
        # the resolution rolled back whole: without this the turn would stay "resolving" and never be resolved
        services.abandon_resolution(turn_id=turn_id, problem=ResolutionProblem.FAILED)
        raise
    return turn_id


@shared_task(name="campaigns.return_stalled_resolutions")
def return_stalled_resolutions() -> list[int]:
    """Run every minute by Celery beat: a resolution whose worker died or that no worker took up is handed back."""
    return [turn.pk for turn in services.return_stalled_resolutions()]


@shared_task(name="campaigns.lock_overdue_turns")
def lock_overdue_turns() -> list[int]:
    """Run every minute by Celery beat (``CELERY_BEAT_SCHEDULE``): orders close at their deadline by themselves."""
    return [turn.pk for turn in services.lock_overdue_turns()]


@shared_task(name="campaigns.drop_expired_roster_uploads")
def drop_expired_roster_uploads() -> int:
    """Run every hour by Celery beat: roster previews nobody confirmed or cancelled in time are dropped."""
    return services.drop_expired_roster_uploads()
