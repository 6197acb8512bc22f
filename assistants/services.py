"""The Confrontation melee and shooting assistant (seed 004): what each side rolls, and the rolls resolved.

Each answer is worked out from the fighters and the situation as entered, by the engine
(:mod:`rules.confrontation`); only the rolls made for a campaign battle are kept, with that battle
(:func:`roll_for_battle`). The values the Confrontation rulebook holds (profiles, combat dice, weapon ranges) are
what the players type in. Dice come from the app, or are typed in from the table: exactly as many as the rules
roll, each one a face its die can show; anything else is refused and nothing is resolved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any, TypeVar

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.enums import Side
from campaigns.models import Battle, CampaignMembership
from campaigns.rosters import MAX_POINTS
from rules import odds
from rules.confrontation import flight, melee, shooting, wounds
from rules.confrontation.checks import TEST_DIE, Attempt, Grade
from rules.confrontation.situations import (
    Casualty,
    DisengageSituation,
    FlightSituation,
    HoldFireSituation,
    MeleeSide,
    MeleeSituation,
    ShotSituation,
    WoundSituation,
)
from rules.confrontation.system import CONFRONTATION, Fled, ShotResult, WoundResult, fighters
from rules.dice import Dice, Roll
from wording.confrontation import ConfrontationNames, refusal_text, roll_reason

from .models import ConfrontationRoll, RollKind

__all__ = [
    "AssistantError",
    "FighterPlan",
    "MeleePlan",
    "MeleeResolution",
    "MeleeSide",
    "MeleeSituation",
    "ShotPlan",
    "ShotResolution",
    "ShotSituation",
    "WoundResolution",
    "WoundSituation",
    "plan_melee",
    "plan_shot",
    "resolve_melee",
    "resolve_shot",
    "resolve_wound",
]

Outcome = TypeVar("Outcome")


class AssistantError(ValueError):
    """A situation or dice the rules refuse; the message names the rule or the parameter."""


# Melee ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FighterPlan:
    name: str
    approach: melee.Approach
    attack: int
    defence: int
    initiative: int
    """Its initiative with its bonuses, before the d6 of the initiative test."""
    dice: int
    """Combat dice: the profile's, the extra dice by troop type and a situation's attack dice."""
    extra_dice: int
    location_dice: int
    """Extra dice rolled for the wound's location."""
    may_riposte: bool
    defence_dice: bool
    position_bonus: int = 0


@dataclass(frozen=True)
class MeleePlan:
    attacker: FighterPlan
    defender: FighterPlan

    @property
    def sides(self) -> tuple[FighterPlan, FighterPlan]:
        return (self.attacker, self.defender)


@dataclass(frozen=True)
class MeleeResolution:
    plan: MeleePlan
    opening: melee.MeleeOpening
    log: tuple[Roll, ...]


def _refused(call: Callable[[], Outcome], names: ConfrontationNames | None = None) -> Outcome:
    """``call``'s answer, or its refusal in the reader's words, the fighters by ``names``."""
    try:
        return call()
    except AssistantError:
        raise
    except ValueError as error:
        raise AssistantError(refusal_text(error, names)) from None


def _side_plan(side: MeleeSide, fighter: melee.Fighter, enemy: melee.Bonus, position_bonus: int) -> FighterPlan:
    bonus = fighter.bonus
    extra = melee.extra_dice(side.troop_type, side.models)  # 004 Nombre de dés au corps à corps
    return FighterPlan(
        name=side.name,
        approach=fighter.approach,
        attack=side.attack + bonus.attack,
        defence=side.defence + bonus.defence + position_bonus,  # 004 Défendre une position
        initiative=side.initiative + bonus.initiative,
        dice=side.combat_dice + extra + bonus.attack_dice,
        extra_dice=extra,
        location_dice=bonus.location_dice,
        may_riposte=enemy.riposte,
        defence_dice=enemy.defence_dice,
        position_bonus=position_bonus,
    )


def plan_melee(situation: MeleeSituation) -> MeleePlan:
    """Each side's attack, defence, initiative and dice in this situation (004 *Le corps à corps*)."""

    def plan() -> MeleePlan:
        attacker, defender = fighters(situation)
        position = melee.defence_bonus(
            situation.position, attacker_is_monster=situation.attacker.troop_type == melee.TroopType.MONSTER
        )
        return MeleePlan(
            _side_plan(situation.attacker, attacker, defender.bonus, 0),
            _side_plan(situation.defender, defender, attacker.bonus, position),
        )

    return _refused(plan)


