"""§9 fire: flaming missiles (which weapons, one kind a unit a turn), the fire table on gates and engines,
and putting a fire out with the braziers above; fires rolled inside the action whose flaming hit lands, never at
will.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.actions import ActionFormatError
from rules.siege.board.engines import Budget, Fire, Liquid, SiegeTower
from rules.siege.board.profiles import Missile
from rules.siege.board.state import BattleState, Phase, Side
from rules.siege.chapters import fire, shooting
from rules.siege.chapters.defences import pour_on_fire
from rules.siege.chapters.fire import give_brazier
from rules.siege.chapters.shooting import shoot
from rules.siege.chapters.structure import main_gate_wall
from rules.siege.game import apply, choose, problems
from tests.rules.siege.builders import (
    ARCHER,
    GATE_WALL,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    besiegers_movement_with_braziers,
    burning_gate_with_braziers,
    dice,
    gate_ablaze,
    gate_battle,
    next_turn,
    options_named,
    play_default,
    refused,
)


def test_water_puts_out_a_fire_on_the_gate_directly_below_only() -> None:
    """§9.4: « L'eau peut être déversée du haut d'une section de rempart pour éteindre un feu sur une porte
    directement dessous » — from the main gate's wall, not from W3, and not on a siege tower.
    """
    state = burning_gate_with_braziers(Liquid.WATER)
    wall = main_gate_wall(state, "G1")
    poured = pour_on_fire(state, wall, Liquid.WATER, ["d1", "d2"], "gate:G1", Dice(0))
    assert poured.state.fires[0].doused == 1
    refused(lambda: pour_on_fire(state, "W3", Liquid.WATER, ["x1", "x2"], "gate:G1", Dice(0)), "§9.4")
    tower = replace(state, siege_towers=(SiegeTower("ST1", "W3"),), fires=(Fire("siege_tower:ST1"),))
    refused(lambda: pour_on_fire(tower, "W3", Liquid.WATER, ["x1", "x2"], "siege_tower:ST1", Dice(0)), "§9.4")


def test_a_unit_shoots_all_flaming_or_all_plain_in_a_turn() -> None:
    """§9.2: « Le joueur décide de tirer des projectiles enflammés pour l'unité ce tour. Tous les membres de l'unité
    ou des figurines de la section/niveau doivent alors tirer avec des projectiles enflammés. »
    """
    state = battle(besiegers(ARCHER, "foot:W2", 2, "b", "Bows"), besieged(MAN, "W2", 2))
    state = fire.give_brazier(replace(state, budgets=((Side.BESIEGER, Budget(5, 1500, ("brazier",))),)), "Bows")
    lit = shooting.shoot(state, ["b1"], ["d1"], Dice(0), flaming=True).state
    refused(lambda: shooting.shoot(lit, ["b2"], ["d2"], Dice(0)), "§9.2")
    assert shooting.shoot(lit, ["b2"], ["d2"], Dice(0), flaming=True).rolls
    assert shooting.shoot(next_turn(lit), ["b2"], ["d2"], Dice(0)).rolls
    walls = battle(besieged(ARCHER, "W2", 2, "x"), besiegers(ORC, "foot:W2", 2), active=Side.BESIEGED)
    walls = walls.with_works(replace(walls.works_of("W2"), braziers=(None,)))
    plain = shooting.shoot(walls, ["x1"], ["a1"], Dice(0)).state
    refused(lambda: shooting.shoot(plain, ["x2"], ["a2"], Dice(0), flaming=True), "§9.2")


@pytest.mark.parametrize(
    ("weapon", "allowed"),
    [
        pytest.param("bow", True, id="§9.1.3-bow"),
        pytest.param("short bow", True, id="§9.1.3-short-bow"),
        pytest.param("longbow", True, id="§9.1.3-longbow"),
        pytest.param("elven bow", True, id="§9.1.3-elven-bow"),
        pytest.param("javelin", True, id="§9.1.3-javelin"),
        pytest.param("bolt thrower", True, id="§9.1.3-bolt-thrower"),
        pytest.param("repeater bolt thrower", True, id="§9.1.3-repeater-bolt-thrower"),
        pytest.param("crossbow", False, id="§9.1.3-crossbow-is-no-bow"),
        pytest.param("repeater crossbow", False, id="§9.1.3-repeater-crossbow"),
        pytest.param("handgun", False, id="§9.1.3-handgun"),
    ],
)
def test_flaming_missiles_are_for_bows_javelins_and_ballista_bolts(weapon: str, allowed: bool) -> None:
    """§9.1.3: « Tous les types d'arc. Les javelots. Les carreaux de baliste. » An *arbalète* is not an *arc*."""
    shooter = replace(ARCHER, name=weapon, missile=Missile(weapon, 4))
    state = battle(besiegers(shooter, "foot:W3", 1, "s", "Bows"), besieged(MAN, "W3", 1))
    state = give_brazier(replace(state, budgets=((Side.BESIEGER, Budget(5, 1500, ("brazier",))),)), "Bows")
    if allowed:
        assert shoot(state, ["s1"], ["d1"], Dice(0), flaming=True).rolls
    else:
        refused(lambda: shoot(state, ["s1"], ["d1"], Dice(0), flaming=True), "§9.1.3")


