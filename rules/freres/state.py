"""A skirmish's state (*l'état de la partie*): the models with their profiles and what has befallen them, the
contacts between enemies, the turn, who plays and what is pending. Every value is immutable; an action returns a new
state (:mod:`rules.freres.game`).

The turn (II §1): each turn opens with the initiative roll; then the sides activate one model each in turn, the
coin beside each model telling whether it has played (*pile*: not yet; *face*: activated without spending PA, it
may still make one defensive action; no coin: it has played).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from rules.contract import Event, IllegalAction
from rules.dice import Roll
from rules.freres.arms import agility_malus, check_hands, check_supply, missiles_left
from rules.freres.cards import NO_VARIANTS, CardVariants
from rules.freres.checks import check_characteristic, citing
from rules.freres.damage import WOUND_DIE_MALUS, WOUND_PA_LOST, Health
from rules.freres.movement import ENCUMBRANCE_AGILITY_MALUS, Item, Kind, encumbered, weight
from rules.freres.spells import check_level
from rules.freres.variants import check_die_variant
from rules.validation import BadValue, check_range

__all__ = [
    "Coin",
    "Event",
    "IllegalAction",
    "Missile",
    "Model",
    "Outcome",
    "Phase",
    "Posture",
    "Profile",
    "Side",
    "Skirmish",
    "Spell",
    "new_skirmish",
]


class Side(StrEnum):
    """The two bands (*troupes*) of a skirmish."""

    A = "a"
    B = "b"

    @property
    def enemy(self) -> Side:
        return Side.B if self is Side.A else Side.A


class Phase(StrEnum):
    INITIATIVE = "initiative"  # §1.1: the turn opens with the initiative roll
    ACTIVATION = "activation"  # §1.2: the sides activate their models in turn
    OVER = "over"


class Coin(StrEnum):
    """The coin beside a model (II §1, §2.6.2)."""

    TAILS = "tails"  # pile: not activated this turn
    HEADS = "heads"  # face: activated without spending PA, waiting; one defensive action left
    TAKEN = "taken"  # no coin: it has played this turn


class Posture(StrEnum):
    STANDING = "standing"
    DOWN = "down"  # au sol, sur le dos: fallen or lying, not stunned
    STUNNED = "stunned"  # sonnée, sur le ventre (§7)


@dataclass(frozen=True)
class Missile:
    """A missile weapon (§5): its bonus to hit, the damage of its projectile, its reload cost in PA (§5.2)."""

    hit_bonus: int = 0
    damage: int = 0
    reload: int = 2
    supply: int = 0
    """the missiles it carries, 10 a bag (§3.2); 0: not counted."""
    thrown: bool = False
    """a thrown weapon (a dagger, a javelin): once thrown it may be recovered (§5.2 Récupérer trait planté)."""
    magazine: int = 0
    """the shots of its magazine or cylinder (§5.2 Changer de chargeur); 0: none, reloaded after each shot."""

    def __post_init__(self) -> None:
        check_supply("supply", self.supply)
        with citing("003 II §5.2"):
            check_range("magazine", self.magazine, 0, 20)


@dataclass(frozen=True)
class Spell:
    """The one spell a caster has memorised (§6.1.1): its level (1–9), its cost in PA, whether it is offensive."""

    name: str
    level: int
    cost: int
    offensive: bool = True


@dataclass(frozen=True)
class Profile:
    """A model's characteristics (II §2) and equipment.

    ``armour`` is what its armour adds to a JD; ``shield`` what its shield adds in close combat and takes off a
    shot at it (§5.1.2 "La cible a un bouclier"); ``weapon_damage`` its close-combat weapon's damage (DegC);
    ``armed`` whether it holds weapons other than a dagger or a staff (§6.1.1).
    """

    name: str
    C: int
    T: int
    D: int
    A: int
    M: int
    PA: int
    kind: Kind = Kind.FOOT
    items: tuple[Item, ...] = ()
    armour: int = 0
    shield: int = 0
    weapon_damage: int = 0
    armed: bool = True
    missile: Missile | None = None
    spell: Spell | None = None
    mount_defence: int = 0
    hands: str = "single"
    """what it holds (§4.5 Deux armes): one of :data:`rules.freres.arms.HANDS`."""
    ambidextrous: bool = False
    """§4.5, optional rule *ambidextre*: no malus with the weapon of its less agile hand."""

    def __post_init__(self) -> None:
        check_hands(self.hands)
        for name in ("C", "T", "D", "A", "M"):
            check_characteristic(name, getattr(self, name))
        with citing("003 II §2.6.1"):
            check_range("PA", self.PA, 1, 20)
        for name in ("armour", "shield", "weapon_damage", "mount_defence"):
            with citing("003 II §2"):
                check_range(name, getattr(self, name), 0, 10)
        weight(self.items)
        if self.spell is not None:
            check_level(self.spell.level)
            with citing("003 II §6.2"):
                check_range("spell cost", self.spell.cost, 0, 20)

    @property
    def load(self) -> int:
        return weight(self.items)

    @property
    def encumbered(self) -> bool:
        return encumbered(self.load)  # §3.2

    @property
    def armoured(self) -> bool:
        return Item.METAL_ARMOUR in self.items or Item.OTHER_ARMOUR in self.items

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["kind"] = self.kind.value
        data["items"] = [i.value for i in self.items]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Profile:
        values = dict(data)
        values["kind"] = Kind(values.get("kind", Kind.FOOT.value))
        values["items"] = tuple(Item(i) for i in values.get("items", ()))
        if values.get("missile") is not None:
            values["missile"] = Missile(**values["missile"])
        if values.get("spell") is not None:
            values["spell"] = Spell(**values["spell"])
        return cls(**values)


@dataclass(frozen=True)
class Model:
    """One model (*figurine*) of a band and what has befallen it."""

    id: str
    side: Side
    profile: Profile
    health: Health = Health.UNHURT
    posture: Posture = Posture.STANDING
    coin: Coin = Coin.TAILS
    out: str | None = None
    """why it left the battle: ``"killed"``, ``"out_of_action"`` (HdC, PA 0), ``"surrendered"``; None: in play."""
    mounted: bool = False
    mount_usable: bool = True
    hidden: bool = False
    in_cover: bool = False
    routed: bool = False
    no_advance: bool = False
    morale_malus: int = 0
    """-1 to its JM for each *Méfiante* and each critical JM (M-1 for the battle), §8.1."""
    stored_pa: int = 0
    """PA kept from earlier turns for an action too dear (§2.6.3)."""
    moved_cm: int = 0
    moved: bool = False
    """moved or turned this turn (§5.1.2, §6.1.2)."""
    frenzied: bool = False
    rallied: bool = False
    fled: bool = False
    weapon_dropped: bool = False
    weapon_useless: bool = False
    combativity_malus: int = 0
    damage_malus: int = 0
    critical_table_malus: int = 0
    cannot_sheathe: bool = False
    loaded: bool = True
    jammed: bool = False
    missile_useless: bool = False
    missile_malus: int = 0
    memorised: bool = True
    spell_malus: int = 0
    sheathed: bool = False
    """its weapon and its shield put away (§9 Dégainer, ranger): nothing in hand."""
    carrying: str | None = None
    """the friend out of the fight it carries on its shoulder (§9 Porter/déposer un ami hors de combat)."""
    beheaded: bool = False
    """a dead model whose head was cut off (§9 Couper une tête)."""
    bears_standard: bool = False
    """it carries its band's standard (§8.1)."""
    near_standard: bool = False
    """within 30 cm of its band's standard, as the players last declared (§8.1)."""
    missiles_spent: int = 0
    """missiles shot, dropped or lost out of its supply (§5.1.3)."""
    missiles_lying: int = 0
    """its thrown missiles lying on the field, to recover (§5.2 Récupérer trait planté)."""
    magazine_used: int = 0
    """the shots fired from its magazine since it was changed (§5.2)."""

    @property
    def in_play(self) -> bool:
        return self.out is None

    @property
    def pa(self) -> int:
        """Its PA a turn: the profile's less its wounds' (§7), never below 0."""
        return max(0, self.profile.PA - WOUND_PA_LOST[self.health])

    @property
    def die_malus(self) -> int:
        """What its wounds take off each of its dice (§7 Le malus au dé)."""
        return WOUND_DIE_MALUS[self.health]

    @property
    def agility(self) -> int:
        """Its A for a JA, less 2 when encumbered (§2.4, §3.2), less 1 with a weapon in each hand (§4.3)."""
        two_weapons = agility_malus(self.profile.hands, self.profile.shield) if self.has_weapon else 0
        return self.profile.A - (ENCUMBRANCE_AGILITY_MALUS if self.encumbered else 0) - two_weapons

    @property
    def encumbered(self) -> bool:
        """Its load makes it encumbered (§3.2), or it carries a friend: « Elle est alors automatiquement
        surchargée » (§9)."""
        return self.profile.encumbered or self.carrying is not None

    @property
    def missiles_left(self) -> int | None:
        """The missiles it still carries; None when its supply is not counted (§3.2, §5.1.3)."""
        missile = self.profile.missile
        return None if missile is None else missiles_left(missile.supply, self.missiles_spent)

    @property
    def kind(self) -> Kind:
        return Kind.MOUNTED if self.mounted else Kind.FOOT

    @property
    def on_ground(self) -> bool:
        return self.posture is not Posture.STANDING

    @property
    def has_weapon(self) -> bool:
        return not (self.weapon_dropped or self.weapon_useless or self.sheathed)

    @property
    def shield(self) -> int:
        """What the shield in its hand gives: nothing once put away (§9 Dégainer, ranger)."""
        return 0 if self.sheathed else self.profile.shield

    @property
    def in_hand(self) -> int:
        """How many objects it holds: its weapon unless dropped, its shield (§9 « 1 PA par objet déplacé »)."""
        if self.sheathed:
            return 0
        return (0 if self.weapon_dropped else 1) + (1 if self.profile.shield else 0)


