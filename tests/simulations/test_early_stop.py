"""A run reports partial counts as it goes (its estimate while at work) and, asked to, stops as soon as its 95 %
interval is narrow enough: done with the summary of the games played, the chunks left unplayed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bots.siege.assault import Summary, demo_assault, simulate
from simulations import services, tasks
from simulations.estimate import wilson
from simulations.models import RunStatus

pytestmark = pytest.mark.django_db

PLANS = demo_assault().to_json()


def half_width(wins: int, games: int) -> float:
    low, high = wilson(wins, games)
    return (high - low) / 2


def test_the_first_chunk_is_small_so_that_a_worker_reports_soon(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES, settings.SIMULATION_FIRST_CHUNK_GAMES = 100, 25
    run = services.create_run(owner=owner, games=260, assault=PLANS, seed=1)
    assert list(run.chunks.values_list("first", "games")) == [(0, 25), (25, 100), (125, 100), (225, 35)]
    short = services.create_run(owner=owner, games=10, assault=PLANS, seed=1)
    assert list(short.chunks.values_list("first", "games")) == [(0, 10)]


def test_a_chunk_at_work_reports_the_besiegers_wins_with_the_games_played(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES = settings.SIMULATION_FIRST_CHUNK_GAMES = 6
    settings.SIMULATION_REPORT_GAMES, settings.SIMULATION_REPORT_SECONDS = 2, 0
    run = services.create_run(owner=owner, games=6, assault=PLANS, seed=31)
    with CaptureQueriesContext(connection) as queries:
        tasks.play_chunk.apply(args=[run.chunks.get().pk], throw=True)
    report = re.compile(r'UPDATE "simulations_simulationchunk" SET "played" = (\d+), "besieger_wins" = (\d+),')
    written = [(int(m[1]), int(m[2])) for query in queries.captured_queries if (m := report.match(query["sql"]))]
    # the simulator's own count of the besieger's wins over games 0–1 and 0–3 of the run seeded 31
    # storing the whole chunk's counts is its last report
    expected = [(n, simulate(demo_assault(), n, seed=31).wins.get("besieger", 0)) for n in (2, 4, 6)]
    assert written == [(0, 0), *expected]


def test_the_estimate_while_at_work_counts_whole_chunks_and_chunks_under_way(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES, settings.SIMULATION_FIRST_CHUNK_GAMES = 10, 4
    run = services.create_run(owner=owner, games=14, assault=PLANS, seed=8)
    first, second = run.chunks.all()
    tasks.play_chunk.apply(args=[first.pk], throw=True)
    # the second chunk has reported three games of its ten: games 4, 5 and 6 of the run
    under_way = simulate(demo_assault(), 3, seed=8, first=4)
    second.played, second.besieger_wins = 3, under_way.wins.get("besieger", 0)
    second.save()
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING
    assert services.counted(run) == (simulate(demo_assault(), 7, seed=8).wins.get("besieger", 0), 7)
    assert services.games_played(run) == 7


def test_a_run_stops_once_its_interval_is_narrow_enough_and_sums_up_the_games_played(
    owner: User, settings: Any
) -> None:
    settings.SIMULATION_CHUNK_GAMES = settings.SIMULATION_FIRST_CHUNK_GAMES = 5
    settings.SIMULATION_REPORT_GAMES, settings.SIMULATION_REPORT_SECONDS = 1, 0  # a report after every game
    run = services.create_run(owner=owner, games=100, assault=PLANS, seed=5, stop_half_width=0.2)
    played = [tasks.play_chunk.apply(args=[pk], throw=True).get() for pk in run.chunks.values_list("pk", flat=True)]
    run.refresh_from_db()
    assert (run.status, run.stopped_early) == (RunStatus.DONE, True)
    summary = Summary.from_json(run.summary)
    n = summary.games
    assert 0 < n < 100
    # the games played are games 0 to n − 1, counted as the simulator counts them
    assert summary == simulate(demo_assault(), n, seed=5)
    wins = [simulate(demo_assault(), k, seed=5).wins.get("besieger", 0) for k in (n - 1, n)]
    assert half_width(wins[1], n) <= 0.2 < half_width(wins[0], n - 1)  # it stopped at the first report within ±0.2
    # only the whole chunks before the stop were stored; the chunk at work and those after it stopped unplayed
    assert played.count(True) == n // 5
    assert services.games_played(run) == n
    assert services.counted(run) == (wins[1], n)


def test_a_run_without_the_rule_plays_every_game(owner: User, settings: Any) -> None:
    settings.SIMULATION_CHUNK_GAMES = settings.SIMULATION_FIRST_CHUNK_GAMES = 5
    settings.SIMULATION_REPORT_GAMES, settings.SIMULATION_REPORT_SECONDS = 1, 0
    run = services.create_run(owner=owner, games=30, assault=PLANS, seed=5)
    for pk in run.chunks.values_list("pk", flat=True):
        tasks.play_chunk.apply(args=[pk], throw=True)
    run.refresh_from_db()
    assert (run.status, run.stopped_early) == (RunStatus.DONE, False)
    assert Summary.from_json(run.summary).games == 30


def test_the_page_reads_the_estimate_with_its_interval_and_the_early_stop(
    client: Client, owner: User, settings: Any
) -> None:
    settings.SIMULATION_CHUNK_GAMES = settings.SIMULATION_FIRST_CHUNK_GAMES = 5
    settings.SIMULATION_REPORT_GAMES, settings.SIMULATION_REPORT_SECONDS = 1, 0
    run = services.create_run(owner=owner, games=100, assault=PLANS, seed=5, stop_half_width=0.2)
    client.force_login(owner)
    assert 'id="chances"' not in client.get(reverse("simulations:progress", args=[run.pk])).content.decode()
    for pk in run.chunks.values_list("pk", flat=True):
        tasks.play_chunk.apply(args=[pk], throw=True)
    run.refresh_from_db()
    summary = Summary.from_json(run.summary)
    wins, n = summary.wins.get("besieger", 0), summary.games
    page = client.get(reverse("simulations:detail", args=[run.pk])).content.decode()
    low, high = wilson(wins, n)
    share = f"{100 * wins / n:.1f}".replace(".", ",")
    pc = "\u00a0%"  # French puts a no-break space before the per cent sign
    sentence = f"{share}{pc} ({100 * low:.1f}{pc} – {100 * high:.1f}{pc}) de victoire de l’assiégeant"
    assert sentence.replace(".", ",") in page
    assert f"s’est arrêtée avant la fin, après {n} des 100 assauts demandés" in page
