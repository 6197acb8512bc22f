"""In real Chromium, in French, on one phone: a skirmish of Frères d'Armes (seed 003) whose dice are rolled at the
table and typed in, told as a short story of four deeds, each played from the engine's menu on the board.

The position is set up first through the services: band A wins the initiative, its pikeman charges the militiaman
of band B, who is hit, then fails his JM and routs (§8.1 « Déroutée »); band B's archer hides (§3.4 « Se cacher »).
Then, on the board:

1. band A's sergeant walks 8 cm straight at the hidden archer, into contact: the archer is found at once, with no
   roll (§3.4, ruling R21);
2. band B's lookout waits; band A's knight leaps off its mount (§10.2.2 « Sauter sur ou de sa monture »);
3. the knight, now on foot, charges the routed militiaman, who rolls no JC but his JD, without his shield (§4.4,
   ruling R20): wounded, he has no PA left and is out of the fight (§7);
4. band B's bearer puts his weapon away and carries his friend out of the fight on his shoulder (§9 « Porter/déposer
   un ami hors de combat »).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from rules.freres.actions import Activate, Charge, Defend, EndActivation, Hide, RollInitiative
from rules.freres.damage import Health
from rules.freres.state import Posture
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import seq
from tests.demo import load_demo
from tracker import selectors, services
from tracker.models import DiceMode, TrackedBattle
from tracker.services.skirmish import start_one_off_skirmish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BAND_A = "\n".join(
    (
        "Chevalier 6 4 5 6 6 9 armour=1 weapon=1 mount=5",  # a1: leaps off its mount, then charges on foot
        "Sergent 5 4 5 5 5 6 weapon=1",  # a2: walks up to the hidden archer
        "Piquier 5 4 5 5 5 6 weapon=1",  # a3: routs the militiaman before the story starts
    )
)
BAND_B = "\n".join(
    (
        "Archer 4 6 4 6 5 6 bow",  # b1: hidden
        "Coutilier 4 4 4 5 2 3 shield=1 weapon=1",  # b2: routed, then out of the fight (3 PA: a wound takes them all)
        "Porteur 5 4 5 5 5 6 weapon=1",  # b3: carries b2
        "Guetteur 5 4 5 5 5 6 weapon=1",  # b4: waits, so that the bands take turns (§1.2)
    )
)
DICE = "Dés lancés à la table (d10 : 0 à 9, dans l’ordre)"
"""The label of the dice typed at the table on each option of the menu."""


def option(page: Page, action: str, text: str = "") -> Locator:
    """The menu's option ``action``, the one whose words contain ``text``."""
    found = page.locator(f'form.option[data-action="{action}"]')
    return (found.filter(has_text=text) if text else found).first


def play(page: Page, form: Locator, dice: str = "") -> None:
    """Plays ``form``, with the dice typed at the table, and waits for the board to show one entry more."""
    before = seq(page)
    if dice:
        form.get_by_label(DICE).fill(dice)
    form.locator("button.go").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before + 1))
    expect(page.locator(".refusal")).to_have_count(0)


def latest_deed(page: Page) -> Locator:
    """The roll log's newest line: the log reads from the last action down."""
    return page.locator(".roll-log ol.log > li").first


def _set_up() -> TrackedBattle:
    """The position the story starts from, played through the services with the dice typed at the table."""
    chloe = get_user_model().objects.get(username="chloe")
    tracked = start_one_off_skirmish(
        user=chloe, data={"band_a": BAND_A, "band_b": BAND_B, "dice": DiceMode.PHYSICAL, "seed": 1}
    )

    def act(action: object, dice: tuple[int, ...] = ()) -> None:
        nonlocal tracked
        tracked = services.act(battle_id=tracked.pk, user=chloe, seq=tracked.seq, action=action, dice=dice)

    # §1.1: a d10 a band plus the PA of its best model: A 5 + 9 against B 1 + 6; band A activates first
    act(RollInitiative(), (5, 1))
    act(Activate("a3"))
    act(Charge("a3", "b2", 5))
    # §4.1.2, §4.1.3: JC 5 + 5 against 1 + 4, the pikeman hits: 10 + weapon 1 = 11 against JD 8 + D 4 + shield 1,
    # « Pas passé loin ! » (-2), so a JM (§7): 2 + M 2 - 1 for the pikeman in contact = 3, « Déroutée » (§8.1).
    act(Defend("b2"), (5, 1, 8, 2))
    act(Activate("b1"))
    act(Hide("b1"))  # §3.4 « Se cacher »: in other terrain, more than 30 cm from the nearest enemy
    act(EndActivation())
    state = selectors.current(tracked).state
    assert state.model("b2").routed
    assert state.model("b1").hidden
    assert state.to_play.value == "a"
    return tracked


