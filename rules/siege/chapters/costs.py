"""The cost of siege engines (*coût des engins de siège*, §14, R14), bought from each side's engine budget.

>>> ENGINE_COSTS[Side.BESIEGER]["siege_tower"], ENGINE_COSTS[Side.BESIEGED]["brazier_oil"]
(70, 20)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from rules.siege.board.engines import Budget, Ladder, Liquid, Ram, SiegeTower
from rules.siege.board.fort import SectionKind
from rules.siege.board.state import BattleState, IllegalAction, Side
from rules.siege.board.values import replace

__all__ = [
    "BESIEGED_FREE_POINTS",
    "BRAZIER_ITEMS",
    "BRAZIER_LIQUIDS",
    "ENGINE_COSTS",
    "POINTS_PER_TOWER",
    "affordable",
    "buy",
    "buy_in_setup",
    "left_to_place",
    "spent",
    "use_bought",
]

_BRAZIER = 10
ENGINE_COSTS: Mapping[Side, Mapping[str, int]] = MappingProxyType(
    {
        # §14.1, R14
        Side.BESIEGER: MappingProxyType({"ladder": 8, "ram": 30, "covered_ram": 40, "siege_tower": 70, "brazier": 5}),
        # §14.2, R14: a brazier costs 10 (bare, for flaming shots, §9.1.2) and its liquid more
        Side.BESIEGED: MappingProxyType(
            {
                "stones": 3,
                "rock": 6,
                "brazier": _BRAZIER,  # alone, for flaming missiles (§9.1.2)
                "brazier_water": _BRAZIER + 5,
                "brazier_oil": _BRAZIER + 10,
                "brazier_lead": _BRAZIER + 15,
            }
        ),
    }
)
BRAZIER_ITEMS: Mapping[Liquid | None, str] = MappingProxyType(
    {None: "brazier", Liquid.WATER: "brazier_water", Liquid.OIL: "brazier_oil", Liquid.LEAD: "brazier_lead"}
)
"""The §14.2 item a besieged brazier of each liquid is bought as (``None``: a bare brazier)."""
BRAZIER_LIQUIDS: Mapping[str, Liquid | None] = MappingProxyType(
    {item: liquid for liquid, item in BRAZIER_ITEMS.items()}
)
"""What a besieged brazier bought as each §14.2 item holds."""
BESIEGED_FREE_POINTS = 50
"""The besieged's first 50 engine points are free (§14.2, R14)."""
POINTS_PER_TOWER = 1000
"""One siege tower per full 1000 besieger army points (§14.1, R14)."""


def spent(side: Side, budget: Budget) -> int:
    return sum(ENGINE_COSTS[side][item] for item in budget.bought)


def _points(side: Side, budget: Budget) -> int:
    """What ``side`` may spend in all: its engine points, the besieged's first 50 free besides (§14.2, R14)."""
    return budget.points + (BESIEGED_FREE_POINTS if side is Side.BESIEGED else 0)


