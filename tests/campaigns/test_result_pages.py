"""The battle page: a player enters the result, the other confirms it with a clearly labelled button, the organiser
corrects it; the forms say what the points are worth; the campaign page explains what followed, with a link. A
correction leaves a trace everyone in the battle sees: the corrections' history under the correction form (who,
when, before and after) and a line in what followed; after a draw nobody « est battue »."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.forms import ResultForm
from campaigns.models import Battle, Campaign, CampaignMembership, Role, Winner
from campaigns.presenters import event_lines
from campaigns.services import Result, add_campaign_member, correct_result, join_club, report_result

from .demo_helpers import as_member, territory
from .test_results import field_battle

pytestmark = pytest.mark.django_db


def siege_form(siege: Battle, **values: object) -> dict[str, object]:
    zeros = {
        name: 0
        for name in ResultForm(battle=siege).fields
        if name.endswith(("_losses", "_wall_walk", "_tower", "_main_gate", "_postern", "_courtyard", "_breach"))
    }
    return zeros | {"action": "report", "winner": "attacker"} | values  # fmt: skip


def test_a_result_entered_by_one_player_is_confirmed_by_the_other(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    url = reverse("campaigns:battle", args=[demo.pk, siege.pk])
    bruno = as_member(demo, "bruno")
    page = bruno.get(url).content.decode()
    assert "Saisir le résultat, à confirmer par l’autre camp" in page
    assert bruno.post(url, siege_form(siege, attacker_wall_walk=1)).status_code == 302
    assert not Battle.objects.get(pk=siege.pk).played
    assert territory(demo, "Château de Montfort").owner.user.username == "chloe"
    waiting = bruno.get(url).content.decode()
    assert "Résultat en attente de confirmation" in waiting
    assert "Confirmer ce résultat" not in waiting  # not his own
    chloe = as_member(demo, "chloe")
    pending = chloe.get(url).content.decode()
    assert '<button type="submit" class="primary">Confirmer ce résultat</button>' in pending
    assert chloe.post(url, {"action": "confirm"}).status_code == 302
    assert Battle.objects.get(pk=siege.pk).played
    assert territory(demo, "Château de Montfort").owner.user.username == "bruno"
    after = chloe.get(url).content.decode()
    assert "Ce qui s’en est suivi" in after
    assert "encerclée" in after
    detail = chloe.get(reverse("campaigns:detail", args=[demo.pk])).content.decode()
    assert f'<a href="{url}">Voir la bataille</a>' in detail
    assert "gagne le siège de Château de Montfort et prend le château" in detail


def test_an_impossible_siege_result_is_refused_in_the_form(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    url = reverse("campaigns:battle", args=[demo.pk, siege.pk])
    page = as_member(demo, "bruno").post(url, siege_form(siege, attacker_tower=9, attacker_wall_walk=12))
    assert page.status_code == 200
    text = page.content.decode()
    assert "inférieure ou égale à 4" in text
    assert "ce fort en a 4" in text
    assert Battle.objects.get(pk=siege.pk).proposed_result is None


def test_the_forms_say_victory_points_only_break_ties(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    page = as_member(demo, "bruno").get(reverse("campaigns:battle", args=[demo.pk, siege.pk])).content.decode()
    assert "3 points de campagne pour une victoire, 1 pour un match nul et 0 pour une défaite" in page
    assert "ne servent qu’à départager les égalités" in page
    manage = as_member(demo, "organisateur").get(reverse("campaigns:manage", args=[demo.pk])).content.decode()
    assert "Points de campagne pour une bataille gagnée" in manage


def test_the_organiser_corrects_a_result_and_the_page_keeps_the_trail(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    url = reverse("campaigns:battle", args=[demo.pk, siege.pk])
    boss = as_member(demo, "organisateur")
    assert boss.post(url, siege_form(siege, attacker_wall_walk=1)).status_code == 302
    assert territory(demo, "Château de Montfort").owner.user.username == "bruno"
    page = boss.get(url).content.decode()
    assert "Corriger le résultat" in page
    corrected = siege_form(siege, winner="defender", defender_tower=2) | {"action": "correct"}
    assert boss.post(url, corrected).status_code == 302
    assert territory(demo, "Château de Montfort").owner.user.username == "chloe"
    trail = boss.get(url).content.decode()
    assert "<h2>Corrections</h2>" in trail
    assert "<td>organisateur</td>" in trail
    assert "Attaquant\u00a0; points de victoire 2–0" in trail
    assert "Défenseur\u00a0; points de victoire 0–10" in trail
    # a player may not correct
    refused = as_member(demo, "bruno").post(url, corrected | {"winner": "attacker"}, follow=True)
    assert territory(demo, "Château de Montfort").owner.user.username == "chloe"
    assert refused.status_code == 200
    assert "seul l’organisateur peut le corriger" in refused.content.decode()


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
