"""Frères d'Armes as a rule system played turn by turn (:class:`rules.contract.Engine`): its battle log and how it
plays, its two bands, who plays an action and the actions it accepts."""

from __future__ import annotations

from rules.contract import Engine, TurnSystem
from rules.freres import battle, game, legal
from rules.freres.actions import Action
from rules.freres.state import Side, Skirmish

__all__ = ["FRERES"]

FRERES: Engine[battle.Battle, battle.Setup, Skirmish, Action, Side] = TurnSystem(
    battle.RULES, (Side.A, Side.B), game.side_of, legal.legal_actions
)
"""The skirmish of 003."""
