"""Writes of the set-up flow (club, campaign, map, factions, forts, armies), each in one transaction.

The map's roads and owners are set before the first turn opens: orders and their checks read them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rules.siege.board.fort import standard_fort

from .. import page_cache, selectors
from ..models import Campaign, CampaignMembership, Club, Territory
from ..services import create_campaign, generate_missing_forts, set_fort_layout, update_settings
from ..services.common import check_limits


@transaction.atomic
def start_campaign(
    *, club: Club, name: str, organiser: AbstractUser, description: str = "", settings: Mapping[str, Any]
) -> Campaign:
    """A new campaign of the club with its first settings; its creator organises it."""
    if not name.strip():
        raise ValidationError(_("A campaign needs a name."))
    campaign = create_campaign(club=club, name=name.strip(), organiser=organiser, description=description)
    update_settings(campaign=campaign, values=settings)
    return campaign


def _map_open(campaign: Campaign) -> None:
    if campaign.turns.exists():
        raise ValidationError(_("The map's roads and owners are set once the first turn has opened."))


@transaction.atomic
def toggle_neighbours(*, territory: Territory, other: Territory) -> bool:
    """Joins two territories by a road, or removes the road between them; returns whether they now are neighbours."""
    if other.campaign_id != territory.campaign_id:
        raise ValidationError(_("The territory is not on this campaign's map."))
    if other.pk == territory.pk:
        raise ValidationError(_("A territory cannot be its own neighbour."))
    _map_open(territory.campaign)
    if territory.neighbours.filter(pk=other.pk).exists():
        territory.neighbours.remove(other)
        page_cache.changed(territory.campaign_id)
        return False
    territory.neighbours.add(other)
    page_cache.changed(territory.campaign_id)
    return True


@transaction.atomic
def set_territory_owner(*, territory: Territory, owner: CampaignMembership | None) -> Territory:
    """Gives a territory to a player of its campaign at the start, or leaves it unowned."""
    if owner is not None and owner.campaign_id != territory.campaign_id:
        raise ValidationError(_("%(owner)s is not in the campaign.") % {"owner": owner.user})
    _map_open(territory.campaign)
    if territory.armies.filter(is_garrison=True, destroyed=False).exclude(owner=owner).exists():
        raise ValidationError(_("A garrison belongs to the fort's owner."))
    territory.owner = owner
    territory.save(update_fields=["owner"])
    page_cache.changed(territory.campaign_id)
    return territory


def fortify(*, campaign: Campaign, territory: Territory | None = None, points: int | None = None) -> None:
    """The forts step's writes: each castle and fortress still without a fort gets its generated one for its
    garrison (§1.4 Table 1), and ``territory`` the standard fort for ``points`` when the organiser chose one. Each in
    its own transaction: a refused choice leaves the generated forts."""
    generate_missing_forts(campaign=campaign)
    if territory is not None and points is not None:
        build_standard_fort(territory=territory, points=points)


@transaction.atomic
def move_territory(*, territory: Territory, x: float, y: float) -> Territory:
    """Puts a territory elsewhere on the map (0–100 across and down); where it stands changes no rule."""
    territory.x, territory.y = x, y
    check_limits(territory, "x", "y")
    territory.save(update_fields=["x", "y"])
    page_cache.changed(territory.campaign_id)  # the map kept for the campaign's pages shows it where it was
    return territory


@transaction.atomic
def build_standard_fort(*, territory: Territory, points: int) -> Territory:
    """Gives a castle or fortress the generated fort of Table 1's minimum for ``points`` of garrison (§1)."""
    garrison = selectors.garrison_points(territory)
    layout = standard_fort(points, territory.name)
    if list(layout.problems(garrison)):
        raise ValidationError(
            _("The fort must hold its garrison of %(points)s points: choose at least that many.") % {"points": garrison}
        )
    return set_fort_layout(territory=territory, layout_json=layout.to_json())
