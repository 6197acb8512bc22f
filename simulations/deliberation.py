"""The strong bot's decisions handed to the simulation workers, and read back when they are made: a solo battle's
app at the strong strength, and a player's « que ferait l'application ? ». The web process never plays the games
itself: it queues :func:`simulations.tasks.advise` and reads its answer from the result store."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from celery.result import AsyncResult
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.siege.board.state import BattleState, Side
from rules.siege.board.state_json import state_to_json
from siege_site.celery import QUEUE_ERRORS, app

FAILED: Mapping[str, Any] = {"best": None, "top": [], "failed": True}
"""The answer of a decision the workers could not make: the caller plays on without it."""


def ask(*, state: BattleState, side: Side, seed: int) -> str:
    """Queue the strong bot's decision for ``side`` in ``state``; the task's id, to read its answer by. A queue that
    cannot be reached is a ValidationError."""
    from . import tasks

    try:
        return str(tasks.advise.delay(state_to_json(state), side.value, seed=seed).id)
    except QUEUE_ERRORS as error:
        raise ValidationError(_("The app's decision could not be handed to the workers; try again.")) from error


def answer(task_id: str) -> Mapping[str, Any] | None:
    """The decision of task ``task_id`` (:func:`simulations.advice.advise`'s answer), :data:`FAILED` when the task
    failed, or ``None`` while the workers are at it."""
    result = AsyncResult(task_id, app=app)
    if not result.ready():
        return None
    if not result.successful():
        return FAILED
    value = result.result
    return value if isinstance(value, Mapping) else FAILED


__all__ = ["FAILED", "answer", "ask"]