def affordable(state: BattleState, side: Side) -> tuple[str, ...]:
    """The items ``side`` may buy now, in the order of §14: those the rest of its budget pays for (the besieged's
    first 50 points free, R14), a siege tower while its army's points allow one more (« une tour par tranche de 1000
    pts », §14.1) and while the battle's towers are not belfries (:func:`buy_in_setup`)."""
    budget = state.budget(side)
    if budget is None:
        return ()
    left = _points(side, budget) - spent(side, budget)
    return tuple(
        item
        for item, cost in ENGINE_COSTS[side].items()
        if cost <= left
        and (
            item != "siege_tower"
            or (budget.bought.count(item) < budget.army_points // POINTS_PER_TOWER and not state.belfries)
        )
    )


def left_to_place(state: BattleState, side: Side, item: str) -> int:
    """How many ``item`` ``side`` bought and has not yet put on the table (stone and rock tokens, braziers, §8.1.1,
    §8.2.1, §14)."""
    budget = state.budget(side)
    return 0 if budget is None else budget.bought.count(item) - budget.placed.count(item)


def buy(state: BattleState, side: Side, item: str) -> BattleState:
    """``side`` buys one ``item`` from its engine budget, refused over budget (§14, R14)."""
    costs = ENGINE_COSTS[side]
    if item not in costs:
        raise IllegalAction("not_for_sale", "§14", side=side.value, item=item, items=tuple(costs))
    budget = state.budget(side)
    if budget is None:
        raise IllegalAction("no_engine_budget", "§14", side=side.value)
    points = _points(side, budget)
    already = spent(side, budget)
    if already + costs[item] > points:
        # §14, R14; the besieged's points count its free ones
        raise IllegalAction(
            "over_engine_budget", "§14", side=side.value, points=points, item=item, cost=costs[item], spent=already
        )
    if item == "siege_tower":
        allowed = budget.army_points // POINTS_PER_TOWER
        if budget.bought.count(item) + 1 > allowed:
            # R14
            raise IllegalAction(
                "towers_per_army_points", "§14.1", per=POINTS_PER_TOWER, army_points=budget.army_points, most=allowed
            )
    bought = replace(budget, bought=(*budget.bought, item))
    return replace(state, budgets=(*((s, b) for s, b in state.budgets if s is not side), (side, bought)))


def use_bought(state: BattleState, side: Side, items: Sequence[str], clause: str) -> BattleState:
    """``side`` puts ``items`` it bought before the battle on the table, refused beyond what it bought (§14)."""
    budget = state.budget(side) or Budget(0, 0)
    placed = list(budget.placed)
    for item in dict.fromkeys(items):
        wanted = items.count(item)
        left = budget.bought.count(item) - placed.count(item)
        if wanted > left:
            raise IllegalAction(
                "more_than_bought",
                clause,
                side=side.value,
                item=item,
                bought=budget.bought.count(item),
                placed=placed.count(item),
                wanted=wanted,
            )
        placed.extend([item] * wanted)
    used = replace(budget, placed=tuple(placed))
    return replace(state, budgets=(*((s, b) for s, b in state.budgets if s is not side), (side, used)))


def buy_in_setup(state: BattleState, side: Side, item: str) -> BattleState:
    """``side`` buys ``item`` in the set-up step (:func:`buy`), and the besieger's engine is on the table with it,
    to place with the rest of his engines (§14.1, §16): a ladder lying below the wall of the battle's ladders (the
    middle wall-walk when there are none yet), a ram, a siege tower still to deploy with its crew
    (:func:`rules.siege.chapters.deployment.place_tower`). A belfry is bought with its line to its wall, which only the
    battle's set-up gives (001 §4.1, R16): a battle of belfries buys no tower in the step.
    """
    if item == "siege_tower" and side is Side.BESIEGER and state.belfries:
        raise IllegalAction("belfries_bought_in_setup", "R16")  # 001 §4.1
    state = buy(state, side, item)
    if side is not Side.BESIEGER:
        return state
    if item == "ladder":
        number = _next_number("L", (x.id for x in state.ladders))
        return replace(state, ladders=(*state.ladders, Ladder(f"L{number}", _ladder_wall(state), raised=False)))
    if item in ("ram", "covered_ram"):
        number = _next_number("R", (r.id for r in state.rams))
        return replace(state, rams=(*state.rams, Ram(f"R{number}", covered=item == "covered_ram")))
    if item == "siege_tower":
        number = _next_number("ST", (t.id for t in state.siege_towers))
        return replace(state, siege_towers=(*state.siege_towers, SiegeTower(f"ST{number}", None)))
    return state  # a brazier is given to a unit of shooters (§9.1.1)


def _next_number(prefix: str, ids: Iterable[str]) -> int:
    """The number after the highest of the ``ids`` written ``prefix`` and a number."""
    numbers = [int(i[len(prefix) :]) for i in ids if i.startswith(prefix) and i[len(prefix) :].isdigit()]
    return max(numbers, default=0) + 1


def _ladder_wall(state: BattleState) -> str:
    """The wall a ladder bought in the set-up lies below: that of the battle's ladders, or the middle wall-walk."""
    if state.ladders:
        return state.ladders[0].section
    walls = [s.id for s in state.fort.sections if s.kind is SectionKind.WALL_WALK] or [
        s.id for s in state.fort.sections if s.is_rampart
    ]
    return walls[len(walls) // 2]
