"""A model named twice in one action is refused: it would act twice, or count twice towards a number the rule
needs (two pourers, six ram carriers, a push-back's helpers…).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege.board.engines import Ladder, Liquid, MineGoal, Ram, Works
from rules.siege.board.state import BattleState, IllegalAction, Side
from rules.siege.chapters import defences, ladders, mining, movement, rams, shooting, siege_towers
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, lost


def _state() -> BattleState:
    state = battle(
        besieged(MAN, "W3", 3, "d"),
        besiegers(ORC, "foot:W3", 6, "f"),
        besiegers(ORC, "foot:C1", 6, "r"),
        besiegers(ORC, "siege_tower:ST1", 4, "t"),
        besiegers(ARCHER, "field:E", 2, "b"),
        besiegers(MAN, "foot:W1", 7, "s"),
        ladders=(Ladder("L1", "W3"), Ladder("L2", "W1", raised=False)),
        results=[lost("W2", Side.BESIEGED)],
    )
    return replace(state, rams=(Ram("R1"),), works=(Works("W3", stones=1, rocks=1, braziers=(Liquid.OIL,)),))


REFUSALS: list[tuple[Callable[[BattleState], object], str]] = [
    (lambda s: ladders.push_back(s, "L1", ["d1", "d1", "d1"], Dice(0)), "§7.1.6"),
    (lambda s: ladders.pick_up_ladder(s, "L2", ["s1", "s1", "s2"]), "§7.1.1"),
    (lambda s: rams.carry_ram(s, "R1", ["r1", "r1", "r2", "r3", "r4", "r5"]), "§7.2.1"),
    (lambda s: defences.throw_stones(s, "W3", ["d1", "d1"], ["f1"], Dice(0)), "§8.1.2"),
    (lambda s: defences.drop_rock(s, "W3", ["d1", "d1"], "f1", Dice(0)), "§8.1.4"),
    (lambda s: defences.pour_brazier(s, "W3", Liquid.OIL, ["d1", "d1"], ["f1"], Dice(0)), "§8.2.2"),
    (lambda s: shooting.shoot(s, ["b1", "b1"], ["f1"], Dice(0)), "§5"),
    (lambda s: siege_towers.disembark_after_win(s, "ST1", ["t1", "t1"]), "§7.3.4"),
    (lambda s: mining.start_mine(s, MineGoal.TUNNEL, ["s1", "s1", "s2", "s3", "s4", "s5", "s6"]), "§10.1"),
    (lambda s: movement.move(s, ["f1", "f1"], "ladder:L1", Dice(0)), "§2.1"),
]


@pytest.mark.parametrize(("action", "clause"), REFUSALS, ids=[clause for _, clause in REFUSALS])
def test_a_model_named_twice_is_refused(action: Callable[[BattleState], object], clause: str) -> None:
    with pytest.raises(IllegalAction) as error:
        action(_state())
    assert error.value.code == "named_twice"
    assert len(error.value.params["models"]) == 1  # the one named twice
    assert error.value.clause == clause
