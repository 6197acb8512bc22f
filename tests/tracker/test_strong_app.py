"""The strong bot in the tracker (:mod:`bots.siege.strong`), its decisions made on the simulation workers: the app
playing a side of a solo siege at the strong strength, and a player's « que ferait l'application ? »."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from rules.freres.battle import Setup as SkirmishSetup
from rules.freres.example import example_models
from rules.siege.example import example_setup
from tracker import services
from tracker.models import AppStrength, RuleSystem, TrackedBattle

pytestmark = pytest.mark.django_db(transaction=True)

WITHIN_S = 90
"""A decision takes SIEGE_BOT_BUDGET_S (2 s) of worker time; the deadline leaves room for a loaded machine."""


def _solo(player: User, strength: str) -> TrackedBattle:
    """The example siege, the app as the besieged, which sets up first (§16)."""
    return services.create_battle(
        setup=example_setup(),
        besieger=player,
        besieged=player,
        created_by=player,
        seed=3,
        app_side="besieged",
        app_strength=strength,
    )


def test_the_strong_app_asks_the_workers_then_plays_their_choice(besieger: User, celery_worker: str) -> None:
    tracked = _solo(besieger, AppStrength.STRONG)
    # the first poll hands the decision to the workers and writes nothing
    assert services.play_app(battle_id=tracked.pk, user=besieger) is None
    assert not tracked.entries.exists()
    deadline = time.monotonic() + WITHIN_S
    while (written := services.play_app(battle_id=tracked.pk, user=besieger)) is None:
        assert time.monotonic() < deadline, "the workers made no decision in time"
        time.sleep(0.2)
    (entry,) = TrackedBattle.objects.get(pk=tracked.pk).entries.all()
    assert (written.seq, entry.side, entry.by, entry.by_app) == (1, "besieged", None, True)


def test_the_strong_strength_is_for_sieges_only(besieger: User) -> None:
    with pytest.raises(services.Refused) as refused:
        services.create_battle(
            setup=SkirmishSetup(example_models()),
            besieger=besieger,
            besieged=besieger,
            created_by=besieger,
            rule_system=RuleSystem.FRERES,
            app_side="b",
            app_strength=AppStrength.STRONG,
        )
    assert refused.value.clause == "app_strength"
    assert not TrackedBattle.objects.exists()


def test_a_player_asks_what_the_app_would_play_and_reads_its_three_best(
    besieger: User, celery_worker: str, production_pace: None
) -> None:
    tracked = _solo(besieger, AppStrength.SIMPLE)
    while services.play_app(battle_id=tracked.pk, user=besieger) is not None:  # the app sets up its walls (§16)
        pass
    client = Client()
    client.force_login(besieger)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = reverse("tracker:advice", args=[tracked.pk])
    page = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    deadline = time.monotonic() + WITHIN_S
    while "weighing its options" in page:
        assert 'hx-trigger="every 1000ms"' in page
        assert time.monotonic() < deadline, "no advice in time"
        time.sleep(0.5)
        page = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "The app would play: <strong>" in page
    rows = page.split("<tbody>")[1].split("</tbody>")[0].count("<tr>")
    assert 1 <= rows <= 3
    assert "Expected victory points over the enemy" in page


def test_only_the_battles_players_ask_for_advice(besieger: User, stranger: User) -> None:
    tracked = _solo(besieger, AppStrength.SIMPLE)
    client = Client()
    client.force_login(stranger)
    assert client.post(reverse("tracker:advice", args=[tracked.pk])).status_code == 404
