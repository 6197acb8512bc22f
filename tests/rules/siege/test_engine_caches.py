"""The engine's shortcuts give the answers of the long way: a menu asked for one kind of action lists what the
whole menu lists of that kind (002), the moves asked from one zone or the combat on one section what it lists
there, a state's indexes carried over from the state it was copied from are those its models give, a place is one
object for each zone and ref, and the quicker copy of a value equals :func:`dataclasses.replace`'s."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random
import weakref
from typing import Any

import pytest

from bots.siege.assault import assault_setup, demo_assault, game_seed
from bots.siege.policies import Game, play_out
from rules.siege.battle import start
from rules.siege.board import values
from rules.siege.board.menu_view import war_machines
from rules.siege.board.profiles import TroopType
from rules.siege.board.state import BattleState, Phase, Place, Side, Zone
from rules.siege.chapters.belfry.belfry_cover import Cover, target_cover
from rules.siege.menus.legal import menu_combat_on, menu_moves_from, menu_options

from .test_assault_simulator import random_assault


class _Visited(Game):
    def _watch(self) -> None:
        super()._watch()
        self.__dict__.setdefault("visited", []).append(self.state)


def visited_states(seed: int) -> list[BattleState]:
    assault = demo_assault() if seed == 0 else random_assault(random.Random(seed))
    game = play_out(_Visited(start(assault_setup(assault)), game_seed(3, seed), assault.orders()))
    states: list[BattleState] = game.__dict__["visited"]
    return states


EVERY_KIND = sorted(
    {
        *("buy", "deploy", "place_braziers", "allocate_ammunition", "give_brazier", "start_mine", "dig"),
        *("pick_up_ladder", "drop_ladder", "carry_ram", "bring_ram", "drop_ram", "move", "charge", "rally", "flee"),
        *("erect_ladder", "hoist_ladder", "carry_ladder", "push_tower", "climb_wall", "tunnel", "reinforce_gate"),
        *("block", "end_block", "counter_mine", "sortie", "throw_stones", "drop_rock", "pour", "put_out_fire"),
        *("oil_on_fire", "push_back", "push_over_empty_ladder", "knock_down_ladder", "cast", "shoot", "bombard"),
        *("shoot_engine", "shoot_gate", "shoot_structure", "fight", "retreat", "hold", "fight_blocker"),
        *("take_gate", "fight_giant", "use_ram", "attack_gate", "disembark", "end_phase", "end_turn", "spend_heroism"),
    }
)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_menu_asked_for_one_kind_lists_what_the_whole_menu_lists_of_it(seed: int) -> None:
    states = visited_states(seed)
    assert len(states) > 60
    seen: set[str] = set()
    for state in states:
        whole = menu_options(dataclasses.replace(state))  # a fresh copy: nothing worked out before
        seen.update(o.name for o in whole)
        for name in {*EVERY_KIND, *(o.name for o in whole)}:
            assert menu_options(dataclasses.replace(state), name) == [o for o in whole if o.name == name], name
        assert menu_options(state) == whole  # the parts kept with the state give the same menu
    assert {"move", "end_phase", "end_turn"} <= seen
    if seed == 0:  # the demo assault brings a ram, a catapult, ladders and shooters
        assert {"charge", "fight", "retreat", "shoot", "bombard", "use_ram", "push_back", "dig"} <= seen


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_moves_asked_from_one_zone_are_those_the_whole_menu_lists_from_it(seed: int) -> None:
    found: dict[tuple[str, Zone], int] = {}
    for state in visited_states(seed):
        whole = menu_options(dataclasses.replace(state))
        for name in ("move", "charge"):
            for zone in Zone:
                listed = [o for o in whole if o.name == name and Place.parse(o.where or "").zone is zone]
                assert menu_moves_from(dataclasses.replace(state), name, zone) == listed, (name, zone)
                assert menu_moves_from(state, name, zone) == listed, (name, zone)  # the part kept with the state
                found[name, zone] = found.get((name, zone), 0) + len(listed)
    if seed == 0:  # §2, §7: the demo's besiegers step from the field, the foot of the walls and the ladders
        assert found["move", Zone.FOOT] > 0
        assert found["move", Zone.LADDER] + found["charge", Zone.LADDER] > 0  # up a ladder, onto the rampart
        assert found["move", Zone.SECTION] > 0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_combat_asked_on_one_section_is_what_the_whole_menu_lists_on_it(seed: int) -> None:
    found: dict[str, int] = {}
    for state in visited_states(seed):
        whole = menu_options(dataclasses.replace(state))
        for name in ("fight", "retreat", "hold"):
            for section in state.fort.sections:
                listed = [o for o in whole if o.name == name and o.where == section.id]
                assert menu_combat_on(dataclasses.replace(state), name, section.id) == listed, (name, section.id)
                assert menu_combat_on(state, name, section.id) == listed, (name, section.id)
                found[name] = found.get(name, 0) + len(listed)
    if seed == 0:  # §3.2, §3.3.2: the demo's fights are lost and retreated from
        assert found["fight"] > 0
        assert found["retreat"] > 0


def _war_machines_one_by_one(state: BattleState) -> tuple[str, ...]:
    return tuple(
        m.id for m in state.models if m.side is Side.BESIEGER and m.profile.troop_type is TroopType.WAR_MACHINE
    )


def _targets_one_by_one(state: BattleState, side: Side) -> tuple[str, ...]:
    """001 §3, §5: every model of ``side`` not engaged, nor in a mine, a siege tower or behind a belfry's wall."""
    return tuple(
        m.id
        for m in state.models
        if m.side is side
        and m.id not in state.engaged
        and m.place.zone not in (Zone.MINE, Zone.SIEGE_TOWER)
        and target_cover(state, m) is not Cover.INFINITE
    )


