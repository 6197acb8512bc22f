"""§14 the siege engines' costs, ruling R14: each side's budget, the free 50 points of the besieged,
one siege tower per full 1,000 points, the brazier bought alone; limits at the edge of the budget.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.board.engines import Budget
from rules.siege.board.state import IllegalAction, Side
from rules.siege.chapters import costs
from rules.siege.chapters.costs import buy, spent
from tests.rules.siege.builders import battle, gate_battle, refused


@pytest.mark.parametrize(
    ("side", "item", "cost"),
    [
        pytest.param(Side.BESIEGER, "ladder", 8, id="§14.1-ladder-8"),
        pytest.param(Side.BESIEGER, "ram", 30, id="§14.1-ram-30"),
        pytest.param(Side.BESIEGER, "covered_ram", 40, id="§14.1-covered-ram-40"),
        pytest.param(Side.BESIEGER, "siege_tower", 70, id="§14.1-siege-tower-70"),
        pytest.param(Side.BESIEGER, "brazier", 5, id="§14.1-brazier-5"),
        pytest.param(Side.BESIEGED, "stones", 3, id="§14.2-stones-3"),
        pytest.param(Side.BESIEGED, "rock", 6, id="§14.2-rock-6"),
        pytest.param(Side.BESIEGED, "brazier", 10, id="§14.2-bare-brazier-10"),
        pytest.param(Side.BESIEGED, "brazier_water", 15, id="§14.2-brazier-and-water-10+5"),
        pytest.param(Side.BESIEGED, "brazier_oil", 20, id="§14.2-brazier-and-oil-10+10"),
        pytest.param(Side.BESIEGED, "brazier_lead", 25, id="§14.2-brazier-and-lead-10+15"),
    ],
)
def test_engine_costs_at_the_edge_of_the_budget(side: Side, item: str, cost: int) -> None:
    """§14.1, §14.2, R14: a budget of exactly the cost buys the item, one point less does not; the besieged has 50
    points more for free (« le joueur assiégé bénéficie de 50 points de dépenses gratuites »), spent here first on
    two braziers of molten lead."""
    before = ("brazier_lead", "brazier_lead") if side is Side.BESIEGED else ()
    exact = replace(battle(), budgets=((side, Budget(cost, 3000, before)),))
    budget = buy(exact, side, item).budget(side)
    assert budget is not None
    assert spent(side, budget) == cost + (50 if side is Side.BESIEGED else 0)
    short = replace(battle(), budgets=((side, Budget(cost - 1, 3000, before)),))
    refused(lambda: buy(short, side, item), "§14")


def test_the_besieged_brazier_alone_is_for_flaming_shots() -> None:
    """§14.2: « Brasier = 10 points », then « Avec eau bouillante = 5 points »…: the bare brazier, for flaming
    missiles (§9.1.2), is on the besieged's list; the besieger cannot buy the besieged's stones."""
    state = replace(battle(), budgets=((Side.BESIEGED, Budget(0, 1500)), (Side.BESIEGER, Budget(100, 2000))))
    for _ in range(5):
        state = buy(state, Side.BESIEGED, "brazier")
    refused(lambda: buy(state, Side.BESIEGED, "brazier"), "§14")  # 50 free points: five braziers, not six
    refused(lambda: buy(state, Side.BESIEGER, "stones"), "§14")


def test_one_siege_tower_per_full_thousand_points() -> None:
    """§14.1: « Tour de siège = 70 points (une tour par tranche de 1000 pts) »: 1999 points buy one, 2000 two."""
    state = replace(battle(), budgets=((Side.BESIEGER, Budget(500, 1999)),))
    state = buy(state, Side.BESIEGER, "siege_tower")
    refused(lambda: buy(state, Side.BESIEGER, "siege_tower"), "§14.1")
    state = replace(battle(), budgets=((Side.BESIEGER, Budget(500, 2000)),))
    assert buy(buy(state, Side.BESIEGER, "siege_tower"), Side.BESIEGER, "siege_tower").budget(Side.BESIEGER)


def test_budget_refusal_names_budget_and_cost() -> None:
    """§14, R14."""
    state = replace(gate_battle(), budgets=((Side.BESIEGER, Budget(120, 2000, ("siege_tower",))),))
    budget = r"over_engine_budget \(side=besieger, points=120, item=siege_tower, cost=70, spent=70\)"
    with pytest.raises(IllegalAction, match=budget):
        costs.buy(state, Side.BESIEGER, "siege_tower")
    state = costs.buy(state, Side.BESIEGER, "ram")
    assert costs.spent(Side.BESIEGER, state.budget(Side.BESIEGER) or Budget(0, 0)) == 100


def test_one_siege_tower_per_1000_points() -> None:
    """§14.1, R14: 1999 points allow one tower."""
    state = replace(gate_battle(), budgets=((Side.BESIEGER, Budget(500, 1999, ("siege_tower",))),))
    with pytest.raises(IllegalAction) as error:
        costs.buy(state, Side.BESIEGER, "siege_tower")
    assert error.value.clause == "§14.1"


def test_besieged_spends_50_free() -> None:
    """§14.2, R14: a 0-point budget still buys 50 points: two oil braziers (20 each) and three stones."""
    state = replace(gate_battle(), budgets=((Side.BESIEGED, Budget(0, 1500)),))
    for item in ("brazier_oil", "brazier_oil", "stones", "stones", "stones"):
        state = costs.buy(state, Side.BESIEGED, item)
    with pytest.raises(IllegalAction, match=r"over_engine_budget \(side=besieged, points=50, "):
        costs.buy(state, Side.BESIEGED, "stones")
