"""In real Chromium, in French: a one-off skirmish on one phone, its move played with the distance and terrain
measured on the table (003 II §3.3) instead of the menu's full move in clear terrain. A distance that is not a
number is refused naming the parameter, one longer than the terrain allows naming the rule; nothing is written
until the move is one the engine accepts."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import seq
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle
from wording.freres import FreresNames

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play(page: Page, action: str) -> None:
    before = seq(page)
    page.locator(f'form.option[data-action="{action}"]').first.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))


def move(page: Page, distance: str, terrain: str) -> None:
    option = page.locator('form.option[data-action="move"]').first
    option.get_by_text("Mesuré sur la table").click()
    option.get_by_label("Distance (cm)").fill(distance)
    option.get_by_label("Terrain").select_option(terrain)
    option.locator("button.go").click()


def test_a_move_takes_the_distance_and_terrain_measured_on_the_table(page: Page) -> None:
    load_demo()
    log_in(page, "chloe")
    page.goto("/tracker/skirmish/new/")
    page.get_by_label("Graine (vide : tirée au hasard)").fill("2")
    page.get_by_role("button", name="Commencer l’escarmouche").click()
    play(page, "roll_initiative")
    play(page, "activate")
    tracked = TrackedBattle.objects.get()
    active = selectors.current(tracked).state.active
    assert active is not None
    agility = selectors.current(tracked).state.model(active).profile.A
    entries = seq(page)
    with translation.override("fr"):
        name = FreresNames.of(selectors.current(tracked).state).model(active)
    expect(page.locator('form.option[data-action="move"]').first).to_have_attribute(
        "data-text", f"{name} · 10 cm · terrain clair · à découvert"
    )  # the menu's full move on foot in clear terrain (§3.3), in words

    move(page, "dix", "rough")
    expect(page.locator(".refusal")).to_contain_text("distance_cm")
    move(page, str(agility + 1), "rough")  # on foot, its Agility in cm in other terrain (§3.3)
    expect(page.locator(".refusal")).to_contain_text("§3.3")
    expect(page.locator(".refusal")).to_contain_text(f"à {agility} cm au plus ici")
    assert seq(page) == entries
    move(page, str(agility - 1), "rough")
    expect(page.locator("#board")).to_have_attribute("data-seq", str(entries + 1))
    expect(page.locator(".refusal")).to_have_count(0)
    played = selectors.current(TrackedBattle.objects.get()).steps[-1].entry.action
    assert played.to_json()["distance_cm"] == agility - 1
    assert played.to_json()["terrain"] == "rough"
