"""In real Chromium, on a phone, in French: the organiser has the siege of Montfort played with Confrontation, and
the assistant resolves the orcs' charge against the crenellated wall with dice typed in from the table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from campaigns.models import Battle
from tests.browser.test_campaign import log_in
from tests.demo import load_demo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fill_fighter(side: Locator, name: str, troop_type: str, models: int, profile: dict[str, int]) -> None:
    side.get_by_label("Nom").fill(name)
    side.get_by_label("Type de troupe").select_option(label=troop_type)
    side.get_by_label("Figurines").fill(str(models))
    for label, value in profile.items():
        side.get_by_label(label).fill(str(value))


def roll(page: Page, melee: Locator) -> None:
    with page.expect_response(lambda r: r.url.endswith("/melee/") and r.request.method == "POST"):
        melee.get_by_role("button", name="Lancer les tests de début de corps à corps").click()


def test_a_charge_against_a_crenellated_wall(page: Page) -> None:
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    log_in(page, "organisateur")
    page.goto(f"/campaigns/{campaign.pk}/battles/{siege.pk}/")
    page.get_by_label("Système de règles").select_option(label="Confrontation")
    page.get_by_role("button", name="Changer le système de règles").click()
    expect(page.locator("#rule-system")).to_contain_text("Confrontation")
    assert Battle.objects.get(pk=siege.pk).rule_system == "confrontation"

    page.get_by_role("link", name="Assistant de corps à corps et de tir").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Confrontation : corps à corps et tir")
    melee = page.locator("#melee")
    fill_fighter(
        melee.locator("#melee-attacker"),
        "Orques",
        "Troupe à pied",
        5,
        {"Dés de combat (profil)": 2, "Attaque": 3, "Défense": 2, "Initiative": 2, "Discipline": 4},
    )
    fill_fighter(
        melee.locator("#melee-defender"),
        "Gardes",
        "Troupe à pied",
        2,
        {"Dés de combat (profil)": 2, "Attaque": 3, "Défense": 3, "Initiative": 3, "Discipline": 5},
    )
    melee.get_by_label("L’attaquant").select_option(label="Charge")
    melee.get_by_label("Charge arrivant sur le défenseur de").select_option(label="Face")
    melee.get_by_label("Le défenseur est derrière").select_option(label="Créneaux (+4)")
    melee.get_by_label(re.compile(r"^Dés\W*$")).select_option(label="Dés saisis depuis la table")

    # a 7 is no face of a d6: refused, nothing resolved
    melee.get_by_label("Dés saisis").fill("3 4 2 7")
    roll(page, melee)
    melee = page.locator("#melee")
    expect(melee.locator(".errorlist")).to_contain_text("le D6 ne peut pas montrer 7")
    expect(melee.locator("#melee-resolution")).to_have_count(0)

    melee.get_by_label("Dés saisis").fill("3 4 2 6")
    roll(page, melee)
    melee = page.locator("#melee")
    plan = melee.locator("#melee-plan")
    # 004 Charge de face: +2 attack, +6 initiative; créneaux: +4 defence; a troop of two: one die more
    expect(plan.locator("td.attack").first).to_have_text("5")
    expect(plan.locator("td.initiative").first).to_have_text("8")
    expect(plan.locator("td.defence").nth(1)).to_have_text("7 (+4 derrière sa protection)")
    expect(plan.locator("td.dice").nth(1)).to_have_text("3 (1 dé en plus)")
    resolution = melee.locator("#melee-resolution")
    expect(resolution.locator("#striking")).to_have_text("Frappent, du premier au dernier : Orques, Gardes")
    expect(resolution.locator("#announcing")).to_have_text(
        "Annoncent leurs coups, du premier au dernier : Orques = Gardes"
    )
    expect(resolution.locator(".roll-log li")).to_have_count(4)
    expect(resolution.locator(".roll-log li").nth(1)).to_contain_text("Orques : test d’initiative: 4")
