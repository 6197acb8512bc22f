"""Turns: opening them, orders, locking, and the resolution of their orders on a worker."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from siege_site.celery import QUEUE_ERRORS
from siege_site.stalls import Patience

from .. import page_cache, resolution, selectors
from ..models import (
    Army,
    Battle,
    BattleArmy,
    BattleKind,
    Campaign,
    CampaignMembership,
    Order,
    ResolutionProblem,
    Side,
    Territory,
    Turn,
    TurnState,
)
from ..rule_systems.systems import default_rule_system
from .common import notify
from .map import generate_missing_forts
from .results import record_scores

Progress = Callable[[int, str], None]


@transaction.atomic
def open_turn(*, campaign: Campaign, deadline: datetime | None = None, now: datetime | None = None) -> Turn:
    """Opens the next turn's orders; the previous turn's battles must all have their results."""
    now = now or timezone.now()
    # the campaign's row, not the last turn's: a double submit of the first turn has no turn to lock, and a later
    # one would read the turn it locked, not the one the other request has just added
    Campaign.objects.select_for_update().filter(pk=campaign.pk).get()
    previous = Turn.objects.filter(campaign=campaign).order_by("-number").first()
    if previous is not None and not previous.is_complete:
        raise ValidationError(_("Turn %(number)s is not complete yet.") % {"number": previous.number})
    deadline = deadline or now + timedelta(hours=campaign.settings.order_hours)
    if deadline <= now:
        raise ValidationError(_("The order deadline must be in the future."))
    if previous is None:
        generate_missing_forts(campaign=campaign)  # §1: the campaign starts with every castle and fortress fortified
    turn = Turn.objects.create(campaign=campaign, number=previous.number + 1 if previous else 1, deadline=deadline)
    page_cache.changed(campaign.pk)
    notify(
        campaign,
        _("Turn %(number)s is open") % {"number": turn.number},
        _("Give your orders before %(deadline)s.")
        % {"deadline": date_format(timezone.localtime(deadline), "DATETIME_FORMAT")},
    )
    return turn


def _territory_states(campaign: Campaign) -> dict[int, resolution.TerritoryState]:
    territories = campaign.territories.prefetch_related("neighbours")
    return {
        t.pk: resolution.TerritoryState(t.pk, t.owner_id, t.fortified, frozenset(n.pk for n in t.neighbours.all()))
        for t in territories
    }


def _army_state(army: Army) -> resolution.ArmyState:
    return resolution.ArmyState(army.pk, army.owner_id, army.territory_id, army.points, army.is_garrison)


@transaction.atomic
def submit_order(
    *,
    membership: CampaignMembership,
    army_id: int | None,
    kind: str,
    target_id: int | None = None,
    withdraw: bool = False,
    now: datetime | None = None,
) -> Order:
    """Gives or changes an army's order for the open turn, before its deadline, for the player's own army."""
    campaign = membership.campaign
    turn = Turn.objects.select_for_update().filter(campaign=campaign).order_by("-number").first()
    if turn is None or not turn.is_open:
        raise ValidationError(_("No turn is open for orders."))
    if not selectors.orders_open(turn, now):
        raise ValidationError(_("The order deadline has passed: orders can no longer be given or changed."))
    garrisoned = Army.objects.filter(territory_id=OuterRef("territory_id"), is_garrison=True, destroyed=False)
    # an enemy's army and no army get the same answer: which ids are armies stays out of the player's sight
    army = (
        Army.objects.filter(pk=army_id, campaign=campaign, owner=membership, destroyed=False)
        .select_related("territory")
        .annotate(fort_garrisoned=Exists(garrisoned))
        .first()
        if army_id
        else None
    )
    if army is None:
        raise ValidationError(_("None of your armies has this number: you give orders to your own armies only."))
    here = army.territory
    # the order's checks read the army's territory and its neighbours, among them the target if it is one
    neighbours = {t.pk: t for t in Territory.objects.filter(neighbours=here)}
    territories = {
        t.pk: resolution.TerritoryState(t.pk, t.owner_id, t.fortified, frozenset()) for t in neighbours.values()
    }
    territories[here.pk] = resolution.TerritoryState(here.pk, here.owner_id, here.fortified, frozenset(neighbours))
    order_in = resolution.OrderIn(army.pk, kind, target_id, withdraw)
    problem = resolution.order_problem(order_in, _army_state(army), territories, fort_garrisoned=army.fort_garrisoned)
    if problem:
        raise ValidationError(problem)
    # the turn's row is locked: no other order of this campaign is being written in the meantime
    order = Order.objects.filter(turn=turn, army=army).first() or Order(turn=turn, army=army)
    order.kind, order.target_id, order.withdraw_into_fort = kind, target_id, withdraw
    order.save()
    return order


@transaction.atomic
def lock_turn(*, turn: Turn) -> Turn:
    """Closes the orders of an open turn (the organiser may do it before the deadline)."""
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    if not turn.is_open:
        raise ValidationError(_("Only a turn open for orders can be locked."))
    turn.state = TurnState.LOCKED
    turn.save(update_fields=["state"])
    notify(turn.campaign, _("Turn %(number)s is locked") % {"number": turn.number}, _("Orders are closed."))
    return turn


def lock_overdue_turns(*, now: datetime | None = None) -> list[Turn]:
    """Locks every open turn whose order deadline has passed, each through :func:`lock_turn` and so in a
    transaction of its own: one campaign's trouble leaves the others locked, and each mails its own players.
    Running it again locks nothing more."""
    now = now or timezone.now()
    locked = []
    for turn in Turn.objects.filter(state=TurnState.OPEN, deadline__lt=now):
        try:
            locked.append(lock_turn(turn=turn))
        except ValidationError:
            continue  # the organiser locked or resolved it in the meantime
    return locked


@transaction.atomic
def start_resolution(*, turn: Turn, now: datetime | None = None) -> Turn:
    """Marks the turn as resolving; a second request finds it so and is refused (no turn is resolved twice)."""
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    if not turn.may_resolve:
        raise ValidationError(_("This turn is already resolved or being resolved."))
    if turn.is_open:
        notify(turn.campaign, _("Turn %(number)s is locked") % {"number": turn.number}, _("Orders are closed."))
    turn.state = TurnState.RESOLVING
    turn.resolution_queued_at = now or timezone.now()
    turn.resolution_started_at = None
    turn.resolution_problem = ""
    turn.save(update_fields=["state", "resolution_queued_at", "resolution_started_at", "resolution_problem"])
    return turn


@transaction.atomic
def abandon_resolution(*, turn_id: int, problem: str = "") -> None:
    """A resolution that failed hands the turn back, locked, for the organiser to resolve again."""
    Turn.objects.filter(pk=turn_id, state=TurnState.RESOLVING).update(
        state=TurnState.LOCKED, task_id="", resolution_problem=problem
    )


@transaction.atomic
def record_task(*, turn: Turn, task_id: str) -> None:
    Turn.objects.filter(pk=turn.pk).update(task_id=task_id)


def mark_resolution_started(*, turn_id: int) -> bool:
    """A worker took the resolution up: from now on, a turn left unlocked and unresolved means the worker died.
    False when the turn is no longer waiting for its resolution (a copy of the task that came late)."""
    updated = Turn.objects.filter(pk=turn_id, state=TurnState.RESOLVING).update(resolution_started_at=timezone.now())
    return updated == 1


@transaction.atomic
def retry_resolution(*, turn: Turn, now: datetime | None = None) -> Turn:
    """The organiser starts a stalled resolution again. A resolution at work holds its turn's row, so a turn
    found locked by another transaction is running and is left alone; the state check in :func:`resolve_turn`
    keeps a late first attempt from resolving it a second time."""
    found = Turn.objects.select_for_update(skip_locked=True).filter(pk=turn.pk).first()
    if found is None:
        raise ValidationError(_("The resolution is running; wait for it to finish."))
    if found.is_resolving:
        found.state = TurnState.LOCKED
        found.save(update_fields=["state"])
    return start_resolution(turn=found, now=now)


def return_stalled_resolutions(*, now: datetime | None = None) -> list[Turn]:
    """Hands back, locked and with a note, every resolving turn whose resolution cannot finish any more: taken up
    by a worker that no longer holds the turn (it died, or lost its database), or never taken up from the queue.
    A resolution at work holds its turn's row, and those are skipped."""
    patience = Patience.at(
        now or timezone.now(),
        silence_seconds=settings.RESOLUTION_SILENCE_SECONDS,
        queue_seconds=settings.RESOLUTION_QUEUE_TIMEOUT_SECONDS,
    )
    returned = []
    with transaction.atomic():
        stalled = Turn.objects.select_for_update(skip_locked=True).filter(state=TurnState.RESOLVING)
        for turn in stalled:
            problem = patience.stall(last_sign=turn.resolution_started_at, queued_at=turn.resolution_queued_at)
            if problem is None:
                continue
            turn.state, turn.task_id, turn.resolution_problem = TurnState.LOCKED, "", ResolutionProblem(problem)
            turn.save(update_fields=["state", "task_id", "resolution_problem"])
            returned.append(turn)
    return returned


