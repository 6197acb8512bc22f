from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from campaigns.models import Campaign, Club, Role
from campaigns.services import add_campaign_member, create_campaign, create_club, join_club
from tests.demo import load_demo


@pytest.fixture
def organiser(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("orga", password="pw-orga-123")


@pytest.fixture
def player(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("player", password="pw-player-123")


@pytest.fixture
def outsider(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("outsider", password="pw-outsider-123")


@pytest.fixture
def club(organiser: User) -> Club:
    return create_club(name="Les Marcheurs", founder=organiser)


@pytest.fixture
def campaign(club: Club, organiser: User, player: User) -> Campaign:
    campaign = create_campaign(club=club, name="Marches de l'Est", organiser=organiser)
    join_club(club=club, user=player)
    add_campaign_member(campaign=campaign, user=player, role=Role.PLAYER)
    return campaign


@pytest.fixture
def demo() -> Campaign:
    """The demo campaign, as ``make run`` loads it."""
    return load_demo()
