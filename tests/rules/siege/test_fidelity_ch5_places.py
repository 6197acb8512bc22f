"""Chapters 5, 8 and 9 read clause by clause: who may shoot at what, and onto what a rampart's defences fall."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import shooting
from rules.siege.defences import drop_rock, pour_brazier, pour_on_fire
from rules.siege.engines import Fire, Liquid, SiegeTower
from rules.siege.game import menu_options
from rules.siege.state import BattleState, Phase, Side
from rules.siege.structure import main_gate_wall
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, dice, next_turn, refused


def test_only_the_besieged_shoot_at_the_besiegers_engines() -> None:
    """§5.3: « le joueur assiégé a toujours le choix de tirer sur les machines type tour de siège et bélier »: a
    besieger archer may not shoot his own side's siege tower; a besieged one may.
    """
    state = battle(besiegers(ARCHER, "foot:W1", 1), besieged(ARCHER, "W2", 1, "x"))
    refused(lambda: shooting.shoot_engine(state, ["a1"], "siege_tower:ST1", Dice(0)), "§5.3")
    theirs = replace(state, active=Side.BESIEGED)
    assert shooting.shoot_engine(theirs, ["x1"], "siege_tower:ST1", Dice(0)).rolls


def test_only_the_besiegers_shoot_at_the_forts_gates_and_walls() -> None:
    """§5.5: « Une unité peut choisir de tirer sur une porte »; §5.7: « Les tirs … sur les structures du château »
    — the fort's own defenders do not shoot its gate or its walls.
    """
    state = battle(besieged(ARCHER, "W2", 1), besiegers(ARCHER, "foot:C1", 1, "a"), active=Side.BESIEGED)
    refused(lambda: shooting.shoot_gate(state, ["d1"], "G1", Dice(0)), "§5.5")
    refused(lambda: shooting.shoot_structure(state, ["d1"], "T2", Dice(0)), "§5.7")
    theirs = replace(state, active=Side.BESIEGER)
    assert shooting.shoot_gate(theirs, ["a1"], "G1", Dice(0)).rolls
    assert shooting.shoot_structure(theirs, ["a1"], "T2", Dice(0)).events[0].kind == "structure_damage"


def test_the_dead_angle_is_for_shots_from_the_rampart_at_the_walls_foot() -> None:
    """§5.1: « Les troupes tirant du rempart ont un malus de - 1 pour tirer sur toute figurine située dans l'angle
    mort formé par le rempart »: not for a shooter in the courtyard, nor at a model inside the fort.
    """
    state = battle(
        besieged(ARCHER, "W3", 1),
        besieged(ARCHER, "C2", 1, "c"),
        besiegers(ORC, "foot:W3", 1),
        besiegers(ORC, "W4", 1, "w"),
        active=Side.BESIEGED,
    )
    assert shooting.shoot(state, ["d1"], ["a1"], Dice(0), dead_angle=True).rolls
    refused(lambda: shooting.shoot(state, ["c1"], ["a1"], Dice(0), dead_angle=True), "§5.1")
    refused(lambda: shooting.shoot(state, ["d1"], ["w1"], Dice(0), dead_angle=True), "§5.1")


def _oil(liquid: Liquid) -> BattleState:
    wall = main_gate_wall(battle(), "G1")
    state = battle(besieged(MAN, wall, 2), besieged(MAN, "W3", 2, "x"), besiegers(ORC, f"foot:{wall}", 1))
    state = replace(state, fires=(Fire("gate:G1"),))
    for section in (wall, "W3"):
        state = state.with_works(replace(state.works_of(section), braziers=(liquid,)))
    return state


def test_water_puts_out_a_fire_on_the_gate_directly_below_only() -> None:
    """§9.4: « L'eau peut être déversée du haut d'une section de rempart pour éteindre un feu sur une porte
    directement dessous » — from the main gate's wall, not from W3, and not on a siege tower.
    """
    state = _oil(Liquid.WATER)
    wall = main_gate_wall(state, "G1")
    poured = pour_on_fire(state, wall, Liquid.WATER, ["d1", "d2"], "gate:G1", Dice(0))
    assert poured.state.fires[0].doused == 1
    refused(lambda: pour_on_fire(state, "W3", Liquid.WATER, ["x1", "x2"], "gate:G1", Dice(0)), "§9.4")
    tower = replace(state, siege_towers=(SiegeTower("ST1", "W3"),), fires=(Fire("siege_tower:ST1"),))
    refused(lambda: pour_on_fire(tower, "W3", Liquid.WATER, ["x1", "x2"], "siege_tower:ST1", Dice(0)), "§9.4")


def test_boiling_oil_sets_alight_only_what_stands_below() -> None:
    """§8.2.5: « Les structures en bois … peuvent s'enflammer »: a siege tower against W3 takes the oil from W3;
    the main gate, elsewhere, does not.
    """
    state = replace(_oil(Liquid.OIL), siege_towers=(SiegeTower("ST1", "W3"),), fires=())
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


def test_a_model_shoots_once_a_turn_whatever_it_shoots_at() -> None:
    """A shooter's turn is one volley, however the shots are named."""
    # §5.2: « Les modificateurs de tir habituels s'appliquent » — the usual shooting phase, in which a model shoots
    # once; §9.2: « Le joueur décide de tirer des projectiles enflammés pour l'unité ce tour. Tous les membres de
    # l'unité … doivent alors tirer » — one volley a turn for the unit. a1 shot at the defenders in a first call and
    # may not shoot again in a second one, at a model, a gate or a wall; a2 still may, and a1 again next turn.
    state = battle(besiegers(ARCHER, "foot:W3", 2), besieged(MAN, "W3", 3))
    after = shooting.shoot(state, ["a1"], ["d1"], dice(1, 1, 1)).state
    refused(lambda: shooting.shoot(after, ["a1"], ["d2"], Dice(0)), "§5")
    refused(lambda: shooting.shoot(after, ["a1", "a2"], ["d2"], Dice(0)), "§5")
    refused(lambda: shooting.shoot_gate(after, ["a1"], "G1", Dice(0)), "§5")
    refused(lambda: shooting.shoot_structure(after, ["a1"], "W3", Dice(0)), "§5")
    assert shooting.shoot(after, ["a2"], ["d2"], dice(1, 1, 1)).rolls
    assert shooting.shoot(next_turn(after), ["a1"], ["d2"], dice(1, 1, 1)).rolls
    menu = menu_options(replace(after, phase=Phase.SHOOTING))
    assert {o.actors for o in menu if o.name in ("shoot", "shoot_gate", "shoot_structure")} == {("a2",)}


def test_a_defender_shoots_once_a_turn_at_an_engine_too() -> None:
    """A besieged archer who shot at a siege tower's occupants may not shoot at the tower again this turn."""
    # §5.2: « Les modificateurs de tir habituels s'appliquent »; §5.3: « le joueur assiégé a toujours le choix de
    # tirer sur les machines … ou bien de tirer sur le régiment » — one choice, one volley a turn.
    state = battle(besieged(ARCHER, "W2", 2), active=Side.BESIEGED)
    after = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(6, 1, 1, 1)).state
    refused(lambda: shooting.shoot_engine(after, ["d1"], "siege_tower:ST1", Dice(0)), "§5")
    assert shooting.shoot_engine(after, ["d2"], "siege_tower:ST1", dice(6, 1, 1, 1)).rolls
