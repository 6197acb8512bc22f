"""Refusals by clause across chapters, one table a family of actions: each case names the clause that
refuses it (the rules themselves are tested in the module of their subject).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege.board.engines import Liquid, MineGoal
from rules.siege.board.state import IllegalAction, Ladder
from rules.siege.chapters import defences, gates, heroism, ladders, mining, rams, siege_towers, sorties
from rules.siege.chapters.blocking import block
from tests.rules.siege.builders import (
    CANNON,
    HARPY,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    crewed_siege_tower,
    dice,
    gate_battle,
    ladder_picked_up,
    mine_started,
    ram_at_the_main_gate,
    walls_with_defences,
)


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(
            lambda: defences.drop_rock(walls_with_defences(), "W3", ["d1"], "f1", dice()),
            "§8.1.4",
            id="§8.1.4-rock-two-models",
        ),
        pytest.param(
            lambda: defences.throw_stones(walls_with_defences(), "W3", ["d1"], ["w1"], dice()),
            "§8.1.2",
            id="§8.1.2-outside-only",
        ),
        pytest.param(
            lambda: defences.place_braziers(walls_with_defences(), "W3", [Liquid.LEAD]),
            "§8.2.1",
            id="§8.2.1-two-braziers",
        ),
        pytest.param(
            lambda: defences.pour_brazier(walls_with_defences(), "W3", Liquid.LEAD, ["d1", "d2"], [], dice()),
            "§8.2.1",
            id="§8.2.1-no-such-brazier",
        ),
        pytest.param(
            lambda: defences.knock_over_braziers(walls_with_defences(), "W3"), "§8.2.3", id="§8.2.3-control-first"
        ),
        pytest.param(
            lambda: mining.start_mine(battle(besiegers(ORC, "foot:W1", 5)), MineGoal.TUNNEL, ["a1"]),
            "§10.1",
            id="§10.1-six-sappers",
        ),
        pytest.param(
            lambda: mining.counter_mine(mine_started(), ["d1", "d2", "d3"]), "§10.2", id="§10.2-four-counter-miners"
        ),
        pytest.param(
            lambda: sorties.sortie(battle(besieged(HARPY, "C1", 1), besiegers(ORC, "foot:W1", 1)), ["d1"], "a1"),
            "§11.2",
            id="§11.2-machines-only",
        ),
        pytest.param(
            lambda: sorties.sortie(battle(besieged(MAN, "C1", 1), besiegers(CANNON, "foot:W1", 1)), ["d1"], "a1"),
            "§11.1",
            id="§11.1-flyers-only",
        ),
        pytest.param(lambda: heroism.spend_heroism(battle(besieged(MAN, "C1", 1))), "§15", id="§15-no-token"),
    ],
)
def test_defences_mining_sorties_and_heroism_refuse_by_clause(action: Callable[[], object], clause: str) -> None:
    with pytest.raises(IllegalAction) as error:
        action()
    assert error.value.clause == clause


GOOD_LADDER = ladder_picked_up()


ERECTED_3 = replace(
    GOOD_LADDER,
    ladders=(*GOOD_LADDER.ladders, *(Ladder(f"X{n}", "W3") for n in range(3))),
    turn_log=replace(GOOD_LADDER.turn_log, erected=frozenset({"X0", "X1", "X2"})),
)


def _twice() -> object:
    once = rams.use_ram(ram_at_the_main_gate(), "R1", dice(1)).state
    return rams.use_ram(once, "R1", dice(1))


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(lambda: ladders.erect_ladder(ERECTED_3, "L1", "W3"), "§7.1.4", id="§7.1.4-erect-3-per-section"),
        pytest.param(lambda: ladders.erect_ladder(GOOD_LADDER, "L1", "C1"), "§7.1.4", id="§7.1.4-ramparts-only"),
        pytest.param(lambda: ladders.erect_ladder(GOOD_LADDER, "L1", "W3", ["c1"]), "§7.1.5", id="§7.1.5-climb-2-to-4"),
        pytest.param(lambda: ladder_picked_up(1), "§7.1.1", id="§7.1.1-never-one-carrier"),
        pytest.param(lambda: ladder_picked_up(7), "§7.1.1", id="§7.1.1-six-carriers-max"),
        pytest.param(lambda: ladders.push_back(GOOD_LADDER, "L1", ["d1"], dice()), "§7.1.6", id="§7.1.6-not-raised"),
        pytest.param(lambda: ram_at_the_main_gate(carriers=5), "§7.2.1", id="§7.2.1-six-carriers-min"),
        pytest.param(lambda: _twice(), "R3", id="R3-one-use-a-phase"),
        pytest.param(
            lambda: siege_towers.push_tower(crewed_siege_tower(8), "ST1", 20), "§7.3.3", id="§7.3.3-8-crew-moves-15"
        ),
        pytest.param(lambda: gates.reinforce_gate(gate_battle(), "G1", ["d1"]), "§6.4", id="§6.4-two-reinforcers"),
        pytest.param(lambda: block(gate_battle(), "d1", "gate:G1"), "§6.3.5", id="§6.3.5-main-gate-ratio-2"),
        pytest.param(lambda: block(gate_battle(OGRE), "d1", "gate:P1"), "§6.3.1", id="§6.3.1-blocker-on-the-section"),
        pytest.param(
            lambda: gates.attack_gate(gate_battle(), "P1", ["f1", "f2", "f3"], dice()), "§6.2", id="§6.2-two-attackers"
        ),
    ],
)
def test_gates_ladders_rams_and_towers_refuse_by_clause(action: Callable[[], object], clause: str) -> None:
    with pytest.raises(IllegalAction) as error:
        action()
    assert error.value.clause == clause
