"""The app's side of a solo siege (*joué par l'application*): the next action the simulator's simple policies
(:mod:`bots.siege.policies`) would play for one side, from any state of a battle played one action at a time.

The policies play a whole step at once; here the step the state is at is played on a probe that stops at the first
action of the app's side the rules accept, so a human's actions may come between two of the app's and the next is
read from the battle as it then stands. On its own turn the app answers what it owes (§3.3.2, §4.1), plays its
step, then ends it (§16); on the other side's turn it answers what the rules make it answer at once, and the
besieged defends its walls in the besieger's movement (§7.1.6, §8.1.2, §8.2.2). It never holds a game up: when it
has nothing to play in its own step it ends the step, and ``None`` means only that it waits for the other side.

    >>> from rules.siege.example import example_start
    >>> from rules.siege.board.state import Side
    >>> state = example_start()  # the set-up: the besieged first (§16)
    >>> next_action(state, Side.BESIEGED, seed=1)
    EndPhase()
    >>> next_action(state, Side.BESIEGER, seed=1) is None
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.siege import policies
from rules.siege import actions as a
from rules.siege.battle import action_dice
from rules.siege.board.obligations import at_once, pending
from rules.siege.board.state import BattleState, IllegalAction, Phase, SetupTurn, Side
from rules.siege.game import apply, side_of
from rules.siege.menus.legal import choose, menu_options

__all__ = ["MAX_STEP_ACTIONS", "next_action"]

MAX_STEP_ACTIONS = 200
"""The most actions the app plays in one step of its own before ending it: a bound no step of the policies reaches,
there so that a game can never stall on an action the rules keep offering."""


class _Found(Exception):
    """The probe's first action of the app's side that the rules accept."""

    def __init__(self, action: a.Action) -> None:
        super().__init__(action.name)
        self.action = action


@dataclass
class _Probe(policies.Game):
    """A game the policies play on without changing it: another side's action is passed over, and the first action
    of ``side`` the rules accept stops the probe (:class:`_Found`)."""

    side: Side = Side.BESIEGED

    def act(self, action: a.Action) -> bool:
        if side_of(self.state, action) is not self.side:
            return False
        try:
            apply(self.state, action, action_dice(self.seed, self.played))
        except IllegalAction:
            return False
        raise _Found(action)


def _own_step(game: _Probe) -> None:
    """The policies' step for the side to play, the set-up's part included (§16)."""
    state = game.state
    if state.phase is Phase.SETUP:
        turn = state.setup_turn
        if turn is SetupTurn.FIELD or turn is SetupTurn.SHARED:
            policies._besieger_setup(game)
        if turn is SetupTurn.COURTYARDS or turn is SetupTurn.SHARED:
            policies._besieged_setup(game)
        return
    policies._STEPS[state.active].get(state.phase, policies._nothing)(game)


def _reactions(game: _Probe) -> None:
    """The besieged's answers in the besieger's movement: stones, rocks and braziers, then the ladders pushed back
    (§8.1.2, §8.2.2, §7.1.6)."""
    state = game.state
    if game.side is Side.BESIEGED and state.active is Side.BESIEGER and state.phase is Phase.MOVEMENT:
        policies._defences(game)
        policies._push_backs(game)


def _settling(state: BattleState, side: Side, *, now: bool) -> a.Action | None:
    """The first option of the first obligation ``side`` owes (only those settled at once when ``now``), with its
    default details, as the policies settle them (§3.1.2, §3.3, §4.1)."""
    for obligation in at_once(state) if now else pending(state):
        option = obligation.options[0]
        if option.side is side:
            return choose(state, option, *option.default())
    return None


def _ending(state: BattleState, side: Side) -> a.Action | None:
    """The end of ``side``'s step, or of its turn after the close combat (§16), when the menu offers it."""
    if state.active is not side:
        return None
    offered = {o.name for o in menu_options(state) if o.side is side}
    if "end_phase" in offered and state.phase is not Phase.CLOSE_COMBAT:
        return a.EndPhase()
    if "end_turn" in offered:
        return a.EndTurn()
    return None


def next_action(
    state: BattleState, side: Side, *, seed: int, played: int = 0, orders: policies.Orders | None = None
) -> a.Action | None:
    """The action the simple policies play next for ``side`` in ``state``; ``None`` while it waits for the other
    side (the siege over, an answer owed by the other side, the other side's turn with nothing to answer).

    ``played`` is how many actions ``side`` has played in the step so far: at :data:`MAX_STEP_ACTIONS` it ends the
    step. ``orders`` are the policies' (:func:`bots.siege.policies.orders_for` the state when none). ``seed`` rolls
    the dice of the trial each action is checked with; the action itself rolls none here.
    """
    if state.over:
        return None
    if at_once(state):  # an answer owed at once comes before anything else (R34)
        return _settling(state, side, now=True)
    if state.active is side and played >= MAX_STEP_ACTIONS:
        return _ending(state, side) or _settling(state, side, now=False)
    game = _Probe(state, seed, orders or policies.orders_for(state), side=side)
    try:
        if state.active is side:
            _own_step(game)
        else:
            _reactions(game)
    except _Found as found:
        return found.action
    return _settling(state, side, now=False) or _ending(state, side)
