"""The Confrontation melee and shooting assistant (seed 004): what each side rolls, and the rolls resolved.

Nothing is stored: each answer is worked out from the fighters and the situation as entered, by the engine
(:mod:`rules.confrontation`). The values the Confrontation rulebook holds (profiles, combat dice, weapon ranges) are
what the players type in. Dice come from the app, or are typed in from the table: exactly as many as the rules
roll, each one a face its die can show; anything else is refused and nothing is resolved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from django.utils.translation import gettext as _

from rules import odds
from rules.confrontation import melee, shooting, wounds
from rules.confrontation.checks import SHOT_GRADES, TEST_DIE, Attempt, Grade
from rules.dice import Dice, Roll, reason
from wording.confrontation import ConfrontationNames, refusal_text, roll_reason

from .situations import CHARGE, MeleeSide, MeleeSituation, ShotSituation, WoundSituation

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


def _approach(situation: MeleeSituation) -> melee.Approach:
    if situation.approach == CHARGE:
        return melee.charge_approach(situation.seen_by_target, situation.arrives_from)
    approach = melee.Approach(situation.approach)
    if approach in melee.CHARGES:
        raise AssistantError(_("A charge's kind follows from the side it arrives from (004 Charge de flanc)."))
    return approach


def _fighter(side: MeleeSide, approach: melee.Approach) -> melee.Fighter:
    return melee.Fighter(
        side.name,
        side.discipline,
        side.initiative,
        approach,
        tuple(melee.Situation(s) for s in side.situations),
    )


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


def _fighters(situation: MeleeSituation) -> tuple[melee.Fighter, melee.Fighter]:
    if situation.attacker.name == situation.defender.name:
        raise AssistantError(_("Each fighter of a melee needs its own name (004 Tests de début de corps à corps)."))
    approach = _approach(situation)
    return _fighter(situation.attacker, approach), _fighter(situation.defender, melee.Approach.ENGAGED)


def plan_melee(situation: MeleeSituation) -> MeleePlan:
    """Each side's attack, defence, initiative and dice in this situation (004 *Le corps à corps*)."""

    def plan() -> MeleePlan:
        attacker, defender = _fighters(situation)
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
        opening = melee.open_melee(dice, _fighters(situation))
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
        if situation.into_melee:
            shot = shooting.shoot_into_melee(
                dice,
                situation.shooting,
                situation.range_band,
                situation.target,
                situation.target_monster,
                situation.in_contact,
                situation.modifiers,
            )
            attempt, grade, hit = shot.attempt, shot.grade, shot.hit
        else:
            attempt = shooting.shoot(dice, situation.shooting, situation.range_band, situation.modifiers)
            grade = attempt.grade(SHOT_GRADES)
            hit = situation.target if grade.succeeded else None
        _check_typed(dice, typed)
        return ShotResolution(plan, attempt, grade, hit, dice.log)

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
        face = dice.roll(TEST_DIE, reason("wound_location", "004 Tableau des blessures"))
        _check_typed(dice, typed)
        location = wounds.location_of(face)
        return WoundResolution(location, wounds.wound(situation.damage, location, situation.double), dice.log)

    return _refused(resolve)


def work_out_shot(
    situation: ShotSituation, typed: Sequence[int] | None = None, *, roll: bool
) -> tuple[ShotPlan, ShotResolution | None]:
    return _work_out(plan_shot, resolve_shot, situation, typed, roll)
