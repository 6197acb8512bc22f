"""In real Chromium on a 375 px phone: the forts step shows each castle's generated fort and its band of Table 1
(§1.4), and a bigger fort saved shows its own points."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Territory, TerritoryKind
from campaigns.services import TerritorySpec, add_territory, create_campaign, create_club
from rules.siege.board.fort import FortLayout

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_forts_step_shows_each_castles_fort_and_a_2000_point_fort_keeps_its_points(
    page: Page, live_server: LiveServer
) -> None:
    organiser = User.objects.create_user("orga", password="pw-orga-123")
    campaign = create_campaign(
        club=create_club(name="La Garde", founder=organiser), name="Marches", organiser=organiser
    )
    castle = add_territory(campaign=campaign, spec=TerritorySpec("Roc", TerritoryKind.CASTLE, 1, None, (), 20, 20))
    add_territory(campaign=campaign, spec=TerritorySpec("Aigle", TerritoryKind.FORTRESS, 1, None, (), 60, 60))
    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "orga", "fr")
    page.goto(f"/setup/{campaign.pk}/forts/")

    roc = page.locator("form.card", has=page.get_by_role("heading", name="Roc"))
    # §1.4 Table 1: no garrison yet, so the first column, "jusqu'à 1000 points"
    expect(roc).to_contain_text("Son fort tient une garnison jusqu’à 1000 points (Table 1).")
    expect(page.locator("form.card", has=page.get_by_role("heading", name="Aigle"))).to_contain_text(
        "Son fort tient une garnison jusqu’à 1000 points (Table 1)."
    )
    size = roc.get_by_label("Fort généré")
    expect(size.locator("option").first).to_have_text("Fort standard pour 1000 points")
    size.select_option(label="Fort standard pour 2000 points")
    roc.get_by_role("button", name="Enregistrer le plan du fort").click()

    roc = page.locator("form.card", has=page.get_by_role("heading", name="Roc"))
    expect(roc).to_contain_text("Son fort tient une garnison jusqu’à 2000 points (Table 1).")
    expect(roc.get_by_label("Fort généré").locator("option:checked")).to_have_text("Fort standard pour 2000 points")
    layout = FortLayout.from_json(Territory.objects.get(pk=castle.pk).fort_layout)
    assert list(layout.problems(2000)) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
