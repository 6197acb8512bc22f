"""The API's documentation page: Swagger UI from the project's own static files (no CDN), its start-up script a file
of its own (the CSP allows no inline script), linked from every page."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_documentation_page_loads_its_scripts_from_the_sites_static_files(
    client: Client, django_user_model: type
) -> None:
    client.force_login(django_user_model.objects.create_user("reader", password="pw-reader-123"))
    response = client.get(reverse("api-docs"))
    assert response.status_code == 200
    page = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page)
    assert any("swagger-ui-bundle.js" in s for s in sources), sources
    for source in sources:
        assert source.startswith("/static/"), source
        assert finders.find(source.removeprefix("/static/")) is not None, source
    # nothing inline: the Content-Security-Policy allows scripts and style sheets from files only
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", page) == []
    assert "<style" not in page
    start_up = re.search(r'<script src="([^"]+\?script=[^"]*)"', page)
    assert start_up is not None, page
    script = client.get(start_up.group(1).replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"] == "application/javascript"
    assert f'url: "{reverse("api-schema")}"' in script.content.decode()


def test_every_page_links_the_api_documentation(client: Client, django_user_model: type) -> None:
    client.force_login(django_user_model.objects.create_user("reader", password="pw-reader-123"))
    page = client.get(reverse("campaigns:list")).content.decode()
    assert f'href="{reverse("api-docs")}"' in page
