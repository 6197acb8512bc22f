"""In real Chromium, in French: Bruno plays the siege of Montfort alone, the app as the besieged.

He sets the campaign's siege up with the besieged « joué par l'application »; the app's actions arrive in the log one
by one, marked as the app's; one undo takes back the app's reply with his own action before it; he plays on to the
end roll (§16, R10), settling what he owes and ending his turns; the result can go to the campaign battle only once
the organiser counts results of battles played against the app.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns.models import Battle
from tests.browser.giveaways import check_page
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import SETTLING, seq
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVER = "Le siège est terminé"
BRUNOS = (*SETTLING, "end_turn", "end_phase")
"""What Bruno plays: the plainest option settling what he owes, else the end of his turn or of his set-up part."""
HIS_MOVE_JS = """([over, names]) => (document.querySelector('#turn')?.textContent || '').includes(over)
    || names.some(n => document.querySelector(`form[data-action="${n}"]`))"""
MOVED_JS = """([before]) => Number(document.querySelector('#board')?.dataset.seq) > before
    || document.querySelector('.refusal') !== null"""


def bruno_plays(page: Page, name: str | None = None) -> None:
    """Bruno plays ``name`` or the first of :data:`BRUNOS` his menu offers; when the app acted first (the page was
    stale) he reads the board again and plays again."""
    for _ in range(5):
        page.wait_for_function(HIS_MOVE_JS, arg=[OVER, [name] if name else list(BRUNOS)], timeout=60_000)
        chosen = name or next((n for n in BRUNOS if page.locator(f'form[data-action="{n}"]').count()), None)
        if chosen is None:
            return  # the siege is over
        before = seq(page)
        form = page.locator(f'form[data-action="{chosen}"]').first
        details = page.locator("details.option").filter(has=form).first
        if not details.evaluate("d => d.open"):
            details.locator("> summary").click()
        form.locator("button.go").click()
        page.wait_for_function(MOVED_JS, arg=[before])
        if seq(page) > before and not page.locator(".refusal").count():
            return
    raise AssertionError(f"Bruno could not play {name or BRUNOS}")


WATCH_SEQ_JS = """() => {
    window.seenSeqs = [];
    const note = () => {
        const board = document.querySelector('#board');
        const now = board ? Number(board.dataset.seq) : null;
        if (now !== null && window.seenSeqs[window.seenSeqs.length - 1] !== now) window.seenSeqs.push(now);
    };
    note();
    new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
"""Records in the page every log length its board shows, as each new board is swapped in: what the player saw, however
slowly the test reads it."""


def boards_seen(page: Page) -> list[int]:
    """The log's lengths the board has shown since :data:`WATCH_SEQ_JS` was run on ``page``, one after the other."""
    seen: list[int] = page.evaluate("() => window.seenSeqs")
    return seen


def test_a_solo_siege_against_the_app_as_the_besieged_to_its_end(page: Page, second_phone: Page) -> None:
    bruno, organiser = page, second_phone
    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    log_in(bruno, "bruno")
    bruno.goto(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    bruno.get_by_role("link", name="Jouer ce siège avec le suivi").click()
    bruno.get_by_label("Mur au pied duquel sont les échelles").select_option("W3")
    bruno.get_by_label("Joué par l’application").select_option(label="l’assiégé")
    expect(bruno.get_by_label("Force de l’application")).to_have_value("simple")
    bruno.get_by_label("Graine (vide : tirée au hasard)").fill("7")
    bruno.get_by_role("button", name="Commencer le siège").click()
    expect(bruno.locator("#app-side")).to_have_text("l’application joue l’assiégé")

    # §16: the set-up's first part is the besieged's: the app ends it, and its entry says it is the app's
    expect(bruno.locator("#turn")).to_contain_text("Mise en place (terrain) · l’assiégeant joue")
    expect(bruno.locator("ol.log li.by-app")).to_have_count(1)
    expect(bruno.locator("ol.log li.by-app").first).to_contain_text("joué par l’application")
    check_page(bruno, "fr", "#board")

    # Bruno ends his part; the app ends the courtyards' and plays its first turn, one action at a time
    bruno.evaluate(WATCH_SEQ_JS)
    mine = seq(bruno) + 1
    bruno_plays(bruno, "end_phase")
    expect(bruno.locator("#turn")).to_contain_text("Tour 1 · Sapeurs · l’assiégeant joue", timeout=60_000)
    seen = [n for n in boards_seen(bruno) if n >= mine]
    assert seen[-1] - mine >= 3, seen
    assert seen == list(range(mine, seen[-1] + 1)), seen  # each of the app's actions shown on its own
    replies = seen[-1] - mine
    expect(bruno.locator("ol.log li.by-app")).to_have_count(1 + replies)

    # one undo takes back the app's reply and Bruno's action before it: his set-up part again
    bruno.get_by_role("button", name="Annuler la dernière action").click()
    expect(bruno.locator("#turn")).to_contain_text("Mise en place (terrain) · l’assiégeant joue")
    expect(bruno.locator("#board")).to_have_attribute("data-seq", str(seen[-1] + replies + 1))
    tracked = TrackedBattle.objects.get(campaign_battle=battle)
    assert len(selectors.current(tracked).steps) == mine - 1
    expect(bruno.locator("ol.log li.by-app")).to_have_count(1)

    # and on to the end roll (§16, R10): the app plays its turns, Bruno settles what he owes and ends his
    for _ in range(200):
        if OVER in (bruno.locator("#turn").text_content() or ""):
            break
        bruno_plays(bruno)
    expect(bruno.locator("#turn")).to_contain_text(OVER)
    check_page(bruno, "fr", "#board")

    # the organiser does not count results against the app unless he says so: nothing to send
    expect(bruno.locator("#solo-refused")).to_be_visible()
    expect(bruno.get_by_role("button", name="Envoyer le résultat à la campagne")).to_have_count(0)
    log_in(organiser, "organisateur")
    organiser.goto(f"/campaigns/{campaign.pk}/manage/")
    organiser.get_by_text("Réglages et règles maison").click()
    allowed = organiser.get_by_label("les résultats des batailles jouées contre l’application comptent")
    expect(allowed).not_to_be_checked()
    allowed.check()
    organiser.get_by_role("button", name="Enregistrer").click()
    organiser.get_by_text("Réglages et règles maison").click()
    expect(organiser.get_by_label("les résultats des batailles jouées contre l’application comptent")).to_be_checked()

    bruno.reload()
    expect(bruno.locator("#solo-refused")).to_have_count(0)
    bruno.get_by_role("button", name="Envoyer le résultat à la campagne").click()
    expect(bruno.locator(".ok")).to_contain_text("Le résultat est envoyé à la campagne.")
    battle.refresh_from_db()
    assert battle.proposed_result is not None
