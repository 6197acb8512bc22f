"""In real Chromium: the demo organiser logs in and finds the demo campaign."""

import pytest
from playwright.sync_api import Page, expect

from campaigns.services.demo import DEMO_PASSWORD
from tests.demo import load_demo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_demo_organiser_logs_in_and_sees_the_demo_campaign(page: Page) -> None:
    campaign = load_demo()
    page.goto("/")
    expect(page).to_have_url("/accounts/login/?next=/campaigns/")
    page.get_by_label("Nom d’utilisateur").fill("organisateur")
    page.get_by_label("Mot de passe").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    page.get_by_role("link", name=campaign.name).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(campaign.name)
    expect(page.locator("main strong")).to_have_text("Organisateur")


def test_wrong_password_is_refused(page: Page) -> None:
    load_demo()
    page.goto("/accounts/login/")
    page.get_by_label("Nom d’utilisateur").fill("organisateur")
    page.get_by_label("Mot de passe").fill("mauvais")
    page.get_by_role("button", name="Connexion").click()
    expect(page.locator(".error")).to_be_visible()
    expect(page).to_have_url("/accounts/login/")
