"""A skirmish is its log (*le journal de la partie*): the set-up, the seed and the actions played, each with the
dice it rolled. :func:`replay` rebuilds the state from it exactly, as a chess game replays from its moves.

Each action rolls with dice of its own, seeded from the skirmish's seed and its place in the log, so an action that
is refused, or whose dice typed in at the table are refused, leaves the battle as it was::

    >>> from rules.freres.actions import RollInitiative
    >>> from rules.freres.example import example_models
    >>> battle = Battle(Setup(example_models()), seed=7)
    >>> battle, result = play(battle, RollInitiative())
    >>> len(battle.entries), result.state.phase.value
    (1, 'activation')
    >>> replay(battle) == result.state
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.dice import Dice, DieValueError, ReplayMismatch, Roll
from rules.freres.actions import Action
from rules.freres.game import apply
from rules.freres.state import Model, Outcome, Profile, Side, Skirmish, new_skirmish
from rules.siege.battle import action_dice

__all__ = ["BATTLE_FORMAT", "Battle", "Entry", "Setup", "action_dice", "play", "replay", "start"]

BATTLE_FORMAT = 1


@dataclass(frozen=True)
class Setup:
    """What a skirmish starts from: both bands' models, and whether the club draws cards for the d10 (I §4)."""

    models: tuple[Model, ...]
    cards: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "models": [{"id": m.id, "side": m.side.value, "profile": m.profile.to_json()} for m in self.models],
            "cards": self.cards,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        models = tuple(
            Model(str(m["id"]), Side(m["side"]), Profile.from_json(m["profile"])) for m in data.get("models", ())
        )
        return cls(models, bool(data.get("cards", False)))


def start(setup: Setup) -> Skirmish:
    return new_skirmish(setup.models, cards=setup.cards)


@dataclass(frozen=True)
class Entry:
    """One action of the log and the dice it rolled (those typed in at the table marked ``physical``)."""

    action: Action
    rolls: tuple[Roll, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "rolls": [r.to_json() for r in self.rolls]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        return cls(Action.from_json(data["action"]), tuple(Roll.from_json(r) for r in data.get("rolls", ())))


@dataclass(frozen=True)
class Battle:
    """A skirmish as data: its set-up, its seed and the actions played in order."""

    setup: Setup
    seed: int
    entries: tuple[Entry, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "format": BATTLE_FORMAT,
            "setup": self.setup.to_json(),
            "seed": self.seed,
            "entries": [e.to_json() for e in self.entries],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Battle:
        if data.get("format") != BATTLE_FORMAT:
            raise ValueError(
                f"battle format {data.get('format')!r} is not supported; this engine reads {BATTLE_FORMAT}"
            )
        try:
            setup, seed = data["setup"], data["seed"]
        except KeyError as missing:
            raise ValueError(f"a battle needs its {missing.args[0]!r}") from None
        return cls(Setup.from_json(setup), int(seed), tuple(Entry.from_json(e) for e in data.get("entries", ())))


def play(
    battle: Battle, action: Action, table: Sequence[int] = (), *, state: Skirmish | None = None
) -> tuple[Battle, Outcome]:
    """Play ``action`` next in ``battle``: the battle with the action logged, and its outcome. ``table`` holds dice
    rolled at the table (cards drawn, with the card variant), used before the generator's; a value the die cannot
    show (a 10 on the d10), or one too many, is refused and nothing is logged."""
    current = replay(battle) if state is None else state
    dice = action_dice(battle.seed, len(battle.entries))
    dice.supply(table)
    result = apply(current, action, dice)
    if dice.pending:
        raise DieValueError(
            f"{action.name}: {len(table)} dice were typed in, the action rolled {len(table) - dice.pending}"
        )
    return replace(battle, entries=(*battle.entries, Entry(action, result.rolls))), result


def replay(battle: Battle) -> Skirmish:
    """The state ``battle`` has reached, rebuilt from its set-up and its log; each action must roll exactly the dice
    logged with it (:class:`~rules.dice.ReplayMismatch` otherwise)."""
    state = start(battle.setup)
    for index, entry in enumerate(battle.entries):
        result = apply(state, entry.action, Dice.replay(entry.rolls))
        if len(result.rolls) != len(entry.rolls):
            raise ReplayMismatch(
                f"action {index + 1} ({entry.action.name}) rolled {len(result.rolls)} dice, the log has "
                f"{len(entry.rolls)}"
            )
        state = result.state
    return state
