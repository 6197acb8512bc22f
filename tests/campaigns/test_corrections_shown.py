"""A result's correction leaves a trace everyone in the battle sees: the corrections' history under the correction
form (who, when, before and after) and a line in what followed; and after a draw nobody « est battue »: the attacker
falls back with the battle undecided."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.models import Battle, Campaign, CampaignMembership, Role, Winner
from campaigns.presenters import event_lines
from campaigns.services import Result, add_campaign_member, correct_result, join_club, report_result

from .test_results import field_battle

pytestmark = pytest.mark.django_db

DRAW = Result(winner=Winner.DRAW, attacker_victory_points=0, attacker_losses=300, defender_losses=300)
ATTACKER_WINS = Result(winner=Winner.ATTACKER, attacker_victory_points=5, attacker_losses=300, defender_losses=200)


@pytest.fixture
def rival(django_user_model: type[User], campaign: Campaign) -> CampaignMembership:
    user = django_user_model.objects.create_user("rival", password="pw-rival-123")
    join_club(club=campaign.club, user=user)
    return add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)


def organiser(campaign: Campaign) -> CampaignMembership:
    return campaign.memberships.get(role=Role.ORGANISER)


def battle_page(campaign: Campaign, battle: Battle, username: str) -> str:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client.get(reverse("campaigns:battle", args=[campaign.pk, battle.pk])).content.decode()


def test_after_a_draw_the_attacker_falls_back_and_is_not_said_beaten(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign, defender_points=2500)
    report_result(battle=battle, result=DRAW, by=organiser(campaign))
    battle.refresh_from_db()
    lines = [line.text for line in event_lines(battle.turn, organiser(campaign), battle=battle)]
    assert [line for line in lines if line.startswith("La bataille de Home est un match nul")]
    assert "Horde se replie sur Camp après le match nul." in lines
    assert not [line for line in lines if "battue" in line]


def test_a_beaten_attacker_is_still_said_beaten(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign, defender_points=2500)
    report_result(battle=battle, result=Result(winner=Winner.DEFENDER, attacker_losses=300), by=organiser(campaign))
    lines = [
        line.text for line in event_lines(Battle.objects.get(pk=battle.pk).turn, organiser(campaign), battle=battle)
    ]
    assert "Horde est battue et se replie sur Camp." in lines


def test_a_correction_is_shown_to_both_players_under_the_form_and_in_what_followed(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign, defender_points=2500)
    boss = organiser(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=boss)
    correct_result(battle=Battle.objects.get(pk=battle.pk), result=DRAW, by=boss)
    for username in ("player", "rival", "orga"):
        page = battle_page(campaign, battle, username)
        history = page[page.index("<h2>Corrections</h2>") :]
        assert "<td>orga</td>" in history
        assert "<td>Attaquant\u00a0; points de victoire 5–0\u00a0; pertes 300–200</td>" in history
        assert "<td>Match nul\u00a0; points de victoire 0–0\u00a0; pertes 300–300</td>" in history
        followed = page[page.index("Ce qui s’en est suivi") : page.index("<h2>Corrections</h2>")]
        assert "orga corrige le résultat de la bataille de Home." in followed
        assert "Horde se replie sur Camp après le match nul." in followed
        assert "battue" not in followed


def test_the_correction_form_promises_the_history_below_it(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign, defender_points=2500)
    report_result(battle=battle, result=ATTACKER_WINS, by=organiser(campaign))
    correct_result(battle=Battle.objects.get(pk=battle.pk), result=DRAW, by=organiser(campaign))
    page = battle_page(campaign, battle, "orga")
    assert page.index("Elle est conservée ci-dessous.") < page.index("<h2>Corrections</h2>")
