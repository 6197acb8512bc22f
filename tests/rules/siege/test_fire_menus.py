"""Fire (§9), the stones and braziers of the ramparts (§8) and magic (§13) as the menus offer them: each option's
default details accepted by ``apply``, only the models that may still act listed, and fires rolled inside the action
whose flaming hit lands, never at will.

The main gate G1 of the 1,500-point fort stands in tower T1, its nearest rampart (:func:`main_gate_wall`): T1 is
the section « directement dessous » which is the gate (§9.4).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.actions import ActionFormatError
from rules.siege.engines import Fire, Liquid, Ram
from rules.siege.game import apply, choose, menu_options, problems
from rules.siege.options import Option
from rules.siege.profiles import Special
from rules.siege.state import BattleState, Model, Phase, Side, SiegeTower
from rules.siege.structure import main_gate_wall
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, dice, fleeing, with_rules

WIZARD = with_rules(MAN, Special.CHARACTER, name="Wizard")
GATE_WALL = main_gate_wall(battle(), "G1")


def _movement(state: BattleState, *braziers: tuple[str, tuple[Liquid | None, ...]]) -> BattleState:
    """``state`` at the end of the besieger's movement, the besieged's braziers on their sections (§8.2.1)."""
    state = replace(state, phase=Phase.MOVEMENT, active=Side.BESIEGER)
    for section, liquids in braziers:
        state = state.with_works(replace(state.works_of(section), braziers=liquids))
    return state


def _options(state: BattleState, name: str) -> list[Option]:
    return menu_options(state, name)


def _play_default(state: BattleState, option: Option, rolled: Dice) -> BattleState:
    actors, target = option.default()
    return apply(state, choose(state, option, actors, target), rolled).state


# ---- §9.2: the fire's roll follows a flaming hit that lands --------------------------------------------------------


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


# ---- §8.2.2, §8.1.2: who pours, and on what -----------------------------------------------------------------------


def _wall_w3() -> BattleState:
    return _movement(
        battle(besieged(MAN, "W3", 4), besiegers(ORC, "foot:W3", 3, "f")), ("W3", (Liquid.OIL, Liquid.WATER))
    )


def test_a_brazier_is_poured_by_two_who_have_not_thrown_or_poured_this_turn() -> None:
    """§8.2.2: « Il faut 2 figurines pour renverser un brasier », the rules « identiques à celles de utilisation
    des pierres et rochers » (§8.1.2), once a turn each. W3's two braziers: d1 and d2 pour the first, the menu then
    names d3 and d4 alone for the second, and none once all four have poured."""
    state = _wall_w3()
    (first,) = _options(state, "pour")
    assert (first.actors, first.least, first.most) == (("d1", "d2", "d3", "d4"), 2, 2)
    state = _play_default(state, first, Dice(seed=1))
    (second,) = _options(state, "pour")
    assert (second.actors, second.least, second.most) == (("d3", "d4"), 2, 2)
    state = _play_default(state, second, Dice(seed=1))
    assert _options(state, "pour") == []
    assert state.works_of("W3").braziers == ()


def test_a_third_pourer_is_refused() -> None:
    """§8.2.2: « Il faut 2 figurines »; a third adds nothing and may do something else."""
    refusals = problems(_wall_w3(), a.Pour("W3", Liquid.OIL, ("d1", "d2", "d3"), ("f1",)))
    assert [r.clause for r in refusals] == ["§8.2.2"]


def test_one_model_throws_the_stones() -> None:
    """§8.1.2: the 5 cm template goes « dessous une figurine balançant les pierres »: one thrower, the others free."""
    state = _wall_w3().with_works(replace(_wall_w3().works_of("W3"), stones=1))
    (stones,) = _options(state, "throw_stones")
    assert (stones.least, stones.most) == (1, 1)
    assert [r.clause for r in problems(state, a.ThrowStones("W3", ("d1", "d2"), ("f1",)))] == ["§8.1.2"]


def test_a_rock_takes_two_and_falls_on_a_siege_tower_too() -> None:
    """§8.1.4: « les rochers ont besoin de 2 figurines pour le balancer »; §8.1.2: « Des rochers peuvent être
    lancés sur une tour de siège » — ST1 stands against W2, its model t1 is a target from W2."""
    state = battle(besieged(MAN, "W2", 3), besiegers(ORC, "siege_tower:ST1", 1, "t"))
    state = _movement(state).with_works(replace(state.works_of("W2"), rocks=1))
    (rock,) = _options(state, "drop_rock")
    assert (rock.actors, rock.targets, rock.least, rock.most) == (("d1", "d2", "d3"), ("t1",), 2, 2)
    assert not problems(state, choose(state, rock, *rock.default()))


def test_molten_lead_from_the_menu_strikes_the_model_picked() -> None:
    """§8.2.6: « Une figurine désignée même partiellement sous le gabarit subit une touche de FOR 5 »: the target
    picked is the designated model."""
    state = _movement(battle(besieged(MAN, "W3", 2), besiegers(ORC, "foot:W3", 2, "f")), ("W3", (Liquid.LEAD,)))
    (pour,) = _options(state, "pour")
    action = choose(state, pour, *pour.default())
    assert isinstance(action, a.Pour)
    assert (action.designated, problems(state, action)) == ("f1", [])


def test_boiling_oil_sets_alight_the_gate_below_from_the_menu() -> None:
    """§8.2.5: « Les structures en bois ou créature sensibles au feu peuvent s'enflammer »: the pour from T1 lists
    the gate below it with the models at its foot; the turn's D6 of 5 lights it (§9.2)."""
    state = _movement(
        battle(besieged(MAN, GATE_WALL, 2), besiegers(ORC, f"foot:{GATE_WALL}", 1, "f")), (GATE_WALL, (Liquid.OIL,))
    )
    (pour,) = _options(state, "pour")
    assert pour.targets == ("f1", "gate:G1")
    lit = apply(state, choose(state, pour, pour.actors, "gate:G1"), dice(5))
    assert lit.state.fires == (Fire("gate:G1"),)


