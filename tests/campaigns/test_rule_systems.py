"""A battle's rule system (WFB siege, WFB field battle, Frères d'Armes skirmish, Confrontation) on PostgreSQL: the
migration that names it for existing battles, the organiser alone changing it before any result, and the result
form each system takes."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from campaigns.models import Battle, Campaign, RuleSystem, Winner
from campaigns.rule_systems.services import set_rule_system
from campaigns.services import Result, report_result
from tests.demo import load_demo

from .demo_helpers import as_member, member

BEFORE = ("campaigns", "0007_turn_resolution_signs_of_life")
AFTER = ("campaigns", "0008_battle_rule_system")


def the_siege(campaign: Campaign) -> Battle:
    """The demo's pending siege of Montfort: Bruno besieges, Chloé holds the castle."""
    return Battle.objects.get(campaign=campaign, kind="siege", winner="")


def a_field_battle(campaign: Campaign, **fields: object) -> Battle:
    siege = the_siege(campaign)
    return Battle.objects.create(
        campaign=campaign, turn=siege.turn, territory=siege.territory, kind="field", attacker=siege.attacker,
        defender=siege.defender, attacker_points=1000, defender_points=800, **fields,
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_the_migration_names_each_existing_battle_by_its_kind() -> None:
    """Existing sieges become WFB sieges, field battles WFB field battles."""
    campaign = load_demo()
    siege = the_siege(campaign)
    field = a_field_battle(campaign)
    Battle.objects.update(rule_system=RuleSystem.CONFRONTATION)
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    try:
        executor = MigrationExecutor(connection)
        executor.migrate([AFTER])
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert Battle.objects.get(pk=siege.pk).rule_system == "wfb_siege"
    assert Battle.objects.get(pk=field.pk).rule_system == "wfb_field"


@pytest.mark.django_db
def test_a_battle_the_turn_creates_takes_its_kinds_wfb_rules() -> None:
    assert the_siege(load_demo()).rule_system == RuleSystem.WFB_SIEGE


@pytest.mark.django_db
def test_the_organiser_names_a_sieges_rule_system() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    for system in (RuleSystem.CONFRONTATION, RuleSystem.FRERES, RuleSystem.WFB_SIEGE):
        set_rule_system(battle=siege, rule_system=system, by=member(campaign, "organisateur"))
        assert Battle.objects.get(pk=siege.pk).rule_system == system


@pytest.mark.django_db
def test_a_player_cannot_change_the_rule_system() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    with pytest.raises(ValidationError, match="Seuls les organisateurs"):
        set_rule_system(battle=siege, rule_system=RuleSystem.CONFRONTATION, by=member(campaign, "bruno"))
    assert Battle.objects.get(pk=siege.pk).rule_system == RuleSystem.WFB_SIEGE


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind_of_battle", "refused"), [("siege", RuleSystem.WFB_FIELD), ("field", RuleSystem.WFB_SIEGE)]
)
def test_wfb_rules_follow_the_battles_kind(kind_of_battle: str, refused: RuleSystem) -> None:
    """A siege is not played as a WFB field battle, nor a field battle as a WFB siege (no fort)."""
    campaign = load_demo()
    battle = the_siege(campaign) if kind_of_battle == "siege" else a_field_battle(campaign)
    before = battle.rule_system
    with pytest.raises(ValidationError, match="se joue avec"):
        set_rule_system(battle=battle, rule_system=refused, by=member(campaign, "organisateur"))
    assert Battle.objects.get(pk=battle.pk).rule_system == before


@pytest.mark.django_db
def test_the_rule_system_is_fixed_once_a_result_is_entered() -> None:
    campaign = load_demo()
    field = a_field_battle(campaign, rule_system=RuleSystem.CONFRONTATION)
    report_result(
        battle=field, result=Result(winner=Winner.ATTACKER, attacker_losses=100), by=member(campaign, "bruno")
    )
    with pytest.raises(ValidationError, match="a déjà un résultat"):
        set_rule_system(battle=field, rule_system=RuleSystem.FRERES, by=member(campaign, "organisateur"))
    assert Battle.objects.get(pk=field.pk).rule_system == RuleSystem.CONFRONTATION


# Pages ---------------------------------------------------------------------------------------------------------


def rule_system_url(campaign: Campaign, battle: Battle) -> str:
    return reverse("campaigns:battle-rule-system", args=[campaign.pk, battle.pk])


