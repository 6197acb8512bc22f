"""Celery tasks: thin, they call a service and report progress through the task's state."""

from __future__ import annotations

from celery import Task, shared_task

from . import services


@shared_task(bind=True, name="campaigns.resolve_turn")
def resolve_turn(self: Task, turn_id: int) -> int:
    def progress(percent: int, message: str) -> None:
        self.update_state(state="PROGRESS", meta={"percent": percent, "message": message})

    try:
        services.resolve_turn(turn_id=turn_id, progress=progress)
    except Exception:
        # the resolution rolled back whole: without this the turn would stay "resolving" and never be resolved
        services.abandon_resolution(turn_id=turn_id)
        raise
    return turn_id


@shared_task(name="campaigns.lock_overdue_turns")
def lock_overdue_turns() -> list[int]:
    """Run every minute by Celery beat (``CELERY_BEAT_SCHEDULE``): orders close at their deadline by themselves."""
    return [turn.pk for turn in services.lock_overdue_turns()]
