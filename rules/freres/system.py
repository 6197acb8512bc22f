"""Frères d'Armes as a rule system played turn by turn (:class:`rules.contract.Engine`): its battle log, its
actions, its two bands and the calls that start, play and replay a skirmish."""

from __future__ import annotations

from rules.contract import Engine
from rules.freres import action_form, actions, game, legal
from rules.freres import battle as log
from rules.freres.state import Side, Skirmish

__all__ = ["FRERES", "Freres"]


class Freres:
    """The skirmish of 003, as :class:`~rules.contract.Engine` asks."""

    battle = log.Battle
    action = actions.Action
    format_error = action_form.ActionFormatError
    sides = (Side.A, Side.B)
    start = staticmethod(log.start)
    play = staticmethod(log.play)
    replay_steps = staticmethod(log.replay_steps)
    side_of = staticmethod(game.side_of)
    legal_actions = staticmethod(legal.legal_actions)


FRERES: Engine[log.Battle, log.Setup, Skirmish, actions.Action, Side] = Freres()