def _no_progress(percent: int, message: str) -> None:
    """Resolving outside a task: nobody watches."""


@transaction.atomic
def resolve_turn(*, turn_id: int, progress: Progress = _no_progress) -> Turn:
    """Adjudicates a resolving turn's orders: armies move, territories change hands, battles are set up."""
    turn = Turn.objects.select_for_update(of=("self",)).select_related("campaign__settings").get(pk=turn_id)
    if not turn.is_resolving:
        raise ValidationError(_("This turn is not waiting to be resolved."))
    campaign = turn.campaign
    progress(10, _("Reading the orders"))
    armies = {a.pk: a for a in campaign.armies.filter(destroyed=False).select_for_update()}
    territories = {t.pk: t for t in campaign.territories.all()}
    orders = [
        resolution.OrderIn(o.army_id, o.kind, o.target_id, o.withdraw_into_fort)
        for o in turn.orders.filter(army__in=armies.values())
    ]
    progress(30, _("Marching the armies"))
    outcome = resolution.resolve(
        _territory_states(campaign).values(),
        [_army_state(a) for a in armies.values()],
        orders,
        reinforcement=campaign.settings.reinforcement_points,
        points_limit=campaign.settings.army_points_limit,
    )
    for army_id, army in armies.items():
        army.territory_id = outcome.positions[army_id]
        army.points = outcome.points[army_id]
        army.save(update_fields=["territory", "points"])
    progress(60, _("Taking the territories"))
    for territory_id, owner in outcome.captures.items():
        Territory.objects.filter(pk=territory_id).update(owner_id=owner)
    progress(80, _("Setting up the battles"))
    battles = {p.territory: _create_battle(turn, territories[p.territory], p).pk for p in outcome.battles}
    turn.log = [
        {
            "code": e.code,
            "territory": e.territory,
            "army": e.army,
            "player": e.player,
            "battle": battles.get(e.territory) if e.code in (BattleKind.FIELD, BattleKind.SIEGE) else None,
        }
        for e in outcome.events
    ]
    turn.state = TurnState.BATTLES if outcome.battles else TurnState.COMPLETE
    turn.resolved_at = timezone.now()
    turn.save(update_fields=["log", "state", "resolved_at"])
    record_scores(turn=turn)
    notify(
        campaign,
        _("Turn %(number)s is resolved") % {"number": turn.number},
        _("%(count)s battles to play.") % {"count": len(outcome.battles)},
    )
    progress(100, _("Done"))
    return turn


