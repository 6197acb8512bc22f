"""In real Chromium, in French, on two phones: the belfry of « Le Beffroi » (001) played with the tracker.

Chloé (besieged) sets the siege of Montfort up with Bruno's siege tower played as a belfry, three hexes from the
wall-walk W3. Bruno's warriors come in at its ground level and push it up to the wall (001 §4.1, §5), climb a level
a turn (001 §1.2, §5), two of them work the winches for a turn and the drawbridge falls on W3, each defender there
rolling to be crushed (001 §8); then his warriors on level 2 storm the wall-walk over the bridge. Chloé's phone
follows each action.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.siege.battle import replay
from rules.siege.board.engines import Bridge
from rules.siege.board.state import BattleState, Side
from tests.browser.test_campaign import log_in
from tests.browser.test_tracker import DOCS, act, set_up_montfort
from tracker import selectors
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _now(tracked: TrackedBattle) -> BattleState:
    """The battle as the pages show it now."""
    tracked.refresh_from_db()
    return selectors.current(tracked).state


def _turn(bruno: Page, chloe: Page) -> None:
    """Bruno ends his turn, Chloé hers, and Bruno's sappers' step passes: his movement step."""
    act(bruno, "end_turn", watcher=chloe)
    act(chloe, "end_turn", watcher=bruno)
    act(bruno, "end_phase")
    expect(bruno.locator("#turn")).to_contain_text("Mouvement · l’assiégeant joue")


def test_a_belfry_is_pushed_to_the_wall_lowers_its_bridge_crushes_and_storms(page: Page, second_phone: Page) -> None:
    chloe, bruno = page, second_phone
    battle = set_up_montfort(chloe)
    chloe.get_by_label("Échelles (8 points chacune)").fill("0")
    chloe.get_by_label("Béliers couverts (40 points chacun)").fill("0")
    chloe.get_by_label("Tours de siège (70 points, une par tranche de 1000 points)").fill("1")
    chloe.get_by_label("Jouer les tours de siège comme des beffrois (« Le Beffroi »)").check()
    chloe.get_by_label("Distance des beffrois à leur mur au début (hexagones)").fill("3")
    chloe.get_by_label("Graine (vide : tirée au hasard)").fill("7")
    chloe.get_by_role("button", name="Commencer le siège").click()
    expect(chloe.locator("#belfry-ST1")).to_contain_text("Beffroi ST1 : à 3 cases de W3")
    expect(chloe.locator("#belfry-ST1")).to_contain_text("Pont-levis dressé")
    expect(chloe.locator(".board-svg")).to_contain_text("beffroi ST1 · 3 cases")
    tracked = TrackedBattle.objects.get(campaign_battle=battle)

    log_in(bruno, "bruno")
    bruno.goto(f"/tracker/{tracked.pk}/")
    act(chloe, "end_phase", watcher=bruno)  # §16: each side ends its own part of the set-up
    act(bruno, "end_phase", watcher=chloe)
    act(chloe, "end_phase", watcher=bruno)
    act(chloe, "end_turn", watcher=bruno)
    act(bruno, "end_phase")

    # 001 §5: twelve warriors come in at ground level; 001 §4.1: twelve pushers roll it two hexes, one at a time
    act(bruno, "climb_belfry", "field", counts={"Guerriers (dehors)": 12}, target="belfry:ST1.0", watcher=chloe)
    expect(chloe.locator('#belfry-ST1 tr[data-place="belfry:ST1.0"]')).to_contain_text("12")
    act(bruno, "push_belfry", "belfry:ST1", target="forward", watcher=chloe)
    act(bruno, "push_belfry", "belfry:ST1", target="forward", watcher=chloe)
    expect(chloe.locator("#belfry-ST1")).to_contain_text("Beffroi ST1 : à 1 case de W3")

    # 001 §1.2, §5: the belfry stands still; a level climbed a turn, 3 PM each
    _turn(bruno, chloe)
    act(
        bruno,
        "climb_belfry",
        "belfry:ST1.0",
        counts={"Guerriers (au niveau 0 du beffroi ST1)": 4},
        target="belfry:ST1.1",
    )
    _turn(bruno, chloe)
    act(
        bruno,
        "climb_belfry",
        "belfry:ST1.1",
        counts={"Guerriers (au niveau 1 du beffroi ST1)": 4},
        target="belfry:ST1.2",
    )
    expect(chloe.locator('#belfry-ST1 tr[data-place="belfry:ST1.2"]')).to_contain_text("4")

    # 001 §8: two warriors on the winches for a whole turn; the bridge falls as the turn ends
    _turn(bruno, chloe)
    defenders = len(_now(tracked).at("W3"))
    assert defenders, "the besieged hold W3 under the bridge"
    act(bruno, "lower_drawbridge", "belfry:ST1", counts={"Guerriers (au niveau 2 du beffroi ST1)": 2}, watcher=chloe)
    expect(chloe.locator("#belfry-ST1")).to_contain_text("Pont-levis en train de s’abaisser")
    act(bruno, "end_turn", watcher=chloe)
    expect(chloe.locator("#belfry-ST1")).to_contain_text("Pont-levis abaissé")
    crushes = chloe.locator(".roll-log .event").filter(has_text="sous le pont-levis")
    expect(crushes).to_have_count(defenders)
    expect(crushes.first.locator(".clause")).to_have_text("001 §8")
    expect(chloe.locator(".roll-log").first).to_contain_text("le pont-levis du beffroi ST1 s’abat sur W3")
    expect(chloe.locator(".board-svg .drawbridge")).to_have_count(1)
    chloe.locator(".fort-board").screenshot(path=str(DOCS / "screenshot-tracker-belfry-412.png"))

    # the storm: from level 2 over the bridge onto W3, a charge if a defender still stands there
    act(chloe, "end_turn", watcher=bruno)
    act(bruno, "end_phase")
    state = _now(tracked)
    assert state.belfry("ST1").bridge is Bridge.DOWN
    storm = "charge" if state.at("W3", Side.BESIEGED) else "move"
    act(bruno, storm, "belfry:ST1.2", counts={"Guerriers (au niveau 2 du beffroi ST1)": 4}, target="W3", watcher=chloe)
    expect(chloe.locator('a[data-section="W3"]')).to_contain_text("4/")

    tracked.refresh_from_db()
    selectors._cache.clear()
    now = selectors.current(tracked)
    assert len(now.state.at("W3", Side.BESIEGER)) == 4
    assert not now.state.at("belfry:ST1.2")
    assert replay(now.battle) == now.state
