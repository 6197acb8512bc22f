"""« Quelles sont nos chances d'ici ? » on Celery workers: how soon the first estimate can be read, and whether a run
stopped early on the ±2-point rule agrees with a 20,000-game run from the same state.

``.venv/bin/python bench/chances.py [--trials 20] [--states 40] [--first 1000] [--reference 20000] [--workers 2]``
starts its own embedded PostgreSQL and Redis (as ``bench/assault.py``), migrates and starts ``--workers`` Celery
workers. Then:

- *first estimate*: ``--trials`` times, the player's request (``POST /tracker/<pk>/chances/``, through Django's test
  client in this process) and then the page's fragment, read every 20 ms, until it shows the estimate; the time from
  the request to that read, its median and p95. Each run is cancelled once read, and the workers let go of it.
- *early stop*: ``--states`` seeded states from seed ``--first`` on (the demo siege played by the policies, game
  seed ``s``, cut after a seeded number of actions, 20 to 19 + ``--spread``); from each, a run with the ±2-point
  rule (cap ``--reference`` games), then a ``--reference``-game run without it, another seed (independent games).
  Counted: the early run stopped on the rule; its final estimate lies within the reference run's 95 % interval;
  the reference run's estimate lies within the early run's interval.

Nothing here asserts a time: the figures go to ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from siege_site.stack import PYTHON, manage, services, spawn, stop_process  # noqa: E402


def start_workers(env: dict[str, str], count: int, queue: str, logs: Path) -> list[object]:
    """``count`` Celery workers, one process each, on ``queue`` and its simulations' queue."""
    from siege_site.celery import simulation_queue

    workers = []
    for n in range(count):
        argv = (PYTHON, "-m", "celery", "-A", "siege_site", "worker", "-Q", f"{queue},{simulation_queue(queue)}",
                "-n", f"{queue}-{n}@localhost", "--pool", "solo", "--without-mingle", "--without-gossip",
                "--loglevel", "INFO")  # fmt: skip
        workers.append(spawn(env | {"CELERY_QUEUE": queue}, *argv, log=logs / f"{queue}-{n}.log"))
    deadline = time.monotonic() + 90
    while not all(" ready." in (logs / f"{queue}-{n}.log").read_text() for n in range(count)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the {count} workers did not start")
        time.sleep(0.3)
    return workers


class Cut(Exception):
    """The seeded state is reached."""


def seeded_state(seed: int, spread: int = 200) -> tuple[Any, Any]:
    """The demo siege played by the policies with game seed ``seed``, cut after 20 to ``19 + spread`` actions
    (seeded)."""
    from dataclasses import dataclass as dc

    from bots.siege.assault import assault_setup, demo_assault
    from bots.siege.policies import Game, play_out
    from rules.siege.battle import start

    @dc
    class CutGame(Game):
        limit: int = 0

        def act(self, action: Any) -> bool:
            if self.played >= self.limit:
                raise Cut
            return super().act(action)

    assault = demo_assault()
    game = CutGame(start(assault_setup(assault)), seed, assault.orders(), limit=20 + (seed * 7919) % spread)
    with contextlib.suppress(Cut):
        play_out(game)
    return game.state, assault.orders()


@dataclass
class Check:
    seed: int
    games: int
    stopped_early: bool
    share: float
    low: float
    high: float
    reference: float
    reference_low: float
    reference_high: float


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--first", type=int, default=1000, help="the first state's seed")
    parser.add_argument("--spread", type=int, default=200, help="states cut after 20 to 19 + spread actions")
    parser.add_argument("--reference", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--verbose", action="store_true", help="each trial's times")
    args = parser.parse_args()

    (BASE_DIR / "var").mkdir(exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="chances-bench-", dir=BASE_DIR / "var"))
    try:
        with services(var_dir) as env:
            env = env | {"DEBUG": "1", "LOG_LEVEL": "WARNING", "DB_CONN_MAX_AGE": "0"}
            manage(env, "migrate", "--no-input", "-v", "0")
            os.environ.update(env)
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "siege_site.settings")
            import django

            django.setup()
            from django.conf import settings
            from django.contrib.auth.models import User
            from django.test import Client

            from rules.siege.example import example_setup
            from siege_site.celery import app
            from simulations import services as simulation_services
            from simulations.estimate import STOP_HALF_WIDTH, wilson
            from simulations.models import RunStatus, SimulationRun
            from tracker import services as tracker_services

            settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
            owner, _ = User.objects.get_or_create(username="bench")
            other, _ = User.objects.get_or_create(username="bench-other")
            queue = f"chances-{os.getpid()}"
            workers = start_workers(env, args.workers, queue, var_dir)
            app.conf.task_default_queue = queue
            try:
                first, size = settings.SIMULATION_FIRST_CHUNK_GAMES, settings.SIMULATION_CHUNK_GAMES
                print(f"{args.workers} workers, {os.cpu_count()} cores, first chunk {first} games, then {size}")
                tracked = tracker_services.create_battle(
                    setup=example_setup(), besieger=owner, besieged=other, created_by=owner, seed=3
                )
                client = Client()
                client.force_login(owner)
                waits = []
                for _ in range(args.trials):
                    started = time.perf_counter()
                    answer = client.post(f"/tracker/{tracked.pk}/chances/")
                    run = SimulationRun.objects.filter(owner=owner).first()
                    assert answer.status_code == 302, answer
                    assert run is not None
                    fragment = f"/simulations/{run.pk}/progress/"
                    while b'id="chances"' not in client.get(fragment, headers={"HX-Request": "true"}).content:
                        time.sleep(0.02)
                    waits.append(time.perf_counter() - started)
                    if args.verbose:
                        chunk = run.chunks.get(index=0)
                        posted = SimulationRun.objects.get(pk=run.pk).queued_at
                        stored = (chunk.done_at - posted).total_seconds() if chunk.done_at and posted else None
                        print(f"  read after {waits[-1]:.3f} s; chunk 0 stored {stored} s after the run was queued")
                    simulation_services.cancel_run(run=run)
                    time.sleep(2)  # the chunk at work stops at its next report, the queued ones at once
                if waits:
                    waits.sort()
                    p95 = waits[min(len(waits) - 1, round(0.95 * len(waits)) - 1)]
                    print(f"first estimate, request to read, {len(waits)} trials: "
                          f"median {statistics.median(waits):.3f} s, p95 {p95:.3f} s, worst {waits[-1]:.3f} s",
                          flush=True)  # fmt: skip

                checks: list[Check] = []
                for n in range(args.states):
                    seed = args.first + n
                    state, orders = seeded_state(seed, args.spread)
                    early = simulation_services.launch_run(
                        owner=owner, games=args.reference, state=state, orders=orders, seed=seed,
                        stop_half_width=STOP_HALF_WIDTH,
                    )  # fmt: skip
                    early = wait(early)
                    reference = wait(
                        simulation_services.launch_run(
                            owner=owner, games=args.reference, state=state, orders=orders, seed=seed + 500_000
                        )
                    )
                    if early.status != RunStatus.DONE or reference.status != RunStatus.DONE:
                        print(f"state {seed}: a run ended {early.status}/{reference.status}")
                        return 1
                    assert early.summary is not None
                    assert reference.summary is not None
                    wins, games = early.summary["wins"].get("besieger", 0), early.summary["games"]
                    ref_wins, ref_games = reference.summary["wins"].get("besieger", 0), reference.summary["games"]
                    check = Check(
                        seed, games, early.stopped_early, wins / games, *wilson(wins, games),
                        ref_wins / ref_games, *wilson(ref_wins, ref_games),
                    )  # fmt: skip
                    checks.append(check)
                    print(f"state {seed}: stopped early {check.stopped_early} after {games} games, "
                          f"{100 * check.share:.1f} % ({100 * check.low:.1f}–{100 * check.high:.1f}); "
                          f"{ref_games} games: {100 * check.reference:.1f} % "
                          f"({100 * check.reference_low:.1f}–{100 * check.reference_high:.1f})",
                          flush=True)  # fmt: skip
                if checks:
                    stopped = sum(c.stopped_early for c in checks)
                    inside = sum(c.reference_low <= c.share <= c.reference_high for c in checks)
                    covered = sum(c.low <= c.reference <= c.high for c in checks)
                    median, most = statistics.median(c.games for c in checks), max(c.games for c in checks)
                    print(f"{len(checks)} states: {stopped} stopped early on the rule; the early estimate within the "
                          f"{args.reference}-game interval in {inside}; the {args.reference}-game estimate within "
                          f"the early interval in {covered}; games to the stop: median {median}, most {most}",
                          )  # fmt: skip
            finally:
                for worker in workers:
                    stop_process(worker)  # type: ignore[arg-type]
            return 0
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def wait(run: Any) -> Any:
    while not type(run).objects.get(pk=run.pk).finished:
        time.sleep(0.1)
    run.refresh_from_db()
    return run


if __name__ == "__main__":
    sys.exit(main())
