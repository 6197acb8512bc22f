"""Reads: what pages and the API show, already filtered to what the user may see (fog of war).

The organiser sees everything. A player sees the map and its owners, their own armies and the armies standing in or
next to their territories, their own orders, and everyone's orders once the turn is resolved.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from celery.result import AsyncResult
from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.siege.battle import Setup
from siege_site.celery import QUEUE_ERRORS

from .access import User
from .models import (
    FORTIFIED_KINDS,
    Army,
    Battle,
    BattleCorrection,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Club,
    ClubMembership,
    Order,
    Role,
    Score,
    Side,
    Territory,
    Turn,
    Unit,
    Winner,
)
from .results import Result, achievements_from_json
from .rosters import CHARACTERISTICS


def campaigns_for(user: User) -> QuerySet[Campaign]:
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).select_related("club").distinct()


def memberships_of(campaign: Campaign) -> QuerySet[CampaignMembership]:
    return campaign.memberships.select_related("user").order_by("role", "user__username")


def players_of(campaign: Campaign) -> QuerySet[CampaignMembership]:
    return campaign.memberships.filter(role=Role.PLAYER).select_related("user").order_by("user__username")


def territories_of(campaign: Campaign) -> QuerySet[Territory]:
    return campaign.territories.select_related("owner__user").prefetch_related("neighbours")


def campaign_ids() -> list[int]:
    """Every campaign's key, for what is done to each of them whoever plays it (the cached pages dropped after a
    restore)."""
    return list(Campaign.objects.order_by("pk").values_list("pk", flat=True))


def current_turn(campaign: Campaign) -> Turn | None:
    return campaign.turns.order_by("-number").first()


@dataclass(frozen=True)
class OrdersGiven:
    """A player's armies in the field and how many of them have their order for the turn."""

    player: CampaignMembership
    armies: int
    ordered: int

    @property
    def done(self) -> bool:
        return self.ordered >= self.armies


def orders_given(turn: Turn) -> list[OrdersGiven]:
    """Each player with armies in the field, with how many have an order this turn; a garrison always holds and
    is given no order, so it is not counted. For the organiser: it says who still has to order, never what."""
    counts = (
        turn.campaign.armies.filter(destroyed=False, is_garrison=False)
        .values("owner")
        .annotate(armies=Count("pk"), ordered=Count("orders", filter=Q(orders__turn=turn)))
    )
    by_owner = {row["owner"]: row for row in counts}
    players = turn.campaign.memberships.filter(pk__in=by_owner).select_related("user").order_by("user__username")
    return [OrdersGiven(p, by_owner[p.pk]["armies"], by_owner[p.pk]["ordered"]) for p in players]


def orders_open(turn: Turn, now: datetime | None = None) -> bool:
    return turn.is_open and (now or timezone.now()) <= turn.deadline


def resolution_progress(turn: Turn) -> tuple[int, str]:
    """How far the worker has gone, from the task's state in Redis; nothing is known while Redis is away."""
    try:
        info = AsyncResult(turn.task_id).info if turn.task_id else None
    except QUEUE_ERRORS:
        info = None
    if isinstance(info, dict):
        return int(info.get("percent", 0)), str(info.get("message", ""))
    return 0, _("Waiting for a worker")


def stalled(turn: Turn, now: datetime | None = None) -> bool:
    """A resolving turn with no sign of life for a while: the organiser is offered to start it again."""
    last_sign = turn.resolution_started_at or turn.resolution_queued_at
    if not turn.is_resolving or last_sign is None:
        return False
    return last_sign < (now or timezone.now()) - timedelta(seconds=settings.RESOLUTION_SILENCE_SECONDS)


def territories_in_sight(membership: CampaignMembership) -> QuerySet[Territory]:
    """A player's territories and their neighbours: what stands there is not hidden from them."""
    return Territory.objects.filter(Q(owner=membership) | Q(neighbours__owner=membership))


def in_sight(territory: Territory, membership: CampaignMembership) -> bool:
    """The sight rule: the organiser sees everything, a player their territories and the ones next to them."""
    return membership.is_organiser or territories_in_sight(membership).filter(pk=territory.pk).exists()


def sees_battle(battle: Battle, membership: CampaignMembership) -> bool:
    """A battle is seen by its two players and by whoever has its territory in sight (:func:`in_sight`)."""
    return membership.pk in (battle.attacker_id, battle.defender_id) or in_sight(battle.territory, membership)


