"""What every rule system's ``game`` module shares, as python-chess's board shares ``is_legal`` and ``push``: the
refusal an action meets (:class:`IllegalAction`), what an action reports (:class:`Event`), and the two calls built
on a system's own turn checks and play, :func:`problems` (why not, each reason with its clause) and :func:`apply`
(play it, or refuse it and change nothing). The siege (:mod:`rules.siege.game`) and the skirmish
(:mod:`rules.freres.game`) wrap them.

A rule system played turn by turn keeps one contract, :class:`Engine`: a battle is its set-up, seed and log
(:mod:`rules.log`); ``start`` gives the first state, ``play`` the next battle and the action's outcome (its state,
events and dice), ``replay_steps`` each outcome again from the log, ``side_of`` who plays an action,
``legal_actions`` the actions it accepts now. ``legal_actions`` means the same in every system, as python-chess's
``legal_moves`` is what ``push`` accepts: every action it lists, played on that state, is accepted. A page's menu
may offer more (a siege option whose models, targets and numbers the player picks,
:func:`rules.siege.menus.legal.menu_options`), but a menu is named a menu, never ``legal_actions``. The siege
(:data:`rules.siege.system.SIEGE`) and Frères d'Armes (:data:`rules.freres.system.FRERES`) implement it, checked by
mypy; the tracker plays both through it.

A rule system that is not played turn by turn keeps the part of that contract it has, :class:`Roller`: no state
carries over from one roll to the next, so there is nothing to start nor a side to play. Each roll asked (a request:
a melee's opening tests, a shot, a wound…) is refused with :class:`IllegalAction` by ``problems`` or rolled by
``roll``, whose outcome (:class:`Reported`) gives its events and its dice; the rolls of a battle are a log
(:mod:`rules.log`) of requests and their dice. Confrontation (:data:`rules.confrontation.system.CONFRONTATION`)
implements it, checked by mypy; the Confrontation assistant rolls through it.

The engines speak in codes, never in sentences: a refusal and an event carry a ``code`` (``"gate_destroyed"``),
the clause behind it and their facts as named parameters. The pages word them in the reader's language
(:mod:`wording`). A parameter's name says what its value is, so that a page can name it as the table does:

- ``model``, or a name ending in ``_model``: one model's id; ``models`` or ``…_models``: a tuple of them;
- ``place``, or a name ending in ``_place``: a place as the engine writes it (``"foot:W3"``);
- ``dice``, or a name ending in ``_dice``: a tuple of die results;
- any other: a number, or a word of the engine (a section ``"W3"``, a ladder ``"L1"``, a liquid ``"oil"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from rules.action_form import ActionFormatError
from rules.dice import Dice, Roll
from rules.fast import set_fields
from rules.log import Jsonable, Log, LoggedAction, Rolled, Rules

__all__ = [
    "Engine",
    "Event",
    "IllegalAction",
    "Param",
    "Refusal",
    "Reported",
    "Roller",
    "TurnSystem",
    "apply",
    "problems",
]

State = TypeVar("State")
Action = TypeVar("Action")
Outcome = TypeVar("Outcome")


Param = str | int | bool | None | tuple[str, ...] | tuple[int, ...]
"""A fact of a refusal or an event: a number, an engine word or id, or a tuple of them."""


class IllegalAction(ValueError):
    """An action the rules forbid: ``code`` says why (``"gate_destroyed"``), ``clause`` is the rule that forbids it
    (``"§6.1"``), ``params`` its facts (``gate="G1"``), named as the module's docstring says."""

    code: str
    clause: str
    params: Mapping[str, Param]

    def __init__(self, code: str, clause: str, /, **params: Param) -> None:
        super().__init__(code, clause, params)
        self.code = code
        self.clause = clause
        self.params = params

    def __str__(self) -> str:
        if " " in self.code:
            return self.code  # a sentence the engine still writes
        return f"{self.clause}: {self.message}"

    @property
    def message(self) -> str:
        """The refusal's code and facts, or a sentence the engine still writes."""
        if " " in self.code:
            return self.code
        facts = ", ".join(
            f"{key}={'+'.join(map(str, value)) if isinstance(value, tuple) else value}"
            for key, value in self.params.items()
        )
        return self.code + (f" ({facts})" if facts else "")


Refusal = IllegalAction
"""A reason an action may not be played, as :func:`problems` lists them: the refusal :func:`apply` raises."""


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, for the battle log: its ``kind`` (a code, ``"gate_damage"``), the clause behind
    it, its facts as named parameters (as the module's docstring says), and the models it concerns."""

    kind: str
    clause: str
    params: Mapping[str, Param]
    models: tuple[str, ...] = ()

    def __init__(
        self, kind: str, clause: str, params: Mapping[str, Param] | str | None = None, models: tuple[str, ...] = ()
    ) -> None:
        facts = {"text": params} if isinstance(params, str) else (params or {})
        set_fields(self, {"kind": kind, "clause": clause, "params": facts, "models": models})

    @property
    def text(self) -> str:
        """A sentence the engine still writes for the event, else ``""``."""
        return str(self.params.get("text", ""))

    def __hash__(self) -> int:
        return hash((self.kind, self.clause, tuple(self.params.items()), self.models))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "clause": self.clause,
            "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
            "models": list(self.models),
        }


def problems(
    turn_problems: Callable[[State, Action], list[Refusal]],
    play: Callable[[State, Action, Dice], Outcome],
    state: State,
    action: Action,
) -> list[Refusal]:
    """Why ``action`` may not be played on ``state``: the turn's own refusals, else the one the rules raise when it
    is tried on the state (a value, left as it was) with dice of its own. The rules refuse before they roll, so
    those dice do not change the answer; empty when it may be played.
    """
    refusals = turn_problems(state, action)
    if refusals:
        return refusals
    try:
        play(state, action, Dice(seed=0))
    except IllegalAction as refused:
        return [refused]
    return []


