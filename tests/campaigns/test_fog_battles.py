"""Fog of war through battles and forts: one sight rule (a player sees their territories and the ones next to them,
and the battles they fight), field by field, on the pages and in the API.

In the demo, Bruno besieges Chloé's castle of Montfort (2500 points against a garrison of 1500, 3 heroism tokens,
R13). Alice holds the Forêt de Reik and the Plaine de Bastogne, next to the castle: she has it in sight. Damien
holds the Col and the Forteresse du Crâne, nowhere near it: he has not.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Battle, Campaign
from campaigns.services.demo import CASTLE

from .demo_helpers import as_member, territory

pytestmark = pytest.mark.django_db

# the fields of a battle that tell the armies' points, or follow from them
HIDDEN = {
    "attacker_points": 2500,
    "defender_points": 1500,
    "open_field_points": 2500,
    "heroism_tokens": 3,
    "attacker_losses": 0,
    "defender_losses": 0,
    "victory_detail": {},
    "notes": "",
}
# public: who fought where and how it ended, as the map and the standings show
PUBLIC = ("id", "turn", "territory", "kind", "attacker", "defender", "winner", "attacker_victory_points")


def api_siege(campaign: Campaign, username: str) -> dict:
    battles = as_member(campaign, username).get(f"/api/campaigns/{campaign.pk}/battles/").json()
    (siege,) = [b for b in battles if b["kind"] == "siege"]
    return siege


@pytest.mark.parametrize("field", [*HIDDEN, "fort_layout"])
def test_the_api_hides_each_points_field_of_a_battle_out_of_sight(demo: Campaign, field: str) -> None:
    assert api_siege(demo, "damien")[field] is None


@pytest.mark.parametrize("username", ["alice", "bruno", "chloe", "organisateur"])
@pytest.mark.parametrize("field", list(HIDDEN))
def test_the_api_shows_each_field_to_those_in_sight_and_to_the_two_players(
    demo: Campaign, username: str, field: str
) -> None:
    assert api_siege(demo, username)[field] == HIDDEN[field]


def test_the_api_shows_the_fort_of_a_battle_in_sight(demo: Campaign) -> None:
    layout = api_siege(demo, "alice")["fort_layout"]
    assert layout["name"] == CASTLE
    assert layout["sections"]


def test_the_public_fields_of_a_battle_stay_in_view(demo: Campaign) -> None:
    hidden, seen = api_siege(demo, "damien"), api_siege(demo, "alice")
    assert [hidden[name] for name in PUBLIC] == [seen[name] for name in PUBLIC]
    assert (hidden["attacker"], hidden["defender"]) == ("bruno", "chloe")


def battle_page(campaign: Campaign, username: str) -> str:
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    return as_member(campaign, username).get(reverse("campaigns:battle", args=[campaign.pk, siege.pk])).content.decode()


def test_the_battle_page_hides_points_tokens_armies_and_fort_out_of_sight(demo: Campaign) -> None:
    page = battle_page(demo, "damien")
    assert "1500" not in page
    assert "2500" not in page
    assert '<td class="tokens">?</td>' in page
    assert "Garnison de Montfort" not in page
    assert 'class="card fort"' not in page


def test_the_battle_page_shows_them_in_sight(demo: Campaign) -> None:
    page = battle_page(demo, "alice")
    assert '<td class="tokens">3</td>' in page
    assert "Garnison de Montfort (1500)" in page
    assert 'class="card fort"' in page


def test_the_battle_list_hides_the_points_out_of_sight(demo: Campaign) -> None:
    url = reverse("campaigns:battles", args=[demo.pk])
    assert "bruno (?) contre chloe (?)" in as_member(demo, "damien").get(url).content.decode()
    assert "bruno (2500) contre chloe (1500)" in as_member(demo, "alice").get(url).content.decode()


def test_a_fort_layout_out_of_sight_is_hidden_in_the_api(demo: Campaign) -> None:
    def montfort(username: str) -> dict:
        territories = as_member(demo, username).get(f"/api/campaigns/{demo.pk}/territories/").json()
        return next(t for t in territories if t["name"] == CASTLE)

    assert montfort("damien")["fort_layout"] is None
    assert montfort("alice")["fort_layout"]["name"] == CASTLE


def test_a_fort_layout_out_of_sight_is_not_drawn_on_its_page(demo: Campaign) -> None:
    url = reverse("campaigns:territory", args=[demo.pk, territory(demo, CASTLE).pk])
    assert "<svg" not in as_member(demo, "damien").get(url).content.decode()
    assert "<svg" in as_member(demo, "alice").get(url).content.decode()
