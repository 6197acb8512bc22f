"""Whole assaults played by the policies, pinned game by game: the log of actions with their dice, every menu the
game saw, the final state and the summary a run counts. The figures in ``data/assault_pins.json`` were taken again
once the menus offered only what the rules accept (each side's own set-up, §16; the obligations R33 and R34; the
charged unit's answer, §3.1.2; panic tests, §4.1), from an engine whose speed-ups had kept every game of the pins
before: a faster engine must play exactly the same games from the same seeds (§16, R10). The log is pinned without
the words of why each die was rolled, which may be reworded without changing a game."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bots.siege.assault import Assault, assault_setup, demo_assault, game_seed, simulate
from bots.siege.policies import Game, play_out
from rules.siege.battle import start
from rules.siege.board.state import BattleState
from rules.siege.menus.legal import menu_options

from .test_assault_simulator import random_assault

PINS = Path(__file__).with_name("data") / "assault_pins.json"


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@dataclass
class _Watched(Game):
    """A game that also lists the menu of every state it reached, as the tracker's buttons would show it."""

    menus: list[Any] | None = None

    def _watch(self) -> None:
        super()._watch()
        if self.menus is None:
            self.menus = []
        self.menus.append([o.to_json() for o in menu_options(self.state)])


def fingerprint(assault: Assault, seed: int, start_from: BattleState | None = None) -> dict[str, Any]:
    state = start_from if start_from is not None else start(assault_setup(assault))
    game = play_out(_Watched(state, seed, assault.orders(), record=True))
    return {
        "played": game.played,
        "turn": game.state.turn,
        "gate_fell": game.gate_fell,
        "first_breach": game.first_breach,
        "log": digest([_played(e.to_json()) for e in game.entries]),
        "menus": digest(game.menus),
        "state": digest(game.state.to_json()),
    }


def _played(entry: dict[str, Any]) -> dict[str, Any]:
    """A log entry as it was played: the action and each die with its result, the words of why it was rolled
    left out (they are the pages' business, :mod:`wording`)."""
    return {**entry, "rolls": [{k: v for k, v in r.items() if k != "reason"} for r in entry.get("rolls", [])]}


def cases() -> dict[str, tuple[Assault, int]]:
    found = {f"demo 1500/{i}": (demo_assault(), game_seed(1500, i)) for i in range(4)}
    found |= {f"random plan {k}": (random_assault(random.Random(k)), k) for k in range(6)}
    return found


def pins() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PINS.read_text())
    return data


@pytest.mark.parametrize("name", sorted(cases()))
def test_each_pinned_game_is_played_again_action_for_action(name: str) -> None:
    assault, seed = cases()[name]
    assert fingerprint(assault, seed) == pins()["games"][name]


def test_a_pinned_run_sums_up_to_the_same_summary() -> None:
    assert simulate(demo_assault(), 40, seed=7).to_json() == pins()["run demo 7 x40"]


if __name__ == "__main__":  # the pins are taken once, from the engine the games must not drift from
    PINS.write_text(
        json.dumps(
            {
                "games": {name: fingerprint(*case) for name, case in cases().items()},
                "run demo 7 x40": simulate(demo_assault(), 40, seed=7).to_json(),
            },
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )
