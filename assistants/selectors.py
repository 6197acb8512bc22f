"""What the assistant reads from the campaign: a Confrontation battle the member takes part in or organises, and
the rolls kept with it."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Sum
from django.http import Http404
from django.utils.translation import gettext as _

from campaigns import selectors as campaign_selectors
from campaigns.access import User, campaign_for
from campaigns.enums import Side
from campaigns.models import Battle, Campaign, CampaignMembership, RuleSystem
from rules.confrontation.system import Asked, RollLog, Table
from rules.dice import Roll
from rules.log import Entry

from .models import ConfrontationRoll


@dataclass(frozen=True)
class BattleContext:
    campaign: Campaign
    battle: Battle
    attacker: str
    defender: str
    membership: CampaignMembership


def confrontation_battle(user: User, pk: int, bid: int) -> BattleContext:
    """Battle ``bid`` of campaign ``pk``, for its two players and the organiser, who roll for it; 404 for outsiders
    and for a battle not played with Confrontation, 403 for the campaign's other members."""
    campaign, membership = campaign_for(user, pk)
    battle = campaign_selectors.battles_of(campaign).filter(pk=bid).first()
    if battle is None:
        raise Http404(_("No such battle in this campaign."))
    if battle.rule_system != RuleSystem.CONFRONTATION:
        raise Http404(_("This battle is not played with Confrontation."))
    if not campaign_selectors.may_report(battle, membership):
        raise PermissionDenied(_("Only the battle's two players and the organiser roll for it."))
    return BattleContext(
        campaign, battle, battle.attacker.user.get_username(), battle.defender.user.get_username(), membership
    )


def battle_rolls(battle: Battle) -> list[ConfrontationRoll]:
    """The rolls made in the assistant for ``battle``, first to last."""
    return list(ConfrontationRoll.objects.filter(battle=battle).select_related("by__user").order_by("at", "pk"))


def losses_from_log(battle: Battle) -> dict[str, int]:
    """Each side's losses (points) by the log: the models its wounds killed outright."""
    rows = (
        ConfrontationRoll.objects.filter(battle=battle)
        .exclude(loss_side="")
        .values("loss_side")
        .annotate(points=Sum("loss_points"))
    )
    lost = {row["loss_side"]: row["points"] or 0 for row in rows}
    return {side: lost.get(side, 0) for side in Side.values}


def roll_log(battle: Battle) -> RollLog:
    """The rolls made for ``battle`` as the engine's log (:class:`rules.confrontation.system.RollLog`): each roll
    asked, read from its kind and situation as kept, with the dice it rolled; replayed, it gives what was kept."""
    entries = tuple(
        Entry(
            Asked.from_json({"kind": row.kind, "situation": row.situation}),
            tuple(Roll.from_json(die) for die in row.dice),
        )
        for row in ConfrontationRoll.objects.filter(battle=battle).order_by("at", "pk")
    )
    table = Table((battle.attacker.user.get_username(), battle.defender.user.get_username()))
    return RollLog(table, 0, entries)
