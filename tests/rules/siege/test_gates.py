"""§6 gates and doors, ruling R4: the main gate, posterns and service doors (§1.3.3, §6.1, §6.2), locked and
unlocked, struck, blocked (§6.3, breaches included) and reinforced (§6.4), by hand and from the menu.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.actions import TakeGate
from rules.siege.board.fort import Connection, ConnectionKind, GateKind, standard_fort
from rules.siege.board.profiles import Profile, TroopType
from rules.siege.board.state import BattleState, IllegalAction, Model, Phase, Side, TurnLog, new_battle
from rules.siege.chapters import gates, shooting
from rules.siege.chapters.blocking import block, fight_blocker, gate_open, take_gate
from rules.siege.chapters.game_length import end_player_turn
from rules.siege.chapters.gates import (
    attack_gate,
    gate_kind,
    gate_statuses,
    is_destroyed,
    reinforce,
    starting_points,
    unlock_gate,
)
from rules.siege.chapters.gates import toughness as toughness_of
from rules.siege.chapters.melee import fight
from rules.siege.chapters.movement import move
from rules.siege.chapters.structure import hit_section
from rules.siege.game import Option, apply, choose, menu_options, problems
from tests.rules.siege.builders import (
    ARCHER,
    FORT,
    GIANT,
    MAN,
    OGRE,
    ORC,
    TREEMAN,
    battle,
    besieged,
    besiegers,
    dice,
    gate_battle,
    ids,
    next_turn,
    problem_clauses,
    refused,
    with_service_door,
)


@pytest.mark.parametrize(
    ("name", "toughness", "structure_points"),
    [
        pytest.param("main", 9, 7, id="§6.1-main-T9-7SP"),
        pytest.param("postern", 8, 4, id="§6.2-postern-T8-4SP"),
        pytest.param("service", 4, 1, id="§6.2-service-T4-1SP"),
    ],
)
def test_gate_kinds(name: str, toughness: int, structure_points: int) -> None:
    """R4."""
    kind = gate_kind(name)
    assert (toughness_of(kind), starting_points(kind)) == (toughness, structure_points)


def test_destroyed_at_zero() -> None:
    """§6.1, R4."""
    assert is_destroyed(0)
    assert not is_destroyed(1)


@pytest.mark.parametrize(
    ("kind", "sp", "defenders", "after"),
    [
        pytest.param(GateKind.MAIN_GATE, 5, 2, 6, id="§6.4-two-defenders-regain-one"),
        pytest.param(GateKind.MAIN_GATE, 5, 1, 5, id="§6.4-one-defender-is-not-enough"),
        pytest.param(GateKind.MAIN_GATE, 7, 3, 7, id="§6.4-never-above-start"),
        pytest.param(GateKind.POSTERN, 3, 2, 4, id="§6.4-postern"),
        pytest.param(GateKind.POSTERN, 0, 4, 0, id="R4-destroyed-stays-destroyed"),
        pytest.param(GateKind.SERVICE_DOOR, 1, 2, 1, id="§6.4-service-door-not-reinforced"),
    ],
)
def test_reinforce(kind: GateKind, sp: int, defenders: int, after: int) -> None:
    assert reinforce(kind, sp, defenders=defenders) == after


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="gate must be one of 'main', 'postern', 'service', got 'drawbridge'"):
        gate_kind("drawbridge")
    with pytest.raises(ValueError, match="structure_points must be between 0 and 4, got 5"):
        reinforce(GateKind.POSTERN, 5, defenders=2)


CATAPULT = Profile("Catapult", ws=0, bs=0, s=0, t=7, w=3, troop_type=TroopType.WAR_MACHINE)
"""A war machine's model as the simulator's plans field it: no weapon skill, no strength of its own (§5.7)."""


def _menu(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def _besieged_move(*groups: list[Model]) -> BattleState:
    return replace(battle(*groups, active=Side.BESIEGED), phase=Phase.MOVEMENT, turn=1)


def test_a_gate_is_reinforced_by_two_models_at_least() -> None:
    """§6.4: « Une porte principale et une porte de poterne peuvent être renforcées par les assiégés tant que deux
    figurines au moins se tiennent dans la section intégrant la porte »: one man in C1 is not offered to reinforce
    G1; two are, two at least.
    """
    assert not _menu(_besieged_move(besieged(MAN, "C1", 1)), "reinforce_gate")
    (option,) = _menu(_besieged_move(besieged(MAN, "C1", 2)), "reinforce_gate")
    assert (option.where, option.actors, option.least, option.most) == ("gate:G1", ("d1", "d2"), 2, 2)


def test_the_main_gate_is_blocked_only_by_a_large_creature_of_ratio_two() -> None:
    """§6.3.5: « La porte principale peut être bloquée seulement par une grande créature avec quota d'occupation de
    2 (troll, ogre, minautore, ushabti...) »; §12.1.2 « Les grandes créatures ne peuvent pas bloquer une porte
    normale ». In C1 the ogre alone is offered at G1, one model; in C3 the men alone at the postern P1. Models
    reinforcing P1 do nothing else (§6.4 « Ils ne peuvent rien faire d'autre »).
    """
    state = _besieged_move(besieged(MAN, "C1", 3), besieged(OGRE, "C1", 1, "o"), besieged(MAN, "C3", 3, "p"))
    state = state.with_gate(replace(state.gate("P1"), reinforcers=("p1", "p2")))
    blocks = {o.where: (o.actors, o.most) for o in _menu(state, "block")}
    assert blocks == {"gate:G1": (("o1",), 1), "gate:P1": (("p3",), 1)}


def test_a_postern_takes_two_models_tries_a_turn_each_model_striking_once() -> None:
    """§6.2: « Deux figurines maximum peuvent essayer de briser une porte chaque tour (touches automatiques) »;
    §6.1 a model strikes a gate once a turn. At the postern P1 of C3, six orcs are offered, two at most; once f1 has
    tried, one more, not f1.
    """
    state = replace(battle(besiegers(ORC, "foot:C3", 6, "f")), phase=Phase.CLOSE_COMBAT, turn=1)
    (option,) = _menu(state, "attack_gate")
    assert (option.where, option.actors, option.most) == ("gate:P1", tuple(ids("f", 6)), 2)
    tried = apply(state, a.AttackGate("P1", ("f1",)), Dice(seed=1)).state
    (again,) = _menu(tried, "attack_gate")
    assert (again.actors, again.most) == (tuple(ids("f", 6)[1:]), 1)
    assert problems(tried, choose(tried, again, again.actors[:1], None)) == []


def test_war_machines_do_not_strike_a_gate_nor_its_blocker() -> None:
    """§6.1 « Toute figurine en contact avec la porte peut tenter de la détruire », with its own strength against
    the gate's toughness (R4), and §6.3.3 a blocker is fought in close combat: a catapult at the foot of C3 has
    neither weapon skill nor strength, and is offered for neither; the orc beside it is.
    """
    state = battle(besiegers(CATAPULT, "foot:C3", 1, "m"), besiegers(ORC, "foot:C3", 1, "f"), besieged(MAN, "C3", 1))
    state = replace(state.with_gate(replace(state.gate("P1"), blocker="d1")), phase=Phase.CLOSE_COMBAT, turn=1)
    assert [(o.where, o.actors) for o in _menu(state, "attack_gate")] == [("gate:P1", ("f1",))]
    assert [(o.where, o.actors) for o in _menu(state, "fight_blocker")] == [("gate:P1", ("f1",))]


def test_service_doors_exist_only_when_the_layout_has_them() -> None:
    """§1.3.3: « Elles ne figurent dans un siège que si les PJ décident d'adopter les règles de combats
    d'intérieur »: the standard fort has none; a layout that draws one lets 6 models a turn through it (§2.1.1)."""
    plain = standard_fort(1500)
    assert not [c for c in plain.connections if c.kind is ConnectionKind.SERVICE_DOOR]
    refused(
        lambda: move(battle(besieged(MAN, "C1", 1), active=Side.BESIEGED), ["d1"], "C3", dice()),
        "§2.1.1",
    )
    state = new_battle(with_service_door(plain), besieged(MAN, "C1", 7))
    moved = move(state, ids("d", 6), "C3", dice()).state
    assert len(moved.at("C3")) == 6
    refused(lambda: move(moved, ["d7"], "C3", dice()), "§2.1.1")


DOOR_FORT = replace(FORT, connections=(*FORT.connections, Connection("C1", "C3", ConnectionKind.SERVICE_DOOR)))


def _door(*groups: list[Model]) -> BattleState:
    state = new_battle(DOOR_FORT, [m for g in groups for m in g], gates=gate_statuses(DOOR_FORT))
    return replace(state, active=Side.BESIEGER)


def test_a_service_door_is_locked_until_broken_or_unlocked() -> None:
    """§6.2: « Durant l'assaut, les portes secondaires sont fermées de l'intérieur. Seule une figurine qui se trouve
    du côté de la fermeture peut déverrouiller une porte, mais elle perdra tout son mouvement. Cependant, les
    figurines alliées peuvent passer. »
    """
    state = _door(besiegers(ORC, "C1", 7))
    refused(lambda: move(state, ["a1", "a2"], "C3", Dice(0)), "§6.2")
    unlocked = unlock_gate(state, "C1/C3", "a1")
    refused(lambda: move(unlocked, ["a1"], "C3", Dice(0)), "§2.1")
    through = move(unlocked, [f"a{n}" for n in range(2, 8)], "C3", Dice(0)).state
    assert len(through.at("C3")) == 6
    broken = state.with_gate(replace(state.gate("C1/C3"), structure_points=0))
    assert len(move(broken, ["a1"], "C3", Dice(0)).state.at("C3")) == 1


def test_a_blocked_service_door_stays_shut_to_the_enemy() -> None:
    """§6.3.1: « Une figurine seulement peut bloquer l'entrée d'une porte »: unlocked but blocked, it stays shut."""
    state = _door(besiegers(ORC, "C1", 2), besieged(MAN, "C3", 1))
    state = replace(
        state, gates=tuple(replace(g, unlocked=True, blocker="d1") if g.id == "C1/C3" else g for g in state.gates)
    )
    refused(lambda: move(state, ["a1"], "C3", Dice(0)), "§6.3.1")


def test_a_postern_is_unlocked_from_its_courtyard_only() -> None:
    """§6.2: the besieger who has come over the wall into the postern's courtyard C3 unlocks it and his friends
    outside come in; a model outside cannot, and the main gate is never unlocked, only broken (§6.1).
    """
    state = battle(besiegers(ORC, "C3", 1, "i"), besiegers(ORC, "foot:C3", 3))
    refused(lambda: move(state, ["a1"], "C3", Dice(0)), "§12.4")  # a closed postern is a wall to them
    refused(lambda: unlock_gate(state, "P1", "a1"), "§6.2")
    opened = unlock_gate(state, "P1", "i1")
    assert len(move(opened, ["a1", "a2", "a3"], "C3", Dice(0)).state.at("C3")) == 4
    at_gate = battle(besiegers(ORC, "C1", 1))
    refused(lambda: unlock_gate(at_gate, "G1", "a1"), "§6.2")


def test_a_blocked_breach_lets_nobody_through() -> None:
    """§6.3.5: « Une brèche dans un niveau inférieur de la muraille peut seulement être bloquée par une grande
    créature »; « Les mêmes règles s'appliquent »: while it blocks, the besiegers do not walk past it.
    """
    state = battle(besiegers(replace(ORC, t=9), "foot:W4", 2), besieged(replace(TREEMAN, t=9), "C3", 1, "t"))
    state = state.with_works(replace(state.works_of("W4"), damage=9))
    state, _ = hit_section(state, "W4", 10, "1", Dice(0), "S10")
    courtyard = next(c.b for c in state.fort.connections if c.a == "W4" and c.kind is ConnectionKind.BREACH)
    blocked = state.with_works(replace(state.works_of("W4"), blocker="t1"))
    refused(lambda: move(blocked, ["a1"], courtyard, Dice(0)), "§6.3.5")
    assert len(move(state, ["a1"], courtyard, Dice(0)).state.at(courtyard, Side.BESIEGER)) == 1


def test_a_breach_is_open_again_once_its_blocker_is_dead() -> None:
    """§6.3.2: « La figurine qui bloque est tuée » ends the block: the besiegers then go through the breach."""
    state = battle(besiegers(replace(ORC, t=9), "foot:W4", 2), besieged(replace(TREEMAN, t=9), "W4", 1, "t"))
    state = state.with_works(replace(state.works_of("W4"), damage=9))
    state, _ = hit_section(state, "W4", 10, "1", Dice(0), "S10")
    courtyard = next(c.b for c in state.fort.connections if c.a == "W4" and c.kind is ConnectionKind.BREACH)
    blocked = state.with_works(replace(state.works_of("W4"), blocker="t1"))
    dead = blocked.with_models({"t1": None})
    assert dead.works_of("W4").blocker is None
    assert len(move(dead, ["a1"], courtyard, Dice(0)).state.at(courtyard, Side.BESIEGER)) == 1


def _blocked_gate() -> BattleState:
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "foot:C3", 3))
    return block(state, "d1", "gate:P1")


