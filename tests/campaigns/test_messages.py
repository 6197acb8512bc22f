"""The map parser's refusals reach the organiser in French, naming what is wrong and where."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("sent", "message"),
    [
        ('{"territories": [', "Le JSON de la carte est illisible\u00a0: ligne 1, colonne 18"),
        (
            '{"territories": [{"name": "Gué", "x": "loin"}]}',
            "Territoire Gué\u00a0: «\u00a0x\u00a0» doit être un nombre.",
        ),
        ('{"territories": [{"name": "Gué", "kind": "marsh"}]}', "type inconnu"),
    ],
)
def test_a_faulty_map_is_refused_in_french_and_changes_nothing(
    client: Client, campaign: Campaign, organiser: User, sent: str, message: str
) -> None:
    client.force_login(organiser)
    response = client.post(reverse("campaigns:manage", args=[campaign.pk]), {"action": "map", "map_json": sent})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not campaign.territories.exists()