@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_the_war_machines_and_the_targets_of_a_shot_are_those_a_look_at_every_model_finds(seed: int) -> None:
    states = visited_states(seed)
    shots = lost = 0
    # §5.7: the war machines kept with the fort for the models' ranks, filled from the first state of the game
    # (all its models) or, the other way round, left unfilled by a state that lost some
    for state in (*states, *reversed(states)):
        machines = _war_machines_one_by_one(state)
        assert war_machines(state) == machines
        assert war_machines(dataclasses.replace(state)) == machines  # a copy ranking its models again
        lost += len(state.models) < len(state.rank)
        if state.phase is Phase.SHOOTING:  # §5: the shots aim at the models in the order of the models
            for option in menu_options(dataclasses.replace(state), "shoot"):
                assert option.targets == _targets_one_by_one(state, option.side.enemy)
                shots += 1
    assert lost > 0
    if seed == 0:  # the demo's catapult and shooters
        assert war_machines(states[0])
        assert shots > 0


def test_the_war_machines_are_kept_only_from_a_state_with_all_the_models_it_ranks() -> None:
    start_state = dataclasses.replace(visited_states(0)[0])  # a copy ranking its models anew
    machines = war_machines(start_state)
    assert machines == _war_machines_one_by_one(start_state)
    fresh = dataclasses.replace(start_state)
    lost = fresh.with_models({machines[0]: None})  # §5.7: a war machine destroyed; the same ranks
    assert lost.rank is fresh.rank
    assert war_machines(lost) == machines[1:]
    assert war_machines(fresh) == machines
    assert war_machines(lost) == machines[1:]


@pytest.mark.parametrize("seed", [0, 4, 5, 6])
def test_indexes_carried_over_from_copy_to_copy_are_those_the_models_give(seed: int) -> None:
    for state in visited_states(seed):
        fresh = dataclasses.replace(state)
        assert dict(state.by_id) == dict(fresh.by_id)
        assert list(state.by_id) == [m.id for m in state.models]
        assert list(state.by_place.items()) == list(fresh.by_place.items())  # the places in the same order
        for side in Side:  # each side's places in the order of by_place too
            assert list(state.by_side_and_place[side].items()) == list(fresh.by_side_and_place[side].items())
        assert sorted(state.models, key=lambda m: state.rank[m.id]) == list(state.models)
        assert state.engaged == fresh.engaged
        assert state.blockers == fresh.blockers


def test_a_place_is_one_object_for_each_zone_and_ref() -> None:
    place = Place(Zone.LADDER, "L1")
    assert place is Place.parse("ladder:L1") is Place(Zone("ladder"), "L1")
    assert pickle.loads(pickle.dumps(place)) is place
    assert copy.deepcopy(place) is place
    assert str(place) == "ladder:L1"
    assert str(Place(Zone.SECTION, "W3")) == "W3"
    assert place != Place(Zone.LADDER, "L2")
    assert place != "ladder:L1"
    assert repr(place) == "Place(zone=<Zone.LADDER: 'ladder'>, ref='L1')"
    assert sorted([Place.parse("W3"), Place.parse("foot:W3"), Place.parse("W1")]) == [
        Place.parse("foot:W3"),
        Place.parse("W1"),
        Place.parse("W3"),
    ]  # by zone, then ref
    with pytest.raises(dataclasses.FrozenInstanceError):
        place.ref = "L2"  # type: ignore[misc]


@dataclasses.dataclass(frozen=True)
class _Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


def test_the_quicker_copy_equals_dataclasses_replace() -> None:
    state = start(assault_setup(demo_assault()))
    changes: dict[str, Any] = {"turn": 3, "active": Side.BESIEGER}
    assert values.replace(state, **changes) == dataclasses.replace(state, **changes)
    assert values.replace(state, **changes) is not state
    with pytest.raises(TypeError):
        values.replace(state, no_such_field=1)
    # a copy keeps the indexes of the models it shares, and only those
    indexed = state.by_place
    assert values.replace(state, turn=2).by_place is indexed
    moved = values.replace(state, models=state.models[1:])
    assert "by_place" not in moved.__dict__
    assert moved.by_place == dataclasses.replace(moved).by_place
    state.memo["menu part"] = ["worked out for this state alone"]
    copy = values.replace(state, turn=2)
    assert copy.memo == {}  # a copy works its menu parts out anew
    assert copy.memo is not state.memo
    # a value that checks itself is copied the standard way, checks included
    with pytest.raises(ValueError, match="low above high"):
        values.replace(_Checked(1, 2), low=3)


def test_a_state_and_the_menus_kept_with_it_are_freed_together_without_the_garbage_collector() -> None:
    state = start(assault_setup(demo_assault()))
    assert menu_options(state)  # the menu view and its parts are now kept in the state's memo
    assert state.memo
    gone = weakref.ref(state)
    gc.disable()
    try:
        del state
        assert gone() is None  # no cycle through the memo: freed as its last reference goes
    finally:
        gc.enable()
