"""Model profiles for the siege: characteristics, troop type, weapon and special rules, and the occupancy ratios.

>>> ogre = Profile("Ogre", ws=3, s=4, t=4, w=3, i=2, a=3, ld=7, unit_strength=3, creature=Creature.OGRE)
>>> ogre.ratio, ogre.connection_ratio
(2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from rules.siege.board.values import derived, scratch

__all__ = [
    "CONNECTION_RATIO",
    "OCCUPANCY_RATIO",
    "Creature",
    "Missile",
    "Profile",
    "Special",
    "TroopType",
    "Weapon",
]


class TroopType(StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    MONSTER = "monster"
    WAR_MACHINE = "war_machine"


class Creature(StrEnum):
    """Large creatures (*grandes créatures*, §12.1) with their own occupancy ratio."""

    OGRE = "ogre"
    MINOTAUR = "minotaur"
    TROLL = "troll"
    DRAGON_OGRE = "dragon_ogre"
    TREEMAN = "treeman"
    GIANT = "giant"


OCCUPANCY_RATIO: Mapping[Creature, int] = MappingProxyType(
    {
        # §12.1.1, R15
        Creature.OGRE: 2,
        Creature.MINOTAUR: 2,
        Creature.TROLL: 2,
        Creature.DRAGON_OGRE: 3,
        Creature.TREEMAN: 4,
        Creature.GIANT: 6,
    }
)
CONNECTION_RATIO: Mapping[Creature, int] = MappingProxyType({**OCCUPANCY_RATIO, Creature.TREEMAN: 8})  # §12.1.1, R15
CAVALRY_RATIO = 2  # §3.2.3, R15
FLYING_MONSTER_RATIO = 3  # §12.3.3, R15
NO_LADDER = frozenset({Creature.GIANT, Creature.TREEMAN})  # §12.1.1


class Special(StrEnum):
    FLYER = "flyer"
    """*volant* (§12.3)."""
    CENTAUROID = "centauroid"
    """half man, half beast (§12.2)."""
    ETHEREAL = "ethereal"
    """*éthéré* (§12.4)."""
    FEAR = "fear"
    TERROR = "terror"
    FRENZY = "frenzy"
    HATRED = "hatred"
    STUBBORN = "stubborn"
    """*tenace* (§4.3)."""
    UNBREAKABLE = "unbreakable"
    """*indémoralisable* (§4.3)."""
    CHARACTER = "character"
    STANDARD = "standard"
    BATTLE_STANDARD = "battle_standard"
    MUSICIAN = "musician"
    GENERAL = "general"
    SAPPER = "sapper"
    """an Imperial engineer, a Dwarf sapper or a Chaos Dwarf artillerist: the mine re-roll (§10.4)."""


class Weapon(StrEnum):
    HAND_WEAPON = "hand_weapon"
    HALBERD = "halberd"
    SPEAR = "spear"
    LANCE = "lance"
    """a cavalry lance, unusable in a fort (§3.2.3)."""
    GREAT_WEAPON = "great_weapon"
    ADDITIONAL_HAND_WEAPON = "additional_hand_weapon"


@dataclass(frozen=True)
class Missile:
    """A missile weapon, used in the siege engine for counter-charge shots (§3.1.2)."""

    name: str
    strength: int
    shots: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "strength": self.strength, "shots": self.shots}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Missile:
        return cls(str(data["name"]), int(data["strength"]), int(data.get("shots", 1)))


@dataclass(frozen=True)
class Profile:
    """A model's profile (M WS BS S T W I A Ld), armour save, unit strength, points and siege-relevant rules.

    ``save`` is the armour save needed on a D6 before strength modifiers (``None``: no save); ``shield`` tells
    whether that save includes a shield's +1, which some siege rules take away.
    """

    name: str
    m: int = 4
    ws: int = 3
    bs: int = 3
    s: int = 3
    t: int = 3
    w: int = 1
    i: int = 3
    a: int = 1
    ld: int = 7
    save: int | None = None
    shield: bool = False
    unit_strength: int = 1
    points: int = 0
    troop_type: TroopType = TroopType.INFANTRY
    weapon: Weapon = Weapon.HAND_WEAPON
    missile: Missile | None = None
    creature: Creature | None = None
    rules: frozenset[Special] = field(default_factory=frozenset)

    def has(self, rule: Special) -> bool:
        return rule in self.rules

    # what follows is worked out from the fields once, on first use, and kept with the profile (values.derived)

    @scratch
    def memo(self) -> dict[object, Any]:
        """What other modules work out from this profile and keep with it (what it does in close combat against
        another profile), by their own keys: filled on demand, never part of the value, empty again in a copy."""
        return {}

    @derived
    def is_cavalry(self) -> bool:
        return self.troop_type is TroopType.CAVALRY

    @derived
    def is_large(self) -> bool:
        """A large creature or a monster: the target attracts shots and counts a ratio above 1 (§12.1)."""
        return self.creature is not None or self.troop_type is TroopType.MONSTER

    @derived
    def ratio(self) -> int:
        """How many models this one counts as for occupancy and close-combat engagements (§3.2.3, §12.1.1)."""
        if self.creature is not None:
            return OCCUPANCY_RATIO[self.creature]
        if self.troop_type is TroopType.MONSTER and self.has(Special.FLYER):
            return FLYING_MONSTER_RATIO
        if self.is_cavalry:
            return CAVALRY_RATIO
        return 1

    @derived
    def connection_ratio(self) -> int:
        """How many models this one counts as through a connection: the ratio, 8 for a treeman (§12.1.1)."""
        return CONNECTION_RATIO[self.creature] if self.creature is not None else self.ratio

    @derived
    def may_climb_ladders(self) -> bool:
        """Giants, treemen (§12.1.1), centauroids (§12.2) and cavalry (§3.2.3) never go on a ladder, nor a war machine,
        which shoots from where it stands (§5.6, §5.7)."""
        return not (
            self.creature in NO_LADDER
            or self.has(Special.CENTAUROID)
            or self.is_cavalry
            or self.troop_type is TroopType.WAR_MACHINE
        )

    @derived
    def may_board_siege_towers(self) -> bool:
        """Centauroids (§12.2) and cavalry (§3.2.3) never go in a siege tower, nor a war machine (§5.6, §5.7)."""
        return not (self.has(Special.CENTAUROID) or self.is_cavalry or self.troop_type is TroopType.WAR_MACHINE)

    @derived
    def bears_standard(self) -> bool:
        """A standard or the battle standard: one on a section counts for its side's combat result (§3.2.4)."""
        return self.has(Special.STANDARD) or self.has(Special.BATTLE_STANDARD)

    @derived
    def causes_fear(self) -> bool:
        return self.has(Special.FEAR) or self.has(Special.TERROR)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "m": self.m,
            "ws": self.ws,
            "bs": self.bs,
            "s": self.s,
            "t": self.t,
            "w": self.w,
            "i": self.i,
            "a": self.a,
            "ld": self.ld,
            "save": self.save,
            "shield": self.shield,
            "unit_strength": self.unit_strength,
            "points": self.points,
            "troop_type": self.troop_type.value,
            "weapon": self.weapon.value,
            "missile": None if self.missile is None else self.missile.to_json(),
            "creature": None if self.creature is None else self.creature.value,
            "rules": sorted(rule.value for rule in self.rules),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Profile:
        save = data.get("save")
        missile = data.get("missile")
        creature = data.get("creature")
        return cls(
            name=str(data["name"]),
            m=int(data["m"]),
            ws=int(data["ws"]),
            bs=int(data["bs"]),
            s=int(data["s"]),
            t=int(data["t"]),
            w=int(data["w"]),
            i=int(data["i"]),
            a=int(data["a"]),
            ld=int(data["ld"]),
            save=None if save is None else int(save),
            shield=bool(data.get("shield", False)),
            unit_strength=int(data.get("unit_strength", 1)),
            points=int(data.get("points", 0)),
            troop_type=TroopType(data.get("troop_type", TroopType.INFANTRY.value)),
            weapon=Weapon(data.get("weapon", Weapon.HAND_WEAPON.value)),
            missile=None if missile is None else Missile.from_json(missile),
            creature=None if creature is None else Creature(creature),
            rules=frozenset(Special(rule) for rule in data.get("rules", ())),
        )
