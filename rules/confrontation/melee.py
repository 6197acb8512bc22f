"""Melee (004 *Le corps à corps*): the tests that open a melee, the extra dice, charges and the other bonuses.

Bonuses are :class:`Bonus` values, added with ``+``; the characteristics they change (attack, initiative,
defence) and the dice they add to come from the Confrontation profiles, so they are arguments::

    >>> APPROACHES[Approach.FLANK_CHARGE] + SITUATIONS[Situation.ELEVATED]
    Bonus(attack=5, initiative=10, defence=0, attack_dice=0, location_dice=0, riposte=True, defence_dice=True)
    >>> extra_dice(TroopType.TROOP, models=2)
    1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.confrontation.checks import NATURAL_FAILURE, TEST_DIE, check_face, choice, citing
from rules.contract import IllegalAction
from rules.dice import Dice, reason
from rules.validation import check_choice, check_range

__all__ = [
    "APPROACHES",
    "DEFENCE_AGAINST_MONSTER",
    "EXTRA_DICE",
    "FAILED_FEAR",
    "POSITIONS",
    "SITUATIONS",
    "Approach",
    "Bonus",
    "Fighter",
    "MeleeOpening",
    "OpeningRoll",
    "Position",
    "Situation",
    "TroopType",
    "can_charge",
    "can_engage",
    "charge_approach",
    "defence_bonus",
    "extra_dice",
    "extra_dice_on_one_target",
    "open_melee",
    "opening_roll",
]


class TroopType(StrEnum):
    """The kinds of fighter the extra dice table tells apart (004 *Nombre de dés au corps à corps*)."""

    MONSTER = "monster"  # monstre
    CHARACTER = "character"  # personnage non magicien
    MAGICIAN = "magician"  # personnage magicien & guerrier-mage
    CAVALRY = "cavalry"  # troupe de cavalerie
    TROOP = "troop"  # troupe (d'une, deux, trois figurines ou plus)
    COMMAND = "command"  # porte-étendard et musiciens


EXTRA_DICE: Mapping[TroopType, int] = MappingProxyType(
    {
        TroopType.MONSTER: 2,
        TroopType.CHARACTER: 2,
        TroopType.MAGICIAN: 1,
        TroopType.CAVALRY: 2,
        TroopType.COMMAND: 0,
    }
)
"""004 *Nombre de dés au corps à corps*; a troop on foot depends on its size (:data:`SMALL_TROOP_DICE`)."""
SMALL_TROOP_MODELS = 2
SMALL_TROOP_DICE = 1
"""A troop of one or two models has one extra die for the group; three or more have none."""


def extra_dice(troop_type: str, models: int = 1) -> int:
    """The extra melee dice of a fighter or troop (004 *Nombre de dés au corps à corps*).

    ``models`` is the troop's size, read only for a troop on foot.
    """
    with citing("004 Nombre de dés au corps à corps"):
        kind = choice(TroopType, "troop_type", troop_type)
        check_range("models", models, 1)
    if kind is TroopType.TROOP:
        return SMALL_TROOP_DICE if models <= SMALL_TROOP_MODELS else 0
    return EXTRA_DICE[kind]


def extra_dice_on_one_target(bonuses: Mapping[str, int], chosen: str) -> dict[str, int]:
    """Extra dice when several fighters with a bonus strike the same target: only ``chosen`` keeps its own.

    004 *Nombre de dés au corps à corps*: the player decides which one benefits, before any splitting of dice.
    ``bonuses`` maps each striker to its :func:`extra_dice`.
    """
    with citing("004 Nombre de dés au corps à corps"):
        check_choice("chosen", chosen, bonuses)
    return {name: dice if name == chosen else 0 for name, dice in bonuses.items()}


@dataclass(frozen=True)
class Bonus:
    """What a situation adds to a fighter: characteristics, dice, and whether the enemy may riposte or defend."""

    attack: int = 0
    initiative: int = 0
    defence: int = 0
    attack_dice: int = 0
    location_dice: int = 0
    """Extra dice rolled for the wound's location (*dé pour la localisation*)."""
    riposte: bool = True
    """Whether the enemy may strike back (*riposte*)."""
    defence_dice: bool = True
    """Whether the enemy may roll defence dice."""

    def __add__(self, other: Bonus) -> Bonus:
        return Bonus(
            self.attack + other.attack,
            self.initiative + other.initiative,
            self.defence + other.defence,
            self.attack_dice + other.attack_dice,
            self.location_dice + other.location_dice,
            self.riposte and other.riposte,
            self.defence_dice and other.defence_dice,
        )


