"""In real Chromium on a 375 px phone: the organiser corrects a won battle into a draw; the defending player then
sees the corrections' history under the battle and, in what followed, the attacker falling back after the draw,
never « est battue »."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Role, Winner
from campaigns.services import Result, add_campaign_member, create_campaign, create_club, join_club, report_result
from tests.campaigns.test_results import field_battle

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_result_corrected_into_a_draw_shows_its_trace_to_the_players(page: Page, live_server: LiveServer) -> None:
    organiser = User.objects.create_user("orga", password="pw-orga-123")
    club = create_club(name="La Garde", founder=organiser)
    campaign = create_campaign(club=club, name="Marches", organiser=organiser)
    for name in ("player", "rival"):
        user = User.objects.create_user(name, password=f"pw-{name}-123")
        join_club(club=club, user=user)
        add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)
    battle = field_battle(campaign, defender_points=2500)
    boss = campaign.memberships.get(role=Role.ORGANISER)
    won = Result(winner=Winner.ATTACKER, attacker_victory_points=5, attacker_losses=300, defender_losses=200)
    report_result(battle=battle, result=won, by=boss)

    page.on("dialog", lambda dialog: Dialog.accept(dialog))
    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "orga", "fr")
    url = f"/campaigns/{campaign.pk}/battles/{battle.pk}/"
    page.goto(url)
    form = page.locator("form", has=page.get_by_role("heading", name="Corriger le résultat"))
    form.get_by_label("Vainqueur").select_option(label="Match nul")
    form.get_by_label("Pertes du défenseur (points)").fill("300")
    form.get_by_role("button", name="Corriger le résultat").click()
    expect(page.locator("section", has=page.get_by_role("heading", name="Corrections"))).to_contain_text("Match nul")

    log_in_as(page, live_server, "player", "fr")
    page.goto(url)
    history = page.locator("section", has=page.get_by_role("heading", name="Corrections"))
    expect(history).to_contain_text("orga")
    expect(history).to_contain_text("Attaquant")
    expect(history).to_contain_text("Match nul")
    followed = page.locator("section", has=page.get_by_role("heading", name="Ce qui s’en est suivi"))
    expect(followed).to_contain_text("orga corrige le résultat de la bataille de Home.")
    expect(followed).to_contain_text("Horde se replie sur Camp après le match nul.")
    expect(followed).not_to_contain_text("battue")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
