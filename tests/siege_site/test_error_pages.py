"""403, 404, 405 and 500 with DEBUG off: pages in the site's layout, in the reader's language; a favicon."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from tests.campaigns.conftest import campaign, club, organiser, player

__all__ = ["campaign", "club", "organiser", "player"]

pytestmark = pytest.mark.django_db

LAYOUT = 'class="topbar"'


@pytest.fixture(autouse=True)
def no_debug(settings: Any) -> None:
    settings.DEBUG = False


@pytest.mark.parametrize(("language", "heading"), [("fr", "Page introuvable"), ("en", "Page not found")])
def test_a_missing_page_is_in_the_layout_and_the_readers_language(client: Client, language: str, heading: str) -> None:
    response = client.get("/nowhere/", headers={"Accept-Language": language})
    assert response.status_code == 404
    page = response.content.decode()
    assert LAYOUT in page
    assert heading in page
    assert f'lang="{language}"' in page


def test_a_players_forbidden_page_names_the_reason_in_french(client: Client, campaign: Campaign, player) -> None:
    client.force_login(player)
    response = client.get(reverse("campaigns:manage", args=[campaign.pk]))
    assert response.status_code == 403
    page = response.content.decode()
    assert LAYOUT in page
    assert "Action interdite" in page
    assert "Seuls les organisateurs de la campagne peuvent faire cela." in page


def test_a_get_where_only_post_is_answered_gets_a_405_page(client: Client, campaign: Campaign, organiser) -> None:
    client.force_login(organiser)
    response = client.get(reverse("campaigns:invite", args=[campaign.pk]), headers={"Accept-Language": "en"})
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    page = response.content.decode()
    assert LAYOUT in page
    assert "Not this way" in page
    assert "does not answer a GET request; it answers POST" in page


def test_the_api_keeps_its_json_405(client: Client, campaign: Campaign, organiser) -> None:
    client.force_login(organiser)
    response = client.delete("/api/campaigns/")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.urls("tests.siege_site.error_urls")
def test_a_server_error_is_in_the_layout_and_french() -> None:
    client = Client(raise_request_exception=False)
    response = client.get("/broken/")
    assert response.status_code == 500
    page = response.content.decode()
    assert LAYOUT in page
    assert "Erreur du serveur" in page
    assert "broken on purpose" not in page


def test_every_page_links_the_favicon_and_the_old_address_leads_to_it(client: Client) -> None:
    page = client.get(reverse("login")).content.decode()
    assert '<link rel="icon" href="/static/favicon.svg"' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"
