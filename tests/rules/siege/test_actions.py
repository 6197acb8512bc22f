"""Actions as values: stable names, a versioned JSON form, one apply, refusals naming their clause, the turn's steps
in the state with the besieged first (§16).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.actions import ACTIONS, Action, ActionFormatError
from rules.siege.battle import start
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, Side
from rules.siege.example import example_setup
from rules.siege.game import apply, problems, side_of
from tests.rules.siege.builders import ARCHER, CATAPULT, MAN, ORC, battle, besieged, besiegers, set_up

NAMES = {
    "allocate_ammunition",
    "attack_gate",
    "bombard",
    "block",
    "bring_ram",
    "buy",
    "carry_ladder",
    "carry_ram",
    "cast",
    "charge",
    "climb_wall",
    "counter_mine",
    "deploy",
    "dig",
    "disembark",
    "drop_ladder",
    "drop_ram",
    "drop_rock",
    "earthquake",
    "end_block",
    "end_phase",
    "end_turn",
    "erect_ladder",
    "fight",
    "fight_blocker",
    "fight_giant",
    "flee",
    "give_brazier",
    "hoist_ladder",
    "hold",
    "knock_down_ladder",
    "knock_over_braziers",
    "move",
    "oil_on_fire",
    "panic_test",
    "pick_up_ladder",
    "place_tower",
    "place_braziers",
    "pour",
    "push_back",
    "push_over_empty_ladder",
    "push_tower",
    "put_out_fire",
    "rally",
    "reinforce_gate",
    "retreat",
    "shoot",
    "shoot_engine",
    "shoot_gate",
    "shoot_structure",
    "sortie",
    "spend_heroism",
    "start_mine",
    "throw_stones",
    "tunnel",
    "use_ram",
    "forgo_push_back",
    "leave_mine",
    "replace_ram_carriers",
    "reroll_mine",
    "unlock_gate",
    "take_gate",
    "push_belfry",
    "climb_belfry",
    "raise_belfry_ladder",
    "lower_drawbridge",
    "stand_and_shoot",
    "hold_charge",
}


def test_every_action_has_its_stable_name() -> None:
    """A stored battle names its actions: renaming one would orphan every log that holds it."""
    assert set(ACTIONS) == NAMES
    assert all(cls.name == name for name, cls in ACTIONS.items())


@settings(max_examples=300)
@given(st.sampled_from(sorted(ACTIONS)).flatmap(lambda name: st.builds(ACTIONS[name])))
def test_every_action_goes_to_json_and_back(action: Action) -> None:
    text = json.dumps(action.to_json())
    assert Action.from_json(json.loads(text)) == action
    assert json.loads(text)["format"] == a.FORMAT_VERSION
    assert json.loads(text)["action"] == action.name


def test_the_json_form_of_a_move() -> None:
    assert a.Move(("a1", "a2"), "ladder:L1").to_json() == {
        "format": 1,
        "action": "move",
        "models": ["a1", "a2"],
        "to": "ladder:L1",
        "via": None,
    }
    assert Action.from_json({"format": 1, "action": "fight", "section": "W3", "pairs": [["a1", "d1"]]}) == a.Fight(
        "W3", (("a1", "d1"),)
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": 1, "action": "teleport"}, "unknown action 'teleport'"),
        ({"format": 2, "action": "end_turn"}, "action format 2 is not supported"),
        ({"action": "end_turn"}, "action format None is not supported"),
        ({"format": 1, "action": "move", "models": ["a1"]}, "move: field 'to' is missing"),
        ({"format": 1, "action": "move", "models": "a1", "to": "W3"}, "move.models: a list was expected"),
        ({"format": 1, "action": "move", "models": [1], "to": "W3"}, "move.models[0]: a text was expected"),
        ({"format": 1, "action": "push_tower", "tower": "ST1", "distance": "4"}, "push_tower.distance: a whole"),
        ({"format": 1, "action": "push_tower", "tower": "ST1", "distance": True}, "push_tower.distance: a whole"),
        ({"format": 1, "action": "pour", "section": "W3", "liquid": "wine", "pourers": []}, "pour.liquid: 'wine'"),
        ({"format": 1, "action": "end_turn", "side": "besieged"}, "end_turn: unknown field 'side'"),
        ({"format": 1, "action": "fight", "section": "W3", "pairs": [["a1"]]}, "fight.pairs[0]: 2 values"),
        ({"format": 1, "action": "cast", "caster": "x", "target_in_fort": 1}, "cast.target_in_fort: true or false"),
    ],
)
def test_a_malformed_action_is_refused_naming_the_name_or_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(ActionFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Action.from_json(data)


def _setup_state() -> BattleState:
    return start(example_setup())


def test_a_battle_opens_in_the_setup_with_the_besieged_to_play_first() -> None:
    """§16: the besieged plays first, whichever way the battle was built."""
    state = _setup_state()
    assert (state.phase, state.active, state.first, state.turn) == (Phase.SETUP, Side.BESIEGED, Side.BESIEGED, 1)


def test_the_steps_of_a_turn_follow_the_sequence_of_002_with_the_siege_steps() -> None:
    """002: movement, magic, shooting, close combat; §10.3 the sappers before the besieger moves; §16 the turn
    passes, the game turn counts on after the besieger's turn. Before it, each side ends its part of the set-up
    (§16): the besieged, the besieger, the besieged again.
    """
    state = _setup_state()
    dice = Dice(seed=1)
    seen = []
    for _ in range(7):
        state = apply(state, a.EndPhase(), dice).state
        seen.append((state.turn, state.active, state.phase))
    assert seen == [
        (1, Side.BESIEGER, Phase.SETUP),
        (1, Side.BESIEGED, Phase.SETUP),
        (1, Side.BESIEGED, Phase.MOVEMENT),
        (1, Side.BESIEGED, Phase.MAGIC),
        (1, Side.BESIEGED, Phase.SHOOTING),
        (1, Side.BESIEGED, Phase.CLOSE_COMBAT),
        (1, Side.BESIEGED, Phase.END),
    ]
    assert problems(state, a.EndPhase())[0].clause == "002"
    state = apply(state, a.EndTurn(), dice).state
    assert (state.turn, state.active, state.phase) == (1, Side.BESIEGER, Phase.SAPPERS)
    state = apply(state, a.EndTurn(), dice).state
    assert (state.turn, state.active, state.phase) == (2, Side.BESIEGED, Phase.MOVEMENT)


def test_an_action_out_of_its_step_is_refused_with_its_clause() -> None:
    state = set_up(_setup_state())  # turn 1, besieged movement
    refusals = problems(state, a.Shoot(("xb1",), ("c1",)))
    assert [(r.clause, r.message) for r in refusals] == [
        ("§5", "wrong_step (action=shoot, steps=shooting, step=movement)")
    ]
    assert problems(state, a.Dig())[0].clause == "§10.3"
    assert problems(state, a.Fight("W3", (("h1", "a1"),)))[0].clause == "§3.2.1"
    with pytest.raises(IllegalAction, match="wrong_step \\(action=shoot") as refused:
        apply(state, a.Shoot(("xb1",), ("c1",)), Dice(seed=1))
    assert refused.value.clause == "§5"


def test_an_action_by_the_side_not_to_play_is_refused() -> None:
    """§16: in the besieged's first turn the besieger's models wait."""
    state = set_up(_setup_state())
    refusals = problems(state, a.Move(("c1",), "ladder:L1"))
    assert [(r.clause, r.message) for r in refusals] == [
        ("§16", "not_your_turn (active=besieged, side=besieger, action=move)")
    ]


def test_a_model_of_the_other_side_cannot_join_an_action() -> None:
    state = set_up(_setup_state())
    refusals = problems(state, a.Move(("r1", "c1"), "C1"))
    assert ("§2.1", "enemy_model (model=c1, side=besieged)") in [(r.clause, r.message) for r in refusals]
    assert problems(state, a.Move(("nobody",), "C1"))[0].message == "no_such_model (id=nobody)"


def test_the_besieged_reacts_in_the_besiegers_movement() -> None:
    """§7.1.6: the besieged pushes a ladder back in the besieger's movement phase, exceptionally."""
    state = replace(
        battle(besieged(MAN, "W3", 3), besiegers(ORC, "ladder:L1", 2)), phase=Phase.MOVEMENT, active=Side.BESIEGER
    )
    assert side_of(state, a.PushBack("L1", ("d1",))) is Side.BESIEGED
    assert problems(state, a.PushBack("L1", ("d1",))) == []
    later = replace(state, phase=Phase.SHOOTING)
    assert problems(later, a.PushBack("L1", ("d1",)))[0].clause == "§7.1.6"


