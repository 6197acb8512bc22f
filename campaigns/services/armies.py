"""Armies, their units, BattleScribe rosters and the organiser's reinforcements."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import factions, page_cache, rosters, unit_lines
from ..models import (
    MAX_SPECIAL_RULE_CHARS,
    MAX_SPECIAL_RULES,
    Army,
    CampaignMembership,
    RosterUpload,
    Territory,
    Turn,
    Unit,
)
from .clubs import choose_faction
from .common import check_limits, shown


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
    page_cache.changed(campaign.pk)
    return Army.objects.create(
        campaign=campaign, owner=owner, name=name, territory=territory, points=points, is_garrison=is_garrison
    )


@transaction.atomic
def _checked_unit(
    unit: Unit,
    *,
    name: str,
    count: int,
    points: int,
    profile: Mapping[str, int | str],
    save: int | None,
    special_rules: Sequence[str],
) -> Unit:
    """The unit with these values, checked as an imported roster's units are; nothing is written."""
    if count < 1:
        raise ValidationError(_("A unit has at least one model."))
    if save is not None and not 1 <= save <= 6:
        raise ValidationError(_("An armour save is rolled on a D6: 1 to 6, or none."))
    try:
        # a roster may carry no profile for a unit; one that has a profile has all nine characteristics
        kept = unit_lines.complete(profile) if profile else {}
    except unit_lines.UnitLineProblem as problem:
        raise ValidationError(str(problem)) from problem
    for key, value in kept.items():
        if rosters.characteristic_value(str(value)) is None:
            raise ValidationError(
                _("%(name)s is %(text)r, expected a number 0–10, '-' or a dice roll like D6")
                % {"name": unit_lines.label(key), "text": str(value)}
            )
    unit.name, unit.count, unit.points, unit.save_roll = name.strip(), count, points, save
    unit.profile = {key: rosters.characteristic_value(str(value)) for key, value in kept.items()}
    rules = [r.strip() for r in special_rules if r.strip()]
    if len(rules) > MAX_SPECIAL_RULES or any(len(r) > MAX_SPECIAL_RULE_CHARS for r in rules):
        raise ValidationError(
            _("A unit has at most %(most)s special rules of at most %(chars)s characters each.")
            % {"most": MAX_SPECIAL_RULES, "chars": MAX_SPECIAL_RULE_CHARS}
        )
    unit.special_rules = rules
    check_limits(unit, "name", "count", "points")
    return unit


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
    unit = _checked_unit(
        Unit(army=army),
        name=name,
        count=count,
        points=points,
        profile=profile,
        save=save,
        special_rules=special_rules,
    )
    unit.save()
    return unit


class ReadUnit(Protocol):
    """A unit read from text: a line typed (:mod:`..unit_lines`) or a roster's entry (:mod:`..rosters`)."""

    @property
    def name(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def profile(self) -> Mapping[str, int | str]: ...
    @property
    def save(self) -> int | None: ...
    @property
    def special_rules(self) -> Sequence[str]: ...


def _add_read(army: Army, unit: ReadUnit) -> Unit:
    return add_unit(
        army=army,
        name=unit.name,
        count=unit.count,
        points=unit.points,
        profile=unit.profile,
        save=unit.save,
        special_rules=unit.special_rules,
    )


@transaction.atomic
def add_unit_lines(*, army: Army, text: str) -> list[Unit]:
    """The units typed a line each (:mod:`..unit_lines`), all added or, when a line is faulty, none."""
    try:
        lines = unit_lines.parse_unit_lines(text)
    except unit_lines.UnitLineProblem as problem:
        raise ValidationError(str(problem)) from problem
    added = []
    for number, line in enumerate(lines, start=1):
        try:
            added.append(_add_read(army, line))
        except ValidationError as error:
            raise ValidationError(
                _("Unit %(number)s, %(name)s: %(error)s")
                % {"number": number, "name": shown(line.name), "error": " ".join(error.messages)}
            ) from error
    return added


@transaction.atomic
def update_unit(
    *,
    unit: Unit,
    name: str,
    count: int,
    points: int,
    profile: Mapping[str, int | str],
    save: int | None = None,
    special_rules: Sequence[str] = (),
) -> Unit:
    """Changes a unit of a roster, checked as a new one is."""
    unit = Unit.objects.select_for_update().get(pk=unit.pk)
    _checked_unit(
        unit, name=name, count=count, points=points, profile=profile, save=save, special_rules=special_rules
    ).save()
    return unit


@transaction.atomic
def delete_unit(*, unit: Unit) -> None:
    Unit.objects.filter(pk=unit.pk).delete()


@transaction.atomic
def clear_roster(*, army: Army) -> int:
    """Takes every unit off the army's roster; the army and its points stay. Returns how many went."""
    deleted, _by_model = army.units.all().delete()
    return deleted


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


def match_units(
    before: Sequence[str], after: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The units a roster adds, removes and keeps, by name, in the roster's and the army's order; matched through
    sets, so that thousands of units take one pass rather than a search per name."""
    before_names, after_names = set(before), set(after)
    return (
        tuple(name for name in after if name not in before_names),
        tuple(name for name in before if name not in after_names),
        tuple(name for name in after if name in before_names),
    )


def preview_roster(*, army: Army, data: bytes, filename: str) -> RosterPreview:
    """What a BattleScribe roster would change in the army's units; nothing is written."""
    roster = _read_roster(data, filename)
    units = list(army.units.all())
    added, removed, kept = match_units([unit.name for unit in units], [unit.name for unit in roster.units])
    return RosterPreview(
        roster=roster,
        army_points=army.points,
        roster_points=roster.points,
        unit_points=sum(unit.points for unit in units),
        added=added,
        removed=removed,
        kept=kept,
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
            _add_read(army, unit)
        except ValidationError as error:
            raise ValidationError(
                _("The roster cannot be imported: unit %(name)s: %(error)s")
                % {"name": shown(unit.name), "error": " ".join(error.messages)}
            ) from error
    faction = factions.value_of(roster.faction)
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
    page_cache.changed(army.campaign_id)
    turn = Turn.objects.select_for_update().filter(campaign=army.campaign).order_by("-number").first()
    if turn is not None:
        turn.log = [
            *turn.log,
            {"code": "reinforced", "territory": army.territory_id, "army": army.pk, "player": None, "points": points},
        ]
        turn.save(update_fields=["log"])
    return army


def keep_roster_upload(*, army: Army, user: AbstractBaseUser, filename: str, data: bytes) -> RosterUpload:
    """A previewed roster's file, kept in the database (not in the session) until it is confirmed, cancelled or
    expires; a new preview of the same army by the same sender replaces it."""
    upload, _created = RosterUpload.objects.update_or_create(
        army=army,
        sent_by=user,
        defaults={
            "filename": filename[:255],
            "data": data,
            "expires_at": timezone.now() + timedelta(minutes=settings.ROSTER_PREVIEW_MINUTES),
        },
    )
    return upload


@transaction.atomic
def take_roster_upload(*, army: Army, user: AbstractBaseUser) -> tuple[str, bytes] | None:
    """The roster file waiting for the sender's confirmation, its name and bytes, taken away; none when there is
    none or it has expired."""
    upload = RosterUpload.objects.select_for_update().filter(army=army, sent_by=user).first()
    if upload is None:
        return None
    upload.delete()
    if upload.expires_at <= timezone.now():
        return None
    return upload.filename, bytes(upload.data)


def drop_expired_roster_uploads() -> int:
    """Run by beat: the previews nobody confirmed or cancelled in time are dropped."""
    deleted, _by_model = RosterUpload.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted
