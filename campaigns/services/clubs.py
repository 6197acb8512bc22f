"""Clubs, campaigns, their members, invitations, factions and settings."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from .. import page_cache, selectors
from ..models import (
    SETTINGS_FIELDS,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Club,
    ClubMembership,
    Faction,
    Role,
    TurnState,
)


@transaction.atomic
def create_club(*, name: str, founder: AbstractUser) -> Club:
    if Club.objects.filter(slug=slugify(name)).exists():
        raise ValidationError(_("A club named %(name)s already exists.") % {"name": name})
    club = Club.objects.create(name=name, slug=slugify(name))
    ClubMembership.objects.create(club=club, user=founder)
    return club


@transaction.atomic
def join_club(*, club: Club, user: AbstractUser) -> ClubMembership:
    membership, _created = ClubMembership.objects.get_or_create(club=club, user=user)
    return membership


def _new_invite_code() -> str:
    return secrets.token_urlsafe(9)


@transaction.atomic
def create_campaign(*, club: Club, name: str, organiser: AbstractUser, description: str = "") -> Campaign:
    """A new campaign with default settings; its creator, who must belong to the club, organises it."""
    if not ClubMembership.objects.filter(club=club, user=organiser).exists():
        raise ValidationError(_("%(user)s is not a member of %(club)s.") % {"user": organiser, "club": club})
    if club.campaigns.filter(slug=slugify(name)).exists():
        raise ValidationError(_("%(club)s already runs a campaign named %(name)s.") % {"club": club, "name": name})
    campaign = Campaign.objects.create(club=club, name=name, slug=slugify(name), description=description)
    ensure_settings(campaign=campaign)
    CampaignMembership.objects.create(campaign=campaign, user=organiser, role=Role.ORGANISER)
    return campaign


@transaction.atomic
def update_campaign(*, campaign: Campaign, name: str | None = None, description: str | None = None) -> Campaign:
    """Renames or redescribes a campaign; its address (slug) stays, so links already shared keep working."""
    if name is not None:
        if not name.strip():
            raise ValidationError(_("A campaign needs a name."))
        campaign.name = name.strip()
    if description is not None:
        campaign.description = description
    campaign.save(update_fields=["name", "description"])
    page_cache.changed(campaign.pk)
    return campaign


@transaction.atomic
def ensure_settings(*, campaign: Campaign) -> CampaignSettings:
    """The campaign's settings, created with the defaults (and a fresh invitation code) if it has none."""
    settings, _created = CampaignSettings.objects.get_or_create(
        campaign=campaign, defaults={"invite_code": _new_invite_code()}
    )
    return settings


@transaction.atomic
def add_campaign_member(*, campaign: Campaign, user: AbstractUser, role: Role = Role.PLAYER) -> CampaignMembership:
    """Adds a club member to a campaign, or changes their role; outsiders to the club are refused."""
    if not ClubMembership.objects.filter(club=campaign.club, user=user).exists():
        raise ValidationError(_("%(user)s is not a member of %(club)s.") % {"user": user, "club": campaign.club})
    membership, _created = CampaignMembership.objects.update_or_create(
        campaign=campaign, user=user, defaults={"role": role}
    )
    page_cache.changed(campaign.pk)
    return membership


@transaction.atomic
def join_with_code(*, code: str, user: AbstractUser) -> CampaignMembership:
    """The invitation link or code: its holder joins the club and the campaign as a player, while the campaign has
    not begun (no turn resolved yet) and has fewer than ``INVITATION_PLAYER_LIMIT`` players. Later, the organiser
    adds players by hand. A member already in the campaign is let in as they are."""
    found = selectors.invitation(code.strip())
    if found is None:
        raise ValidationError(_("No campaign has this invitation code."))
    # the settings' row locked: two holders of the code at once cannot both take the last place
    campaign = CampaignSettings.objects.select_for_update().get(pk=found.pk).campaign
    existing = CampaignMembership.objects.filter(campaign=campaign, user=user).first()
    if existing is not None:
        return existing
    if campaign.turns.filter(resolved_at__isnull=False).exists():
        raise ValidationError(
            _(
                "The campaign %(campaign)s has begun: its invitation code no longer makes players. Ask its organiser "
                "to add you."
            )
            % {"campaign": campaign.name}
        )
    most = django_settings.INVITATION_PLAYER_LIMIT
    if campaign.memberships.filter(role=Role.PLAYER).count() >= most:
        raise ValidationError(
            _("The campaign %(campaign)s has its %(most)s players: ask its organiser to add you.")
            % {"campaign": campaign.name, "most": most}
        )
    ClubMembership.objects.get_or_create(club=campaign.club, user=user)
    membership = CampaignMembership.objects.create(campaign=campaign, user=user, role=Role.PLAYER)
    page_cache.changed(campaign.pk)
    return membership


@transaction.atomic
def new_invite_code(*, campaign: Campaign) -> str:
    """A fresh invitation code; the old link stops working."""
    campaign.settings.invite_code = _new_invite_code()
    campaign.settings.save(update_fields=["invite_code"])
    return campaign.settings.invite_code


@transaction.atomic
def choose_faction(*, membership: CampaignMembership, faction: str) -> CampaignMembership:
    """A player's faction, their army book. Several players may play the same one (two Empire lords are two
    players, each with their own territories). A first choice is taken at any time; a change only between turns
    (no turn yet, or the current one complete), since the current turn's orders and battles are given under it."""
    if faction not in Faction.values:
        raise ValidationError(_("Unknown faction “%(faction)s”.") % {"faction": faction})
    membership = CampaignMembership.objects.select_for_update().get(pk=membership.pk)
    if membership.faction and faction != membership.faction:
        turn = selectors.current_turn(membership.campaign)
        if turn is not None and turn.state != TurnState.COMPLETE:
            raise ValidationError(
                _(
                    "A faction changes only between turns: turn %(number)s is under way, its orders and battles "
                    "given as %(faction)s."
                )
                % {"number": turn.number, "faction": membership.get_faction_display()}
            )
    membership.faction = faction
    membership.save(update_fields=["faction"])
    page_cache.changed(membership.campaign_id)
    return membership


@transaction.atomic
def update_settings(*, campaign: Campaign, values: Mapping[str, Any]) -> CampaignSettings:
    unknown = set(values) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValidationError(_("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    settings = campaign.settings
    for name, value in values.items():
        setattr(settings, name, value)
    settings.full_clean()
    settings.save()
    page_cache.changed(campaign.pk)
    return settings
