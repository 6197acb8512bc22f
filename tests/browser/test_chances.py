"""In real Chromium, in French: « Quelles sont nos chances d'ici ? » from a siege under way shows a first estimate
with its 95 % interval, then a narrower one as the worker reports, then the end: the run stops early once the
interval is within ±2 points, and the page links back to its battle."""

from __future__ import annotations

import random
import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from campaigns.services.demo import load_demo
from rules.siege.example import example_setup
from rules.siege.game import side_of
from rules.siege.menus.legal import legal_actions
from simulations.models import RunStatus, SimulationRun
from tests.browser.test_campaign import log_in
from tracker import selectors, services
from tracker.models import TrackedBattle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INTERVAL = re.compile(r"(\d+(?:,\d)?)\s%\s\((\d+(?:,\d)?)\s%\s–\s(\d+(?:,\d)?)\s%\)\sde victoire de l’assiégeant")


def interval(text: str) -> tuple[float, float, float]:
    """The share and the interval's bounds, in points, read from the French sentence."""
    found = INTERVAL.search(text)
    assert found, text
    share, low, high = (float(group.replace(",", ".")) for group in found.groups())
    return share, low, high


def played_on(tracked: TrackedBattle, players: dict[str, object], turn: int) -> None:
    """Both players play the siege on, through the tracker, to ``turn``: each ends its steps when it may, else plays
    an action its menu offers, drawn with a seed."""
    rng = random.Random(5)
    for _ in range(400):
        now = selectors.current(tracked)
        if now.state.turn >= turn or now.state.over:
            return
        offered = legal_actions(now.state)
        endings = [a for a in offered if a.name in ("end_phase", "end_turn")]
        action = endings[0] if endings else rng.choice(offered)
        user = players[side_of(now.state, action).value]
        tracked = services.act(battle_id=tracked.pk, user=user, seq=now.seq, action=action)  # type: ignore[arg-type]
    raise AssertionError(f"the siege did not reach turn {turn}")


def test_the_chances_page_refines_its_estimate_to_the_end(page: Page, celery_worker: str) -> None:
    load_demo()
    users = get_user_model().objects
    chloe, bruno = users.get(username="chloe"), users.get(username="bruno")
    tracked = services.create_battle(setup=example_setup(), besieger=bruno, besieged=chloe, created_by=chloe, seed=3)
    # a siege under way, in its fifth turn: the games played on from here are short (§16), so the run reaches
    # ±2 points in a few seconds of the worker rather than half a minute from the set-up
    played_on(tracked, {"besieger": bruno, "besieged": chloe}, turn=5)
    log_in(page, "chloe")
    page.goto(f"/tracker/{tracked.pk}/")
    page.get_by_role("button", name=re.compile("Quelles sont nos chances")).click()
    chances = page.locator("#chances")
    expect(chances).to_contain_text("de victoire de l’assiégeant", timeout=30_000)
    share, low, high = interval(chances.inner_text())
    assert low <= share <= high
    first_width = high - low
    # then a narrower interval, while the run is still at work
    deadline = time.monotonic() + 60
    while True:
        text = chances.inner_text()
        _, low, high = interval(text)
        if high - low < first_width and "arrêtée" not in text:
            break
        assert time.monotonic() < deadline, f"the interval stayed {first_width} points wide: {text}"
        page.wait_for_timeout(300)
    expect(page.locator("#run-status")).to_contain_text("En cours")
    # the end: the run stops once its interval is within ±2 points, before the 3,000 games asked
    expect(page.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100", timeout=120_000)
    expect(page.locator("#chances-basis")).to_contain_text("s’est arrêtée avant la fin")
    share, low, high = interval(chances.inner_text())
    assert high - low <= 4.1  # ±2 points, each bound rounded to a tenth
    run = SimulationRun.objects.get()
    assert (run.status, run.stopped_early) == (RunStatus.DONE, True)
    assert run.summary is not None
    assert run.summary["games"] < run.games
    expect(page.locator("#results")).to_be_visible()
    page.locator("#back-to-battle").click()
    expect(page).to_have_url(re.compile(rf"/tracker/{tracked.pk}/$"))
