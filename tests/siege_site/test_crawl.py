"""Every page a visitor reaches from the home page and the apps' indexes, by the links and the HTMX addresses the
pages give, over the demo campaign with a siege and a skirmish under way: never a server error, the French pages in
French, and nobody's data to someone who may not see it."""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest
from django.test import Client
from django.utils import translation

from .site_world import ROLES, World, client_of, demo_world

pytestmark = pytest.mark.django_db

PAGES_PER_ROLE = 160
VARIANTS_PER_PATH = 3
"""The same address with other query strings: a few are enough."""
NOT_FOLLOWED = ("/accounts/logout/", "/admin/", "/static/", "/media/", "/i18n/", "/api/docs/")
PUBLIC = (
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/api/schema/",
    "/healthz",
    "/odds/",
    "/api/odds/",
)
"""What a visitor who is not logged in may read (the odds hold no campaign data)."""
PRIVATE = ("Waaagh! des Marais", "Ost d&#x27;Altdorf", "Garnison de Montfort", "Chevaliers du Graal")
"""The demo campaign's armies: its members' business only."""


class Links(HTMLParser):
    """The same-site addresses a page links to or asks HTMX to get, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.texts: list[str] = []
        self.lang = ""
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "html":
            self.lang = named.get("lang") or ""
        if tag in ("script", "style"):
            self._skip += 1
        for key in ("href", "hx-get"):
            value = named.get(key)
            if value and (key == "hx-get" or tag == "a"):
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(" ".join(data.split()))


def same_site(link: str, here: str) -> str | None:
    address, _fragment = urldefrag(link)
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    if parts.path.startswith(NOT_FOLLOWED):
        return None
    return address


def english_phrases() -> set[str]:
    """The English texts of the site that French renders otherwise: if one appears alone as a French page's text,
    it was left untranslated."""
    from django.utils.translation import trans_real

    catalog = trans_real.translation("fr")._catalog  # type: ignore[attr-defined]
    return {
        key
        for key, french in catalog.items()
        if isinstance(key, str) and key and french and french != key and "%" not in key and "{" not in key
        and re.search(r"[a-z]{3}", key) and len(key) > 3
    }  # fmt: skip


def starts(world: World) -> list[str]:
    campaign, siege = world.campaign.pk, world.siege.pk
    return [
        "/",
        "/campaigns/",
        f"/campaigns/{campaign}/",
        f"/campaigns/{campaign}/battles/{siege}/",
        "/odds/",
        "/tracker/",
        f"/tracker/{world.tracked.pk}/",
        f"/tracker/{world.skirmish.pk}/",
        "/simulations/",
        "/assistants/confrontation/",
        "/accounts/profile/",
        "/setup/",
    ]


def crawl(client: Client, world: World) -> dict[str, tuple[int, str, str]]:
    """Breadth first from the starts: each address's status, where it redirects to and its body."""
    seen: dict[str, tuple[int, str, str]] = {}
    variants: dict[str, int] = {}
    queue = deque(starts(world))
    queued = set(queue)
    while queue and len(seen) < PAGES_PER_ROLE:
        address = queue.popleft()
        path = urlsplit(address).path
        if variants.get(path, 0) >= VARIANTS_PER_PATH:
            continue
        variants[path] = variants.get(path, 0) + 1
        response = client.get(address)
        body = response.content.decode(errors="replace") if "html" in response.get("Content-Type", "") else ""
        seen[address] = (response.status_code, response.get("Location", ""), body)
        links = [response["Location"]] if response.status_code in (301, 302) else []
        if body:
            parser = Links()
            parser.feed(body)
            links += parser.found
        for link in links:
            found = same_site(link, address)
            if found and found not in queued:
                queued.add(found)
                queue.append(found)
    return seen


@pytest.fixture
def world() -> World:
    return demo_world()


def test_no_page_reached_by_any_visitor_is_a_server_error_and_nobody_reads_what_is_not_theirs(world: World) -> None:
    english = english_phrases()
    assert "Campaigns" in english  # the site's English texts, as the French catalogue renders them otherwise
    reached: dict[str, dict[str, tuple[int, str, str]]] = {}
    for role in ROLES:
        with translation.override("fr"):
            reached[role] = crawl(client_of(role), world)
    assert len(reached["organisateur"]) > 40, sorted(reached["organisateur"])  # the crawl went through the site
    assert f"/tracker/{world.tracked.pk}/" in reached["chloe"]
    assert reached["stranger"][f"/tracker/{world.tracked.pk}/"][0] == 404  # a campaign's siege: its members only
    assert reached["stranger"][f"/tracker/{world.skirmish.pk}/"][0] == 404  # a one-off game: its players only
    for role, pages in reached.items():
        errors = {address: status for address, (status, _to, _body) in pages.items() if status >= 500}
        assert errors == {}, (role, errors)
        for address, (status, _to, body) in pages.items():
            if status != 200 or "<html" not in body:
                continue
            parser = Links()
            parser.feed(body)
            assert parser.lang == "fr", (role, address, parser.lang)
            untranslated = sorted({text for text in parser.texts if text in english})
            assert untranslated == [], (role, address, untranslated)
        if role in ("anonymous", "stranger"):
            leaks = {address for address, (_s, _to, body) in pages.items() if any(p in body for p in PRIVATE)}
            assert leaks == set(), (role, leaks)
    # every address a member reached, asked by a visitor not logged in: the login page, a refusal, never the page
    anonymous = client_of("anonymous")
    members = {address for role in ROLES[1:] for address in reached[role]}
    for address in sorted(members):
        if urlsplit(address).path.startswith(PUBLIC):
            continue
        response = anonymous.get(address)
        if response.status_code in (301, 302):
            assert response["Location"].startswith("/accounts/login/") or address == "/", (
                address,
                response["Location"],
            )
            continue
        assert response.status_code in (401, 403, 404, 405), (address, response.status_code)
        body = response.content.decode(errors="replace")
        assert not any(p in body for p in PRIVATE), address
