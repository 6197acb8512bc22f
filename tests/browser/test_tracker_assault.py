"""In real Chromium, in French, on two phones: an assault whose every step is what the menus offer.

Chloé holds the fort; Bruno besieges it from a one-off siege she sets up against him. In his part of the set-up he
buys a siege tower and places it with its crew (§14.1, §7.3.1, §16), and his men take up the covered ram (§7.2.1).
In his first turn he brings the ram to the main gate (§7.2.4), pushes the tower against W2 (§7.3.3), takes the ladder
lying below W3 up at its foot and raises it (§7.1.3, §7.1.4), and storms W2 from the tower (§7.3.4). Chloé lets the
ladder's climbers come up (R33: she forgoes the push-back, the step waiting for her). The ram strikes the gate; the
storming party loses the fight on W2 and retreats through its tower to the foot of the wall (R34, §3.3.2,
§3.5.2). The seed is the one whose dice make
that fight a loss for the besieger.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.siege.battle import replay
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, Side
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import act
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 3
"""The battle's seed: its dice make the storming party lose its first fight on W2."""


def now(tracked: TrackedBattle) -> BattleState:
    """The battle's state as its stored log stands now."""
    tracked.refresh_from_db()
    return selectors.current(tracked).state


def test_a_tower_bought_and_stormed_a_ram_at_the_gate_a_push_back_forgone_and_losers_retreating(
    page: Page, second_phone: Page
) -> None:
    chloe, bruno = page, second_phone
    load_demo()
    log_in(chloe, "chloe")
    chloe.goto("/tracker/new/")
    chloe.get_by_label("Points d’engins de l’assiégeant (§14.1)").fill("300")
    chloe.get_by_label("Échelles (8 points chacune)").fill("1")
    chloe.get_by_label("Mur au pied duquel sont les échelles").select_option("W3")
    chloe.get_by_label("Béliers (30 points chacun)").fill("0")
    chloe.get_by_label("Béliers couverts (40 points chacun)").fill("1")
    chloe.get_by_label("Tours de siège (70 points, une par tranche de 1000 points)").fill("0")
    chloe.get_by_label("Graine (vide : tirée au hasard)").fill(str(SEED))
    chloe.get_by_label("Identifiant de l’adversaire (vide : les deux camps sur cet appareil)").fill("bruno")
    chloe.get_by_role("button", name="Commencer le siège").click()
    expect(chloe.locator("#turn")).to_contain_text("Mise en place (remparts) · l’assiégé joue")
    tracked = TrackedBattle.objects.get(pk=int(chloe.url.rstrip("/").split("/")[-1]))
    log_in(bruno, "bruno")
    bruno.goto(f"/tracker/{tracked.pk}/")

    # §16: each side sets up in its own part; the besieger buys his tower (§14.1) and places it with its crew
    act(chloe, "end_phase", watcher=bruno)
    expect(bruno.locator("#turn")).to_contain_text("Mise en place (terrain) · l’assiégeant joue")
    act(bruno, "buy", target="siege_tower", watcher=chloe)
    act(bruno, "place_tower", "siege_tower:ST1", watcher=chloe)
    act(bruno, "carry_ram", "ram:R1", watcher=chloe)
    act(bruno, "end_phase", watcher=chloe)
    act(chloe, "end_phase", watcher=bruno)
    act(chloe, "end_turn", watcher=bruno)
    act(bruno, "end_phase", watcher=chloe)  # the sappers' step

    act(bruno, "bring_ram", "ram:R1", target="G1", watcher=chloe)
    act(bruno, "push_tower", "siege_tower:ST1", target="W2", watcher=chloe)
    act(bruno, "move", "field:outside", target="foot:W3", counts={"Guerriers (dehors)": 6}, watcher=chloe)
    act(bruno, "pick_up_ladder", "ladder:L1", counts={"Guerriers (au pied de W3)": 6}, watcher=chloe)
    act(bruno, "erect_ladder", "ladder:L1", target="W3", watcher=chloe)
    act(bruno, "charge", "siege_tower:ST1", target="W2", watcher=chloe)
    state = now(tracked)
    assert state.siege_tower("ST1").section == "W2"
    assert state.ram("R1").gate == "G1"
    assert state.ladder("L1").raised
    assert state.ladder("L1").section == "W3"

    # R33: the step does not end while the push-back waits; Chloé lets the climbers up
    expect(bruno.locator("#obligations")).to_contain_text(
        "l’assiégé repousse les grimpeurs sur l’échelle L1 ou les laisse monter (R33)"
    )
    expect(bruno.locator('form[data-action="end_phase"]')).to_have_count(0)
    act(chloe, "forgo_push_back", "ladder:L1", watcher=bruno)
    expect(bruno.locator("#obligations")).to_have_count(0)
    for _ in range(3):  # movement, magic, shooting
        act(bruno, "end_phase", watcher=chloe)

    # §7.2.4: the ram strikes the main gate
    act(bruno, "use_ram", "ram:R1", watcher=chloe)
    assert now(tracked).gate("G1").structure_points < state.gate("G1").structure_points

    # §3.2.1, R34: the storming party fights on W2, loses, and retreats into its tower before anything else
    act(bruno, "fight", "W2", watcher=chloe)
    state = now(tracked)
    (due,) = pending(state)
    assert (due.what, due.where, {o.side for o in due.options}) == ("losers_react", "W2", {Side.BESIEGER})
    expect(bruno.locator('form[data-action="use_ram"]')).to_have_count(0)
    stormers = {m.id for m in state.models if m.side is Side.BESIEGER and str(m.place) == "W2"}
    act(bruno, "retreat", "W2", target="siege_tower:ST1", watcher=chloe)
    after = now(tracked)
    # §3.5.2 « elle peut aussi s'effectuer vers l'extérieur du fort »: through the tower, down to the wall's foot
    assert {str(after.model(m).place) for m in stormers if m in after.by_id} == {"foot:W2"}
    assert pending(after) == []
    expect(bruno.locator('form[data-action="end_turn"]')).to_have_count(1)

    # the stored log replays to the state the pages showed
    tracked.refresh_from_db()
    selectors._cache.clear()
    assert replay(selectors.current(tracked).battle) == selectors.current(tracked).state
