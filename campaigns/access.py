"""Who may see and do what in a campaign: members see it, organisers run it.

Views call :func:`campaign_for`; the API uses the permission classes. A non-member gets 404 (a campaign's
existence is not shown to outsiders), a player asking for an organiser's action gets 403.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import permissions
from rest_framework.request import Request

from .models import Campaign, CampaignMembership

User = AbstractBaseUser | AnonymousUser


def membership_for(user: User, campaign: Campaign) -> CampaignMembership | None:
    if not user.is_authenticated:
        return None
    return CampaignMembership.objects.filter(campaign=campaign, user=user).first()


def campaign_for(user: User, pk: int, *, organiser: bool = False) -> tuple[Campaign, CampaignMembership]:
    """The campaign ``pk`` and the user's membership; 404 for outsiders, 403 for a player where organisers only."""
    membership = (
        CampaignMembership.objects.select_related("campaign", "campaign__club")
        .filter(campaign_id=pk, user=user)
        .first()
        if user.is_authenticated
        else None
    )
    if membership is None:
        raise Http404(_("No such campaign among yours."))
    if organiser and not membership.is_organiser:
        raise PermissionDenied(_("Only the campaign's organisers may do this."))
    return membership.campaign, membership


def _campaign_of(obj: Any) -> Campaign:
    return obj if isinstance(obj, Campaign) else obj.campaign


class IsCampaignMember(permissions.BasePermission):
    """Members may read; writes need :class:`IsCampaignOrganiserOrReadOnly` or a view's own check."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return membership_for(request.user, _campaign_of(obj)) is not None


class IsCampaignOrganiserOrReadOnly(permissions.BasePermission):
    message = gettext_lazy("Only the campaign's organisers may change it.")

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        membership = membership_for(request.user, _campaign_of(obj))
        if membership is None:
            return False
        return request.method in permissions.SAFE_METHODS or membership.is_organiser
