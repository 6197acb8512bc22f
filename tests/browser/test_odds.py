"""In real Chromium, signed out: an odds page answers a parameter changed without a reload, the address following the
parameters; a value out of range is named as it is from the address; long fractions fold on a phone."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_changing_a_parameter_shows_the_new_exact_answer(page: Page) -> None:
    page.goto("/odds/")
    page.get_by_role("link", name="Un bélier contre une porte").click()

    page.locator("#id_gate").select_option("postern")
    page.get_by_label("Tours :").fill("3")
    page.get_by_label("Tours :").press("Tab")
    # ODDS_API.md (R3, R4): 6 carriers of S3, uncovered, against a postern: 227/1536 by the end of turn 3
    sentence = page.locator(".odds-sentence")
    expect(sentence).to_have_text("La poterne tombe d’ici la fin du tour 3 avec une probabilité de 14,8\u00a0%.")
    expect(page.locator("td.exact").last).to_have_text("227/1536")
    expect(page).to_have_url(re.compile(r"/odds/ram-vs-gate/\?.*gate=postern.*turns=3"))
    marker = page.evaluate("() => { window.notReloaded = true; return true; }")

    page.get_by_label("Tours :").fill("2")
    page.get_by_label("Tours :").press("Tab")
    expect(sentence).to_have_text("La poterne tombe d’ici la fin du tour 2 avec une probabilité de 9,2\u00a0%.")
    expect(page.locator("td.exact").last).to_have_text("53/576")
    expect(page).to_have_url(re.compile(r"turns=2"))
    assert page.evaluate("() => window.notReloaded") is marker


def test_a_shared_question_opens_signed_out_and_a_value_typed_out_of_range_is_named_as_in_the_address(
    page: Page,
) -> None:
    page.goto("/odds/ladder-pushback/?helpers=3")
    expect(page).to_have_url("/odds/ladder-pushback/?helpers=3")
    in_the_address = page.locator("#odds-answer .error")
    # §7.1.6: at most two models help
    expect(in_the_address).to_have_text("Figurines qui aident doit être un nombre entier de 0 à 2.")
    message = in_the_address.inner_text()

    page.goto("/odds/ladder-pushback/")
    expect(page.locator(".odds-sentence")).to_contain_text("Avec 0 aide,")
    page.get_by_label("Figurines qui aident").fill("3")
    page.get_by_label("Figurines qui aident").press("Tab")
    expect(page.locator("#odds-answer .error")).to_have_text(message)
    expect(page.locator(".odds-sentence")).to_have_count(0)
    page.get_by_label("Figurines qui aident").fill("1")
    page.get_by_label("Figurines qui aident").press("Tab")
    expect(page.locator(".odds-sentence")).to_contain_text("Avec 1 aide,")


def test_long_fractions_fold_so_that_a_phone_page_stays_short(page: Page) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    # 200 attacks: 201 outcomes whose fractions run to hundreds of digits
    page.goto("/odds/melee-wounds/?attacks=200&armour_save=none")
    page.get_by_text("Réponse exacte").click()
    folded = page.locator("td.exact details")
    expect(folded.first).to_be_visible()
    assert folded.count() > 150
    # unfolded, the fractions made this page about 158,000 px tall; folded, a row takes two or three lines
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 201 * 125, height
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    first = folded.first
    # what shows: the toggle alone, then the fraction once it is opened
    assert first.inner_text().strip() == "fraction exacte"
    first.get_by_text("fraction exacte").click()
    expect(first).to_have_attribute("open", "")
    assert re.fullmatch(r"fraction exacte\s+\d+/\d+", first.inner_text().strip())
