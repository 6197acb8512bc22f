"""Writes: every change goes through here, inside one transaction, with keyword-only arguments.

Validation comes before any write, so a refused change leaves nothing half-saved; refusals raise
``ValidationError`` with a message naming the rule or the parameter at fault.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.mail import send_mass_mail
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _

from rules.siege.fort import FortLayout

from . import resolution, rosters, selectors
from .drawing import auto_layout
from .models import (
    Army,
    Battle,
    BattleArmy,
    BattleKind,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Club,
    ClubMembership,
    Faction,
    Order,
    Role,
    Score,
    Side,
    Territory,
    TerritoryKind,
    Turn,
    TurnState,
    Unit,
    Winner,
    faction_english_names,
)
from .victory import siege_victory_points

Progress = Callable[[int, str], None]


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
    return membership


@transaction.atomic
def join_with_code(*, code: str, user: AbstractUser) -> CampaignMembership:
    """The invitation link or code: its holder joins the club and the campaign as a player."""
    settings = CampaignSettings.objects.select_related("campaign__club").filter(invite_code=code.strip()).first()
    if settings is None:
        raise ValidationError(_("No campaign has this invitation code."))
    campaign = settings.campaign
    ClubMembership.objects.get_or_create(club=campaign.club, user=user)
    membership, _created = CampaignMembership.objects.get_or_create(
        campaign=campaign, user=user, defaults={"role": Role.PLAYER}
    )
    return membership


@transaction.atomic
def new_invite_code(*, campaign: Campaign) -> str:
    """A fresh invitation code; the old link stops working."""
    campaign.settings.invite_code = _new_invite_code()
    campaign.settings.save(update_fields=["invite_code"])
    return campaign.settings.invite_code


@transaction.atomic
def choose_faction(*, membership: CampaignMembership, faction: str) -> CampaignMembership:
    if faction not in Faction.values:
        raise ValidationError(_("Unknown faction “%(faction)s”.") % {"faction": faction})
    membership.faction = faction
    membership.save(update_fields=["faction"])
    return membership


SETTINGS_FIELDS = (
    "army_points_limit",
    "reinforcement_points",
    "fort_bonus",
    "order_hours",
)


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
    return settings


# The map ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerritorySpec:
    """A territory as the organiser enters it, by name; neighbours by name too."""

    name: str
    kind: str = TerritoryKind.OPEN_LAND
    value: int = 1
    owner: str | None = None
    """The owner's username."""
    neighbours: tuple[str, ...] = ()
    x: float | None = None
    y: float | None = None


def _check_map_spec(campaign: Campaign, specs: Sequence[TerritorySpec]) -> dict[str, CampaignMembership]:
    names = [s.name for s in specs]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValidationError(_("Territory names must be unique: %(names)s.") % {"names": ", ".join(duplicates)})
    members = {m.user.get_username(): m for m in campaign.memberships.select_related("user")}
    for spec in specs:
        if not spec.name.strip():
            raise ValidationError(_("Every territory needs a name."))
        if spec.kind not in TerritoryKind.values:
            raise ValidationError(
                _("Territory %(name)s: unknown kind “%(kind)s” (open, town, castle or fortress).")
                % {"name": spec.name, "kind": spec.kind}
            )
        if spec.owner is not None and spec.owner not in members:
            raise ValidationError(
                _("Territory %(name)s: the owner %(owner)s is not in the campaign.")
                % {"name": spec.name, "owner": spec.owner}
            )
        unknown = [n for n in spec.neighbours if n not in names or n == spec.name]
        if unknown:
            raise ValidationError(
                _("Territory %(name)s: unknown neighbours %(unknown)s.")
                % {"name": spec.name, "unknown": ", ".join(unknown)}
            )
        if spec.value < 0:
            raise ValidationError(_("Territory %(name)s: the value must be 0 or more.") % {"name": spec.name})
    return members