def _dice(typed: Sequence[int] | None) -> Dice:
    dice = Dice()
    if typed is not None:
        dice.supply(typed)
    return dice


def _check_typed(dice: Dice, typed: Sequence[int] | None, names: ConfrontationNames | None = None) -> None:
    """Typed dice are all the dice: as many as the rules rolled, no fewer, no more; ``names`` names the fighters
    the dice's reasons count by their place."""
    if typed is None:
        return
    rolled = [roll for roll in dice.log if not roll.physical]
    if rolled:
        raise AssistantError(
            _("%(typed)s dice typed in; the rules roll %(more)s more: %(rolls)s.")
            % {
                "typed": len(typed),
                "more": len(rolled),
                "rolls": "; ".join(f"{roll_reason(roll.reason, names)} ({roll.die})" for roll in rolled),
            }
        )
    if dice.pending:
        raise AssistantError(
            _("%(typed)s dice typed in; the rules roll only %(used)s.")
            % {"typed": len(typed), "used": len(typed) - dice.pending}
        )


def resolve_melee(situation: MeleeSituation, typed: Sequence[int] | None = None) -> MeleeResolution:
    """The opening tests rolled: attacker's discipline then initiative, then the defender's (004 *Tests de début
    de corps à corps*), with ``typed`` dice in that order or the app's own."""

    def resolve() -> MeleeResolution:
        plan = plan_melee(situation)
        dice = _dice(typed)
        opening: melee.MeleeOpening = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed, ConfrontationNames((situation.attacker.name, situation.defender.name)))
        return MeleeResolution(plan, opening, dice.log)

    return _refused(resolve, ConfrontationNames((situation.attacker.name, situation.defender.name)))


def _work_out(
    plan: Callable[[Any], Any], resolve: Callable[[Any, Any], Any], situation: Any, typed: Any, roll: bool
) -> tuple[Any, Any]:
    """The plan alone, or for the roll button the resolution with its plan."""
    if roll:
        resolution = resolve(situation, typed)
        return resolution.plan, resolution
    return plan(situation), None


def work_out_melee(
    situation: MeleeSituation, typed: Sequence[int] | None = None, *, roll: bool
) -> tuple[MeleePlan, MeleeResolution | None]:
    return _work_out(plan_melee, resolve_melee, situation, typed, roll)


# Shooting ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShotPlan:
    difficulty: int
    needed: int | None
    """The lowest d6 face that succeeds; ``None`` when none does (a 1 always fails critically)."""
    odds: dict[str, Fraction]
    height_change: tuple[int, int, int]
    ranges: tuple[Fraction, Fraction, Fraction] | None


@dataclass(frozen=True)
class ShotResolution:
    plan: ShotPlan
    attempt: Attempt
    grade: Grade
    hit: str | None
    log: tuple[Roll, ...]


def plan_shot(situation: ShotSituation) -> ShotPlan:
    """The difficulty, the face needed and the exact odds of each grade (004 *Modificateurs de tir*), and the
    weapon's ranges changed by the height (004 *Position surélevée et armes de distance*)."""

    def plan() -> ShotPlan:
        difficulty = shooting.difficulty(situation.range_band, situation.modifiers)
        base = shooting.difficulty(situation.range_band)
        lowest = max(TEST_DIE.values[1], difficulty - situation.shooting)  # a 1 is a critical failure
        ranges = (
            shooting.ranges(*situation.weapon_ranges, situation.height_difference)
            if situation.weapon_ranges is not None
            else None
        )
        return ShotPlan(
            difficulty=difficulty,
            needed=lowest if lowest <= TEST_DIE.values[-1] else None,
            odds=odds.confrontation_shot(situation.shooting, situation.range_band, difficulty - base),
            height_change=shooting.height_change(situation.height_difference),
            ranges=ranges,
        )

    return _refused(plan)


