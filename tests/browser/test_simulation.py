"""In real Chromium, in French: a player starts a whole-assault simulation from the demo siege, watches the progress
bar reach 100 % and sees the charts; a request above the maximum is refused with the maximum."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from simulations.models import RunStatus, SimulationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-simone-123"


def log_in(page: Page, user: User) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Nom d’utilisateur").fill(user.get_username())
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Vos campagnes")


@pytest.fixture
def simone(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("simone", password=PASSWORD)


def test_a_simulation_runs_to_100_percent_and_shows_its_charts(page: Page, simone: User, celery_worker: str) -> None:
    log_in(page, simone)
    # on a phone the menu is folded behind its button
    page.get_by_text("Menu", exact=True).click()
    page.get_by_role("link", name="Simulateur").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Simulateur d’assaut")
    form = page.locator("#simulation-form")
    expect(form.locator("#plan-ladders").get_by_label("Section")).to_have_value("W3")
    form.get_by_label("Assauts à jouer").fill("40")
    form.get_by_label("Graine").fill("1500")
    page.get_by_role("button", name="Lancer la simulation").click()
    bar = page.get_by_role("progressbar")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("aria-valuenow", "100", timeout=90_000)
    results = page.locator("#results")
    expect(results.get_by_role("img")).to_have_count(4)
    expect(results.get_by_role("img").first).to_have_attribute("aria-label", "Points de victoire de l’assiégeant")
    expect(results.get_by_role("status")).to_contain_text("L’assiégeant gagne")
    expect(page.get_by_role("button", name="Annuler la simulation")).to_have_count(0)
    run = SimulationRun.objects.get()
    assert (run.status, run.games, run.seed) == (RunStatus.DONE, 40, 1500)
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger le CSV").click()
    assert download.value.suggested_filename == f"assault-simulation-{run.pk}.csv"


def test_a_request_above_the_maximum_is_refused_with_it(page: Page, simone: User, settings: Any) -> None:
    settings.SIMULATION_MAX_GAMES = 250
    log_in(page, simone)
    page.goto("/simulations/")
    page.locator("#simulation-form").get_by_label("Assauts à jouer").fill("251")
    page.get_by_role("button", name="Lancer la simulation").click()
    expect(page.get_by_role("alert")).to_contain_text("de 1 à 250 assauts (le maximum du site)")
    assert not SimulationRun.objects.exists()
