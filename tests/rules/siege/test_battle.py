"""A battle is its log: set-up, seed, actions with their dice; replay rebuilds the state; dice typed in at the table
replace the generator's and a value a die cannot show is refused with nothing applied.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.dice import DieValueError, ReplayMismatch, Roll, read_reason
from rules.log import Entry
from rules.siege import actions as a
from rules.siege.battle import Battle, Setup, play, replay, replay_events, start
from rules.siege.board.state import IllegalAction, Phase, Side
from rules.siege.example import example_setup


def _setup() -> Setup:
    return replace(
        example_setup(),
        budgets=((Side.BESIEGER, 100, 1500), (Side.BESIEGED, 30, 1500)),
        purchases=((Side.BESIEGER, "ladder"), (Side.BESIEGED, "brazier_oil")),
        heroism_tokens=2,
        table_dice=True,
    )


def _to_the_besiegers_sappers(battle: Battle) -> Battle:
    """§16: the besieged's walls as they stand; the besieger's sappers go under in his part; the courtyards as they
    stand; the besieged's first turn ended."""
    battle, _ = play(battle, a.EndPhase())
    battle, _ = play(battle, a.StartMine(a.MineGoal.TUNNEL, tuple(f"sap{n}" for n in range(1, 7))))
    for action in (a.EndPhase(), a.EndPhase(), a.EndTurn()):
        battle, _ = play(battle, action)
    return battle


def test_the_setup_holds_forces_purchases_heroism_and_options() -> None:
    """§14 purchases from the budgets (the besieged's first 50 points free, R14), §15 heroism tokens."""
    state = start(_setup())
    assert state.budget(Side.BESIEGER) is not None
    assert state.budget(Side.BESIEGER).bought == ("ladder",)  # type: ignore[union-attr]
    assert state.budget(Side.BESIEGED).bought == ("brazier_oil",)  # type: ignore[union-attr]
    assert state.heroism_tokens == 2
    assert (state.phase, state.active) == (Phase.SETUP, Side.BESIEGED)


def test_a_purchase_over_budget_is_refused() -> None:
    """§14, R14: a siege tower costs 70."""
    with pytest.raises(IllegalAction, match=r"over_engine_budget \(.*item=siege_tower, cost=70, ") as refused:
        start(replace(_setup(), purchases=((Side.BESIEGER, "siege_tower"), (Side.BESIEGER, "siege_tower"))))
    assert refused.value.clause == "§14"


def test_a_battle_goes_to_json_and_back_and_replays_to_the_same_state() -> None:
    battle = _to_the_besiegers_sappers(Battle(_setup(), seed=11))
    battle, dug = play(battle, a.Dig(section="W4"))
    assert dug.rolls
    assert all((read_reason(r.reason) or ("", ""))[1].startswith("§10") for r in dug.rolls)
    stored = json.loads(json.dumps(battle.to_json()))
    again = Battle.from_json(stored)
    assert again == battle
    assert replay(again) == dug.state
    assert again.setup.table_dice is True


def test_dice_typed_in_at_the_table_replace_the_generators() -> None:
    """§10.3: the sappers roll a D6; the club rolled a 6 at the table."""
    battle = _to_the_besiegers_sappers(Battle(_setup(), seed=11))
    battle, dug = play(battle, a.Dig(section="W4"), table=[6])
    assert dug.rolls == (Roll("D6", dug.rolls[0].reason, 6, physical=True),)
    assert dug.state.mine is not None
    assert dug.state.mine.score == 6
    assert battle.entries[-1] == Entry(a.Dig(section="W4"), dug.rolls)
    assert replay(battle) == dug.state


def test_a_value_the_die_cannot_show_is_refused_and_nothing_is_applied() -> None:
    battle = _to_the_besiegers_sappers(Battle(_setup(), seed=11))
    with pytest.raises(DieValueError, match="a D6 cannot show 7; accepted values are 1, 2, 3, 4, 5, 6"):
        play(battle, a.Dig(section="W4"), table=[7])
    with pytest.raises(DieValueError, match="2 dice were typed in, the action rolled 1"):
        play(battle, a.Dig(section="W4"), table=[3, 4])
    assert replay(battle).turn_log.dug is False
    battle, dug = play(battle, a.Dig(section="W4"), table=[3])
    assert dug.state.mine is not None
    assert dug.state.mine.score == 3


def test_a_refused_action_is_not_logged() -> None:
    battle = Battle(_setup(), seed=11)
    with pytest.raises(IllegalAction):
        play(battle, a.Dig())
    assert battle.entries == ()


def test_a_log_whose_dice_do_not_match_the_rules_is_refused() -> None:
    battle = _to_the_besiegers_sappers(Battle(_setup(), seed=11))
    battle, _ = play(battle, a.Dig(section="W4"))
    forged = replace(battle, entries=(*battle.entries[:-1], Entry(a.Dig(section="W4"), ())))
    with pytest.raises(ReplayMismatch, match="the log has no more rolls"):
        replay(forged)
    extra = Roll("D6", "§10.3 sapping", 2)
    padded = replace(battle, entries=(*battle.entries[:-1], Entry(a.Dig(), (*battle.entries[-1].rolls, extra))))
    with pytest.raises(ReplayMismatch, match="rolled 1 dice, the log has 2"):
        replay(padded)


def test_events_come_back_with_the_state() -> None:
    battle = _to_the_besiegers_sappers(Battle(_setup(), seed=11))
    battle, dug = play(battle, a.Dig(section="W4"))
    state, events = replay_events(battle)
    assert state == dug.state
    assert events[-len(dug.events) :] == dug.events


def test_an_unknown_battle_format_is_refused() -> None:
    with pytest.raises(ValueError, match="battle format 9 is not supported"):
        Battle.from_json({"format": 9})
    with pytest.raises(ValueError, match="a battle needs its 'seed'"):
        Battle.from_json({"format": 1, "setup": {}})


def test_a_log_from_before_each_side_set_up_in_its_part_replays_as_it_was_played() -> None:
    """A set-up stored without ``shared_setup`` was played by both sides at once, one end of the step ending it for
    both: its log, the besieger's mine started while the besieged was to play, then one ``end_phase``, replays to
    the besieged's first movement. A set-up written now says it is not shared, and its log plays each part (§16)."""
    stored = Battle(_setup(), seed=11).to_json()
    assert stored["setup"]["shared_setup"] is False
    del stored["setup"]["shared_setup"]
    sappers = tuple(f"sap{n}" for n in range(1, 7))
    stored["entries"] = [
        Entry(a.StartMine(a.MineGoal.TUNNEL, sappers), ()).to_json(),
        Entry(a.EndPhase(), ()).to_json(),
    ]
    old = Battle.from_json(stored)
    assert old.setup.shared_setup is True
    state = replay(old)
    assert (state.phase, state.active, state.turn) == (Phase.MOVEMENT, Side.BESIEGED, 1)
    assert state.mine is not None
    assert state.mine.sappers == sappers
    new = Battle(_setup(), seed=11)
    with pytest.raises(IllegalAction, match=r"not_your_setup \(active=besieged, setup_turn=walls"):
        play(new, a.StartMine(a.MineGoal.TUNNEL, sappers))
