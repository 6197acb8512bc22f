"""The rule systems the tracker plays: for each, its engine's battle log, how an action is read and played, which
side plays it, and the two sides in the order of the tracked battle's two players (the first player's side, then
the second's). A tracked battle names its system (:attr:`tracker.models.TrackedBattle.rule_system`); the storage,
the replay, the undo and the result's round trip to the campaign are the same for all."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules import contract
from rules.contract import IllegalAction
from rules.freres.system import FRERES
from rules.log import Log
from rules.siege.system import SIEGE
from wording import freres as freres_wording
from wording import siege as siege_wording
from wording.freres import FreresNames
from wording.siege import SiegeNames

from .labels import BAND_LABELS, SIDE_LABELS
from .models import RuleSystem

RulesEngine = contract.Engine[Any, Any, Any, Any, Any]
"""A rule system's engine, any of them (:class:`rules.contract.Engine`)."""


@dataclass(frozen=True)
class Engine:
    """What the tracker needs of a rule system: its engine (:class:`rules.contract.Engine`), and how its pages
    word it."""

    system: RuleSystem
    rules: RulesEngine
    labels: Mapping[Any, object]
    over: Promise
    """what the board says once the battle is over"""
    names: Callable[[Any], Any]
    """how the pages name the models and places of a state (:class:`wording.Names`); ``None``: before the start"""
    refusal_text: Callable[[Any, IllegalAction], str]
    """a refusal of the engine in the reader's words, named by :attr:`names`"""
    roll_reason: Callable[[Any, str], tuple[str, str]]
    """why a die is rolled in the reader's words, named by :attr:`names`, and its clause"""

    @property
    def battle(self) -> type[Log[Any, Any]]:
        return self.rules.battle

    @property
    def sides(self) -> tuple[Any, Any]:
        """the first player's side, then the second's"""
        return self.rules.sides

    @property
    def format_error(self) -> type[ValueError]:
        return self.rules.format_error

    def start(self, setup: Any) -> Any:
        return self.rules.start(setup)

    def play(self, battle: Any, action: Any, table: Sequence[int] = (), *, state: Any = None) -> tuple[Any, Any]:
        return self.rules.play(battle, action, table, state=state)

    def replay_steps(self, battle: Any) -> Iterator[Any]:
        return self.rules.replay_steps(battle)

    def side_of(self, state: Any, action: Any) -> Any:
        return self.rules.side_of(state, action)

    def read_action(self, data: Mapping[str, Any]) -> Any:
        return self.rules.action.from_json(data)

    def side(self, value: str) -> Any:
        """A side from its stored value."""
        return type(self.sides[0])(value)

    def label(self, side: Any) -> str:
        return str(self.labels[side])


ENGINES: Mapping[str, Engine] = {
    RuleSystem.WFB_SIEGE: Engine(
        RuleSystem.WFB_SIEGE,
        SIEGE,
        SIDE_LABELS,
        _("The siege is over."),
        lambda state: SiegeNames(()) if state is None else SiegeNames.of(state),
        siege_wording.refusal_text,
        siege_wording.roll_reason,
    ),
    RuleSystem.FRERES: Engine(
        RuleSystem.FRERES,
        FRERES,
        BAND_LABELS,
        _("The skirmish is over."),
        lambda state: FreresNames(()) if state is None else FreresNames.of(state),
        freres_wording.refusal_text,
        freres_wording.roll_reason,
    ),
}


def engine_of(system: str) -> Engine:
    return ENGINES[system]
