"""Chapter 10 read clause by clause: the sapper's re-roll is a choice made on seeing the roll (§10.4)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import mining
from rules.siege.engines import MineGoal
from rules.siege.mining import MineDie
from rules.siege.movement import move
from rules.siege.profiles import Special
from rules.siege.state import BattleState, Side, TurnLog
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers, dice, next_turn, refused, with_rules

SAPPER = with_rules(MAN, Special.SAPPER, name="Dwarf sapper")


def _mine(score: int = 0, counter: int = 0) -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(SAPPER, "C2", 8, "c"))
    state = mining.start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])
    if counter:
        state = mining.counter_mine(state, [f"c{n}" for n in range(1, counter + 1)])
    assert state.mine is not None
    return replace(state, mine=replace(state.mine, score=score))


def test_the_sapping_roll_is_re_rolled_after_it_is_seen() -> None:
    """§10.4: « il est possible de relancer une fois par partie le jet établissant le score … le joueur doit se
    plier au second score »: a 1 is seen, then re-rolled into a 5, which stands.
    """
    rolled = mining.dig(_mine(), dice(1)).state
    assert rolled.mine is not None
    assert rolled.mine.score == 1
    again = mining.reroll(rolled, MineDie.SAPPING, dice(5))
    assert again.state.mine is not None
    assert again.state.mine.score == 5
    assert [r.reason for r in again.rolls] == ["sapping_reroll [§10.4]"]
    refused(lambda: mining.reroll(again.state, MineDie.SAPPING, dice(6)), "§10.4")


def test_a_re_roll_follows_a_roll_of_this_turn() -> None:
    """§10.4: « relancer … le jet »: there is nothing to re-roll before this turn's mining roll."""
    refused(lambda: mining.reroll(_mine(), MineDie.SAPPING, dice(6)), "§10.4")
    rolled = mining.dig(_mine(), dice(2)).state
    refused(lambda: mining.reroll(next_turn(rolled), MineDie.SAPPING, dice(6)), "§10.4")


def test_a_re_roll_that_reaches_the_foundations_undermines_and_one_that_falls_short_undoes_it() -> None:
    """§10.3.1: « Lorsque l'assiégeant atteint le score de 8 … Cette section subit automatiquement un 1D4 + 1 points
    de dommage »; with §10.4 the second score decides: 5 + 1 is 6, re-rolled 3 reaches 8 and W2 takes D4 (2) + 1.
    """
    short = mining.dig(_mine(5), dice(1), section="W2").state
    assert short.works_of("W2").damage == 0
    reached = mining.reroll(short, MineDie.SAPPING, dice(3, 2)).state
    assert reached.mine is not None
    assert reached.mine.finished
    assert reached.works_of("W2").damage == 3
    besieged_reroll = mining.counter_mine(_mine(5), [f"c{n}" for n in range(1, 5)])
    hit = mining.dig(besieged_reroll, dice(4, 1, 2), section="W2").state
    assert hit.works_of("W2").damage == 3
    undone = mining.reroll(hit, MineDie.COUNTER, dice(2)).state
    assert undone.mine is not None
    assert (undone.mine.score, undone.mine.finished) == (7, False)
    assert undone.works_of("W2").damage == 0


def test_the_foundations_d4_is_re_rolled_once_after_it_is_seen() -> None:
    """§10.4: « relancer une fois le score du D4 pour déterminer les dommages »: a 1 becomes a 4, W2 takes 5."""
    hit = mining.dig(_mine(7), dice(1, 1), section="W2").state
    assert hit.works_of("W2").damage == 2
    again = mining.reroll(hit, MineDie.FOUNDATIONS, dice(4)).state
    assert again.works_of("W2").damage == 5
    refused(lambda: mining.reroll(again, MineDie.FOUNDATIONS, dice(2)), "§10.4")


def test_the_sappers_roll_before_the_movement_phase() -> None:
    """§10.3.1: « Chaque tour, avant la phase de mouvement, le joueur assiégeant lance 1D6 »: not once models have
    moved this turn.
    """
    moved = replace(_mine(), turn_log=TurnLog(moved=frozenset({"x"})))
    refused(lambda: mining.dig(moved, dice(3)), "§10.3")
    assert mining.dig(_mine(), dice(3)).rolls


def test_sappers_stop_and_rejoin_their_regiment_outside() -> None:
    """§10.1: « Elles peuvent à tout moment cesser leur action de sape et réintégrer leur régiment d'origine si
    celui-ci est encore à l'extérieur du fort »; then nobody digs (§10.3).
    """
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s", "Miners"), besiegers(ORC, "foot:W3", 2, "o", "Miners"))
    state = mining.start_mine(state, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)])
    left = mining.leave_mine(state, Side.BESIEGER)
    assert {str(left.model(f"s{n}").place) for n in range(1, 7)} == {"foot:W3"}
    assert move(left, ["s1"], "ladder:L1", Dice(0)).state.model("s1").place.zone.value == "ladder"
    refused(lambda: mining.dig(left, dice(3)), "§10.3")


def test_sappers_without_a_regiment_outside_do_nothing_the_turn_they_come_out() -> None:
    """§10.1: « Sinon, elles constitueront une unité indépendante qui se déploie à 20 cm des remparts. Elles ne
    peuvent rien faire le tour où elles sont déployées. »
    """
    left = mining.leave_mine(_mine(), Side.BESIEGER)
    assert {left.model(f"s{n}").unit for n in range(1, 7)} == {"sappers"}
    refused(lambda: move(left, ["s1"], "ladder:L1", Dice(0)), "§10.1")


def test_counter_miners_come_up_together_in_a_courtyard_and_wait_a_turn() -> None:
    """§10.2: « les figurines peuvent être déployées en bloc sur une des cases de cour intérieure du château. Elles
    ne peuvent pas agir le tour où elles sont déployées. » — within the courtyard's quota (§1.7).
    """
    state = replace(_mine(counter=8), active=Side.BESIEGED)
    up = mining.leave_mine(state, Side.BESIEGED, courtyard="C3")
    assert len(up.at("C3", Side.BESIEGED)) == 8
    assert up.mine is not None
    assert up.mine.counter_miners == ()
    refused(lambda: move(up, ["c1"], "C2", Dice(0)), "§10.2")
    assert move(next_turn(up), ["c1"], "C2", Dice(0)).state.model("c1").place.ref == "C2"
    refused(lambda: mining.leave_mine(state, Side.BESIEGED, courtyard="W1"), "§10.2")
    crowded = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(SAPPER, "C2", 8, "c"), besieged(MAN, "C3", 25, "x"))
    crowded = mining.counter_mine(
        mining.start_mine(crowded, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)]), [f"c{n}" for n in range(1, 9)]
    )
    refused(lambda: mining.leave_mine(crowded, Side.BESIEGED, courtyard="C3"), "§1.7")
