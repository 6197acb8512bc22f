"""Starting, playing, cancelling and recovering whole-assault simulation runs.

A run is split into chunks of ``SIMULATION_CHUNK_GAMES`` games, the first of only ``SIMULATION_FIRST_CHUNK_GAMES``
so that a worker has counts to show within a second, one Celery task each, handed to the workers as a group. Game
``i`` of a run always rolls the same dice (:func:`bots.siege.assault.game_seed`), so chunks may run in any order, on
any worker, more than once: the run's summary is the sum of its chunks' counts and is written once, by the chunk that
completes it. A cancelled or failed run keeps no summary, so it never shows partial counts as its result.

A run asked with ``stop_half_width`` stops early: once the 95 % interval of the besieger's share of wins, over the
games its chunks have reported, is that narrow (:mod:`simulations.estimate`), it is done with the summary of those
games, and the chunks still queued or at work stop at their next report.
"""

from __future__ import annotations

import secrets
import time
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from bots.siege.assault import Assault, PlanError, Summary, assault_setup, set_up_once, simulate
from bots.siege.policies import Orders, orders_for
from rules.contract import IllegalAction
from rules.siege.battle import start
from rules.siege.board.state import BattleState
from siege_site.celery import QUEUE_ERRORS
from siege_site.stalls import Patience
from wording.siege import SiegeNames, refusal_text

from . import estimate
from .models import RunProblem, RunStatus, SimulationChunk, SimulationRun

MAX_SEED = 2**62


def check_games(games: int) -> None:
    """A run plays 1 to ``SIMULATION_MAX_GAMES`` assaults."""
    most = settings.SIMULATION_MAX_GAMES
    if not 1 <= games <= most:
        raise ValidationError(
            _("A run plays from 1 to %(most)s assaults (the site's maximum); %(games)s were asked for.")
            % {"most": most, "games": games}
        )


def check_budget(owner: AbstractBaseUser, games: int, *, besides: SimulationRun | None = None) -> None:
    """One account's share of the workers: at most ``SIMULATION_RUNS_PER_USER`` runs under way at once, with at most
    ``SIMULATION_GAMES_PER_USER`` assaults between them, ``games`` (a new run's, or ``besides`` started again)
    included. Called with the account's row locked, so that two requests at once cannot both pass."""
    active = SimulationRun.objects.filter(owner=owner, status__in=(RunStatus.QUEUED, RunStatus.RUNNING))
    if besides is not None:
        active = active.exclude(pk=besides.pk)
    runs, queued = active.count(), active.aggregate(total=Sum("games"))["total"] or 0
    if runs >= settings.SIMULATION_RUNS_PER_USER:
        raise ValidationError(
            _(
                "You already have %(runs)s runs under way, the most one account may have at once; wait for one to end "
                "or cancel it."
            )
            % {"runs": runs}
        )
    if queued + games > settings.SIMULATION_GAMES_PER_USER:
        raise ValidationError(
            _(
                "Your runs under way already play %(queued)s assaults: with %(games)s more, they would pass the "
                "%(most)s one account may have under way at once."
            )
            % {"queued": queued, "games": games, "most": settings.SIMULATION_GAMES_PER_USER}
        )


def _lock_account(owner: AbstractBaseUser) -> None:
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()


def read_assault(data: Any) -> Assault:
    """Both plans from their JSON form, checked against the rules; a plan they refuse is a ValidationError."""
    try:
        assault = Assault.from_json(data)
        assault_setup(assault)
    except PlanError as refused:
        raise ValidationError(_("The plan is refused: %(reason)s") % {"reason": _plan_reason(refused)}) from None
    return assault


def _plan_reason(refused: PlanError) -> str:
    """Why a plan is refused: the plan's field at fault, and the refusal of the rules behind it in the reader's
    words when the rules refused it."""
    cause = refused.__cause__
    if isinstance(cause, IllegalAction):
        field = str(refused).partition(": ")[0]
        return f"{field}: {refusal_text(SiegeNames(()), cause)}"
    return str(refused)


