"""An API token lasts as long as the password it was given for: every way of setting a new password deletes it."""

from __future__ import annotations

import re

import pytest
from django.conf import global_settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db

OLD, NEW = "pw-player-123", "nouveau-rempart-9"


def token(password: str) -> str:
    answer = Client().post("/api/token/", {"username": "player", "password": password}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def api_status(key: str) -> int:
    """200 for a token that lets its script in; 403 with DRF's « Invalid token. » once it is gone."""
    answer = Client().get("/api/campaigns/", headers={"Authorization": f"Token {key}"})
    if answer.status_code != 200:
        assert answer.json() == {"detail": "Token non valide."}
    return answer.status_code


def test_a_password_changed_from_the_profile_ends_the_token(client: Client, player: User) -> None:
    key = token(OLD)
    assert api_status(key) == 200
    client.force_login(player)
    response = client.post(
        reverse("password_change"), {"old_password": OLD, "new_password1": NEW, "new_password2": NEW}
    )
    assert response["Location"] == reverse("password_change_done")
    assert api_status(key) == 403
    fresh = token(NEW)
    assert fresh != key
    assert api_status(fresh) == 200


def test_a_password_reset_by_e_mail_ends_the_token(client: Client, player: User) -> None:
    player.email = "player@example.org"
    player.save()
    key = token(OLD)
    client.post(reverse("password_reset"), {"email": "player@example.org"})
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link is not None, mail.outbox[0].body
    form_url = client.get(link.group(1)).url
    response = client.post(form_url, {"new_password1": NEW, "new_password2": NEW})
    assert response["Location"] == reverse("password_reset_complete")
    assert api_status(key) == 403


def test_a_password_set_in_the_admin_ends_the_token(client: Client, player: User) -> None:
    key = token(OLD)
    client.force_login(User.objects.create_superuser("chambellan", password="pw-admin-123"))
    response = client.post(
        reverse("admin:auth_user_password_change", args=[player.pk]), {"password1": NEW, "password2": NEW}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert api_status(key) == 403


def test_set_password_ends_the_token_as_manage_py_changepassword_does(player: User) -> None:
    key = token(OLD)
    player.set_password(NEW)
    player.save()
    assert api_status(key) == 403


def test_saving_the_account_or_logging_in_keeps_the_token(client: Client, player: User) -> None:
    key = token(OLD)
    player.first_name = "Jean"
    player.save()
    assert client.post(reverse("login"), {"username": "player", "password": OLD}).status_code == 302
    assert api_status(key) == 200


def test_a_hash_upgraded_at_login_keeps_the_token(client: Client, player: User, settings: Settings) -> None:
    # Django rewrites an older kind of hash of the same password when it is typed: no new password
    key = token(OLD)
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS  # production's, not the tests' fast one
    User.objects.filter(pk=player.pk).update(password=make_password(OLD, hasher="pbkdf2_sha1"))
    assert client.post(reverse("login"), {"username": "player", "password": OLD}).status_code == 302
    player.refresh_from_db()
    assert player.password.startswith("pbkdf2_sha256$")
    assert api_status(key) == 200
