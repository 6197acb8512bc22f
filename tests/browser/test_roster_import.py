"""In real Chromium on a 375 px phone: a BattleScribe roster of another game is refused naming the game found and
the game the application reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Army
from campaigns.services.demo import load_demo

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURES = Path(__file__).parent.parent / "campaigns" / "fixtures"


def test_an_age_of_sigmar_roster_is_refused_naming_both_games(page: Page, live_server: LiveServer) -> None:
    demo = load_demo()
    host = Army.objects.get(campaign=demo, name="Ost d'Altdorf")
    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "alice", "fr")
    page.goto(f"/campaigns/{demo.pk}/armies/{host.pk}/")
    page.get_by_label("Liste d’armée BattleScribe (.ros ou .rosz)").set_input_files(FIXTURES / "age_of_sigmar.ros")
    page.get_by_role("button", name="Voir ce que l’import change").click()
    expect(page.get_by_text("Ce fichier est une liste Warhammer Age of Sigmar 4.0")).to_contain_text(
        "l’application lit les listes Warhammer Battle (WFB)."
    )
    expect(page.get_by_text("il manque")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert host.units.count() == 0
