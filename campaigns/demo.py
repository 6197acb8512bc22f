"""The demo campaign that ``make run`` loads: the same data every time, loading it twice changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from .models import Campaign, CampaignMembership, Club, ClubMembership, Role

DEMO_PASSWORD = "vieux-monde"
CLUB_NAME = "Les Compagnons de la Tour"
CAMPAIGN_NAME = "La Conquête du Vieux Monde"


@dataclass(frozen=True)
class DemoLogin:
    username: str
    role: Role


DEMO_LOGINS = (
    DemoLogin("organisateur", Role.ORGANISER),
    DemoLogin("alice", Role.PLAYER),
    DemoLogin("bruno", Role.PLAYER),
    DemoLogin("chloe", Role.PLAYER),
    DemoLogin("damien", Role.PLAYER),
)


@transaction.atomic
def load_demo() -> Campaign:
    user_model = get_user_model()
    club, _ = Club.objects.get_or_create(slug="compagnons-de-la-tour", defaults={"name": CLUB_NAME})
    campaign, _ = Campaign.objects.get_or_create(
        club=club,
        slug="conquete-du-vieux-monde",
        defaults={
            "name": CAMPAIGN_NAME,
            "description": "Campagne de démonstration : quatre seigneurs se disputent les marches de l'Empire.",
        },
    )
    for login in DEMO_LOGINS:
        user, created = user_model.objects.get_or_create(username=login.username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        ClubMembership.objects.get_or_create(club=club, user=user)
        CampaignMembership.objects.get_or_create(campaign=campaign, user=user, defaults={"role": login.role})
    return campaign
