"""In real Chromium, in French, on two phones: a campaign siege played with the tracker from set-up to the result.

Chloé (besieged) sets the siege of Montfort up from its battle page; Bruno (besieger) watches the same board on his
phone and sees each of her actions within two seconds. He marches to the walls, batters the east wall into a breach
with a great war machine, once a turn (§5.7, §5.9), raises a ladder that she pushes back (§7.1.6), brings a covered
ram to the main gate and rams it (§7.2.4); the turns pass to the end roll (§16, R10); she sends the result, he
confirms it, and the standings move. Screenshots of the board at 375 and 1280 px go to docs/.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from campaigns.models import Battle
from campaigns.selectors import tallies
from rules.siege.battle import replay
from rules.siege.board.fort import SectionKind
from rules.siege.board.state import Place, Zone
from rules.siege.menus.legal import menu_options
from tests.browser.giveaways import check_page
from tests.browser.test_campaign import log_in
from tests.demo import load_demo
from tracker import selectors
from tracker.menus import unit_groups
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# the README's pictures of the board are retaken with SCREENSHOTS=1; otherwise they go to a scratch folder
DOCS = (
    Path(__file__).resolve().parents[2] / "docs"
    if os.environ.get("SCREENSHOTS")
    else Path(tempfile.gettempdir()) / "siege-screenshots"
)
SEEN_WITHIN_MS = 20_000
"""The other phone shows each action at its next poll. It polls every second (tests/tracker/test_pages.py), so about
two seconds on an idle machine; the deadline is ten times that, which a loaded one meets."""


def seq(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-seq") or "-1")


def act(
    page: Page,
    action: str,
    where: str | None = None,
    *,
    counts: Mapping[str, int] | None = None,
    target: str | None = None,
    fields: Mapping[str, str] | None = None,
    watcher: Page | None = None,
    steps: int = 1,
    language: str = "fr",
) -> None:
    """Plays a menu option on ``page`` (the one about ``where`` holding the unit groups of ``counts`` and offering
    ``target``) with its first picks, or only the groups of ``counts``, and checks it is logged (``steps`` entries:
    one a model of a unit deployed), that the board then shows nothing of another ``language`` nor of the engine's
    internals (:mod:`tests.browser.giveaways`), and that ``watcher``'s board follows in time."""
    before = seq(page)
    selector = f'form[data-action="{action}"]' + (f'[data-where="{where}"]' if where else "")
    forms = page.locator(selector)
    for label in counts or {}:  # the option whose unit groups and target these are
        forms = forms.filter(has=page.get_by_label(re.compile("^" + re.escape(label))))
    if target is not None:
        forms = forms.filter(has=page.locator(f'select[name=target] option[value="{target}"]'))
    form = forms.first
    details = page.locator("details.option").filter(has=form).first
    if not details.evaluate("d => d.open"):
        details.locator("> summary").click()
    if counts:  # only the groups named act, the others' first picks cleared
        for field in form.locator('input[name^="count-"]').all():
            field.fill("0")
    for label, number in (counts or {}).items():
        form.get_by_label(re.compile("^" + re.escape(label))).fill(str(number))
    if target is not None:
        form.locator("select[name=target]").select_option(value=target)
    for name, value in (fields or {}).items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value=value)
        else:
            field.fill(value)
    form.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + steps))
    expect(page.locator(".refusal")).to_have_count(0)
    check_page(page, language, "#board")  # the board in the reader's words: no English, no internal id
    if watcher is not None:
        expect(watcher.locator("#board")).to_have_attribute("data-seq", str(before + steps), timeout=SEEN_WITHIN_MS)


def breached(page: Page) -> bool:
    return bool(page.locator('a[data-section="W4"]').get_by_text("brèche").count())


def bombard_w4(bruno: Page, chloe: Page) -> None:
    """In his shooting step Bruno's catapult, played as a great war machine (S10, D6), bombards W4 unless it is
    breached already (§5.9)."""
    if not breached(bruno):
        act(bruno, "bombard", target="W4", fields={"strength": "10", "damage": "D6"}, watcher=chloe)


