"""In real Chromium, in French, on a 375 px phone: Chloé, playing a siege alone with the app as the besieged, asks
« Que ferait l'application ? » on her own turn and reads the option the strong bot would pick and the best three with
their expected victory points, worked out on the simulation workers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from playwright.sync_api import Page, expect

from rules.siege.board.fort import standard_fort
from tests.browser.giveaways import check_page
from tests.browser.test_campaign import log_in
from tests.demo import load_demo
from tracker import services
from tracker.setups import SetupChoice, build_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_asks_what_the_app_would_play(second_phone: Page, celery_worker: str) -> None:
    phone = second_phone  # 375 px wide
    load_demo()
    chloe = User.objects.get(username="chloe")
    with translation.override("fr"):
        setup = build_setup(SetupChoice(standard_fort(1500), 1500, 1500, ladders=2, ladder_wall="W3"))
    tracked = services.create_battle(
        setup=setup, besieger=chloe, besieged=chloe, created_by=chloe, seed=5, app_side="besieged"
    )
    log_in(phone, "chloe")
    phone.goto(f"/tracker/{tracked.pk}/")
    # §16: the besieged sets up its walls first; the app plays it, then the field part is Chloé's
    expect(phone.locator('form[data-action="end_phase"]')).to_have_count(1, timeout=60_000)
    phone.get_by_role("button", name="Que ferait l’application ?").click()
    advice = phone.locator("#advice")
    expect(advice).to_contain_text("L’application jouerait :", timeout=90_000)
    rows = advice.locator("tbody tr")
    assert 1 <= rows.count() <= 3
    expect(advice.locator("thead")).to_contain_text("Points de victoire attendus, moins ceux de l’ennemi (§17)")
    check_page(phone, "fr")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
