"""The organiser's turn page guards its irreversible actions: Lock, Resolve and Record ask first, Resolve waits for
locked orders, and the heading follows the turn once its resolution ends."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Battle, Campaign, TurnState
from campaigns.services import lock_turn, resolve_turn, start_resolution
from tests.demo import load_demo

from .demo_helpers import member, second_turn, second_turn_with_orders

pytestmark = pytest.mark.django_db


def manage_page(client: Client, campaign: Campaign) -> str:
    client.force_login(member(campaign, "organisateur").user)
    return client.get(reverse("campaigns:manage", args=[campaign.pk])).content.decode()


def form_for(page: str, action: str) -> str | None:
    found = re.search(rf'<form[^>]*action="[^"]*/turn/{action}/"[^>]*>', page)
    return found.group(0) if found else None


def test_an_open_turn_offers_lock_with_a_question_and_no_resolve(client: Client) -> None:
    campaign = load_demo()
    second_turn(campaign)
    page = manage_page(client, campaign)
    lock = form_for(page, "lock")
    assert lock is not None
    assert 'hx-confirm="Verrouiller les ordres maintenant ?' in lock
    assert form_for(page, "resolve") is None


def test_a_locked_turn_offers_resolve_with_a_question(client: Client) -> None:
    campaign = load_demo()
    lock_turn(turn=second_turn(campaign))
    page = manage_page(client, campaign)
    resolve = form_for(page, "resolve")
    assert resolve is not None
    assert 'hx-confirm="Résoudre le tour maintenant ?' in resolve
    assert form_for(page, "lock") is None


def test_recording_a_result_asks_first(client: Client) -> None:
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege", winner="")
    client.force_login(member(campaign, "organisateur").user)
    page = client.get(reverse("campaigns:battle", args=[campaign.pk, siege.pk])).content.decode()
    record = re.search(r'<form method="post" class="card"[^>]*>', page)
    assert record is not None
    assert 'hx-confirm="Enregistrer ce résultat ?' in record.group(0)


def test_the_last_progress_fragment_brings_the_turns_new_heading(client: Client) -> None:
    campaign = load_demo()
    turn = start_resolution(turn=second_turn_with_orders(campaign))
    before = manage_page(client, campaign)
    assert '<h2 id="turn-heading">Tour 2 — Résolution en cours</h2>' in before
    resolve_turn(turn_id=turn.pk)
    turn.refresh_from_db()
    assert turn.state == TurnState.BATTLES
    fragment = client.get(reverse("campaigns:progress", args=[campaign.pk]), headers={"HX-Request": "true"})
    assert fragment.status_code == 286
    assert '<h2 id="turn-heading" hx-swap-oob="true">Tour 2 — Batailles à jouer</h2>' in fragment.content.decode()
    # a full page shows the heading once, in its place
    assert manage_page(client, campaign).count('id="turn-heading"') == 1