@dataclass(frozen=True)
class Attack:
    """A close combat declared and waiting for the defender's answer (§4.1.1): who strikes whom, the PA put into
    striking hard, whether from behind, at the mount, and with a mounted charge's bonus."""

    attacker: str
    target: str
    hard: int = 0
    from_behind: bool = False
    at_mount: bool = False
    charge_bonus: int = 0
    on_critical: str = "zero"
    off_hand: bool = False

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Skirmish:
    """The whole state of a skirmish."""

    models: tuple[Model, ...]
    contacts: frozenset[tuple[str, str]] = frozenset()
    """pairs of enemies in base contact, each pair sorted."""
    turn: int = 1
    phase: Phase = Phase.INITIATIVE
    initiative: Side | None = None
    to_play: Side = Side.A
    active: str | None = None
    pa_left: int = 0
    spent: int = 0
    hoarding: bool = False
    """the active model opened with PA kept for an action too dear: its first action uses them all (§2.6.3)."""
    stored: bool = False
    """the active model has just stored its PA (§2.6.3): it does not wait on face."""
    restrained: bool = False
    """the active model is shaken: it may neither advance on the enemy nor start a close combat (§8.1)."""
    pending: Attack | None = None
    deck: tuple[int, ...] | None = None
    """the cards left in the draw pile when the club plays with cards (I §4); None: with a d10."""
    winner: Side | None = None
    _index: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    die: str = "d10"
    """the die the club rolls (I §3): the d10, or a d20 or a d30 read as one, with or without the 0."""
    card_variants: CardVariants = NO_VARIANTS
    """the variants of the cards it plays with (I §4): the 10s, the characters as jokers, the lucky joker."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {m.id: i for i, m in enumerate(self.models)})

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def model(self, model_id: str) -> Model:
        index = self._index.get(model_id)
        if index is None:
            raise IllegalAction("no_such_model", "§1", id=model_id)
        return self.models[index]

    def has(self, model_id: str) -> bool:
        return model_id in self._index

    def with_models(self, changed: Iterable[Model]) -> Skirmish:
        new = {m.id: m for m in changed}
        return replace(self, models=tuple(new.get(m.id, m) for m in self.models))

    def enemies_in_contact(self, model_id: str) -> tuple[str, ...]:
        return tuple(sorted(b if a == model_id else a for a, b in self.contacts if model_id in (a, b)))

    def in_play(self, side: Side) -> tuple[Model, ...]:
        return tuple(m for m in self.models if m.side is side and m.in_play)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase.value,
            "initiative": None if self.initiative is None else self.initiative.value,
            "to_play": self.to_play.value,
            "active": self.active,
            "pa_left": self.pa_left,
            "pending": None if self.pending is None else self.pending.to_json(),
            "winner": None if self.winner is None else self.winner.value,
            "contacts": sorted(list(pair) for pair in self.contacts),
            "models": [_model_json(m) for m in self.models],
        }


def _model_json(model: Model) -> dict[str, Any]:
    data: dict[str, Any] = {"id": model.id, "side": model.side.value, "profile": model.profile.to_json()}
    for f in dataclasses.fields(model):
        if f.name in data:
            continue
        value = getattr(model, f.name)
        data[f.name] = value.value if isinstance(value, StrEnum) else int(value) if f.name == "health" else value
    data["pa"] = model.pa
    return data


def pair(a: str, b: str) -> tuple[str, str]:
    first, second = sorted((a, b))
    return first, second


@dataclass(frozen=True)
class Outcome:
    """What an action returns: the new state, what happened, and the dice it rolled."""

    state: Skirmish
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]


def new_skirmish(
    models: Iterable[Model], cards: bool = False, die: str = "d10", card_variants: CardVariants = NO_VARIANTS
) -> Skirmish:
    """A skirmish before the first initiative roll, with every model's coin on *pile* (§1); ``cards``: the club
    draws cards instead of rolling the d10 (I §4), with ``card_variants``; ``die``: the die it rolls (I §3,
    :mod:`rules.freres.variants`)."""
    check_die_variant(die)
    if cards and die != "d10":
        raise BadValue("the cards stand for the die: play with one or the other (003 I §4)", name="die", value=die)
    if card_variants.any and not cards:
        raise BadValue("the card variants are played with the cards (003 I §4)", name="cards", value="no")
    placed = tuple(models)
    ids = [m.id for m in placed]
    if len(set(ids)) != len(ids):
        raise BadValue(
            "every model needs its own id (003 II §1)", name="id", value=next(i for i in ids if ids.count(i) > 1)
        )
    for side in Side:
        if not any(m.side is side for m in placed):
            raise BadValue(f"band {side.value} has no model (003 I §1)", name="band", value=side.value)
    mounted = [replace(m, mounted=m.profile.kind is Kind.MOUNTED) for m in placed]
    return Skirmish(tuple(mounted), deck=card_variants.deck if cards else None, die=die, card_variants=card_variants)
