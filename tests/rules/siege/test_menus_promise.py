"""The menus are the rules, as python-chess's ``legal_moves`` is exactly what ``push`` accepts:

- sound: every option offered, with its default details (:meth:`Option.default`) and any target it lists, is
  accepted by :func:`apply`, in states reached by random play through the menus from the set-ups of
  :func:`menu_walk.setups` (the standard fort, a club's fresh starts on the 1,500- and 2,000-point forts with a
  siege tower bought or a belfry, rams, mines, braziers, the simulator's random plans);
- complete: every action built at random from the action catalogue that :func:`apply` accepts can be reached from
  that state's menu;
- live: random games played only through the menus reach the end roll (§16), never a state where every option is
  refused, and a side cannot end its step while an obligation waits (R33, R34).
"""

from __future__ import annotations

import dataclasses
import enum
import random
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.battle import start
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, Side
from rules.siege.chapters.costs import ENGINE_COSTS
from rules.siege.game import apply, problems
from rules.siege.menus.legal import menu_options

from .menu_walk import ENDINGS, Walk, defaults, report, setups, walk

SOUND_STATES = 2_000
"""The fewest states whose every option the soundness test reads."""
LIVE_GAMES = 200
"""The random games the liveness test plays to their end."""


def test_every_option_offered_with_its_default_details_is_accepted() -> None:
    met = Walk()
    makers = list(setups().values())
    seed = 0
    while met.states < SOUND_STATES:
        walk(makers[seed % len(makers)](), seed, walk=met)
        seed += 1
    assert met.refused == {}, report(met)
    # the walks reached each kind of play the set-ups bring, not only the set-up step
    assert {"deploy", "move", "charge", "shoot", "fight", "push_back", "carry_ram", "use_ram", "dig"} <= set(
        met.offered
    )