def test_a_model_strikes_the_main_gate_once_a_turn() -> None:
    """§6.1: « Toute figurine en contact avec la porte peut tenter de la détruire » — every model in contact, each
    once a turn: a1 struck in a first action and may not strike again in a second one; a3 still may.
    """
    state = battle(besiegers(ORC, "foot:C1", 3))
    after = attack_gate(state, "G1", ["a1", "a2"], Dice(0)).state
    refused(lambda: attack_gate(after, "G1", ["a1"], Dice(0)), "§6.1")
    assert attack_gate(after, "G1", ["a3"], Dice(0)).state.turn_log.breakers("G1") == ("a1", "a2", "a3")
    assert attack_gate(next_turn(after), "G1", ["a1"], Dice(0)).rolls


def test_a_blocker_is_attacked_by_one_enemy_once_a_turn() -> None:
    """§6.3.3: « Une seule figurine ennemie peut attaquer une figurine bloquant »: after a drawn fight at the
    postern (both miss), a second attacker cannot try again this turn; next turn it may.
    """
    drawn = fight_blocker(_blocked_gate(), "gate:P1", ["a1"], dice(1, 1)).state
    assert drawn.gate("P1").blocker == "d1"
    refused(lambda: fight_blocker(drawn, "gate:P1", ["a2"], Dice(0)), "§6.3.3")
    assert fight_blocker(next_turn(drawn), "gate:P1", ["a2"], dice(1, 1)).rolls