@pytest.mark.parametrize(
    ("roll", "fires", "blazing", "damage", "still"),
    [
        pytest.param(2, 1, False, 0, False, id="R1-1-2-goes-out"),
        pytest.param(2, 1, True, 0, True, id="R1-blazing-1-2-reads-3-4"),
        pytest.param(4, 2, False, 1, True, id="R1-second-fire-adds-1-spreads"),
    ],
)
def test_fire_table_on_a_gate(roll: int, fires: int, blazing: bool, damage: int, still: bool) -> None:
    """§9.3 as ruled by R1."""
    state = replace(gate_battle(), fires=(Fire("gate:G1", fires, blazing),))
    result = fire.burn(state, dice(roll))
    assert result.state.gate("G1").structure_points == 7 - damage
    assert bool(result.state.fires) is still


def test_two_water_braziers_put_out_every_fire() -> None:
    """§9.4."""
    state = replace(gate_battle(), fires=(Fire("gate:G1"), Fire("gate:P1")))
    state, _ = fire.pour_water(state, "gate:G1")
    assert state.fires
    state, _ = fire.pour_water(state, "gate:P1")
    assert not state.fires


def _archers(count: int = 1, braziers: int = 1) -> BattleState:
    state = battle(besiegers(ARCHER, "foot:C1", count))
    state = replace(state, budgets=((Side.BESIEGER, Budget(50, 1500, ("brazier",) * braziers)),))
    return fire.give_brazier(state, "a") if braziers else state


HANDGUNNER = replace(ARCHER, name="Handgunner", missile=Missile("handgun", 4))


def test_flaming_arrows_set_the_main_gate_alight() -> None:
    """§9.1.1, §9.2: BS3 at −1 hits on 5; S3 cannot wound T9; one D6 of 5 for all the hits of the turn lights it:
    the second archer's hit rolls no second D6.
    """
    result = shooting.shoot_gate(_archers(2), ["a1", "a2"], "G1", dice(5, 5, 5), flaming=True)
    assert result.state.fires == (Fire("gate:G1"),)
    assert len(result.rolls) == 3


def test_flaming_hit_on_a_siege_tower_catches_on_5_plus() -> None:
    """§9.1.2, §5.3, §9.2: a brazier on W2 arms every shooter there; allocation 4 is the tower, a 6 hits, a 4 to
    catch fire is not enough.
    """
    state = battle(besieged(ARCHER, "W2", 1), active=Side.BESIEGED)
    state = state.with_works(replace(state.works_of("W2"), braziers=(Liquid.OIL,)))
    result = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(4, 6, 4), flaming=True)
    assert result.state.fires == ()
    lit = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(4, 6, 5), flaming=True)
    assert lit.state.fires == (Fire("siege_tower:ST1"),)


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(
            lambda: shooting.shoot(_archers(braziers=0), ["a1"], ["a1"], dice(), flaming=True),
            "§9.1.1",
            id="§9.1.1-besieger-unit-needs-a-brazier",
        ),
        pytest.param(
            lambda: shooting.shoot(
                battle(besieged(ARCHER, "W2", 1), besiegers(ORC, "foot:W2", 1), active=Side.BESIEGED),
                ["d1"],
                ["a1"],
                dice(),
                flaming=True,
            ),
            "§9.1.2",
            id="§9.1.2-besieged-need-a-brazier-on-the-section",
        ),
        pytest.param(lambda: fire.give_brazier(_archers(braziers=1), "a"), "§9.1.1", id="§9.1.1-one-brazier-a-unit"),
        pytest.param(lambda: fire.give_brazier(_archers(braziers=0), "a"), "§9.1.1", id="§9.1.1-braziers-bought"),
        pytest.param(
            lambda: fire.give_brazier(battle(besiegers(ORC, "foot:C1", 1)), "a"),
            "§9.1.1",
            id="§9.1.1-a-unit-of-shooters",
        ),
    ],
)
def test_flaming_refusals(action: Callable[[], object], clause: str) -> None:
    refused(action, clause)


