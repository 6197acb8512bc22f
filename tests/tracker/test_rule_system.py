"""The rule system a tracked battle stores is the campaign's own enumeration with its values: a siege tracked from
a campaign battle names its rules as the battle does, and the migration renames what older trackers stored."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import campaigns.models
from tracker.models import RuleSystem, TrackedBattle

BEFORE = ("tracker", "0005_app_strength_strong")
AFTER = ("tracker", "0006_rule_system_shared_values")


def stored(battle: TrackedBattle) -> str:
    """The rule system as the table holds it, read past the model."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rule_system FROM tracker_trackedbattle WHERE id = %s", [battle.pk])
        (value,) = cursor.fetchone()
    return str(value)


def migrate(target: tuple[str, str]) -> None:
    MigrationExecutor(connection).migrate([target])


def test_the_tracker_and_the_campaigns_share_one_enumeration() -> None:
    assert RuleSystem is campaigns.models.RuleSystem
    assert TrackedBattle._meta.get_field("rule_system").default == "wfb_siege"


@pytest.mark.django_db
def test_a_tracked_campaign_siege_names_its_rules_as_its_battle_does(demo_siege: TrackedBattle) -> None:
    battle = demo_siege.campaign_battle
    assert battle is not None
    assert (demo_siege.rule_system, battle.rule_system) == ("wfb_siege", "wfb_siege")


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_the_siege_both_ways(tracked: TrackedBattle) -> None:
    """Back to the tracker's old values a siege is ``siege`` again, forward it is ``wfb_siege``; a skirmish stays
    ``freres`` both ways."""
    skirmish = TrackedBattle.objects.get(pk=tracked.pk)
    skirmish.pk = None
    skirmish.rule_system = RuleSystem.FRERES
    skirmish.save()
    try:
        migrate(BEFORE)
        assert (stored(tracked), stored(skirmish)) == ("siege", "freres")
        migrate(AFTER)
        assert (stored(tracked), stored(skirmish)) == ("wfb_siege", "freres")
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert TrackedBattle.objects.get(pk=tracked.pk).rule_system == RuleSystem.WFB_SIEGE
