from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client


@pytest.fixture
def member(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("lea")


@pytest.fixture
def english(client: Client, member: User) -> Client:
    """A logged-in user reading English."""
    client.force_login(member)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def french(client: Client, member: User) -> Client:
    client.force_login(member)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return client
