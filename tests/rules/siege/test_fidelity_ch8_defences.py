"""Chapters 8 and 14 read together: the besieged drop and light only what they bought before the battle."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import costs
from rules.siege.defences import allocate_ammunition, knock_over_braziers, place_braziers, pour_brazier, throw_stones
from rules.siege.engines import Budget, Liquid, Works
from rules.siege.game import choose, menu_options, problems
from rules.siege.shooting import shoot
from rules.siege.state import BattleState, Phase, Side, SiegeTower, TurnLog
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, refused


def _bought(*items: str) -> BattleState:
    state = battle(besieged(MAN, "W3", 4), besieged(ARCHER, "W2", 1, "x"), besiegers(ORC, "foot:W3", 3))
    state = replace(state, budgets=((Side.BESIEGED, Budget(0, 1500)),))
    for item in items:
        state = costs.buy(state, Side.BESIEGED, item)
    return state


def test_stone_and_rock_tokens_come_from_the_purchases() -> None:
    """§8.1.1: « Avant la bataille, l'assiégé achète des pions de pierres et de rochers … Il alloue ces pions pour
    chaque section/niveau »: two stones bought, two allocated (one here, one there), a third refused; no rock.
    """
    state = _bought("stones", "stones")
    refused(lambda: allocate_ammunition(_bought(), "W3", stones=1), "§8.1.1")
    state = allocate_ammunition(state, "W3", stones=1)
    state = allocate_ammunition(state, "W1", stones=1)
    assert (state.works_of("W3").stones, state.works_of("W1").stones) == (1, 1)
    refused(lambda: allocate_ammunition(state, "W3", stones=1), "§8.1.1")
    refused(lambda: allocate_ammunition(state, "W3", rocks=1), "§8.1.1")


def test_tokens_go_to_the_ramparts_only() -> None:
    """§8.1.2: « Les pierres et rochers peuvent être balancés uniquement à l'extérieur du fort »: a courtyard gets
    no token.
    """
    refused(lambda: allocate_ammunition(_bought("rock"), "C2", rocks=1), "§8.1.2")
    assert allocate_ammunition(_bought("rock"), "T3", rocks=1).works_of("T3").rocks == 1


def test_an_allocated_stone_token_is_thrown_once() -> None:
    """§8.1.1, §8.1.2: the one token on W3 is thrown, then W3 has none (« Un pion peut être utilisé »)."""
    state = allocate_ammunition(_bought("stones"), "W3", stones=1)
    after = throw_stones(state, "W3", ["d1"], ["a1"], Dice(0)).state
    refused(lambda: throw_stones(after, "W3", ["d2"], ["a2"], Dice(0)), "§8.1.1")


@pytest.mark.parametrize(
    ("bought", "placed", "allowed"),
    [
        pytest.param(("brazier_oil",), [Liquid.OIL], True, id="§8.2.1-the-oil-bought"),
        pytest.param(("brazier_oil",), [Liquid.OIL, Liquid.OIL], False, id="§8.2.1-one-oil-bought-not-two"),
        pytest.param(("brazier_oil",), [Liquid.LEAD], False, id="§8.2.1-lead-not-bought"),
        pytest.param((), [Liquid.WATER], False, id="§8.2.1-nothing-bought"),
        pytest.param(("brazier",), [None], True, id="§8.2.1-a-bare-brazier"),
        pytest.param(("brazier_water",), [None], False, id="§8.2.1-a-water-brazier-is-not-a-bare-one"),
    ],
)
def test_braziers_come_from_the_purchases(bought: tuple[str, ...], placed: list[Liquid | None], allowed: bool) -> None:
    """§8.2.1 with §14.2: « Brasier = 10 points … Avec eau bouillante = 5 points … huile … plomb »: a brazier of a
    liquid stands on the walls only if it was bought with that liquid.
    """
    state = _bought(*bought)
    if allowed:
        assert place_braziers(state, "W3", placed).works_of("W3").braziers == tuple(placed)
    else:
        refused(lambda: place_braziers(state, "W3", placed), "§8.2.1")


def test_a_bare_besieged_brazier_costs_ten_and_lights_the_arrows_of_its_section() -> None:
    """§14.2: « Brasier = 10 points »; §9.1.2: « Chaque brasier présent sur une section/niveau permet à tous les
    tireurs d'en profiter ». A bare brazier holds no liquid to pour (§8.2.2).
    """
    assert costs.ENGINE_COSTS[Side.BESIEGED]["brazier"] == 10
    state = place_braziers(_bought("brazier"), "W2", [None])
    assert costs.spent(Side.BESIEGED, state.budget(Side.BESIEGED) or Budget(0, 0)) == 10
    state = replace(state, active=Side.BESIEGED)
    target = battle(besiegers(ORC, "foot:W2", 1)).models
    state = replace(state, models=(*state.models, *(replace(m, id="t1") for m in target)))
    assert shoot(state, ["x1"], ["t1"], Dice(0), flaming=True).rolls
    bare = replace(state, works=())
    refused(lambda: shoot(bare, ["x1"], ["t1"], Dice(0), flaming=True), "§9.1.2")
    refused(lambda: pour_brazier(state, "W2", Liquid.OIL, ["x1", "d1"], ["t1"], Dice(0)), "§8.2.1")


def test_braziers_are_knocked_over_in_the_besiegers_turn() -> None:
    """§8.2.3: « Des assiégeants ayant pris le contrôle d'une section/niveau où se trouvent des brasiers peuvent le
    renverser à terre automatiquement » — in their turn, with no besieged left there.
    """
    state = battle(besiegers(ORC, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL,)))
    assert knock_over_braziers(state, "W3").works_of("W3").braziers == ()
    refused(lambda: knock_over_braziers(replace(state, active=Side.BESIEGED), "W3"), "§8.2.3")
    held = battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1))
    refused(lambda: knock_over_braziers(held, "W3"), "§8.2.3")


def test_a_rock_is_offered_to_two_models_on_the_besiegers_below_or_in_a_siege_tower() -> None:
    """§8.1.4: « les rochers ont besoin de 2 figurines pour le balancer »: one man on W3 is not offered the rock;
    of three, two, the one who has thrown stones this turn aside (§8.1.2 « Les troupes balançant des pierres et
    rochers ne peuvent pas bloquer en même temps ni tenter de repousser une échelle »: once a turn); §8.1.2 « Des
    rochers peuvent être lancés sur une tour de siège »: the orc in the siege tower against W3 is a target too.
    """
    works = (Works("W3", rocks=1),)
    alone = replace(battle(besieged(MAN, "W3", 1), besiegers(ORC, "foot:W3", 1)), works=works, phase=Phase.MOVEMENT)
    assert not [o for o in menu_options(alone) if o.name == "drop_rock"]
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "foot:W3", 1),
        besiegers(ORC, "siege_tower:ST1", 1, "t"),
        towers=(SiegeTower("ST1", "W3"),),
        log=TurnLog(defenders=frozenset({"d1"})),
    )
    state = replace(state, works=works, phase=Phase.MOVEMENT)
    (option,) = [o for o in menu_options(state) if o.name == "drop_rock"]
    assert (option.where, option.actors, option.targets) == ("W3", ("d2", "d3"), ("a1", "t1"))
    assert (option.least, option.most) == (2, 2)
    assert problems(state, choose(state, option, option.actors, "t1")) == []
