"""The strong bot (*l'application, niveau fort*): flat Monte Carlo over the menu, with the simple policies of
:mod:`bots.siege.policies` playing each game out.

At a decision of a side, :func:`rank` lists that side's candidate actions from the menu of
:func:`rules.siege.menus.legal.menu_options` (:func:`candidates`), and for each plays it, then plays the game to its end
with the simple policies of both sides, many times over, round-robin over the candidates so that each gets its
share of the budget. A candidate is scored by the side's expected *victory point difference* at the end (§17): its
own victory points less the enemy's. The difference rather than its own points alone, because the side with more
victory points wins (§17) and many actions (a push-back, §7.1.6; a stone thrown, §8.1.2) change the enemy's points
and not one's own. :func:`decide` plays the best.

Round ``r`` of a decision rolls the same dice for every candidate (game ``r`` of the decision's seed,
:func:`bots.siege.assault.game_seed`): the candidates are compared on the same luck, which narrows the difference
between them for a given number of games (common random numbers). With ``max_games`` the clock is not looked at:
the ranking is then a function of the state and the seed alone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from bots.siege.assault import game_seed
from bots.siege.policies import Game, Orders, orders_for, play_out
from rules.siege import actions as a
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, IllegalAction, Phase, Side
from rules.siege.chapters.victory import victory_points
from rules.siege.game import side_of
from rules.siege.menus.legal import Option, choose, menu_options

__all__ = ["DEFAULT_BUDGET_S", "Duel", "Ranked", "candidates", "decide", "rank", "rollout"]

DEFAULT_BUDGET_S = 2.0
"""Seconds of worker time a decision by default."""
_SLACK = 0.05
"""A game is started only when the longest game so far still fits in the budget with this share of it to spare."""
_EACH_TARGET = frozenset({"move", "charge", "flee", "retreat", "dig", "bring_ram", "erect_ladder", "sortie", "tunnel"})
"""The options whose every target is a candidate of its own: where to go, which gate, which section."""
MAX_TARGETS = 8
"""The most targets of one option tried apart; beyond them the option's first ones stand for it."""
_ENDING = frozenset({"end_phase", "end_turn"})
_MOST_EXTRA = 20
"""The most actions the strong bot plays before the one the sequence asked of it (:class:`Duel`)."""


@dataclass(frozen=True)
class Ranked:
    """A candidate action with the mean victory point difference (the side's less the enemy's, §17) of the
    ``games`` played out after it; 0.0 when none was played."""

    action: a.Action
    expected_vp: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "expected_vp": round(self.expected_vp, 3), "games": self.games}


def candidates(state: BattleState, side: Side) -> list[a.Action]:
    """The actions ``side`` may choose from now, in the menu's order, each once: one per option with its default
    models and target (:meth:`Option.default`), one per target for a move, a charge, a flight, a retreat or any
    option whose target is where to go (up to :data:`MAX_TARGETS`); « end the step » when the menu offers it to
    ``side``, « end the turn » only when the step cannot end otherwise (the end of the turn, §16).
    """
    menu = [o for o in menu_options(state) if o.side is side]
    ends_step = any(o.name == "end_phase" for o in menu)
    found: dict[a.Action, None] = {}
    for option in menu:
        if option.name == "end_turn" and ends_step:
            continue
        for action in _choices(state, option):
            found.setdefault(action, None)
    return list(found)


def _choices(state: BattleState, option: Option) -> list[a.Action]:
    actors, target = option.default()
    targets = option.targets[:MAX_TARGETS] if option.name in _EACH_TARGET and option.targets else (target,)
    made = []
    for aim in targets:
        try:
            made.append(choose(state, option, actors, aim))
        except (IllegalAction, ValueError, KeyError, IndexError, StopIteration):
            continue  # a detail the menu leaves open that this choice cannot fill: not a candidate
    return made


def rollout(state: BattleState, side: Side, action: a.Action, orders: Orders, seed: int) -> int | None:
    """One game: ``action`` played in ``state``, then the game played out by the simple policies, its dice seeded
    ``seed``; ``side``'s victory points less the enemy's at the end (§17). None when a rule refuses ``action``."""
    game = Game(state, seed, orders)
    if not game.act(action):
        return None
    play_out(game)
    points = victory_points(game.state)
    return points.total(side) - points.total(side.enemy)


def rank(
    state: BattleState,
    side: Side,
    *,
    seed: int,
    budget_s: float = DEFAULT_BUDGET_S,
    max_games: int | None = None,
    orders: Orders | None = None,
) -> list[Ranked]:
    """``side``'s candidate actions (:func:`candidates`), best first by expected victory point difference (§17), each
    with the games it was scored on; ties keep the menu's order. Games are played round-robin until ``max_games``
    in all when given (the clock then unread), else until ``budget_s`` seconds are spent: a game starts only when
    the longest game so far still fits. A candidate a rule refuses is left out; those the budget left without a game
    come last. ``orders``: what the simple policies read beyond the state (:func:`bots.siege.policies.orders_for`
    when not given).
    """
    if max_games is not None and max_games < 0:
        raise ValueError(f"max_games must be at least 0, got {max_games}")
    if budget_s <= 0:
        raise ValueError(f"budget_s must be above 0, got {budget_s}")
    return _rank(state, candidates(state, side), side, seed, budget_s, max_games, orders or orders_for(state))


