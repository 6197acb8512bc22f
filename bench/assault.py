"""Whole-assault simulations on Celery workers: N assaults of the demo siege on 1, then 2 workers, and the speed-up.

``.venv/bin/python bench/assault.py [--games 10000] [--workers 1,2]`` starts its own embedded PostgreSQL and Redis
(or uses ``DATABASE_URL``/``REDIS_URL``), migrates, then for each worker count starts that many Celery workers (one
process each, ``--pool solo``, as many as the machine's cores at most make sense), launches one run of the demo
siege through the service the page calls, and times it from the click to the run's summary in PostgreSQL. Each run
uses the same seed, and the bench checks that every worker count gives the same summary. It also times the same
games in this process alone, without Celery, for the overhead. Nothing here asserts a time: the figures go to
``docs/performance.md``. The interpreter counts: the workers run the one that runs this script, so an interpreter
built without profile-guided optimisation plays slower than the production image's (``python:3.11-slim``).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from siege_site.celery import simulation_queue  # noqa: E402
from siege_site.stack import PYTHON, manage, services, spawn, stop_process  # noqa: E402

SEED = 1500


def _start_workers(env: dict[str, str], count: int, queue: str, logs: Path) -> list[object]:
    """``count`` Celery workers, one process each, on ``queue`` and its simulations' queue, where the games go."""
    workers = []
    for n in range(count):
        log = logs / f"{queue}-{n}.log"
        workers.append(
            spawn(
                env | {"CELERY_QUEUE": queue},
                PYTHON,
                "-m",
                "celery",
                "-A",
                "siege_site",
                "worker",
                "-Q",
                f"{queue},{simulation_queue(queue)}",
                "-n",
                f"{queue}-{n}@localhost",
                "--pool",
                "solo",
                "--without-mingle",
                "--without-gossip",
                "--loglevel",
                "INFO",
                log=log,
            )
        )
    deadline = time.monotonic() + 90
    while not all(" ready." in (logs / f"{queue}-{n}.log").read_text() for n in range(count)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the {count} workers did not start")
        time.sleep(0.3)
    return workers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", default="1,2", help="worker counts to time, comma separated")
    parser.add_argument("--local", type=int, default=200, help="games timed in this process alone (0: none)")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]

    (BASE_DIR / "var").mkdir(exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="assault-bench-", dir=BASE_DIR / "var"))
    try:
        with services(var_dir) as env:
            env = env | {
                "DEBUG": "1", "LOG_LEVEL": "WARNING", "DB_CONN_MAX_AGE": "0",
                "SIMULATION_MAX_GAMES": str(max(args.games, 1)),
            }  # fmt: skip
            manage(env, "migrate", "--no-input", "-v", "0")
            os.environ.update(env)
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "siege_site.settings")
            import django

            django.setup()
            from django.contrib.auth.models import User

            from bots.siege.assault import demo_assault, simulate
            from siege_site.celery import app
            from simulations import services as simulation_services
            from simulations.models import SimulationRun

            owner, _ = User.objects.get_or_create(username="bench")
            plans = demo_assault().to_json()
            print(f"{args.games} assaults of the demo siege, seed {SEED}, chunks of "
                  f"{os.environ.get('SIMULATION_CHUNK_GAMES', 100)}, {os.cpu_count()} cores, "
                  f"Python {platform.python_version()} at {sys.executable}")  # fmt: skip
            if args.local:
                started = time.perf_counter()
                simulate(demo_assault(), args.local, seed=SEED)
                alone = (time.perf_counter() - started) / args.local
                print(f"in this process alone: {1000 * alone:.1f} ms an assault ({1 / alone:.1f} a second)")
            timings: dict[int, float] = {}
            summaries = []
            for count in counts:
                queue = f"bench-{count}-{os.getpid()}"
                workers = _start_workers(env, count, queue, var_dir)
                app.conf.task_default_queue = queue
                try:
                    started = time.perf_counter()
                    run = simulation_services.launch_run(owner=owner, games=args.games, assault=plans, seed=SEED)
                    while not SimulationRun.objects.get(pk=run.pk).finished:
                        time.sleep(0.1)
                    timings[count] = time.perf_counter() - started
                    run.refresh_from_db()
                    if run.summary is None:
                        print(f"{count} workers: the run ended {run.status} ({run.problem})")
                        return 1
                    summaries.append(run.summary)
                finally:
                    for worker in workers:
                        stop_process(worker)  # type: ignore[arg-type]
                rate = args.games / timings[count]
                print(f"{count} worker(s): {timings[count]:.1f} s, {rate:.1f} assaults a second")
            if len(counts) > 1 and 1 in timings:
                for count in counts[1:]:
                    print(f"speed-up 1 → {count} workers: {timings[1] / timings[count]:.2f}×")
            same = all(s == summaries[0] for s in summaries)
            print(f"same summary on every worker count: {same}")
            return 0 if same else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
