"""In real Chromium on a 375 px phone: the organiser's page says who has not given orders yet this turn, and a
button reminds them by e-mail."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Army, CampaignMembership, Role
from campaigns.services import (
    TerritorySpec,
    add_campaign_member,
    add_territory,
    create_army,
    create_campaign,
    create_club,
    join_club,
    open_turn,
    submit_order,
)

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_sees_who_has_not_given_orders_and_reminds_them(page: Page, live_server: LiveServer) -> None:
    organiser = User.objects.create_user("orga", password="pw-orga-123")
    club = create_club(name="La Garde", founder=organiser)
    campaign = create_campaign(club=club, name="Marches", organiser=organiser)
    members = {}
    for name in ("alice", "bruno"):
        user = User.objects.create_user(name, password=f"pw-{name}-123", email=f"{name}@example.org")
        join_club(club=club, user=user)
        add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)
        members[name] = CampaignMembership.objects.get(campaign=campaign, user=user)
    ford = add_territory(campaign=campaign, spec=TerritorySpec("Gué", "open", 1, None, (), 10, 10))
    create_army(owner=members["alice"], name="Ost d’Alice", territory=ford, points=1000)
    create_army(owner=members["bruno"], name="Ost de Bruno", territory=ford, points=1000)
    open_turn(campaign=campaign)
    submit_order(membership=members["alice"], army_id=Army.objects.get(name="Ost d’Alice").pk, kind="hold")
    mail.outbox.clear()

    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "orga", "fr")
    page.goto(f"/campaigns/{campaign.pk}/manage/")
    given = page.locator("#orders-given")
    expect(given.locator("li").filter(has_text="alice")).to_contain_text("ordres donnés")
    expect(given.locator("li").filter(has_text="bruno")).to_contain_text("pas encore : 0 armées sur 1 ont leur ordre")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    page.get_by_role("button", name="Relancer par e-mail ceux qui n’ont pas donné leurs ordres").click()
    expect(page.get_by_text("Les joueurs qui ont encore des ordres à donner sont relancés par e-mail.")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["bruno@example.org"]]