NO_BONUS = Bonus()


class Approach(StrEnum):
    """How a fighter came into the melee this turn."""

    FRONT_CHARGE = "front_charge"  # charge de face
    FLANK_CHARGE = "flank_charge"  # charge de flanc
    REAR_CHARGE = "rear_charge"  # charge dans le dos
    WITHOUT_CHARGE = "without_charge"  # aller au corps à corps sans charger
    PURSUIT = "pursuit"  # mouvement de poursuite, vers un ennemi seul ou un corps à corps pas encore joué
    PURSUIT_LATE = "pursuit_late"  # mouvement de poursuite, vers un corps à corps déjà joué ce tour
    ENGAGED = "engaged"  # déjà au corps à corps


APPROACHES: Mapping[Approach, Bonus] = MappingProxyType(
    {
        Approach.FRONT_CHARGE: Bonus(attack=2, initiative=6),  # 004 Charge de face
        Approach.FLANK_CHARGE: Bonus(attack=3, initiative=10),  # 004 Charge de flanc
        Approach.REAR_CHARGE: Bonus(attack=5, location_dice=1, riposte=False),  # 004 Charge dans le dos
        Approach.WITHOUT_CHARGE: Bonus(attack=1, initiative=3),  # 004 Aller au corps à corps sans charger
        Approach.PURSUIT: Bonus(attack=1, initiative=3),  # 004 Mouvement de poursuite
        Approach.PURSUIT_LATE: NO_BONUS,  # 004 Mouvement de poursuite: engaged from next turn only
        Approach.ENGAGED: NO_BONUS,
    }
)
CHARGES = frozenset({Approach.FRONT_CHARGE, Approach.FLANK_CHARGE, Approach.REAR_CHARGE})


class Situation(StrEnum):
    """Melee situations with a bonus or malus of their own, added to the approach's."""

    STRIKING_THE_BACK = "striking_the_back"  # frapper dans le dos
    STRIKING_BEHIND = "striking_behind"  # frapper un ennemi derrière soi
    STRIKING_A_FUGITIVE = "striking_a_fugitive"  # frapper un fuyard
    ELEVATED = "elevated"  # position surélevée
    FAILED_FEAR = "failed_fear"  # échec d'un test de peur pour charger, engagé au corps à corps
    RECEIVED_CHARGE_WITH_SHOTS = "received_charge_with_shots"  # après une réception de charge


SITUATIONS: Mapping[Situation, Bonus] = MappingProxyType(
    {
        Situation.STRIKING_THE_BACK: Bonus(attack=2, initiative=4),  # 004 Frapper dans le dos
        Situation.STRIKING_BEHIND: Bonus(attack=-2),  # 004 Frapper dans le dos
        # 004 Frapper un fuyard: no riposte nor defence.
        Situation.STRIKING_A_FUGITIVE: Bonus(
            attack=5, attack_dice=2, location_dice=1, riposte=False, defence_dice=False
        ),
        Situation.ELEVATED: Bonus(attack=2),  # 004 Position surélevée et corps-à-corps
        Situation.FAILED_FEAR: Bonus(attack=-2, initiative=-2, defence=-2),  # 004 Echec d'un test de peur
        # 004 Réception de charge: the initiative is lost as well (OpeningRoll.lost).
        Situation.RECEIVED_CHARGE_WITH_SHOTS: Bonus(attack=-2, defence=-2),
    }
)
FAILED_FEAR = SITUATIONS[Situation.FAILED_FEAR]
LOSES_INITIATIVE = frozenset({Situation.RECEIVED_CHARGE_WITH_SHOTS})
"""004 Réception de charge: *perte d'initiative automatique*."""


