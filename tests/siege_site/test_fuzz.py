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
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
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
STRINGS = ["é" * 1500, "%00"]
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
    ids = [world.campaign.pk, world.tracked.pk, world.skirmish.pk, HUGE, 2**63]
    found = []
    for route, _entry in patterns():
        if route.startswith(NOT_SWEPT):
            continue
        values = ids + STRINGS if "<" in route else [None]
        found += [(route, fill(route, value)) for value in values]
    return found


def raised(response: Any) -> str:
    """The exception behind a server error, and where it was raised."""
    if not getattr(response, "exc_info", None):
        return ""
    frame = traceback.extract_tb(response.exc_info[2])[-1]
    return f"{response.exc_info[1]!r} at {frame.filename}:{frame.lineno}"


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
        fault = f"{what}: {response.status_code} {raised(response)}"
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
    names = ["action", "seq", "dice", "option", "text", "games", "pk", "name", "band_a", "band_b", "code", "side",
             "target", "kind", "withdraw", "winner", "attacker_losses", "defender_losses", "faction", "rule_system",
             "points", "territory", "army", "role", "user", "seed"]  # fmt: skip
    return {name: rng.choice(GARBAGE) for name in rng.sample(names, 10)}


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
            for method in ("put", "patch", "delete", "options"):
                refused_or_done(clients["organisateur"], method, address, faults, data=nested)
            refused_or_done(clients["organisateur"], "head", address, faults)
        routes.add(route)
    assert faults == [], "\n".join(faults)


# The forms and endpoints that take the most input ------------------------------------------------------------------

ERROR = re.compile(r'class="error|class="errorlist|role="alert"')
"""A form's refusal, next to its field or above the form."""
OUT_OF_TYPE = ["abc", HUGE, "-" + HUGE, "1e309", "1.5", "\x00", MEGABYTE]


def test_each_odds_parameter_out_of_its_type_or_bounds_is_refused_under_its_name_on_the_page_and_the_api(
    world: World,
) -> None:
    from oddslab.mechanics.base import ParamType
    from oddslab.selectors import mechanics

    rng = random.Random(7)
    client = client_of("bruno", raise_errors=False)
    for mechanic in mechanics():
        for param in mechanic.params:
            if param.type is ParamType.BOOLEAN:
                continue  # a box ticked or not: any text reads as one of the two
            # a query string of a megabyte never passes a web server's limit on an address (8 kB at most)
            wrong = rng.sample([*OUT_OF_TYPE[:-1], "9" * 8000], 2)
            if param.type is ParamType.INTEGER:
                wrong += [str(param.low - 1), str(param.high + 1)]  # type: ignore[operator]
            for value in wrong:
                status, body = refused_or_done(client, "get", f"/api/odds/{mechanic.slug}/", data={param.name: value})
                assert status == 400, (mechanic.slug, param.name, value[:40], status)
                assert param.name in json.loads(body), (mechanic.slug, param.name, value[:40], body[:300])
                status, body = refused_or_done(client, "get", f"/odds/{mechanic.slug}/", data={param.name: value})
                assert status == 400, (mechanic.slug, param.name, value[:40], status)
                assert ERROR.search(body), (mechanic.slug, param.name, value[:40])
        # every bound at once, high then low: an answer or a refusal naming the combination, in time
        for end in ("high", "low"):
            query = {p.name: getattr(p, end) for p in mechanic.params if p.type is ParamType.INTEGER}
            status, _body = refused_or_done(client, "get", f"/api/odds/{mechanic.slug}/", data=query)
            assert status in (200, 400), (mechanic.slug, end, status)


def post_refused(client: Client, address: str, data: Any, **kwargs: Any) -> str:
    """A broken post: refused on the page it came from (or a 4xx), nothing written."""
    before = row_counts()
    status, body = refused_or_done(client, "post", address, data=data, **kwargs)
    assert row_counts() == before, (address, str(data)[:200])
    assert status in (200, 400, 403, 404, 409) or (status == 302), (address, status)
    return body