@transaction.atomic
def load_map(*, campaign: Campaign, specs: Sequence[TerritorySpec]) -> list[Territory]:
    """Replaces the campaign's map; refused once armies stand on it. Missing coordinates are laid out for it."""
    if campaign.armies.exists():
        raise ValidationError(_("The map cannot be replaced once armies stand on it."))
    members = _check_map_spec(campaign, specs)
    index = {s.name: i for i, s in enumerate(specs)}
    layout = {}
    if any(s.x is None or s.y is None for s in specs):
        layout = auto_layout(
            list(index.values()), {i: tuple(index[n] for n in s.neighbours) for i, s in enumerate(specs)}
        )
    campaign.territories.all().delete()
    created = [
        Territory.objects.create(
            campaign=campaign,
            name=spec.name,
            kind=spec.kind,
            value=spec.value,
            owner=members.get(spec.owner) if spec.owner else None,
            x=spec.x if spec.x is not None else layout[i][0],
            y=spec.y if spec.y is not None else layout[i][1],
        )
        for i, spec in enumerate(specs)
    ]
    for i, spec in enumerate(specs):
        created[i].neighbours.add(*(created[index[n]] for n in spec.neighbours))
    return created


def map_specs_from_json(data: Any) -> list[TerritorySpec]:
    """Reads the map's JSON: ``{"territories": [{"name", "kind", "value", "owner", "neighbours", "x", "y"}]}``."""
    if not isinstance(data, dict) or not isinstance(data.get("territories"), list):
        raise ValidationError(_("The map JSON needs a “territories” list."))
    specs = []
    for number, item in enumerate(data["territories"], start=1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ValidationError(_("Territory %(number)s: a “name” is required.") % {"number": number})
        try:
            specs.append(
                TerritorySpec(
                    name=item["name"],
                    kind=str(item.get("kind", TerritoryKind.OPEN_LAND)),
                    value=int(item.get("value", 1)),
                    owner=item.get("owner"),
                    neighbours=tuple(str(n) for n in item.get("neighbours", [])),
                    x=float(item["x"]) if item.get("x") is not None else None,
                    y=float(item["y"]) if item.get("y") is not None else None,
                )
            )
        except (TypeError, ValueError) as error:
            raise ValidationError(
                _("Territory %(name)s: the value is a whole number and x and y are numbers from 0 to 100.")
                % {"name": item["name"]}
            ) from error
    return specs


@transaction.atomic
def add_territory(*, campaign: Campaign, spec: TerritorySpec) -> Territory:
    """One more territory on the map, joined to existing territories named as its neighbours."""
    existing = list(campaign.territories.all())
    _check_map_spec(campaign, [*(TerritorySpec(t.name) for t in existing), spec])
    members = {m.user.get_username(): m for m in campaign.memberships.select_related("user")}
    territory = Territory.objects.create(
        campaign=campaign,
        name=spec.name,
        kind=spec.kind,
        value=spec.value,
        owner=members.get(spec.owner) if spec.owner else None,
        x=spec.x if spec.x is not None else 50.0,
        y=spec.y if spec.y is not None else 50.0,
    )
    territory.neighbours.add(*(t for t in existing if t.name in spec.neighbours))
    return territory


def fort_problems(layout_json: Any, points: int) -> list[str]:
    """What is wrong with a fort layout for a garrison of ``points`` (§1, Table 1); empty when it is valid."""
    try:
        layout = FortLayout.from_json(layout_json)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return [_("The fort layout cannot be read: %(error)s") % {"error": error}]
    return list(layout.problems(points))


@transaction.atomic
def set_fort_layout(*, territory: Territory, layout_json: Any) -> Territory:
    """Gives a castle or fortress its fort layout, valid by §1 and Table 1 for its garrison's points."""
    if not territory.fortified:
        raise ValidationError(_("Only a castle or a fortress has a fort layout."))
    problems = fort_problems(layout_json, selectors.garrison_points(territory))
    if problems:
        raise ValidationError(problems)
    territory.fort_layout = FortLayout.from_json(layout_json).to_json()
    territory.save(update_fields=["fort_layout"])
    return territory


# Armies and rosters --------------------------------------------------------------------------------------------


@transaction.atomic
def create_army(
    *, owner: CampaignMembership, name: str, territory: Territory, points: int, is_garrison: bool = False
) -> Army:
    campaign = owner.campaign
    if territory.campaign_id != campaign.pk:
        raise ValidationError(_("The territory is not on this campaign's map."))
    if points <= 0 or points > campaign.settings.army_points_limit:
        raise ValidationError(
            _("An army's points must be between 1 and the campaign's limit of %(limit)s.")
            % {"limit": campaign.settings.army_points_limit}
        )
    if is_garrison and not territory.fortified:
        raise ValidationError(_("A garrison stands in a castle or a fortress."))
    if is_garrison and territory.owner_id != owner.pk:
        raise ValidationError(_("A garrison belongs to the fort's owner."))
    return Army.objects.create(
        campaign=campaign, owner=owner, name=name, territory=territory, points=points, is_garrison=is_garrison
    )


@transaction.atomic
def add_unit(
    *,
    army: Army,
    name: str,
    count: int,
    points: int,
    profile: Mapping[str, int | str],
    save: int | None = None,
    special_rules: Sequence[str] = (),
) -> Unit:
    if count < 1:
        raise ValidationError(_("A unit has at least one model."))
    if save is not None and not 1 <= save <= 6:
        raise ValidationError(_("An armour save is rolled on a D6: 1 to 6, or none."))
    return Unit.objects.create(
        army=army,
        name=name,
        count=count,
        points=points,
        profile=dict(profile),
        save_roll=save,
        special_rules=[r.strip() for r in special_rules if r.strip()],
    )


def _faction_value(name: str | None) -> str | None:
    by_name = {english: value for value, english in faction_english_names().items()}
    return by_name.get(name) if name else None


@transaction.atomic
def import_roster(*, army: Army, data: bytes, filename: str, by: CampaignMembership) -> Army:
    """Replaces the army's units and points by a BattleScribe roster; a faulty file imports nothing.

    A player's roster may not raise the army above the points it has left: losses stay lost, and only the
    organiser (or a reinforce order) adds points.
    """
    try:
        roster = rosters.parse_roster(data, filename)
    except rosters.RosterError as error:
        raise ValidationError(_("The roster cannot be imported: %(error)s") % {"error": error}) from error
    if not by.is_organiser and roster.points > army.points:
        raise ValidationError(
            _(
                "The roster is %(points)s points but %(army)s has %(left)s left after its losses; "
                "only the organiser can raise an army's points."
            )
            % {"points": roster.points, "army": army.name, "left": army.points}
        )
    limit = army.campaign.settings.army_points_limit
    if roster.points > limit:
        raise ValidationError(
            _("The roster is %(points)s points, over the campaign's limit of %(limit)s.")
            % {"points": roster.points, "limit": limit}
        )
    army.units.all().delete()
    for unit in roster.units:
        add_unit(
            army=army,
            name=unit.name,
            count=unit.count,
            points=unit.points,
            profile=unit.profile,
            save=unit.save,
            special_rules=unit.special_rules,
        )
    army.points = roster.points
    army.save(update_fields=["points"])
    faction = _faction_value(roster.faction)
    if faction and not army.owner.faction:
        choose_faction(membership=army.owner, faction=faction)
    return army


# Turns and orders ---------------------------------------------------------------------------------------------


def _notify(campaign: Campaign, subject: str, body: str) -> None:
    """Mails every member with an address once the transaction commits (a rolled back change mails nobody)."""
    recipients = [m.user.email for m in campaign.memberships.select_related("user") if m.user.email]
    if recipients:
        messages = [(f"[{campaign.name}] {subject}", body, None, [address]) for address in recipients]
        transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=True))