def test_only_bows_javelins_and_bolts_shoot_flaming() -> None:
    """§9.1.3: a handgun, even with a brazier, does not."""
    state = replace(battle(besiegers(HANDGUNNER, "foot:C1", 1)), unit_braziers=("a",))
    refused(lambda: shooting.shoot_gate(state, ["a1"], "G1", dice(), flaming=True), "§9.1.3")


def test_oil_on_a_burning_gate_does_d6_at_once() -> None:
    """§9.3: a 4 takes the main gate from 7 to 3 structure points."""
    state = replace(battle(besieged(MAN, "C1", 1)), fires=(Fire("gate:G1"),))
    after, _ = fire.oil_on_fire(state, "gate:G1", dice(4))
    assert after.gate("G1").structure_points == 3


@pytest.mark.parametrize(
    "form",
    [
        pytest.param({"action": "catch_fire", "target": "gate:G1"}, id="§9.2-no-catch-fire-at-will"),
        pytest.param({"action": "ignite_belfry", "belfry": "ST1", "face": "side", "hits": 1}, id="R19-no-ignite"),
    ],
)
def test_no_fire_is_set_at_will(form: dict[str, object]) -> None:
    """§9.2: « Lorsqu'un projectile enflammé touche une structure en bois (…), lancer 1D6 pour l'ensemble des tirs
    ayant touché ce tour la structure : sur un 5 ou 6, le feu se déclare »; 001 §9, R19: a flaming hit on the
    belfry's front lights it on a D10 of 1. The roll comes with the hit, inside the shot or the pour that lands it:
    there is no action of its own that either side could play without a flaming hit, on any gate or face."""
    with pytest.raises(ActionFormatError):
        a.Action.from_json({"format": 1, **form})


def test_a_plain_hit_on_a_gate_rolls_no_fire() -> None:
    """§9.2: only a flaming missile's hit rolls the D6. Two BS3 archers at the gate: 4s hit (no −1 without fire),
    S3 cannot wound a gate of T9 (no wound roll): two dice in all, no fire."""
    state = battle(besiegers(ARCHER, "foot:C1", 2))
    shot = apply(replace(state, phase=Phase.SHOOTING), a.ShootGate(("a1", "a2"), "G1"), dice(4, 4))
    assert (shot.state.fires, len(shot.rolls)) == ((), 2)


def test_a_burning_structure_is_fought_with_its_own_brazier_action() -> None:
    """§9.3, §9.4: water or oil on a fire has its own effect; a pour on a burning gate is refused, naming §9.3."""
    state = besiegers_movement_with_braziers(battle(besieged(MAN, GATE_WALL, 2)), (GATE_WALL, (Liquid.OIL,)))
    state = replace(state, fires=(Fire("gate:G1"),))
    refusals = problems(state, a.Pour(GATE_WALL, Liquid.OIL, ("d1", "d2"), structure="gate:G1"))
    assert [r.clause for r in refusals] == ["§9.3"]


def test_water_on_the_burning_gate_is_a_brazier_two_models_pour_from_above() -> None:
    """§9.4: « Un brasier d'eau (…) peut servir à lutter contre un feu »; « L'eau peut être déversée du haut d'une
    section de rempart pour éteindre un feu sur une porte directement dessous »; « Un brasier rempli d'eau réduit
    d'1 point le nombre de dommage infligé lors du prochain tour ». §8.2.2: two models, the brazier spent. From T1
    only, not from W3."""
    state = gate_ablaze(Liquid.WATER)
    (douse,) = options_named(state, "put_out_fire")
    assert (douse.where, douse.actors, douse.targets, douse.most) == (GATE_WALL, ("d1", "d2", "d3"), ("gate:G1",), 2)
    after = play_default(state, douse, Dice(seed=1))
    assert after.fires[0].doused == 1
    assert after.works_of(GATE_WALL).braziers == ()
    assert {"d1", "d2"} <= after.turn_log.defenders
    assert [r.clause for r in problems(after, a.PutOutFire(GATE_WALL, ("d3",), "gate:G1"))] == ["§9.4"]
    assert [r.clause for r in problems(state, a.PutOutFire("W3", ("x1", "x2"), "gate:G1"))] == ["§9.4"]


def test_oil_on_the_burning_gate_does_d6_at_once_and_spends_the_brazier() -> None:
    """§9.3: « Une structure déjà en feu recevant de l'huile bouillante prend automatiquement 1D6 points de
    dommage »: a 4 takes the main gate from 7 to 3; the oil brazier is gone (§8.2.2)."""
    state = gate_ablaze(Liquid.OIL)
    (oil,) = options_named(state, "oil_on_fire")
    assert (oil.where, oil.targets) == (GATE_WALL, ("gate:G1",))
    after = apply(state, choose(state, oil, *oil.default()), dice(4)).state
    assert (after.gate("G1").structure_points, after.works_of(GATE_WALL).braziers) == (3, ())
