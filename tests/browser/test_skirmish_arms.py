"""In real Chromium, in French, on one phone: a one-off skirmish whose bands are typed with a rider carrying the
standard and an archer with two bags of missiles (003 II §3.2, §8.1). The rider, activated, declares its archer
12 cm from the standard, measured on the table, then leaps off its mount (§10.2.2 « Sauter sur ou de sa monture »,
3 PA, a JA): the board shows each step."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import seq
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BAND = "Cavalier 6 4 5 6 6 8 armour=1 weapon=1 mount=5 hands=two_weapons standard\nArcher 4 6 4 6 5 6 bow bags=2"


def play(page: Page, action: str) -> None:
    before = seq(page)
    page.locator(f'form.option[data-action="{action}"]').first.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))
    expect(page.locator(".refusal")).to_have_count(0)


def test_a_rider_declares_its_archer_near_the_standard_and_leaps_off_its_mount(page: Page) -> None:
    load_demo()
    log_in(page, "chloe")
    page.goto("/tracker/skirmish/new/")
    page.get_by_label("Troupe A").fill(BAND)
    page.get_by_label("Troupe B").fill(BAND)
    page.get_by_label("Graine (vide : tirée au hasard)").fill("2")
    page.get_by_role("button", name="Commencer l’escarmouche").click()
    expect(page.locator("#board")).to_contain_text("porte l’étendard")
    expect(page.locator("#board")).to_contain_text("munitions restantes : 20")
    play(page, "roll_initiative")
    play(page, "activate")
    state = selectors.current(TrackedBattle.objects.get()).state
    rider = state.active
    assert rider is not None
    assert state.model(rider).bears_standard
    archer = f"{rider[0]}2"

    option = page.locator('form.option[data-action="standard_distance"]').first
    option.get_by_text("Mesuré sur la table").click()
    option.get_by_label("Distance (cm)").fill("12")
    before = seq(page)
    option.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))
    expect(page.locator(f"#model-{archer}")).to_contain_text("à moins de 30 cm de son étendard")

    pa_before = selectors.current(TrackedBattle.objects.get()).state.pa_left
    play(page, "leap_mount")
    state = selectors.current(TrackedBattle.objects.get()).state
    assert not state.model(rider).mounted
    assert state.pa_left == pa_before - 3 or state.active is None  # 3 PA; a critical JA ends the activation
    expect(page.locator(f"#model-{rider}")).not_to_contain_text("montée")
