"""In real Chromium, in French, on a 375 px phone: a player builds the plans from the forms (the demo siege's, a
rock bought, the crossbowmen sent away), launches the run and gets the plans she built; the simulator's pages show
no English, no internal id and no Python."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from bots.siege.assault import Assault, BesiegedPlan, BesiegerPlan, Garrison
from rules.siege.board.engines import Liquid
from simulations.models import RunStatus, SimulationRun
from tests.browser.giveaways import check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-simone-123"

EXPECTED = Assault(
    BesiegerPlan(
        ladders=("W3", "W3", "W3"),
        ram_gate="G1",
        covered_ram=True,
        tower="W2",
        machines=("T3",),
        mine="W4",
        engine_points=150,
    ),
    BesiegedPlan(
        garrison=(Garrison("W3", "halberdier", 8), Garrison("W2", "halberdier", 6), Garrison("C2", "halberdier", 10)),
        stones=(("W3", 2),),
        rocks=(("W2", 1),),
        braziers=(("W3", Liquid.OIL),),
    ),
)
"""The demo siege's plans with a third ladder, without the crossbowmen, and a rock bought for W2."""


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer, django_user_model: type[User]) -> Iterator[Page]:
    """A 375 px phone in French, logged in as Simone."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 375, "height": 812}, locale="fr-FR")
    context.set_default_timeout(15_000)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    django_user_model.objects.create_user("simone", password=PASSWORD)
    page.goto("/accounts/login/")
    page.get_by_label("Nom d’utilisateur").fill("simone")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Vos campagnes")
    yield page
    context.close()
    assert refused == [], refused


def test_plans_built_from_the_forms_in_french_are_the_run_s_plans(phone: Page, celery_worker: str) -> None:
    page = phone
    page.goto("/simulations/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Simulateur d’assaut")
    check_page(page, "fr")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    form = page.locator("#simulation-form")
    ladders = form.locator("#plan-ladders")
    expect(ladders.get_by_label("Section")).to_have_value("W3")
    ladders.get_by_label("Échelles").fill("3")
    # the crossbowmen are the garrison's second row
    garrison = form.locator("#plan-garrison .plan-row").nth(1)
    expect(garrison.get_by_label("Troupe")).to_have_value("crossbowman")
    garrison.get_by_label("Supprimer").check()
    form.get_by_role("button", name="Ajouter une ligne : Défenses achetées").click()
    # the page comes back at the list the row was added to
    expect(page).to_have_url(re.compile(r"/simulations/#plan-defences$"))
    defences = page.locator("#simulation-form #plan-defences .plan-row")
    expect(defences).to_have_count(3)
    # what was typed before the new row stays
    expect(page.locator("#plan-ladders").get_by_label("Échelles")).to_have_value("3")
    expect(page.locator("#plan-garrison .plan-row").nth(1).get_by_label("Supprimer")).to_be_checked()
    new = defences.nth(2)
    new.get_by_label("Section").select_option("W2")
    new.get_by_label("Défense").select_option(label="un rocher")
    new.get_by_label("Combien").fill("1")
    form = page.locator("#simulation-form")
    form.get_by_label("Assauts à jouer").fill("20")
    form.get_by_label("Graine").fill("7")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    form.get_by_role("button", name="Lancer la simulation").click()
    bar = page.get_by_role("progressbar")
    expect(bar).to_have_attribute("aria-valuenow", "100", timeout=90_000)
    run = SimulationRun.objects.get()
    assert (run.status, run.games, run.seed) == (RunStatus.DONE, 20, 7)
    assert run.assault == EXPECTED.to_json()
    check_page(page, "fr")


def test_a_garrison_the_rules_refuse_is_named_and_nothing_is_launched(phone: Page) -> None:
    page = phone
    page.goto("/simulations/")
    # §1.7: « 15 figurines de chaque camp seulement » on a wall-walk; the demo has 3 crossbowmen there besides these
    page.locator("#simulation-form #plan-garrison .plan-row").first.get_by_label("Figurines").fill("30")
    page.locator("#simulation-form").get_by_role("button", name="Lancer la simulation").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Garnison : W3 (Chemin de ronde) tient au plus 15 figurines d’un camp, pas 33 (§1.7)."
    )
    expect(page.locator("#plan-garrison .plan-row").first.get_by_label("Figurines")).to_have_value("30")
    assert not SimulationRun.objects.exists()