def _create_battle(turn: Turn, territory: Territory, planned: resolution.BattleOut) -> Battle:
    battle = Battle.objects.create(
        campaign=turn.campaign,
        turn=turn,
        territory=territory,
        kind=planned.kind,
        rule_system=default_rule_system(planned.kind),
        attacker_id=planned.attacker,
        defender_id=planned.defender,
        attacker_points=planned.attacker_points,
        defender_points=planned.defender_points,
        open_field_points=planned.open_field_points,
        heroism_tokens=planned.heroism_tokens,
        fort_layout=territory.fort_layout if planned.kind == BattleKind.SIEGE else None,
    )
    for side, engagements in ((Side.ATTACKER, planned.attackers), (Side.DEFENDER, planned.defenders)):
        BattleArmy.objects.bulk_create(
            BattleArmy(battle=battle, army_id=e.army, side=side, origin_id=e.origin, points=e.points)
            for e in engagements
        )
    return battle


# The resolve protocol: the turn marked resolving and committed, then handed to the worker's queue, the task's id kept
# to follow its progress; the worker runs :func:`resolve_turn` (campaigns.tasks).


def request_resolution(*, turn: Turn, retry: bool = False) -> Turn:
    """The organiser's Resolve (or, for a stalled resolution, Retry). The turn is marked resolving in a transaction
    of its own, so the task is queued only once that is committed and the worker finds the turn waiting for it.
    When the queue cannot be reached the turn goes back to locked and the refusal says so, instead of a turn left
    resolving with no task to resolve it."""
    from .. import tasks  # the tasks call the services: imported here, so that the import goes one way

    turn = retry_resolution(turn=turn) if retry else start_resolution(turn=turn)
    try:
        result = tasks.resolve_turn.delay(turn.pk)
    except QUEUE_ERRORS as error:
        abandon_resolution(turn_id=turn.pk)
        raise ValidationError(
            _("The turn could not be handed to the resolution worker; try again in a moment.")
        ) from error
    record_task(turn=turn, task_id=result.id)
    return turn


TURN_ACTIONS = ("open", "lock", "resolve", "retry", "remind")


def remind_orders(*, turn: Turn) -> list[CampaignMembership]:
    """Mails the players who have an army in the field still without its order this turn, saying when orders close
    and nothing of anyone's orders; returns whom it reminded."""
    if not turn.is_open:
        raise ValidationError(_("Turn %(number)s takes no more orders.") % {"number": turn.number})
    late = [row.player for row in selectors.orders_given(turn) if not row.done]
    if late:
        notify(
            turn.campaign,
            _("Turn %(number)s: your orders") % {"number": turn.number},
            _("Some of your armies have no order yet. Give your orders before %(deadline)s.")
            % {"deadline": date_format(timezone.localtime(turn.deadline), "DATETIME_FORMAT")},
            only=[player.pk for player in late],
        )
    return late


def act_on_turn(*, campaign: Campaign, action: str, deadline: datetime | None = None) -> Turn:
    """The organiser's buttons on the current turn: open a new one (with its deadline), remind the players who still
    have orders to give, lock it, resolve it, or retry a stalled resolution."""
    if action not in TURN_ACTIONS:
        raise ValidationError(_("No such turn action."))
    if action == "open":
        return open_turn(campaign=campaign, deadline=deadline)
    turn = selectors.current_turn(campaign)
    if turn is None:
        raise ValidationError(_("No turn has been opened yet."))
    if action == "lock":
        return lock_turn(turn=turn)
    if action == "remind":
        remind_orders(turn=turn)
        return turn
    return request_resolution(turn=turn, retry=action == "retry")
