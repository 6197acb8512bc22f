"""In real Chromium, in French: a one-off skirmish set up with a d20 « sans le 0 » (003 I §3), whose rolls are logged
as the d20 showed them, and a model that puts its weapon and shield away (II §9 « Dégainer, ranger », 1 PA an
object): the board then shows it with nothing in hand."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import seq
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play(page: Page, action: str) -> None:
    before = seq(page)
    page.locator(f'form.option[data-action="{action}"]').first.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))


def test_a_skirmish_with_a_d20_and_a_model_putting_its_weapon_away(page: Page) -> None:
    load_demo()
    log_in(page, "chloe")
    page.goto("/tracker/skirmish/new/")
    page.get_by_label("Graine (vide : tirée au hasard)").fill("2")
    page.get_by_label("Dé (I §3)").select_option("d20_no_zero")
    page.get_by_role("button", name="Commencer l’escarmouche").click()
    play(page, "roll_initiative")
    tracked = TrackedBattle.objects.get()
    assert tracked.setup["die"] == "d20_no_zero"
    rolls = selectors.current(tracked).steps[0].entry.rolls
    assert {r.die for r in rolls} == {"D20(sans 0)"}
    play(page, "activate")
    now = selectors.current(TrackedBattle.objects.get()).state
    active = now.active
    assert active is not None
    holds = now.model(active).in_hand
    assert holds > 0
    pa_before = now.pa_left
    play(page, "sheathe")
    state = selectors.current(TrackedBattle.objects.get()).state
    assert state.model(active).sheathed
    assert state.pa_left == pa_before - holds  # « Il faut dépenser 1 PA par objet déplacé »
    expect(page.locator("#models")).to_contain_text("rien en main")
    # « Le 10 donne 1 et le 20 donne 2 », the others lose their tens; each band adds its best PA (knight 7, rider 8)
    a_face, b_face = (r.result for r in rolls)
    a_score, b_score = [(f % 10 or f // 10) + pa for f, pa in ((a_face, 7), (b_face, 8))]
    expect(page.locator(".roll-log")).to_contain_text(f"({a_score} contre {b_score})")
    expect(page.locator(".roll-log")).to_contain_text(f"D20(sans 0) : {a_face}")
