"""Reads for one page each: what a page needs from the database, gathered in one small dataclass, so that a view
asks one question (docs/architecture.md). Each page is built from the :mod:`.selectors`, which keep the sight rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from assistants.selectors import losses_from_log as confrontation_losses

from . import selectors
from .access import User
from .models import RuleSystem
from .rule_systems.systems import may_change_rule_system
from .selectors import UnitRow

if TYPE_CHECKING:
    from .models import Army, Battle, Campaign, CampaignMembership, ClubMembership, Order, Territory, Turn
    from .results import Result


@dataclass(frozen=True)
class ManagePage:
    """The organiser's page: members, map, players for the army form, the turn."""

    members: QuerySet[CampaignMembership]
    territories: QuerySet[Territory]
    players: QuerySet[CampaignMembership]
    turn: Turn | None
    orders_given: list[selectors.OrdersGiven]
    """While the turn takes orders: who has given them all and who has not."""


def manage(campaign: Campaign) -> ManagePage:
    turn = selectors.current_turn(campaign)
    return ManagePage(
        members=selectors.memberships_of(campaign),
        territories=selectors.territories_of(campaign),
        players=selectors.players_of(campaign),
        turn=turn,
        orders_given=selectors.orders_given(turn) if turn is not None and turn.is_open else [],
    )


@dataclass(frozen=True)
class ArmyPage:
    army: Army
    units: list[UnitRow]
    editable: bool
    """The organiser and the army's owner change its roster."""


def army(campaign: Campaign, membership: CampaignMembership, army_id: int) -> ArmyPage | None:
    """An army the member may see, with its roster; None when there is no such army in their sight."""
    found = selectors.visible_army(campaign, membership, army_id)
    if found is None:
        return None
    editable = membership.is_organiser or found.owner_id == membership.pk
    return ArmyPage(found, selectors.roster_rows(found), editable)


@dataclass(frozen=True)
class ArmyToOrder:
    army: Army
    targets: list[tuple[int, str]]
    """Where its order may send it: the neighbours of its territory."""
    given: dict[str, Any]
    """The order it has this turn, as the order form shows it (empty for none)."""


@dataclass(frozen=True)
class OrdersPage:
    turn: Turn | None
    open: bool
    armies: list[ArmyToOrder]
    """The player's armies to order, while orders are open."""
    visible: list[Order]
    """The orders the member may see this turn (:func:`selectors.visible_orders`)."""


def orders(campaign: Campaign, membership: CampaignMembership) -> OrdersPage:
    turn = selectors.current_turn(campaign)
    visible = list(selectors.visible_orders(turn, membership))
    open_ = turn is not None and selectors.orders_open(turn)
    given = {o.army_id: o for o in visible}
    armies = []
    if open_:
        for army in selectors.armies_to_order(campaign, membership):
            order = given.get(army.pk)
            initial = (
                {"kind": order.kind, "target": order.target_id, "withdraw": order.withdraw_into_fort} if order else {}
            )
            armies.append(ArmyToOrder(army, selectors.order_targets(army), initial))
    return OrdersPage(turn, open_, armies, list(given.values()))


@dataclass(frozen=True)
class OrderSent:
    """What an order sent for one army needs: the army with its targets (None for no army of the campaign)."""

    campaign: Campaign
    army: Army | None
    targets: list[tuple[int, str]]

    @property
    def turn(self) -> Turn | None:
        """The current turn, read only for the orders page drawn again around a refused order."""
        return selectors.current_turn(self.campaign)


def order_sent(campaign: Campaign, army_id: int) -> OrderSent:
    army = selectors.army_to_order(campaign, army_id)
    return OrderSent(campaign, army, selectors.order_targets(army) if army is not None else [])


@dataclass(frozen=True)
class TurnProgress:
    turn: Turn | None
    resolving: bool
    percent: int
    message: str
    stalled: bool
    """Resolving with no sign of life for a while: the organiser is offered to start it again."""


def turn_progress(campaign: Campaign) -> TurnProgress:
    turn = selectors.current_turn(campaign)
    if turn is None or not turn.is_resolving:
        return TurnProgress(turn, False, 100, "", False)
    percent, message = selectors.resolution_progress(turn)
    return TurnProgress(turn, True, percent, message, selectors.stalled(turn))


@dataclass(frozen=True)
class BattlePage:
    battle: Battle
    may_report: bool
    """The organiser and the battle's two players enter or confirm its result."""
    result: Result | None
    """A confirmed battle's result, as the organiser's correction starts from."""
    may_change_rule_system: bool
    losses_from_log: dict[str, int] | None = None
    """For a Confrontation battle still to be played, each side's losses by the assistant's log, if it holds any."""


def _losses_from_log(found: Battle, may_report: bool) -> dict[str, int] | None:
    if found.played or not may_report or found.rule_system != RuleSystem.CONFRONTATION:
        return None
    losses = confrontation_losses(found)
    if not any(losses.values()):
        return None
    # within the points each side brought, as the result form takes them
    brought = {"attacker": found.attacker_points, "defender": found.defender_points}
    return {side: min(points, brought[side]) for side, points in losses.items()}


def battle(campaign: Campaign, membership: CampaignMembership, battle_id: int) -> BattlePage | None:
    found = selectors.battle_of(campaign, battle_id)
    if found is None:
        return None
    may_report = selectors.may_report(found, membership)
    return BattlePage(
        found,
        may_report,
        selectors.result_of(found) if found.played else None,
        may_change_rule_system(found, membership),
        _losses_from_log(found, may_report),
    )


@dataclass(frozen=True)
class MapEditor:
    """The set-up's map: the territory selected (and, for a road, the other one clicked), the players who may own
    one, and the roads of the selected one (read when the page is drawn, after a road is toggled)."""

    selected: Territory | None
    other: Territory | None
    players: list[CampaignMembership]
    neighbours: QuerySet[Territory] | list[Territory]


def map_editor(campaign: Campaign, selected_id: int | str | None, other_id: int | str | None = None) -> MapEditor:
    selected = selectors.territory_of(campaign, selected_id)
    return MapEditor(
        selected,
        selectors.territory_of(campaign, other_id),
        list(selectors.players_of(campaign)),
        selectors.neighbours_of(selected) if selected else [],
    )


def forts(campaign: Campaign) -> list[tuple[Territory, int]]:
    """Each castle and fortress, with its garrison's points."""
    return [(t, selectors.garrison_points(t)) for t in selectors.fortified_territories(campaign)]


@dataclass(frozen=True)
class ArmiesSetUp:
    players: QuerySet[CampaignMembership]
    territories: QuerySet[Territory]
    armies: QuerySet[Army]


def armies_set_up(campaign: Campaign) -> ArmiesSetUp:
    return ArmiesSetUp(
        selectors.players_of(campaign), selectors.territories_of(campaign), selectors.armies_of(campaign)
    )


@dataclass(frozen=True)
class Profile:
    clubs: QuerySet[ClubMembership]
    memberships: QuerySet[CampaignMembership]


def profile(user: User) -> Profile:
    return Profile(selectors.club_memberships_of(user), selectors.campaign_memberships_of(user))