def test_a_burning_structure_is_fought_with_its_own_brazier_action() -> None:
    """§9.3, §9.4: water or oil on a fire has its own effect; a pour on a burning gate is refused, naming §9.3."""
    state = _movement(battle(besieged(MAN, GATE_WALL, 2)), (GATE_WALL, (Liquid.OIL,)))
    state = replace(state, fires=(Fire("gate:G1"),))
    refusals = problems(state, a.Pour(GATE_WALL, Liquid.OIL, ("d1", "d2"), structure="gate:G1"))
    assert [r.clause for r in refusals] == ["§9.3"]


# ---- §9.3, §9.4: fighting a fire with a brazier -------------------------------------------------------------------


def _gate_ablaze(*liquids: Liquid) -> BattleState:
    state = battle(besieged(MAN, GATE_WALL, 3), besieged(MAN, "W3", 2, "x"))
    state = _movement(state, (GATE_WALL, liquids), ("W3", liquids))
    return replace(state, fires=(Fire("gate:G1"),))


def test_water_on_the_burning_gate_is_a_brazier_two_models_pour_from_above() -> None:
    """§9.4: « Un brasier d'eau (…) peut servir à lutter contre un feu »; « L'eau peut être déversée du haut d'une
    section de rempart pour éteindre un feu sur une porte directement dessous »; « Un brasier rempli d'eau réduit
    d'1 point le nombre de dommage infligé lors du prochain tour ». §8.2.2: two models, the brazier spent. From T1
    only, not from W3."""
    state = _gate_ablaze(Liquid.WATER)
    (douse,) = _options(state, "put_out_fire")
    assert (douse.where, douse.actors, douse.targets, douse.most) == (GATE_WALL, ("d1", "d2", "d3"), ("gate:G1",), 2)
    after = _play_default(state, douse, Dice(seed=1))
    assert after.fires[0].doused == 1
    assert after.works_of(GATE_WALL).braziers == ()
    assert {"d1", "d2"} <= after.turn_log.defenders
    assert [r.clause for r in problems(after, a.PutOutFire(GATE_WALL, ("d3",), "gate:G1"))] == ["§9.4"]
    assert [r.clause for r in problems(state, a.PutOutFire("W3", ("x1", "x2"), "gate:G1"))] == ["§9.4"]


def test_oil_on_the_burning_gate_does_d6_at_once_and_spends_the_brazier() -> None:
    """§9.3: « Une structure déjà en feu recevant de l'huile bouillante prend automatiquement 1D6 points de
    dommage »: a 4 takes the main gate from 7 to 3; the oil brazier is gone (§8.2.2)."""
    state = _gate_ablaze(Liquid.OIL)
    (oil,) = _options(state, "oil_on_fire")
    assert (oil.where, oil.targets) == (GATE_WALL, ("gate:G1",))
    after = apply(state, choose(state, oil, *oil.default()), dice(4)).state
    assert (after.gate("G1").structure_points, after.works_of(GATE_WALL).braziers) == (3, ())


def test_a_covered_ram_at_the_gate_burns_below_its_wall() -> None:
    """§8.2.5: « béliers couverts » are wooden structures; the covered ram at G1 is below T1 and may take oil."""
    state = _gate_ablaze(Liquid.OIL)
    state = replace(state, rams=(Ram("R1", covered=True, gate="G1"),), fires=(Fire("ram:R1"),))
    (oil,) = _options(state, "oil_on_fire")
    assert oil.targets == ("ram:R1",)


# ---- §8.2.3: the besiegers knock over the braziers of a section they hold -----------------------------------------


def _held_t2(*groups: list[Model]) -> BattleState:
    state = battle(besiegers(ORC, "T2", 2), *groups)
    return state.with_works(replace(state.works_of("T2"), braziers=(Liquid.OIL, None)))