def test_the_attacker_who_kills_a_gates_blocker_may_take_the_gate_and_block_it() -> None:
    """The attacker who killed the blocker of postern P1 blocks it in turn, from where it stands, though it came
    this turn; another attacker may not, nor the killer in a later turn."""
    # §6.3.4: « Si l'attaquant gagne, il peut prendre possession de la porte et bloquer à son tour s'il le désire. »
    state = _blocked_gate()
    state = replace(state, turn_log=replace(state.turn_log, moved=frozenset({"a1", "a2"})))
    # d1 misses (1); a1 hits on a 4 and wounds on a 4: d1 falls
    won = fight_blocker(state, "gate:P1", ["a1"], dice(1, 4, 4)).state
    assert won.gate("P1").blocker is None
    refused(lambda: take_gate(won, "P1", "a2"), "§6.3.4")
    refused(lambda: take_gate(next_turn(won), "P1", "a1"), "§6.3.4")
    taken = take_gate(won, "P1", "a1")
    assert taken.gate("P1").blocker == "a1"
    unlocked = taken.with_gate(replace(taken.gate("P1"), unlocked=True))
    assert gate_open(unlocked, "P1", Side.BESIEGER)
    assert not gate_open(unlocked, "P1", Side.BESIEGED)
    menu = menu_options(replace(won, phase=Phase.CLOSE_COMBAT))
    assert Option("take_gate", Side.BESIEGER, "gate:P1", ("a1",)) in menu
    taken_by_action = apply(replace(won, phase=Phase.CLOSE_COMBAT), TakeGate("a1", "P1"), Dice(0)).state
    assert taken_by_action.gate("P1").blocker == "a1"


