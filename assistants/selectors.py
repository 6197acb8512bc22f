"""What the assistant reads from the campaign: a Confrontation battle the member takes part in or organises."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _

from campaigns import selectors as campaign_selectors
from campaigns.access import User, campaign_for
from campaigns.models import Battle, Campaign, RuleSystem


@dataclass(frozen=True)
class BattleContext:
    campaign: Campaign
    battle: Battle
    attacker: str
    defender: str


def confrontation_battle(user: User, pk: int, bid: int) -> BattleContext:
    """Battle ``bid`` of campaign ``pk``, for a member; 404 for outsiders and for a battle not played with
    Confrontation."""
    campaign, _membership = campaign_for(user, pk)
    battle = campaign_selectors.battles_of(campaign).filter(pk=bid).first()
    if battle is None:
        raise Http404(_("No such battle in this campaign."))
    if battle.rule_system != RuleSystem.CONFRONTATION:
        raise Http404(_("This battle is not played with Confrontation."))
    return BattleContext(campaign, battle, battle.attacker.user.get_username(), battle.defender.user.get_username())
