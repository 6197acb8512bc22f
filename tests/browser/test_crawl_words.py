"""The tracker read in English shows no French and nothing of the engine's internals, as it shows no English in
French (the French crawl is the siege browser tests' own, :func:`tests.browser.test_tracker.act` reading the board
after each action): a one-off siege played on one phone through its set-up, movement, shooting and fights, its
printable report, and the chances from there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns.services.demo import load_demo
from tests.browser.giveaways import check_page
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import act

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PREFERRED = ("forgo_push_back", "hold", "hold_charge", "flee", "panic_test", "fight", "shoot", "move")
"""What the phone plays when the menu offers it, before ending the step: the obligations first."""


def test_a_siege_played_in_english_shows_no_french_and_no_internals(page: Page) -> None:
    load_demo()
    log_in(page, "chloe")
    page.get_by_role("button", name="EN").click()
    page.goto("/tracker/new/")
    page.get_by_label("Besieger engine points (§14.1)").fill("100")
    page.get_by_label("Ladders (8 points each)").fill("2")
    page.get_by_label("Wall the ladders lie below").select_option("W3")
    page.get_by_label("Seed (empty: drawn at random)").fill("5")
    page.get_by_role("button", name="Start the siege").click()
    expect(page.locator("#turn")).to_contain_text("Turn 1")
    check_page(page, "en")
    played: list[str] = []
    for _ in range(40):
        offered = [a for a in PREFERRED if page.locator(f'form[data-action="{a}"]').count()]
        fresh = [a for a in offered if played.count(a) < 3]
        name = fresh[0] if fresh else ("end_phase" if page.locator('form[data-action="end_phase"]').count() else "")
        if not name:
            name = "end_turn"
        act(page, name, language="en")
        played.append(name)
    assert {"move", "end_phase", "end_turn"} <= set(played)
    check_page(page, "en")
    tracked = page.url.rstrip("/").split("/")[-1]
    page.goto(f"/tracker/{tracked}/report/")
    check_page(page, "en")
    page.goto(f"/tracker/{tracked}/")
    page.get_by_role("button", name="What are our chances from here?").click()
    expect(page.locator("#back-to-battle")).to_be_visible()
    check_page(page, "en")