def _check_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(MAX_SEED)
    if not 0 <= seed < MAX_SEED:
        raise ValidationError(_("The seed is a whole number from 0 to %(most)s.") % {"most": MAX_SEED - 1})
    return seed


def _chunks(run: SimulationRun) -> list[SimulationChunk]:
    size = settings.SIMULATION_CHUNK_GAMES
    opening = max(1, min(settings.SIMULATION_FIRST_CHUNK_GAMES, size))
    firsts = [0, *range(opening, run.games, size)]
    return [
        SimulationChunk(run=run, index=i, first=first, games=min(opening if i == 0 else size, run.games - first))
        for i, first in enumerate(firsts)
    ]


@transaction.atomic
def create_run(
    *,
    owner: AbstractBaseUser,
    games: int,
    assault: Any = None,
    state: BattleState | None = None,
    orders: Orders | None = None,
    seed: int | None = None,
    label: str = "",
    stop_half_width: float | None = None,
) -> SimulationRun:
    """Record a run of ``games`` assaults from both plans (``assault``, their JSON form) or from a battle under way
    (``state``, with the policies' ``orders``, by default those the state implies). With ``stop_half_width`` (0.02:
    ±2 points) the run stops as soon as its interval is that narrow; ``games`` is then its cap. Nothing is saved when
    the plan, the number of games or the seed is refused."""
    check_games(games)
    seed = _check_seed(seed)
    _lock_account(owner)
    check_budget(owner, games)
    if (assault is None) == (state is None):
        raise ValidationError(_("A run starts either from both plans or from a battle under way."))
    start_state = None
    plans = None
    if state is not None:
        start_state = {"state": state.to_json(), "orders": (orders or orders_for(state)).to_json()}
    else:
        plans = read_assault(assault).to_json()
    run = SimulationRun.objects.create(
        owner=owner,
        label=label[:120],
        assault=plans,
        start_state=start_state,
        games=games,
        seed=seed,
        queued_at=timezone.now(),
        stop_half_width=stop_half_width,
    )
    SimulationChunk.objects.bulk_create(_chunks(run))
    return run


def hand_over(run: SimulationRun) -> SimulationRun:
    """Queue the run's unfinished chunks for the workers, as one group. When the queue cannot be reached the run is
    marked failed and the caller is told."""
    from celery import group

    from . import tasks

    pending = list(run.chunks.filter(summary__isnull=True).values_list("pk", flat=True))
    try:
        group(tasks.play_chunk.s(pk) for pk in pending).apply_async()
    except QUEUE_ERRORS as error:
        fail_run(run_id=run.pk, problem=RunProblem.QUEUE_DOWN)
        raise ValidationError(_("The run could not be handed to the workers; try again in a moment.")) from error
    return run


def launch_run(**kwargs: Any) -> SimulationRun:
    """Record a run (:func:`create_run`) and hand it to the workers. Called outside a transaction, so that the run
    is committed before a worker looks for it: a page of a battle under way starts "what are our chances from
    here?" with ``launch_run(owner=user, games=n, state=state, label=...)`` and shows ``simulations:detail``."""
    return hand_over(create_run(**kwargs))


@transaction.atomic
def cancel_run(*, run: SimulationRun) -> SimulationRun:
    """Stop a run: its chunks still queued or at work stop at their next report, and it keeps no summary."""
    run = SimulationRun.objects.select_for_update().get(pk=run.pk)
    if run.finished:
        raise ValidationError(_("This run is already over."))
    run.status, run.finished_at = RunStatus.CANCELLED, timezone.now()
    run.save(update_fields=["status", "finished_at"])
    return run


@transaction.atomic
def fail_run(*, run_id: int, problem: str) -> None:
    """A run that cannot finish is marked failed with the reason; it keeps no summary."""
    SimulationRun.objects.filter(pk=run_id, status__in=(RunStatus.QUEUED, RunStatus.RUNNING)).update(
        status=RunStatus.FAILED, problem=problem, finished_at=timezone.now()
    )


