"""Fog of war in the turn's events: an event naming an army is read only by those who see the army (the sight rule
of the armies page), so a hidden army's reinforcement tells neither where it stands nor its points.

In the demo's second turn, Damien's Garnison du Crâne stands in the Forteresse du Crâne, next to his Col du Crâne
only: Alice, who holds the Plaine de Bastogne and Altdorf, does not see it. Damien's Horde du Crâne stands in the Col
du Crâne, next to Alice's Plaine de Bastogne: she sees it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Army, Campaign
from campaigns.services.demo import FORTRESS

from .demo_helpers import army, as_member, second_turn

pytestmark = pytest.mark.django_db

HIDDEN_LINE = "L’organisateur renforce Garnison du Crâne de 123 points."
SEEN_LINE = "L’organisateur renforce Horde du Crâne de 77 points."


def reinforce(campaign: Campaign, name: str, points: int) -> None:
    host = army(campaign, name)
    response = as_member(campaign, "organisateur").post(
        reverse("campaigns:army", args=[campaign.pk, host.pk]), {"action": "reinforce", "points": points}
    )
    assert response.status_code in (200, 302)
    assert Army.objects.get(pk=host.pk).points == host.points + points


@pytest.fixture
def reinforced(demo: Campaign) -> Campaign:
    second_turn(demo)
    assert army(demo, "Garnison du Crâne").territory.name == FORTRESS
    reinforce(demo, "Garnison du Crâne", 123)
    reinforce(demo, "Horde du Crâne", 77)
    return demo


def campaign_page(campaign: Campaign, username: str) -> str:
    return as_member(campaign, username).get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()


def test_a_hidden_armys_reinforcement_is_not_in_the_events_of_a_player_who_cannot_see_it(
    reinforced: Campaign,
) -> None:
    page = campaign_page(reinforced, "alice")
    assert "Garnison du Crâne" not in page
    assert "123 points" not in page
    assert SEEN_LINE in page


@pytest.mark.parametrize("username", ["damien", "organisateur"])
def test_the_owner_and_the_organiser_read_the_reinforcement(reinforced: Campaign, username: str) -> None:
    page = campaign_page(reinforced, username)
    assert HIDDEN_LINE in page
    assert SEEN_LINE in page


def test_the_armies_page_agrees_with_the_events(reinforced: Campaign) -> None:
    armies = as_member(reinforced, "alice").get(reverse("campaigns:armies", args=[reinforced.pk])).content.decode()
    assert "Garnison du Crâne" not in armies
    assert "Horde du Crâne" in armies
