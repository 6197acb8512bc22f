"""Benchmarks of the odds pages at the server: a logged-in member's GET through Django's whole stack (middleware,
session and user from PostgreSQL, form, :mod:`rules.odds`, chart, template), in-process, the network left out.

The target is an answer in under 50 ms; each case checks its fastest round against it (the server's own cost, as
``timeit`` advises: slower rounds measure the other processes sharing the cores), so that ``make bench`` fails when
a page misses it. The figures go to ``docs/performance.md``. *cold* empties the compiled chains of :mod:`rules.odds`
before each request (``odds.cache_clear()``), as for the first question on a ram and gate; *htmx* is the request a
changed parameter sends (the answer alone). The heaviest questions the pages accept are here: 200 attacks, 30 hits a
turn for 20 turns.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.fixtures import Settings

from rules import odds

pytestmark = pytest.mark.django_db

TARGET = 0.050
"""Seconds: an odds page answers in under 50 ms at the server."""

PAGES = {
    "index": "/odds/",
    "ladder_pushback": "/odds/ladder-pushback/?helpers=1",
    "structure_hit": "/odds/structure-hit/?strength=7&damage=D4&prior=5",
    "bombardment": "/odds/bombardment/?strength=10&damage=D6&hits_per_turn=3&turns=6",
    "bombardment_max": "/odds/bombardment/?strength=10&damage=D6&hits_per_turn=30&turns=20",
    "ram_vs_gate": "/odds/ram-vs-gate/?carriers=8&carrier_strength=4&gate=main&covered=true&turns=6&reinforced=true",
    "mining": "/odds/mining/?target=10&counter_miners=8&turns=6",
    "melee_wounds": "/odds/melee-wounds/?attacks=20&ws=4&target_ws=3&strength=4&toughness=3&armour_save=5",
    "melee_wounds_200": "/odds/melee-wounds/?attacks=200&ws=4&target_ws=3&strength=4&toughness=3&armour_save=5",
    "shooting_wounds_200": "/odds/shooting-wounds/?shots=200&bs=3&strength=3&toughness=3&armour_save=6&modifier=-1",
    "break_test": "/odds/break-test/?leadership=8&lost_by=2",
    "game_length": "/odds/game-length/",
    "confrontation_shot": "/odds/confrontation-shot/?shooting=3&range_band=medium&modifier=2",
    "confrontation_disengage": (
        "/odds/confrontation-disengage/?initiative=3&highest_opposing_initiative=2&opponents=3&fleeing=2"
    ),
    "confrontation_caught": "/odds/confrontation-caught/?flee_move=10&pursuer_move=10&charge_move=20&gap=15",
    "confrontation_wound": "/odds/confrontation-wound/?damage=12&location=torso&double=3",
    "fda_shot": "/odds/fda-shot/?shooting=5&defence=4&hit_modifier=1&damage_bonus=3&defence_modifier=2",
}
API = {
    "api_ram_vs_gate": "/api/odds/ram-vs-gate/?carriers=8&carrier_strength=4&gate=main&covered=true&turns=6",
    "api_melee_wounds_200": "/api/odds/melee-wounds/?attacks=200&ws=4&target_ws=3&strength=4&toughness=3",
}


@pytest.fixture
def member(client: Client, django_user_model: type[User], settings: Settings) -> Client:
    # thousands of questions a second from one address: the budget per address (oddslab.throttling) is left out
    settings.ODDS_REQUESTS_PER_MINUTE = 0
    client.force_login(django_user_model.objects.create_user("bench"))
    return client


def _check(benchmark, response_status: int) -> None:
    assert response_status == 200
    assert benchmark.stats.stats.min < TARGET, f"fastest {benchmark.stats.stats.min * 1e3:.1f} ms"


@pytest.mark.parametrize("case", list(PAGES))
def test_page(benchmark, member: Client, case: str) -> None:
    response = benchmark(member.get, PAGES[case])
    _check(benchmark, response.status_code)


@pytest.mark.parametrize("case", ["ram_vs_gate", "mining", "bombardment_max", "structure_hit"])
def test_page_cold(benchmark, member: Client, case: str) -> None:
    response = benchmark.pedantic(member.get, args=(PAGES[case],), setup=odds.cache_clear, rounds=50)
    _check(benchmark, response.status_code)


@pytest.mark.parametrize("case", ["ram_vs_gate", "melee_wounds_200"])
def test_htmx_answer(benchmark, member: Client, case: str) -> None:
    response = benchmark(member.get, PAGES[case], headers={"HX-Request": "true"})
    _check(benchmark, response.status_code)


@pytest.mark.parametrize("case", list(API))
def test_api(benchmark, member: Client, case: str) -> None:
    response = benchmark(member.get, API[case])
    _check(benchmark, response.status_code)