@transaction.atomic
def open_turn(*, campaign: Campaign, deadline: datetime | None = None, now: datetime | None = None) -> Turn:
    """Opens the next turn's orders; the previous turn's battles must all have their results."""
    now = now or timezone.now()
    # the campaign's row, not the last turn's: a double submit of the first turn has no turn to lock, and a later
    # one would read the turn it locked, not the one the other request has just added
    Campaign.objects.select_for_update().filter(pk=campaign.pk).get()
    previous = Turn.objects.filter(campaign=campaign).order_by("-number").first()
    if previous is not None and previous.state != TurnState.COMPLETE:
        raise ValidationError(_("Turn %(number)s is not complete yet.") % {"number": previous.number})
    deadline = deadline or now + timedelta(hours=campaign.settings.order_hours)
    if deadline <= now:
        raise ValidationError(_("The order deadline must be in the future."))
    turn = Turn.objects.create(campaign=campaign, number=previous.number + 1 if previous else 1, deadline=deadline)
    _notify(
        campaign,
        _("Turn %(number)s is open") % {"number": turn.number},
        _("Give your orders before %(deadline)s.")
        % {"deadline": date_format(timezone.localtime(deadline), "DATETIME_FORMAT")},
    )
    return turn


def orders_open(turn: Turn, now: datetime | None = None) -> bool:
    return turn.state == TurnState.OPEN and (now or timezone.now()) <= turn.deadline


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
    if turn is None or turn.state != TurnState.OPEN:
        raise ValidationError(_("No turn is open for orders."))
    if not orders_open(turn, now):
        raise ValidationError(_("The order deadline has passed: orders can no longer be given or changed."))
    army = Army.objects.filter(pk=army_id, campaign=campaign, destroyed=False).first() if army_id else None
    if army is None:
        raise ValidationError(_("No such army in this campaign."))
    if army.owner_id != membership.pk:
        raise ValidationError(_("This army is not yours: you give orders to your own armies only."))
    territories = _territory_states(campaign)
    order_in = resolution.OrderIn(army.pk, kind, target_id, withdraw)
    garrisoned = Army.objects.filter(territory_id=army.territory_id, is_garrison=True, destroyed=False).exists()
    problem = resolution.order_problem(order_in, _army_state(army), territories, fort_garrisoned=garrisoned)
    if problem:
        raise ValidationError(problem)
    order, _created = Order.objects.update_or_create(
        turn=turn, army=army, defaults={"kind": kind, "target_id": target_id, "withdraw_into_fort": withdraw}
    )
    return order