SETTLING = ("forgo_push_back", "hold", "hold_charge", "flee", "panic_test")
"""The options that settle what the rules oblige (R33, R34, §3.1.2, §3.3.3, §4.1), the plainest first."""


def settle(*phones: Page) -> None:
    """While the board says something waits, the phone that owes it plays the plainest option settling it."""
    for _ in range(6):
        if not phones[0].locator("#obligations").count():
            return
        for phone in phones:
            other = next(p for p in phones if p is not phone)
            name = next((n for n in SETTLING if phone.locator(f'form[data-action="{n}"]').count()), None)
            if name is not None:
                act(phone, name, watcher=other)
                break
    expect(phones[0].locator("#obligations")).to_have_count(0)


def set_up_montfort(chloe: Page) -> Battle:
    """Chloé opens the set-up page of the demo campaign's siege of Montfort from its battle page, the ladders at the
    foot of W3."""
    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    log_in(chloe, "chloe")
    chloe.goto(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    chloe.get_by_role("link", name="Jouer ce siège avec le suivi").click()
    chloe.get_by_label("Mur au pied duquel sont les échelles").select_option("W3")
    return battle


def test_two_players_play_a_siege_to_the_end_and_the_standings_move(page: Page, second_phone: Page) -> None:
    chloe, bruno = page, second_phone
    battle = set_up_montfort(chloe)
    campaign = battle.campaign
    before = {t.membership.user.username: t.battle_points for t in tallies(campaign)}
    chloe.get_by_label("Graine (vide : tirée au hasard)").fill("7")
    chloe.get_by_role("button", name="Commencer le siège").click()
    expect(chloe.locator("#turn")).to_contain_text("Tour 1 · Mise en place (remparts) · l’assiégé joue")
    tracked = TrackedBattle.objects.get(campaign_battle=battle)

    log_in(bruno, "bruno")
    bruno.goto(f"/tracker/{tracked.pk}/")
    expect(bruno.locator("#turn")).to_contain_text("Mise en place (remparts) · l’assiégé joue")

    # §16: a whole unit deployed in one go, and taken back by one undo
    state = selectors.current(tracked).state
    yards = [Place(Zone.SECTION, s.id) for s in state.fort.sections if s.kind is SectionKind.COURTYARD]
    spearmen = next(m for m in state.models if m.unit.startswith("Lanciers"))
    where = spearmen.place
    to = min((p for p in yards if p != where), key=lambda p: len(state.at(p))).ref
    deploy = next(o for o in menu_options(state) if o.name == "deploy" and o.where == to)
    unit, ids = next((u, ids) for u, ids in unit_groups(state, deploy) if spearmen.id in ids)
    moved = min(len(ids), 10, deploy.most)
    act(chloe, "deploy", to, counts={unit: moved}, target=to, steps=moved, watcher=bruno)
    expect(chloe.locator("#board")).to_have_attribute("data-seq", str(moved))
    chloe.get_by_role("button", name="Annuler la dernière action").click()
    expect(bruno.locator("#board")).to_have_attribute("data-seq", str(2 * moved), timeout=SEEN_WITHIN_MS)
    back = selectors.current(TrackedBattle.objects.get(pk=tracked.pk)).state
    assert {back.model(m).place for m in ids} == {where}

    # §16: each side ends its own part of the set-up, then the besieged plays first; each phone follows the other
    act(chloe, "end_phase", watcher=bruno)
    expect(chloe.locator("#turn")).to_contain_text("Mise en place (terrain) · l’assiégeant joue")
    act(bruno, "end_phase", watcher=chloe)
    expect(bruno.locator("#turn")).to_contain_text("Mise en place (cours intérieures) · l’assiégé joue")
    act(chloe, "end_phase", watcher=bruno)
    act(chloe, "end_turn", watcher=bruno)
    expect(bruno.locator("#turn")).to_contain_text("Tour 1 · Sapeurs · l’assiégeant joue")

    act(bruno, "end_phase", watcher=chloe)
    act(bruno, "move", "field:outside", counts={"Guerriers (dehors)": 4}, target="foot:W3", watcher=chloe)
    act(bruno, "move", "field:outside", counts={"Guerriers (dehors)": 6}, target="foot:C1")
    act(bruno, "end_phase")
    act(bruno, "end_phase")
    # §5.9: a great war machine (S10, D6 damage) batters W4, once a turn (§5.7), until it collapses into a breach
    bombard_w4(bruno, chloe)
    act(bruno, "end_turn", watcher=chloe)
    act(chloe, "end_turn", watcher=bruno)

    act(bruno, "end_phase")
    act(bruno, "pick_up_ladder", "ladder:L1", counts={"Guerriers (au pied de W3)": 4})
    act(bruno, "erect_ladder", "ladder:L1", target="W3", watcher=chloe)
    act(bruno, "carry_ram", "ram:R1", counts={"Guerriers (au pied de C1)": 6})
    act(bruno, "bring_ram", "ram:R1", target="G1", watcher=chloe)
    expect(chloe.locator(".board-svg")).to_contain_text("bélier R1")
    # §7.1.6: at the end of the besieger's movement the defenders of W3 push the ladder back
    act(chloe, "push_back", "ladder:L1", counts={"Lanciers (sur W3)": 3}, watcher=bruno)
    bruno.set_viewport_size({"width": 375, "height": 812})
    bruno.locator(".fort-board").screenshot(path=str(DOCS / "screenshot-tracker-375.png"))
    act(bruno, "end_phase")
    act(bruno, "end_phase")
    bombard_w4(bruno, chloe)
    act(bruno, "end_phase")
    act(bruno, "use_ram", "ram:R1", watcher=chloe)  # §7.2.4
    expect(bruno.locator(".roll-log")).to_contain_text("Le bélier R1 frappe")
    bruno.set_viewport_size({"width": 1280, "height": 900})
    bruno.screenshot(path=str(DOCS / "screenshot-tracker-1280.png"), full_page=True)
    bruno.set_viewport_size({"width": 375, "height": 812})
    act(bruno, "end_turn", watcher=chloe)

    # the turns pass until the besieged's end roll after the besieger's turn 5 (§16, R10) or turn 6
    players = {"l’assiégé joue": chloe, "l’assiégeant joue": bruno}
    for _ in range(12):
        if chloe.locator("#turn").get_by_text("Le siège est terminé.").count():
            break
        text = chloe.locator("#turn").inner_text()
        player = next(p for words, p in players.items() if words in text)
        other = bruno if player is chloe else chloe
        if player is bruno and not breached(bruno):
            for _ in range(3):  # the sappers', movement and magic steps
                settle(chloe, bruno)
                act(bruno, "end_phase", watcher=chloe)
            bombard_w4(bruno, chloe)
        settle(chloe, bruno)
        act(player, "end_turn", watcher=other)
    expect(chloe.locator('a[data-section="W4"]')).to_contain_text("brèche")
    expect(chloe.locator("#turn")).to_contain_text("Le siège est terminé.")
    expect(bruno.locator("#turn")).to_contain_text("Le siège est terminé.")
    expect(chloe.locator("#besieger-vp")).to_have_text("5")  # §17.1: the breach of W4, and nothing held

    # the replay of the stored log reproduces the state the pages showed
    tracked.refresh_from_db()
    selectors._cache.clear()
    assert replay(selectors.current(tracked).battle) == selectors.current(tracked).state

    chloe.get_by_role("button", name="Envoyer le résultat à la campagne").click()
    expect(chloe.locator(".ok")).to_contain_text("Le résultat est envoyé à la campagne.")
    bruno.get_by_role("button", name="Confirmer le résultat").click()
    expect(bruno.locator(".ok").first).to_contain_text("Le résultat est confirmé")
    battle.refresh_from_db()
    assert battle.winner == "defender"
    assert battle.attacker_victory_points == 5
    after = {t.membership.user.username: t.battle_points for t in tallies(campaign)}
    assert after["chloe"] == before["chloe"] + campaign.settings.win_points
    bruno.goto(f"/campaigns/{campaign.pk}/standings/")
    expect(bruno.locator("table.standings")).to_contain_text("chloe")
