"""How the app plays its side of a solo battle in each rule system (*joué par l'application*): the next action of
its side from the battle as it stands, or ``None`` while it waits for the player. The simple strength plays the
simulator's policies in a siege (:mod:`bots.siege.solo`) and a plain choice among the actions possible in a
skirmish (:mod:`bots.freres.solo`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bots.freres import solo as freres_solo
from bots.siege import solo as siege_solo
from rules.freres.state import Side as Band
from rules.siege.board.state import Side

from .models import AppStrength, RuleSystem
from .selectors import Step

_TURNS: Mapping[str, frozenset[str]] = {
    RuleSystem.WFB_SIEGE: frozenset({"end_phase", "end_turn"}),
    RuleSystem.FRERES: frozenset({"activate", "end_activation"}),
}
"""The actions that close a stretch of one side's play: a siege's step, a skirmish's activation."""


def played_in_turn(system: str, steps: Sequence[Step]) -> int:
    """How many of the app's actions end the log since the last that closed a step or an activation: what it has
    played in the one under way."""
    played = 0
    for step in reversed(steps):
        if not step.by_app or step.entry.action.name in _TURNS[system]:
            break
        played += 1
    return played


def _siege(state: Any, side: str, seed: int, played: int) -> Any:
    return siege_solo.next_action(state, Side(side), seed=seed, played=played)


def _skirmish(state: Any, side: str, seed: int, played: int) -> Any:
    return freres_solo.next_action(state, Band(side), played=played)


Player = Callable[[Any, str, int, int], Any]
"""The next action of a strength in a rule system: ``(state, side, seed, played)``."""

PLAYERS: Mapping[str, Mapping[str, Player]] = {
    AppStrength.SIMPLE: {RuleSystem.WFB_SIEGE: _siege, RuleSystem.FRERES: _skirmish},
}
"""How the app plays at once, by strength (:class:`tracker.models.AppStrength`) and rule system."""
DELIBERATED: Mapping[str, frozenset[str]] = {AppStrength.STRONG: frozenset({RuleSystem.WFB_SIEGE})}
"""The strengths whose decisions the simulation workers make (:mod:`simulations.deliberation`), and in which rule
systems: the strong bot plays sieges (:mod:`bots.siege.strong`). It acts when and where the simple one would, and
chooses what."""
MOST_DELIBERATED_IN_TURN = 40
"""The most decisions the strong bot makes in one step; beyond them the simple policy finishes the step, so that
a game never stalls on a bot that keeps finding something to do."""


def plays(strength: str, system: str) -> bool:
    """Whether the app plays ``system`` at ``strength``."""
    return system in PLAYERS.get(strength, {}) or system in DELIBERATED.get(strength, frozenset())


def next_action(system: str, strength: str, state: Any, side: str, *, seed: int, steps: Sequence[Step]) -> Any:
    """The app's next action at ``strength`` for ``side`` (its stored value) in ``state``, the log's ``steps`` so
    far; a deliberated strength's is the simple one's, which says when it acts."""
    player = PLAYERS[strength if strength in PLAYERS and system in PLAYERS[strength] else AppStrength.SIMPLE]
    return player[system](state, side, seed, played_in_turn(system, steps))


def deliberates(system: str, strength: str, steps: Sequence[Step]) -> bool:
    """Whether the workers choose the app's next action: a deliberated strength, under its decisions' cap."""
    return system in DELIBERATED.get(strength, frozenset()) and (
        played_in_turn(system, steps) < MOST_DELIBERATED_IN_TURN
    )
