"""The demo campaign loads the same every time."""

import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory

from campaigns.demo import DEMO_LOGINS, DEMO_PASSWORD, load_demo
from campaigns.models import Campaign, CampaignMembership, Role

pytestmark = pytest.mark.django_db


def test_loading_twice_changes_nothing() -> None:
    first = load_demo()
    counts = (Campaign.objects.count(), CampaignMembership.objects.count())
    second = load_demo()
    assert second.pk == first.pk
    assert (Campaign.objects.count(), CampaignMembership.objects.count()) == counts


def test_every_demo_login_works_with_its_role(rf: RequestFactory) -> None:
    campaign = load_demo()
    for login in DEMO_LOGINS:
        # a login comes with its request, which the lock-out on password guessing looks at
        user = authenticate(rf.post("/accounts/login/"), username=login.username, password=DEMO_PASSWORD)
        assert user is not None, login.username
        assert CampaignMembership.objects.get(campaign=campaign, user=user).role == login.role
    assert [login.role for login in DEMO_LOGINS].count(Role.ORGANISER) == 1