@transaction.atomic
def lock_turn(*, turn: Turn) -> Turn:
    """Closes the orders of an open turn (the organiser may do it before the deadline)."""
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    if turn.state != TurnState.OPEN:
        raise ValidationError(_("Only a turn open for orders can be locked."))
    turn.state = TurnState.LOCKED
    turn.save(update_fields=["state"])
    _notify(turn.campaign, _("Turn %(number)s is locked") % {"number": turn.number}, _("Orders are closed."))
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
def start_resolution(*, turn: Turn) -> Turn:
    """Marks the turn as resolving; a second request finds it so and is refused (no turn is resolved twice)."""
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    if turn.state not in (TurnState.OPEN, TurnState.LOCKED):
        raise ValidationError(_("This turn is already resolved or being resolved."))
    if turn.state == TurnState.OPEN:
        _notify(turn.campaign, _("Turn %(number)s is locked") % {"number": turn.number}, _("Orders are closed."))
    turn.state = TurnState.RESOLVING
    turn.save(update_fields=["state"])
    return turn


@transaction.atomic
def abandon_resolution(*, turn_id: int) -> None:
    """A resolution that failed hands the turn back, locked, for the organiser to resolve again."""
    Turn.objects.filter(pk=turn_id, state=TurnState.RESOLVING).update(state=TurnState.LOCKED, task_id="")


@transaction.atomic
def record_task(*, turn: Turn, task_id: str) -> None:
    Turn.objects.filter(pk=turn.pk).update(task_id=task_id)


def _no_progress(percent: int, message: str) -> None:
    """Resolving outside a task: nobody watches."""


@transaction.atomic
def resolve_turn(*, turn_id: int, progress: Progress = _no_progress) -> Turn:
    """Adjudicates a resolving turn's orders: armies move, territories change hands, battles are set up."""
    turn = Turn.objects.select_for_update(of=("self",)).select_related("campaign__settings").get(pk=turn_id)
    if turn.state != TurnState.RESOLVING:
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
    for planned in outcome.battles:
        _create_battle(turn, territories[planned.territory], planned)
    turn.log = [{"code": e.code, "territory": e.territory, "army": e.army, "player": e.player} for e in outcome.events]
    turn.state = TurnState.BATTLES if outcome.battles else TurnState.COMPLETE
    turn.resolved_at = timezone.now()
    turn.save(update_fields=["log", "state", "resolved_at"])
    record_scores(turn=turn)
    _notify(
        campaign,
        _("Turn %(number)s is resolved") % {"number": turn.number},
        _("%(count)s battles to play.") % {"count": len(outcome.battles)},
    )
    progress(100, _("Done"))
    return turn


def _create_battle(turn: Turn, territory: Territory, planned: resolution.BattleOut) -> Battle:
    siege = planned.kind == resolution.SIEGE
    battle = Battle.objects.create(
        campaign=turn.campaign,
        turn=turn,
        territory=territory,
        kind=BattleKind.SIEGE if siege else BattleKind.FIELD,
        attacker_id=planned.attacker,
        defender_id=planned.defender,
        attacker_points=planned.attacker_points,
        defender_points=planned.defender_points,
        open_field_points=planned.open_field_points,
        heroism_tokens=planned.heroism_tokens,
        fort_layout=territory.fort_layout if siege else None,
    )
    for side, engagements in ((Side.ATTACKER, planned.attackers), (Side.DEFENDER, planned.defenders)):
        BattleArmy.objects.bulk_create(
            BattleArmy(battle=battle, army_id=e.army, side=side, origin_id=e.origin, points=e.points)
            for e in engagements
        )
    return battle


