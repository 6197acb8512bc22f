"""§8 defending the ramparts: stone and rock tokens, braziers of oil, water and lead, what they fall on
and the panic they cause; bought before the battle (§14.2), placed, poured, thrown and knocked over, by hand and
from the menu.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Budget, Fire, Ladder, Liquid, Ram, SiegeTower, Works
from rules.siege.board.state import BattleState, Model, Phase, Place, Side, TurnLog, Zone
from rules.siege.chapters import costs, defences, ladders, shooting
from rules.siege.chapters.blocking import block
from rules.siege.chapters.defences import (
    allocate_ammunition,
    drop_rock,
    knock_over_braziers,
    place_braziers,
    pour_brazier,
    throw_stones,
)
from rules.siege.chapters.shooting import shoot
from rules.siege.game import apply, choose, menu_options, problems
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
    fleeing,
    gate_ablaze,
    next_turn,
    options_named,
    play_default,
    refused,
    walls_with_defences,
)


def test_boiling_oil_sets_alight_only_what_stands_below() -> None:
    """§8.2.5: « Les structures en bois … peuvent s'enflammer »: a siege tower against W3 takes the oil from W3;
    the main gate, elsewhere, does not.
    """
    state = replace(burning_gate_with_braziers(Liquid.OIL), siege_towers=(SiegeTower("ST1", "W3"),), fires=())
    refused(
        lambda: pour_brazier(state, "W3", Liquid.OIL, ["x1", "x2"], [], Dice(0), structure="gate:G1"),
        "§8.2.5",
    )
    lit = pour_brazier(state, "W3", Liquid.OIL, ["x1", "x2"], [], dice(5), structure="siege_tower:ST1")
    assert lit.state.fires == (Fire("siege_tower:ST1"),)


def test_a_rock_falls_on_a_siege_tower_against_its_own_section_only() -> None:
    """§8.1.2: « Des rochers peuvent être lancés sur une tour de siège » — from the section it stands against."""
    state = battle(besieged(MAN, "W3", 2), besieged(MAN, "W2", 2, "x"), besiegers(ORC, "siege_tower:ST1", 1))
    state = state.with_works(replace(state.works_of("W3"), rocks=1)).with_works(replace(state.works_of("W2"), rocks=1))
    refused(lambda: drop_rock(state, "W3", ["d1", "d2"], "a1", Dice(0)), "§8.1.2")
    assert drop_rock(state, "W2", ["x1", "x2"], "a1", Dice(0)).rolls


def _stones() -> BattleState:
    state = battle(besieged(MAN, "W3", 3), besiegers(ORC, "ladder:L1", 2), besiegers(ORC, "foot:W3", 4, "f"))
    return state.with_works(replace(state.works_of("W3"), stones=2))


def test_stone_throwers_neither_push_nor_block_nor_throw_twice_a_turn() -> None:
    """§8.1.2: « Les troupes balançant des pierres et rochers ne peuvent pas bloquer en même temps ni tenter de
    repousser une échelle. Cela n'empêche pas des figurines alliées de la même section/niveau de le faire. »
    """
    thrown = throw_stones(_stones(), "W3", ["d1"], ["f1"], Dice(0)).state
    refused(lambda: ladders.push_back(thrown, "L1", ["d1"], dice(6)), "§8.1.2")
    refused(lambda: ladders.push_back(thrown, "L1", ["d1", "d2"], dice(6)), "§8.1.2")
    refused(lambda: throw_stones(thrown, "W3", ["d1"], ["f2"], Dice(0)), "§8.1.2")
    assert ladders.push_back(thrown, "L1", ["d2", "d3"], dice(1)).state.turn_log.pushers == {"d2", "d3"}
    assert throw_stones(next_turn(thrown), "W3", ["d1"], ["f2"], Dice(0)).rolls


def test_ladder_pushers_throw_no_stones_and_throwers_block_no_ladder() -> None:
    """§8.1.2: a model that tried to push the ladder back throws no stone that turn; a thrower blocks no ladder."""
    pushed = ladders.push_back(_stones(), "L1", ["d1"], dice(1)).state
    refused(lambda: throw_stones(pushed, "W3", ["d1"], ["f1"], Dice(0)), "§8.1.2")
    assert throw_stones(pushed, "W3", ["d2"], ["f1"], Dice(0)).rolls
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "foot:W3", 2, "f"),
        ladders=(Ladder("L1", "W3"),),
        log=TurnLog(defenders=frozenset({"d1"}), pushed=frozenset({"L1"}), pushers=frozenset({"d2"})),
    )
    refused(lambda: block(state, "d1", "ladder:L1"), "§8.1.2")
    assert block(state, "d2", "ladder:L1").ladder("L1").blocker == "d2"


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


def test_stones_hit_everyone_under_the_template_at_s3() -> None:
    """§8.1.3: S3 on T4 wounds on 5+; throwers exposed; one token spent."""
    result = defences.throw_stones(walls_with_defences(), "W3", ["d1"], ["f1", "f2"], dice(5, 4))
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.works_of("W3").stones == 0
    assert "d1" in result.state.turn_log.exposed


def test_boiling_oil_s4_no_save_minus_2_and_panic() -> None:
    """§8.2.5: S4 on T4 wounds on 4+; survivors −2 to hit; no splash on a 3 (§8.2.7); one loss is enough for a
    panic test, and 12 against Ld 7 sends the unit's two survivors fleeing from the wall's foot.
    """
    result = defences.pour_brazier(
        walls_with_defences(), "W3", Liquid.OIL, ["d1", "d2"], ["f1", "f2"], dice(4, 3, 3, 6, 6), splash=["f3"]
    )
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.turn_log.penalty("f2") == 2
    assert [(e.kind, e.params.get("test")) for e in result.events if e.clause == "§4.1"] == [
        ("leadership_test", "panic")
    ]
    assert result.state.model("f2").fleeing
    assert result.state.model("f3").fleeing
    assert result.state.works_of("W3").braziers == (Liquid.WATER,)


def test_rock_s8_d3_wounds() -> None:
    """§8.1.4: BS3 hits on 4+; S8 on T4 wounds on 2+."""
    result = defences.drop_rock(walls_with_defences(), "W3", ["d1", "d2"], "f1", dice(4, 2, 1))
    assert [m.id for m in result.state.fallen] == ["f1"]


ARMOURED_ORC = replace(ORC, name="Armoured orc", save=4)


def _brazier_above_armoured_orcs(liquid: Liquid) -> BattleState:
    state = battle(besieged(MAN, "W3", 2), besiegers(ARMOURED_ORC, "foot:W3", 3, "f"))
    return state.with_works(replace(state.works_of("W3"), braziers=(liquid,)))


def test_molten_lead() -> None:
    """§8.2.6: the designated f1 takes S5 on T4 (wounds on 3), no armour save, D3 wounds (2): dead; f2 takes S3
    (wounds on 5) and saves on 4 with its armour; −2 to hit for the survivor; one loss to lead is a panic test,
    which a 6 passes at Ld 7; lead never splashes (§8.2.7).
    """
    result = defences.pour_brazier(
        _brazier_above_armoured_orcs(Liquid.LEAD),
        "W3",
        Liquid.LEAD,
        ["d1", "d2"],
        ["f1", "f2"],
        dice(3, 2, 5, 4, 3, 3),
        designated="f1",
        splash=["f3"],
    )
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.model("f2").wounds_lost == 0
    assert result.state.turn_log.penalty("f2") == 2
    assert [(e.kind, e.params.get("test")) for e in result.events if e.clause in ("§4.1", "§8.2.7")] == [
        ("leadership_test", "panic")
    ]
    assert not result.state.model("f2").fleeing


def test_molten_lead_needs_a_designated_model() -> None:
    refused(
        lambda: defences.pour_brazier(
            _brazier_above_armoured_orcs(Liquid.LEAD), "W3", Liquid.LEAD, ["d1", "d2"], ["f1"], dice()
        ),
        "§8.2.6",
    )


@pytest.mark.parametrize(
    ("splash_roll", "dead"),
    [
        pytest.param(4, ["f3"], id="§8.2.7-splash-on-4+"),
        pytest.param(3, [], id="§8.2.7-no-splash-on-1-3"),
    ],
)
def test_boiling_water_splashes(splash_roll: int, dead: list[str]) -> None:
    """§8.2.4: S3 on T4 misses on a 1; §8.2.7: the splash hits f3 at S3 (wounds on 5) with its save (fails on 1);
    one lost of three is 25 %: the unit tests for panic and holds on a 2 (§8.1.2, §8.2.2).
    """
    result = defences.pour_brazier(
        _brazier_above_armoured_orcs(Liquid.WATER),
        "W3",
        Liquid.WATER,
        ["d1", "d2"],
        ["f1"],
        dice(1, splash_roll, 5, 1, 1, 1),
        splash=["f3"],
    )
    assert [m.id for m in result.state.fallen] == dead
    assert result.state.turn_log.penalty("f1") == 1


def test_stones_killing_a_quarter_make_the_unit_panic() -> None:
    """§8.1.2: S3 stones wound T4 on 5, the armour (4+) fails on 1; one of three lost, a 12 breaks the unit, which
    flees from the wall's foot.
    """
    state = _brazier_above_armoured_orcs(Liquid.WATER).with_works(
        replace(_brazier_above_armoured_orcs(Liquid.WATER).works_of("W3"), stones=1)
    )
    result = defences.throw_stones(state, "W3", ["d1"], ["f1", "f2"], dice(5, 1, 4, 6, 6))
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.model("f2").fleeing
    assert result.state.model("f3").place == Place(Zone.FOOT, "W3")


def test_besiegers_holding_a_section_knock_its_braziers_over() -> None:
    """§8.2.3: no besieged left on W3."""
    state = battle(besiegers(ORC, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL, Liquid.WATER)))
    assert defences.knock_over_braziers(state, "W3").works_of("W3").braziers == ()


@pytest.mark.parametrize(
    ("strength", "left"),
    [
        pytest.param(5, (Liquid.WATER,), id="§8.2.3.1-template-S5-destroys-a-brazier"),
        pytest.param(4, (Liquid.OIL, Liquid.WATER), id="§8.2.3.1-S4-spares-it"),
    ],
)
def test_template_on_braziers(strength: int, left: tuple[Liquid, ...]) -> None:
    """The structure score (S + 0) stays under 13: no Table 3 effect to roll for."""
    state = battle(besieged(MAN, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL, Liquid.WATER)))
    after = shooting.bombard(state, "W3", strength, "1", dice(), braziers_hit=1).state
    assert after.works_of("W3").braziers == left


def test_stone_tokens_stay_on_their_section() -> None:
    """§8.1.1: W2's token cannot be thrown from W3."""
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "foot:W3", 1))
    state = state.with_works(replace(state.works_of("W2"), stones=1))
    refused(lambda: defences.throw_stones(state, "W3", ["d1"], ["a1"], dice()), "§8.1.1")


