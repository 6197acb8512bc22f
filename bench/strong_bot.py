"""The strong bot against the simple one on the demo fort, and how long a decision of the strong bot takes.

``.venv/bin/python bench/strong_bot.py [--games 200] [--max-games 16] [--processes 2] [--decisions 12]``

*Match*: game ``i`` starts from the demo assault (:func:`bots.siege.assault.demo_assault`) with its dice seeded
``game_seed(SEED, i)``; the strong bot (:class:`bots.siege.strong.Duel`) plays one side, the simple policies the
other, once with the strong bot as the besieger and once as the besieged, each measured apart. The strong bot's
budget here is ``--max-games`` games a decision rather than its 2 s: the measure is the win rate, and 400 games at
2 s a decision would take hours on two cores. The same games played by the simple policies on both sides give the
baseline. A game is won by the side with more victory points (§17); a draw is no win.

*Decisions*: ``--decisions`` decisions at the default time budget (2 s), at states reached by the simple policies
in the demo assault, each timed from the call to its answer, against the budget plus 10 %.

Nothing here asserts: the figures go to ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bots.siege.assault import assault_setup, demo_assault, game_seed, play_game  # noqa: E402
from bots.siege.policies import Game, play_out  # noqa: E402
from bots.siege.strong import DEFAULT_BUDGET_S, Duel, candidates, rank  # noqa: E402
from rules.siege.battle import start  # noqa: E402
from rules.siege.board.state import BattleState, Side  # noqa: E402
from rules.siege.chapters.victory import victory_points  # noqa: E402

SEED = 1500


def _start() -> BattleState:
    return start(assault_setup(demo_assault()))


def _winner(state: BattleState) -> Side | None:
    points = victory_points(state)
    ours, theirs = points.total(Side.BESIEGER), points.total(Side.BESIEGED)
    return Side.BESIEGER if ours > theirs else Side.BESIEGED if theirs > ours else None


def _duel(job: tuple[str, int, int]) -> tuple[str, int, str, int, float, float]:
    """One game: (side the strong bot plays, index, winner, decisions, seconds, longest decision)."""
    side, index, max_games = job
    began = time.perf_counter()
    game = Duel(_start(), game_seed(SEED, index), demo_assault().orders(), Side(side), max_games=max_games)
    play_out(game)
    won = _winner(game.state)
    return (
        side,
        index,
        "draw" if won is None else won.value,
        game.decisions,
        time.perf_counter() - began,
        game.longest_s,
    )


def _interval(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share."""
    if not games:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def match(games: int, max_games: int, processes: int, first: int = 0) -> None:
    baseline = {s.value: 0 for s in Side} | {"draw": 0}
    for i in range(first, first + games):
        won = _winner(play_game(_start(), demo_assault().orders(), game_seed(SEED, i)).state)
        baseline["draw" if won is None else won.value] += 1
    print(f"simple against simple, {games} games: {baseline}", flush=True)
    # the two sides' games interleaved, so that a match cut short has as many of each
    jobs = [(side.value, i, max_games) for i in range(first, first + games) for side in Side]
    began = time.perf_counter()
    results = []
    with Pool(processes) as pool:
        for result in pool.imap_unordered(_duel, jobs, chunksize=1):
            results.append(result)
            print("game", *result, flush=True)
    wall = time.perf_counter() - began
    for side in Side:
        mine = [r for r in results if r[0] == side.value]
        wins = sum(1 for r in mine if r[2] == side.value)
        draws = sum(1 for r in mine if r[2] == "draw")
        low, high = _interval(wins, len(mine))
        decisions = sum(r[3] for r in mine)
        print(
            f"strong as {side.value}: {wins}/{len(mine)} won ({wins / len(mine):.1%}, 95 % {low:.1%}–{high:.1%}), "
            f"{draws} drawn; simple {side.value} alone won {baseline[side.value]}/{games}; "
            f"{decisions / len(mine):.1f} decisions a game, {sum(r[4] for r in mine) / len(mine):.1f} s a game, "
            f"longest decision {max(r[5] for r in mine):.2f} s"
        )
    print(f"{len(jobs)} games at {max_games} games a decision on {processes} processes: {wall:.0f} s")


def decisions(count: int) -> None:
    """``count`` decisions at the default budget, at states along one simple game, for whichever side has the most
    candidates there."""
    game = Game(_start(), game_seed(SEED, 0), demo_assault().orders(), record=True)
    play_out(game)
    state = _start()
    from rules.siege.battle import action_dice
    from rules.siege.game import apply

    states = []
    for n, entry in enumerate(game.entries):
        state = apply(state, entry.action, action_dice(game.seed, n)).state
        if not state.over and len(candidates(state, state.active)) > 2:
            states.append(state)
    step = max(1, len(states) // count)
    times = []
    for state in states[::step][:count]:
        began = time.perf_counter()
        ranked = rank(state, state.active, seed=SEED, budget_s=DEFAULT_BUDGET_S)
        times.append(time.perf_counter() - began)
        print(
            f"  turn {state.turn} {state.active.value} {state.phase.value}: {len(ranked)} candidates, "
            f"{sum(r.games for r in ranked)} games, {times[-1]:.3f} s"
        )
    print(
        f"{len(times)} decisions at {DEFAULT_BUDGET_S} s: longest {max(times):.3f} s "
        f"({max(times) / DEFAULT_BUDGET_S:.1%} of the budget), mean {sum(times) / len(times):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-games", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--first", type=int, default=0, help="the first game's index, to split a match in parts")
    args = parser.parse_args()
    if args.decisions:
        decisions(args.decisions)
    if args.games:
        match(args.games, args.max_games, args.processes, args.first)


if __name__ == "__main__":
    main()
