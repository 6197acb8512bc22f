"""A skirmish as values, and bad input: actions and state in their JSON form, a battle replayed from its set-up, seed
and log, its result for the campaign, and dice or characteristics out of range refused with nothing logged. Each case
plays the engine's ``apply`` with the d10 faces it names, so each number can be followed by hand.
"""

from __future__ import annotations

import pytest

from rules.dice import Dice, DieValueError
from rules.freres import actions as act
from rules.freres.battle import Battle, Setup, play, replay
from rules.freres.example import ARCHER, SOLDIER, example_models
from rules.freres.game import apply
from rules.freres.result import skirmish_result
from rules.freres.state import IllegalAction, Profile
from tests.rules.freres.builders import activated, duel_of_knight_and_soldier, played, refusal, skirmish


def test_a_d10_of_10_is_refused_and_nothing_is_logged() -> None:
    """R17, 003 I §3: a d10 reads 0–9; a 10 typed in is refused, naming the die and its range."""
    battle = Battle(Setup(example_models()), seed=1)
    with pytest.raises(DieValueError, match=r"D10\(0-9\) cannot show 10; accepted values are 0, 1, .*, 9"):
        play(battle, act.RollInitiative(), table=[10, 3])
    assert battle.entries == ()


@pytest.mark.parametrize(("name", "value"), [("C", 11), ("T", 0), ("D", -1), ("A", 12), ("M", 0)])
def test_a_characteristic_outside_1_to_10_is_refused(name: str, value: int) -> None:
    """003 II §2: a characteristic is 1 to 10."""
    values = {"C": 5, "T": 5, "D": 5, "A": 5, "M": 5} | {name: value}
    with pytest.raises(ValueError, match=rf"{name} must be between 1 and 10, got {value} \(003 II §2"):
        Profile("x", PA=6, **values)


def test_an_action_dearer_than_the_pa_left_is_refused_with_the_range() -> None:
    """003 II §2.6.3: an archer of 6 PA cannot shoot and aim 4 (8 PA)."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Shoot("a", "b", 15, aim=4)) == ("§2.6.3: pa_short (what=shoot, cost=8, model=a, left=6)")
    with pytest.raises(IllegalAction) as refused:
        apply(state, act.Shoot("a", "b", 15, aim=4), Dice(seed=1))
    assert refused.value.clause == "§2.6.3"


def test_a_bad_choice_is_refused_naming_the_field() -> None:
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Move("a", 5, terrain="lava")) == (
        "§3.4: bad_choice (action=move, name=terrain, value=lava, choices=clear+rough)"
    )


def test_every_action_round_trips_through_json() -> None:
    values = [
        act.RollInitiative(),
        act.Activate("a1"),
        act.Move("a1", 5, "rough", "hidden", 1, "b1", None),
        act.Strike("a1", "b1", 2, True, False, "table"),
        act.Defend("b1", "parry", "table"),
        act.Shoot("a2", "b1", 15, 2, False, True, True, False, False),
        act.Cast("a3", "b1", 5, 2, True),
        act.Scrutinise("a1", "b1", 30, "forest", True),
    ]
    for value in values:
        assert act.Action.from_json(value.to_json()) == value
    assert set(act.ACTIONS) >= {type(v).name for v in values}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": 2, "action": "activate", "model": "a1"}, "action format 2 is not supported"),
        ({"format": 1, "action": "activate"}, "activate: field 'model' is missing"),
        ({"format": 1, "action": "activate", "model": 3}, "activate.model: a text was expected, not 3"),
        (
            {"format": 1, "action": "move", "model": "a", "distance_cm": True},
            "move.distance_cm: a whole number was expected",
        ),
        ({"format": 1, "action": "activate", "model": "a1", "speed": 3}, "activate: unknown field 'speed'"),
    ],
)
def test_a_bad_json_action_names_what_is_wrong(data: dict[str, object], message: str) -> None:
    with pytest.raises(act.ActionFormatError, match=message):
        act.Action.from_json(data)


def test_a_battle_round_trips_through_json_and_replays() -> None:
    battle = Battle(Setup(example_models()), seed=5)
    battle, result = play(battle, act.RollInitiative())
    battle, result = play(
        battle, act.Activate(next(m.id for m in result.state.models if m.side is result.state.to_play))
    )
    again = Battle.from_json(battle.to_json())
    assert again == battle
    assert replay(again) == result.state


def test_the_result_of_a_skirmish_for_the_campaign() -> None:
    """003 II §1.3: the band left holding the field wins; each band's models out of the battle, and why."""
    state = played(duel_of_knight_and_soldier(), act.Defend("b"), [8, 2, 0]).state
    result = skirmish_result(state)
    assert result.to_json() == {
        "over": True,
        "winner": "a",
        "turns": 1,
        "losses": {"a": 0, "b": 1},
        "out": {"a": [], "b": [["b", "killed"]]},
    }


def test_the_state_has_a_json_form() -> None:
    state = played(duel_of_knight_and_soldier(), act.Defend("b"), [8, 2, 4, 9]).state
    data = state.to_json()
    assert data["models"][1]["health"] == 1
    assert data["models"][1]["pa"] == 3
    assert data["contacts"] == [["a", "b"]]


def test_every_action_of_the_skirmish_is_played_by_its_rules() -> None:
    # the actions are named once (actions.ACTIONS); the game plays each of them
    from rules.freres.actions import ACTIONS
    from rules.freres.game import HANDLERS

    assert set(HANDLERS) == set(ACTIONS.values())
    assert len(ACTIONS) == 41