# Battle results and tallies -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    winner: str
    attacker_victory_points: int = 0
    defender_victory_points: int = 0
    attacker_losses: int = 0
    defender_losses: int = 0
    notes: str = ""
    siege_counts: Mapping[str, Mapping[str, int]] | None = None
    """For a siege: the §17 categories each side achieved, ``{"attacker": {...}, "defender": {...}}``."""


@transaction.atomic
def record_result(*, battle: Battle, result: Result) -> Battle:
    """Takes a played battle's result: victory points, losses, and what follows for the territory and armies."""
    battle = Battle.objects.select_for_update().select_related("territory", "turn").get(pk=battle.pk)
    if battle.played:
        raise ValidationError(_("This battle already has its result."))
    if result.winner not in Winner.values:
        raise ValidationError(_("The winner must be the attacker, the defender, or a draw."))
    for label, losses, points in (
        (_("attacker"), result.attacker_losses, battle.attacker_points),
        (_("defender"), result.defender_losses, battle.defender_points),
    ):
        if not 0 <= losses <= points:
            raise ValidationError(
                _("The %(side)s's losses must be between 0 and its %(points)s points.")
                % {"side": label, "points": points}
            )
    attacker_vp, defender_vp = result.attacker_victory_points, result.defender_victory_points
    if battle.kind == BattleKind.SIEGE and result.siege_counts is not None:
        try:
            attacker_vp = siege_victory_points(result.siege_counts.get("attacker", {}), besieger=True)  # §17.1
            defender_vp = siege_victory_points(result.siege_counts.get("defender", {}), besieger=False)  # §17.2
        except ValueError as error:
            raise ValidationError(str(error)) from error
        battle.victory_detail = {side: dict(counts) for side, counts in result.siege_counts.items()}
    if attacker_vp < 0 or defender_vp < 0:
        raise ValidationError(_("Victory points are 0 or more."))
    battle.winner = result.winner
    battle.attacker_victory_points = attacker_vp
    battle.defender_victory_points = defender_vp
    battle.attacker_losses = result.attacker_losses
    battle.defender_losses = result.defender_losses
    battle.notes = result.notes
    battle.played_at = timezone.now()
    battle.save()
    _apply_result(battle)
    turn = battle.turn
    if not turn.battles.filter(winner="").exists():
        turn.state = TurnState.COMPLETE
        turn.save(update_fields=["state"])
    record_scores(turn=turn)
    return battle


def _apply_result(battle: Battle) -> None:
    participants = list(battle.participants.select_related("army", "origin"))
    for side, losses in ((Side.ATTACKER, battle.attacker_losses), (Side.DEFENDER, battle.defender_losses)):
        engaged = [p for p in participants if p.side == side]
        total = sum(p.points for p in engaged) or 1
        for p in engaged:
            p.army.points = max(0, p.army.points - round(losses * p.points / total))
            p.army.destroyed = p.army.points == 0
    territory = battle.territory
    beaten = Side.DEFENDER if battle.winner == Winner.ATTACKER else Side.ATTACKER
    if battle.winner == Winner.ATTACKER:
        territory.owner_id = battle.attacker_id
        territory.save(update_fields=["owner"])
    for p in participants:
        if p.side == beaten and not p.army.destroyed:
            _fall_back(p.army, p.origin, territory)
        p.army.save(update_fields=["points", "destroyed", "territory"])


def _fall_back(army: Army, origin: Territory, lost: Territory) -> None:
    """A beaten army returns whence it came; beaten at home, to a neighbouring territory of its player, if any.

    A garrison whose fort falls, and an army with nowhere to go, are destroyed."""
    if origin.pk != lost.pk:
        army.territory = origin
        return
    refuge = None if army.is_garrison else lost.neighbours.filter(owner_id=army.owner_id).order_by("pk").first()
    if refuge is None:
        army.destroyed = True
    else:
        army.territory = refuge


@transaction.atomic
def record_scores(*, turn: Turn) -> None:
    """Keeps the turn's snapshot of the tallies current (the chart of points over turns reads them)."""
    for tally in selectors.tallies(turn.campaign):
        Score.objects.update_or_create(
            turn=turn,
            membership=tally.membership,
            defaults={
                "battle_points": tally.battle_points,
                "territory_points": tally.territory_points,
                "fort_points": tally.fort_points,
            },
        )