BATTLE_FIELDS_IN_SIGHT = (
    "attacker_points",
    "defender_points",
    "open_field_points",
    "heroism_tokens",
    "fort_layout",
    "attacker_losses",
    "defender_losses",
    "victory_detail",
    "notes",
)
"""What a battle out of sight does not show: the armies' points and what follows from them (heroism tokens, the
fort's layout and its Table 1 band, losses, the §17 counts, the players' notes). Who fought where, the winner and
the victory points stay public, as the map and the standings show them."""


def shown_battle(battle: Battle, membership: CampaignMembership) -> Battle:
    """The battle as the member may see it: a copy with :data:`BATTLE_FIELDS_IN_SIGHT` set to ``None`` when it is
    out of their sight."""
    return battle if sees_battle(battle, membership) else _out_of_sight(battle)


def _out_of_sight(battle: Battle) -> Battle:
    shown = copy.copy(battle)
    for name in BATTLE_FIELDS_IN_SIGHT:
        setattr(shown, name, None)
    return shown


def shown_battles(campaign: Campaign, membership: CampaignMembership) -> list[Battle]:
    """Every battle as :func:`shown_battle` shows it, the member's sight read once for them all."""
    battles = list(battles_of(campaign))
    if membership.is_organiser:
        return battles
    sight = set(territories_in_sight(membership).values_list("pk", flat=True))
    return [
        battle
        if membership.pk in (battle.attacker_id, battle.defender_id) or battle.territory_id in sight
        else _out_of_sight(battle)
        for battle in battles
    ]


def shown_fort_layout(territory: Territory, membership: CampaignMembership) -> dict | None:
    """A fort's layout, for those who have it in sight: its sections tell the garrison's band of Table 1 (§1.4)."""
    return territory.fort_layout if in_sight(territory, membership) else None


@dataclass(frozen=True)
class EventSight:
    """What of a turn's log a member may read: an event naming an army is read by those who see that army where the
    event happened (the sight rule of :func:`visible_armies`), or who see the battle it follows from."""

    everything: bool
    """the organiser's sight, or a log that names no army"""
    own_armies: frozenset[int]
    territories: frozenset[int]
    battles: frozenset[int]

    def sees(self, event: dict) -> bool:
        if self.everything or event.get("army") is None:
            return True
        if event.get("battle") is not None and event["battle"] in self.battles:
            return True
        return event["army"] in self.own_armies or event.get("territory") in self.territories


def event_sight(turn: Turn, membership: CampaignMembership) -> EventSight:
    """Read only when the log names an army: an empty log, or one of battles and captures only, costs no query."""
    if membership.is_organiser or all(e.get("army") is None for e in turn.log):
        return EventSight(True, frozenset(), frozenset(), frozenset())
    territories = frozenset(territories_in_sight(membership).values_list("pk", flat=True))
    battles = turn.battles.filter(
        Q(attacker=membership) | Q(defender=membership) | Q(territory__in=territories)
    ).values_list("pk", flat=True)
    return EventSight(
        False,
        frozenset(turn.campaign.armies.filter(owner=membership).values_list("pk", flat=True)),
        territories,
        frozenset(battles),
    )


def visible_armies(campaign: Campaign, membership: CampaignMembership) -> QuerySet[Army]:
    armies = campaign.armies.filter(destroyed=False).select_related("owner__user", "territory")
    if membership.is_organiser:
        return armies
    return armies.filter(Q(owner=membership) | Q(territory__in=territories_in_sight(membership)))


def armies_to_order(campaign: Campaign, membership: CampaignMembership) -> QuerySet[Army]:
    """The player's armies still in the field, with the neighbours their orders may target."""
    return (
        campaign.armies.filter(owner=membership, destroyed=False)
        .select_related("territory")
        .prefetch_related("territory__neighbours")
    )


@dataclass(frozen=True)
class UnitRow:
    unit: Unit
    characteristics: tuple[int | str, ...]
    """The unit's profile in the army books' order (:data:`rosters.CHARACTERISTICS`), ``"-"`` where it has none."""


def roster_rows(army: Army) -> list[UnitRow]:
    """The army's units, each profile read by name: the database keeps a profile's keys in its own order."""
    return [UnitRow(unit, tuple(unit.profile.get(key, "-") for key in CHARACTERISTICS)) for unit in army.units.all()]


def garrison_points(territory: Territory) -> int:
    return sum(a.points for a in territory.armies.filter(is_garrison=True, destroyed=False))


def visible_orders(turn: Turn | None, membership: CampaignMembership) -> QuerySet[Order]:
    """Own orders always; the others' only once the turn is resolved (or for the organiser); none without a turn."""
    if turn is None:
        return Order.objects.none()
    orders = turn.orders.select_related("army__owner__user", "army__territory", "target")
    if membership.is_organiser or turn.is_resolved:
        return orders
    return orders.filter(army__owner=membership)


