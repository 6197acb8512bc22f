"""Writes: every change goes through here, inside one transaction, with keyword-only arguments.

Validation comes before any write, so a refused change leaves nothing half-saved; refusals raise
``ValidationError`` with a message naming the rule or the parameter at fault.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.mail import send_mass_mail
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import Truncator, capfirst, slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.siege.fort import FortLayout
from rules.siege.state import Side as EngineSide
from rules.siege.victory import SECTION_CATEGORIES, scored, section_limits

from . import resolution, rosters, selectors
from .drawing import auto_layout
from .models import (
    MAX_VICTORY_POINTS,
    Army,
    Battle,
    BattleArmy,
    BattleCorrection,
    BattleKind,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Club,
    ClubMembership,
    Faction,
    Order,
    ResolutionProblem,
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
from .results import Result, achievements_from_json, achievements_json

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
    "win_points",
    "draw_points",
    "loss_points",
    "belfry_overload",
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


def _limit_problems(instance: models.Model, *names: str) -> list[str]:
    """What the model's fields ``names`` do not take of the instance's values (too long, out of range, not finite,
    a NUL character), each naming its field."""
    problems = []
    for name in names:
        field = instance._meta.get_field(name)
        value = getattr(instance, field.attname)
        try:
            if isinstance(value, str):
                ProhibitNullCharactersValidator()(value)
            field.clean(value, instance)
        except ValidationError as error:
            problems.extend(
                _("%(field)s: %(error)s") % {"field": capfirst(str(field.verbose_name)), "error": message}
                for message in error.messages
            )
    return problems


def _check_limits(instance: models.Model, *names: str) -> None:
    problems = _limit_problems(instance, *names)
    if problems:
        raise ValidationError(problems)


def _shown(name: str) -> str:
    """A name as a message quotes it: short, without control characters."""
    return Truncator("".join(c for c in name if c.isprintable())).chars(40)


# The map ------------------------------------------------------------------------------------------------------

MAX_TERRITORIES = 100
"""The most territories a map may have. A club's map has tens; the layout of a map without coordinates grows with
the cube of its size (100 territories take about a second, 300 over fifteen, 3,000 took a minute and 900 MB)."""


def _too_many_territories(count: int) -> ValidationError:
    return ValidationError(
        _("A map has at most %(limit)s territories; this one has %(count)s.")
        % {"limit": MAX_TERRITORIES, "count": count}
    )


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
    if len(specs) > MAX_TERRITORIES:
        raise _too_many_territories(len(specs))
    names = [s.name for s in specs]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValidationError(_("Territory names must be unique: %(names)s.") % {"names": ", ".join(duplicates)})
    members = {m.user.get_username(): m for m in campaign.memberships.select_related("user")}
    for spec in specs:
        if not spec.name.strip():
            raise ValidationError(_("Every territory needs a name."))
        drawn = Territory(
            name=spec.name,
            value=spec.value,
            x=50.0 if spec.x is None else spec.x,
            y=50.0 if spec.y is None else spec.y,
        )
        problems = _limit_problems(drawn, "name", "value", "x", "y")
        if problems:
            raise ValidationError(
                _("Territory %(name)s: %(error)s") % {"name": _shown(spec.name), "error": " ".join(problems)}
            )
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


def _json_text(item: Mapping[str, Any], key: str, default: str | None) -> str | None:
    value = item.get(key, default)
    if value is not None and not isinstance(value, str):
        raise ValidationError(_("“%(key)s” must be a text.") % {"key": key})
    return value


def _json_number(item: Mapping[str, Any], key: str, *, whole: bool) -> Any:
    """A JSON number as it came; the model's field checks its range. Texts and booleans are refused."""
    value = item.get(key)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, float) and not whole:
        return value
    raise ValidationError(
        (_("“%(key)s” must be a whole number.") if whole else _("“%(key)s” must be a number.")) % {"key": key}
    )


