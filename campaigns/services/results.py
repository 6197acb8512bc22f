"""Battle results: entered, confirmed or corrected, what they change on the map, and the tallies' snapshots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.siege.board.fort import FortLayout
from rules.siege.chapters.victory import SECTION_CATEGORIES, scored, section_limits

from .. import page_cache, resolution, selectors
from ..models import (
    MAX_VICTORY_POINTS,
    Army,
    Battle,
    BattleCorrection,
    CampaignMembership,
    Score,
    Side,
    Territory,
    Turn,
    TurnState,
    Winner,
)
from ..results import ENGINE_SIDE, SIEGE_CATEGORIES, Result, achievements_json
from ..rule_systems.systems import scores_by_section
from .common import check_limits, notify

# Battle results and tallies -----------------------------------------------------------------------------------

SIDES = (Side.ATTACKER, Side.DEFENDER)


def _side_label(side: str, siege: bool) -> str:
    if siege:
        return _("besieger") if side == Side.ATTACKER else _("besieged")
    return _("attacker") if side == Side.ATTACKER else _("defender")


def _check_result(battle: Battle, result: Result) -> Result:
    """The result, with a siege's victory points counted by the engine (§17); refused when it cannot have
    happened in this battle: losses beyond the forces present, sections the fort does not have."""
    siege = scores_by_section(battle)
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
                % {
                    "limit": limits[category],
                    "category": SIEGE_CATEGORIES[category].counted,
                    "held": sum(held.values()),
                }
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


RESULT_ACTIONS = ("report", "confirm", "correct")


def enter_result(*, battle: Battle, action: str, by: CampaignMembership, result: Result | None = None) -> Battle:
    """What the battle page sends: a result reported (``report``), the other side's confirmation (``confirm``), or
    the organiser's correction (``correct``)."""
    if action == "confirm":
        return confirm_result(battle=battle, by=by)
    if action not in RESULT_ACTIONS or result is None:
        raise ValidationError(_("No such result action."))
    if action == "correct":
        return correct_result(battle=battle, result=result, by=by)
    return report_result(battle=battle, result=result, by=by)


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
    notify(
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
    before = selectors.result_of(battle).to_json()
    _undo_result(battle)
    _settle(battle, result, by)
    BattleCorrection.objects.create(battle=battle, by=by, before=before, after=result.to_json())
    turn = Turn.objects.select_for_update().get(pk=battle.turn_id)
    corrected = {
        "code": "corrected",
        "territory": battle.territory_id,
        "army": None,
        "player": by.pk,
        "battle": battle.pk,
    }
    turn.log = [*turn.log, corrected]
    turn.save(update_fields=["log"])
    return battle


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
    check_limits(battle, "attacker_victory_points", "defender_victory_points", "notes")
    battle.played_at = timezone.now()
    battle.confirmed_by = by
    battle.proposed_result, battle.proposed_by, battle.proposed_at = None, None, None
    battle.before_result = _snapshot(battle)
    battle.save()
    events = _apply_result(battle)
    turn = Turn.objects.select_for_update().get(pk=battle.turn_id)
    kept = ("field", "siege", "corrected")  # what set the battle up, and the trace of its corrections
    turn.log = [e for e in turn.log if e.get("battle") != battle.pk or e["code"] in kept] + events
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


def _apply_result(battle: Battle) -> list[dict[str, Any]]:
    """What a confirmed result changes (:func:`.resolution.aftermath`), and the turn's events that say why (each
    links to the battle)."""
    participants = list(battle.participants.select_related("army", "origin"))
    territory = battle.territory
    neighbours = list(territory.neighbours.all())
    after = resolution.aftermath(
        kind=battle.kind,
        winner=battle.winner,
        territory=resolution.TerritoryState(
            territory.pk, territory.owner_id, territory.fortified, frozenset(t.pk for t in neighbours)
        ),
        attacker=battle.attacker_id,
        defender=battle.defender_id,
        fighters=[
            resolution.Fighter(
                army=p.army_id,
                owner=p.army.owner_id,
                side=p.side,
                brought=p.points,
                points=p.army.points,
                origin=p.origin_id,
                at=p.army.territory_id,
                garrison=p.army.is_garrison,
            )
            for p in participants
        ],
        losses={Side.ATTACKER: battle.attacker_losses, Side.DEFENDER: battle.defender_losses},
        owners={t.pk: t.owner_id for t in neighbours} | {p.origin_id: p.origin.owner_id for p in participants},
    )
    if after.captured:
        territory.owner_id = battle.attacker_id
        territory.save(update_fields=["owner"])
    for p, changed in zip(participants, after.armies, strict=True):
        army = p.army
        army.points, army.destroyed, army.territory_id, army.is_garrison = (
            changed.points,
            changed.destroyed,
            changed.territory,
            changed.garrison,
        )
        army.save(update_fields=["points", "destroyed", "territory", "is_garrison"])
    return [
        {"code": e.code, "territory": e.territory, "army": e.army, "player": e.player, "battle": battle.pk}
        | ({} if e.points is None else {"points": e.points})
        for e in after.events
    ]


@transaction.atomic
def record_scores(*, turn: Turn) -> None:
    """Keeps the turn's snapshot of the tallies current (the chart of points over turns reads them). It ends every
    write that moves armies or changes owners (a turn resolved, a result confirmed or corrected): the campaign's
    pictures are drawn anew."""
    page_cache.changed(turn.campaign_id)
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
