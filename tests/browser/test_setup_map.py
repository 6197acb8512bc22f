"""In real Chromium: roads of the map are drawn by clicking territories on the map, not picked in a list."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from campaigns.models import Campaign, Territory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def place(page: Page, name: str, kind: str, x: int, y: int) -> None:
    form = page.locator("form", has=page.get_by_role("heading", name="Ajouter un territoire"))
    form.get_by_label("Nom").fill(name)
    form.get_by_label("Type").select_option(label=kind)
    form.get_by_label("Position horizontale (0–100)").fill(str(x))
    form.get_by_label("Position verticale (0–100)").fill(str(y))
    form.get_by_role("button", name="Ajouter").click()


def test_an_organiser_clicks_two_territories_and_a_road_joins_them(page: Page) -> None:
    User.objects.create_user("orga", password="pw-orga-123")
    page.goto("/accounts/login/?next=/setup/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill("pw-orga-123")
    page.get_by_role("button", name="Connexion").click()
    page.get_by_label("Nom du club").fill("La Garde du Pont")
    page.get_by_role("button", name="Fonder le club").click()
    page.get_by_label("Nom de la campagne").fill("Les Marches")
    page.get_by_role("button", name="Créer la campagne").click()
    page.get_by_role("link", name="4. Carte").click()
    place(page, "Gué", "Rase campagne", 20, 30)
    place(page, "Mont", "Château", 70, 60)
    campaign = Campaign.objects.get(name="Les Marches")
    ford, hill = (Territory.objects.get(campaign=campaign, name=n) for n in ("Gué", "Mont"))

    editor = page.locator("#map-editor")
    # the last territory placed is selected: a click on the ford draws the road
    expect(editor.get_by_role("status")).to_contain_text("Mont est sélectionné")
    with page.expect_response(lambda r: "/neighbours/" in r.url and r.request.method == "POST"):
        editor.locator(f'[data-territory="{ford.pk}"]').click()
    expect(page.locator("#neighbour-list")).to_have_text(re.compile(r"Voisins\s*:\s*Gué$"))
    assert list(hill.neighbours.all()) == [ford]
    expect(page.locator("#map-editor svg g.roads line")).to_have_count(2)

    with page.expect_response(lambda r: "/neighbours/" in r.url and r.request.method == "POST"):
        page.locator(f'#map-editor [data-territory="{ford.pk}"]').click()
    expect(page.locator("#neighbour-list")).to_have_text(re.compile(r"Voisins\s*:\s*—$"))
    assert not hill.neighbours.exists()
    expect(page.locator("#map-editor svg g.roads line")).to_have_count(0)
    expect(page.locator("#map-editor select")).to_have_count(0)
