"""§7.2 rams, ruling R3: taken up by six to ten carriers, brought to a gate, struck, covered and wrecked, let
go and taken up again; the ram never enters the fort.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Ram
from rules.siege.board.state import BattleState, Model, Phase, Place, TurnLog
from rules.siege.chapters import rams
from rules.siege.chapters.movement import move
from rules.siege.chapters.rams import (
    COVERED_SECOND_STRIKE_DAMAGE,
    carry_ram,
    drop_ram,
    ram_damage,
    ram_strength,
    strikes,
)
from rules.siege.game import Option, apply, choose, menu_options, problems
from tests.rules.siege.builders import ORC, battle, besiegers, dice, ids, ram_at_the_main_gate, refused


@pytest.mark.parametrize("carriers", range(6, 11))
def test_strength_is_the_number_of_carriers(carriers: int) -> None:
    """§7.2.4, R3."""
    assert ram_strength(carriers) == carriers


@pytest.mark.parametrize("carriers", [5, 11])
def test_six_to_ten_carriers(carriers: int) -> None:
    """§7.2.1, R3."""
    with pytest.raises(ValueError, match=f"carriers must be between 6 and 10, got {carriers}"):
        ram_strength(carriers)


@pytest.mark.parametrize(
    ("carrier_strength", "die", "bonus"),
    [
        pytest.param(1, "D4", 0, id="R3-S1-D4"),
        pytest.param(3, "D4", 0, id="R3-S3-D4"),
        pytest.param(4, "D4", 1, id="R3-S4-D4+1"),
        pytest.param(6, "D4", 1, id="R3-S6-D4+1"),
        pytest.param(7, "D6", 1, id="R3-S7-D6+1"),
        pytest.param(10, "D6", 1, id="R3-S10-D6+1"),
    ],
)
def test_damage_by_carrier_majority_strength(carrier_strength: int, die: str, bonus: int) -> None:
    damage = ram_damage(carrier_strength)
    assert (damage.die.name, damage.bonus) == (die, bonus)


def test_covered_ram_strikes_twice_second_for_one() -> None:
    """§7.2.3, §7.2.4, R3."""
    assert strikes(covered=True) == 2
    assert strikes(covered=False) == 1
    assert COVERED_SECOND_STRIKE_DAMAGE == 1


def test_bad_strength() -> None:
    with pytest.raises(ValueError, match="carrier_strength must be between 1 and 10, got 0"):
        ram_damage(0)


# ---- rams on the menu (§7.2.1, §7.2.2, §7.2.4) ---------------------------------------------------------------------


FREE_RAM = Ram("R1")


def _field(*groups: Iterable[Model], ram: Ram = FREE_RAM, phase: Phase = Phase.MOVEMENT) -> BattleState:
    return replace(battle(*groups, ladders=()), rams=(ram,), phase=phase, turn=1)


def _menu(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def test_a_ram_is_taken_up_by_six_to_ten_models_standing_together() -> None:
    """§7.2.1: « Un bélier requière 6 figurines minimum pour le tracter et 10 figurines maximum peuvent le faire »:
    the twelve orcs on the field may take it up, six to ten of them; the four at the foot of W3 are too few, and the
    two groups do not carry it together.
    """
    state = _field(besiegers(ORC, "field:outside", 12, "o"), besiegers(ORC, "foot:W3", 4, "w"))
    (option,) = _menu(state, "carry_ram")
    assert (option.where, option.actors, option.least, option.most) == ("ram:R1", tuple(ids("o", 12)), 6, 10)
    actors, _ = option.default()
    taken = apply(state, choose(state, option, actors, None), Dice(seed=1)).state
    assert taken.ram("R1").carriers == tuple(ids("o", 10))
    assert problems(state, a.CarryRam("R1", ("o1", "o2", "o3", "w1", "w2", "w3")))[0].clause == "§7.2.1"


def test_the_ram_is_brought_to_its_gate_from_the_foot_of_another_wall() -> None:
    """§7.2.4: « Un bélier peut être utilisé dès qu'il se trouve en contact avec une porte à la fin de la phase de
    mouvement »: the ram's six carriers stand at the foot of T1, where no move leads to the gate; bringing it is
    their move, to the foot of C1 and the main gate G1 (the approach measured on the table, §16). In the close
    combat it strikes the gate.
    """
    crew = tuple(ids("r", 6))
    state = _field(besiegers(ORC, "foot:T1", 6, "r"), ram=Ram("R1", carriers=crew))
    (option,) = _menu(state, "bring_ram")
    assert (option.where, option.targets) == ("ram:R1", ("G1", "P1"))
    brought = apply(state, choose(state, option, (), "G1"), Dice(seed=1)).state
    assert brought.ram("R1").gate == "G1"
    assert {str(brought.model(r).place) for r in crew} == {"foot:C1"}
    assert set(crew) <= brought.turn_log.moved
    assert not _menu(brought, "bring_ram")  # they have moved: no other gate this turn
    striking = replace(brought, phase=Phase.CLOSE_COMBAT)
    (use,) = _menu(striking, "use_ram")
    assert problems(striking, choose(striking, use, use.actors, "G1")) == []


def test_carriers_who_moved_bring_the_ram_only_where_they_stand() -> None:
    """§7.2.1 with §16: carrying the ram to a gate is the carriers' move: after moving to the foot of C1 this turn
    they may bring it to G1, at whose foot they stand, not to the postern P1 of C3; in the set-up, standing 40 cm or
    more from the walls, they bring it nowhere.
    """
    crew = tuple(ids("r", 6))
    state = _field(besiegers(ORC, "foot:C1", 6, "r"), ram=Ram("R1", carriers=crew))
    moved = replace(state, turn_log=TurnLog(moved=frozenset(crew)))
    (option,) = _menu(moved, "bring_ram")
    assert option.targets == ("G1",)
    assert problems(moved, a.BringRam("R1", "P1"))[0].clause == "§7.2.1"
    afield = _field(besiegers(ORC, "field:outside", 6, "r"), ram=Ram("R1", carriers=crew), phase=Phase.SETUP)
    assert not _menu(afield, "bring_ram")
    assert problems(afield, a.BringRam("R1", "G1"))[0].clause == "§7.2.4"


def test_a_ram_let_go_is_taken_up_where_it_lies() -> None:
    """§7.2.2: « Les règles sont identiques à abandonner et ramasser une échelle », and §7.1.3 « Des figurines
    peuvent passer à côté d'une échelle et la ramasser »: the ram let go at the foot of C1 is taken up there or by
    models passing by from the field, not by those at the foot of W3.
    """
    crew = tuple(ids("r", 6))
    state = _field(
        besiegers(ORC, "foot:C1", 6, "r"),
        besiegers(ORC, "foot:W3", 6, "w"),
        besiegers(ORC, "field:outside", 6, "o"),
        ram=Ram("R1", carriers=crew, gate="G1"),
    )
    dropped = apply(state, a.DropRam("R1"), Dice(seed=1)).state
    assert dropped.ram("R1").lies == "foot:C1"
    assert [o.actors for o in _menu(dropped, "carry_ram")] == [crew, tuple(ids("o", 6))]
    assert problems(dropped, a.CarryRam("R1", tuple(ids("w", 6))))[0].clause == "§7.2.2"


def test_a_ram_never_enters_the_fort() -> None:
    """§7.2.1: « Un bélier ne peut jamais pénétrer dans l'enceinte d'un fort »: its carriers do not walk in through
    the broken gate with it; having dropped it, they may.
    """
    state = replace(battle(besiegers(ORC, "foot:C1", 6)), rams=(Ram("R1"),))
    state = carry_ram(state, "R1", [f"a{n}" for n in range(1, 7)])
    state = state.with_gate(replace(state.gate("G1"), structure_points=0))
    refused(lambda: move(state, ["a1", "a2"], "C1", Dice(0)), "§7.2.1")
    assert len(move(drop_ram(state, "R1"), ["a1", "a2"], "C1", Dice(0)).state.at("C1")) == 2


def test_ram_strikes_the_main_gate() -> None:
    """§7.2.4, R3: 6 carriers, S6 against T9 wounds on 6; S4 carriers do D4+1."""
    result = rams.use_ram(ram_at_the_main_gate(), "R1", dice(6, 3))
    assert result.state.gate("G1").structure_points == 3


def test_covered_ram_strikes_twice_the_second_for_1() -> None:
    """§7.2.3, §7.2.4, R3."""
    result = rams.use_ram(ram_at_the_main_gate(covered=True), "R1", dice(6, 1, 6))
    assert result.state.gate("G1").structure_points == 7 - 2 - 1


def test_wrecked_covered_ram_swings_on_5_plus() -> None:
    """§7.2.3: a 4 and it cannot be used."""
    state = ram_at_the_main_gate(covered=True)
    state, _ = rams.damage_ram(state, "R1", 4)
    assert state.ram("R1").wrecked
    result = rams.use_ram(state, "R1", dice(4))
    assert result.state.gate("G1").structure_points == 7


@pytest.mark.parametrize(
    ("carriers", "move", "speed"),
    [
        pytest.param(6, 8, 4, id="§7.2.1-6-carriers-half"),
        pytest.param(8, 8, 4, id="§7.2.1-8-carriers-half"),
        pytest.param(9, 8, 8, id="§7.2.1-9-carriers-full"),
    ],
)
def test_ram_speed(carriers: int, move: int, speed: int) -> None:
    assert rams.ram_speed(carriers, move) == speed


def test_ram_dropped_and_picked_up_as_a_ladder() -> None:
    """§7.2.2: fewer than 6 carriers drop it (§7.2.1); others pick it up again."""
    state = battle(besiegers(ORC, "foot:C1", 7, "r"))
    state = rams.bring_ram(
        rams.carry_ram(replace(state, rams=(Ram("R1"),)), "R1", [f"r{n}" for n in range(1, 7)]), "R1", "G1"
    )
    assert not rams.must_drop_ram(state, "R1")
    short = state.with_models({"r1": None})
    assert rams.must_drop_ram(short, "R1")
    dropped = rams.drop_ram(short, "R1")
    assert (dropped.ram("R1").carriers, dropped.ram("R1").gate) == ((), None)
    again = rams.carry_ram(dropped, "R1", [f"r{n}" for n in range(2, 8)])
    assert len(again.ram("R1").carriers) == 6


# ---- the carriers lost, replaced (§5.3) ------------------------------------------------------------------------------

_REPLACEMENT = "replace_ram_carriers"


def _short_ram(carriers: int = 4, phase: Phase = Phase.SAPPERS) -> BattleState:
    """Ram R1 on the field with ``carriers`` of the twelve orcs of regiment ``o`` left carrying it, three orcs of
    another regiment ``k`` beside them."""
    ram = Ram("R1", carriers=tuple(ids("o", carriers)))
    return _field(
        besiegers(ORC, "field:outside", 12, "o"), besiegers(ORC, "field:outside", 3, "k"), ram=ram, phase=phase
    )


def test_the_lost_carriers_are_replaced_by_their_regiment_as_the_next_turn_opens() -> None:
    """§5.3: « les pertes subies par les porteurs […] peuvent être immédiatement remplacés par d'autres figurines du
    régiment dès le tour suivant »; §7.2.1: « 10 figurines maximum peuvent le faire ». Four carriers are left: the
    eight other orcs of their regiment are offered, six of them at most (4 + 6 = 10), never the other regiment's."""
    state = _short_ram()
    (option,) = _menu(state, _REPLACEMENT)
    assert option.where == "ram:R1"
    assert option.actors == tuple(ids("o", 12)[4:])
    assert (option.least, option.most) == (1, 6)
    action = choose(state, option, option.actors[: option.most], None)
    assert action == a.ReplaceRamCarriers("R1", ("o5", "o6", "o7", "o8", "o9", "o10"))
    after = apply(state, action, Dice(seed=1)).state
    assert after.ram("R1").carriers == tuple(ids("o", 10))
    assert a.Action.from_json(action.to_json()) == action


