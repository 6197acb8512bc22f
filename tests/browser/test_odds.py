"""In real Chromium: a member opens an odds page, changes a parameter and sees the new exact answer without a reload,
the address following the parameters."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "dés-exacts-2026"


def test_changing_a_parameter_shows_the_new_exact_answer(page: Page, django_user_model: type[User]) -> None:
    django_user_model.objects.create_user("lea", password=PASSWORD)
    page.goto("/odds/")
    page.get_by_label("Nom d’utilisateur").fill("lea")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    page.get_by_role("link", name="Un bélier contre une porte").click()

    page.locator("#id_gate").select_option("postern")
    page.get_by_label("Tours :").fill("3")
    page.get_by_label("Tours :").press("Tab")
    # ODDS_API.md (R3, R4): 6 carriers of S3, uncovered, against a postern: 227/1536 by the end of turn 3
    sentence = page.locator(".odds-sentence")
    expect(sentence).to_have_text("La poterne tombe d’ici la fin du tour 3 avec une probabilité de 14,8\u00a0%.")
    expect(page.locator("td.exact").last).to_have_text("227/1536")
    expect(page).to_have_url(re.compile(r"/odds/ram-vs-gate/\?.*gate=postern.*turns=3"))
    marker = page.evaluate("() => { window.notReloaded = true; return true; }")

    page.get_by_label("Tours :").fill("2")
    page.get_by_label("Tours :").press("Tab")
    expect(sentence).to_have_text("La poterne tombe d’ici la fin du tour 2 avec une probabilité de 9,2\u00a0%.")
    expect(page.locator("td.exact").last).to_have_text("53/576")
    expect(page).to_have_url(re.compile(r"turns=2"))
    assert page.evaluate("() => window.notReloaded") is marker
