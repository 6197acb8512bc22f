"""Chapter 7 (ladders) read clause by clause: where climbers may go and when a ladder stands again."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege.blocking import block, end_block, fight_blocker
from rules.siege.engines import Ladder
from rules.siege.ladders import erect_ladder, push_back
from rules.siege.movement import move
from rules.siege.state import Place, Side, TurnLog, Zone
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers, dice, next_turn, refused


def test_nobody_climbs_a_ladder_lying_on_the_ground() -> None:
    """§7.1.5: climbers go up « une échelle … érigée »; a ladder pushed back lies at the foot and is no way up until
    it is raised again (§7.1.6).
    """
    state = battle(besiegers(ORC, "foot:W3", 2), ladders=(Ladder("L1", "W3", raised=False),))
    refused(lambda: move(state, ["a1", "a2"], "ladder:L1", Dice(0)), "§2.1.1")
    standing = battle(besiegers(ORC, "foot:W3", 2))
    assert len(move(standing, ["a1", "a2"], "ladder:L1", Dice(0)).state.at("ladder:L1")) == 2


def test_a_ladder_pushed_back_is_raised_again_from_the_next_turn() -> None:
    """§7.1.6: « L'échelle peut être à nouveau érigée automatiquement dès le tour prochain si des assiégeants se
    tiennent au pied du rempart »: not in the turn it fell, and not without besiegers at its foot.
    """
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "ladder:L1", 2), besiegers(ORC, "foot:W3", 2, "f"))
    pushed = push_back(state, "L1", ["d1"], dice(6, 1, 1)).state
    assert not pushed.ladder("L1").raised
    refused(lambda: erect_ladder(pushed, "L1", "W3", ["f1", "f2"]), "§7.1.4")
    later = next_turn(pushed)
    again = erect_ladder(later, "L1", "W3", ["f1", "f2"]).state
    assert again.ladder("L1").raised
    assert [m.place for m in again.at("ladder:L1")] == [Place(Zone.LADDER, "L1")] * 2
    nobody = next_turn(battle(besieged(MAN, "W3", 1), ladders=(Ladder("L1", "W3", raised=False),)))
    refused(lambda: erect_ladder(nobody, "L1", "W3"), "§7.1.4")


def test_the_push_back_is_the_besiegers_turn_only() -> None:
    """§7.1.5: « Cette action s'effectue exceptionnellement pendant le tour du joueur assiégeant lors de sa phase de
    mouvement »; in his own turn the besieged pushes over only an unoccupied ladder (§7.1.6 note).
    """
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "ladder:L1", 2), active=Side.BESIEGED)
    refused(lambda: push_back(state, "L1", ["d1"], dice(6)), "§7.1.6")


def test_only_a_model_that_tried_to_push_blocks_the_ladder() -> None:
    """§7.1.7: « Seule une figurine ayant tenté de repousser peut bloquer »: d2, who did not push, may not; d1, who
    did, may; after a blocker has killed its attackers, a friend may take its place (§7.1.8).
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "ladder:L1", 2))
    tried = push_back(state, "L1", ["d1"], dice(1)).state
    refused(lambda: block(tried, "d2", "ladder:L1"), "§7.1.7")
    assert block(tried, "d1", "ladder:L1").ladder("L1").blocker == "d1"
    refused(lambda: block(state, "d1", "ladder:L1"), "§7.1.7")
    held = replace(state, turn_log=TurnLog(held=frozenset({"L1"})))
    assert block(held, "d2", "ladder:L1").ladder("L1").blocker == "d2"


def test_a_drawn_ladder_fight_goes_on_between_the_same_two() -> None:
    """§7.1.8: « Si l'assaillant et le bloquant ont fait une égalité, ils continuent à combattre normalement.
    Personne ne peut venir les remplacer. » — next turn c2 may not take c1's place, nor a friend d2 the blocker's.
    """
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )
    drawn = fight_blocker(state, "ladder:L1", ["c1"], dice(1, 1)).state
    assert drawn.ladder("L1").duel == "c1"
    later = next_turn(drawn)
    refused(lambda: fight_blocker(later, "ladder:L1", ["c2"], Dice(0)), "§7.1.8")
    refused(lambda: end_block(later, "ladder:L1"), "§7.1.8")
    assert fight_blocker(later, "ladder:L1", ["c1"], dice(1, 1)).state.ladder("L1").duel == "c1"


def test_the_friend_taking_over_a_blocker_does_not_push_the_ladder() -> None:
    """§7.1.8: « Il peut également se retirer du blocage et laisser sa place à une figurine alliée qui jouera dès
    lors le rôle de bloquant (mais qui ne pourra pas tenter de repousser l'échelle) »; the blocker who stays may.
    """
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"}), pushers=frozenset({"d1"}), held=frozenset({"L1"})),
    )
    assert push_back(state, "L1", ["d1"], dice(5)).rolls
    relieved = block(end_block(state, "ladder:L1"), "d2", "ladder:L1")
    assert relieved.ladder("L1").blocker == "d2"
    refused(lambda: push_back(relieved, "L1", ["d2"], dice(6)), "§7.1.6")


def test_the_climbers_sent_up_a_new_ladder_count_in_its_four_a_turn() -> None:
    """§2.1.1: « 4 figurines peuvent grimper sur une échelle lors d'un tour de mouvement », those sent up as it is
    raised (§7.1.5) included: after 4 at the raising and on to the rampart, a fifth may not climb this turn.
    """
    state = battle(besiegers(ORC, "foot:W3", 7), ladders=(Ladder("L1", "W3", raised=False),))
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False, carriers=("a1", "a2", "a3", "a4")),))
    raised = erect_ladder(state, "L1", "W3", ["a1", "a2", "a3", "a4"]).state
    up = move(raised, ["a1", "a2", "a3", "a4"], "W3", Dice(0)).state
    refused(lambda: move(up, ["a5"], "ladder:L1", Dice(0)), "§2.1.1")
    two = erect_ladder(state, "L1", "W3", ["a1", "a2"]).state
    assert len(move(two, ["a5", "a6"], "ladder:L1", Dice(0)).state.at("ladder:L1")) == 4
