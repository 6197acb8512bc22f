"""Fighting in the belfry (001 §1.2, §5, §8): on any level, between two levels only from the ladder, over the
lowered drawbridge both ways, and at the ground level's open rear. Each test plays one sentence of
``tests/rules/data/belfry.py``'s ``FIGHTS`` through the menu and ``apply``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Belfry, Bridge, SiegeTower
from rules.siege.board.state import BattleState, IllegalAction, Phase, Side
from rules.siege.chapters.belfry.belfry import FIGHT_KIND, fight_on_level, pushers
from rules.siege.chapters.melee import to_hit_need
from rules.siege.game import apply, menu_options, problems
from tests.rules.data import belfry as doc
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers

LEVEL_1, LEVEL_2 = "belfry:ST1.1", "belfry:ST1.2"


def _state(*groups: list, active: Side = Side.BESIEGER, phase: Phase = Phase.MOVEMENT, **belfry: object) -> BattleState:
    state = battle(*groups, active=active, ladders=(), towers=(SiegeTower("ST1", None),))
    values = {"distance": 1, "bridge": Bridge.DOWN, **belfry}
    return replace(state, phase=phase, turn=2, belfries=(Belfry("ST1", "W3", **values),))  # type: ignore[arg-type]


def _options(state: BattleState, name: str, where: str) -> list:
    return [o for o in menu_options(state) if o.name == name and o.where == where]


def test_the_document_is_quoted() -> None:
    # 001 §8: « entre 2 personnages situés sur 2 niveaux différents »
    assert doc.BETWEEN_LEVELS == (2, 2)
    assert set(doc.FIGHTS) == {
        "bridge",
        "any_level",
        "between_levels",
        "inner_ladders",
        "rear",
        "on_a_ladder",
        "counter_attack",
    }


def test_climbing_onto_a_level_held_by_the_enemy_is_a_charge_from_the_ladder() -> None:
    # FIGHTS["between_levels"], FIGHTS["on_a_ladder"]: the climbers fight from the ladder onto the level they charge;
    # up the ladder they charge from below (§3.2.2)
    state = _state(besiegers(ORC, LEVEL_1, 4, "u"), besieged(MAN, LEVEL_2, 2, "d"))
    (climb,) = _options(state, "climb_belfry", LEVEL_1)
    assert LEVEL_2 in climb.targets
    state = apply(state, a.ClimbBelfry(("u1", "u2"), LEVEL_2), Dice(seed=1)).state
    assert {m.id for m in state.at(LEVEL_2, Side.BESIEGER)} == {"u1", "u2"}
    assert {"u1", "u2"} <= state.turn_log.charged
    assert {"u1", "u2"} <= state.turn_log.from_below
    # the defenders strike the climbers more easily than they would a model that came level with them
    plain = replace(state, turn_log=replace(state.turn_log, from_below=frozenset()))
    d1, u1 = state.model("d1"), state.model("u1")
    assert to_hit_need(state, d1, u1, FIGHT_KIND) == to_hit_need(plain, d1, u1, FIGHT_KIND) - 1


def test_climbing_down_onto_the_enemy_is_a_charge_not_from_below() -> None:
    state = _state(besiegers(ORC, LEVEL_2, 2, "u"), besieged(MAN, LEVEL_1, 2, "d"))
    state = apply(state, a.ClimbBelfry(("u1",), LEVEL_1), Dice(seed=1)).state
    assert "u1" in state.turn_log.charged
    assert "u1" not in state.turn_log.from_below


def test_a_fight_on_a_level_is_a_round_of_close_combat_there() -> None:
    # FIGHTS["any_level"]: a level is one engagement, as a section (§3.2)
    state = _state(besiegers(ORC, LEVEL_2, 2, "u"), besieged(MAN, LEVEL_2, 2, "d"), phase=Phase.CLOSE_COMBAT)
    (fight,) = _options(state, "fight", LEVEL_2)
    assert (fight.side, set(fight.actors), set(fight.targets)) == (Side.BESIEGER, {"u1", "u2"}, {"d1", "d2"})
    result = apply(state, a.Fight(LEVEL_2, (("u1", "d1"), ("u2", "d2"))), Dice(seed=4))
    assert [e.kind for e in result.events if e.kind == "blows"]
    assert result.events[-1].kind == "combat_result"
    outcome = result.state.result(LEVEL_2)
    assert outcome is not None
    assert (outcome.winner, outcome.besieger, outcome.besieged, outcome.settled) == (Side.BESIEGER, 2, 0, False)
    assert LEVEL_2 in result.state.turn_log.fought
    # the losers hold and test: a level's ways out are its ladders and bridge, no retreat (reading)
    (hold,) = _options(result.state, "hold", LEVEL_2)
    assert hold.side is Side.BESIEGED
    assert not _options(result.state, "retreat", LEVEL_2)
    held = apply(result.state, a.Hold(LEVEL_2), Dice(seed=5)).state
    assert held.result(LEVEL_2).settled  # type: ignore[union-attr]


def test_models_on_two_levels_do_not_fight_each_other() -> None:
    # FIGHTS["between_levels"]: not unless one of them is on the ladder, that is, has climbed onto the other's level
    state = _state(
        besiegers(ORC, LEVEL_1, 1, "u"),
        besieged(MAN, LEVEL_2, 1, "d"),
        besiegers(ORC, LEVEL_2, 1, "v"),
        phase=Phase.CLOSE_COMBAT,
    )
    refusal = problems(state, a.Fight(LEVEL_2, (("u1", "d1"),)))
    assert [r.clause for r in refusal] == ["001 §8"]
    assert (refusal[0].code, refusal[0].params["model"]) == ("belfry_fight_two_levels", "u1")
    with pytest.raises(IllegalAction, match="001 §8"):
        fight_on_level(state, LEVEL_1, (("u1", "d1"),))
    assert not _options(state, "fight", LEVEL_1)  # nobody to fight on level 1


def test_the_besieged_counter_attack_over_the_drawbridge_onto_level_2() -> None:
    # FIGHTS["bridge"], FIGHTS["counter_attack"]: from the rampart onto level 2, level with it (no charge from below)
    state = _state(besiegers(ORC, LEVEL_2, 2, "u"), besieged(MAN, "W3", 3, "d"), active=Side.BESIEGED)
    (charge,) = [o for o in menu_options(state) if o.name == "charge" and o.where == "W3"]
    assert LEVEL_2 in charge.targets
    state = apply(state, a.Charge(("d1", "d2"), LEVEL_2), Dice(seed=2)).state
    assert {m.id for m in state.at(LEVEL_2, Side.BESIEGED)} == {"d1", "d2"}
    assert {"d1", "d2"} <= state.turn_log.charged
    assert not {"d1", "d2"} & state.turn_log.from_below
    assert not problems(replace(state, phase=Phase.CLOSE_COMBAT), a.Fight(LEVEL_2, (("d1", "u1"), ("d2", "u2"))))


def test_the_enemy_in_a_level_takes_no_room_from_the_side_aboard() -> None:
    # 001 §5, R16: level 2 holds 10 besiegers; 2 besieged fighting their way in do not crowd them out
    state = _state(besiegers(ORC, LEVEL_2, 8, "u"), besiegers(ORC, LEVEL_1, 3, "w"), besieged(MAN, LEVEL_2, 2, "d"))
    assert not problems(state, a.ClimbBelfry(("w1", "w2"), LEVEL_2))
    (refusal,) = problems(state, a.ClimbBelfry(("w1", "w2", "w3"), LEVEL_2))
    assert refusal.clause == "001 §5"


def test_the_ground_level_is_attacked_from_its_open_rear() -> None:
    # FIGHTS["rear"]: the besieged on the field charge the pushers, who push no more while engaged (001 §4.1)
    state = _state(
        besiegers(ORC, "belfry:ST1.0", 8, "p"),
        besieged(MAN, "field:outside", 3, "s"),
        active=Side.BESIEGED,
        bridge=Bridge.UP,
        distance=4,
        fixed_ladders=False,
    )
    (board,) = [o for o in _options(state, "climb_belfry", "field") if o.side is Side.BESIEGED]
    assert board.targets == ("belfry:ST1.0",)
    state = apply(state, a.ClimbBelfry(("s1", "s2", "s3"), "belfry:ST1.0"), Dice(seed=3)).state
    assert {"s1", "s2", "s3"} <= state.turn_log.charged
    state = replace(state, phase=Phase.CLOSE_COMBAT)
    state = apply(state, a.Fight("belfry:ST1.0", (("s1", "p1"), ("s2", "p2"), ("s3", "p3"))), Dice(seed=6)).state
    engaged = {p for pair in state.contacts for p in pair if p.startswith("p")}
    assert pushers(state, state.belfry("ST1")) == sum(1 for m in state.at("belfry:ST1.0", Side.BESIEGER)) - len(engaged)


def test_the_inner_ladders_are_not_pushed_over() -> None:
    # FIGHTS["inner_ladders"]: the belfry's ladders are no siege ladders: nothing in the menu throws them down
    state = _state(besiegers(ORC, LEVEL_1, 2, "u"), besieged(MAN, LEVEL_2, 2, "d"), active=Side.BESIEGED)
    ladders = {"push_back", "push_over_empty_ladder", "knock_down_ladder"}
    assert not [o for o in menu_options(state) if o.name in ladders]
    assert state.ladders == ()
