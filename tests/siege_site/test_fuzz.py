"""Every address of the site, by every method, with broken input: ids out of range, huge or absent, query strings
and bodies of the wrong types, a megabyte of text, deep nesting, unicode, signs and sizes no field takes. Never a
server error; a refusal (4xx) writes nothing. The forms and endpoints that take the most input (odds, the tracker's
actions and undo, bands, the assistants, the simulator) answer with a message naming the parameter or the rule.

Seeded and bounded, the Django test client in the test's transaction."""

from __future__ import annotations

import json
import random
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from .site_world import World, client_of, demo_world, row_counts

pytestmark = pytest.mark.django_db

MEGABYTE = "é" * (1 << 19)  # a megabyte in UTF-8
HUGE = "9" * 40
DEEP = "[" * 100_000 + "]" * 100_000
GARBAGE = ["", "-1", HUGE, "-" + HUGE, "1e309", "NaN", "٣", "１２", "\x00", "<b>x</b>", "x" * 5000, "1.5", "[]"]
STRINGS = ["é" * 200, "%00", "x" * 3000]
NOT_SWEPT = ("admin/", "accounts/logout/", "i18n/", "api/docs/", "api/schema/", "healthz")
"""Django's own, the end of the session, the language, the schema's pages; the health check answers on the
services, whatever is asked."""
SECONDS = 30
"""A request that has not answered by then holds the worker."""


@contextmanager
def answered_in_time(what: str) -> Iterator[None]:
    def hold(_signal: int, _frame: object) -> None:
        raise AssertionError(f"{what} held the worker for {SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hold)
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    """Each route of the site as its route text (``campaigns/<int:pk>/``), regex routes left out."""
    for entry in (resolver or get_resolver()).url_patterns:
        if not isinstance(entry.pattern, RoutePattern):
            continue
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from patterns(entry, route)
        else:
            yield route, entry


def fill(route: str, value: Any) -> str:
    def one(match: re.Match[str]) -> str:
        converter = match.group(1) or "str"
        if converter == "int":
            return str(value) if str(value).isdigit() else "0"
        return str(value)

    return "/" + re.sub(r"<(?:(\w+):)?\w+>", one, route)


def addresses(world: World) -> list[tuple[str, str]]:
    ids = [world.campaign.pk, world.tracked.pk, world.skirmish.pk, 0, HUGE, 2**63]
    found = []
    for route, _entry in patterns():
        if route.startswith(NOT_SWEPT):
            continue
        values = ids + STRINGS if "<" in route else [None]
        found += [(route, fill(route, value)) for value in values]
    return found


def refused_or_done(
    client: Client, method: str, address: str, faults: list[str] | None = None, **kwargs: Any
) -> tuple[int, str]:
    """The status and body, after checking that a refusal wrote nothing; a fault is added to ``faults`` if given,
    raised otherwise."""
    before = row_counts() if method != "get" else {}
    fault = ""
    with answered_in_time(f"{method} {address[:200]}"):
        response = getattr(client, method)(address, **kwargs)
    what = f"{method} {address[:120]} {str(kwargs)[:120]}"
    if response.status_code >= 500:
        fault = f"{what}: {response.status_code} {getattr(response, 'exc_info', None) and response.exc_info[1]!r}"
    elif method != "get" and 400 <= response.status_code < 500 and row_counts() != before:
        fault = f"{what}: refused ({response.status_code}) but wrote"
    if fault and faults is None:
        raise AssertionError(fault)
    if fault and faults is not None:
        faults.append(fault[:400])
    return response.status_code, response.content.decode(errors="replace")


@pytest.fixture
def world() -> World:
    return demo_world()


def garbage_body(rng: random.Random) -> dict[str, str]:
    names = ["action", "seq", "dice", "option", "text", "games", "pk", "name", "band_a", "band_b", "code", "side"]
    return {name: rng.choice(GARBAGE) for name in rng.sample(names, 6)}


def test_every_address_by_every_method_with_broken_ids_and_bodies_answers_without_a_server_error(
    world: World,
) -> None:
    rng = random.Random(2026)
    clients = {role: client_of(role, raise_errors=False) for role in ("anonymous", "bruno", "organisateur")}
    swept = addresses(world)
    assert len(swept) > 300
    faults: list[str] = []
    nested = json.dumps({"a": json.loads("[" * 50 + "]" * 50)})
    routes = set()
    for route, address in swept:
        for role, client in clients.items():
            query = {"section": rng.choice(GARBAGE), "v": rng.choice(GARBAGE), "selected": rng.choice(GARBAGE)}
            if role != "anonymous" or route not in routes:
                refused_or_done(client, "get", address, faults, data=query)
            if role != "anonymous":
                refused_or_done(client, "post", address, faults, data=garbage_body(rng))
        if route not in routes:
            refused_or_done(clients["bruno"], "post", address, faults, data=nested, content_type="application/json")
        routes.add(route)
    assert faults == [], "\n".join(faults)