def current_orders(campaign: Campaign, membership: CampaignMembership) -> QuerySet[Order]:
    """The current turn's orders the member may see (:func:`visible_orders`)."""
    return visible_orders(current_turn(campaign), membership)


def battles_of(campaign: Campaign) -> QuerySet[Battle]:
    return campaign.battles.select_related(
        "campaign__settings", "territory", "turn", "attacker__user", "defender__user", "proposed_by__user"
    )


def battle_forces(battle: Battle, membership: CampaignMembership) -> dict[str, list]:
    """The armies on each side, with their points; none for a battle out of the member's sight."""
    if not sees_battle(battle, membership):
        return {"attacker": [], "defender": []}
    participants = battle.participants.select_related("army__owner__user", "origin").order_by("army__name")
    return {side: [p for p in participants if p.side == side] for side in ("attacker", "defender")}


def may_report(battle: Battle, membership: CampaignMembership) -> bool:
    """The organiser and the two players of a battle may enter its result."""
    return membership.is_organiser or membership.pk in (battle.attacker_id, battle.defender_id)


@dataclass(frozen=True)
class PendingResult:
    """A result one side entered, waiting for confirmation; ``may_confirm`` for the other side and the organiser."""

    by: CampaignMembership
    at: datetime
    result: Result
    may_confirm: bool

    def get_winner_display(self) -> str:
        return str(Winner(self.result.winner).label)


def pending_result(battle: Battle, membership: CampaignMembership) -> PendingResult | None:
    if battle.played or battle.proposed_result is None or battle.proposed_by is None or battle.proposed_at is None:
        return None
    sides = (battle.attacker_id, battle.defender_id)
    return PendingResult(
        by=battle.proposed_by,
        at=battle.proposed_at,
        result=Result.from_json(battle.proposed_result),
        may_confirm=membership.is_organiser or (membership.pk in sides and membership.pk != battle.proposed_by_id),
    )


@dataclass(frozen=True)
class Tally:
    membership: CampaignMembership
    battle_points: int
    """Campaign points for the battles won, drawn and lost, as the campaign's settings give them."""
    territory_points: int
    fort_points: int
    territories: int
    forts: int
    victory_points: int = 0
    """The battles' victory points: they only break ties."""

    @property
    def total(self) -> int:
        return self.battle_points + self.territory_points + self.fort_points


def _battle_points(battle: Battle, membership: CampaignMembership, settings: CampaignSettings) -> tuple[int, int]:
    """The campaign points and the victory points a confirmed battle gives one player (none if not in it)."""
    if membership.pk == battle.attacker_id:
        mine, won = battle.attacker_victory_points, Winner.ATTACKER
    elif membership.pk == battle.defender_id:
        mine, won = battle.defender_victory_points, Winner.DEFENDER
    else:
        return 0, 0
    if battle.winner == Winner.DRAW:
        return settings.draw_points, mine
    return (settings.win_points if battle.winner == won else settings.loss_points), mine


def tallies(campaign: Campaign) -> list[Tally]:
    """Each player's points now: campaign points from battles (a win, a draw, a loss, as the organiser set them),
    territories' values and forts held, best first; the battles' victory points break ties. Only confirmed results
    count."""
    battles = list(campaign.battles.exclude(winner=""))
    territories = list(campaign.territories.all())
    settings = campaign.settings
    result = []
    for m in players_of(campaign):
        earned = [_battle_points(b, m, settings) for b in battles]
        owned = [t for t in territories if t.owner_id == m.pk]
        forts = sum(t.fortified for t in owned)
        result.append(
            Tally(
                m,
                sum(points for points, _vp in earned),
                sum(t.value for t in owned),
                forts * settings.fort_bonus,
                len(owned),
                forts,
                sum(vp for _points, vp in earned),
            )
        )
    return sorted(result, key=lambda t: (-t.total, -t.victory_points, t.membership.user.get_username()))


def score_history(campaign: Campaign) -> tuple[list[int], list[tuple[CampaignMembership, dict[int, int]]]]:
    """The turns with a snapshot of the tallies, and each player's total after each of them."""
    scores = list(Score.objects.filter(turn__campaign=campaign).select_related("turn"))
    turns = sorted({s.turn.number for s in scores})
    return turns, [
        (m, {s.turn.number: s.total for s in scores if s.membership_id == m.pk}) for m in players_of(campaign)
    ]


@dataclass(frozen=True)
class LogNames:
    """What the turn log's ids stand for."""

    territories: dict[int, str]
    armies: dict[int, str]
    players: dict[int, str]


