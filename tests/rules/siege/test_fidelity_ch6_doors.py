"""Chapters 6, 7, 9 and 10 read clause by clause: locked doors, blocked breaches, rams, volleys and the tunnel."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import fire, shooting
from rules.siege.engines import Budget, Mine, MineGoal, Ram
from rules.siege.fort import Connection, ConnectionKind
from rules.siege.gates import gate_statuses, unlock_gate
from rules.siege.mining import through_tunnel
from rules.siege.movement import move
from rules.siege.rams import carry_ram, drop_ram
from rules.siege.state import BattleState, Model, Side, new_battle
from rules.siege.structure import hit_section
from tests.rules.siege.builders import (
    ARCHER,
    FORT,
    MAN,
    ORC,
    TREEMAN,
    battle,
    besieged,
    besiegers,
    next_turn,
    refused,
)

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


def test_a_ram_never_enters_the_fort() -> None:
    """§7.2.1: « Un bélier ne peut jamais pénétrer dans l'enceinte d'un fort »: its carriers do not walk in through
    the broken gate with it; having dropped it, they may.
    """
    state = replace(battle(besiegers(ORC, "foot:C1", 6)), rams=(Ram("R1"),))
    state = carry_ram(state, "R1", [f"a{n}" for n in range(1, 7)])
    state = state.with_gate(replace(state.gate("G1"), structure_points=0))
    refused(lambda: move(state, ["a1", "a2"], "C1", Dice(0)), "§7.2.1")
    assert len(move(drop_ram(state, "R1"), ["a1", "a2"], "C1", Dice(0)).state.at("C1")) == 2


def _dug(*groups: list[Model], active: Side = Side.BESIEGER) -> BattleState:
    state = battle(*groups, active=active)
    return replace(state, mine=Mine(MineGoal.TUNNEL, ("s1",), score=10, finished=True))


def test_the_tunnel_brings_models_from_outside_in_the_besiegers_turn() -> None:
    """§10.3.2: « lors de chaque tour de l'assiégeant, jusqu'à 6 figurines choisies parmi une unité présente à
    l'extérieur du fort »: not in the besieged's turn, not from a ladder.
    """
    refused(lambda: through_tunnel(_dug(besiegers(ORC, "foot:W3", 2), active=Side.BESIEGED), ["a1"], "C2"), "§10.3.2")
    refused(lambda: through_tunnel(_dug(besiegers(ORC, "ladder:L1", 2)), ["a1", "a2"], "C2"), "§10.3.2")
    assert len(through_tunnel(_dug(besiegers(ORC, "foot:W3", 2)), ["a1", "a2"], "C2").at("C2")) == 2


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
