"""§1.7 the occupancy quota of each section and level, per side and per kind of section, on every way in:
over a ladder's fallen blocker, back from a knocked-down ladder, a giant up its wall, out of a siege tower after
a win, up through a tunnel.
"""

from __future__ import annotations

from dataclasses import replace

from rules.siege.board.engines import Ladder, Mine, MineGoal
from rules.siege.board.state import BattleState, Place, Side, TurnLog, Zone
from rules.siege.chapters.blocking import block, fight_blocker
from rules.siege.chapters.giants import climb_wall, fight_climbing_giant
from rules.siege.chapters.ladders import knock_down_ladder
from rules.siege.chapters.mining import through_tunnel
from rules.siege.chapters.morale import hold
from rules.siege.chapters.movement import move
from rules.siege.chapters.siege_towers import disembark_after_win
from tests.rules.siege.builders import GIANT, MAN, ORC, battle, besieged, besiegers, dice, lost, refused


def test_no_one_enters_a_section_at_its_quota() -> None:
    """§2.1.2: « Des figurines ne peuvent pas se rendre sur une section/niveau déjà occupée par le quota maximum
    de troupes »: a wall-walk with 14 besieged takes a 15th, not a 16th (§1.7)."""
    state = battle(besieged(MAN, "W2", 14), besieged(MAN, "T2", 2, "m"), active=Side.BESIEGED)
    state = move(state, ["m1"], "W2", dice()).state
    assert len(state.at("W2", Side.BESIEGED)) == 15
    refused(lambda: move(state, ["m2"], "W2", dice()), "§1.7")


def test_quotas_are_per_side_on_each_kind_of_section() -> None:
    """§1.7: « jusqu'à 30 figurines maximum, mais avec 15 figurines de chaque camp » on a wall-walk, tower or stairs,
    « 60 … 30 figurines de chaque camp » in a courtyard."""
    for section, per_side in (("W3", 15), ("T3", 15), ("S1", 15), ("C2", 30)):
        state = battle(besieged(MAN, section, per_side), besiegers(ORC, section, per_side))
        assert len(state.at(section)) == 2 * per_side
        refused(lambda section=section, per_side=per_side: battle(besieged(MAN, section, per_side + 1)), "§1.7")


def _tower(on_wall: int) -> BattleState:
    return battle(
        besieged(MAN, "W2", 1),
        besiegers(ORC, "W2", on_wall),
        besiegers(ORC, "siege_tower:ST1", 4, "t"),
        results=(replace(lost("W2", Side.BESIEGED), settled=True),),
        log=TurnLog(fought=frozenset({"W2"})),  # §7.3.4: the combat won this turn
    )


def _tunnel(in_courtyard: int) -> BattleState:
    state = battle(besiegers(ORC, "C2", in_courtyard), besiegers(ORC, "foot:W3", 6, "u", "Tunnelers"))
    return replace(state, mine=Mine(MineGoal.TUNNEL, ("s1",), score=10, finished=True))


def _knocked_down(on_rampart: int) -> BattleState:
    """Ladder L1 hoisted from W3 into C2, its foot blocker d1 having killed c1; c2 and c3 (5+ saves) still on it."""
    saved = replace(MAN, name="Man with a 5+ save", save=5)
    state = battle(
        besieged(MAN, "C2", 1),
        besiegers(ORC, "W3", on_rampart, "o"),
        besiegers(saved, "ladder:L1", 3, "c"),
        ladders=(Ladder("L1", "W3", courtyard="C2", blocker="d1"),),
    )
    # d1 hits c1 on a 3, wounds on a 4, c1 fails its save on a 1; the knock-down rolls 6; c2 and c3 save on 5s
    held = fight_blocker(state, "ladder:L1", ["c1"], dice(3, 4, 1)).state
    return knock_down_ladder(held, "L1", dice(6, 5, 5)).state


