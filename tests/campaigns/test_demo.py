"""The demo campaign loads the same every time, and the tests' copy of it (tests/demo.py) is the same campaign."""

import re
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth import authenticate
from django.db import transaction
from django.test import RequestFactory

from campaigns import presenters
from campaigns.models import Army, Battle, Campaign, CampaignMembership, Role
from campaigns.results import Result
from campaigns.services import report_result
from campaigns.services.demo import DEMO_LOGINS, DEMO_PASSWORD, load_demo
from rules.siege.chapters.victory import Achievements
from tests import demo as copied
from tests.campaigns.demo_helpers import member
from tests.siege_site.site_world import row_counts

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


def what_the_demo_holds(campaign: Campaign) -> tuple[object, ...]:
    """The demo as its players meet it, whatever its keys: the rows of every table, the map, armies, turns and
    battles, and the accounts' passwords."""
    return (
        row_counts(),
        sorted(campaign.territories.values_list("name", "kind", "owner__user__username", "fort_layout")),
        sorted(Army.objects.filter(campaign=campaign).values_list("name", "territory__name", "points", "is_garrison")),
        list(campaign.turns.order_by("number").values_list("number", "state")),
        sorted(Battle.objects.filter(campaign=campaign).values_list("kind", "territory__name", "heroism_tokens")),
        sorted(m.user.check_password(DEMO_PASSWORD) for m in campaign.memberships.select_related("user")),
    )


def test_the_tests_copy_of_the_demo_is_the_campaign_the_services_build(
    django_assert_max_num_queries: Callable[[int], AbstractContextManager[object]],
) -> None:
    with transaction.atomic():
        copied.load_demo()  # the first demo of this test database is built, and its rows kept
        transaction.set_rollback(True)
    with transaction.atomic():
        built = what_the_demo_holds(load_demo())
        transaction.set_rollback(True)
    assert row_counts() != built[0]  # both went with their rollbacks
    with django_assert_max_num_queries(20):  # a build makes hundreds
        campaign = copied.load_demo()
    assert what_the_demo_holds(campaign) == built
    assert load_demo() == campaign  # the services find it as their own, unchanged
    assert what_the_demo_holds(campaign) == built


def brunos_total(campaign: Campaign) -> str:
    """Bruno's total in the standings' table as the page draws it, kept in the cache (:mod:`campaigns.page_cache`)."""
    table = presenters.standings_page(campaign, member(campaign, "bruno"))["table"]
    row = next(row for row in table.split("<tr>") if row.startswith("<td>bruno"))
    found = re.search(r'class="num total"><strong>(\d+)<', row)
    assert found is not None, row
    return found.group(1)


def test_a_copy_of_the_demo_draws_its_own_pictures_not_those_an_earlier_test_kept() -> None:
    """Every copy has the keys of the first build, and the campaign's pictures are kept in Redis, which no rollback
    takes back: a test must not be shown the standings an earlier test drew after changing them."""
    with transaction.atomic():  # an earlier test, rolled back at its end
        campaign = copied.load_demo()
        siege = Battle.objects.get(campaign=campaign, kind="siege")
        nothing = {"attacker": Achievements(), "defender": Achievements()}
        organiser = member(campaign, "organisateur")
        report_result(battle=siege, result=Result(winner="attacker", siege=nothing), by=organiser)
        # from 1: the castle's value 4 and fort bonus 3, and a win's 3 campaign points
        assert brunos_total(campaign) == "11"
        transaction.set_rollback(True)
    campaign = copied.load_demo()  # this test's copy, under the same keys
    assert brunos_total(campaign) == "1"