@pytest.mark.parametrize("phase", [Phase.MOVEMENT, Phase.SHOOTING, Phase.CLOSE_COMBAT])
def test_besiegers_holding_a_section_knock_its_braziers_over(phase: Phase) -> None:
    """§8.2.3: « Des assiégeants ayant pris le contrôle d'une section/niveau où se trouvent des brasiers peuvent le
    renverser à terre automatiquement. Par prendre le contrôle d'une section, on entend qu'il n'y ait plus
    d'assiégés dessus »: offered to the besieger in his turn, no roll."""
    state = replace(_held_t2(), phase=phase)
    (knock,) = _options(state, "knock_over_braziers")
    assert (knock.side, knock.where) == (Side.BESIEGER, "T2")
    assert _play_default(state, knock, Dice(seed=1)).works_of("T2").braziers == ()


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
    assert _options(state, "knock_over_braziers") == []
    assert problems(state, a.KnockOverBraziers("T2"))


# ---- §13.2: magic ----------------------------------------------------------------------------------------------------


def _magic(*groups: list[Model]) -> BattleState:
    return replace(battle(*groups), phase=Phase.MAGIC, active=Side.BESIEGER)


def test_the_walls_ward_a_spell_cast_at_the_fort_only() -> None:
    """§13.2: « Tous les sorts lancés de l'extérieur du château vers le château peuvent être dissipés sur 5 + »: a
    spell at the field meets no ward, so the menu's cast aims at the fort alone."""
    state = _magic(besiegers(WIZARD, "field:east", 1, "w"))
    (cast,) = _options(state, "cast")
    assert cast.targets == ("fort",)
    assert not problems(state, choose(state, cast, *cast.default()))


def test_a_spell_shaking_the_walls_is_offered_to_a_side_with_a_caster() -> None:
    """§13.2: « Les sorts affectant les remparts type tremblement de terre, crevasse...etc ne peuvent pas être
    dissipés par la protection magique des remparts. Ils provoquent une touche de Force 10 causant 1D6 dommages sur
    une section/niveau visée par le sort »: any rampart section still standing; W2 fell into a breach."""
    state = _magic(besiegers(WIZARD, "field:east", 1, "w"))
    state = state.with_works(replace(state.works_of("W2"), collapsed=True))
    (quake,) = _options(state, "earthquake")
    assert quake.side is Side.BESIEGER
    assert quake.targets == ("T1", "W1", "T2", "T3", "W3", "T4", "W4")
    struck = _play_default(state, quake, dice(3))
    assert struck.works_of("T1").damage == 1  # S10 + 3 = 13: shaken (§5.9, R5)


def test_no_spell_without_a_character_to_cast_it() -> None:
    """§13.1: « Les sorts sont utilisés normalement »: a wizard casts them; an orc mob has none."""
    state = _magic(besiegers(ORC, "field:east", 3))
    assert _options(state, "earthquake") == []
    assert [r.clause for r in problems(state, a.Earthquake("W1"))] == ["§13.2"]


# ---- §4.1, §5.9 -------------------------------------------------------------------------------------------------


def test_stones_on_a_unit_already_fleeing_make_no_panic_test() -> None:
    """§8.1.2: « 25 % de pertes occasionnées peuvent provoquer un test de panique »; a unit already fleeing does
    not test again (§4.1). Stones S3 on f1 (T3): a 4 wounds; f2–f4 already flee."""
    state = fleeing(battle(besieged(MAN, "W3", 1), besiegers(MAN, "foot:W3", 4, "f")), "f2", "f3", "f4")
    state = _movement(state).with_works(replace(state.works_of("W3"), stones=1))
    thrown = apply(state, a.ThrowStones("W3", ("d1",), ("f1",)), dice(4))
    assert [m.id for m in thrown.state.fallen] == ["f1"]
    assert "panic" not in [e.params.get("test") for e in thrown.events if e.kind == "leadership_test"]


def test_a_shaken_section_is_offered_no_shooting() -> None:
    """§5.9: « Pas de tir ni de génie au prochain tour »: the archers of a silenced W3 are not offered a volley."""
    state = battle(besieged(ARCHER, "W3", 2), besiegers(ORC, "foot:W3", 2), active=Side.BESIEGED)
    state = replace(state, phase=Phase.SHOOTING).with_works(replace(state.works_of("W3"), silenced=2))
    assert _options(state, "shoot") == []
    assert _options(state, "shoot_engine") == []


def test_a_siege_tower_against_the_wall_is_below_it() -> None:
    """§8.2.5: oil from W3 reaches the siege tower against it."""
    state = _movement(battle(besieged(MAN, "W3", 2), towers=(SiegeTower("ST1", "W3"),)), ("W3", (Liquid.OIL,)))
    (pour,) = _options(state, "pour")
    assert pour.targets == ("siege_tower:ST1",)
