"""The battle page: a player enters the result, the other confirms it with a clearly labelled button, the organiser
corrects it; the forms say what the points are worth; the campaign page explains what followed, with a link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.forms import ResultForm
from campaigns.models import Battle, Campaign

from .demo_helpers import as_member, territory

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
