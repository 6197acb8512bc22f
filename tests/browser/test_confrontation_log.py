"""In real Chromium, in French: Bruno rolls his orcs' charge and an archer's shot in the Confrontation assistant
opened for the siege of Montfort; after a reload, the battle's page shows both rolls, with their dice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from assistants.models import ConfrontationRoll
from campaigns.models import Battle, RuleSystem
from tests.browser.test_campaign import log_in
from tests.demo import load_demo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIGHTERS = {
    "attacker": {"name": "Orques", "models": 5, "combat_dice": 2, "attack": 3, "defence": 2, "initiative": 2,
                 "discipline": 4},
    "defender": {"name": "Gardes", "models": 2, "combat_dice": 2, "attack": 3, "defence": 3, "initiative": 3,
                 "discipline": 5},
}  # fmt: skip


def field(form: Locator, name: str) -> Locator:
    return form.locator(f'[name="{name}"]')


def roll(page: Page, section: Locator, kind: str, button: str) -> None:
    with page.expect_response(lambda r: r.url.endswith(f"/{kind}/") and r.request.method == "POST"):
        section.get_by_role("button", name=button).click()


def test_a_melee_and_a_shot_rolled_for_the_siege_show_on_its_page(page: Page) -> None:
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.CONFRONTATION)
    log_in(page, "bruno")
    page.goto(f"/campaigns/{campaign.pk}/battles/{siege.pk}/")
    expect(page.locator("#confrontation-log")).to_contain_text("Aucun jet fait dans l’assistant")
    page.get_by_role("link", name="Assistant de corps à corps et de tir").click()

    melee = page.locator("#melee")
    for side, values in FIGHTERS.items():
        for key, value in values.items():
            field(melee, f"melee-{side}_{key}").fill(str(value))
    field(melee, "melee-position").select_option("crenellations")
    field(melee, "melee-dice_source").select_option("typed")
    field(melee, "melee-dice").fill("3 4 2 6")
    roll(page, melee, "melee", "Lancer les tests de début de corps à corps")
    expect(page.locator("#melee-resolution .kept")).to_be_visible()

    shot = page.locator("#shot")
    field(shot, "shot-shooter").fill("Archer")
    field(shot, "shot-shooting").fill("4")
    field(shot, "shot-range_band").select_option("medium")
    field(shot, "shot-cover").select_option("major_cover")
    field(shot, "shot-target").fill("Garde")
    field(shot, "shot-dice_source").select_option("typed")
    field(shot, "shot-dice").fill("6")
    roll(page, shot, "shot", "Tirer")
    expect(page.locator("#shot-resolution .hit")).to_have_text("Touché : Garde.")
    assert ConfrontationRoll.objects.filter(battle=siege).count() == 2

    page.get_by_role("link", name="Retour à la bataille").click()
    page.reload()
    log = page.locator("#confrontation-log li.confrontation-roll")
    expect(log).to_have_count(2)
    expect(log.nth(0)).to_contain_text("tests de début de corps à corps")
    expect(log.nth(0)).to_contain_text("bruno")
    expect(log.nth(0)).to_contain_text("Orques : test de discipline")
    # 004 Modificateurs de tir: medium range 7, major cover +3: 10; a 6 and a value of 4 reach it
    expect(log.nth(1)).to_contain_text("Archer tire sur Garde : 10 contre 10, réussite. Touché : Garde.")
