"""The API describes itself: the OpenAPI schema builds without a warning and names every endpoint."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


def test_schema_builds_without_warnings(tmp_path: Path) -> None:
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))


def test_schema_is_served_to_members_and_lists_the_campaign_endpoints(client: Client, django_user_model: type) -> None:
    client.force_login(django_user_model.objects.create_user("reader", password="pw-reader-123"))
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = set(response.json()["paths"])
    assert {
        "/api/campaigns/",
        "/api/campaigns/{id}/",
        "/api/campaigns/{id}/territories/",
        "/api/campaigns/{id}/armies/",
        "/api/campaigns/{id}/orders/",
        "/api/campaigns/{id}/battles/",
        "/api/campaigns/{id}/standings/",
    } <= paths
