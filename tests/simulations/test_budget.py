"""One account's share of the simulation workers: at most SIMULATION_RUNS_PER_USER runs under way at once, and at
most SIMULATION_GAMES_PER_USER assaults between them; over either, the page says so and nothing is saved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from bots.siege.assault import demo_assault
from simulations import services
from simulations.models import RunStatus, SimulationRun

from .test_pages import form_data

pytestmark = pytest.mark.django_db


def queued(owner: User, games: int) -> SimulationRun:
    """A run recorded and waiting for the workers (none runs in these tests)."""
    return services.create_run(owner=owner, games=games, assault=demo_assault().to_json(), seed=1)


def test_a_second_run_of_20000_assaults_is_refused_with_the_limit(client: Client, owner: User) -> None:
    queued(owner, 20_000)
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), form_data(games=20_000))
    assert page.status_code == 400
    assert "jouent déjà 20000 assauts : avec 20000 de plus, elles dépasseraient les 20000" in page.content.decode()
    assert SimulationRun.objects.count() == 1


def test_a_third_run_under_way_is_refused(owner: User, settings: Settings) -> None:
    settings.SIMULATION_RUNS_PER_USER = 2
    queued(owner, 10)
    queued(owner, 10)
    with pytest.raises(ValidationError, match="déjà 2 simulations en cours"):
        queued(owner, 10)
    assert SimulationRun.objects.count() == 2


def test_a_run_over_frees_its_share_and_anothers_runs_do_not_count(
    owner: User, stranger: User, settings: Settings
) -> None:
    settings.SIMULATION_GAMES_PER_USER = 100
    first = queued(owner, 100)
    queued(stranger, 100)
    with pytest.raises(ValidationError):
        queued(owner, 1)
    services.cancel_run(run=first)
    assert queued(owner, 100).status == RunStatus.QUEUED


def test_a_failed_run_started_again_counts_against_the_share(owner: User, settings: Settings) -> None:
    settings.SIMULATION_GAMES_PER_USER = 100
    failed = queued(owner, 60)
    services.fail_run(run_id=failed.pk, problem="failed")
    queued(owner, 60)
    with pytest.raises(ValidationError, match="60 assauts : avec 60 de plus"):
        services.retry_run(run=failed)
    assert SimulationRun.objects.get(pk=failed.pk).status == RunStatus.FAILED