def resolve_shot(situation: ShotSituation, typed: Sequence[int] | None = None) -> ShotResolution:
    """The shot rolled, and who it hits: the target on a success, or by *Tirer dans le tas* into a melee, whose
    draw rolls one more die with a face per chance."""

    def resolve() -> ShotResolution:
        plan = plan_shot(situation)
        dice = _dice(typed)
        shot: ShotResult = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed)
        return ShotResolution(plan, shot.attempt, shot.grade, shot.hit, dice.log)

    return _refused(resolve)


# Wounds --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WoundResolution:
    location: wounds.Location
    wound: wounds.Wound
    log: tuple[Roll, ...]


def resolve_wound(situation: WoundSituation, typed: Sequence[int] | None = None) -> WoundResolution:
    """The wound (004 *Tableau des blessures*, R18): a d6 for the location, read on the table's headings (1 legs,
    2 arms, 3 torso, 4+ head), then the damage's band in that column, a double changing the force first."""

    def resolve() -> WoundResolution:
        dice = _dice(typed)
        rolled: WoundResult = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed)
        return WoundResolution(rolled.location, rolled.wound, dice.log)

    return _refused(resolve)


def work_out_shot(
    situation: ShotSituation, typed: Sequence[int] | None = None, *, roll: bool
) -> tuple[ShotPlan, ShotResolution | None]:
    return _work_out(plan_shot, resolve_shot, situation, typed, roll)


def work_out_wound(
    situation: WoundSituation, typed: Sequence[int] | None = None, *, roll: bool = True
) -> tuple[None, WoundResolution]:
    return None, resolve_wound(situation, typed)


# Flight, disengaging, holding fire -----------------------------------------------------------------------------


@dataclass(frozen=True)
class FlightResolution:
    situation: FlightSituation
    flight: flight.Move
    pursuit: flight.Move | None
    caught: bool | None
    """Whether the pursuer reaches the fleeing model; ``None`` when nobody pursues."""
    log: tuple[Roll, ...]


def resolve_flight(situation: FlightSituation, typed: Sequence[int] | None = None) -> FlightResolution:
    """The fleeing model's roll and move, then the pursuer's and whether it catches it (004 *Rattraper un fuyard*,
    *Fuir volontairement*): the pursuer catches it when its move reaches the gap plus the flight."""
    refused = CONFRONTATION.problems(situation)  # a voluntary flight with a gap, before any die is typed
    if refused:
        raise AssistantError(refusal_text(refused[0]))

    def resolve() -> FlightResolution:
        dice = _dice(typed)
        fled: Fled = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed)
        return FlightResolution(situation, fled.flight, fled.pursuit, fled.caught, dice.log)

    return _refused(resolve)


@dataclass(frozen=True)
class DisengageResolution:
    situation: DisengageSituation
    disengagement: flight.Disengagement
    odds: dict[str, Fraction]
    log: tuple[Roll, ...]


def resolve_disengage(situation: DisengageSituation, typed: Sequence[int] | None = None) -> DisengageResolution:
    """The initiative test to leave a melee, its grade and what the grade does (004 *Se désengager d'un combat*)."""

    def resolve() -> DisengageResolution:
        facts = (
            situation.highest_opposing_initiative,
            situation.opponents,
            situation.fleeing,
            situation.engaged_elsewhere,
        )
        chances = odds.confrontation_disengage(situation.initiative, *facts)
        dice = _dice(typed)
        result: flight.Disengagement = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed)
        return DisengageResolution(situation, result, chances, dice.log)

    return _refused(resolve)


@dataclass(frozen=True)
class HoldFireResolution:
    situation: HoldFireSituation
    attempt: Attempt
    log: tuple[Roll, ...]

    @property
    def held(self) -> bool:
        """Passed: the unit keeps from shooting at its charger."""
        return self.attempt.succeeded


def resolve_hold_fire(situation: HoldFireSituation, typed: Sequence[int] | None = None) -> HoldFireResolution:
    """The command test of difficulty 6 a charged shooting unit passes not to shoot (004 *Réception de charge*)."""

    def resolve() -> HoldFireResolution:
        dice = _dice(typed)
        attempt: Attempt = CONFRONTATION.roll(situation, dice).result
        _check_typed(dice, typed)
        return HoldFireResolution(situation, attempt, dice.log)

    return _refused(resolve)