def map_specs_from_json(data: Any) -> list[TerritorySpec]:
    """Reads the map's JSON: ``{"territories": [{"name", "kind", "value", "owner", "neighbours", "x", "y"}]}``.

    Only the shape and the types are checked here; :func:`load_map` checks the values against the fields."""
    if not isinstance(data, dict) or not isinstance(data.get("territories"), list):
        raise ValidationError(_("The map JSON needs a “territories” list."))
    if len(data["territories"]) > MAX_TERRITORIES:
        raise _too_many_territories(len(data["territories"]))
    specs = []
    for number, item in enumerate(data["territories"], start=1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ValidationError(_("Territory %(number)s: a “name” is required.") % {"number": number})
        neighbours = item.get("neighbours", [])
        try:
            if not isinstance(neighbours, list) or not all(isinstance(n, str) for n in neighbours):
                raise ValidationError(_("“neighbours” must be a list of territory names."))
            specs.append(
                TerritorySpec(
                    name=item["name"],
                    kind=_json_text(item, "kind", TerritoryKind.OPEN_LAND) or "",
                    value=_json_number(item, "value", whole=True) if "value" in item else 1,
                    owner=_json_text(item, "owner", None),
                    neighbours=tuple(neighbours),
                    x=_json_number(item, "x", whole=False),
                    y=_json_number(item, "y", whole=False),
                )
            )
        except ValidationError as error:
            raise ValidationError(
                _("Territory %(name)s: %(error)s") % {"name": _shown(item["name"]), "error": " ".join(error.messages)}
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
        # coordinates given as texts ("nan", "inf") pass float(); PostgreSQL's JSON stores no such number
        json.dumps(layout.to_json(), allow_nan=False)
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
    unit = Unit(
        army=army,
        name=name,
        count=count,
        points=points,
        profile=dict(profile),
        save_roll=save,
        special_rules=[r.strip() for r in special_rules if r.strip()],
    )
    _check_limits(unit, "name", "count", "points")
    unit.save()
    return unit


def _faction_value(name: str | None) -> str | None:
    by_name = {english: value for value, english in faction_english_names().items()}
    return by_name.get(name) if name else None


@dataclass(frozen=True)
class RosterPreview:
    """What importing a roster would change in an army, shown before anything changes."""

    roster: rosters.Roster
    army_points: int
    roster_points: int
    unit_points: int
    """The points the army's units add up to now."""
    added: tuple[str, ...]
    removed: tuple[str, ...]
    kept: tuple[str, ...]
    problem: str | None
    """Why the roster cannot be imported, or None when it can."""


def _read_roster(data: bytes, filename: str) -> rosters.Roster:
    try:
        return rosters.parse_roster(data, filename)
    except rosters.RosterError as error:
        raise ValidationError(_("The roster cannot be imported: %(error)s") % {"error": error}) from error


def _roster_problem(army: Army, roster: rosters.Roster) -> str | None:
    if roster.points > army.points:
        return _(
            "The roster is %(points)s points but %(army)s has %(left)s: an army's points change only by its "
            "losses in battle and the organiser's reinforcements, not by a roster."
        ) % {"points": roster.points, "army": army.name, "left": army.points}
    return None


def preview_roster(*, army: Army, data: bytes, filename: str) -> RosterPreview:
    """What a BattleScribe roster would change in the army's units; nothing is written."""
    roster = _read_roster(data, filename)
    before = [unit.name for unit in army.units.all()]
    after = [unit.name for unit in roster.units]
    return RosterPreview(
        roster=roster,
        army_points=army.points,
        roster_points=roster.points,
        unit_points=sum(unit.points for unit in army.units.all()),
        added=tuple(name for name in after if name not in before),
        removed=tuple(name for name in before if name not in after),
        kept=tuple(name for name in after if name in before),
        problem=_roster_problem(army, roster),
    )


@transaction.atomic
def import_roster(*, army: Army, data: bytes, filename: str) -> Army:
    """Replaces the army's units by a BattleScribe roster that fits in its points; a faulty file imports nothing.

    The army's points stay as they are: they change only by losses and the organiser's reinforcements.
    """
    army = Army.objects.select_for_update().get(pk=army.pk)
    roster = _read_roster(data, filename)
    problem = _roster_problem(army, roster)
    if problem:
        raise ValidationError(problem)
    army.units.all().delete()
    for unit in roster.units:
        try:
            add_unit(
                army=army,
                name=unit.name,
                count=unit.count,
                points=unit.points,
                profile=unit.profile,
                save=unit.save,
                special_rules=unit.special_rules,
            )
        except ValidationError as error:
            raise ValidationError(
                _("The roster cannot be imported: unit %(name)s: %(error)s")
                % {"name": _shown(unit.name), "error": " ".join(error.messages)}
            ) from error
    faction = _faction_value(roster.faction)
    if faction and not army.owner.faction:
        choose_faction(membership=army.owner, faction=faction)
    return army


@transaction.atomic
def reinforce_army(*, army: Army, points: int, by: CampaignMembership) -> Army:
    """The organiser adds points to an army, up to the campaign's limit; the current turn's events record it."""
    if not by.is_organiser or by.campaign_id != army.campaign_id:
        raise ValidationError(_("Only the organiser reinforces an army."))
    army = Army.objects.select_for_update().get(pk=army.pk)
    limit = army.campaign.settings.army_points_limit
    if army.destroyed:
        raise ValidationError(_("A destroyed army cannot be reinforced."))
    if points <= 0 or army.points + points > limit:
        raise ValidationError(
            _("A reinforcement adds 1 point or more, up to the campaign's limit of %(limit)s (%(army)s has %(now)s).")
            % {"limit": limit, "army": army.name, "now": army.points}
        )
    army.points += points
    army.save(update_fields=["points"])
    turn = Turn.objects.select_for_update().filter(campaign=army.campaign).order_by("-number").first()
    if turn is not None:
        turn.log = [
            *turn.log,
            {"code": "reinforced", "territory": army.territory_id, "army": army.pk, "player": None, "points": points},
        ]
        turn.save(update_fields=["log"])
    return army


# Turns and orders ---------------------------------------------------------------------------------------------


def _notify(campaign: Campaign, subject: str, body: str, *, only: Sequence[int] | None = None) -> None:
    """Mails every member with an address (or the memberships ``only`` names) once the transaction commits (a rolled
    back change mails nobody)."""
    members = campaign.memberships.select_related("user")
    if only is not None:
        members = members.filter(pk__in=only)
    recipients = [m.user.email for m in members if m.user.email]
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
def start_resolution(*, turn: Turn, now: datetime | None = None) -> Turn:
    """Marks the turn as resolving; a second request finds it so and is refused (no turn is resolved twice)."""
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    if turn.state not in (TurnState.OPEN, TurnState.LOCKED):
        raise ValidationError(_("This turn is already resolved or being resolved."))
    if turn.state == TurnState.OPEN:
        _notify(turn.campaign, _("Turn %(number)s is locked") % {"number": turn.number}, _("Orders are closed."))
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
    if found.state == TurnState.RESOLVING:
        found.state = TurnState.LOCKED
        found.save(update_fields=["state"])
    return start_resolution(turn=found, now=now)


def return_stalled_resolutions(*, now: datetime | None = None) -> list[Turn]:
    """Hands back, locked and with a note, every resolving turn whose resolution cannot finish any more: taken up
    by a worker that no longer holds the turn (it died, or lost its database), or never taken up from the queue.
    A resolution at work holds its turn's row, and those are skipped."""
    now = now or timezone.now()
    silent_since = now - timedelta(seconds=settings.RESOLUTION_SILENCE_SECONDS)
    queued_since = now - timedelta(seconds=settings.RESOLUTION_QUEUE_TIMEOUT_SECONDS)
    returned = []
    with transaction.atomic():
        stalled = Turn.objects.select_for_update(skip_locked=True).filter(state=TurnState.RESOLVING)
        for turn in stalled:
            if turn.resolution_started_at is not None and turn.resolution_started_at < silent_since:
                problem = ResolutionProblem.WORKER_LOST
            elif turn.resolution_started_at is None and (turn.resolution_queued_at or now) < queued_since:
                problem = ResolutionProblem.NOT_TAKEN_UP
            else:
                continue
            turn.state, turn.task_id, turn.resolution_problem = TurnState.LOCKED, "", problem
            turn.save(update_fields=["state", "task_id", "resolution_problem"])
            returned.append(turn)
    return returned


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
    battles = {p.territory: _create_battle(turn, territories[p.territory], p).pk for p in outcome.battles}
    turn.log = [
        {
            "code": e.code,
            "territory": e.territory,
            "army": e.army,
            "player": e.player,
            "battle": battles.get(e.territory) if e.code in (resolution.FIELD, resolution.SIEGE) else None,
        }
        for e in outcome.events
    ]
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

SIDES = (Side.ATTACKER, Side.DEFENDER)
ENGINE_SIDE = {Side.ATTACKER: EngineSide.BESIEGER, Side.DEFENDER: EngineSide.BESIEGED}


def _side_label(side: str, siege: bool) -> str:
    if siege:
        return _("besieger") if side == Side.ATTACKER else _("besieged")
    return _("attacker") if side == Side.ATTACKER else _("defender")


def _check_result(battle: Battle, result: Result) -> Result:
    """The result, with a siege's victory points counted by the engine (§17); refused when it cannot have
    happened in this battle: losses beyond the forces present, sections the fort does not have."""
    siege = battle.kind == BattleKind.SIEGE
    if result.winner not in Winner.values:
        raise ValidationError(_("The winner must be the attacker, the defender, or a draw."))
    points = {Side.ATTACKER: battle.attacker_points, Side.DEFENDER: battle.defender_points}
    losses = {Side.ATTACKER: result.attacker_losses, Side.DEFENDER: result.defender_losses}
    for side in SIDES:
        if not 0 <= losses[side] <= points[side]:
            raise ValidationError(
                _("The %(side)s's losses must be between 0 and the %(points)s points it brought to the battle.")
                % {"side": _side_label(side, siege), "points": points[side]}
            )
    if not siege:
        if not all(
            0 <= vp <= MAX_VICTORY_POINTS for vp in (result.attacker_victory_points, result.defender_victory_points)
        ):
            raise ValidationError(_("Victory points are between 0 and %(limit)s.") % {"limit": MAX_VICTORY_POINTS})
        return replace(result, siege=None)
    if result.siege is None or set(result.siege) != set(SIDES):
        raise ValidationError(_("A siege's result gives what each side achieved (§17)."))
    limits = section_limits(FortLayout.from_json(battle.fort_layout)) if battle.fort_layout else None
    for side in SIDES:
        enemy = Side.DEFENDER if side == Side.ATTACKER else Side.ATTACKER
        achieved = result.siege[side]
        if any(p <= 0 for p in achieved.units) or sum(achieved.units) > points[enemy]:
            raise ValidationError(
                _(
                    "The %(side)s's enemy units fled or destroyed must each be worth more than 0 points, "
                    "%(points)s in all at most: the %(enemy)s brought no more (§17)."
                )
                % {"side": _side_label(side, True), "enemy": _side_label(enemy, True), "points": points[enemy]}
            )
    for category in (*SECTION_CATEGORIES, "breach"):
        held = {
            side: (a.breaches if category == "breach" else a.sections.get(category, 0))
            for side, a in result.siege.items()
        }
        if any(n < 0 for n in held.values()):
            raise ValidationError(_("Sections controlled and breaches are 0 or more (§17)."))
        if limits is not None and sum(held.values()) > limits[category]:
            raise ValidationError(
                _(
                    "The fort has %(limit)s %(category)s: together the two sides cannot hold more than that "
                    "(%(held)s entered, §17)."
                )
                % {"limit": limits[category], "category": SECTION_NAMES[category], "held": sum(held.values())}
            )
    try:
        scores = {side: scored(ENGINE_SIDE[side], result.siege[side]) for side in SIDES}  # §17.1, §17.2
    except ValueError as error:
        raise ValidationError(str(error)) from error
    return replace(
        result,
        attacker_victory_points=sum(scores[Side.ATTACKER].values()),
        defender_victory_points=sum(scores[Side.DEFENDER].values()),
    )


SECTION_NAMES = {
    "wall_walk": gettext_lazy("wall-walk sections"),
    "tower": gettext_lazy("tower sections"),
    "main_gate": gettext_lazy("main gate sections"),
    "postern": gettext_lazy("postern sections"),
    "courtyard": gettext_lazy("courtyard sections"),
    "breach": gettext_lazy("rampart sections to breach"),
}


def _locked_battle(battle: Battle) -> Battle:
    return Battle.objects.select_for_update().select_related("territory", "turn", "campaign").get(pk=battle.pk)


@transaction.atomic
def report_result(*, battle: Battle, result: Result, by: CampaignMembership) -> Battle:
    """A played battle's result. The organiser's is final at once; a player's waits until the other side (or the
    organiser) confirms it, and until then nothing moves on the map or in the standings."""
    battle = _locked_battle(battle)
    if battle.played:
        raise ValidationError(_("This battle already has its result; only the organiser can correct it."))
    if not (by.is_organiser or by.pk in (battle.attacker_id, battle.defender_id)):
        raise ValidationError(_("Only the organiser and the battle's two players may enter its result."))
    result = _check_result(battle, result)
    if by.is_organiser:
        return _settle(battle, result, by)
    battle.proposed_result = result.to_json()
    battle.proposed_by = by
    battle.proposed_at = timezone.now()
    battle.save(update_fields=["proposed_result", "proposed_by", "proposed_at"])
    other = battle.defender_id if by.pk == battle.attacker_id else battle.attacker_id
    _notify(
        battle.campaign,
        _("A result to confirm"),
        _(
            "%(player)s entered the result of the battle of %(territory)s. Confirm it, or enter the right one, "
            "on the battle's page."
        )
        % {"player": by.user.get_username(), "territory": battle.territory.name},
        only=[other],
    )
    return battle


@transaction.atomic
def confirm_result(*, battle: Battle, by: CampaignMembership) -> Battle:
    """The other side (or the organiser) agrees with the result one side entered: it now counts."""
    battle = _locked_battle(battle)
    if battle.played:
        raise ValidationError(_("This battle already has its result."))
    if battle.proposed_result is None:
        raise ValidationError(_("No result waits for confirmation in this battle."))
    if not by.is_organiser and (
        by.pk not in (battle.attacker_id, battle.defender_id) or by.pk == battle.proposed_by_id
    ):
        raise ValidationError(_("The result must be confirmed by the other side or by the organiser."))
    return _settle(battle, _check_result(battle, Result.from_json(battle.proposed_result)), by)


@transaction.atomic
def correct_result(*, battle: Battle, result: Result, by: CampaignMembership) -> Battle:
    """The organiser's correction of a confirmed result: what the result changed is undone and worked out again
    (the territory, the armies' points and places, the tallies), and the correction is kept with the battle."""
    battle = _locked_battle(battle)
    if not by.is_organiser:
        raise ValidationError(_("Only the organiser can correct a result."))
    if not battle.played:
        raise ValidationError(_("This battle has no confirmed result to correct."))
    later = battle.campaign.turns.filter(number__gt=battle.turn.number).order_by("number").first()
    if later is not None:
        raise ValidationError(
            _("Turn %(number)s has already begun: results of earlier turns can no longer be corrected.")
            % {"number": later.number}
        )
    result = _check_result(battle, result)
    before = result_of(battle).to_json()
    _undo_result(battle)
    _settle(battle, result, by)
    BattleCorrection.objects.create(battle=battle, by=by, before=before, after=result.to_json())
    return battle


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
        siege={side: achievements_from_json(detail[side]["achieved"]) for side in SIDES} if detail else None,
    )


def _settle(battle: Battle, result: Result, by: CampaignMembership) -> Battle:
    battle.winner = result.winner
    battle.attacker_victory_points = result.attacker_victory_points
    battle.defender_victory_points = result.defender_victory_points
    battle.attacker_losses = result.attacker_losses
    battle.defender_losses = result.defender_losses
    battle.notes = result.notes
    battle.victory_detail = (
        {
            side: {
                "achieved": achievements_json(result.siege[side]),
                "points": scored(ENGINE_SIDE[side], result.siege[side]),
            }
            for side in SIDES
        }
        if result.siege is not None
        else {}
    )
    _check_limits(battle, "attacker_victory_points", "defender_victory_points", "notes")
    battle.played_at = timezone.now()
    battle.confirmed_by = by
    battle.proposed_result, battle.proposed_by, battle.proposed_at = None, None, None
    battle.before_result = _snapshot(battle)
    battle.save()
    events = _apply_result(battle)
    turn = Turn.objects.select_for_update().get(pk=battle.turn_id)
    turn.log = [e for e in turn.log if e.get("battle") != battle.pk or e["code"] in ("field", "siege")] + events
    if not turn.battles.filter(winner="").exists():
        turn.state = TurnState.COMPLETE
    turn.save(update_fields=["log", "state"])
    record_scores(turn=turn)
    return battle


def _snapshot(battle: Battle) -> dict[str, Any]:
    return {
        "owner": battle.territory.owner_id,
        "armies": {
            str(p.army.pk): {
                "points": p.army.points,
                "territory": p.army.territory_id,
                "destroyed": p.army.destroyed,
                "is_garrison": p.army.is_garrison,
            }
            for p in battle.participants.select_related("army")
        },
    }


def _undo_result(battle: Battle) -> None:
    snapshot = battle.before_result or {}
    Territory.objects.filter(pk=battle.territory_id).update(owner_id=snapshot.get("owner"))
    battle.territory.owner_id = snapshot.get("owner")
    for army_id, state in snapshot.get("armies", {}).items():
        Army.objects.filter(pk=int(army_id)).update(
            points=state["points"],
            territory_id=state["territory"],
            destroyed=state["destroyed"],
            is_garrison=state["is_garrison"],
        )


def _event(code: str, battle: Battle, territory: int, **more: Any) -> dict[str, Any]:
    return {"code": code, "territory": territory, "army": None, "player": None, "battle": battle.pk} | more


def _apply_result(battle: Battle) -> list[dict[str, Any]]:
    """What a confirmed result changes, and the turn's events that say why (each links to the battle).

    - *losses*: each side's losses come off its armies in proportion to the points each brought; an army left
      with no points is destroyed.
    - *capture*: the attacker who wins takes the territory (a besieger, the castle); on a draw the defender
      keeps it and the attacker falls back.
    - *fall back*: the beaten side's surviving armies fall back: to the territory they came from if it is still
      their player's or nobody's, else to a neighbouring territory of their player, else to a neighbouring
      territory nobody owns. A garrison whose fort falls marches out as a field army.
    - *cut off*: a beaten army with nowhere to fall back to is not destroyed: it stays, cut off, in the lost
      territory and must fight its way out.
    """
    participants = list(battle.participants.select_related("army", "origin"))
    territory = battle.territory
    events: list[dict[str, Any]] = []
    for side, losses in ((Side.ATTACKER, battle.attacker_losses), (Side.DEFENDER, battle.defender_losses)):
        engaged = [p for p in participants if p.side == side]
        total = sum(p.points for p in engaged) or 1
        for p in engaged:
            lost = min(p.army.points, round(losses * p.points / total))
            p.army.points -= lost
            if p.army.points == 0:
                p.army.destroyed = True
                events.append(_event("destroyed", battle, territory.pk, army=p.army.pk, points=lost))
    if battle.winner == Winner.ATTACKER:
        territory.owner_id = battle.attacker_id
        territory.save(update_fields=["owner"])
        code = "castle_taken" if battle.kind == BattleKind.SIEGE else "taken"
        events.append(_event(code, battle, territory.pk, player=battle.attacker_id))
    elif battle.winner == Winner.DEFENDER:
        events.append(_event("held", battle, territory.pk, player=battle.defender_id))
    else:
        events.append(_event("draw", battle, territory.pk, player=battle.defender_id))
    beaten = Side.DEFENDER if battle.winner == Winner.ATTACKER else Side.ATTACKER
    for p in participants:
        if p.side == beaten and not p.army.destroyed:
            events.extend(_fall_back(battle, p.army, p.origin, territory))
        p.army.save(update_fields=["points", "destroyed", "territory", "is_garrison"])
    return events


def _fall_back(battle: Battle, army: Army, origin: Territory, lost: Territory) -> list[dict[str, Any]]:
    events = []
    if army.is_garrison:
        army.is_garrison = False
        events.append(_event("garrison_out", battle, lost.pk, army=army.pk))
    refuge: Territory | None = None
    if origin.pk != lost.pk and origin.owner_id in (army.owner_id, None):
        refuge = origin
    else:
        neighbours = list(lost.neighbours.order_by("pk"))
        refuge = next((t for t in neighbours if t.owner_id == army.owner_id), None) or next(
            (t for t in neighbours if t.owner_id is None), None
        )
    if refuge is None:
        army.territory = lost
        events.append(_event("cut_off", battle, lost.pk, army=army.pk))
    else:
        army.territory = refuge
        events.append(_event("fall_back", battle, refuge.pk, army=army.pk))
    return events


@transaction.atomic
def record_scores(*, turn: Turn) -> None:
    """Keeps the turn's snapshot of the tallies current (the chart of points over turns reads them)."""
    for tally in selectors.tallies(turn.campaign):
        Score.objects.update_or_create(
            turn=turn,
            membership=tally.membership,
            defaults={
                "battle_points": tally.battle_points,
                "victory_points": tally.victory_points,
                "territory_points": tally.territory_points,
                "fort_points": tally.fort_points,
            },
        )
