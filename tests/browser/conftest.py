"""The browser tests' second phone: a tracker watched by the other player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from pytest_django.live_server_helper import LiveServer


@pytest.fixture
def second_phone(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """The other player's phone, in French, 375 px wide, in a context of its own (its own login)."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 375, "height": 812}, locale="fr-FR")
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()