def _wall_w3() -> BattleState:
    return besiegers_movement_with_braziers(
        battle(besieged(MAN, "W3", 4), besiegers(ORC, "foot:W3", 3, "f")), ("W3", (Liquid.OIL, Liquid.WATER))
    )


def _held_t2(*groups: list[Model]) -> BattleState:
    state = battle(besiegers(ORC, "T2", 2), *groups)
    return state.with_works(replace(state.works_of("T2"), braziers=(Liquid.OIL, None)))


def test_a_brazier_is_poured_by_two_who_have_not_thrown_or_poured_this_turn() -> None:
    """§8.2.2: « Il faut 2 figurines pour renverser un brasier », the rules « identiques à celles de utilisation
    des pierres et rochers » (§8.1.2), once a turn each. W3's two braziers: d1 and d2 pour the first, the menu then
    names d3 and d4 alone for the second, and none once all four have poured."""
    state = _wall_w3()
    (first,) = options_named(state, "pour")
    assert (first.actors, first.least, first.most) == (("d1", "d2", "d3", "d4"), 2, 2)
    state = play_default(state, first, Dice(seed=1))
    (second,) = options_named(state, "pour")
    assert (second.actors, second.least, second.most) == (("d3", "d4"), 2, 2)
    state = play_default(state, second, Dice(seed=1))
    assert options_named(state, "pour") == []
    assert state.works_of("W3").braziers == ()


