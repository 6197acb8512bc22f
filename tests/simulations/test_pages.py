"""The simulator's pages: the form from the demo siege, refusals shown in the page, progress that stops polling,
results only for a finished run, another's runs not found."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from bots.siege.assault import Summary, demo_assault, simulate
from simulations import services, tasks
from simulations.forms import RunForm
from simulations.models import RunStatus, SimulationRun

pytestmark = pytest.mark.django_db


def form_data(**changes: Any) -> dict[str, Any]:
    data = RunForm.initial_of(demo_assault().to_json()) | {"games": 4, "seed": 12, "label": "Montfort"}
    data = data | changes
    return {k: v for k, v in data.items() if v is not False}


def finished(owner: User, games: int = 4, seed: int = 12) -> SimulationRun:
    run = services.create_run(owner=owner, games=games, assault=demo_assault().to_json(), seed=seed)
    for pk in run.chunks.values_list("pk", flat=True):
        tasks.play_chunk.apply(args=[pk], throw=True)
    run.refresh_from_db()
    return run


@pytest.mark.template_context
def test_the_form_starts_from_the_demo_siege_and_reads_back_its_plans(client: Client, owner: User) -> None:
    client.force_login(owner)
    page = client.get(reverse("simulations:list"))
    assert page.status_code == 200
    assert page.context["form"].initial["ladders"] == "W3, W3"
    form = RunForm(form_data())
    assert form.is_valid(), form.errors
    assert form.cleaned_data["assault"] == demo_assault().to_json()


def test_a_request_above_the_maximum_is_refused_in_the_page_with_the_maximum(
    client: Client, owner: User, settings: Any, production_pace: None
) -> None:
    settings.SIMULATION_MAX_GAMES = 300
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), form_data(games=301))
    assert page.status_code == 400
    assert "de 1 à 300 assauts" in page.content.decode()
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ladders": "C1"}, "Le plan est refusé : ladders: &#x27;C1&#x27; is not a rampart section"),
        ({"garrison": "W3 halberdier"}, "garnison : chaque ligne"),
        ({"stones": "W3"}, "stones : écrivez section:valeur"),
        ({"besieger_points": 5}, "Le plan est refusé : engine_points:"),
    ],
)
def test_a_bad_plan_is_refused_in_the_page_and_nothing_is_saved(
    client: Client, owner: User, change: dict[str, Any], message: str
) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), form_data(**change))
    assert page.status_code == 400
    assert message in page.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_finished_run_shows_its_charts_and_its_csv(client: Client, owner: User) -> None:
    run = finished(owner)
    client.force_login(owner)
    page = client.get(reverse("simulations:detail", args=[run.pk])).content.decode()
    assert page.count("<svg") == 4
    assert "Tour de jeu où une porte tombe" in page
    expected = simulate(demo_assault(), 4, seed=12)
    rows = list(csv.reader(io.StringIO(client.get(reverse("simulations:csv", args=[run.pk])).content.decode())))
    assert rows[0] == ["measure", "key", "games", "share"]
    assert ["run", "seed", "12", ""] in rows
    winners = {row[1]: int(row[2]) for row in rows if row[0] == "winner"}
    assert winners == dict(expected.wins)
    assert Summary.from_json(run.summary) == expected


def test_progress_polls_while_the_run_is_at_work_and_stops_when_it_is_done(
    client: Client, owner: User, settings: Any, production_pace: None
) -> None:
    settings.SIMULATION_CHUNK_GAMES = settings.SIMULATION_FIRST_CHUNK_GAMES = 4
    run = services.create_run(owner=owner, games=8, assault=demo_assault().to_json(), seed=1)
    client.force_login(owner)
    url = reverse("simulations:progress", args=[run.pk])
    waiting = client.get(url, headers={"HX-Request": "true"})
    assert waiting.status_code == 200
    assert 'hx-trigger="every 500ms"' in waiting.content.decode()  # quicker until the first estimate is in
    assert "<svg" not in waiting.content.decode()
    first, second = run.chunks.values_list("pk", flat=True)
    tasks.play_chunk.apply(args=[first], throw=True)
    estimating = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert 'hx-trigger="every 1000ms"' in estimating
    assert "de victoire de l’assiégeant" in estimating
    assert "<svg" not in estimating
    tasks.play_chunk.apply(args=[second], throw=True)
    done = client.get(url, headers={"HX-Request": "true"})
    assert done.status_code == 286  # HTMX stops polling
    assert 'aria-valuenow="100"' in done.content.decode()
    assert "<svg" in done.content.decode()


def test_a_cancelled_run_shows_no_results_and_has_no_csv(client: Client, owner: User) -> None:
    run = services.create_run(owner=owner, games=200, assault=demo_assault().to_json(), seed=1)
    chunk = run.chunks.first()
    assert chunk is not None
    client.force_login(owner)
    client.post(reverse("simulations:action", args=[run.pk, "cancel"]))
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED
    page = client.get(reverse("simulations:detail", args=[run.pk])).content.decode()
    assert "Cette simulation a été annulée : elle n’a pas de résultats." in page
    assert "<svg" not in page
    assert client.get(reverse("simulations:csv", args=[run.pk])).status_code == 404


def test_anothers_run_is_not_found(client: Client, owner: User, stranger: User) -> None:
    run = services.create_run(owner=owner, games=4, assault=demo_assault().to_json(), seed=1)
    client.force_login(stranger)
    for name in ("detail", "progress", "csv"):
        assert client.get(reverse(f"simulations:{name}", args=[run.pk])).status_code == 404
    assert client.post(reverse("simulations:action", args=[run.pk, "cancel"])).status_code == 404
    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED


def test_the_simulator_asks_for_a_login(client: Client) -> None:
    assert client.get(reverse("simulations:list")).status_code == 302


def test_a_failed_run_says_why_offers_a_retry_and_refuses_unknown_actions(client: Client, owner: User) -> None:
    run = services.create_run(owner=owner, games=4, assault=demo_assault().to_json(), seed=1)
    services.fail_run(run_id=run.pk, problem="worker_lost")
    client.force_login(owner)
    page = client.get(reverse("simulations:detail", args=[run.pk])).content.decode()
    assert "Les workers ne donnent plus signe de vie" in page
    assert reverse("simulations:action", args=[run.pk, "retry"]) in page
    assert "<svg" not in page
    assert client.post(reverse("simulations:action", args=[run.pk, "explode"])).status_code == 404
    client.post(reverse("simulations:action", args=[run.pk, "retry"]))
    run.refresh_from_db()
    assert (run.status, run.problem) == (RunStatus.QUEUED, "")


def test_a_runs_page_shows_its_plans_with_the_forms_labels(client: Client, owner: User) -> None:
    run = services.create_run(owner=owner, games=4, assault=demo_assault().to_json(), seed=1)
    client.force_login(owner)
    page = client.get(reverse("simulations:detail", args=[run.pk])).content.decode()
    # the demo siege's plans in the forms' words: the sections by kind, the troops, the purchases of §14.2
    assert "<dt>Échelles</dt><dd>W3 (Chemin de ronde) × 2</dd>" in page
    assert "<dt>Bélier couvert</dt><dd>oui</dd>" in page
    garrison = (
        "W3 (Chemin de ronde) : Hallebardiers × 8\nW3 (Chemin de ronde) : Arbalétriers × 3\n"
        "W2 (Chemin de ronde) : Hallebardiers × 6\nC2 (Cour intérieure) : Hallebardiers × 10"
    )
    assert f"<dt>Garnison</dt><dd>{garrison}</dd>" in page
    defences = "W3 (Chemin de ronde) : des pierres × 2\nW3 (Chemin de ronde) : un chaudron d’huile bouillante"
    assert f"<dt>Défenses achetées</dt><dd>{defences}</dd>" in page
