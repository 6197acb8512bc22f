"""The set-up flow in the browser's pages: club, campaign, players and factions, map with its roads chosen on the
map, forts (§1, Table 1) and armies; each step's writes go through a service and refusals leave data unchanged."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns.models import Army, Campaign, CampaignMembership, Club, Role, Territory, TerritoryKind
from campaigns.presenters import fort_templates
from campaigns.services import TerritorySpec, add_territory, create_army, open_turn
from campaigns.setup.services import build_standard_fort, set_territory_owner, toggle_neighbours
from rules.siege.board.fort import FortLayout

pytestmark = pytest.mark.django_db


def place(campaign: Campaign, name: str, kind: str = TerritoryKind.OPEN_LAND) -> Territory:
    return add_territory(campaign=campaign, spec=TerritorySpec(name, kind, 1, None, (), 10, 10))


def test_a_new_member_founds_a_club_and_starts_a_campaign_that_they_organise(client: Client, player: User) -> None:
    client.force_login(player)
    response = client.post(reverse("setup:club"), {"name": "La Garde du Pont"})
    club = Club.objects.get(name="La Garde du Pont")
    assert response["Location"] == reverse("setup:campaign", args=[club.pk])
    response = client.post(
        reverse("setup:campaign", args=[club.pk]),
        {"name": "Les Marches", "description": "", "army_points_limit": 2000},
    )
    campaign = Campaign.objects.get(club=club, name="Les Marches")
    assert response["Location"] == reverse("setup:players", args=[campaign.pk])
    assert campaign.settings.army_points_limit == 2000
    assert CampaignMembership.objects.get(campaign=campaign, user=player).role == Role.ORGANISER


def test_a_club_name_taken_is_refused_with_a_message(client: Client, player: User, club: Club) -> None:
    client.force_login(player)
    response = client.post(reverse("setup:club"), {"name": club.name})
    assert response.status_code == 200
    assert "existe déjà" in response.content.decode()
    assert Club.objects.filter(name=club.name).count() == 1


def test_only_a_member_of_the_club_starts_a_campaign_in_it(client: Client, outsider: User, club: Club) -> None:
    client.force_login(outsider)
    response = client.post(
        reverse("setup:campaign", args=[club.pk]), {"name": "Intrus", "description": "", "army_points_limit": 2000}
    )
    assert response.status_code == 404
    assert not Campaign.objects.filter(name="Intrus").exists()


@pytest.mark.parametrize("step", ["players", "map", "forts", "armies"])
def test_each_step_is_the_organisers_alone(client: Client, campaign: Campaign, organiser: User, player: User,
                                          step: str) -> None:  # fmt: skip
    client.force_login(organiser)
    assert client.get(reverse(f"setup:{step}", args=[campaign.pk])).status_code == 200
    client.force_login(player)
    assert client.get(reverse(f"setup:{step}", args=[campaign.pk])).status_code == 403


def test_the_players_step_gives_the_sign_up_link_and_sets_a_players_faction(
    client: Client, campaign: Campaign, organiser: User, player: User
) -> None:
    client.force_login(organiser)
    page = client.get(reverse("setup:players", args=[campaign.pk])).content.decode()
    assert reverse("signup-code", args=[campaign.settings.invite_code]) in page
    membership = CampaignMembership.objects.get(campaign=campaign, user=player)
    client.post(
        reverse("setup:players", args=[campaign.pk]),
        {"member": membership.pk, f"member-{membership.pk}-faction": "dwarfs"},
    )
    membership.refresh_from_db()
    assert membership.faction == "dwarfs"


def test_territories_are_placed_and_a_click_on_the_map_toggles_a_road(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    client.force_login(organiser)
    url = reverse("setup:map", args=[campaign.pk])
    for name, x in (("Gué", 20), ("Mont", 70)):
        client.post(url, {"action": "territory", "name": name, "kind": "open", "value": 2, "x": x, "y": 40})
    ford, hill = (Territory.objects.get(campaign=campaign, name=n) for n in ("Gué", "Mont"))
    assert (ford.x, ford.value) == (20, 2)
    # with the ford selected, the hill on the map links to the road between them
    page = client.get(url, {"selected": ford.pk}).content.decode()
    toggle = reverse("setup:neighbours", args=[campaign.pk, ford.pk, hill.pk])
    assert f'href="{toggle}"' in page
    assert "<select" not in page.split('id="map-editor"')[1].split("</div>")[0]
    answer = client.post(toggle, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert 'id="map-editor"' in answer.content.decode()
    assert "<html" not in answer.content.decode()
    assert list(ford.neighbours.all()) == [hill]
    assert list(hill.neighbours.all()) == [ford]
    client.post(toggle, headers={"HX-Request": "true"})
    assert not ford.neighbours.exists()


def test_a_road_is_refused_once_the_first_turn_has_opened(campaign: Campaign) -> None:
    ford, hill = place(campaign, "Gué"), place(campaign, "Mont")
    open_turn(campaign=campaign, deadline=timezone.now() + timedelta(days=1))
    with pytest.raises(ValidationError, match="premier tour"):
        toggle_neighbours(territory=ford, other=hill)
    assert not ford.neighbours.exists()


def test_a_road_to_another_campaigns_territory_or_to_itself_is_refused(campaign: Campaign, club: Club,
                                                                     organiser: User) -> None:  # fmt: skip
    from campaigns.services import create_campaign

    other = create_campaign(club=club, name="Ailleurs", organiser=organiser)
    ford, far = place(campaign, "Gué"), place(other, "Loin")
    with pytest.raises(ValidationError, match="pas sur la carte"):
        toggle_neighbours(territory=ford, other=far)
    with pytest.raises(ValidationError, match="son propre voisin"):
        toggle_neighbours(territory=ford, other=ford)
    assert not ford.neighbours.exists()


def test_an_owner_is_given_on_the_map_step(client: Client, campaign: Campaign, organiser: User, player: User) -> None:
    ford = place(campaign, "Gué")
    membership = CampaignMembership.objects.get(campaign=campaign, user=player)
    client.force_login(organiser)
    url = reverse("setup:map", args=[campaign.pk]) + f"?selected={ford.pk}"
    client.post(url, {"action": "owner", "owner": membership.pk})
    ford.refresh_from_db()
    assert ford.owner == membership


def test_a_fort_with_a_garrison_cannot_pass_to_another_owner(campaign: Campaign, organiser: User, player: User) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=1000, is_garrison=True)
    with pytest.raises(ValidationError):
        set_territory_owner(territory=castle, owner=CampaignMembership.objects.get(campaign=campaign, user=organiser))
    castle.refresh_from_db()
    assert castle.owner == holder


def test_the_forts_step_builds_the_generated_fort_for_the_points_chosen(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    client.force_login(organiser)
    client.post(reverse("setup:forts", args=[campaign.pk]), {"territory": castle.pk, f"fort-{castle.pk}-points": 1500})
    castle.refresh_from_db()
    assert castle.fort_layout is not None
    assert list(FortLayout.from_json(castle.fort_layout).problems(1500)) == []  # §1, Table 1


def test_a_fort_smaller_than_its_garrison_is_refused(campaign: Campaign, player: User) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=2000, is_garrison=True)
    with pytest.raises(ValidationError, match="2000"):
        build_standard_fort(territory=castle, points=1000)
    castle.refresh_from_db()
    assert castle.fort_layout is None


def test_the_armies_step_creates_an_army_and_refuses_one_over_the_limit(
    client: Client, campaign: Campaign, organiser: User, player: User
) -> None:
    ford = place(campaign, "Gué")
    membership = CampaignMembership.objects.get(campaign=campaign, user=player)
    client.force_login(organiser)
    url = reverse("setup:armies", args=[campaign.pk])
    client.post(url, {"owner": membership.pk, "name": "Ost", "territory": ford.pk, "points": 2000})
    assert Army.objects.get(campaign=campaign, name="Ost").points == 2000
    response = client.post(url, {"owner": membership.pk, "name": "Trop", "territory": ford.pk, "points": 99999})
    assert "limite" in response.content.decode()
    assert not Army.objects.filter(name="Trop").exists()


def test_the_manage_page_has_no_neighbours_multi_select_and_leads_to_the_map(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    client.force_login(organiser)
    page = client.get(reverse("campaigns:manage", args=[campaign.pk])).content.decode()
    assert "<select multiple" not in page
    assert 'name="neighbours"' not in page
    assert reverse("setup:map", args=[campaign.pk]) in page


def test_the_forts_step_offers_table_1s_bands_from_the_garrisons_up_never_one_point(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    # §1.4 Table 1: columns "jusqu'à 1000", "1001 à 1500", "1501 à 2000", "plus de 2000" points (R12)
    place(campaign, "Roc", TerritoryKind.CASTLE)
    client.force_login(organiser)
    page = client.get(reverse("setup:forts", args=[campaign.pk])).content.decode()
    options = re.findall(r"<option value=\"(\d+)\"[^>]*>([^<]*)</option>", page)
    assert options == [
        ("1000", "Fort standard pour 1000 points"),
        ("1500", "Fort standard pour 1500 points"),
        ("2000", "Fort standard pour 2000 points"),
        ("2001", "Fort standard pour plus de 2000 points"),
    ]
    assert "pour 1 points" not in page


def test_a_bigger_garrison_is_offered_its_band_and_up(campaign: Campaign, player: User) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=1200, is_garrison=True)
    assert [value for value, _label in fort_templates(1200)] == ["1500", "2000", "2001"]
    assert [value for value, _label in fort_templates(2500)] == ["2001"]


def test_a_garrison_over_2000_points_gets_the_fort_of_the_last_band(campaign: Campaign, player: User) -> None:
    # Table 1's last column, "plus de 2000", holds any garrison over 2000 points (R12)
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=2500, is_garrison=True)
    build_standard_fort(territory=castle, points=2001)
    castle.refresh_from_db()
    assert list(FortLayout.from_json(castle.fort_layout).problems(2500)) == []


def test_after_a_2000_point_fort_is_saved_the_step_shows_its_points(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    client.force_login(organiser)
    url = reverse("setup:forts", args=[campaign.pk])
    client.post(url, {"territory": castle.pk, f"fort-{castle.pk}-points": 2000})
    page = client.get(url).content.decode()
    assert re.search(r'<option value="2000" selected>Fort standard pour 2000 points</option>', page)
    assert "Son fort tient une garnison jusqu’à 2000 points (Table 1)." in page


def test_the_forts_step_gives_each_castle_and_fortress_its_fort_when_shown(
    client: Client, campaign: Campaign, organiser: User, player: User
) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    fortress = place(campaign, "Aigle", TerritoryKind.FORTRESS)
    ford = place(campaign, "Gué")
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=1200, is_garrison=True)
    client.force_login(organiser)
    page = client.get(reverse("setup:forts", args=[campaign.pk])).content.decode()
    for territory in (castle, fortress, ford):
        territory.refresh_from_db()
    # §1.4 Table 1: 1200 points are in the column "1001 à 1500": 3 courtyards, 4 wall-walks, 1 postern
    layout = FortLayout.from_json(castle.fort_layout)
    assert list(layout.problems(1200)) == []
    assert list(layout.problems(1501)) != []
    assert list(FortLayout.from_json(fortress.fort_layout).problems(1000)) == []
    assert ford.fort_layout is None
    assert "Son fort tient une garnison jusqu’à 1500 points (Table 1)." in page
    assert "Son fort tient une garnison jusqu’à 1000 points (Table 1)." in page


def test_the_first_turn_gives_the_forts_still_missing_and_keeps_the_chosen_ones(
    campaign: Campaign, player: User
) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    fortress = place(campaign, "Aigle", TerritoryKind.FORTRESS)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    create_army(owner=holder, name="Garde", territory=castle, points=1800, is_garrison=True)
    build_standard_fort(territory=fortress, points=2001)
    chosen = Territory.objects.get(pk=fortress.pk).fort_layout
    open_turn(campaign=campaign)
    castle.refresh_from_db()
    fortress.refresh_from_db()
    # §1.4 Table 1: 1800 points are in the column "1501 à 2000"
    assert list(FortLayout.from_json(castle.fort_layout).problems(1800)) == []
    assert list(FortLayout.from_json(castle.fort_layout).problems(2001)) != []
    assert fortress.fort_layout == chosen


def test_a_fort_too_small_for_a_garrison_come_later_is_named_on_the_step(
    client: Client, campaign: Campaign, organiser: User, player: User
) -> None:
    castle = place(campaign, "Roc", TerritoryKind.CASTLE)
    holder = CampaignMembership.objects.get(campaign=campaign, user=player)
    set_territory_owner(territory=castle, owner=holder)
    build_standard_fort(territory=castle, points=1000)
    create_army(owner=holder, name="Garde", territory=castle, points=1800, is_garrison=True)
    client.force_login(organiser)
    page = client.get(reverse("setup:forts", args=[campaign.pk])).content.decode()
    assert "Le fort est trop petit pour sa garnison : choisissez-en un plus grand." in page
    assert re.findall(r'<option value="(\d+)"', page) == ["2000", "2001"]


def test_a_territory_dragged_on_the_map_stands_where_it_was_dropped(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    ford = place(campaign, "Gué")
    client.force_login(organiser)
    url = reverse("setup:move", args=[campaign.pk, ford.pk])
    response = client.post(url, {"x": 62.5, "y": 40}, HTTP_HX_REQUEST="true")
    ford.refresh_from_db()
    assert (ford.x, ford.y) == (62.5, 40.0)
    # the moved territory comes back selected, ringed on the map
    assert f'class="territory selected" data-territory="{ford.pk}"' in response.content.decode()


@pytest.mark.parametrize(("x", "y"), [(101, 50), (50, -1), ("nan", 50), ("", 50)])
def test_a_territory_dropped_off_the_map_stays_where_it_was(
    client: Client, campaign: Campaign, organiser: User, x: object, y: object
) -> None:
    ford = place(campaign, "Gué")
    client.force_login(organiser)
    response = client.post(reverse("setup:move", args=[campaign.pk, ford.pk]), {"x": x, "y": y}, HTTP_HX_REQUEST="true")
    assert "Une position sur la carte va de 0 à 100, horizontalement et verticalement." in response.content.decode()
    ford.refresh_from_db()
    assert (ford.x, ford.y) == (10.0, 10.0)


def test_only_the_organiser_moves_a_territory(client: Client, campaign: Campaign, player: User) -> None:
    ford = place(campaign, "Gué")
    client.force_login(player)
    response = client.post(reverse("setup:move", args=[campaign.pk, ford.pk]), {"x": 70, "y": 70})
    assert response.status_code == 403
    ford.refresh_from_db()
    assert (ford.x, ford.y) == (10.0, 10.0)


def test_the_map_step_rings_the_selected_territory_and_says_where_to_tap(
    client: Client, campaign: Campaign, organiser: User
) -> None:
    ford, hill = place(campaign, "Gué"), place(campaign, "Mont")
    client.force_login(organiser)
    page = client.get(reverse("setup:map", args=[campaign.pk]) + f"?selected={hill.pk}").content.decode()
    assert f'class="territory selected" data-territory="{hill.pk}"' in page
    assert f'class="territory" data-territory="{ford.pk}"' in page
    assert "Touchez un endroit vide pour y placer un nouveau territoire" in page
    assert 'data-map-margin="34.0" data-map-size="332.0"' in page