def apply(
    turn_problems: Callable[[State, Action], list[Refusal]],
    play: Callable[[State, Action, Dice], Outcome],
    state: State,
    action: Action,
    dice: Dice,
) -> Outcome:
    """Play ``action`` on ``state`` with ``dice``; an action the turn refuses raises :class:`IllegalAction` with the
    first refusal's clause, before anything is rolled."""
    refusals = turn_problems(state, action)
    if refusals:
        raise refusals[0]
    return play(state, action, dice)


BattleT = TypeVar("BattleT", bound=Log[Any, Any])
SetupT_contra = TypeVar("SetupT_contra", contravariant=True)
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
SideT_co = TypeVar("SideT_co", covariant=True)


class Engine(Protocol[BattleT, SetupT_contra, StateT, ActionT, SideT_co]):
    """What a rule system played turn by turn provides, as python-chess's ``Board`` provides ``push`` and
    ``is_legal``: its battle log and action types, its two sides, and the calls that start, play and replay a
    battle. An action refused raises :class:`IllegalAction` and changes nothing; dice typed at the table that the
    rules cannot take raise :class:`rules.dice.DieValueError`."""

    @property
    def battle(self) -> type[BattleT]:
        """The battle log's class: set-up, seed, actions (:class:`rules.log.Log`)."""

    @property
    def action(self) -> type[ActionT]:
        """The actions' base class, whose ``from_json`` reads an action's JSON form."""

    @property
    def format_error(self) -> type[ValueError]:
        """What ``action.from_json`` raises on a form it cannot read."""

    @property
    def sides(self) -> tuple[SideT_co, SideT_co]:
        """The two sides, the first player's first."""

    def start(self, setup: SetupT_contra, /) -> StateT:
        """The state a battle of ``setup`` starts from."""

    def play(
        self, battle: BattleT, action: ActionT, table: Sequence[int] = (), /, *, state: StateT | None = None
    ) -> tuple[BattleT, Rolled[StateT]]:
        """``battle`` with ``action`` played next, and its outcome; ``table`` holds dice rolled at the table."""

    def replay_steps(self, battle: BattleT, /) -> Iterator[Rolled[StateT]]:
        """The outcome of each action of ``battle``'s log in turn, with the dice logged with it."""

    def side_of(self, state: StateT, action: ActionT, /) -> SideT_co:
        """The side that plays ``action`` on ``state``."""

    def legal_actions(self, state: StateT, /) -> Sequence[ActionT]:
        """Actions ``play`` accepts on ``state``, each one, in the order a menu shows them; none once the battle is
        over."""


SideT = TypeVar("SideT")
OutcomeT = TypeVar("OutcomeT", bound=Rolled[Any])
LoggedSetupT = TypeVar("LoggedSetupT", bound=Jsonable)
LoggedActionT = TypeVar("LoggedActionT", bound=LoggedAction)


@dataclass(frozen=True)
class TurnSystem(Generic[BattleT, LoggedSetupT, StateT, LoggedActionT, OutcomeT, SideT]):
    """A rule system played turn by turn, an :class:`Engine` put together from its parts: how its battles play and
    replay (``rules``, :class:`rules.log.Rules`), its two sides, who plays an action and the actions it accepts.
    Every such system reads its actions' JSON form alike (:mod:`rules.action_form`)."""

    rules: Rules[BattleT, LoggedSetupT, StateT, LoggedActionT, OutcomeT]
    sides: tuple[SideT, SideT]
    side_of: Callable[[StateT, LoggedActionT], SideT]
    legal_actions: Callable[[StateT], Sequence[LoggedActionT]]
    format_error: type[ValueError] = ActionFormatError

    @property
    def battle(self) -> type[BattleT]:
        return self.rules.battle

    @property
    def action(self) -> type[LoggedActionT]:
        return cast(type[LoggedActionT], self.rules.battle.action_type)

    def start(self, setup: LoggedSetupT, /) -> StateT:
        return self.rules.start(setup)

    def play(
        self, battle: BattleT, action: LoggedActionT, table: Sequence[int] = (), /, *, state: StateT | None = None
    ) -> tuple[BattleT, OutcomeT]:
        return self.rules.play(battle, action, table, state=state)

    def replay_steps(self, battle: BattleT, /) -> Iterator[OutcomeT]:
        return self.rules.replay_steps(battle)


class Reported(Protocol):
    """What a roll of a :class:`Roller` gives: its events and the dice it rolled."""

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def rolls(self) -> tuple[Roll, ...]: ...


RequestT_contra = TypeVar("RequestT_contra", contravariant=True)
ReportedT_co = TypeVar("ReportedT_co", bound=Reported, covariant=True)


class Roller(Protocol[RequestT_contra, ReportedT_co]):
    """What a rule system that is not played turn by turn provides: each roll asked is refused, or rolled with the
    dice given (those typed at the table first). A request refused raises :class:`IllegalAction` before any die is
    rolled; dice typed at the table that the rules cannot take raise :class:`rules.dice.DieValueError`."""

    def problems(self, request: RequestT_contra, /) -> list[Refusal]:
        """Why ``request`` may not be rolled, each reason with its clause; empty when it may."""

    def roll(self, request: RequestT_contra, dice: Dice, /) -> ReportedT_co:
        """``request`` rolled with ``dice``: what the rules give, its events and its dice."""
