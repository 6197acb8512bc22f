"""Celery tasks: thin, they call a service and report progress through the task's state."""

from __future__ import annotations

from celery import Task, shared_task

from . import services


@shared_task(bind=True, name="campaigns.resolve_turn")
def resolve_turn(self: Task, turn_id: int) -> int:
    def progress(percent: int, message: str) -> None:
        self.update_state(state="PROGRESS", meta={"percent": percent, "message": message})

    services.resolve_turn(turn_id=turn_id, progress=progress)
    return turn_id