def _giant_rid_of_its_blockers(on_rampart: int) -> BattleState:
    """Giant g1 on the wall of W3 sweeps away its two blockers, with ``on_rampart`` orcs of its side on W3."""
    state = battle(besiegers(GIANT, "foot:W3", 1, "g"), besieged(MAN, "W3", 2), besiegers(ORC, "W3", on_rampart, "o"))
    state = climb_wall(state, "g1", dice(3)).state
    for blocker in ("d1", "d2"):
        state = block(state, blocker, "climb:g1")
    # d1 hits (3) and wounds (6), d2 misses (2); the sweep rolls 4: 3 hits that kill d1 and d2; the giant holds on
    # a 5 and passes its panic test on 3 + 4
    return fight_climbing_giant(state, "g1", dice(3, 6, 2, 4, 2, 2, 2, 5, 3, 4)).state


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


def test_two_more_out_of_the_tower_after_a_win_within_the_quota_and_once_a_turn() -> None:
    """§7.3.4: « 2 autres figurines peuvent alors débarquer immédiatement de la tour » — once after the win, and not
    beyond the 15 a side of §1.7.
    """
    refused(lambda: disembark_after_win(_tower(14), "ST1", ["t1", "t2"]), "§1.7")
    out = disembark_after_win(_tower(13), "ST1", ["t1", "t2"])
    assert len(out.at("W2", Side.BESIEGER)) == 15
    twice = disembark_after_win(_tower(10), "ST1", ["t1", "t2"])
    refused(lambda: disembark_after_win(twice, "ST1", ["t3", "t4"]), "§7.3.4")


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
        log=TurnLog(fought=frozenset({"W2"})),
    )
    refused(lambda: disembark_after_win(pending, "ST1", ["t1", "t2"]), "§7.3.4")
    held = hold(pending, "W2", dice(1, 1)).state
    assert len(disembark_after_win(held, "ST1", ["t1", "t2"]).at("W2", Side.BESIEGER)) == 4


def test_climbers_knocked_back_onto_the_rampart_land_as_far_as_the_quota_allows() -> None:
    """A full rampart takes back only as many of a knocked-down ladder's climbers as its quota allows."""
    # §7.1.10: « Le bloquant ne peut pas repousser l'échelle, mais il peut la faire tomber. Les mêmes règles
    # s'appliquent »; §1.7: « avec 15 figurines de chaque camp seulement ». With 14 besiegers on W3, c2 lands on
    # it and c3, with nowhere to land, falls with the ladder and is lost; with 13, both land.
    full = _knocked_down(14)
    assert not full.ladder("L1").raised
    assert str(full.model("c2").place) == "W3"
    assert "c3" not in {m.id for m in full.models}
    assert "c3" in {m.id for m in full.fallen}
    assert len(full.at("W3", Side.BESIEGER)) == 15
    roomy = _knocked_down(13)
    assert [str(roomy.model(c).place) for c in ("c2", "c3")] == ["W3", "W3"]
    assert len(roomy.at("W3", Side.BESIEGER)) == 15


def test_a_giant_reaches_the_rampart_only_if_its_quota_has_room() -> None:
    """A giant rid of its blockers counts 6 on the rampart: it steps on only where six more fit."""
    # §12.1.5: « Le géant n'accède sur le rempart que lorsqu'il parvient à éliminer tous les bloquants »; §12.1.1:
    # « Géant: 6 »; §1.7: « avec 15 figurines de chaque camp seulement ». With 10 orcs on W3 the giant stays on
    # the wall; with 9 it comes up, and W3 holds 15.
    full = _giant_rid_of_its_blockers(10)
    assert full.model("g1").place == Place(Zone.WALL, "W3")
    assert full.climb("g1").blockers == ()
    roomy = _giant_rid_of_its_blockers(9)
    assert roomy.model("g1").place == Place(Zone.SECTION, "W3")
    assert roomy.occupancy(Place(Zone.SECTION, "W3"), Side.BESIEGER) == 15