def work_out_flight(
    situation: FlightSituation, typed: Sequence[int] | None = None, *, roll: bool = True
) -> tuple[None, FlightResolution]:
    return None, resolve_flight(situation, typed)


def work_out_disengage(
    situation: DisengageSituation, typed: Sequence[int] | None = None, *, roll: bool = True
) -> tuple[None, DisengageResolution]:
    return None, resolve_disengage(situation, typed)


def work_out_hold_fire(
    situation: HoldFireSituation, typed: Sequence[int] | None = None, *, roll: bool = True
) -> tuple[None, HoldFireResolution]:
    return None, resolve_hold_fire(situation, typed)


# A campaign battle's log ---------------------------------------------------------------------------------------

WORK_OUTS: dict[str, Callable[..., tuple[Any, Any]]] = {
    RollKind.MELEE: work_out_melee,
    RollKind.SHOT: work_out_shot,
    RollKind.WOUND: work_out_wound,
    RollKind.FLIGHT: work_out_flight,
    RollKind.DISENGAGE: work_out_disengage,
    RollKind.HOLD_FIRE: work_out_hold_fire,
}
"""Each roll the assistant makes, by its kind in the battle's log."""


def _outcome(kind: str, resolution: Any) -> dict[str, Any]:
    """What a roll gave, as the battle's log keeps it: plain values the page words again in each language."""
    if kind == RollKind.MELEE:
        opening = resolution.opening
        return {
            "fighters": [side.name for side in resolution.plan.sides],
            "announcing": [list(place) for place in opening.announcing],
            "striking": [list(place) for place in opening.striking],
        }
    if kind == RollKind.SHOT:
        attempt = resolution.attempt
        return {"grade": resolution.grade.value, "hit": resolution.hit, "total": attempt.total,
                "difficulty": attempt.difficulty}  # fmt: skip
    if kind == RollKind.WOUND:
        return {"location": resolution.location.value, "wound": resolution.wound.value}
    if kind == RollKind.FLIGHT:
        pursuit = resolution.pursuit
        return {
            "flight": str(resolution.flight.distance),
            "pursuit": str(pursuit.distance) if pursuit is not None else None,
            "caught": resolution.caught,
        }
    if kind == RollKind.DISENGAGE:
        done = resolution.disengagement
        return {"grade": done.grade.value, "outcome": done.outcome.value, "total": done.attempt.total,
                "difficulty": done.attempt.difficulty}  # fmt: skip
    attempt = resolution.attempt
    return {"held": resolution.held, "total": attempt.total, "difficulty": attempt.difficulty}


def _loss(kind: str, resolution: Any, casualty: Casualty | None) -> tuple[str, int]:
    """A model killed outright (« Tué Net », 004 Tableau des blessures) is its side's loss."""
    if kind != RollKind.WOUND or casualty is None or resolution.wound is not wounds.Wound.KILLED:
        return "", 0
    return casualty.side, casualty.points


def roll_for_battle(
    *,
    battle: Battle,
    by: CampaignMembership,
    kind: str,
    situation: Any,
    typed: Sequence[int] | None,
    roll: bool,
    casualty: Casualty | None = None,
) -> tuple[Any, Any]:
    """The assistant's answer for a campaign battle, and each roll it makes appended to that battle's log: who,
    when, the situation as typed, the dice and what they gave. A plan alone rolls nothing and keeps nothing."""
    if kind not in WORK_OUTS:
        raise AssistantError(_("No such roll in the Confrontation assistant."))
    if casualty is not None and (casualty.side not in Side.values or not 0 <= casualty.points <= MAX_POINTS):
        raise AssistantError(
            _("A casualty belongs to the attacker or the defender, and is worth 0 to %(most)s points.")
            % {"most": MAX_POINTS}
        )
    plan, resolution = WORK_OUTS[kind](situation, typed, roll=roll)
    if resolution is not None:
        loss_side, loss_points = _loss(kind, resolution, casualty)
        with transaction.atomic():
            ConfrontationRoll.objects.create(
                battle=battle,
                by=by,
                kind=kind,
                situation=asdict(situation) | ({"casualty": asdict(casualty)} if casualty else {}),
                dice=[roll.to_json() for roll in resolution.log],
                outcome=_outcome(kind, resolution),
                loss_side=loss_side,
                loss_points=loss_points,
            )
    return plan, resolution
