"""The demo campaign with a siege tracked from its battle of Montfort and a one-off skirmish started, seen by each
kind of visitor; and the site's row counts, to tell that a refused request wrote nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from campaigns.bands.lines import example_band
from campaigns.models import Battle, Campaign
from rules.freres.state import Side
from tests.demo import load_demo
from tests.tracker.conftest import DEMO_SIEGE_SET_UP
from tracker import services
from tracker.models import TrackedBattle
from tracker.services.skirmish import start_one_off_skirmish

ROLES = ("anonymous", "bruno", "chloe", "organisateur", "stranger")
"""Nobody logged in, the besieger of Montfort, its besieged, the campaign's organiser, a user of no campaign."""

UNCOUNTED = {"django_session"}
"""A login writes its session: not the site's data."""


@dataclass(frozen=True)
class World:
    campaign: Campaign
    siege: Battle
    tracked: TrackedBattle
    skirmish: TrackedBattle


def demo_world() -> World:
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    tracked = services.start_from_campaign(battle=siege, user=siege.defender.user, data=DEMO_SIEGE_SET_UP)
    users = get_user_model().objects
    skirmish = start_one_off_skirmish(
        user=users.get(username="alice"),
        data={"band_a": example_band(Side.A), "band_b": example_band(Side.B), "opponent": "damien", "seed": 5},
    )
    users.create_user("stranger", password="pw-stranger-12345")
    return World(campaign=campaign, siege=siege, tracked=tracked, skirmish=skirmish)


def client_of(role: str, *, raise_errors: bool = True) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr", raise_request_exception=raise_errors)
    if role != "anonymous":
        client.force_login(get_user_model().objects.get(username=role))
    return client


def row_counts() -> dict[str, int]:
    """Every table of the site's models, counted in one query."""
    tables = sorted({model._meta.db_table for model in apps.get_models(include_auto_created=True)} - UNCOUNTED)
    query = " UNION ALL ".join(f"SELECT '{table}', COUNT(*) FROM \"{table}\"" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(query)
        return dict(cursor.fetchall())