def _gate(log: TurnLog | None = None) -> BattleState:
    state = battle(besieged(ARCHER, "C1", 3), besiegers(ORC, "foot:C1", 2), active=Side.BESIEGED, log=log or TurnLog())
    return state.with_gate(replace(state.gate("G1"), structure_points=5))


def test_reinforcers_do_nothing_else() -> None:
    """§6.4: « tant que deux figurines au moins se tiennent dans la section intégrant la porte … Ils ne peuvent rien
    faire d'autre »: once set to reinforce, d1 and d2 neither shoot nor move; d3 still may.
    """
    state = gates.reinforce_gate(_gate(), "G1", ["d1", "d2"]).state
    refused(lambda: shooting.shoot(state, ["d1"], ["a1"], Dice(0)), "§6.4")
    refused(lambda: move(state, ["d2"], "C2", Dice(0)), "§6.4")
    assert shooting.shoot(state, ["d3"], ["a1"], Dice(0)).rolls
    after, _ = gates.reinforce_gates(state)
    assert after.gate("G1").structure_points == 6


def test_models_that_acted_this_turn_do_not_reinforce() -> None:
    """§6.4: a model that has moved or thrown stones this turn has done something else: two idle ones are needed,
    and at the edge one idle model with one busy is not enough.
    """
    moved = _gate(TurnLog(moved=frozenset({"d1"})))
    refused(lambda: gates.reinforce_gate(moved, "G1", ["d1", "d2"]), "§6.4")
    assert gates.reinforce_gate(moved, "G1", ["d2", "d3"]).state.gate("G1").reinforcers == ("d2", "d3")
    refused(lambda: gates.reinforce_gate(_gate(), "G1", ["d1"]), "§6.4")
    thrown = _gate(TurnLog(defenders=frozenset({"d3"})))
    refused(lambda: gates.reinforce_gate(thrown, "G1", ["d2", "d3"]), "§6.4")