def test_a_hidden_archer_found_a_rout_struck_a_rider_on_foot_and_a_friend_carried(page: Page) -> None:
    load_demo()
    tracked = _set_up()
    log_in(page, "chloe")
    page.goto(f"/tracker/{tracked.pk}/")
    archer, militiaman = page.locator("#model-b1"), page.locator("#model-b2")
    expect(archer).to_contain_text("cachée")
    expect(militiaman).to_contain_text("en déroute")

    # 1. §3.4 Se cacher: « Une figurine qui est à moins de 20 cm du front d'un ennemi est automatiquement
    # découverte. » Ruling R21: whatever move brings an enemy's front within 20 cm finds it, with no roll.
    play(page, option(page, "activate", "Sergent"))
    walk = option(page, "move", "au contact de Archer")
    walk.get_by_text("Mesuré sur la table").click()
    walk.get_by_label("Distance (cm)").fill("8")
    play(page, walk)  # no die typed: none is rolled
    expect(archer).not_to_contain_text("cachée")
    # found, it is in cover as a model detected (§9 Scruter), but « Une figurine à couvert qui est contactée par
    # un ennemi perd son couvert. » (§3.4 Entrer au contact)
    expect(archer).not_to_contain_text("à couvert")
    expect(archer).to_contain_text("au contact de Sergent")
    expect(latest_deed(page)).to_contain_text("Archer, à 8 cm devant Sergent, est repérée.")
    expect(latest_deed(page).locator(".roll")).to_have_count(0)
    assert not selectors.current(TrackedBattle.objects.get()).state.model("b1").hidden
    play(page, option(page, "end_activation"))
    play(page, option(page, "activate", "Guetteur"))
    play(page, option(page, "end_activation"))  # it waits on face (§1.2)

    # 2. §10.2.2 « Sauter sur ou de sa monture » (3 PA): a JA, 7 + A 6 = 13, a success: the knight stands on foot.
    knight = page.locator("#model-a1")
    play(page, option(page, "activate", "Chevalier"))
    expect(knight).to_contain_text("montée")
    play(page, option(page, "leap_mount"), dice="7")
    expect(knight).not_to_contain_text("montée")
    expect(knight).to_contain_text("debout")
    expect(latest_deed(page)).to_contain_text("JA de Chevalier pour sauter sur ou de sa monture")
    state = selectors.current(TrackedBattle.objects.get()).state
    assert not state.model("a1").mounted
    assert state.model("a1").posture is Posture.STANDING
    assert state.pa_left == 9 - 3

    # 3. §4.4 « Si vous frappez au corps à corps une figurine démoralisée, vous la frappez automatiquement dans le
    # dos et elle ne jette pas de dé d'attaque. Elle se défend directement. » Ruling R20: a routed model rolls no
    # JC, the blow lands; it rolls its JD, d10 + D + armour, without its shield, since it is struck in the back.
    # JC 7 + C 6 + 1 (from behind), damage 7 + 6 + weapon 1 = 14 against JD 4 + D 4 = 8: 6, « Blessé » (§7: -3 PA);
    # with its shield it would be 5, « Sonné ». Only the knight's JC and the militiaman's JD are rolled: a third die
    # would be asked for, and the dice typed at the table refused.
    play(page, option(page, "charge", "cible : Coutilier"), dice="7 4")
    rolls = latest_deed(page).locator(".roll")
    expect(rolls).to_have_count(2)
    expect(rolls.nth(0)).to_contain_text("Chevalier : JC")
    expect(rolls.nth(1)).to_contain_text("Coutilier : JD")
    expect(rolls.nth(1).locator(".die")).to_contain_text(" : 4")
    expect(latest_deed(page)).to_contain_text("Chevalier contre Coutilier : JC 14 contre 0.")  # no JC of his
    # §7: a model with no PA left is « mise hors de combat (hdc) »: 3 PA, less 3 for the wound
    expect(militiaman).to_contain_text("hors de combat")
    expect(latest_deed(page)).to_contain_text("Coutilier est hors de combat.")
    militia = selectors.current(TrackedBattle.objects.get()).state.model("b2")
    assert militia.health is Health.WOUNDED
    assert militia.out == "out_of_action"

    # 4. §9 « Porter/déposer un ami hors de combat » (4 PA): « La figurine met sur son épaule un ami pour le
    # transporter. Elle ne doit pas avoir d'objets en main. Elle est alors automatiquement surchargée. » So the
    # bearer first puts his weapon away (§9 « Dégainer, ranger », « 1 PA par objet déplacé »).
    bearer = page.locator("#model-b3")
    play(page, option(page, "activate", "Porteur"))
    expect(option(page, "carry")).to_have_count(0)  # a weapon in hand: he may not carry yet
    play(page, option(page, "sheathe"))
    play(page, option(page, "carry", "Coutilier"))
    expect(bearer).to_contain_text("porte Coutilier (surchargée)")
    expect(latest_deed(page)).to_contain_text("Porteur · ami : Coutilier")
    state = selectors.current(TrackedBattle.objects.get()).state
    assert state.model("b3").carrying == "b2"
    assert state.model("b3").encumbered
    page.goto(f"/tracker/{tracked.pk}/report/")  # the whole log, each deed named
    expect(page.locator("body")).to_contain_text("Porter un ami hors de combat (troupe B) — Porteur · ami : Coutilier")
    expect(page.locator("body")).to_contain_text("Sauter sur ou de sa monture (troupe A) — Chevalier")
