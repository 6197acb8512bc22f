"""In real Chromium on a 375 px phone: a player pastes a roster of eight units a line each, changes one, takes one
off, and a line with a characteristic out of range is refused naming it in French."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import CampaignMembership, Role
from campaigns.services import (
    TerritorySpec,
    add_campaign_member,
    add_territory,
    create_army,
    create_campaign,
    create_club,
    join_club,
)

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

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


def test_a_roster_of_eight_pasted_one_changed_one_taken_off_and_a_bad_line_refused(
    page: Page, live_server: LiveServer
) -> None:
    organiser = User.objects.create_user("orga", password="pw-orga-123")
    club = create_club(name="La Garde", founder=organiser)
    campaign = create_campaign(club=club, name="Marches", organiser=organiser)
    alice = User.objects.create_user("alice", password="pw-alice-123")
    join_club(club=club, user=alice)
    add_campaign_member(campaign=campaign, user=alice, role=Role.PLAYER)
    ford = add_territory(campaign=campaign, spec=TerritorySpec("Gué", "open", 1, None, (), 10, 10))
    owner = CampaignMembership.objects.get(campaign=campaign, user=alice)
    host = create_army(owner=owner, name="Ost du Gué", territory=ford, points=2000)
    page.on("dialog", lambda dialog: Dialog.accept(dialog))
    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "alice", "fr")
    page.goto(f"/campaigns/{campaign.pk}/armies/{host.pk}/")

    # a line out of range: nothing is added, the line and the characteristic are named in French
    page.get_by_text("Coller des unités, une par ligne").click()
    lines = page.get_by_label("Unités, une par ligne")
    lines.fill(EIGHT.replace("Chevaliers 115pts M4 CC4", "Chevaliers 115pts M4 CC12"))
    page.get_by_role("button", name="Ajouter ces unités").click()
    expect(page.locator("#unit-lines")).to_contain_text("ligne 6 : CC vaut '12', un nombre de 0 à 10")
    assert host.units.count() == 0

    page.get_by_label("Unités, une par ligne").fill(EIGHT)
    page.get_by_role("button", name="Ajouter ces unités").click()
    expect(page.get_by_text("Les unités sont ajoutées.")).to_be_visible()
    expect(page.locator("table.profile tbody tr")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    page.get_by_role("link", name="Modifier Lanciers").click()
    expect(page.get_by_label("Caractéristiques")).to_have_value("M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+")
    page.get_by_label("Nom").fill("Lanciers vétérans")
    page.get_by_label("Caractéristiques").fill("M4 CC4 CT3 F3 E3 PV1 I3 A1 Cd8 Svg5+")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.get_by_role("button", name="Enregistrer").click()
    row = page.locator("table.profile tbody tr", has=page.get_by_role("link", name="Modifier Lanciers vétérans"))
    expect(row.locator("td").nth(4)).to_have_text("4")  # CC, after the unit, the models, the points and M

    page.get_by_role("link", name="Modifier Sorcier").click()
    page.get_by_role("button", name="La retirer de la liste").click()
    expect(page.get_by_text("Sorcier est retirée de la liste.")).to_be_visible()
    expect(page.locator("table.profile tbody tr")).to_have_count(7)
    assert sorted(host.units.values_list("name", flat=True)) == [
        "Arbalétriers",
        "Arquebusiers",
        "Capitaine",
        "Chevaliers",
        "Grand Canon",
        "Hallebardiers",
        "Lanciers vétérans",
    ]
