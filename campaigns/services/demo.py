"""The demo campaign that ``make run`` loads: the same data every time, loading it twice changes nothing.

Four lords share a small map with a castle and a fortress; turn 1 is already resolved: Bruno's orcs besiege the
castle of Montfort, whose knights withdrew behind the walls (a siege with heroism tokens, waiting to be played).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.db import transaction

from accounts.services import sign_up
from rules.siege.board.fort import standard_fort

from .. import selectors
from ..models import Campaign, CampaignMembership, Faction, Role, TerritoryKind
from . import (
    TerritorySpec,
    add_campaign_member,
    choose_faction,
    create_army,
    create_campaign,
    create_club,
    join_club,
    load_map,
    open_turn,
    resolve_turn,
    set_fort_layout,
    start_resolution,
    submit_order,
)

DEMO_PASSWORD = "vieux-monde"
CLUB_NAME = "Les Compagnons de la Tour"
CAMPAIGN_NAME = "La Conquête du Vieux Monde"


@dataclass(frozen=True)
class DemoLogin:
    username: str
    role: Role
    faction: str = ""


DEMO_LOGINS = (
    DemoLogin("organisateur", Role.ORGANISER),
    DemoLogin("alice", Role.PLAYER, Faction.EMPIRE),
    DemoLogin("bruno", Role.PLAYER, Faction.ORCS_AND_GOBLINS),
    DemoLogin("chloe", Role.PLAYER, Faction.BRETONNIA),
    DemoLogin("damien", Role.PLAYER, Faction.CHAOS),
)

CASTLE, FORTRESS = "Château de Montfort", "Forteresse du Crâne"
DEMO_MAP = (
    TerritorySpec("Altdorf", TerritoryKind.TOWN, 3, "alice", ("Forêt de Reik", "Plaine de Bastogne"), 20, 25),
    TerritorySpec("Forêt de Reik", TerritoryKind.OPEN_LAND, 1, "alice", ("Plaine de Bastogne", CASTLE), 15, 65),
    TerritorySpec("Plaine de Bastogne", TerritoryKind.OPEN_LAND, 1, None, (CASTLE, "Col du Crâne"), 45, 45),
    TerritorySpec(CASTLE, TerritoryKind.CASTLE, 4, "chloe", ("Marais Noirs",), 45, 80),
    TerritorySpec("Marais Noirs", TerritoryKind.OPEN_LAND, 1, "bruno", ("Col du Crâne",), 80, 75),
    TerritorySpec("Col du Crâne", TerritoryKind.OPEN_LAND, 1, "damien", (FORTRESS,), 75, 40),
    TerritorySpec(FORTRESS, TerritoryKind.FORTRESS, 5, "damien", (), 85, 12),
)
# (owner, name, territory, points, garrison)
DEMO_ARMIES = (
    ("alice", "Ost d'Altdorf", "Altdorf", 2500, False),
    ("bruno", "Waaagh! des Marais", "Marais Noirs", 2500, False),
    ("chloe", "Garnison de Montfort", CASTLE, 1500, True),
    ("chloe", "Chevaliers du Graal", CASTLE, 1000, False),
    ("damien", "Garnison du Crâne", FORTRESS, 2000, True),
    ("damien", "Horde du Crâne", "Col du Crâne", 2000, False),
)


@transaction.atomic
def load_demo() -> Campaign:
    """The demo campaign, made through the services (and found again, unchanged, when it already exists)."""
    users = {login.username: _demo_user(login.username) for login in DEMO_LOGINS}
    organiser = users[DEMO_LOGINS[0].username]
    club = selectors.club_named(CLUB_NAME) or create_club(name=CLUB_NAME, founder=organiser)
    campaign = selectors.campaign_named(club, CAMPAIGN_NAME) or create_campaign(
        club=club,
        name=CAMPAIGN_NAME,
        organiser=organiser,
        description="Campagne de démonstration : quatre seigneurs se disputent les marches de l'Empire.",
    )
    members = {}
    for login in DEMO_LOGINS:
        join_club(club=club, user=users[login.username])
        membership = selectors.membership_of(campaign, users[login.username]) or add_campaign_member(
            campaign=campaign, user=users[login.username], role=login.role
        )
        if login.faction and not membership.faction:
            choose_faction(membership=membership, faction=login.faction)
        members[login.username] = membership
    if not campaign.territories.exists():
        _play_the_first_turn(campaign, members)
    return campaign


def _demo_user(username: str) -> AbstractUser:
    """A demo login, signed up with the demo password the first time."""
    found = get_user_model().objects.filter(username=username).first()
    if found is not None:
        return found
    user, _membership = sign_up(username=username, email=f"{username}@example.org", password=DEMO_PASSWORD)
    return user


def _play_the_first_turn(campaign: Campaign, members: dict[str, CampaignMembership]) -> None:
    territories = {t.name: t for t in load_map(campaign=campaign, specs=DEMO_MAP)}
    armies = {
        name: create_army(
            owner=members[owner], name=name, territory=territories[at], points=points, is_garrison=garrison
        )
        for owner, name, at, points, garrison in DEMO_ARMIES
    }
    set_fort_layout(territory=territories[CASTLE], layout_json=standard_fort(1500, CASTLE).to_json())
    set_fort_layout(territory=territories[FORTRESS], layout_json=standard_fort(2000, FORTRESS).to_json())
    turn = open_turn(campaign=campaign)
    for player, army, kind, target, withdraw in (
        ("bruno", "Waaagh! des Marais", "besiege", CASTLE, False),
        ("chloe", "Chevaliers du Graal", "hold", None, True),
        ("alice", "Ost d'Altdorf", "move", "Plaine de Bastogne", False),
    ):
        submit_order(
            membership=members[player],
            army_id=armies[army].pk,
            kind=kind,
            target_id=territories[target].pk if target else None,
            withdraw=withdraw,
        )
    resolve_turn(turn_id=start_resolution(turn=turn).pk)
