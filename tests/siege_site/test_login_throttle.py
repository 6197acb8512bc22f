"""Password guessing is cut short, through the login form and through the API; the API takes sessions and tokens,
never HTTP Basic."""

from __future__ import annotations

import base64

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "le-bon-mot-de-passe-42"
GUESSES = 100


@pytest.fixture
def victim(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("victime", password=PASSWORD)


def log_in(client: Client, password: str) -> int:
    return client.post(reverse("login"), {"username": "victime", "password": password}).status_code


def token_for(client: Client, password: str) -> tuple[int, dict[str, str]]:
    answer = client.post(reverse("api-token"), {"username": "victime", "password": password})
    return answer.status_code, answer.json() if answer["Content-Type"] == "application/json" else {}


def wait_out_the_cool_off() -> None:
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - settings.AXES_COOLOFF_TIME)


def test_a_hundred_wrong_passwords_lock_the_login_form_even_to_the_right_one(client: Client, victim: User) -> None:
    answers = [log_in(client, f"essai-{n}") for n in range(GUESSES)]
    assert answers[0] == 200  # the form again, with its error
    assert answers[-1] == 429
    assert answers.count(200) == settings.AXES_FAILURE_LIMIT - 1
    refused = client.post(reverse("login"), {"username": "victime", "password": PASSWORD})
    assert refused.status_code == 429
    assert "Trop de tentatives de connexion" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    wait_out_the_cool_off()
    assert log_in(client, PASSWORD) == 302


def test_a_hundred_wrong_passwords_lock_the_api_token_even_to_the_right_one(client: Client, victim: User) -> None:
    answers = [token_for(client, f"essai-{n}")[0] for n in range(GUESSES)]
    assert answers[0] == 400
    assert answers[-1] == 429
    status, body = token_for(client, PASSWORD)
    assert status == 429
    assert "token" not in body
    wait_out_the_cool_off()
    status, body = token_for(client, PASSWORD)
    assert status == 200
    assert len(body["token"]) == 40


def test_scripts_use_a_token_and_http_basic_is_refused(client: Client, victim: User) -> None:
    basic = base64.b64encode(f"victime:{PASSWORD}".encode()).decode()
    assert client.get("/api/campaigns/", headers={"Authorization": f"Basic {basic}"}).status_code in (401, 403)
    status, body = token_for(client, PASSWORD)
    assert status == 200
    answer = Client().get("/api/campaigns/", headers={"Authorization": f"Token {body['token']}"})
    assert answer.status_code == 200
    assert Client().get("/api/campaigns/", headers={"Authorization": "Token " + "0" * 40}).status_code in (401, 403)
