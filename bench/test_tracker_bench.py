"""Server time per tracker action: the HTMX post of an action to a tracked siege, as a player's phone sends it,
through Django, the service's transaction on PostgreSQL, the engine and the board's rendering. Nothing here asserts
a time: the figures go to ``docs/performance.md`` (target: p95 under 50 ms).

The actions are those of the engine's example siege (ladders, a siege tower, a covered ram at the gate, a catapult,
a mine and boiling oil over three game turns), posted one after another as JSON to a battle with the same set-up and
seed, so each rolls the dice it rolled there; the first 20 are posted untimed. The poll every watching phone makes
each second is timed too.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from rules.siege.battle import Battle
from rules.siege.example import example_battle
from tracker import services
from tracker.models import TrackedBattle

UNTIMED = 20


@pytest.fixture(scope="module")
def siege() -> Battle:
    """The example siege as its log."""
    return example_battle()[2]


@pytest.fixture
def player(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("bench", password="pw-bench-12345")


@pytest.fixture
def tracked(player: User, siege: Battle) -> TrackedBattle:
    return services.create_battle(
        setup=siege.setup, besieger=player, besieged=player, created_by=player, seed=siege.seed
    )


@pytest.fixture
def client(player: User) -> Client:
    client = Client()
    client.force_login(player)
    return client


def _p95(data: list[float]) -> float:
    return statistics.quantiles(data, n=20)[-1]


def _posts(siege: Battle, tracked: TrackedBattle, client: Client) -> Iterator[tuple[tuple[Any, ...], dict]]:
    for seq, entry in enumerate(siege.entries):
        yield (client, tracked.pk, seq, json.dumps(entry.action.to_json())), {}


def _post(client: Client, pk: int, seq: int, action: str) -> None:
    answer = client.post(f"/tracker/{pk}/act/", {"seq": seq, "action_json": action}, HTTP_HX_REQUEST="true")
    if 'class="refusal"' in answer.content.decode():
        raise AssertionError(f"action {seq + 1} was refused")


@pytest.mark.django_db(transaction=True)
def test_server_time_per_action(benchmark: Any, siege: Battle, tracked: TrackedBattle, client: Client) -> None:
    posts = _posts(siege, tracked, client)
    for _ in range(UNTIMED):
        args, _kwargs = next(posts)
        _post(*args)
    benchmark.pedantic(_post, setup=lambda: next(posts), rounds=len(siege.entries) - UNTIMED, iterations=1)
    data = benchmark.stats.stats.data
    benchmark.extra_info["p95_ms"] = round(_p95(data) * 1000, 1)
    benchmark.extra_info["p50_ms"] = round(statistics.median(data) * 1000, 1)
    print(f"\ntracker action: p50 {statistics.median(data) * 1000:.1f} ms, p95 {_p95(data) * 1000:.1f} ms")
    assert TrackedBattle.objects.get(pk=tracked.pk).seq == len(siege.entries)


@pytest.mark.django_db(transaction=True)
def test_server_time_per_poll(benchmark: Any, siege: Battle, tracked: TrackedBattle, client: Client) -> None:
    posts = _posts(siege, tracked, client)
    for _ in range(UNTIMED):
        args, _kwargs = next(posts)
        _post(*args)
    url = f"/tracker/{tracked.pk}/poll/?v={UNTIMED}.0"

    def poll() -> None:
        if client.get(url, HTTP_HX_REQUEST="true").status_code != 204:
            raise AssertionError("the poll redrew an unchanged board")

    benchmark.pedantic(poll, rounds=200, iterations=1, warmup_rounds=5)
    data = benchmark.stats.stats.data
    benchmark.extra_info["p95_ms"] = round(_p95(data) * 1000, 1)
    print(f"\ntracker poll: p50 {statistics.median(data) * 1000:.1f} ms, p95 {_p95(data) * 1000:.1f} ms")