def fail_chunk_run(*, chunk_id: int, problem: str) -> None:
    """The run a chunk belongs to is marked failed (:func:`fail_run`), when the chunk is still there."""
    run_id = SimulationChunk.objects.filter(pk=chunk_id).values_list("run_id", flat=True).first()
    if run_id is not None:
        fail_run(run_id=run_id, problem=problem)


def retry_run(*, run: SimulationRun) -> SimulationRun:
    """Hand a failed run's unfinished chunks to the workers again; the chunks already in are kept (each game
    rolls the same dice whichever worker plays it)."""
    with transaction.atomic():
        run = SimulationRun.objects.select_for_update().get(pk=run.pk)
        if run.status != RunStatus.FAILED:
            raise ValidationError(_("Only a failed run can be started again."))
        _lock_account(run.owner)
        check_budget(run.owner, run.games, besides=run)
        SimulationChunk.objects.filter(run=run, summary__isnull=True).update(played=0, besieger_wins=0, partial=None)
        run.status, run.problem, run.finished_at = RunStatus.QUEUED, "", None
        run.queued_at, run.heartbeat_at = timezone.now(), None
        run.save(update_fields=["status", "problem", "finished_at", "queued_at", "heartbeat_at"])
    return hand_over(run)


def start_of(run: SimulationRun) -> tuple[BattleState, Orders]:
    """The battle state the run's games start from, and the policies' orders."""
    if run.assault is not None:
        assault = Assault.from_json(run.assault)
        return start(assault_setup(assault)), assault.orders()
    data = run.start_state or {}
    return BattleState.from_json(data["state"]), Orders.from_json(data.get("orders", {}))


@transaction.atomic
def _report(run_id: int, chunk_id: int, so_far: Summary) -> bool:
    """A chunk at work reports the counts of the games it has played so far; False when its run is over (cancelled,
    failed, or stopped early by this very report) and it should stop. The run's row stays locked to the end, so that
    two chunks reporting at once cannot both stop it."""
    now = timezone.now()
    alive = SimulationRun.objects.filter(pk=run_id, status__in=(RunStatus.QUEUED, RunStatus.RUNNING)).update(
        status=RunStatus.RUNNING, heartbeat_at=now
    )
    if not alive:
        return False
    SimulationChunk.objects.filter(pk=chunk_id, summary__isnull=True).update(
        played=so_far.games,
        besieger_wins=so_far.wins.get("besieger", 0),
        partial=so_far.to_json() if so_far.games else None,
    )
    return not _stop_if_precise(SimulationRun.objects.get(pk=run_id), now)


def _stop_if_precise(run: SimulationRun, now: datetime) -> bool:
    """Stop a run asked to stop early once its interval is narrow enough: it is done, with the summary of every game
    its chunks have reported. Called with the run's row locked. True when it stopped."""
    if run.stop_half_width is None:
        return False
    wins, games = counted(run)
    if not estimate.precise_enough(wins, games, run.stop_half_width):
        return False
    whole = Summary()
    for summary, partial in run.chunks.values_list("summary", "partial"):
        if (summary or partial) is not None:
            whole = whole.merge(Summary.from_json(summary or partial))
    run.summary, run.status, run.finished_at, run.stopped_early = whole.to_json(), RunStatus.DONE, now, True
    run.save(update_fields=["summary", "status", "finished_at", "stopped_early"])
    return True


