"""Small skirmishes for the tests: models from the example's profiles, a model activated, enemies in contact, and
an action played with the dice the test names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.dice import Dice
from rules.freres import actions as act
from rules.freres.actions import Action
from rules.freres.example import KNIGHT, SOLDIER
from rules.freres.game import apply, problems
from rules.freres.state import Coin, Model, Outcome, Phase, Profile, Side, Skirmish, new_skirmish, pair


def skirmish(*models: tuple[str, Profile]) -> Skirmish:
    """Models named ``a…`` go to band A, the others to band B."""
    return new_skirmish([Model(mid, Side.A if mid.startswith("a") else Side.B, p) for mid, p in models])


def activated(state: Skirmish, model_id: str) -> Skirmish:
    """``model_id`` activated with its full PA, its band to play."""
    model = state.model(model_id)
    return replace(
        state.with_models([replace(model, coin=Coin.TAKEN)]),
        phase=Phase.ACTIVATION,
        to_play=model.side,
        active=model_id,
        pa_left=model.pa,
        spent=0,
    )


def engaged(state: Skirmish, *pairs: tuple[str, str]) -> Skirmish:
    return replace(state, contacts=state.contacts | {pair(a, b) for a, b in pairs})


def changed(state: Skirmish, model_id: str, **changes: Any) -> Skirmish:
    return state.with_models([replace(state.model(model_id), **changes)])


def played(state: Skirmish, action: Action, faces: Sequence[int] = ()) -> Outcome:
    """Play ``action`` with exactly the d10 ``faces`` given, in the order the rules roll them."""
    dice = Dice(seed=0)
    dice.supply(faces)
    result = apply(state, action, dice)
    assert [r.result for r in result.rolls] == list(faces), "the action rolled other dice than the test gave"
    return result


def kinds(result: Outcome) -> list[str]:
    return [e.kind for e in result.events]


def rows(result: Outcome) -> list[str]:
    """The damage table's rows the events report, in order."""
    return [str(e.params["row"]).replace("_", " ") for e in result.events if e.kind == "damage"]


def refusal(state: Skirmish, action: act.Action) -> str:
    found = problems(state, action)
    assert found, f"{action} was accepted"
    return f"{found[0].clause}: {found[0].message}"


def duel_of_knight_and_soldier() -> Skirmish:
    """A knight (C 7, D 6, armour 3, shield 1, DegC 2) strikes a soldier (C 5, D 5, armour 1, shield 1, DegC 1)."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    return played(state, act.Strike("a", "b")).state