def test_only_the_carriers_regiment_replaces_them() -> None:
    # §5.3 « par d'autres figurines du régiment »: the orcs of regiment k are strangers to the ram
    (refusal,) = problems(_short_ram(), a.ReplaceRamCarriers("R1", ("k1",)))
    assert (refusal.code, refusal.clause, refusal.params["models"]) == ("replacements_of_the_regiment", "§5.3", ("k1",))


def test_a_ram_with_the_six_carriers_it_needs_has_nothing_to_replace() -> None:
    # §7.2.1: a ram is taken up by six or more; with six still carrying it no loss is known to replace (§5.3)
    state = _short_ram(carriers=6)
    assert _menu(state, _REPLACEMENT) == []
    (refusal,) = problems(state, a.ReplaceRamCarriers("R1", ("o7",)))
    assert (refusal.code, refusal.clause) == ("ram_carriers_enough", "§5.3")


def test_never_more_than_ten_carriers() -> None:
    # §7.2.1 « 10 figurines maximum »: four carriers and seven more make eleven
    (refusal,) = problems(_short_ram(), a.ReplaceRamCarriers("R1", tuple(ids("o", 11)[4:])))
    assert (refusal.code, refusal.clause, refusal.params["weight"]) == ("ram_carriers_count", "§7.2.1", 11)


def test_the_carriers_are_replaced_as_the_turn_opens_not_in_the_movement() -> None:
    # §5.3 « dès le tour suivant »: in the besieger's sappers' step, before the losses of this turn's movement
    state = _short_ram(phase=Phase.MOVEMENT)
    assert _menu(state, _REPLACEMENT) == []
    (refusal,) = problems(state, a.ReplaceRamCarriers("R1", ("o5",)))
    assert (refusal.code, refusal.clause) == ("wrong_step", "§5.3")


def test_carriers_standing_apart_are_offered_no_replacement() -> None:
    # §5.3 with §7.2.1: the replacements join the carriers where they stand together; two of the four carriers left
    # stand at the foot of W3, so the rule refuses every choice (carriers_apart) and the menu offers none
    state = _short_ram()
    apart = {m: replace(state.model(m), place=Place.parse("foot:W3")) for m in ("o3", "o4")}
    state = state.with_models(apart)
    assert _menu(state, _REPLACEMENT) == []
    (refusal,) = problems(state, a.ReplaceRamCarriers("R1", ("o5",)))
    assert (refusal.code, refusal.clause) == ("carriers_apart", "§5.3")
