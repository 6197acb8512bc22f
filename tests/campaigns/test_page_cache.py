"""The campaign's heavy pages under a club's load: a fixed number of queries whatever the club's size, the pictures
and lists kept between pages, and a page that shows the new state as soon as a service has written it."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from campaigns import page_cache
from campaigns.models import Battle, BattleKind, Campaign
from campaigns.services import (
    add_campaign_member,
    join_club,
    reinforce_army,
    resolve_turn,
    start_resolution,
    update_settings,
)
from tests.campaigns.demo_helpers import (
    army,
    as_member,
    member,
    play_the_pending_siege,
    second_turn_with_orders,
    territory,
)

pytestmark = pytest.mark.django_db

EXTRA_MEMBERS = 45


@pytest.fixture
def club_of_fifty(demo: Campaign) -> Campaign:
    """The demo campaign with 50 members, and four more battles of turn 1 on the map: two in Chloé's sight (the
    castle she holds and the marshes next to it), two out of it (Altdorf and the Crâne's fortress)."""
    for n in range(EXTRA_MEMBERS):
        user = get_user_model().objects.create(username=f"membre{n:02d}")
        join_club(club=demo.club, user=user)
        add_campaign_member(campaign=demo, user=user)
    turn = demo.turns.get(number=1)
    alice, bruno, damien = member(demo, "alice"), member(demo, "bruno"), member(demo, "damien")
    for place, attacker, defender in (
        ("Marais Noirs", alice, bruno),
        ("Château de Montfort", bruno, member(demo, "chloe")),
        ("Altdorf", damien, alice),
        ("Forteresse du Crâne", alice, damien),
    ):
        Battle.objects.create(
            campaign=demo,
            turn=turn,
            territory=territory(demo, place),
            kind=BattleKind.FIELD,
            attacker=attacker,
            defender=defender,
            attacker_points=1000,
            defender_points=1000,
        )
    return demo


# Each page's queries as Chloé reads it, the first time (the campaign's pictures and lists drawn) and the next time
# (drawn already): the session, the user, the campaign with her membership, then what the page itself reads. The API
# reads the campaign, then the membership, before what it answers. The campaign page's first reading also reads
# what Chloé may see of the turn's events (the fog: her territories' neighbours, her armies, her battles).
PAGES = {
    "campaigns:detail": (14, 5),
    "campaigns:standings": (12, 4),
    "campaigns:battles": (5, 5),
    "campaigns:orders": (7, 7),
}


@pytest.mark.parametrize("name", PAGES)
def test_a_heavy_page_takes_a_fixed_number_of_queries_for_a_club_of_fifty(
    club_of_fifty: Campaign, django_assert_max_num_queries, name: str
) -> None:
    first, next_time = PAGES[name]
    chloe = as_member(club_of_fifty, "chloe")
    url = reverse(name, args=[club_of_fifty.pk])
    with django_assert_max_num_queries(first):
        assert chloe.get(url).status_code == 200
    with django_assert_max_num_queries(next_time):
        assert chloe.get(url).status_code == 200


@pytest.mark.parametrize(("path", "queries"), [("battles/", 7), ("standings/", 9), ("", 6)])
def test_the_api_takes_a_fixed_number_of_queries_for_a_club_of_fifty(
    club_of_fifty: Campaign, django_assert_max_num_queries, path: str, queries: int
) -> None:
    chloe = as_member(club_of_fifty, "chloe")
    with django_assert_max_num_queries(queries):
        assert chloe.get(f"/api/campaigns/{club_of_fifty.pk}/{path}").status_code == 200


def test_the_battles_list_hides_the_points_of_battles_out_of_sight(club_of_fifty: Campaign) -> None:
    """Read once for all battles, the sight still hides the points of those Chloé neither fights nor sees: her
    castle and the marshes next to it show their 1000 points, Altdorf and the fortress show « ? »."""
    page = as_member(club_of_fifty, "chloe").get(reverse("campaigns:battles", args=[club_of_fifty.pk]))
    cards = page.content.decode().split('class="card link-card')[1:]
    shown = {card.split("</h2>")[0].split("— ")[1]: card for card in cards if "(1000)" in card or "(?)" in card}
    assert "(1000)" in shown["Marais Noirs"]
    assert "(?)" not in shown["Marais Noirs"]
    assert "(?)" in shown["Altdorf"]
    assert "(1000)" not in shown["Altdorf"]
    assert "(1000)" not in shown["Forteresse du Crâne"]


def test_the_map_shows_a_reinforcement_on_the_next_page(client: Client, demo: Campaign) -> None:
    alice = as_member(demo, "alice")
    url = reverse("campaigns:detail", args=[demo.pk])
    assert "alice, 2500 points" in alice.get(url).content.decode()
    reinforce_army(army=army(demo, "Ost d'Altdorf"), points=200, by=member(demo, "organisateur"))
    page = alice.get(url).content.decode()
    assert "alice, 2700 points" in page
    assert "alice, 2500 points" not in page


def test_the_standings_and_the_map_show_the_turn_once_it_is_resolved(demo: Campaign) -> None:
    """Turn 2's orders: Alice attacks the Col du Crâne, which Damien holds with the Horde du Crâne; resolved, the
    chart gets a « Tour 2 » and the Ost d'Altdorf stands on the map at the Col du Crâne."""
    organiser = as_member(demo, "organisateur")
    url = reverse("campaigns:standings", args=[demo.pk])
    before = organiser.get(url).content.decode()
    assert "Tour 1" in before
    assert "Tour 2" not in before
    turn = second_turn_with_orders(demo)
    resolve_turn(turn_id=start_resolution(turn=turn).pk)
    after = organiser.get(url).content.decode()
    assert "Tour 2" in after
    assert after != before


def test_the_api_standings_count_a_result_as_soon_as_it_is_confirmed(demo: Campaign) -> None:
    """Montfort holds: Chloé, the defender, wins the siege, « 3 points pour une victoire » by default."""
    chloe = as_member(demo, "chloe")
    url = f"/api/campaigns/{demo.pk}/standings/"
    before = {row["player"]: row for row in chloe.get(url).json()}
    assert before["chloe"]["battle_points"] == 0
    play_the_pending_siege(demo)
    after = {row["player"]: row for row in chloe.get(url).json()}
    assert after["chloe"]["battle_points"] == 3
    assert after["bruno"]["battle_points"] == 0


def test_the_members_list_shows_whoever_joins(demo: Campaign) -> None:
    alice = as_member(demo, "alice")
    url = reverse("campaigns:detail", args=[demo.pk])
    assert "eloise" not in alice.get(url).content.decode()
    newcomer = get_user_model().objects.create(username="eloise")
    # the demo's first turn is resolved: its invitation code makes no more players, the organiser adds them
    join_club(club=demo.club, user=newcomer)
    add_campaign_member(campaign=demo, user=newcomer)
    assert "eloise" in alice.get(url).content.decode()


def test_the_standings_say_the_points_the_organiser_sets(demo: Campaign) -> None:
    """« Les batailles rapportent 3 points pour une victoire » by default; the organiser makes it 5."""
    alice = as_member(demo, "alice")
    url = reverse("campaigns:standings", args=[demo.pk])
    assert "rapportent 3 points pour une victoire" in alice.get(url).content.decode()
    update_settings(campaign=demo, values={"win_points": 5})
    assert "rapportent 5 points pour une victoire" in alice.get(url).content.decode()


def test_each_member_keeps_their_own_sight_of_the_map(demo: Campaign) -> None:
    """The map is kept per reader: Alice, drawn second, does not get the organiser's map with every army on it (the
    Crâne's fortress is far from her lands)."""
    url = reverse("campaigns:detail", args=[demo.pk])
    assert "Garnison du Crâne" in as_member(demo, "organisateur").get(url).content.decode()
    assert "Garnison du Crâne" not in as_member(demo, "alice").get(url).content.decode()


def test_the_pages_are_drawn_without_the_cache_when_redis_is_away(demo: Campaign, settings) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    alice = as_member(demo, "alice")
    for name in ("campaigns:detail", "campaigns:standings"):
        page = alice.get(reverse(name, args=[demo.pk]))
        assert page.status_code == 200
        assert "alice, 2500 points" in page.content.decode()
    reinforce_army(army=army(demo, "Ost d'Altdorf"), points=200, by=member(demo, "organisateur"))
    assert "alice, 2700 points" in alice.get(reverse("campaigns:detail", args=[demo.pk])).content.decode()


def test_an_army_deleted_in_the_admin_leaves_the_map(demo: Campaign) -> None:
    """The admin bypasses the services; its edits drop the kept pictures too."""
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("intendant", "intendant@example.org", "x"))
    alice = as_member(demo, "alice")
    url = reverse("campaigns:detail", args=[demo.pk])
    assert "alice, 2500 points" in alice.get(url).content.decode()
    host = army(demo, "Ost d'Altdorf")
    answer = admin.post(reverse("admin:campaigns_army_delete", args=[host.pk]), {"post": "yes"})
    assert answer.status_code == 302
    assert "alice, 2500 points" not in alice.get(url).content.decode()


def test_forgetting_the_cached_pages_has_each_campaign_drawn_anew(demo: Campaign) -> None:
    """What ``make restore`` runs once the database is back: its campaigns keep their keys, and Redis still holds
    what was drawn of them after the backup."""
    drawn: list[str] = []

    def draw() -> str:
        drawn.append("drawn")
        return "<svg></svg>"

    for _ in range(2):
        page_cache.fragment(demo.pk, "map", None, draw)
    assert drawn == ["drawn"]  # kept
    said = StringIO()
    call_command("forget_cached_pages", stdout=said)
    page_cache.fragment(demo.pk, "map", None, draw)
    assert drawn == ["drawn", "drawn"]
    assert said.getvalue().strip() == "Cached pages dropped for 1 campaign(s)"
