"""The occupancy quota (§1.7) holds on every way into a section: over a ladder's fallen blocker, out of a siege
tower after a win, up through a tunnel.
"""

from __future__ import annotations

from dataclasses import replace

from rules.siege.blocking import fight_blocker
from rules.siege.engines import Ladder, Mine, MineGoal
from rules.siege.mining import through_tunnel
from rules.siege.morale import hold
from rules.siege.siege_towers import disembark_after_win
from rules.siege.state import BattleState, Side, TurnLog
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers, dice, lost, refused


def test_climbers_over_a_fallen_blocker_come_up_as_far_as_the_quota_allows() -> None:
    """§7.1.8: « toutes les figurines sur l'échelle investissent le rempart », within §1.7's « 15 figurines de
    chaque camp »: with 14 besiegers on W3 only c1 comes up; c2 and c3 stay on the ladder.
    """
    state = battle(
        besieged(MAN, "W3", 1),
        besiegers(ORC, "W3", 14),
        besiegers(ORC, "ladder:L1", 3, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )
    taken = fight_blocker(state, "ladder:L1", ["c1"], dice(1, 4, 4)).state
    assert [m.id for m in taken.at("ladder:L1")] == ["c2", "c3"]
    assert len(taken.at("W3", Side.BESIEGER)) == 15
    roomy = battle(
        besieged(MAN, "W3", 1),
        besiegers(ORC, "W3", 12),
        besiegers(ORC, "ladder:L1", 3, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )
    assert fight_blocker(roomy, "ladder:L1", ["c1"], dice(1, 4, 4)).state.at("ladder:L1") == ()


def _tower(on_wall: int) -> BattleState:
    return battle(
        besieged(MAN, "W2", 1),
        besiegers(ORC, "W2", on_wall),
        besiegers(ORC, "siege_tower:ST1", 4, "t"),
        results=(replace(lost("W2", Side.BESIEGED), settled=True),),
    )


def test_two_more_out_of_the_tower_after_a_win_within_the_quota_and_once_a_turn() -> None:
    """§7.3.4: « 2 autres figurines peuvent alors débarquer immédiatement de la tour » — once after the win, and not
    beyond the 15 a side of §1.7.
    """
    refused(lambda: disembark_after_win(_tower(14), "ST1", ["t1", "t2"]), "§1.7")
    out = disembark_after_win(_tower(13), "ST1", ["t1", "t2"])
    assert len(out.at("W2", Side.BESIEGER)) == 15
    twice = disembark_after_win(_tower(10), "ST1", ["t1", "t2"])
    refused(lambda: disembark_after_win(twice, "ST1", ["t3", "t4"]), "§7.3.4")


def _tunnel(in_courtyard: int) -> BattleState:
    state = battle(besiegers(ORC, "C2", in_courtyard), besiegers(ORC, "foot:W3", 6, "u", "Tunnelers"))
    return replace(state, mine=Mine(MineGoal.TUNNEL, ("s1",), score=10, finished=True))


def test_the_tunnel_brings_up_no_more_than_the_courtyard_takes() -> None:
    """§10.3.2: « jusqu'à 6 figurines … peuvent emprunter le tunnel et émerger automatiquement dans une section de
    cour intérieure », within §1.7's « 30 figurines de chaque camp »: 27 there, 3 come up, 4 do not.
    """
    refused(lambda: through_tunnel(_tunnel(27), ["u1", "u2", "u3", "u4"], "C2"), "§1.7")
    assert len(through_tunnel(_tunnel(27), ["u1", "u2", "u3"], "C2").at("C2")) == 30


def test_the_two_come_out_once_the_besieged_have_reacted() -> None:
    """§7.3.4: « Ce débarquement supplémentaire s'effectue juste après la retraite/fuite/réussite au test de combat
    de l'assiégé »: not while the besieged's reaction to the lost combat is pending.
    """
    pending = battle(
        besieged(MAN, "W2", 1),
        besiegers(ORC, "W2", 2),
        besiegers(ORC, "siege_tower:ST1", 2, "t"),
        results=(lost("W2", Side.BESIEGED),),
    )
    refused(lambda: disembark_after_win(pending, "ST1", ["t1", "t2"]), "§7.3.4")
    held = hold(pending, "W2", dice(1, 1)).state
    assert len(disembark_after_win(held, "ST1", ["t1", "t2"]).at("W2", Side.BESIEGER)) == 4
