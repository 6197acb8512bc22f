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


def served_schema(client: Client, django_user_model: type) -> dict:
    client.force_login(django_user_model.objects.create_user("reader", password="pw-reader-123"))
    return client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


def test_the_fields_hidden_by_fog_of_war_are_nullable(client: Client, django_user_model: type) -> None:
    schemas = served_schema(client, django_user_model)["components"]["schemas"]
    battle = schemas["Battle"]["properties"]
    hidden = ["attacker_points", "defender_points", "open_field_points", "heroism_tokens", "fort_layout",
              "attacker_losses", "defender_losses", "victory_detail", "notes"]  # fmt: skip
    assert [name for name in hidden if not battle[name].get("nullable")] == []
    assert schemas["Territory"]["properties"]["fort_layout"]["nullable"]
    assert schemas["Territory"]["properties"]["owner"]["nullable"]


def test_error_statuses_and_string_lengths_are_documented(client: Client, django_user_model: type) -> None:
    schema = served_schema(client, django_user_model)
    orders = schema["paths"]["/api/campaigns/{id}/orders/"]
    assert {"400", "401", "403", "404"} <= set(orders["post"]["responses"])
    assert {"401", "403", "404"} <= set(schema["paths"]["/api/campaigns/{id}/battles/"]["get"]["responses"])
    campaign = schema["components"]["schemas"]["PatchedCampaign"]["properties"]
    assert (campaign["name"]["maxLength"], campaign["description"]["maxLength"]) == (160, 5000)
    assert schema["components"]["schemas"]["Order"]["properties"]["army"]["maximum"] == 2**63 - 1
