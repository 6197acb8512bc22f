"""Reads: what pages and the API show, already filtered to what the user may see."""

from __future__ import annotations

from django.db.models import QuerySet

from .access import User
from .models import Campaign, CampaignMembership


def campaigns_for(user: User) -> QuerySet[Campaign]:
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).select_related("club").distinct()


def memberships_of(campaign: Campaign) -> QuerySet[CampaignMembership]:
    return campaign.memberships.select_related("user").order_by("role", "user__username")
