"""Moving the demo campaign on: its pending siege played, the next turn opened."""

from __future__ import annotations

from django.test import Client

from campaigns.models import Army, Battle, Campaign, CampaignMembership, Territory, Turn, Winner
from campaigns.services import Result, open_turn, report_result, submit_order
from rules.siege.chapters.victory import Achievements


def member(campaign: Campaign, username: str) -> CampaignMembership:
    return CampaignMembership.objects.select_related("user").get(campaign=campaign, user__username=username)


def as_member(campaign: Campaign, username: str) -> Client:
    """A test client logged in as the campaign's member ``username``."""
    client = Client()
    client.force_login(member(campaign, username).user)
    return client


def army(campaign: Campaign, name: str) -> Army:
    return Army.objects.get(campaign=campaign, name=name)


def territory(campaign: Campaign, name: str) -> Territory:
    return Territory.objects.get(campaign=campaign, name=name)


def play_the_pending_siege(campaign: Campaign) -> Battle:
    """Montfort holds: the besieged win; Bruno's orcs fall back to their marshes."""
    siege = Battle.objects.get(campaign=campaign, kind="siege", winner="")
    return report_result(
        battle=siege,
        result=Result(winner=Winner.DEFENDER, attacker_losses=800, defender_losses=300, siege={
            "attacker": Achievements(units=(300,), sections={"wall_walk": 1}),
            "defender": Achievements(units=(800,), general=True, sections={"tower": 2}),
        }),
        by=member(campaign, "organisateur"),
    )  # fmt: skip


def second_turn(campaign: Campaign) -> Turn:
    play_the_pending_siege(campaign)
    return open_turn(campaign=campaign)


def second_turn_with_orders(campaign: Campaign) -> Turn:
    """Turn 2 with its orders given: Bruno besieges Montfort again, Alice attacks the Col du Crâne."""
    turn = second_turn(campaign)
    for player, army_name, kind, target, withdraw in (
        ("bruno", "Waaagh! des Marais", "besiege", "Château de Montfort", False),
        ("chloe", "Chevaliers du Graal", "hold", None, True),
        ("alice", "Ost d'Altdorf", "attack", "Col du Crâne", False),
    ):
        submit_order(
            membership=member(campaign, player),
            army_id=army(campaign, army_name).pk,
            kind=kind,
            target_id=territory(campaign, target).pk if target else None,
            withdraw=withdraw,
        )
    return turn