def log_names(campaign: Campaign) -> LogNames:
    return LogNames(
        {t.pk: t.name for t in campaign.territories.all()},
        {a.pk: a.name for a in campaign.armies.all()},
        {m.pk: m.user.get_username() for m in campaign.memberships.select_related("user")},
    )


def result_of(battle: Battle) -> Result:
    """A confirmed battle's result as it stands."""
    detail = battle.victory_detail or {}
    return Result(
        winner=battle.winner,
        attacker_victory_points=battle.attacker_victory_points,
        defender_victory_points=battle.defender_victory_points,
        attacker_losses=battle.attacker_losses,
        defender_losses=battle.defender_losses,
        notes=battle.notes,
        siege={side: achievements_from_json(detail[side]["achieved"]) for side in Side.values} if detail else None,
    )


def corrections_of(battle: Battle) -> list[BattleCorrection]:
    return list(battle.corrections.select_related("by__user"))


# One row by its id, among those the member may see; None when there is no such row (the page answers 404) -------


def territory_of(campaign: Campaign, territory_id: int | str | None) -> Territory | None:
    if not str(territory_id or "").isdigit():
        return None
    return campaign.territories.select_related("owner__user").filter(pk=territory_id).first()


def visible_army(campaign: Campaign, membership: CampaignMembership, army_id: int) -> Army | None:
    return visible_armies(campaign, membership).filter(pk=army_id).first()


def battle_of(campaign: Campaign, battle_id: int) -> Battle | None:
    return battles_of(campaign).filter(pk=battle_id).first()


def player_of(campaign: Campaign, membership_id: int | None) -> CampaignMembership | None:
    return players_of(campaign).filter(pk=membership_id).first() if membership_id else None


def armies_in(campaign: Campaign, membership: CampaignMembership, territory: Territory) -> QuerySet[Army]:
    """The armies standing in ``territory`` that the member may see."""
    return visible_armies(campaign, membership).filter(territory=territory)


def armies_of(campaign: Campaign) -> QuerySet[Army]:
    """Every army, by player and name, for the organiser."""
    return campaign.armies.select_related("owner__user", "territory").order_by("owner__user__username", "name")


def neighbours_of(territory: Territory) -> QuerySet[Territory]:
    return territory.neighbours.order_by("name")


def fortified_territories(campaign: Campaign) -> QuerySet[Territory]:
    return campaign.territories.filter(kind__in=FORTIFIED_KINDS).order_by("name")


def army_to_order(campaign: Campaign, army_id: int) -> Army | None:
    """An army of the campaign, with the neighbours its order may target; whose it is, the service checks."""
    return (
        campaign.armies.filter(pk=army_id).select_related("territory").prefetch_related("territory__neighbours").first()
    )


def order_targets(army: Army) -> list[tuple[int, str]]:
    """Where an army's order may send it: the neighbours of its territory (prefetched by :func:`armies_to_order`)."""
    return [(t.pk, t.name) for t in army.territory.neighbours.all()]


def clubs_of(user: User) -> QuerySet[Club]:
    return Club.objects.filter(memberships__user=user).order_by("name")


def club_membership(user: User, club_id: int) -> ClubMembership | None:
    return ClubMembership.objects.select_related("club").filter(club_id=club_id, user=user).first()


def club_memberships_of(user: User) -> QuerySet[ClubMembership]:
    return ClubMembership.objects.filter(user=user).select_related("club").order_by("club__name")


def campaign_memberships_of(user: User) -> QuerySet[CampaignMembership]:
    return CampaignMembership.objects.filter(user=user).select_related("campaign__club").order_by("campaign__name")


def invitation(code: str) -> CampaignSettings | None:
    """The campaign an invitation code leads to, through its settings; None for no or an unknown code (one longer
    than a code or with a NUL, which the database cannot compare, is unknown)."""
    if not code or len(code) > CampaignSettings._meta.get_field("invite_code").max_length or "\x00" in code:
        return None
    return CampaignSettings.objects.select_related("campaign__club").filter(invite_code=code).first()


def club_named(name: str) -> Club | None:
    return Club.objects.filter(name=name).first()


def campaign_named(club: Club, name: str) -> Campaign | None:
    return club.campaigns.filter(name=name).first()


def membership_of(campaign: Campaign, user: User) -> CampaignMembership | None:
    return campaign.memberships.filter(user=user).first()


def with_house_rules(campaign: Campaign, setup: Setup) -> Setup:
    """``setup``, a battle of ``campaign`` about to be played in the siege engine, with the organiser's house rules:
    the belfry's overload option (001 §4.2, R16)."""
    house = CampaignSettings.objects.filter(campaign=campaign).only("belfry_overload").first()
    return replace(setup, belfry_overload=house is not None and house.belfry_overload)
