"""The siege as a rule system played turn by turn (:class:`rules.contract.Engine`): its battle log and how it plays,
its two sides, who plays an action and the actions it accepts."""

from __future__ import annotations

from rules.contract import Engine, TurnSystem
from rules.siege import battle, game
from rules.siege.actions import Action
from rules.siege.board.state import BattleState, Side
from rules.siege.menus import legal

__all__ = ["SIEGE"]

SIEGE: Engine[battle.Battle, battle.Setup, BattleState, Action, Side] = TurnSystem(
    battle.RULES, (Side.BESIEGER, Side.BESIEGED), game.side_of, legal.legal_actions
)
"""The siege of 001 and 002."""