@pytest.mark.parametrize("name", sorted(setups()))
def test_random_games_through_the_menus_reach_the_end_roll(name: str) -> None:
    # §16: the game ends on the roll at the end of a turn; no state of a game leaves only refused options
    make = setups()[name]
    games = -(-LIVE_GAMES // len(setups()))
    for seed in range(games):
        met = walk(make(), seed, steps=5_000)
        assert met.stalled == "", f"{name}/{seed}: stalled at {met.stalled}"
        assert met.ended, f"{name}/{seed}: not over after {met.states} states"


def test_a_side_that_leaves_an_obligation_unsettled_cannot_end_its_step() -> None:
    # R33: « The movement phase cannot end while a ladder … has no decision »; R34: « The step cannot end while a
    # reaction is unplayed »: wherever an obligation waits, neither the menu nor apply ends the step or the turn
    seen = 0
    for seed, make in enumerate(setups().values()):
        for state in _states(make(), seed, 400):
            due = pending(state)
            if not due:
                continue
            seen += 1
            assert not {o.name for o in menu_options(state)} & ENDINGS
            for ending in (a.EndPhase(), a.EndTurn()):
                refused = problems(state, ending)
                assert refused, f"{ending.name} accepted while {due[0].what} waits"
                assert refused[0].clause == due[0].clause
    assert seen > 0, "no walk met an obligation"


# ---- completeness -------------------------------------------------------------------------------------------------


def test_every_action_apply_accepts_is_on_the_menu() -> None:
    rng = random.Random(2)
    accepted = 0
    missing: dict[str, str] = {}
    for seed, make in enumerate(setups().values()):
        for state in _states(make(), seed, 300, every=3):
            vocabulary = _Vocabulary(state)
            for _ in range(60):
                action = vocabulary.action(rng)
                if action is None or problems(state, action):
                    continue
                accepted += 1
                if not _reachable(state, action):
                    missing.setdefault(action.name, repr(action))
    assert missing == {}, "\n".join(f"{name}: {text}" for name, text in sorted(missing.items()))
    assert accepted >= 500


def _states(setup: Any, seed: int, steps: int, every: int = 1) -> Iterator[BattleState]:
    """The states of a random game through the menus (:func:`menu_walk.walk`'s way of choosing), one in ``every``."""
    rng = random.Random(seed)
    state = setup if isinstance(setup, BattleState) else start(setup)
    for step in range(steps):
        menu = menu_options(state)
        if not menu:
            return
        if step % every == 0:
            yield state
        options = [x for o in menu for _t, x in defaults(state, o) if not problems(state, x)]
        if not options:
            return
        moves = [x for x in options if x.name not in ENDINGS]
        ends = [x for x in options if x.name in ENDINGS]
        chosen = rng.choice(moves) if moves and (not ends or rng.randrange(7)) else rng.choice(ends or moves)
        state = apply(state, chosen, Dice(seed=rng.randrange(2**32))).state


def _words(action: a.Action) -> set[str]:
    """Every name an action holds in its fields, its models' ids and places among them."""
    found: set[str] = set()

    def add(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
            found.add(value.partition(":")[2])
        elif isinstance(value, enum.Enum):
            found.add(str(value.value))
        elif isinstance(value, tuple | list):
            for item in value:
                add(item)

    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        add(getattr(action, f.name))
    return found


_ENGINE_PICKS = {"flee": "to", "panic_test": "flee_to"}
"""The fields the engine fills itself when left empty, with the first way its menu lists (§3.3.3, §4.1)."""
_IMPLIED: dict[str, Callable[[BattleState, Any], set[str]]] = {
    "cast": lambda state, action: {"fort"} if action.target_in_fort else set(),
    "use_ram": lambda state, action: {state.ram(action.ram).gate or ""},
}
"""What an option's target means for the actions it makes that do not name it
(:func:`rules.siege.menus.choices.choose`):
a spell cast through the walls' protection on the fort (§13.2), the gate a ram is at (§7.2.4)."""


def _reachable(state: BattleState, action: a.Action) -> bool:
    """Whether an option of ``state``'s menu plays ``action``'s kind with its models, about its place and target (a
    field the engine fills itself left empty, the option's first target)."""
    words = _words(action)
    implied = _IMPLIED.get(action.name)
    if implied is not None:
        words |= implied(state, action)
    picked = _ENGINE_PICKS.get(action.name)
    if picked is not None and getattr(action, picked) is None:
        words |= {o.targets[0] for o in menu_options(state, action.name) if o.targets}
    actors = set(action.actors())
    for option in menu_options(state, action.name):
        if not actors <= set(option.actors):
            continue
        if option.where is not None and not ({option.where, option.where.partition(":")[2]} & words):
            continue
        if option.targets and not (set(option.targets) & words):
            continue
        return True
    return False


class _Vocabulary:
    """The names a state gives to draw actions from: its models by side and place, its places, engines and gates."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.models = [m.id for m in state.models]
        groups: dict[tuple[Side, str], list[str]] = {}
        for m in state.models:
            groups.setdefault((m.side, str(m.place)), []).append(m.id)
        self.groups = list(groups.values())
        sections = [s.id for s in state.fort.sections]
        self.places = sorted(
            {str(m.place) for m in state.models}
            | set(sections)
            | {f"foot:{s}" for s in sections}
            | {f"ladder:{x.id}" for x in state.ladders}
            | {f"siege_tower:{t.id}" for t in state.siege_towers}
            | {"field:outside"}
        )
        self.ids = {
            "ladder": [x.id for x in state.ladders],
            "ram": [r.id for r in state.rams],
            "gate": [g.id for g in state.gates],
            "tower": [t.id for t in state.siege_towers],
            "belfry": [b.id for b in state.belfries],
            "unit": sorted({m.unit for m in state.models}),
            "item": sorted({item for side in Side for item in ENGINE_COSTS[side]}),
            "direction": ["forward", "back"],
            "face": ["front", "side", "rear"],
            "damage": ["1", "D3", "D4", "D6"],
        }
        self.engines = [f"ram:{r.id}" for r in state.rams] + [f"siege_tower:{t.id}" for t in state.siege_towers]
        self.engines += [f"gate:{g.id}" for g in state.gates] + [f"ladder:{x.id}" for x in state.ladders]

    def action(self, rng: random.Random) -> a.Action | None:
        cls = rng.choice(list(a.ACTIONS.values()))
        hints = typing.get_type_hints(cls)
        group = rng.choice(self.groups) if self.groups else []
        values = {}
        for f in dataclasses.fields(cls):
            value = self._value(rng, f.name, hints[f.name], group)
            if value is _UNSET:
                return None
            values[f.name] = value
        try:
            return cls(**values)
        except (TypeError, ValueError):
            return None

    def _value(self, rng: random.Random, name: str, kind: Any, group: list[str]) -> Any:
        origin = typing.get_origin(kind)
        if origin in (typing.Union, types.UnionType):
            options = [k for k in typing.get_args(kind) if k is not type(None)]
            return None if rng.random() < 0.5 else self._value(rng, name, options[0], group)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return rng.choice(list(kind))
        if kind is bool:
            return rng.random() < 0.3
        if kind is int:
            return rng.randint(0, 3) if name not in ("strength",) else rng.randint(1, 10)
        if origin is tuple:
            item = typing.get_args(kind)[0]
            if typing.get_origin(item) is tuple:  # a fight's pairs
                if len(self.groups) < 2:
                    return _UNSET
                enemies = rng.choice(self.groups)
                return tuple((x, rng.choice(enemies)) for x in group[: rng.randint(1, 4)])
            if item is str and name in ("targets", "under_template", "splash", "losses_order", "stand_and_shoot"):
                return tuple(rng.sample(self.models, min(len(self.models), rng.randint(0, 2))))
            if item is str and name == "units":
                return tuple(rng.sample(self.ids["unit"], 1))
            if item is str:
                return tuple(group[: rng.randint(1, max(1, len(group)))]) if group else ()
            return tuple(rng.choice(list(typing.get_args(item)[0])) for _ in range(1)) if item is not str else ()
        if kind is str:
            if name in self.ids:
                return rng.choice(self.ids[name]) if self.ids[name] else _UNSET
            if name in ("model", "giant", "caster", "blocker"):
                return rng.choice(group) if group else _UNSET
            if name in ("target", "engine"):
                return rng.choice(self.models + self.engines + self.places)
            return rng.choice(self.places)
        return _UNSET


_UNSET = object()
"""A field the vocabulary cannot fill."""