def test_reinforcers_are_not_offered_to_shoot() -> None:
    """§6.4: « Ils ne peuvent rien faire d'autre »: in the shooting step the menu offers d3 alone of the crossbowmen
    of C1, d1 and d2 reinforcing the gate, and the volley it offers is accepted."""
    state = gates.reinforce_gate(_gate(), "G1", ["d1", "d2"]).state
    state = replace(state, phase=Phase.SHOOTING)
    (shoot,) = [o for o in menu_options(state) if o.name == "shoot"]
    assert shoot.actors == ("d3",)
    assert problems(state, choose(state, shoot, *shoot.default())) == []


BRUTE = replace(ORC, name="Brute", s=6)
"""S6 wounds a postern's T8 and the main gate's T9 on 6s: an attack on either rolls."""


def _postern_battle() -> BattleState:
    return battle(besieged(MAN, "C1", 2), besiegers(BRUTE, "foot:C3", 3, "f"), active=Side.BESIEGER)


def test_block_main_gate_with_an_ogre_and_not_a_breach() -> None:
    """§6.3.5, §12.1.2: ratio 2 blocks the main gate; a breach takes a ratio above 2."""
    state = block(gate_battle(OGRE), "d1", "gate:G1")
    assert state.gate("G1").blocker == "d1"
    with pytest.raises(IllegalAction) as error:
        block(battle(besieged(GIANT, "W3", 1)), "d1", "breach:W3")
    assert error.value.clause == "§6.3.5"
    assert TREEMAN.ratio > 2


def test_reinforcing_regains_one_point_at_the_end_of_the_besieged_turn() -> None:
    """§6.4, R4."""
    state = replace(gate_battle(), active=Side.BESIEGED, first=Side.BESIEGED)
    state = state.with_gate(replace(state.gate("G1"), structure_points=5))
    state = gates.reinforce_gate(state, "G1", ["d1", "d2"]).state
    after = end_player_turn(state, dice())
    assert after.state.gate("G1").structure_points == 6