def _rank(
    state: BattleState,
    actions: list[a.Action],
    side: Side,
    seed: int,
    budget_s: float,
    max_games: int | None,
    orders: Orders,
) -> list[Ranked]:
    totals = [0] * len(actions)
    games = [0] * len(actions)
    refused = [False] * len(actions)
    deadline = time.perf_counter() + budget_s * (1 - _SLACK)
    played = 0
    longest = 0.0
    round_ = 0
    while any(not r for r in refused):
        seed_r = game_seed(seed, round_)
        for i, action in enumerate(actions):
            if refused[i]:
                continue
            if max_games is not None:
                if played >= max_games:
                    return _ranked(actions, totals, games, refused)
            elif time.perf_counter() + longest > deadline:
                return _ranked(actions, totals, games, refused)
            began = time.perf_counter()
            score = rollout(state, side, action, orders, seed_r)
            longest = max(longest, time.perf_counter() - began)
            played += 1
            if score is None:
                refused[i] = True
            else:
                totals[i] += score
                games[i] += 1
        round_ += 1
    return []


def _ranked(actions: list[a.Action], totals: list[int], games: list[int], refused: list[bool]) -> list[Ranked]:
    found = [
        Ranked(action, totals[i] / games[i] if games[i] else 0.0, games[i])
        for i, action in enumerate(actions)
        if not refused[i]
    ]
    order = sorted(range(len(found)), key=lambda i: (found[i].games == 0, -found[i].expected_vp, i))
    return [found[i] for i in order]


def decide(
    state: BattleState,
    side: Side,
    *,
    seed: int,
    budget_s: float = DEFAULT_BUDGET_S,
    max_games: int | None = None,
    orders: Orders | None = None,
) -> a.Action | None:
    """The action the strong bot plays for ``side`` now: the best of :func:`rank`, or the only candidate without a
    game played; None when the menu offers ``side`` nothing."""
    found = candidates(state, side)
    if len(found) <= 1:
        return found[0] if found else None
    ranked = rank(state, side, seed=seed, budget_s=budget_s, max_games=max_games, orders=orders)
    return ranked[0].action if ranked else None


class Duel(Game):
    """A game in which ``strong`` is played by the strong bot and the other side by the simple policies.

    The simple policies still lead the turn's sequence for both sides (:func:`bots.siege.policies.play_out`): the
    set-up (§16) as planned, the steps in their order, each step ended when the policy has nothing more to do. Each
    time they would play an action of ``strong`` past the set-up, in its own turn or in answer to the enemy's (a
    push-back, §7.1.6; a stone, §8.1.2; a charge reaction, §3.1.2; a panic test, §4.1), the strong bot picks
    instead among all ``strong``'s candidates but the ending of the step or the turn, which stays with the sequence.
    """

    def __init__(
        self,
        state: BattleState,
        seed: int,
        orders: Orders,
        strong: Side,
        *,
        budget_s: float = DEFAULT_BUDGET_S,
        max_games: int | None = None,
    ) -> None:
        super().__init__(state, seed, orders)
        self.strong = strong
        self.budget_s = budget_s
        self.max_games = max_games
        self.decisions = 0
        self._extra = 0
        self.longest_s = 0.0

    def act(self, action: a.Action) -> bool:
        state = self.state
        if state.phase is Phase.SETUP or action.name in _ENDING or side_of(state, action) is not self.strong:
            return super().act(action)
        due = [o for obligation in pending(state) for o in obligation.options if o.side is self.strong]
        found = (
            list(dict.fromkeys(x for o in due for x in _choices(state, o)))
            if due
            else [x for x in candidates(state, self.strong) if x.name not in _ENDING]
        )
        if len(found) > 1:
            began = time.perf_counter()
            ranked = _rank(
                state,
                found,
                self.strong,
                game_seed(self.seed, self.played),
                self.budget_s,
                self.max_games,
                self.orders,
            )
            self.longest_s = max(self.longest_s, time.perf_counter() - began)
            self.decisions += 1
            best = next((r.action for r in ranked if r.action.name not in _ENDING), action)
            if best != action and self._extra < _MOST_EXTRA and super().act(best):
                # the strong bot acted in the policy's place; what the policy asked for is asked again, and may
                # still be played beside it
                self._extra += 1
                try:
                    self.act(action)
                finally:
                    self._extra -= 1
                return True
        return super().act(action)
