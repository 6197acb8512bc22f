"""A battle is its log: the set-up, the seed and the actions played, each with the dice it rolled. Every rule system
(the siege, :mod:`rules.siege.battle`; the skirmish, :mod:`rules.freres.battle`) keeps its battles so, and replays
them from it exactly, as a chess game replays from its moves.

Each action rolls with dice of its own, seeded from the battle's seed and its place in the log
(:func:`action_dice`), so an action that is refused, or whose dice typed in at the table are refused, leaves the
battle as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, get_args, get_origin

from rules.dice import Dice, DieValueError, ReplayMismatch, Roll

__all__ = ["BATTLE_FORMAT", "Entry", "Log", "Rules", "action_dice", "play_next", "replay_outcomes"]

BATTLE_FORMAT = 1
"""The version of a battle's JSON form."""
_SEED_STEP = 1_000_003


class LoggedAction(Protocol):
    """What the log needs of an action: its name and its JSON form."""

    @property
    def name(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class Jsonable(Protocol):
    def to_json(self) -> dict[str, Any]: ...


StateT = TypeVar("StateT")
StateT_co = TypeVar("StateT_co", covariant=True)
ActionT = TypeVar("ActionT", bound=LoggedAction)
SetupT = TypeVar("SetupT", bound=Jsonable)
OutcomeT = TypeVar("OutcomeT", bound="Rolled[Any]")
LogT = TypeVar("LogT", bound="Log[Any, Any]")
BattleT = TypeVar("BattleT", bound="Log[Any, Any]")
OutcomeT_co = TypeVar("OutcomeT_co", bound="Rolled[Any]", covariant=True)


class Rolled(Protocol[StateT_co]):
    """What an action played returns, as the log reads it: the new state and the dice rolled."""

    @property
    def state(self) -> StateT_co: ...

    @property
    def rolls(self) -> tuple[Roll, ...]: ...


@dataclass(frozen=True)
class Entry(Generic[ActionT]):
    """One action of the log and the dice it rolled (those typed in at the table marked ``physical``)."""

    action: ActionT
    rolls: tuple[Roll, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "rolls": [r.to_json() for r in self.rolls]}

    @staticmethod
    def from_json(data: Mapping[str, Any], read_action: Callable[[Mapping[str, Any]], ActionT]) -> Entry[ActionT]:
        """An entry from its JSON form, its action read by ``read_action`` (the rule system's ``Action.from_json``)."""
        return Entry(read_action(data["action"]), tuple(Roll.from_json(r) for r in data.get("rolls", ())))


class _Readable(Protocol):
    @staticmethod
    def from_json(data: Mapping[str, Any], /) -> Any: ...


@dataclass(frozen=True)
class Log(Generic[SetupT, ActionT]):
    """A battle as data: its set-up, its seed and the actions played in order. A rule system's battle is a subclass
    that names its set-up and action types, ``class Battle(Log[Setup, Action])``: their ``from_json`` read it back.
    """

    setup: SetupT
    seed: int
    entries: tuple[Entry[ActionT], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "format": BATTLE_FORMAT,
            "setup": self.setup.to_json(),
            "seed": self.seed,
            "entries": [e.to_json() for e in self.entries],
        }

    setup_type: ClassVar[_Readable]
    """The rule system's set-up, read from the subclass's declaration."""
    action_type: ClassVar[_Readable]
    """The rule system's actions' base, read from the subclass's declaration."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is Log:
                cls.setup_type, cls.action_type = get_args(base)

    def logged(self, action: ActionT, rolls: tuple[Roll, ...]) -> Self:
        """The battle with ``action``, rolling ``rolls``, played next."""
        return replace(self, entries=(*self.entries, Entry(action, rolls)))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """A battle from its JSON form; a form of another version, or without its set-up or seed, is refused
        (:class:`ValueError`)."""
        if data.get("format") != BATTLE_FORMAT:
            raise ValueError(
                f"battle format {data.get('format')!r} is not supported; this engine reads {BATTLE_FORMAT}"
            )
        try:
            setup, seed = data["setup"], data["seed"]
        except KeyError as missing:
            raise ValueError(f"a battle needs its {missing.args[0]!r}") from None
        entries = tuple(Entry.from_json(e, cls.action_type.from_json) for e in data.get("entries", ()))
        return cls(cls.setup_type.from_json(setup), int(seed), entries)


def action_dice(seed: int, index: int) -> Dice:
    """The dice of the ``index``-th action of a battle seeded ``seed``."""
    return Dice(seed=(seed * _SEED_STEP + index) % 2**63)


def play_next(
    log: LogT, action: ActionT, table: Sequence[int], state: StateT, apply: Callable[[StateT, ActionT, Dice], OutcomeT]
) -> tuple[LogT, OutcomeT]:
    """Play ``action`` next in ``log`` from its current ``state``: the battle with the action logged, and its
    outcome. ``table`` holds dice rolled at the table, used before the generator's; a value its die cannot show, or
    one too many, is refused (:class:`~rules.dice.DieValueError`) and nothing is logged."""
    dice = action_dice(log.seed, len(log.entries))
    dice.supply(table)
    result = apply(state, action, dice)
    if dice.pending:
        raise DieValueError(
            f"{action.name}: {len(table)} dice were typed in, the action rolled {len(table) - dice.pending}",
            "dice_left_over",
            typed=len(table),
            rolled=len(table) - dice.pending,
        )
    return log.logged(action, result.rolls), result


def replay_outcomes(
    state: StateT, entries: Iterable[Entry[ActionT]], apply: Callable[[StateT, ActionT, Dice], OutcomeT]
) -> Iterator[OutcomeT]:
    """The outcome of each of ``entries`` in turn from ``state``, replayed with the dice logged with it; an action
    that rolls other dice than its entry's raises :class:`~rules.dice.ReplayMismatch`."""
    for index, entry in enumerate(entries):
        result = apply(state, entry.action, Dice.replay(entry.rolls))
        if len(result.rolls) != len(entry.rolls):
            raise ReplayMismatch(
                f"action {index + 1} ({entry.action.name}) rolled {len(result.rolls)} dice, the log has "
                f"{len(entry.rolls)}",
                "log_count",
                action=index + 1,
                rolled=len(result.rolls),
                logged=len(entry.rolls),
            )
        state = result.state
        yield result


@dataclass(frozen=True)
class Rules(Generic[BattleT, SetupT, StateT, ActionT, OutcomeT_co]):
    """How a rule system's battles (``battle``, its :class:`Log`) are played and replayed: from its ``start``, the
    state a set-up opens with, and its ``apply``, an action played on a state with dice."""

    battle: type[BattleT]
    start: Callable[[SetupT], StateT]
    apply: Callable[[StateT, ActionT, Dice], OutcomeT_co]

    def play(
        self, battle: BattleT, action: ActionT, table: Sequence[int] = (), /, *, state: StateT | None = None
    ) -> tuple[BattleT, OutcomeT_co]:
        """Play ``action`` next in ``battle`` (whose current ``state`` may be passed to save a replay): the battle
        with the action logged, and its outcome. ``table`` holds dice rolled at the table, used before the
        generator's; a value its die cannot show, or one too many, is refused and nothing is logged."""
        return play_next(battle, action, table, self.replay(battle) if state is None else state, self.apply)

    def replay_steps(self, battle: BattleT, /) -> Iterator[OutcomeT_co]:
        """The outcome of each action of ``battle``'s log in turn, replayed with the dice logged with it."""
        return replay_outcomes(self.start(battle.setup), battle.entries, self.apply)

    def replay(self, battle: BattleT, /) -> StateT:
        """The state ``battle`` has reached, rebuilt from its set-up and its log; each action must roll exactly the
        dice logged with it (:class:`~rules.dice.ReplayMismatch` otherwise)."""
        state: StateT = self.start(battle.setup)
        for result in self.replay_steps(battle):
            state = result.state
        return state
