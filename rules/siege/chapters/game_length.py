"""Game length (*durée de la partie*, §16).

Six turns; at the end of the besieger's turn 5 the besieged rolls a D6 and the game ends at once on 5 or 6 (R10)::

    >>> last_turn(5), last_turn(2)
    (5, 6)
"""

from __future__ import annotations

from rules.dice import D6, Dice, reason
from rules.fast.members import BESIEGED, BESIEGER
from rules.siege.board.state import BattleState, Event, Outcome, end_turn, outcome
from rules.siege.board.values import replace
from rules.siege.chapters.fire import burn
from rules.siege.chapters.gates import reinforce_gates
from rules.validation import check_range

__all__ = ["EARLY_END_DIE", "EARLY_END_FACES", "EARLY_END_TURN", "TURNS", "end_player_turn", "last_turn"]


TURNS = 6
EARLY_END_TURN = 5
EARLY_END_DIE = D6
EARLY_END_FACES = frozenset({5, 6})


def last_turn(roll: int) -> int:
    """The game's last turn given the besieged's D6 ``roll`` at the end of the besieger's turn 5 (§16, R10)."""
    check_range("roll", roll, 1, 6)
    return EARLY_END_TURN if roll in EARLY_END_FACES else TURNS


def end_player_turn(state: BattleState, dice: Dice) -> Outcome:
    """Close the active player's turn: gates regain points after the besieged's turn (§6.4, R4); after the
    besieger's turn 5 the besieged rolls for the game's end (R10); then the next player turn starts with the fire
    table (§9.3, R1).
    """
    mark = dice.mark()
    events: list[Event] = []
    if state.active is BESIEGED:
        state, more = reinforce_gates(state)
        events.extend(more)
    if state.active is BESIEGER and state.turn == EARLY_END_TURN and state.last_turn is None:
        roll = dice.roll(EARLY_END_DIE, reason("game_length_roll", "§16"))
        state = replace(state, last_turn=last_turn(roll))
        events.append(Event("game_length", "§16", {"roll": roll, "last_turn": state.last_turn}))
    if state.active is BESIEGER and state.last_turn is not None and state.turn >= state.last_turn:
        state = replace(state, over=True)
        events.append(Event("game_over", "§16", {"turn": state.turn}))
        return outcome(state, events, dice, mark)
    fires = burn(end_turn(state), dice)
    return Outcome(fires.state, (*events, *fires.events), dice.since(mark))
