"""Every page of the skirmish, the simulator, the Confrontation assistant and a siege's report and chances, read in
French and in English, shows nothing of the other language, no engine id and no Python literal
(:mod:`tests.browser.giveaways`). The siege's board is read after each action by the siege browser tests in French
(:func:`tests.browser.test_tracker.act`) and here in English: a one-off siege played on one phone through its
set-up, movement, shooting and fights, its printable report, and the chances from there."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from playwright.sync_api import Page, expect

from bots.siege.solo import next_action
from campaigns.services.demo import load_demo
from rules.siege.board.fort import standard_fort
from tests.assistants.test_views import CHARGE_ON_THE_WALL
from tests.browser.giveaways import check_page
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import act, seq
from tracker import selectors, services
from tracker.models import TrackedBattle
from tracker.setups import SetupChoice, build_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("fr", "en")
SKIRMISH_PREFERRED = ("roll_initiative", "defend", "charge", "strike", "shoot", "activate", "end_activation")
"""What the skirmish's phone plays first: the bands go at each other, so that fights and wounds are worded."""
MELEE = {
    name: value
    for name, value in CHARGE_ON_THE_WALL.items()
    if name.startswith(("melee-attacker_", "melee-defender_")) and not name.endswith("troop_type")
}
"""The charge of 5 orcs on 2 guards (004), typed into the assistant by field name, in either language."""
SHOT = {"shot-shooter": "Archer", "shot-shooting": "4", "shot-target": "Garde"}


def in_language(page: Page, language: str) -> None:
    load_demo()
    log_in(page, "chloe")
    page.get_by_role("button", name=language.upper()).click()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_skirmish_played_reads_in_one_language(page: Page, language: str) -> None:
    in_language(page, language)
    page.goto("/tracker/skirmish/new/")
    check_page(page, language)
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("#board")).to_be_visible()
    for _ in range(30):
        offered = page.locator("form.option").evaluate_all("forms => forms.map(f => f.dataset.action)")
        if not offered:
            break
        action = min(offered, key=lambda name: (*SKIRMISH_PREFERRED, name).index(name))
        before = seq(page)
        page.locator(f'form.option[data-action="{action}"]').first.locator("button.go").click()
        expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))
        check_page(page, language)  # the menu, the bands, the log and its folded dice
    assert seq(page) >= 10


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_simulator_reads_in_one_language(page: Page, language: str, celery_worker: str) -> None:
    in_language(page, language)
    page.goto("/simulations/")
    check_page(page, language)
    plans = page.locator("#simulation-form")
    plans.locator("input[name$=games]").fill("20")
    plans.locator("input[name$=seed]").fill("7")
    plans.locator("button.primary").click()
    expect(page.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100", timeout=90_000)
    expect(page.locator("#results").get_by_role("img").first).to_be_visible()
    check_page(page, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_confrontation_assistant_reads_in_one_language(page: Page, language: str) -> None:
    in_language(page, language)
    page.goto("/assistants/confrontation/")
    check_page(page, language)
    melee = page.locator("#melee")
    for name, value in MELEE.items():
        melee.locator(f'[name="{name}"]').fill(value)
    melee.locator("button[value=roll]").click()
    expect(page.locator("#melee-resolution")).to_be_visible()
    shot = page.locator("#shot")
    for name, value in SHOT.items():
        shot.locator(f'[name="{name}"]').fill(value)
    shot.locator("button[value=roll]").click()
    expect(page.locator("#shot-resolution")).to_be_visible()
    wound = page.locator("#wound")
    wound.locator('[name="wound-damage"]').fill("12")
    wound.locator("button[value=roll]").click()
    expect(page.locator("#wound-resolution")).to_be_visible()
    check_page(page, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sieges_report_and_chances_read_in_one_language(page: Page, language: str, celery_worker: str) -> None:
    in_language(page, language)
    chloe = User.objects.get(username="chloe")
    with translation.override(language):  # a one-off siege's plain forces, named as its page names them
        setup = build_setup(SetupChoice(standard_fort(1500), 1500, 1500, ladders=2, ladder_wall="W3"))
    tracked = services.create_battle(setup=setup, besieger=chloe, besieged=chloe, created_by=chloe, seed=5)
    for _ in range(12):  # the set-up and the first turn, as the simulator's policies play them
        fresh = TrackedBattle.objects.get(pk=tracked.pk)
        state = selectors.current(fresh).state
        action = next_action(state, state.active, seed=5)
        assert action is not None
        services.act(battle_id=fresh.pk, user=chloe, seq=fresh.seq, action=action)
    page.goto(f"/tracker/{tracked.pk}/")
    check_page(page, language)
    page.goto(f"/tracker/{tracked.pk}/report/")
    check_page(page, language)
    page.goto(f"/tracker/{tracked.pk}/")
    page.locator("form.chances button").click()
    expect(page.locator("#back-to-battle")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100", timeout=90_000)
    check_page(page, language)


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