def test_a_rule_of_the_engine_refuses_through_problems_without_touching_the_dice() -> None:
    """§2.1.1: a ladder lets 4 models a turn onto the wall; problems rolls nothing of the battle's."""
    state = replace(battle(besieged(MAN, "C1", 1), besiegers(ORC, "foot:W3", 6)), phase=Phase.MOVEMENT)
    dice = Dice(seed=3)
    refusals = problems(state, a.Move(("a1", "a2", "a3", "a4", "a5"), "ladder:L1"))
    assert refusals
    assert refusals[0].clause in {"§2.1.1", "§7.1.5"}
    assert dice.log == ()


def test_an_action_of_the_engine_that_returned_a_bare_state_now_gives_an_outcome_with_its_event() -> None:
    """§6.3.1: blocking a ladder is an action like the others, with an event naming the blocker."""
    state = replace(
        battle(besieged(MAN, "W3", 2), besiegers(ORC, "ladder:L1", 2)), phase=Phase.MOVEMENT, active=Side.BESIEGER
    )
    # §7.1.7: d1 tried to push the ladder back this turn, so it may block it
    state = replace(state, turn_log=replace(state.turn_log, pushed=frozenset({"L1"}), pushers=frozenset({"d1"})))
    result = apply(state, a.Block("d1", "ladder:L1"), Dice(seed=1))
    assert result.state.ladder("L1").blocker == "d1"
    assert [(e.kind, e.clause, e.models) for e in result.events] == [("block", "§6.3.1", ("d1",))]
    assert result.rolls == ()


