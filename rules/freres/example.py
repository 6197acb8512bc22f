"""A small skirmish to try the engine on: three models a side, swords, a bow, a rider and a hedge-wizard.

>>> state = example_skirmish()
>>> [m.id for m in state.models]
['a1', 'a2', 'a3', 'b1', 'b2', 'b3']
"""

from __future__ import annotations

from rules.freres.movement import Item, Kind
from rules.freres.state import Missile, Model, Profile, Side, Skirmish, Spell, new_skirmish

__all__ = ["ARCHER", "KNIGHT", "RIDER", "SOLDIER", "WIZARD", "example_models", "example_skirmish"]

SOLDIER = Profile(
    "soldier",
    C=5,
    T=4,
    D=5,
    A=5,
    M=5,
    PA=6,
    items=(Item.OTHER_ARMOUR, Item.ONE_HANDED, Item.SHIELD),
    armour=1,
    shield=1,
    weapon_damage=1,
)
KNIGHT = Profile(
    "knight",
    C=7,
    T=3,
    D=6,
    A=5,
    M=7,
    PA=7,
    items=(Item.METAL_ARMOUR, Item.ONE_HANDED, Item.SHIELD),
    armour=3,
    shield=1,
    weapon_damage=2,
)
ARCHER = Profile(
    "archer",
    C=4,
    T=6,
    D=4,
    A=6,
    M=5,
    PA=6,
    items=(Item.TWO_HANDED, Item.AMMUNITION),
    armour=0,
    weapon_damage=0,
    missile=Missile(hit_bonus=0, damage=2, reload=2),
)
RIDER = Profile(
    "rider",
    C=6,
    T=4,
    D=5,
    A=6,
    M=6,
    PA=8,
    kind=Kind.MOUNTED,
    items=(Item.OTHER_ARMOUR, Item.ONE_HANDED),
    armour=1,
    weapon_damage=1,
    mount_defence=5,
)
WIZARD = Profile("hedge-wizard", C=3, T=3, D=4, A=5, M=6, PA=6, armed=False, spell=Spell("fire bolt", level=5, cost=4))


def example_models() -> tuple[Model, ...]:
    return (
        Model("a1", Side.A, KNIGHT),
        Model("a2", Side.A, ARCHER),
        Model("a3", Side.A, WIZARD),
        Model("b1", Side.B, SOLDIER),
        Model("b2", Side.B, SOLDIER),
        Model("b3", Side.B, RIDER),
    )


def example_skirmish(cards: bool = False) -> Skirmish:
    return new_skirmish(example_models(), cards=cards)
