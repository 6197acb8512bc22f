"""A roster typed by hand on the army page: units pasted a line each, a unit added from another's profile, changed
and taken off on its own page, the whole roster emptied; each refused with the import's checks, nothing changed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.models import Army, Campaign, CampaignMembership, Unit
from campaigns.services import TerritorySpec, add_territory, create_army

pytestmark = pytest.mark.django_db

EIGHT = """\
1 Capitaine 100pts M4 CC5 CT5 F4 E4 PV2 I5 A3 Cd8 Svg4+ : Général
20 Hallebardiers 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg6+ : Régiment
20 Lanciers 120pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+
10 Arquebusiers 90pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7
10 Arbalétriers 90pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7
5 Chevaliers 115pts M4 CC4 CT3 F4 E3 PV1 I3 A1 Cd8 Svg1+
1 Grand Canon 120pts M- CC- CT- F- E7 PV3 I- A- Cd-
1 Sorcier 65pts M4 CC3 CT3 F3 E3 PV2 I3 A1 Cd7
"""


@pytest.fixture
def host(campaign: Campaign, player: User) -> Army:
    owner = CampaignMembership.objects.get(campaign=campaign, user=player)
    ford = add_territory(campaign=campaign, spec=TerritorySpec("Gué", "open", 1, None, (), 10, 10))
    return create_army(owner=owner, name="Ost du Gué", territory=ford, points=2000)


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def army_url(host: Army) -> str:
    return reverse("campaigns:army", args=[host.campaign_id, host.pk])


def unit_url(unit: Unit) -> str:
    return reverse("campaigns:unit", args=[unit.army.campaign_id, unit.army_id, unit.pk])


def delete_url(unit: Unit) -> str:
    return reverse("campaigns:unit-delete", args=[unit.army.campaign_id, unit.army_id, unit.pk])


def test_eight_pasted_lines_are_eight_units(host: Army, player: User) -> None:
    response = client_of(player).post(army_url(host), {"action": "lines", "lines": EIGHT})
    assert response.status_code == 302
    assert host.units.count() == 8
    halberdiers = host.units.get(name="Hallebardiers")
    assert (halberdiers.count, halberdiers.points, halberdiers.save_roll) == (20, 125, 6)
    assert halberdiers.profile == {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
    assert halberdiers.special_rules == ["Régiment"]


def test_a_line_out_of_range_refuses_them_all_naming_the_characteristic_in_french(host: Army, player: User) -> None:
    text = EIGHT.replace("5 Chevaliers 115pts M4 CC4", "5 Chevaliers 115pts M4 CC12")
    page = client_of(player).post(army_url(host), {"action": "lines", "lines": text}).content.decode()
    assert "ligne 6 : CC vaut &#x27;12&#x27;, un nombre de 0 à 10" in page
    assert host.units.count() == 0


def test_a_unit_takes_the_profile_of_another_and_changes_what_is_typed(host: Army, player: User) -> None:
    client = client_of(player)
    client.post(army_url(host), {"action": "lines", "lines": EIGHT})
    halberdiers = host.units.get(name="Hallebardiers")
    sent = {"action": "unit", "name": "Sergents", "count": 5, "points": 40, "like": halberdiers.pk}
    assert client.post(army_url(host), sent | {"characteristics": "CC4 Cd8", "special_rules": ""}).status_code == 302
    sergeants = host.units.get(name="Sergents")
    assert sergeants.profile == {"M": 4, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 8}
    assert sergeants.save_roll == 6


def test_a_unit_with_neither_profile_nor_characteristics_is_refused_naming_what_is_missing(
    host: Army, player: User
) -> None:
    sent = {"action": "unit", "name": "Fantômes", "count": 1, "points": 10, "characteristics": "M4 CC3"}
    page = client_of(player).post(army_url(host), sent).content.decode()
    assert "il manque CT, F, E, PV, I, A, Cd" in page
    assert not host.units.exists()


def test_a_unit_is_changed_on_its_page_with_the_same_checks(host: Army, player: User) -> None:
    client = client_of(player)
    client.post(army_url(host), {"action": "lines", "lines": EIGHT})
    spearmen = host.units.get(name="Lanciers")
    form = client.get(unit_url(spearmen)).content.decode()
    assert 'value="M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+"' in form
    changed = {"name": "Lanciers vétérans", "count": 15, "points": 110, "special_rules": "Régiment"}
    refused = client.post(unit_url(spearmen), changed | {"characteristics": "M4 CC4 CT3 F3 E3 PV1 I11 A1 Cd8"})
    assert "I vaut &#x27;11&#x27;" in refused.content.decode()
    spearmen.refresh_from_db()
    assert (spearmen.name, spearmen.profile["I"]) == ("Lanciers", 3)
    assert (
        client.post(unit_url(spearmen), changed | {"characteristics": "M4 CC4 CT3 F3 E3 PV1 I3 A1 Cd8"}).status_code
        == 302
    )
    spearmen.refresh_from_db()
    assert (spearmen.name, spearmen.count, spearmen.points, spearmen.profile["WS"]) == ("Lanciers vétérans", 15, 110, 4)
    assert spearmen.special_rules == ["Régiment"]


def test_a_unit_is_taken_off_and_the_roster_emptied_the_army_keeping_its_points(host: Army, player: User) -> None:
    client = client_of(player)
    client.post(army_url(host), {"action": "lines", "lines": EIGHT})
    wizard = host.units.get(name="Sorcier")
    assert client.post(delete_url(wizard)).status_code == 302
    assert not host.units.filter(name="Sorcier").exists()
    assert host.units.count() == 7
    assert client.post(army_url(host), {"action": "clear-roster"}).status_code == 302
    assert not host.units.exists()
    host.refresh_from_db()
    assert host.points == 2000


def test_another_player_neither_changes_nor_takes_off_a_unit(
    host: Army, player: User, outsider: User, campaign: Campaign
) -> None:
    client_of(player).post(army_url(host), {"action": "lines", "lines": EIGHT})
    wizard = host.units.get(name="Sorcier")
    stranger = client_of(outsider)
    assert stranger.post(delete_url(wizard)).status_code == 404
    assert host.units.filter(name="Sorcier").exists()