def test_an_unknown_section_is_a_refusal() -> None:
    state = replace(battle(besieged(ARCHER, "W3", 1)), phase=Phase.MAGIC, active=Side.BESIEGED)
    refusals = problems(state, a.Earthquake("W99"))
    assert [r.message for r in refusals] == ["no_such_section (section=W99)"]


def test_nothing_is_played_once_the_siege_is_over() -> None:
    """§16: after the last turn the siege is over."""
    state = replace(_setup_state(), over=True)
    assert [(r.clause, r.message) for r in problems(state, a.EndTurn())] == [("§16", "siege_over")]


def test_a_deployment_is_checked_against_16_and_the_quotas() -> None:
    """§16: the besieged deploys inside, first; the besieger on the field, second; §1.7 a wall-walk holds 15 a
    side."""
    state = _setup_state()
    assert [r.message for r in problems(state, a.Deploy("c1", "field:east"))] == [
        "not_your_setup (active=besieged, setup_turn=walls, side=besieger, action=deploy)"
    ]
    field = apply(state, a.EndPhase(), Dice(seed=1)).state
    field = field.with_models({"c1": replace(field.model("c1"), place=Place.parse("field:west"))})
    assert problems(field, a.Deploy("c1", "field:east")) == []
    assert problems(field, a.Deploy("c1", "W1"))[0].clause == "§16"
    assert problems(field, a.Deploy("c2", "field:east"))[0].message == "deployed_already (model=c2, place=foot:W3)"
    assert problems(state, a.Deploy("r1", "field:east"))[0].clause == "§16"
    moved = apply(state, a.Deploy("r1", "W1"), Dice(seed=1)).state
    assert str(moved.model("r1").place) == "W1"
    full = state
    for n in range(1, 4):
        full = apply(full, a.Deploy(f"r{n}", "W3"), Dice(seed=1)).state
    assert full.occupancy("W3", Side.BESIEGED) == 15
    assert problems(full, a.Deploy("r4", "W3"))[0].clause == "§1.7"


def test_a_place_that_names_no_zone_is_a_refusal() -> None:
    state = set_up(_setup_state())
    refusals = problems(state, a.Move(("r1",), "moat:W3"))
    assert [(r.clause, r.message) for r in refusals] == [("§2.1", "not_a_place (text=moat:W3)")]
    with pytest.raises(IllegalAction, match=r"not_a_place \(text=moat:W3\)"):
        apply(state, a.Move(("r1",), "moat:W3"), Dice(seed=1))


def test_a_value_out_of_its_range_is_a_refusal_naming_it() -> None:
    """§5.9: a war machine's strength is 1 to 10."""
    state = replace(
        battle(besieged(MAN, "W3", 1), besiegers(CATAPULT, "field:outside", 1, "m")),
        phase=Phase.SHOOTING,
        active=Side.BESIEGER,
    )
    refusals = problems(state, a.Bombard("W3", 25, "D4", machine="m1"))
    assert [(r.clause, r.message) for r in refusals] == [
        ("§5.9", "bad_value (action=bombard, name=strength, value=25, low=1, high=10)")
    ]
    assert problems(state, a.KnockOverBraziers("ram:R1"))[0].message == "bad_input (action=knock_over_braziers)"
