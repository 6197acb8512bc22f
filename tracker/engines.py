"""The rule systems the tracker plays: for each, its engine's battle log, how an action is read and played, which
side plays it, and the two sides in the order of the tracked battle's two players (the first player's side, then
the second's). A tracked battle names its system (:attr:`tracker.models.TrackedBattle.rule_system`); the storage,
the replay, the undo and the result's round trip to the campaign are the same for all."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.contract import IllegalAction
from rules.freres import actions as freres_actions
from rules.freres import battle as freres_battle
from rules.freres import game as freres_game
from rules.freres.state import Side as Band
from rules.siege import actions as siege_actions
from rules.siege import battle as siege_battle
from rules.siege import game as siege_game
from rules.siege.state import Side
from wording import freres as freres_wording
from wording import siege as siege_wording
from wording.freres import FreresNames
from wording.siege import SiegeNames

from .labels import BAND_LABELS, SIDE_LABELS
from .models import RuleSystem


@dataclass(frozen=True)
class Engine:
    """What the tracker needs of a rule system's engine."""

    system: RuleSystem
    battle: type[Any]
    """the engine's battle log class (:class:`rules.log.Log`)"""
    start: Callable[[Any], Any]
    play: Callable[..., tuple[Any, Any]]
    replay_steps: Callable[[Any], Iterator[Any]]
    side_of: Callable[[Any, Any], Any]
    action_type: type[Any]
    format_error: type[Exception]
    sides: tuple[Any, Any]
    """the first player's side, then the second's"""
    labels: Mapping[Any, object]
    over: Promise
    """what the board says once the battle is over"""
    names: Callable[[Any], Any]
    """how the pages name the models and places of a state (:class:`wording.Names`); ``None``: before the start"""
    refusal_text: Callable[[Any, IllegalAction], str]
    """a refusal of the engine in the reader's words, named by :attr:`names`"""
    roll_reason: Callable[[Any, str], tuple[str, str]]
    """why a die is rolled in the reader's words, named by :attr:`names`, and its clause"""

    def read_action(self, data: Mapping[str, Any]) -> Any:
        return self.action_type.from_json(data)

    def side(self, value: str) -> Any:
        """A side from its stored value."""
        return type(self.sides[0])(value)

    def label(self, side: Any) -> str:
        return str(self.labels[side])


ENGINES: Mapping[str, Engine] = {
    RuleSystem.SIEGE: Engine(
        RuleSystem.SIEGE,
        siege_battle.Battle,
        siege_battle.start,
        siege_battle.play,
        siege_battle.replay_steps,
        siege_game.side_of,
        siege_actions.Action,
        siege_actions.ActionFormatError,
        (Side.BESIEGER, Side.BESIEGED),
        SIDE_LABELS,
        _("The siege is over."),
        lambda state: SiegeNames(()) if state is None else SiegeNames.of(state),
        siege_wording.refusal_text,
        siege_wording.roll_reason,
    ),
    RuleSystem.FRERES: Engine(
        RuleSystem.FRERES,
        freres_battle.Battle,
        freres_battle.start,
        freres_battle.play,
        freres_battle.replay_steps,
        freres_game.side_of,
        freres_actions.Action,
        freres_actions.ActionFormatError,
        (Band.A, Band.B),
        BAND_LABELS,
        _("The skirmish is over."),
        lambda state: FreresNames(()) if state is None else FreresNames.of(state),
        freres_wording.refusal_text,
        freres_wording.roll_reason,
    ),
}


def engine_of(system: str) -> Engine:
    return ENGINES[system]