def test_a_refused_gate_attack_rolls_nothing() -> None:
    """§6.1: d1 is no attacker at the main gate; f1, who would roll to hit on 3+, is checked with it before any
    die, so the log stays empty.
    """
    state = battle(besieged(MAN, "C1", 1), besiegers(ORC, "foot:C1", 1, "f"))
    rolled = dice()
    refused(lambda: gates.attack_gate(state, "G1", ["f1", "d1"], rolled), "§6.1")
    assert rolled.log == ()


def test_a_model_strikes_a_gate_once() -> None:
    """§6.1, §6.2: naming f1 twice would strike twice, and pass the two models a postern allows with one."""
    with pytest.raises(IllegalAction, match=r"^§6.1: named_twice \(models=f1\)$"):
        gates.attack_gate(gate_battle(), "P1", ["f1", "f1"], dice())


@pytest.mark.parametrize(
    ("first", "then", "message"),
    [
        pytest.param(
            ["f1", "f2"],
            ["f3"],
            r"^§6.2: door_breakers_limit \(gate=P1, kind=postern, most=2, tried=2, named=1, turn=1\)$",
            id="§6.2-two-then-a-third",
        ),
        pytest.param(
            ["f1"],
            ["f2", "f3"],
            r"^§6.2: door_breakers_limit \(gate=P1, kind=postern, most=2, tried=1, named=2, turn=1\)$",
            id="§6.2-one-then-two-more",
        ),
        pytest.param(
            ["f1"],
            ["f1"],
            r"^§6.2: tried_the_door_already \(models=f1, gate=P1, turn=1\)$",
            id="§6.2-the-same-model-again",
        ),
    ],
)
def test_two_models_a_turn_try_to_break_a_postern(first: list[str], then: list[str], message: str) -> None:
    """§6.2: "deux figurines maximum peuvent essayer de briser une porte chaque tour" counts across the turn's
    attacks on the door, and is refused before any die; in the side's next turn two may try again.
    """
    state = gates.attack_gate(_postern_battle(), "P1", first, dice(1, 1)).state
    rolled = dice(6, 6)
    with pytest.raises(IllegalAction, match=message) as error:
        gates.attack_gate(state, "P1", then, rolled)
    assert error.value.clause == "§6.2"
    assert rolled.log == ()
    assert gates.attack_gate(next_turn(state), "P1", then, dice(6, 6)).state.gate("P1").structure_points == 4 - len(
        then
    )


def test_the_main_gate_takes_any_number_of_attackers_a_turn() -> None:
    """§6.1: "toute figurine en contact avec la porte peut tenter de la détruire": §6.2's two a turn is for the
    secondary doors only.
    """
    state = battle(besiegers(BRUTE, "foot:C1", 3, "f"), active=Side.BESIEGER)
    state = gates.attack_gate(state, "G1", ["f1", "f2"], dice(1, 1)).state
    assert gates.attack_gate(state, "G1", ["f3"], dice(3, 6)).state.gate("G1").structure_points == 6


