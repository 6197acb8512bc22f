"""The odds lab is open to anyone, within a budget of questions a minute per address, pages and API together."""

from __future__ import annotations

import math
import re
import secrets
import time

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db


def fresh_address() -> str:
    """An address of the documentation range (RFC 3849) that no other test, in any test process, asks from: the
    budget counts in Redis, which they all share."""
    return f"2001:db8::{secrets.token_hex(2)}:{secrets.token_hex(2)}"


@pytest.fixture(autouse=True)
def budget(settings: Settings) -> None:
    settings.ODDS_REQUESTS_PER_MINUTE = 3


@pytest.fixture
def address() -> str:
    return fresh_address()


def from_address(address: str, **headers: str) -> Client:
    return Client(REMOTE_ADDR=address, headers={"Accept-Language": "en", **headers})


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_an_address_over_its_budget_is_told_when_to_ask_again(address: str) -> None:
    client = from_address(address)
    asking = time.monotonic()
    for _ in range(3):
        assert client.get("/odds/ladder-pushback/", {"helpers": 1}).status_code == 200
    refused = client.get("/odds/ladder-pushback/", {"helpers": 1})
    took = time.monotonic() - asking
    assert refused.status_code == 429
    # the oldest of the three questions leaves the minute's window a minute after it was asked, less the time the
    # questions took, however loaded the machine
    seconds = int(refused["Retry-After"])
    assert 60 - math.ceil(took) - 1 <= seconds <= 60
    assert f"This address has asked more than 3 questions in a minute. Ask again in {seconds} seconds." in text(refused)
    assert "With 1 helper" not in text(refused)
    # another address still has its own budget
    assert from_address(fresh_address()).get("/odds/ladder-pushback/", {"helpers": 1}).status_code == 200


def test_the_pages_and_the_api_share_the_budget_whoever_is_logged_in(address: str, django_user_model: type) -> None:
    client = from_address(address)
    client.force_login(django_user_model.objects.create_user("lea"))
    assert client.get("/odds/").status_code == 200
    assert client.get("/api/odds/").status_code == 200
    assert from_address(address).get("/api/odds/mining/").status_code == 200
    refused = client.get("/api/odds/mining/")
    assert refused.status_code == 429
    assert "Retry-After" in refused
    assert set(refused.json()) == {"detail"}
    assert client.get("/odds/").status_code == 429


def test_an_htmx_question_over_the_budget_gets_the_message_in_place_of_the_answer(address: str) -> None:
    client = from_address(address, HX_Request="true")
    for _ in range(3):
        client.get("/odds/mining/", {"turns": 3})
    refused = client.get("/odds/mining/", {"turns": 3})
    # HTMX swaps successful answers only: the refusal comes as the answer
    assert refused.status_code == 200
    body = text(refused)
    assert body.startswith('<section id="odds-answer"')
    assert "This address has asked more than 3 questions in a minute." in body
    assert "<html" not in body


def test_a_forwarded_for_header_written_by_the_client_buys_no_new_budget(address: str) -> None:
    for n in range(3):
        assert from_address(address, X_Forwarded_For=f"198.51.100.{n}").get("/odds/").status_code == 200
    assert from_address(address, X_Forwarded_For="198.51.100.99").get("/odds/").status_code == 429


def test_the_french_refusal_speaks_french(address: str) -> None:
    client = from_address(address, Accept_Language="fr")
    for _ in range(3):
        client.get("/odds/")
    refused = client.get("/odds/")
    assert refused.status_code == 429
    assert "Trop de questions" in text(refused)
    assert "Cette adresse a posé plus de 3 questions en une minute." in text(refused)


def test_without_a_budget_nothing_is_refused(address: str, settings: Settings) -> None:
    settings.ODDS_REQUESTS_PER_MINUTE = 0
    client = from_address(address)
    assert all(client.get("/api/odds/").status_code == 200 for _ in range(5))
