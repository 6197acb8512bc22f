"""Fog of war in the tracker: a campaign battle's board, its polled fragment, its report and its JSON export show
its armies' points, heroism tokens, fort and models, all that the battle page hides from a member who does not see
the battle (``campaigns.selectors.BATTLE_FIELDS_IN_SIGHT``); so they answer only the members who see it there (its
two players and whoever has its territory in sight), and 404 to the others. A one-off game answers only its two
players and whoever started it.

In the demo, Bruno besieges Chloé's castle of Montfort (2500 points against a garrison of 1500, 3 heroism tokens,
R13); Alice has it in sight, Damien has not."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from campaigns.models import CampaignMembership
from rules.siege.example import example_setup
from tracker import services
from tracker.models import TrackedBattle, TrackedEntry

pytestmark = pytest.mark.django_db

BOARD, POLL, REPORT, EXPORT = "", "poll/?v=0", "report/", "export.json"
"""The tracker's answers that show a battle: its board, the fragment a watching page polls, its report, its export."""

SHOWN = [
    ("attacker_points", EXPORT, '"army_points": 2500'),
    ("defender_points", EXPORT, '"army_points": 1500'),
    ("heroism_tokens", BOARD, "pions d’héroïsme : 3"),
    ("heroism_tokens", POLL, "pions d’héroïsme : 3"),
    ("heroism_tokens", EXPORT, '"heroism_tokens": 3'),
    ("fort_layout", BOARD, 'data-section="W1"'),
    ("fort_layout", POLL, 'data-section="W1"'),
    ("fort_layout", REPORT, 'data-section="W1"'),
    ("fort_layout", EXPORT, '"name": "Château de Montfort"'),
]
"""Each field the battle page hides out of sight, where the tracker shows it to a member in sight, and how."""


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def member(tracked: TrackedBattle, username: str) -> Client:
    battle = tracked.campaign_battle
    assert battle is not None
    return client_for(CampaignMembership.objects.get(campaign=battle.campaign, user__username=username).user)


@pytest.mark.parametrize(("field", "page", "shown"), SHOWN)
def test_a_field_the_battle_page_hides_is_not_in_the_tracker_for_a_member_out_of_sight(
    demo_siege: TrackedBattle, field: str, page: str, shown: str
) -> None:
    url = f"/tracker/{demo_siege.pk}/{page}"
    seen = member(demo_siege, "alice").get(url)
    assert seen.status_code == 200
    assert shown in seen.content.decode(), field
    hidden = member(demo_siege, "damien").get(url)
    assert hidden.status_code == 404
    assert shown not in hidden.content.decode(), field


@pytest.mark.parametrize("username", ["alice", "bruno", "chloe", "organisateur"])
@pytest.mark.parametrize("page", [BOARD, POLL, REPORT, EXPORT])
def test_the_members_who_see_the_battle_see_its_tracker(demo_siege: TrackedBattle, username: str, page: str) -> None:
    assert member(demo_siege, username).get(f"/tracker/{demo_siege.pk}/{page}").status_code == 200


def test_a_member_out_of_sight_can_do_nothing_on_the_tracked_battle(demo_siege: TrackedBattle) -> None:
    damien = member(demo_siege, "damien")
    for action in ("act", "undo", "result", "chances"):
        assert damien.post(f"/tracker/{demo_siege.pk}/{action}/", {"seq": 0, "option": 0}).status_code == 404
    assert not TrackedEntry.objects.filter(battle=demo_siege).exists()


@pytest.fixture
def one_off(besieger: User, besieged: User, django_user_model: type[User]) -> TrackedBattle:
    """A one-off siege between the orc and the knight, set up by a third account on its device."""
    host = django_user_model.objects.create_user("host", password="pw-host-12345")
    return services.create_battle(setup=example_setup(), besieger=besieger, besieged=besieged, created_by=host, seed=3)


@pytest.mark.parametrize("page", [BOARD, POLL, REPORT, EXPORT])
def test_a_stranger_gets_404_on_a_one_off_game(one_off: TrackedBattle, stranger: User, page: str) -> None:
    answer = client_for(stranger).get(f"/tracker/{one_off.pk}/{page}")
    assert answer.status_code == 404
    assert "Crossbowm" not in answer.content.decode()
    for user in (one_off.besieger, one_off.besieged, one_off.created_by):
        assert client_for(user).get(f"/tracker/{one_off.pk}/{page}").status_code == 200


def test_a_stranger_can_do_nothing_on_a_one_off_game(one_off: TrackedBattle, stranger: User) -> None:
    answer = client_for(stranger).post(f"/tracker/{one_off.pk}/act/", {"seq": 0, "option": 0})
    assert answer.status_code == 404
    assert not TrackedEntry.objects.filter(battle=one_off).exists()