def _gates(active: Side = Side.BESIEGED) -> BattleState:
    state = battle(
        besieged(MAN, "C3", 3, "p"),
        besieged(MAN, "C1", 2, "g"),
        besiegers(ORC, "foot:C3", 2, "o"),
        active=active,
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_a_model_on_the_inner_side_unlocks_the_postern() -> None:
    """§6.2: « Seule une figurine qui se trouve du côté de la fermeture peut déverrouiller une porte, mais elle
    perdra tout son mouvement »: the menu offers P1's unlocking to one of C3's models free to move, and none to
    those in C1 or outside; the main gate is broken, never unlocked."""
    state = _gates()
    (option,) = menu_options(state, "unlock_gate")
    assert option == Option("unlock_gate", Side.BESIEGED, "gate:P1", ("p1", "p2", "p3"), most=1)
    action = choose(state, option, ("p2",), None)
    assert action == a.UnlockGate("P1", "p2")
    after = apply(state, action, Dice(seed=1)).state
    assert after.gate("P1").unlocked
    assert "p2" in after.turn_log.moved
    assert menu_options(after, "unlock_gate") == []
    assert problem_clauses(state, a.UnlockGate("P1", "g1")) == ["§6.2"]
    assert problem_clauses(state, a.UnlockGate("G1", "g1")) == ["§6.2"]
    assert problem_clauses(_gates(Side.BESIEGER), a.UnlockGate("P1", "o1")) == ["§6.2"]


def test_an_unlocked_or_broken_postern_has_nothing_to_unlock() -> None:
    """§6.2: the door is « fermée de l'intérieur » until unlocked or broken: once either, no unlocking is offered
    and none is accepted (it would only cost a model its move)."""
    state = _gates()
    unlocked = state.with_gate(replace(state.gate("P1"), unlocked=True))
    broken = state.with_gate(replace(state.gate("P1"), structure_points=0))
    for done in (unlocked, broken):
        assert menu_options(done, "unlock_gate") == []
        assert problem_clauses(done, a.UnlockGate("P1", "p1")) == ["§6.2"]


def test_a_model_that_has_moved_or_rallied_does_not_unlock() -> None:
    """§6.2 « elle perdra tout son mouvement »: a model that has moved has no movement left to give; one that
    has just rallied does nothing this turn (§3.4)."""
    state = replace(_gates(), turn_log=TurnLog(moved=frozenset({"p1"}), rallied=frozenset({"p2"})))
    assert [o.actors for o in menu_options(state, "unlock_gate")] == [("p3",)]
    assert problem_clauses(state, a.UnlockGate("P1", "p1")) == ["§6.2"]
    assert problem_clauses(state, a.UnlockGate("P1", "p2")) == ["§3.4"]


def _postern(*attackers: str) -> BattleState:
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "foot:C3", len(attackers)))
    return block(state, "d1", "gate:P1")


def test_gate_blocker_holds_against_two_in_turn() -> None:
    """§6.3.3: at +1 the blocker hits on 3, wounds T4 on 5; a2 steps up for the second combat and falls too;
    no combat result (§6.3.4).
    """
    result = fight_blocker(_postern("a1", "a2"), "gate:P1", ["a1", "a2"], dice(3, 5, 3, 5))
    assert {m.id for m in result.state.fallen} == {"a1", "a2"}
    assert [e.clause for e in result.events if e.kind == "block_held"] == ["§6.3.4"]
    assert result.state.results == ()


def test_gate_blocker_killed_opens_the_door() -> None:
    """§6.3.4: the blocker misses on a 1; a1 hits on 4 and wounds on 6."""
    result = fight_blocker(_postern("a1"), "gate:P1", ["a1"], dice(1, 4, 6))
    assert result.state.gate("P1").blocker is None
    assert [e.kind for e in result.events][-1] == "block_broken"


@pytest.mark.parametrize(
    "attackers",
    [
        pytest.param(["a1", "a2", "a3"], id="§6.3.3-one-attacker-and-one-replacement"),
        pytest.param(["d1"], id="§6.3.3-attackers-are-enemies"),
    ],
)
def test_duel_refusals(attackers: list[str]) -> None:
    refused(lambda: fight_blocker(_postern("a1", "a2", "a3"), "gate:P1", attackers, dice()), "§6.3.3")


def test_blocker_engaged_from_another_access_stops_blocking() -> None:
    """§6.3.1: enemies coming into C3 from C2 leave the blocker blocking; §6.3.2: once engaged, it blocks no more."""
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "C2", 1))
    state = block(state, "d1", "gate:P1")
    state = move(state, ["a1"], "C3", dice()).state
    assert state.gate("P1").blocker == "d1"
    result = fight(state, "C3", [("a1", "d1")], dice(1, 1))
    assert result.state.gate("P1").blocker is None
    assert any(e.clause == "§6.3.2" for e in result.events)
