"""The one way into the skirmish engine: :func:`apply` plays an action, :func:`problems` says why it may not be
played (like ``Board.push`` and ``Board.is_legal`` in python-chess); :mod:`rules.freres.legal` lists what may be.

A turn opens with the initiative roll (II §1.1); then the sides activate their models one at a time::

    >>> from rules.dice import Dice
    >>> from rules.freres.actions import Activate, RollInitiative, Strike
    >>> from rules.freres.example import example_skirmish
    >>> state = example_skirmish()
    >>> [str(p) for p in problems(state, Activate("a1"))]
    ['§1.1: initiative_first']
    >>> state = apply(state, RollInitiative(), Dice(seed=3)).state
    >>> state.phase.value, state.to_play.value
    ('activation', 'b')
"""

from __future__ import annotations

from rules import contract
from rules.contract import Refusal
from rules.dice import Dice, DieValueError, ReplayMismatch
from rules.freres import actions as a
from rules.freres.play import Handler, Play
from rules.freres.play_arms import HANDLERS as ARMS
from rules.freres.play_melee import HANDLERS as MELEE
from rules.freres.play_move import HANDLERS as MOVES
from rules.freres.play_other import HANDLERS as OTHERS
from rules.freres.play_shoot import HANDLERS as SHOTS
from rules.freres.play_sundry import HANDLERS as SUNDRY
from rules.freres.play_turn import HANDLERS as TURN
from rules.freres.state import IllegalAction, Outcome, Phase, Side, Skirmish
from rules.validation import BadValue, refusal_of

__all__ = ["Refusal", "apply", "problems", "side_of"]


def side_of(state: Skirmish, action: a.Action) -> Side:
    """The side that plays ``action``: its model's, or the side to play."""
    actor = action.actor
    if actor is not None and state.has(actor):
        return state.model(actor).side
    return state.to_play


def _turn_problems(state: Skirmish, action: a.Action) -> list[Refusal]:
    if state.over:
        return [Refusal("skirmish_over", "§1.3")]
    if isinstance(action, a.RollInitiative):
        if state.phase is not Phase.INITIATIVE:
            return [Refusal("initiative_rolled", "§1.1")]
        return []
    if state.phase is Phase.INITIATIVE:
        return [Refusal("initiative_first", "§1.1")]
    if state.pending is not None and not isinstance(action, a.Defend):
        return [
            Refusal("defend_first", "§4.1.1", target_model=state.pending.target, attacker_model=state.pending.attacker)
        ]
    try:
        action.check_choices()
    except ValueError as bad:
        facts = bad.facts if isinstance(bad, BadValue) else {}
        return [Refusal("bad_choice", action.clause, action=action.name, **facts)]
    actor = action.actor
    if actor is not None:
        if not state.has(actor):
            return [Refusal("no_such_model", "§1", id=actor)]
        if not state.model(actor).in_play:
            return [Refusal("out_of_battle", "§2.6.1", model=actor, out=str(state.model(actor).out))]
    return []


def problems(state: Skirmish, action: a.Action) -> list[Refusal]:
    """Why ``action`` may not be played now, each refusal naming its clause; empty when it may. The action is tried
    on the state (a value, left as it was) with dice of its own: the rules refuse before they roll."""
    return contract.problems(_turn_problems, _play, state, action)


def apply(state: Skirmish, action: a.Action, dice: Dice) -> Outcome:
    """Play ``action`` with ``dice``: the new state, its events and the dice it rolled. An action the rules forbid
    raises :class:`~rules.freres.state.IllegalAction` naming its clause, and nothing changes."""
    return contract.apply(_turn_problems, _play, state, action, dice)


def _play(state: Skirmish, action: a.Action, dice: Dice) -> Outcome:
    mark = dice.mark()
    play = Play(state, dice)
    try:
        HANDLERS[type(action)](play, action)
    except (IllegalAction, DieValueError, ReplayMismatch):
        raise
    except ValueError as bad:
        raise refusal_of(bad, action.clause, action.name) from None
    play.settle()
    return Outcome(play.state, tuple(play.events), dice.since(mark))


HANDLERS: dict[type[a.Action], Handler] = {**TURN, **MOVES, **MELEE, **SHOTS, **OTHERS, **SUNDRY, **ARMS}
"""Each action's rules, by its type."""
