"""Limits the supplement sets a turn, counted over the whole turn rather than one action (chapters 6 and 8)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import ladders
from rules.siege.actions import TakeGate
from rules.siege.blocking import block, fight_blocker, gate_open, take_gate
from rules.siege.defences import throw_stones
from rules.siege.engines import Ladder
from rules.siege.game import Option, apply, menu_options
from rules.siege.gates import attack_gate
from rules.siege.state import BattleState, Phase, Side, TurnLog
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers, dice, next_turn, refused


def test_a_model_strikes_the_main_gate_once_a_turn() -> None:
    """§6.1: « Toute figurine en contact avec la porte peut tenter de la détruire » — every model in contact, each
    once a turn: a1 struck in a first action and may not strike again in a second one; a3 still may.
    """
    state = battle(besiegers(ORC, "foot:C1", 3))
    after = attack_gate(state, "G1", ["a1", "a2"], Dice(0)).state
    refused(lambda: attack_gate(after, "G1", ["a1"], Dice(0)), "§6.1")
    assert attack_gate(after, "G1", ["a3"], Dice(0)).state.turn_log.breakers("G1") == ("a1", "a2", "a3")
    assert attack_gate(next_turn(after), "G1", ["a1"], Dice(0)).rolls


def _blocked_gate() -> BattleState:
    state = battle(besieged(MAN, "C3", 1), besiegers(ORC, "foot:C3", 3))
    return block(state, "d1", "gate:P1")


def test_a_blocker_is_attacked_by_one_enemy_once_a_turn() -> None:
    """§6.3.3: « Une seule figurine ennemie peut attaquer une figurine bloquant »: after a drawn fight at the
    postern (both miss), a second attacker cannot try again this turn; next turn it may.
    """
    drawn = fight_blocker(_blocked_gate(), "gate:P1", ["a1"], dice(1, 1)).state
    assert drawn.gate("P1").blocker == "d1"
    refused(lambda: fight_blocker(drawn, "gate:P1", ["a2"], Dice(0)), "§6.3.3")
    assert fight_blocker(next_turn(drawn), "gate:P1", ["a2"], dice(1, 1)).rolls


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