ACTIONS = ["{", "[]", "null", "1e999", DEEP, '{"name": 1}', json.dumps({"name": MEGABYTE}, ensure_ascii=False),
           "\x00", '"move"',
           json.dumps({"name": "move", "to": json.loads("[" * 500 + "]" * 500)}), '{"name": "charge", "unit": -1}',
           json.dumps({"name": "shoot", "count": 10**30})]  # fmt: skip
DICE = ["1 2 x", "9999", "-1", "1 " * 1000, MEGABYTE, "٣", "1,,2", HUGE]


@pytest.mark.parametrize("which", ["tracked", "skirmish"])
def test_broken_actions_dice_options_and_sequence_numbers_are_refused_by_the_tracker_with_a_message(
    world: World, which: str
) -> None:
    tracked = getattr(world, which)
    player = tracked.besieged.username
    client = client_of(player, raise_errors=False)
    act, undo = f"/tracker/{tracked.pk}/act/", f"/tracker/{tracked.pk}/undo/"
    seq = str(tracked.seq)
    broken: list[dict[str, str]] = [{"seq": seq, "action_json": action} for action in ACTIONS]
    broken += [{"seq": seq, "option": "0", "dice": dice} for dice in DICE]
    broken += [{"seq": seq, "option": option} for option in ("-5", HUGE, "abc", "")]
    broken += [{"seq": value, "option": "0"} for value in (HUGE, "-1", "x", MEGABYTE)]
    broken += [{"seq": seq, "option": "0", "actors": MEGABYTE, "target": MEGABYTE, "count-1": HUGE, "strength": HUGE}]
    for data in broken:
        body = post_refused(client, act, data, HTTP_HX_REQUEST="true")
        assert ERROR.search(body), (which, str(data)[:200])
    for value in (HUGE, "-1", "x", seq):  # nothing to undo yet, whatever the number
        post_refused(client, undo, {"seq": value}, HTTP_HX_REQUEST="true")
    # over the site's size for a request: the site's page says so, in French
    body = post_refused(client, act, {"seq": seq, "action_json": "x" * 3_000_000}, HTTP_HX_REQUEST="true")
    assert "Requête refusée" in body
    assert 'lang="fr"' in body


def test_a_band_of_every_broken_shape_is_refused_with_the_rule_and_the_band_before_kept() -> None:
    from campaigns.models import Battle
    from campaigns.rule_systems.services import set_rule_system
    from tests.campaigns.demo_helpers import member
    from tests.demo import load_demo

    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege", winner="")
    set_rule_system(battle=battle, rule_system="freres", by=member(campaign, "organisateur"))
    client = client_of("chloe", raise_errors=False)
    address = f"/campaigns/{campaign.pk}/battles/{battle.pk}/band/defender/"
    texts = [MEGABYTE, "knight " + " ".join([HUGE] * 6), "\x00", "a 1 2 3 4 5 6\n" * 20_000, "knight 1 2 3",
             "knight -1 -1 -1 -1 -1 -1", "knight 5 5 5 5 5 5 armour=" + HUGE, ""]  # fmt: skip
    for text in texts:
        body = post_refused(client, address, {"text": text})
        assert ERROR.search(body), text[:60]


def form_data(form_class: type, prefix: str) -> dict[str, str]:
    """Each field of a form with its initial value or its first choice."""
    form = form_class(prefix=prefix)
    data = {}
    for name, field in form.fields.items():
        value = form[name].initial
        if value is None and getattr(field, "choices", None):
            value = next(iter(field.choices))[0]
        data[form.add_prefix(name)] = "" if value is None else str(value)
    return data


def test_the_assistants_forms_with_any_field_broken_answer_without_a_server_error(world: World) -> None:
    from assistants.forms import MeleeForm, ShotForm, WoundForm

    rng = random.Random(11)
    client = client_of("bruno", raise_errors=False)
    for name, form_class in (("melee", MeleeForm), ("shot", ShotForm), ("wound", WoundForm)):
        base = form_data(form_class, name)
        for field in base:
            for value in rng.sample([*OUT_OF_TYPE, "", "-1", "٣"], 3):
                status, _body = refused_or_done(client, "post", f"/assistants/confrontation/{name}/",
                                               data={**base, field: value}, HTTP_HX_REQUEST="true")  # fmt: skip
                assert status in (200, 400), (name, field, value[:40], status)


