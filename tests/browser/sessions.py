"""Browser tests that are not about logging in start signed in: a session made on the server, handed to Chromium."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer


def log_in_as(page: Page, live_server: LiveServer, username: str | None, language: str) -> None:
    """A fresh session for ``username`` (None: signed out), in ``language``; no login form, so no lock-out."""
    page.context.clear_cookies()
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    if username is not None:
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url})
    page.context.add_cookies(cookies)
