"""Writes: every change goes through here, inside one transaction, with keyword-only arguments."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from .models import Campaign, CampaignMembership, Club, ClubMembership, Role


@transaction.atomic
def create_club(*, name: str, founder: AbstractUser) -> Club:
    club = Club.objects.create(name=name, slug=slugify(name))
    ClubMembership.objects.create(club=club, user=founder)
    return club


@transaction.atomic
def join_club(*, club: Club, user: AbstractUser) -> ClubMembership:
    membership, _created = ClubMembership.objects.get_or_create(club=club, user=user)
    return membership


@transaction.atomic
def create_campaign(*, club: Club, name: str, organiser: AbstractUser, description: str = "") -> Campaign:
    """A new campaign; its creator, who must belong to the club, organises it."""
    if not ClubMembership.objects.filter(club=club, user=organiser).exists():
        raise ValidationError(_("%(user)s is not a member of %(club)s.") % {"user": organiser, "club": club})
    campaign = Campaign.objects.create(club=club, name=name, slug=slugify(name), description=description)
    CampaignMembership.objects.create(campaign=campaign, user=organiser, role=Role.ORGANISER)
    return campaign


@transaction.atomic
def add_campaign_member(*, campaign: Campaign, user: AbstractUser, role: Role = Role.PLAYER) -> CampaignMembership:
    """Adds a club member to a campaign, or changes their role; outsiders to the club are refused."""
    if not ClubMembership.objects.filter(club=campaign.club, user=user).exists():
        raise ValidationError(_("%(user)s is not a member of %(club)s.") % {"user": user, "club": campaign.club})
    membership, _created = CampaignMembership.objects.update_or_create(
        campaign=campaign, user=user, defaults={"role": role}
    )
    return membership
