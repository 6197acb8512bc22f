"""The siege as a rule system played turn by turn (:class:`rules.contract.Engine`): its battle log, its actions,
its two sides and the calls that start, play and replay a siege."""

from __future__ import annotations

from rules.contract import Engine
from rules.siege import actions, game
from rules.siege import battle as log
from rules.siege.board.state import BattleState, Side
from rules.siege.menus import legal

__all__ = ["SIEGE", "Siege"]


class Siege:
    """The siege of 001 and 002, as :class:`~rules.contract.Engine` asks."""

    battle = log.Battle
    action = actions.Action
    format_error = actions.ActionFormatError
    sides = (Side.BESIEGER, Side.BESIEGED)
    start = staticmethod(log.start)
    play = staticmethod(log.play)
    replay_steps = staticmethod(log.replay_steps)
    side_of = staticmethod(game.side_of)
    legal_actions = staticmethod(legal.legal_actions)


SIEGE: Engine[log.Battle, log.Setup, BattleState, actions.Action, Side] = Siege()
