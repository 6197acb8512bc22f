"""Reads: what pages and the API show, already filtered to what the user may see (fog of war).

The organiser sees everything. A player sees the map and its owners, their own armies and the armies standing in or
next to their territories, their own orders, and everyone's orders once the turn is resolved.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.siege.battle import Setup

from .access import User
from .drawing import Labels, MapArmy, MapTerritory, colour_of
from .models import (
    Army,
    Battle,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Order,
    Role,
    Score,
    Territory,
    TerritoryKind,
    Turn,
    TurnState,
    Unit,
    Winner,
    faction_english_names,
)
from .results import Result
from .rosters import CHARACTERISTICS

RESOLVED_STATES = (TurnState.BATTLES, TurnState.COMPLETE)


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


def current_turn(campaign: Campaign) -> Turn | None:
    return campaign.turns.order_by("-number").first()


def stalled(turn: Turn, now: datetime | None = None) -> bool:
    """A resolving turn with no sign of life for a while: the organiser is offered to start it again."""
    last_sign = turn.resolution_started_at or turn.resolution_queued_at
    if turn.state != TurnState.RESOLVING or last_sign is None:
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
    if sees_battle(battle, membership):
        return battle
    shown = copy.copy(battle)
    for name in BATTLE_FIELDS_IN_SIGHT:
        setattr(shown, name, None)
    return shown


def shown_fort_layout(territory: Territory, membership: CampaignMembership) -> dict | None:
    """A fort's layout, for those who have it in sight: its sections tell the garrison's band of Table 1 (§1.4)."""
    return territory.fort_layout if in_sight(territory, membership) else None


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


def visible_orders(turn: Turn, membership: CampaignMembership) -> QuerySet[Order]:
    """Own orders always; the others' only once the turn is resolved (or for the organiser)."""
    orders = turn.orders.select_related("army__owner__user", "army__territory", "target")
    if membership.is_organiser or turn.state in RESOLVED_STATES:
        return orders
    return orders.filter(army__owner=membership)


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
class CorrectionRow:
    by: str
    at: datetime
    before: str
    after: str


def _result_summary(data: dict) -> str:
    return _(
        "%(winner)s; victory points %(attacker_vp)s–%(defender_vp)s; losses %(attacker_losses)s–%(defender_losses)s"
    ) % {
        "winner": Winner(data["winner"]).label,
        "attacker_vp": data["attacker_victory_points"],
        "defender_vp": data["defender_victory_points"],
        "attacker_losses": data["attacker_losses"],
        "defender_losses": data["defender_losses"],
    }


def corrections_of(battle: Battle) -> list[CorrectionRow]:
    """The audit trail of a result's corrections: who, when, the result before and after."""
    return [
        CorrectionRow(
            c.by.user.get_username() if c.by else "?", c.at, _result_summary(c.before), _result_summary(c.after)
        )
        for c in battle.corrections.select_related("by__user")
    ]


def owner_colour(membership: CampaignMembership | None) -> str:
    return colour_of(faction_english_names().get(membership.faction) if membership else None)


def picture_labels() -> Labels:
    """The words of the map, fort and chart pictures in the language of the request."""
    return Labels(
        open_land=str(TerritoryKind.OPEN_LAND.label),
        town=str(TerritoryKind.TOWN.label),
        castle=str(TerritoryKind.CASTLE.label),
        fortress=str(TerritoryKind.FORTRESS.label),
        unowned=_("Unowned"),
        fortified=_("Fortified"),
        value=_("Value"),
        territory_summary=_("%(name)s: %(kind)s, %(owner)s, value %(value)s"),
        fortified_summary=_("%(summary)s, fortified"),
        courtyard=_("Courtyard"),
        wall_walk=_("Wall-walk"),
        tower=_("Tower"),
        stairs=_("Stairs"),
        lower_level=_("%(section)s (lower level)"),
        section_summary=_("%(section)s %(id)s, level %(level)s"),
        occupancy_summary=_("%(section)s: %(besiegers)s besiegers, %(besieged)s besieged"),
        wall=_("Wall"),
        stairway=_("Stairway"),
        open_ground=_("Open ground"),
        ladder=_("Ladder"),
        service_door=_("Service door"),
        breach=_("Breach"),
        connection_summary=_("%(connection)s %(a)s–%(b)s: %(capacity)s models a turn"),
        gate=_("Gate"),
        main_gate=_("Main gate"),
        postern=_("Postern"),
        gate_summary=_("%(gate)s %(id)s into %(section)s: %(capacity)s models a turn"),
        capacity=_("Models a turn, each way"),
        # "Besieged" alone is also the side of a siege, singular in French
        besiegers=pgettext("models on a section", "Besiegers"),
        besieged=pgettext("models on a section", "Besieged"),
        no_turns=_("No turns yet"),
        army_summary=_("%(army)s: %(owner)s, %(points)s points"),
    )


