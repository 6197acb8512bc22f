"""Celery tasks: thin, they call a service."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from . import advice, services
from .models import RunProblem


# Acknowledged once done (CELERY_TASK_ACKS_LATE) and handed back when its worker is lost: a chunk interrupted
# half-way is played again from its first game, with the same dice, and a copy that comes late finds it stored.
@shared_task(name="simulations.play_chunk", ignore_result=True)
def play_chunk(chunk_id: int) -> bool:
    try:
        return services.play_chunk(chunk_id=chunk_id)
    except Exception:
        services.fail_chunk_run(chunk_id=chunk_id, problem=RunProblem.FAILED)
        raise


@shared_task(name="simulations.return_stalled_runs")
def return_stalled_runs() -> list[int]:
    """Run every minute by Celery beat: a run whose workers died or that no worker took up is marked failed."""
    return [run.pk for run in services.return_stalled_runs()]


# A decision of the strong bot takes SIEGE_BOT_BUDGET_S of worker time; the hard limit only guards the worker
# against a state whose game never ends.
@shared_task(name="simulations.advise", time_limit=120)
def advise(
    state: dict[str, Any],
    side: str,
    budget_s: float | None = None,
    max_games: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """« Que ferait l'application ? »: the strong bot's best option for ``side`` and its top three, in JSON."""
    return advice.advise(state=state, side=side, budget_s=budget_s, max_games=max_games, seed=seed)