def battle_url(campaign: Campaign, battle: Battle) -> str:
    return reverse("campaigns:battle", args=[campaign.pk, battle.pk])


@pytest.mark.django_db
def test_only_the_organiser_sees_and_uses_the_rule_system_form() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    player, organiser = as_member(campaign, "bruno"), as_member(campaign, "organisateur")
    assert 'name="rule_system"' not in player.get(battle_url(campaign, siege)).content.decode()
    assert 'name="rule_system"' in organiser.get(battle_url(campaign, siege)).content.decode()

    assert player.post(rule_system_url(campaign, siege), {"rule_system": "confrontation"}).status_code == 403
    assert Battle.objects.get(pk=siege.pk).rule_system == RuleSystem.WFB_SIEGE

    response = organiser.post(rule_system_url(campaign, siege), {"rule_system": "confrontation"}, follow=True)
    assert Battle.objects.get(pk=siege.pk).rule_system == RuleSystem.CONFRONTATION
    page = response.content.decode()
    assert "Confrontation" in page
    assert reverse("assistants:confrontation-battle", args=[campaign.pk, siege.pk]) in page


@pytest.mark.django_db
def test_an_unknown_rule_system_is_a_message_not_an_error() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    response = as_member(campaign, "organisateur").post(
        rule_system_url(campaign, siege), {"rule_system": "warmachine"}, follow=True
    )
    assert response.status_code == 200
    assert "warmachine" in response.content.decode()
    assert Battle.objects.get(pk=siege.pk).rule_system == RuleSystem.WFB_SIEGE


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("system", "present", "absent"),
    [
        (RuleSystem.WFB_SIEGE, ["attacker_wall_walk", "attacker_losses"], ["attacker_victory_points"]),
        (
            RuleSystem.CONFRONTATION,
            ["winner", "attacker_losses", "defender_losses"],
            ["attacker_victory_points", "attacker_wall_walk"],
        ),
        # 003 scores no victory points: the winner and each band's models out of the battle
        (
            RuleSystem.FRERES,
            ["winner", "attacker_losses", "defender_losses"],
            ["attacker_victory_points", "attacker_wall_walk"],
        ),
    ],
)
def test_each_rule_system_has_its_result_form(system: RuleSystem, present: list[str], absent: list[str]) -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    Battle.objects.filter(pk=siege.pk).update(rule_system=system)
    page = as_member(campaign, "organisateur").get(battle_url(campaign, siege)).content.decode()
    for name in present:
        assert f'name="{name}"' in page, name
    for name in absent:
        assert f'name="{name}"' not in page, name


@pytest.mark.django_db
def test_a_confrontation_siege_is_won_with_its_winner_and_losses_and_takes_the_castle() -> None:
    """No §17 categories and no victory points: the winner and the losses are the whole result, and a besieger
    who wins still takes the castle."""
    campaign = load_demo()
    siege = the_siege(campaign)
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.CONFRONTATION)
    response = as_member(campaign, "organisateur").post(
        battle_url(campaign, siege),
        {"action": "report", "winner": "attacker", "attacker_losses": 120, "defender_losses": 300,
         "attacker_victory_points": 55},
    )  # fmt: skip
    assert response.status_code == 302
    battle = Battle.objects.select_related("territory").get(pk=siege.pk)
    assert (battle.winner, battle.attacker_losses, battle.defender_losses) == ("attacker", 120, 300)
    assert (battle.attacker_victory_points, battle.defender_victory_points) == (0, 0)
    assert battle.victory_detail == {}
    assert battle.territory.owner == member(campaign, "bruno")


@pytest.mark.django_db
def test_a_confrontation_result_keeps_losses_within_the_points_brought() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.CONFRONTATION)
    response = as_member(campaign, "organisateur").post(
        battle_url(campaign, siege),
        {"action": "report", "winner": "draw", "attacker_losses": siege.attacker_points + 1, "defender_losses": 0},
    )
    assert response.status_code == 200
    assert not Battle.objects.get(pk=siege.pk).played


@pytest.mark.django_db
def test_the_api_names_each_battles_rule_system() -> None:
    campaign = load_demo()
    siege = the_siege(campaign)
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.CONFRONTATION)
    battles = as_member(campaign, "chloe").get(f"/api/campaigns/{campaign.pk}/battles/").json()
    assert {b["id"]: b["rule_system"] for b in battles} == {siege.pk: "confrontation"}