def test_a_third_pourer_is_refused() -> None:
    """§8.2.2: « Il faut 2 figurines »; a third adds nothing and may do something else."""
    refusals = problems(_wall_w3(), a.Pour("W3", Liquid.OIL, ("d1", "d2", "d3"), ("f1",)))
    assert [r.clause for r in refusals] == ["§8.2.2"]


def test_one_model_throws_the_stones() -> None:
    """§8.1.2: the 5 cm template goes « dessous une figurine balançant les pierres »: one thrower, the others free."""
    state = _wall_w3().with_works(replace(_wall_w3().works_of("W3"), stones=1))
    (stones,) = options_named(state, "throw_stones")
    assert (stones.least, stones.most) == (1, 1)
    assert [r.clause for r in problems(state, a.ThrowStones("W3", ("d1", "d2"), ("f1",)))] == ["§8.1.2"]


def test_a_rock_takes_two_and_falls_on_a_siege_tower_too() -> None:
    """§8.1.4: « les rochers ont besoin de 2 figurines pour le balancer »; §8.1.2: « Des rochers peuvent être
    lancés sur une tour de siège » — ST1 stands against W2, its model t1 is a target from W2."""
    state = battle(besieged(MAN, "W2", 3), besiegers(ORC, "siege_tower:ST1", 1, "t"))
    state = besiegers_movement_with_braziers(state).with_works(replace(state.works_of("W2"), rocks=1))
    (rock,) = options_named(state, "drop_rock")
    assert (rock.actors, rock.targets, rock.least, rock.most) == (("d1", "d2", "d3"), ("t1",), 2, 2)
    assert not problems(state, choose(state, rock, *rock.default()))


