"""In real Chromium: the API's documentation (Swagger UI) renders under the site's own Content-Security-Policy,
its scripts and styles all files of the site's, none inline."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.sessions import log_in_as
from tests.demo import load_demo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# every violation, whether or not the browser also writes it to the console
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def test_the_api_documentation_lists_the_operations_with_nothing_refused(page: Page, live_server: LiveServer) -> None:
    load_demo()
    log_in_as(page, live_server, "organisateur", "fr")
    console: list[str] = []
    page.on("console", lambda message: console.append(_line(message)))
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto("/api/docs/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]

    expect(page.get_by_role("heading", name="Siege campaigns API")).to_be_visible()
    paths = page.locator(".opblock-summary-path")
    expect(paths.filter(has_text="/api/campaigns/").first).to_be_visible()
    expect(paths.filter(has_text="/api/odds/").first).to_be_visible()
    assert paths.count() >= 10
    # an operation opens on a tap and shows its parameters
    paths.filter(has_text="/api/campaigns/{id}/").first.click()
    expect(page.locator(".opblock.is-open .parameters-container")).to_be_visible()

    assert page.evaluate("window.cspViolations") == []
    assert [line for line in console if "Content Security Policy" in line] == []


def _line(message: ConsoleMessage) -> str:
    return f"{message.type}: {message.text}"
