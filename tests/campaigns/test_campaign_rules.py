"""The campaign's rules where the supplement is silent, as the README states them: an invitation code brings in at
most INVITATION_PLAYER_LIMIT players, and only until the first turn is resolved; a faction (an army book) may be
shared, and changes only between turns; the password change counts wrong old passwords as the login does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from campaigns.models import Campaign, CampaignMembership, Role
from campaigns.services import choose_faction, join_with_code

from .demo_helpers import as_member, member, second_turn

pytestmark = pytest.mark.django_db


def newcomer(django_user_model: type[User], name: str) -> User:
    return django_user_model.objects.create_user(name, password=f"pw-{name}-12345")


def test_the_invitation_code_brings_in_players_up_to_the_limit(
    campaign: Campaign, django_user_model: type[User], settings: Settings
) -> None:
    settings.INVITATION_PLAYER_LIMIT = 3  # the fixture's campaign has one player already
    code = campaign.settings.invite_code
    for name in ("anna", "boris"):
        assert join_with_code(code=code, user=newcomer(django_user_model, name)).role == Role.PLAYER
    late = newcomer(django_user_model, "carla")
    with pytest.raises(ValidationError, match="a ses 3 joueurs : demandez à son organisateur de vous ajouter"):
        join_with_code(code=code, user=late)
    assert not CampaignMembership.objects.filter(user=late).exists()
    # a member following the link again is let in as they are
    assert join_with_code(code=code, user=User.objects.get(username="anna")).campaign == campaign


def test_the_invitation_code_stops_once_the_first_turn_is_resolved(
    demo: Campaign, django_user_model: type[User]
) -> None:
    late = newcomer(django_user_model, "carla")
    client = Client()
    client.force_login(late)
    page = client.post(reverse("campaigns:join"), {"code": demo.settings.invite_code}).content.decode()
    assert "a commencé : son code d’invitation ne fait plus entrer de joueurs" in page
    assert not CampaignMembership.objects.filter(user=late).exists()


def test_two_players_may_share_a_faction(demo: Campaign) -> None:
    second_turn(demo)
    demo.turns.update(state="complete")
    alice, bruno = member(demo, "alice"), member(demo, "bruno")
    choose_faction(membership=bruno, faction=alice.faction)
    assert CampaignMembership.objects.get(pk=bruno.pk).faction == alice.faction


def test_a_faction_does_not_change_mid_turn(demo: Campaign) -> None:
    turn = second_turn(demo)  # turn 2, orders open
    alice = member(demo, "alice")
    before, other = alice.faction, "dwarfs"
    assert before == "empire"
    page = as_member(demo, "alice").post(reverse("campaigns:faction", args=[demo.pk]), {"faction": other})
    assert page.status_code == 200
    assert f"ne change qu’entre deux tours : le tour {turn.number} est en cours" in page.content.decode()
    assert CampaignMembership.objects.get(pk=alice.pk).faction == before
    demo.turns.update(state="complete")
    choose_faction(membership=alice, faction=other)
    assert CampaignMembership.objects.get(pk=alice.pk).faction == other


@pytest.fixture
def no_failures(player: User) -> Iterator[None]:
    cache.delete(f"password-change-failures:{player.pk}")
    yield
    cache.delete(f"password-change-failures:{player.pk}")


def test_the_password_change_stops_old_password_guesses(
    client: Client, player: User, settings: Settings, no_failures: None
) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    client.force_login(player)
    change = reverse("password_change")
    new = {"new_password1": "a-new-long-password-7", "new_password2": "a-new-long-password-7"}
    for guess in range(3):
        page = client.post(change, {"old_password": f"guess-{guess}", **new})
        assert page.status_code == 200
    page = client.post(change, {"old_password": "pw-player-123", **new})
    assert page.status_code == 200
    assert "Trop de mots de passe erronés : réessayez dans 15 minutes." in page.content.decode()
    player.refresh_from_db()
    assert player.check_password("pw-player-123")