def test_molten_lead_from_the_menu_strikes_the_model_picked() -> None:
    """§8.2.6: « Une figurine désignée même partiellement sous le gabarit subit une touche de FOR 5 »: the target
    picked is the designated model."""
    state = besiegers_movement_with_braziers(
        battle(besieged(MAN, "W3", 2), besiegers(ORC, "foot:W3", 2, "f")), ("W3", (Liquid.LEAD,))
    )
    (pour,) = options_named(state, "pour")
    action = choose(state, pour, *pour.default())
    assert isinstance(action, a.Pour)
    assert (action.designated, problems(state, action)) == ("f1", [])


def test_boiling_oil_sets_alight_the_gate_below_from_the_menu() -> None:
    """§8.2.5: « Les structures en bois ou créature sensibles au feu peuvent s'enflammer »: the pour from T1 lists
    the gate below it with the models at its foot; the turn's D6 of 5 lights it (§9.2)."""
    state = besiegers_movement_with_braziers(
        battle(besieged(MAN, GATE_WALL, 2), besiegers(ORC, f"foot:{GATE_WALL}", 1, "f")), (GATE_WALL, (Liquid.OIL,))
    )
    (pour,) = options_named(state, "pour")
    assert pour.targets == ("f1", "gate:G1")
    lit = apply(state, choose(state, pour, pour.actors, "gate:G1"), dice(5))
    assert lit.state.fires == (Fire("gate:G1"),)


def test_a_covered_ram_at_the_gate_burns_below_its_wall() -> None:
    """§8.2.5: « béliers couverts » are wooden structures; the covered ram at G1 is below T1 and may take oil."""
    state = gate_ablaze(Liquid.OIL)
    state = replace(state, rams=(Ram("R1", covered=True, gate="G1"),), fires=(Fire("ram:R1"),))
    (oil,) = options_named(state, "oil_on_fire")
    assert oil.targets == ("ram:R1",)


@pytest.mark.parametrize("phase", [Phase.MOVEMENT, Phase.SHOOTING, Phase.CLOSE_COMBAT])
def test_the_menu_knocks_over_the_braziers_of_a_section_the_besiegers_hold(phase: Phase) -> None:
    """§8.2.3: « Des assiégeants ayant pris le contrôle d'une section/niveau où se trouvent des brasiers peuvent le
    renverser à terre automatiquement. Par prendre le contrôle d'une section, on entend qu'il n'y ait plus
    d'assiégés dessus »: offered to the besieger in his turn, no roll."""
    state = replace(_held_t2(), phase=phase)
    (knock,) = options_named(state, "knock_over_braziers")
    assert (knock.side, knock.where) == (Side.BESIEGER, "T2")
    assert play_default(state, knock, Dice(seed=1)).works_of("T2").braziers == ()


@pytest.mark.parametrize(
    "state",
    [
        pytest.param(replace(_held_t2(besieged(MAN, "T2", 1)), phase=Phase.MOVEMENT), id="§8.2.3-a-besieged-left"),
        pytest.param(replace(fleeing(_held_t2(), "a1", "a2"), phase=Phase.MOVEMENT), id="§8.2.3-fleeing-hold-nothing"),
        pytest.param(
            replace(_held_t2(), phase=Phase.MOVEMENT, active=Side.BESIEGED), id="§8.2.3-in-the-besiegers-turn"
        ),
    ],
)
def test_braziers_are_not_knocked_over_without_control(state: BattleState) -> None:
    assert options_named(state, "knock_over_braziers") == []
    assert problems(state, a.KnockOverBraziers("T2"))


def test_stones_on_a_unit_already_fleeing_make_no_panic_test() -> None:
    """§8.1.2: « 25 % de pertes occasionnées peuvent provoquer un test de panique »; a unit already fleeing does
    not test again (§4.1). Stones S3 on f1 (T3): a 4 wounds; f2–f4 already flee."""
    state = fleeing(battle(besieged(MAN, "W3", 1), besiegers(MAN, "foot:W3", 4, "f")), "f2", "f3", "f4")
    state = besiegers_movement_with_braziers(state).with_works(replace(state.works_of("W3"), stones=1))
    thrown = apply(state, a.ThrowStones("W3", ("d1",), ("f1",)), dice(4))
    assert [m.id for m in thrown.state.fallen] == ["f1"]
    assert "panic" not in [e.params.get("test") for e in thrown.events if e.kind == "leadership_test"]


def test_a_siege_tower_against_the_wall_is_below_it() -> None:
    """§8.2.5: oil from W3 reaches the siege tower against it."""
    state = besiegers_movement_with_braziers(
        battle(besieged(MAN, "W3", 2), towers=(SiegeTower("ST1", "W3"),)), ("W3", (Liquid.OIL,))
    )
    (pour,) = options_named(state, "pour")
    assert pour.targets == ("siege_tower:ST1",)
