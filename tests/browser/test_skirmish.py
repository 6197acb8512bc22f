"""In real Chromium, in French, on two phones: a campaign battle played with Frères d'Armes (seed 003), tracked from
its initiative until a model is out of the battle, its result sent by one player and confirmed by the other.

The organiser names the demo's battle at Montfort a Frères d'Armes skirmish; Chloé (the defender, band B) types her
band on its battle page (a characteristic out of 1–10 is refused there first); the skirmish cannot start until Bruno
(band A) has typed his too, then starts from both bands as typed there; Bruno watches the same board on his phone.
Each band in turn activates a model, charges, strikes and answers from the engine's menu; each phone sees the other's
actions within two seconds. The roll log gives each die with its clause; an undo is a new entry.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns.bands.lines import example_band
from campaigns.bands.services import save_band
from campaigns.models import Battle, CampaignMembership, Role, Winner
from campaigns.rule_systems.services import set_rule_system
from rules.freres.state import Side
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import DOCS, SEEN_WITHIN_MS, seq
from tests.campaigns.demo_helpers import member
from tests.demo import load_demo
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHLOES_BAND = "\n".join(
    (
        "sergeant 5 4 5 5 5 6 armour=1 shield=1 weapon=1",
        "man-at-arms 5 4 5 5 5 6 armour=1 shield=1 weapon=1",
        "squire 6 4 5 6 6 8 armour=1 weapon=1 mount=5",
    )
)
"""Chloé's band B, typed on the battle page: the example band's soldiers and rider under her own names."""
PREFERRED = ("roll_initiative", "defend", "charge", "strike", "activate", "end_activation")
"""The actions the bands take first from the menu: they go at each other."""


def play_one(page: Page, watcher: Page) -> None:
    """Plays the first of the preferred actions ``page``'s menu offers; ``watcher``'s board follows in time."""
    before = seq(page)
    offered = page.locator("form.option").evaluate_all("forms => forms.map(f => f.dataset.action)")
    action = min(offered, key=lambda name: (*PREFERRED, name).index(name))
    page.locator(f'form.option[data-action="{action}"]').first.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))
    expect(page.locator(".refusal")).to_have_count(0)
    expect(watcher.locator("#board")).to_have_attribute("data-seq", str(before + 1), timeout=SEEN_WITHIN_MS)


def test_two_players_fight_a_skirmish_until_a_model_falls_and_the_result_counts(page: Page, second_phone: Page) -> None:
    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    organiser = CampaignMembership.objects.get(campaign=campaign, role=Role.ORGANISER)
    set_rule_system(battle=battle, rule_system="freres", by=organiser)
    chloe, bruno = page, second_phone

    log_in(chloe, "chloe")
    chloe.goto(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    # her band on the battle page (II §2): a characteristic of 11 is refused with the rule, then her band is kept
    expect(chloe.locator("#band-attacker-text")).to_have_count(0)  # Bruno's band is his to type
    chloe.locator("#band-defender-text").fill("sergeant 5 4 5 5 11 6")
    chloe.get_by_role("button", name="Enregistrer cette troupe").click()
    expect(chloe.locator(".error")).to_contain_text("II §2")
    expect(chloe.locator(".error")).to_contain_text("M doit être entre 1 et 10, pas 11")
    expect(chloe.locator("textarea[name=text]")).to_have_value("sergeant 5 4 5 5 11 6")  # what she typed, kept
    chloe.locator("textarea[name=text]").fill(CHLOES_BAND)
    chloe.get_by_role("button", name="Enregistrer cette troupe").click()
    expect(chloe.locator("#band-defender table")).to_contain_text("sergeant")
    expect(chloe.locator("#band-defender tbody tr")).to_have_count(3)
    chloe.get_by_role("link", name="Jouer cette escarmouche avec le suivi").click()
    # Bruno has typed no band yet: the skirmish cannot start (II §2)
    expect(chloe.locator("#band-a-missing")).to_contain_text("Pas encore saisie")
    chloe.get_by_role("button", name="Commencer l’escarmouche").click()
    expect(chloe.locator("form.card")).to_contain_text("La troupe de l’attaquant n’est pas encore saisie")
    save_band(battle=battle, side="attacker", text=example_band(Side.A), by=member(campaign, "bruno"))
    chloe.goto(f"/tracker/skirmish/campaign-battle/{battle.pk}/")
    expect(chloe.locator("#band-a")).to_contain_text("chevalier 7 3 6 5 7 7")  # the bands as typed on the battle page
    expect(chloe.locator("#band-b")).to_contain_text("squire 6 4 5 6 6 8 armour=1 weapon=1 mount=5")
    chloe.get_by_label("Graine (vide : tirée au hasard)").fill("2")
    chloe.get_by_role("button", name="Commencer l’escarmouche").click()
    expect(chloe.locator("#turn")).to_contain_text("Tour 1 · initiative · la troupe A active")
    expect(chloe.locator("#model-a1")).to_contain_text("7/7")  # the knight's PA (II §2.6.1)
    tracked = TrackedBattle.objects.get(campaign_battle=battle)

    log_in(bruno, "bruno")
    bruno.goto(f"/tracker/{tracked.pk}/")
    expect(bruno.locator("#actions-wait")).to_have_count(0)

    # §1.1: band A rolls the initiative; an undo is a new entry, and the app's dice roll the same again
    play_one(bruno, chloe)
    first = bruno.locator("#turn").inner_text()
    expect(bruno.locator(".roll-log")).to_contain_text("§1.1 Initiative de la troupe")
    bruno.get_by_role("button", name="Annuler la dernière action").click()
    expect(bruno.locator("#board")).to_have_attribute("data-seq", "2")
    expect(chloe.locator("#turn")).to_contain_text("initiative · la troupe A active", timeout=SEEN_WITHIN_MS)
    play_one(bruno, chloe)
    assert bruno.locator("#turn").inner_text().replace("entrée 3", "entrée 1") == first

    phones = {bruno: chloe, chloe: bruno}
    for _ in range(120):
        if chloe.locator("tr.out").count():
            break
        player = next(p for p in phones if p.locator("form.option").count())
        play_one(player, phones[player])
    fallen = chloe.locator("tr.out")
    expect(fallen).to_have_count(1)
    expect(bruno.locator("tr.out")).to_have_count(1)
    band = (fallen.get_attribute("class") or "").split()[0]
    expect(chloe.locator(".roll-log")).to_contain_text(" : JC")
    DOCS.mkdir(parents=True, exist_ok=True)
    chloe.screenshot(path=str(DOCS / "screenshot-skirmish-375.png"), full_page=True)

    chloe.get_by_role("button", name="Envoyer le résultat à la campagne").click()
    expect(chloe.locator(".ok")).to_contain_text("Le résultat est envoyé à la campagne.")
    bruno.get_by_role("button", name="Confirmer le résultat").click()
    expect(bruno.locator(".ok").first).to_contain_text("Le résultat est confirmé")
    battle.refresh_from_db()
    assert battle.played
    # band A is Bruno's (the attacker): the band that lost a model loses the skirmish (§1.3)
    assert battle.winner == (Winner.DEFENDER if band == "band-a" else Winner.ATTACKER)
    bruno.goto(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    expect(bruno.locator("body")).to_contain_text("Jouée avec le suivi d’escarmouche")
    bruno.goto(f"/campaigns/{campaign.pk}/standings/")
    expect(bruno.locator("table.standings")).to_contain_text("chloe")