def map_territories(campaign: Campaign, membership: CampaignMembership | None = None) -> list[MapTerritory]:
    """The map's territories, with the armies ``membership`` may see standing in each (none without one)."""
    armies: dict[int, list[MapArmy]] = {}
    if membership is not None:
        for army in visible_armies(campaign, membership).order_by("name"):
            armies.setdefault(army.territory_id, []).append(
                MapArmy(army.name, army.owner.user.get_username(), army.points, owner_colour(army.owner))
            )
    return [
        MapTerritory(
            id=t.pk,
            name=t.name,
            kind=t.kind,
            x=t.x,
            y=t.y,
            neighbours=tuple(n.pk for n in t.neighbours.all()),
            owner=t.owner.user.get_username() if t.owner else None,
            colour=owner_colour(t.owner),
            value=t.value,
            fortified=t.fortified,
            url=reverse("campaigns:territory", args=[campaign.pk, t.pk]),
            armies=tuple(armies.get(t.pk, ())),
        )
        for t in territories_of(campaign)
    ]


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


@dataclass(frozen=True)
class FactionTally:
    faction: str
    label: str
    total: int
    players: int


def faction_tallies(rows: Sequence[Tally]) -> list[FactionTally]:
    by_faction: dict[str, list[Tally]] = {}
    for row in rows:
        by_faction.setdefault(row.membership.faction, []).append(row)
    return sorted(
        (
            FactionTally(
                faction,
                group[0].membership.get_faction_display() or _("No faction"),
                sum(r.total for r in group),
                len(group),
            )
            for faction, group in by_faction.items()
        ),
        key=lambda f: -f.total,
    )


def score_series(campaign: Campaign) -> tuple[list[str], dict[str, list[float]], dict[str, str]]:
    """Points over turns, per player: x labels, one series per player, their colours."""
    scores = Score.objects.filter(turn__campaign=campaign).select_related("turn", "membership__user")
    turns = sorted({s.turn.number for s in scores})
    series: dict[str, list[float]] = {}
    colours: dict[str, str] = {}
    for m in players_of(campaign):
        name = m.user.get_username()
        by_turn = {s.turn.number: s.total for s in scores if s.membership_id == m.pk}
        series[name] = [float(by_turn.get(n, 0)) for n in turns]
        colours[name] = owner_colour(m)
    return [_("Turn %(number)s") % {"number": n} for n in turns], series, colours


@dataclass(frozen=True)
class EventLine:
    text: str
    battle_url: str | None = None
    """The battle the event follows from, when it does."""


def event_lines(turn: Turn, *, battle: Battle | None = None) -> list[EventLine]:
    """The turn's log in words, each event that follows from a battle linked to it; only ``battle``'s if given."""
    names = {t.pk: t.name for t in turn.campaign.territories.all()}
    armies = {a.pk: a.name for a in turn.campaign.armies.all()}
    players = {m.pk: m.user.get_username() for m in turn.campaign.memberships.select_related("user")}
    texts = {
        "move": _("%(army)s marches into %(territory)s."),
        "reinforce": _("%(army)s is reinforced in %(territory)s."),
        "swap": _("%(army)s meets the enemy on the road and halts in %(territory)s."),
        "standoff": _("%(army)s is outnumbered and falls back to %(territory)s."),
        "walls": _("%(army)s cannot storm the walls without a siege and falls back to %(territory)s."),
        "capture": _("%(player)s takes %(territory)s."),
        "field": _("%(player)s attacks %(territory)s: a field battle."),
        "siege": _("%(player)s lays siege to %(territory)s."),
        "taken": _("%(player)s wins the battle of %(territory)s and takes the territory."),
        "castle_taken": _("%(player)s wins the siege of %(territory)s and takes the castle."),
        "held": _("%(player)s wins the battle of %(territory)s and keeps the territory."),
        "draw": _("The battle of %(territory)s is a draw: %(player)s keeps the territory and the attacker falls back."),
        "destroyed": _("%(army)s is destroyed: its %(points)s points of losses in the battle took all it had left."),
        "garrison_out": _("The fort of %(territory)s has fallen: its garrison %(army)s marches out as a field army."),
        "fall_back": _("%(army)s is beaten and falls back to %(territory)s."),
        "cut_off": _(
            "%(army)s is beaten with no territory of its player’s or free land next to it to fall back to: "
            "it stays cut off in %(territory)s and must fight its way out."
        ),
        "reinforced": _("The organiser reinforces %(army)s with %(points)s points."),
    }
    lines = []
    for e in turn.log:
        if e["code"] not in texts or (battle is not None and e.get("battle") != battle.pk):
            continue
        text = texts[e["code"]] % {
            "army": armies.get(e["army"], "?"),
            "territory": names.get(e["territory"], "?"),
            "player": players.get(e["player"], "?"),
            "points": e.get("points", 0),
        }
        url = reverse("campaigns:battle", args=[turn.campaign_id, e["battle"]]) if e.get("battle") else None
        lines.append(EventLine(text, url))
    return lines


FORT_TEMPLATE_POINTS = (1000, 1500, 2000, 2500)


def fort_templates(points: int) -> list[tuple[str, str]]:
    """Generated forts to pick from: Table 1's minimum for the garrison's points, and one per band of Table 1."""
    options = sorted({max(points, 1), *FORT_TEMPLATE_POINTS})
    return [(str(p), _("Standard fort for %(points)s points") % {"points": p}) for p in options if p >= points]


def with_house_rules(campaign: Campaign, setup: Setup) -> Setup:
    """``setup``, a battle of ``campaign`` about to be played in the siege engine, with the organiser's house rules:
    the belfry's overload option (001 §4.2, R16)."""
    house = CampaignSettings.objects.filter(campaign=campaign).only("belfry_overload").first()
    return replace(setup, belfry_overload=house is not None and house.belfry_overload)