def test_the_simulator_and_the_trackers_new_games_refuse_broken_forms_naming_the_field(world: World) -> None:
    from django.contrib.auth import get_user_model

    from simulations.forms import RunForm
    from simulations.selectors import runs_page
    from tracker.forms_skirmish import OneOffSkirmishForm

    client = client_of("bruno", raise_errors=False)
    plans = runs_page(get_user_model().objects.get(username="bruno")).demo_plans
    run = {key: str(value) for key, value in RunForm.initial_of(plans).items()}
    for field, value in [("games", HUGE), ("games", "-1"), ("games", str(10**9)), ("games", "1e309"),
                         ("seed", HUGE), ("garrison", MEGABYTE), ("garrison", "W3 halberdier " + HUGE),
                         ("ladders", "W3," * 100_000), ("braziers", "W3:" + MEGABYTE), ("stones", "W3:" + HUGE),
                         ("ram_crew", HUGE), ("fort_points", HUGE), ("machines", "gate:" * 10_000),
                         ("tower", "\x00"), ("mine", "é" * 5000)]:  # fmt: skip
        body = post_refused(client, "/simulations/", {**run, field: value})
        assert ERROR.search(body), (field, value[:40])
    skirmish = form_data(OneOffSkirmishForm, "")
    skirmish = {key.lstrip("-"): value for key, value in skirmish.items()}
    for field, value in [("band_a", MEGABYTE), ("band_b", "knight " + HUGE), ("seed", HUGE), ("opponent", "\x00"),
                         ("opponent", "é" * 5000), ("my_band", "c"), ("dice", MEGABYTE)]:  # fmt: skip
        body = post_refused(client, "/tracker/skirmish/new/", {**skirmish, field: value})
        assert ERROR.search(body), (field, value[:40])
    for field, value in [("besieged_points", HUGE), ("besieged_points", "-" + HUGE), ("ladders", HUGE),
                         ("ladder_wall", MEGABYTE), ("seed", HUGE), ("opponent", "\x00")]:  # fmt: skip
        body = post_refused(client, "/tracker/new/", {field: value})
        assert ERROR.search(body), (field, value[:40])


class Forms(HTMLParser):
    """The forms a page posts: their address and their fields as the page fills them."""

    def __init__(self, here: str) -> None:
        super().__init__()
        self.here = here
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._form: dict[str, str] | None = None
        self._select = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "form" and named.get("method", "get").lower() == "post":
            self._form = {}
            self.forms.append((named.get("action") or named.get("hx-post") or self.here, self._form))
        elif self._form is not None and tag in ("input", "textarea", "select", "button") and named.get("name"):
            if named.get("type") in ("checkbox", "radio") and "checked" not in named:
                return
            self._form.setdefault(named["name"], named.get("value", ""))
            self._select = named["name"] if tag == "select" else ""
        elif tag == "option" and self._select and self._form is not None:
            self._form[self._select] = named.get("value", "")
            self._select = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def test_every_form_the_organiser_and_a_player_reach_with_any_field_broken_answers_without_a_server_error(
    world: World,
) -> None:
    from .test_crawl import crawl

    rng = random.Random(5)
    faults: list[str] = []
    tried: set[tuple[str, str, tuple[str, ...]]] = set()
    for role in ("organisateur", "chloe"):
        client = client_of(role, raise_errors=False)
        for here, (status, _to, body) in crawl(client_of(role), world).items():
            if status != 200 or not body:
                continue
            parser = Forms(here)
            parser.feed(body)
            for action, fields in parser.forms:
                key = (role, action.split("?")[0], tuple(sorted(fields)))
                if action.startswith(("/accounts/logout/", "/i18n/")) or key in tried:
                    continue
                tried.add(key)
                for name in [n for n in fields if n != "csrfmiddlewaretoken"]:
                    value = rng.choice([*GARBAGE, MEGABYTE])
                    refused_or_done(client, "post", action, faults, data={**fields, name: value})
    assert len(tried) > 40  # the rosters, orders, bands, set-up, tracker, simulator and assistants' forms
    assert faults == [], "\n".join(faults)
