"""A battle is its log (*le journal de la bataille*): the set-up, the seed and the actions played, each with the dice
it rolled. :func:`replay` rebuilds the state from it exactly, as a chess game replays from its moves.

Each action rolls with dice of its own, seeded from the battle's seed and its place in the log, so an action that
is refused, or whose dice typed in at the table are refused, leaves the battle as it was::

    >>> from rules.siege.actions import EndPhase
    >>> from rules.siege.example import example_setup
    >>> battle = Battle(example_setup(), seed=7)
    >>> battle, result = play(battle, EndPhase())
    >>> len(battle.entries), result.state.phase, result.state.active
    (1, <Phase.SETUP: 'setup'>, <Side.BESIEGER: 'besieger'>)

The set-up is played in three parts, each side ending its own (§16): the besieged's walls, the besieger's field,
the besieged's courtyards. A log written when one end of the step ended the set-up for both sides says so in its
set-up (``shared_setup``, read from a set-up stored without the key) and replays as it was played.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules import log
from rules.log import BATTLE_FORMAT, action_dice
from rules.siege.actions import Action
from rules.siege.board import engines
from rules.siege.board.engines import Belfry, Budget, Ladder, Ram, SiegeTower
from rules.siege.board.fort import FortLayout
from rules.siege.board.state import BattleState, Event, IllegalAction, Model, Outcome, SetupTurn, Side, new_battle
from rules.siege.chapters.belfry.belfry import check_aboard, place_belfries
from rules.siege.chapters.costs import buy
from rules.siege.chapters.gates import gate_statuses
from rules.siege.game import apply
from rules.validation import BadValue

__all__ = [
    "BATTLE_FORMAT",
    "RULES",
    "Battle",
    "Setup",
    "action_dice",
    "play",
    "replay",
    "replay_events",
    "replay_steps",
    "start",
]

_FORCES = ("fort", "profiles", "models", "ladders", "siege_towers", "rams")
"""The keys of a battle state's JSON form that a set-up shares with it."""


@dataclass(frozen=True)
class Setup:
    """What a battle starts from: the fort, both forces as deployed with their engines, each side's engine budget
    (``(side, points, army points)``, §14) and what it bought, the besieged's heroism tokens (§15), the fort's magic
    protection (§13.2), and whether the dice are rolled at the table. With the ``belfry`` option the siege towers
    listed in ``belfries`` are played as the belfry of 001 (R16), ``belfry_overload`` its overload option
    (001 §4.2), the campaign's house rule. ``shared_setup`` marks a battle logged when both sides set up at once
    and one end of the step ended the set-up for both: its log replays that way.
    """

    fort: FortLayout
    models: tuple[Model, ...]
    ladders: tuple[Ladder, ...] = ()
    siege_towers: tuple[SiegeTower, ...] = ()
    rams: tuple[Ram, ...] = ()
    budgets: tuple[tuple[Side, int, int], ...] = ()
    purchases: tuple[tuple[Side, str], ...] = ()
    heroism_tokens: int = 0
    magic_protection: bool = True
    table_dice: bool = False
    """the club rolls real dice and types them in: every action of the battle carries them."""
    belfry: bool = False
    belfries: tuple[Belfry, ...] = ()
    belfry_overload: bool = False
    shared_setup: bool = False

    def to_json(self) -> dict[str, Any]:
        state = new_battle(self.fort, self.models, ladders=self.ladders, siege_towers=self.siege_towers, rams=self.rams)
        data = state.to_json()
        return {
            **{key: data[key] for key in _FORCES},
            "budgets": [[side.value, points, army] for side, points, army in self.budgets],
            "purchases": [[side.value, item] for side, item in self.purchases],
            "heroism_tokens": self.heroism_tokens,
            "magic_protection": self.magic_protection,
            "table_dice": self.table_dice,
            "belfry": self.belfry,
            "belfries": [engines.to_json(b) for b in self.belfries],
            "belfry_overload": self.belfry_overload,
            "shared_setup": self.shared_setup,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        forces = {key: data[key] for key in _FORCES if key in data}
        state = BattleState.from_json(
            {**forces, "turn": 1, "active": Side.BESIEGED.value, "first": Side.BESIEGED.value}
        )
        return cls(
            state.fort,
            state.models,
            state.ladders,
            state.siege_towers,
            state.rams,
            tuple((Side(side), int(points), int(army)) for side, points, army in data.get("budgets", ())),
            tuple((Side(side), str(item)) for side, item in data.get("purchases", ())),
            int(data.get("heroism_tokens", 0)),
            bool(data.get("magic_protection", True)),
            bool(data.get("table_dice", False)),
            _flag(data, "belfry"),
            tuple(engines.from_json(Belfry, b) for b in data.get("belfries", ())),
            _flag(data, "belfry_overload"),
            # a set-up stored before each side set up in its own turn (§16) was played by both at once
            _flag(data, "shared_setup", default=True),
        )


def _flag(data: Mapping[str, Any], key: str, *, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadValue(f"{key} is true or false, not {value!r}", name=key, value=repr(value), choices=("true", "false"))
    return value


def start(setup: Setup) -> BattleState:
    """The state a battle opens with: deployed, its purchases made (§14), in the set-up step, the besieged to set
    up and play first (§16).
    """
    state = new_battle(
        setup.fort,
        setup.models,
        ladders=setup.ladders,
        siege_towers=setup.siege_towers,
        rams=setup.rams,
        gates=gate_statuses(setup.fort),
        magic_protection=setup.magic_protection,
    )
    budgets = tuple((side, Budget(points, army)) for side, points, army in setup.budgets)
    if setup.belfries and not setup.belfry:
        raise IllegalAction("belfry_option_off", "R16")  # 001
    belfries = place_belfries(setup.fort, [t.id for t in setup.siege_towers], setup.belfries)
    state = replace(
        state,
        budgets=budgets,
        heroism_tokens=setup.heroism_tokens,
        belfries=belfries,
        belfry_overload=setup.belfry_overload,
        setup_turn=SetupTurn.SHARED if setup.shared_setup else SetupTurn.WALLS,
    )
    check_aboard(state)
    for side, item in setup.purchases:
        state = buy(state, side, item)
    return state


class Battle(log.Log[Setup, Action]):
    """A siege battle as data: its set-up, its seed and the actions played in order."""


RULES = log.Rules(Battle, start, apply)
"""How a siege is played and replayed from its log."""


def play(
    battle: Battle, action: Action, table: Sequence[int] = (), *, state: BattleState | None = None
) -> tuple[Battle, Outcome]:
    """Play ``action`` next in ``battle`` (whose current ``state`` may be passed to save a replay): the battle with
    the action logged, and its outcome (:meth:`rules.log.Rules.play`)."""
    return RULES.play(battle, action, table, state=state)


def replay(battle: Battle) -> BattleState:
    """The state ``battle`` has reached, rebuilt from its set-up and its log."""
    return RULES.replay(battle)


def replay_events(battle: Battle) -> tuple[BattleState, tuple[Event, ...]]:
    """The state ``battle`` has reached and every event on the way. Each action must roll exactly the dice logged
    with it (:class:`~rules.dice.ReplayMismatch` otherwise).
    """
    state = start(battle.setup)
    events: list[Event] = []
    for result in RULES.replay_steps(battle):
        state = result.state
        events.extend(result.events)
    return state, tuple(events)


def replay_steps(battle: Battle) -> Iterator[Outcome]:
    """The outcome of each action of ``battle``'s log in turn, replayed with the dice logged with it."""
    return RULES.replay_steps(battle)
