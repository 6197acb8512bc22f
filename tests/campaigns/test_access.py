"""Members see a campaign, organisers run it, outsiders do not even learn that it exists — pages and API alike."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from campaigns.models import Campaign, CampaignMembership, Club
from campaigns.services import add_campaign_member, create_campaign, create_club

pytestmark = pytest.mark.django_db


def logged_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("who", "page", "status"),
    [
        ("organiser", "detail", 200),
        ("player", "detail", 200),
        ("outsider", "detail", 404),
        ("organiser", "manage", 200),
        ("player", "manage", 403),
        ("outsider", "manage", 404),
    ],
)
def test_pages_by_role(
    client: Client, campaign: Campaign, request: pytest.FixtureRequest, who: str, page: str, status: int
) -> None:
    user = request.getfixturevalue(who)
    response = logged_in(client, user).get(reverse(f"campaigns:{page}", args=[campaign.pk]))
    assert response.status_code == status


def test_anonymous_visitors_are_sent_to_the_login_page(client: Client, campaign: Campaign) -> None:
    response = client.get(reverse("campaigns:detail", args=[campaign.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_list_shows_only_my_campaigns(client: Client, campaign: Campaign, outsider: User, player: User) -> None:
    shown = escape(campaign.name)
    assert shown not in logged_in(client, outsider).get(reverse("campaigns:list")).content.decode()
    assert shown in logged_in(client, player).get(reverse("campaigns:list")).content.decode()


def test_api_lists_only_my_campaigns(client: Client, campaign: Campaign, outsider: User, player: User) -> None:
    assert logged_in(client, outsider).get("/api/campaigns/").json() == []
    ids = [c["id"] for c in logged_in(client, player).get("/api/campaigns/").json()]
    assert ids == [campaign.pk]


def test_api_requires_login(client: Client, campaign: Campaign) -> None:
    assert client.get("/api/campaigns/").status_code == 403


@pytest.mark.parametrize(("who", "status"), [("organiser", 200), ("player", 403), ("outsider", 404)])
def test_api_only_organisers_change_a_campaign(
    client: Client, campaign: Campaign, request: pytest.FixtureRequest, who: str, status: int
) -> None:
    user = request.getfixturevalue(who)
    response = logged_in(client, user).patch(
        f"/api/campaigns/{campaign.pk}/", {"description": "Nouvelle saison"}, content_type="application/json"
    )
    assert response.status_code == status
    campaign.refresh_from_db()
    assert (campaign.description == "Nouvelle saison") is (status == 200)


def test_only_club_members_join_a_campaign(campaign: Campaign, outsider: User) -> None:
    with pytest.raises(ValidationError, match="outsider n’est pas membre de Les Marcheurs"):
        add_campaign_member(campaign=campaign, user=outsider)
    assert not CampaignMembership.objects.filter(user=outsider).exists()


def test_a_campaign_is_organised_by_a_club_member(club: Club, outsider: User) -> None:
    with pytest.raises(ValidationError, match="n’est pas membre de Les Marcheurs"):
        create_campaign(club=club, name="Sans club", organiser=outsider)
    assert not Campaign.objects.filter(name="Sans club").exists()


def test_api_tells_a_player_in_their_language_that_organisers_change_a_campaign(
    client: Client, campaign: Campaign, player: User
) -> None:
    response = logged_in(client, player).patch(
        f"/api/campaigns/{campaign.pk}/", {"description": "Hors saison"}, content_type="application/json"
    )
    assert response.json() == {"detail": "Seuls les organisateurs de la campagne peuvent la modifier."}


def test_api_changes_go_through_the_service_and_keep_the_address(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    slug = campaign.slug
    response = logged_in(client, organiser).patch(
        f"/api/campaigns/{campaign.pk}/", {"name": "  Marches du Nord  "}, content_type="application/json"
    )
    assert response.status_code == 200
    campaign.refresh_from_db()
    assert (campaign.name, campaign.slug) == ("Marches du Nord", slug)


def test_api_refuses_an_empty_name_and_changes_nothing(client: Client, campaign: Campaign, organiser: User) -> None:
    response = logged_in(client, organiser).patch(
        f"/api/campaigns/{campaign.pk}/", {"name": " ", "description": "x"}, content_type="application/json"
    )
    assert response.status_code == 400
    campaign.refresh_from_db()
    assert campaign.name == "Marches de l'Est"
    assert campaign.description != "x"


def test_a_club_runs_one_campaign_of_a_name(club: Club, organiser: User, campaign: Campaign) -> None:
    with pytest.raises(ValidationError, match="Les Marcheurs organise déjà une campagne nommée Marches de l'Est"):
        create_campaign(club=club, name="Marches de l'Est", organiser=organiser)
    assert Campaign.objects.filter(club=club).count() == 1


def test_club_names_are_unique(club: Club, outsider: User) -> None:
    with pytest.raises(ValidationError, match="Un club nommé Les Marcheurs existe déjà"):
        create_club(name="Les Marcheurs", founder=outsider)
    assert Club.objects.filter(name="Les Marcheurs").count() == 1
