"""The browser tests' fixtures: one Debian Chromium per test session, driven by Playwright, a phone-sized page on
the live server, and a second phone for a tracker watched by the other player."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from pytest_django.live_server_helper import LiveServer

# Playwright's sync API keeps an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-features=Translate,OptimizationHints,MediaRouter,NetworkTimeServiceQuerying",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Debian Chromium per test session (per xdist worker), driven by Playwright."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A fresh browser context (no cookies) for one test, phone-sized, French by default like the clubs."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 412, "height": 860}, locale="fr-FR")
    context.set_default_timeout(15_000)
    page = context.new_page()
    # every browser test also checks that the Content-Security-Policy blocked nothing the pages need
    refused: list[str] = []
    page.on(
        "console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None
    )
    yield page
    context.close()
    assert refused == [], refused


@pytest.fixture
def second_phone(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """The other player's phone, in French, 375 px wide, in a context of its own (its own login)."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 375, "height": 812}, locale="fr-FR")
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()
