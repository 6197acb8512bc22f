"""A Content-Security-Policy on every page: scripts and style sheets from the site only, nothing inline to run.

The browser tests (tests/browser) check that it blocks nothing the pages need: their ``page`` fixture fails a test on
any violation Chromium reports."""

from __future__ import annotations

import pytest
from django.test import Client


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/accounts/login/", "/api/schema/", "/healthz"])
def test_every_answer_carries_the_policy(client: Client, path: str) -> None:
    policy = directives(client.get(path)["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_styles_or_evaluate_code(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false, "allowEval": false""" in page
    assert "<script>" not in page
    assert "<style" not in page
