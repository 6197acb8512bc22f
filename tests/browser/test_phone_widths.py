"""In real Chromium, 375 px wide: every page a club member, a player and the organiser reach from the demo
campaign fits the screen, in French and in English, with no sideways scrolling.

The crawl follows the links each login sees, from the home page on. Tables wider than a phone scroll inside their
own box, which leaves the page's own width alone; anything else wider than the screen is named in the failure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from accounts.services import sign_up
from campaigns.models import Battle, Campaign, RuleSystem
from campaigns.rule_systems.services import set_rule_system
from campaigns.services import add_unit, join_club, resolve_turn, start_resolution
from simulations.selectors import demo_plans
from simulations.services import create_run, play_chunk
from tests.browser.sessions import log_in_as
from tests.campaigns.demo_helpers import army, member, second_turn_with_orders
from tests.demo import load_demo
from tracker.services import start_from_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 812}
# enough for every page of the moved-on demo, few enough that a crawl gone wrong stops
MOST_PAGES = 150
# never followed: they change something, download a file or leave the app's own pages
NOT_FOLLOWED = re.compile(r"^/(admin|i18n|api/(?!docs/))|/logout/|\.(csv|json)$|/(poll|progress)/$")
# pages that are the same for every login (the menu aside, folded on a phone): crawled once per language
SHARED = re.compile(r"^/(odds|assistants|api/docs)/")
# pages drawn by a script after they load, and what shows they are drawn
DRAWN_LATER = {"/api/docs/": ".opblock"}
# the widest elements, outermost first, that stick out of the screen and are not inside a box that scrolls
OFFENDERS = r"""(width) => {
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const out = [...document.body.querySelectorAll('*')].filter((e) => {
    const r = e.getBoundingClientRect();
    const sticksOut = r.right > width + 0.5 || r.left < -0.5;
    return r.width > 0 && sticksOut && e.checkVisibility() && !scrolls(e);
  });
  const outermost = out.filter((e) => !out.includes(e.parentElement));
  return outermost.slice(0, 5).map((e) => {
    const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + [...e.classList].map((c) => '.' + c).join('');
    const text = e.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${name} (${Math.round(e.getBoundingClientRect().right)} px) « ${text} »`;
  });
}"""


@dataclass
class Crawl:
    """What one language's crawls saw: the pages visited, and those wider than the phone with their culprits."""

    visited: dict[str, set[str]] = field(default_factory=dict)
    wide: list[str] = field(default_factory=list)
    shared_seen: set[str] = field(default_factory=set)


def the_moved_on_demo() -> Campaign:
    """The demo a few evenings in: turn 1's siege played, turn 2 resolved (a new siege of Montfort and a battle at
    the Col du Crâne, named a Frères d'Armes skirmish), a Confrontation battle, the siege tracked, a roster with
    units, a finished simulation run, and a club member who has joined no campaign yet."""
    campaign = load_demo()
    turn = second_turn_with_orders(campaign)
    resolve_turn(turn_id=start_resolution(turn=turn).pk)
    organiser = member(campaign, "organisateur")
    field_battle = Battle.objects.get(campaign=campaign, turn=turn, kind="field")
    set_rule_system(battle=field_battle, rule_system=RuleSystem.FRERES, by=organiser)
    siege = Battle.objects.get(campaign=campaign, turn=turn, kind="siege")
    Battle.objects.create(
        campaign=campaign, turn=turn, territory=siege.territory, kind="field", attacker=siege.attacker,
        defender=siege.defender, attacker_points=1000, defender_points=800, rule_system=RuleSystem.CONFRONTATION,
    )  # fmt: skip
    start_from_campaign(battle=siege, user=siege.defender.user, data=SIEGE_SET_UP)
    garrison = army(campaign, "Garnison de Montfort")
    for name, count, points, profile in UNITS:
        add_unit(army=garrison, name=name, count=count, points=points, profile=profile, save=4)
    run = create_run(owner=siege.defender.user, games=20, assault=demo_plans(), seed=7, label="Montfort")
    for chunk in run.chunks.all():
        play_chunk(chunk_id=chunk.pk)
    user, _membership = sign_up(username="membre", email="membre@example.org", password="pw-membre-12345")
    join_club(club=campaign.club, user=user)
    return campaign


SIEGE_SET_UP = {
    "besieger_engine_points": 100,
    "besieged_engine_points": 0,
    "ladders": 2,
    "ladder_wall": "W3",
    "rams": 0,
    "covered_rams": 1,
    "siege_towers": 0,
    "dice": "app",
    "seed": 11,
}
UNITS = (
    ("Chevaliers du Royaume avec bannière de la Dame du Lac", 8, 240, {"M": 4, "WS": 4, "BS": 3, "S": 3, "T": 3,
     "W": 1, "I": 3, "A": 1, "Ld": 8}),
    ("Hommes d'armes", 20, 130, {"M": 4, "WS": 2, "BS": 2, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5}),
)  # fmt: skip


def kind_of(path: str) -> str:
    """Pages that differ only by a number are one kind, except a campaign's own pages (each battle, territory
    and army is visited: a castle's page draws its fort, a skirmish's shows its bands)."""
    return path if path.startswith("/campaigns/") else re.sub(r"\d+", "N", path)


def links_on(page: Page, origin: str) -> Iterator[str]:
    for href in page.eval_on_selector_all(
        "a[href]", "links => links.map((a) => new URL(a.getAttribute('href'), document.baseURI).href)"
    ):
        parts = urlsplit(href)
        if f"{parts.scheme}://{parts.netloc}" == origin and not NOT_FOLLOWED.search(parts.path):
            yield parts.path


def crawl(page: Page, live_server: LiveServer, username: str | None, language: str, seen: Crawl) -> None:
    log_in_as(page, live_server, username, language)
    who = f"{username or 'signed out'} ({language})"
    queue, visited = ["/"], seen.visited.setdefault(who, set())
    while queue and len(visited) < MOST_PAGES:
        path = queue.pop(0)
        kind = kind_of(path)
        if kind in visited or (SHARED.match(path) and kind in seen.shared_seen):
            continue
        visited.add(kind)
        if SHARED.match(path):
            seen.shared_seen.add(kind)
        response = page.goto(path)
        assert response is not None
        assert response.ok, f"{who}: {path} answered {response.status}"
        if path in DRAWN_LATER:
            page.locator(DRAWN_LATER[path]).first.wait_for()
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            culprits = "; ".join(page.evaluate(OFFENDERS, PHONE["width"]))
            seen.wide.append(f"{who} {page.url.removeprefix(live_server.url)}: {width} px — {culprits}")
        queue.extend(links_on(page, live_server.url))


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_fits_a_375_px_phone(page: Page, live_server: LiveServer, language: str) -> None:
    campaign = the_moved_on_demo()
    page.set_viewport_size(PHONE)
    seen = Crawl()
    for username in ("organisateur", "chloe", "membre", None):
        crawl(page, live_server, username, language, seen)
    assert seen.wide == [], f"{len(seen.wide)} pages wider than {PHONE['width']} px:\n" + "\n".join(seen.wide)
    # the crawl reached each login's pages: the campaign's, the organiser's, a player's, the shared ones
    organiser, player = seen.visited[f"organisateur ({language})"], seen.visited[f"chloe ({language})"]
    battles = {p for p in organiser if re.fullmatch(rf"/campaigns/{campaign.pk}/battles/\d+/", p)}
    assert len(battles) == Battle.objects.filter(campaign=campaign).count()
    assert {f"/campaigns/{campaign.pk}/manage/", "/setup/N/map/", "/setup/N/forts/"} <= organiser
    assert {f"/campaigns/{campaign.pk}/orders/", "/tracker/N/", "/simulations/N/"} <= player
    assert {"/odds/", "/assistants/confrontation/", "/api/docs/"} <= seen.shared_seen
    assert "/accounts/login/" in seen.visited[f"signed out ({language})"]


def test_the_menu_folds_into_a_button_on_a_phone_and_opens_as_a_bar_on_a_wide_screen(
    page: Page, live_server: LiveServer
) -> None:
    load_demo()
    log_in_as(page, live_server, "organisateur", "fr")
    page.set_viewport_size(PHONE)
    page.goto("/campaigns/")
    menu = page.get_by_role("navigation", name="Menu principal")
    log_out = page.get_by_role("button", name="Déconnexion")
    expect(log_out).to_be_hidden()
    page.locator("summary", has_text="Menu").click()
    expect(menu.get_by_role("link", name="Chances")).to_be_visible()
    expect(log_out).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/campaigns/")
    expect(page.locator("summary", has_text="Menu")).to_be_hidden()
    expect(menu.get_by_role("link", name="Simulateur")).to_be_visible()
    expect(log_out).to_be_visible()