class ArrivalSide(StrEnum):
    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def charge_approach(seen_by_target: bool, arrives_from: str) -> Approach:
    """Which charge it is (004 *Charge dans le dos*, *Charge de flanc*, NB).

    A charge from the flank or the rear counts as such only when the target did not see the charger before any
    movement; a charge the target saw is a charge from the front.
    """
    with citing("004 Charge de flanc, Charge dans le dos"):
        side = choice(ArrivalSide, "arrives_from", arrives_from)
    if seen_by_target or side is ArrivalSide.FRONT:
        return Approach.FRONT_CHARGE
    return Approach.FLANK_CHARGE if side is ArrivalSide.FLANK else Approach.REAR_CHARGE


def can_charge(sees_target: bool, straight_lane: bool, failed_fear_last_turn: bool = False) -> list[str]:
    """Why a charge is refused; empty when it may go ahead (004 *Pouvoir charger*, *Echec d'un test de peur*).

    ``straight_lane``: a passage wide enough for the charger, in a straight line to the target.
    ``failed_fear_last_turn``: the charger failed its fear test to charge this enemy last turn.
    """
    problems = []
    if not sees_target:
        problems.append("the charger must see its target (004 Pouvoir charger)")
    if not straight_lane:
        problems.append("a charge needs a passage wide enough in a straight line to the target (004 Pouvoir charger)")
    if failed_fear_last_turn:
        problems.append(
            "after a failed fear test a model cannot charge or engage that enemy the next turn "
            "(004 Echec d'un test de peur pour charger)"
        )
    return problems


def can_engage(
    reaches_with_normal_move: bool,
    from_behind: bool = False,
    seen_during_move: bool = False,
    target_in_melee: bool = False,
    failed_fear_last_turn: bool = False,
) -> list[str]:
    """Why engaging without a charge is refused; empty when allowed (004 *Aller au corps à corps sans charger*)."""
    problems = []
    if not reaches_with_normal_move:
        problems.append("engaging without a charge needs the normal move, without running (004 Aller au corps à corps)")
    if from_behind and seen_during_move and not target_in_melee:
        problems.append(
            "an enemy that saw the model during its move can be engaged from behind only if it is already in a "
            "melee (004 Aller au corps à corps sans charger)"
        )
    if failed_fear_last_turn:
        problems.append(
            "after a failed fear test a model cannot charge or engage that enemy the next turn "
            "(004 Echec d'un test de peur pour charger)"
        )
    return problems


class Position(StrEnum):
    """Protections that give a bonus in defence (004 *Défendre une position*)."""

    THICK_HEDGE = "thick_hedge"  # haie épaisse
    LOW_WALL = "low_wall"  # muret
    PALISADE = "palisade"  # palissade de fortification
    CRENELLATIONS = "crenellations"  # créneaux


POSITIONS: Mapping[Position, int] = MappingProxyType(
    {Position.THICK_HEDGE: 1, Position.LOW_WALL: 2, Position.PALISADE: 3, Position.CRENELLATIONS: 4}
)
"""004 Défendre une position: the defence bonus by protection."""
DEFENCE_AGAINST_MONSTER = -1
"""004 Défendre une position: against a monster the protection's bonus is 1 less."""


def defence_bonus(position: str | None, attacker_is_monster: bool = False) -> int:
    """The defence bonus of troops behind ``position`` (``None``: in the open) (004 *Défendre une position*)."""
    if position is None:
        return 0
    with citing("004 Défendre une position"):
        bonus = POSITIONS[choice(Position, "position", position)]
    return bonus + DEFENCE_AGAINST_MONSTER if attacker_is_monster else bonus


