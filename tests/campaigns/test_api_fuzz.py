"""Schemathesis against the served OpenAPI schema: every operation, as a player and as the organiser of the demo
campaign, with generated and deliberately broken input, answers no 5xx and nothing the schema does not describe.

The examples are few and seeded, so that the run stays within a minute or two on the CI's two cores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from campaigns.models import Campaign
from tests.demo import load_demo

from .demo_helpers import member, second_turn

pytestmark = pytest.mark.django_db

CHECKS: list[Callable] = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
EXAMPLES = 15
CSRF_TOKEN = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"  # 32 letters, as Django's own tokens


@pytest.fixture
def in_test_transaction() -> Iterator[None]:
    """The site served in-process keeps the test's database connection open, as Django's test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def logged_in(campaign: Campaign, username: str) -> tuple[dict[str, str], dict[str, str]]:
    """The cookies of a member's session with a CSRF token, and the header that repeats the token, as a browser
    sends them."""
    client = Client()
    client.force_login(member(campaign, username).user)
    cookies = {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF_TOKEN}
    return cookies, {"X-CSRFToken": CSRF_TOKEN}


@pytest.mark.parametrize("username", ["alice", "organisateur"])
@pytest.mark.usefixtures("in_test_transaction")
def test_the_api_keeps_to_its_schema_under_generated_input(username: str) -> None:
    campaign = load_demo()
    second_turn(campaign)
    cookies, headers = logged_in(campaign, username)
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", WSGIHandler(), headers={"Cookie": cookie})
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 9
    for operation in operations:
        # the demo campaign's id, so that the operations reach its data instead of answering 404
        path = {"id": campaign.pk} if "{id}" in operation.path else None
        strategies = [operation.as_strategy(mode, path_parameters=path) for mode in GenerationMode]

        @seed(15)
        @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(case=st.one_of(strategies))
        def check(case: schemathesis.Case) -> None:
            response = case.call(headers=headers, cookies=cookies)
            case.validate_response(response, checks=CHECKS, headers=headers)

        check()
