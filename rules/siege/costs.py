"""The cost of siege engines (*coût des engins de siège*, §14, R14), bought from each side's engine budget.

>>> ENGINE_COSTS[Side.BESIEGER]["siege_tower"], ENGINE_COSTS[Side.BESIEGED]["brazier_oil"]
(70, 20)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from rules.siege.engines import Budget, Liquid
from rules.siege.state import BattleState, IllegalAction, Side
from rules.siege.values import replace

__all__ = ["BESIEGED_FREE_POINTS", "BRAZIER_ITEMS", "ENGINE_COSTS", "POINTS_PER_TOWER", "buy", "spent", "use_bought"]

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
BESIEGED_FREE_POINTS = 50
"""The besieged's first 50 engine points are free (§14.2, R14)."""
POINTS_PER_TOWER = 1000
"""One siege tower per full 1000 besieger army points (§14.1, R14)."""


def spent(side: Side, budget: Budget) -> int:
    return sum(ENGINE_COSTS[side][item] for item in budget.bought)


def buy(state: BattleState, side: Side, item: str) -> BattleState:
    """``side`` buys one ``item`` from its engine budget, refused over budget (§14, R14)."""
    costs = ENGINE_COSTS[side]
    if item not in costs:
        raise IllegalAction(f"the {side} cannot buy {item!r}; the list is {', '.join(costs)} (§14)", "§14")
    budget = state.budget(side)
    if budget is None:
        raise IllegalAction(f"the {side} has no engine budget (§14)", "§14")
    points = budget.points + (BESIEGED_FREE_POINTS if side is Side.BESIEGED else 0)
    already = spent(side, budget)
    if already + costs[item] > points:
        free = f" (with the {BESIEGED_FREE_POINTS} free points)" if side is Side.BESIEGED else ""
        raise IllegalAction(
            f"the {side}'s engine budget is {points} points{free}; a {item.replace('_', ' ')} costs {costs[item]} "
            f"and {already} are already spent (§14, R14)",
            "§14",
        )
    if item == "siege_tower":
        allowed = budget.army_points // POINTS_PER_TOWER
        if budget.bought.count(item) + 1 > allowed:
            raise IllegalAction(
                f"one siege tower per full {POINTS_PER_TOWER} army points: {budget.army_points} points allow "
                f"{allowed} (§14.1, R14)",
                "§14.1",
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
                f"the {side} bought {budget.bought.count(item)} {item.replace('_', ' ')} and has "
                f"{placed.count(item)} on the table already: {wanted} more is too many ({clause}, §14)",
                clause,
            )
        placed.extend([item] * wanted)
    used = replace(budget, placed=tuple(placed))
    return replace(state, budgets=(*((s, b) for s, b in state.budgets if s is not side), (side, used)))