@dataclass(frozen=True)
class Fighter:
    """A unit or individual model entering a melee, with the values its profile gives."""

    name: str
    discipline: int
    initiative: int
    approach: Approach = Approach.ENGAGED
    situations: tuple[Situation, ...] = ()

    @property
    def bonus(self) -> Bonus:
        total = APPROACHES[self.approach]
        for situation in self.situations:
            total += SITUATIONS[situation]
        return total


@dataclass(frozen=True)
class OpeningRoll:
    """A fighter's two opening tests (004 *Tests de début de corps à corps*)."""

    name: str
    discipline_face: int
    discipline: int
    """The discipline score: d6 + discipline."""
    initiative_face: int
    initiative: int
    """The initiative score: d6 + initiative + bonuses; on a critical failure in a charge, the charge's bonus is halved
    and the die ignored."""
    lost: bool
    """The initiative is lost: a critical failure outside a charge, or a charge received with shots."""


def opening_roll(fighter: Fighter, discipline_face: int, initiative_face: int) -> OpeningRoll:
    """The scores of a fighter's opening tests, from the faces of its two d6 (004 *Tests de début de corps à corps*).

    004 *Echec 'critique' d'initiative*: on a 1, a charger ignores the die and adds half its initiative bonus to
    its initiative; any other fighter loses the initiative.
    """
    with citing("004 Tests de début de corps à corps"):
        check_face("discipline_face", discipline_face)
        check_face("initiative_face", initiative_face)
    charge_bonus = APPROACHES[fighter.approach].initiative
    other_bonus = fighter.bonus.initiative - charge_bonus
    lost = any(s in LOSES_INITIATIVE for s in fighter.situations)
    if initiative_face == NATURAL_FAILURE and fighter.approach in CHARGES:
        initiative = fighter.initiative + charge_bonus // 2 + other_bonus
    else:
        initiative = initiative_face + fighter.initiative + charge_bonus + other_bonus
        lost = lost or initiative_face == NATURAL_FAILURE
    return OpeningRoll(
        fighter.name, discipline_face, discipline_face + fighter.discipline, initiative_face, initiative, lost
    )


@dataclass(frozen=True)
class MeleeOpening:
    """The opening tests of a melee and the orders they give. Equal scores share a place: a tuple of names."""

    rolls: tuple[OpeningRoll, ...]
    announcing: tuple[tuple[str, ...], ...]
    """Who announces whom they strike and how they share their dice: lowest discipline scores first."""
    striking: tuple[tuple[str, ...], ...]
    """Who strikes first: highest initiative scores first; those who lost the initiative last, ordered among
    themselves by their discipline scores (004 *Echec 'critique' d'initiative*)."""


def _ranked(rolls: Sequence[OpeningRoll], key: Mapping[str, tuple[int, ...]]) -> tuple[tuple[str, ...], ...]:
    places: dict[tuple[int, ...], list[str]] = {}
    for roll in rolls:
        places.setdefault(key[roll.name], []).append(roll.name)
    return tuple(tuple(places[k]) for k in sorted(places))


def open_melee(dice: Dice, fighters: Sequence[Fighter]) -> MeleeOpening:
    """Roll each fighter's discipline then initiative test and order them (004 *Tests de début de corps à corps*).

    004 *Evidences*: every unit rolls its own initiative.
    """
    names = [f.name for f in fighters]
    if len(set(names)) != len(names):
        raise IllegalAction("fighters_named_apart", "004 Tests de début de corps à corps")
    # each die's reason names its fighter by its place among ``fighters``: a name may hold spaces
    rolls = tuple(
        opening_roll(
            fighter,
            dice.roll(TEST_DIE, reason("opening_discipline", "004 Tests de début de corps à corps", model=place)),
            dice.roll(TEST_DIE, reason("opening_initiative", "004 Tests de début de corps à corps", model=place)),
        )
        for place, fighter in enumerate(fighters)
    )
    announcing = _ranked(rolls, {r.name: (r.discipline,) for r in rolls})
    striking = _ranked(rolls, {r.name: (r.lost, -(r.discipline if r.lost else r.initiative)) for r in rolls})
    return MeleeOpening(rolls, announcing, striking)