def play_chunk(*, chunk_id: int) -> bool:
    """Play one chunk's games and store its counts; the chunk that completes the run writes the run's summary.
    False when there was nothing to do: the chunk was already in (a late copy of its task), or its run is over.

    The chunk reports its progress when it starts, then at most once every ``SIMULATION_REPORT_SECONDS`` (it looks
    at the clock every ``SIMULATION_REPORT_GAMES`` games); storing its counts is its last report."""
    chunk = SimulationChunk.objects.select_related("run").get(pk=chunk_id)
    run = chunk.run
    if chunk.summary is not None or not _report(run.pk, chunk.pk, Summary()):
        return False
    state, orders = start_of(run)
    set_up = set_up_once(state, orders)  # the same for every game of the run: played once for the chunk
    step, every = settings.SIMULATION_REPORT_GAMES, settings.SIMULATION_REPORT_SECONDS
    end = chunk.first + chunk.games
    reported = time.monotonic()
    total = Summary()
    for first in range(chunk.first, end, step):
        count = min(step, end - first)
        total = total.merge(simulate(state, count, run.seed, first=first, orders=orders, set_up=set_up))
        if first + count < end and time.monotonic() - reported >= every:
            if not _report(run.pk, chunk.pk, total):
                return False
            reported = time.monotonic()
    return _store_chunk(chunk_id=chunk.pk, summary=total)


@transaction.atomic
def _store_chunk(*, chunk_id: int, summary: Summary) -> bool:
    chunk = SimulationChunk.objects.select_related("run").get(pk=chunk_id)
    run = SimulationRun.objects.select_for_update().get(pk=chunk.run_id)
    if run.finished or chunk.summary is not None:
        return False
    now = timezone.now()
    chunk.summary, chunk.played, chunk.done_at = summary.to_json(), chunk.games, now
    chunk.besieger_wins, chunk.partial = summary.wins.get("besieger", 0), None
    chunk.save(update_fields=["summary", "played", "besieger_wins", "partial", "done_at"])
    parts = list(run.chunks.values_list("summary", flat=True))
    if all(part is not None for part in parts):
        whole = Summary()
        for part in parts:
            whole = whole.merge(Summary.from_json(part))
        run.summary, run.status, run.finished_at = whole.to_json(), RunStatus.DONE, now
        run.save(update_fields=["summary", "status", "finished_at"])
    else:
        _stop_if_precise(run, now)
    return True


def games_played(run: SimulationRun) -> int:
    """Games played so far, chunks at work included; for a run stopped early, the games its summary counts."""
    if run.status == RunStatus.DONE:
        return int(run.summary["games"]) if run.stopped_early and run.summary else run.games
    return int(run.chunks.aggregate(total=Sum("played"))["total"] or 0)


def counted(run: SimulationRun) -> tuple[int, int]:
    """The besieger's wins and the games played they are out of: the run's summary once it is done, else what its
    chunks have reported so far (whole chunks and chunks at work)."""
    if run.status == RunStatus.DONE and run.summary is not None:
        done = Summary.from_json(run.summary)
        return done.wins.get("besieger", 0), done.games
    found = run.chunks.aggregate(wins=Sum("besieger_wins"), games=Sum("played"))
    return int(found["wins"] or 0), int(found["games"] or 0)


def return_stalled_runs(*, now: datetime | None = None) -> list[SimulationRun]:
    """Mark failed every run that cannot finish any more: its workers fell silent (died with their chunks) or no
    worker took it up from the queue. Its owner may start it again (:func:`retry_run`). While a run reports, the
    workers are alive and the others wait their turn in the queue: none is given up."""
    now = now or timezone.now()
    patience = Patience.at(
        now,
        silence_seconds=settings.SIMULATION_SILENCE_SECONDS,
        queue_seconds=settings.SIMULATION_QUEUE_TIMEOUT_SECONDS,
    )
    returned: list[SimulationRun] = []
    if SimulationRun.objects.filter(status=RunStatus.RUNNING, heartbeat_at__gte=patience.silent_since).exists():
        return returned
    with transaction.atomic():
        live = SimulationRun.objects.select_for_update(skip_locked=True).filter(
            status__in=(RunStatus.QUEUED, RunStatus.RUNNING)
        )
        for run in live:
            problem = patience.stall(last_sign=run.heartbeat_at, queued_at=run.queued_at)
            if problem is None:
                continue
            run.status, run.problem, run.finished_at = RunStatus.FAILED, RunProblem(problem), now
            run.save(update_fields=["status", "problem", "finished_at"])
            returned.append(run)
    return returned
