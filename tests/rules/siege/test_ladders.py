"""§7.1 ladders: carried, raised, hoisted, climbed and pushed back (§7.1.1–§7.1.6), blocked at the top and
at the foot (§7.1.7–§7.1.10), and the besieged's answers to a ladder on the menu (ruling R33).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Ladder
from rules.siege.board.fort import SectionKind
from rules.siege.board.state import BattleState, Model, Phase, Place, Side, TurnLog, Zone, end_turn
from rules.siege.chapters import ladders
from rules.siege.chapters.blocking import block, end_block, fight_blocker
from rules.siege.chapters.ladders import erect_ladder, forgo_push_back, push_back, pushback_need, pushed_back
from rules.siege.chapters.melee import fight, to_hit_need
from rules.siege.chapters.morale import hold
from rules.siege.chapters.movement import move
from rules.siege.game import Option, apply, choose, menu_options, problems
from tests.rules.siege.builders import (
    ARCHER,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    fleeing,
    ladder_picked_up,
    next_turn,
    refused,
)


@pytest.mark.parametrize(
    ("helpers", "need"),
    [
        pytest.param(0, 6, id="§7.1.6-alone-6"),
        pytest.param(1, 5, id="§7.1.6-one-helper-5+"),
        pytest.param(2, 4, id="§7.1.6-best-4+"),
    ],
)
def test_need(helpers: int, need: int) -> None:
    assert pushback_need(helpers) == need
    assert pushed_back(helpers, need)
    assert not pushed_back(helpers, need - 1)


@pytest.mark.parametrize("helpers", [-1, 3])
def test_at_most_three_models(helpers: int) -> None:
    """§7.1.6: one to three models push, so 0–2 helpers."""
    with pytest.raises(ValueError, match=f"helpers must be between 0 and 2, got {helpers}"):
        pushback_need(helpers)


# ---- the push-back on the menu (§7.1.5–§7.1.8, R33) ----------------------------------------------------------------


def _climbed(*groups: Iterable[Model], log: TurnLog | None = None) -> BattleState:
    """The besieger's movement: two orcs on ladder L1 against W3, which the besieged hold."""
    state = battle(besiegers(ORC, "ladder:L1", 2), *groups, ladders=(Ladder("L1", "W3"),), log=log)
    return replace(state, phase=Phase.MOVEMENT, turn=1)


def _menu(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def test_one_to_three_of_the_models_who_may_push_are_offered() -> None:
    """§7.1.6: « Une figurine au moins est requise pour repousser une échelle et jusqu'à 3 figurines maximum peuvent
    le faire »; « Les figurines déjà engagées dans un corps à corps ne peuvent pas repousser une échelle »; §8.1.2
    « Les troupes balançant des pierres et rochers ne peuvent pas [...] tenter de repousser une échelle ». Of five
    men on W3, d1 has thrown stones and d2 fights a climber come up another way: d3, d4 and d5 may push, one to three.
    """
    state = _climbed(besieged(MAN, "W3", 5), besiegers(ORC, "W3", 1, "w"), log=TurnLog(defenders=frozenset({"d1"})))
    state = replace(state, contacts=frozenset({("d2", "w1")}))
    (option,) = _menu(state, "push_back")
    assert (option.where, option.actors, option.least, option.most) == ("ladder:L1", ("d3", "d4", "d5"), 1, 3)
    actors, _ = option.default()
    assert problems(state, choose(state, option, actors, None)) == []


def test_the_push_back_may_be_forgone_and_the_climbers_come_up_unopposed() -> None:
    """§7.1.5: « Avant de parvenir sur les remparts, l'assiégé a droit à une action pour repousser l'échelle »: a
    right, which R33 makes a decision: push back, or forgo it, « Forgoing lets the climbers onto the rampart, as an
    unopposed climb (§7.1.9) »: they step onto W3 and the ladder can no longer be blocked.
    """
    state = _climbed(besieged(MAN, "W3", 2))
    (option,) = _menu(state, "forgo_push_back")
    assert (option.side, option.where, option.actors) == (Side.BESIEGED, "ladder:L1", ())
    forgone = apply(state, choose(state, option, (), None), Dice(seed=1)).state
    assert "L1" in forgone.turn_log.pushed
    up = apply(forgone, a.Charge(("a1", "a2"), "W3"), Dice(seed=1)).state
    assert {m.id for m in up.at("W3", Side.BESIEGER)} == {"a1", "a2"}
    assert up.ladder("L1").taken
    assert not _menu(up, "push_back")


def test_the_movement_step_does_not_end_while_a_ladders_push_back_waits() -> None:
    """R33: « The movement phase cannot end while a ladder whose climbers are not yet on the rampart has no
    decision »: neither the step nor the turn ends, the menu offers neither, and apply refuses both naming R33;
    everything else goes on. Once pushed back (a 6 on the D6, alone) the step ends.
    """
    state = _climbed(besieged(MAN, "W3", 1), besiegers(ORC, "field:outside", 2, "f"))
    names = {o.name for o in menu_options(state)}
    assert {"push_back", "forgo_push_back", "move"} <= names
    assert not {"end_phase", "end_turn"} & names
    assert [r.clause for r in problems(state, a.EndPhase())] == ["R33"]
    assert [r.clause for r in problems(state, a.EndTurn())] == ["R33"]
    assert problems(state, a.Move(("f1",), "foot:W2")) == []
    pushed = apply(state, a.PushBack("L1", ("d1",)), dice(6, 1, 1)).state  # the push, then each climber's save
    assert not pushed.ladder("L1").raised
    assert problems(pushed, a.EndPhase()) == []


def test_a_ladder_nobody_climbs_does_not_hold_the_step() -> None:
    """R33 is about « a ladder whose climbers are not yet on the rampart »: with nobody on L1 the besieged may still
    try their push-back (§7.1.6), but the step may end without it."""
    state = replace(battle(besieged(MAN, "W3", 1), ladders=(Ladder("L1", "W3"),)), phase=Phase.MOVEMENT)
    assert _menu(state, "push_back")
    assert problems(state, a.EndPhase()) == []


def test_an_empty_ladder_is_pushed_over_in_the_besieged_own_turn() -> None:
    """§7.1.6 Note: « une échelle non occupée peut être repoussé par un joueur pendant son tour. Cela se fait
    automatiquement. Par non occupée, on entend qu'aucun ennemi ne se tient directement au pied de l'échelle ». In
    the besieged's movement L1, with nobody on it or at its foot, is offered and goes down with no roll; L2, with
    an orc at the foot of W2, is not; in the besieger's turn nothing is pushed over.
    """
    ladders = (Ladder("L1", "W3"), Ladder("L2", "W2"))
    state = battle(besieged(MAN, "W3", 1), besieged(MAN, "W2", 1, "e"), besiegers(ORC, "foot:W2", 1), ladders=ladders)
    own = replace(state, active=Side.BESIEGED, phase=Phase.MOVEMENT)
    (option,) = _menu(own, "push_over_empty_ladder")
    assert (option.side, option.where) == (Side.BESIEGED, "ladder:L1")
    played = apply(own, choose(own, option, (), None), Dice(seed=1))
    assert not played.state.ladder("L1").raised
    assert played.rolls == ()
    theirs = replace(state, phase=Phase.MOVEMENT)
    assert not _menu(theirs, "push_over_empty_ladder")
    assert [r.clause for r in problems(theirs, a.PushOverEmptyLadder("L1"))] == ["§16"]


def test_only_a_model_that_tried_to_push_is_offered_to_block_the_ladder() -> None:
    """§7.1.7: « Lorsque des assaillants montent une échelle qui n'a pas été renversée, une des figurines qui a fait
    la tentative de repoussement peut déclarer vouloir bloquer. Seule une figurine ayant tenté de repousser peut
    bloquer ». Before the try nobody is offered; after d1 and d2 failed (a 1), one of them, d3 never.
    """
    state = _climbed(besieged(MAN, "W3", 3))
    assert not _menu(state, "block")
    tried = apply(state, a.PushBack("L1", ("d1", "d2")), dice(1)).state
    (option,) = _menu(tried, "block")
    assert (option.where, option.actors, option.least, option.most) == ("ladder:L1", ("d1", "d2"), 1, 1)
    blocked = apply(tried, choose(tried, option, ("d2",), None), Dice(seed=1)).state
    assert blocked.ladder("L1").blocker == "d2"
    assert "d2" not in blocked.turn_log.exposed  # §7.1.6 « à l'exception de la figurine qui s'engage à bloquer »


def test_the_blocker_who_killed_its_attackers_pushes_the_ladder_back_alone_in_the_close_combat() -> None:
    """§7.1.8: « Si le bloquant tue son ou ses adversaires [...], il peut à nouveau tenter de repousser
    immédiatement l'échelle mais seul cette fois-ci, donc sur un 6 »: offered to d1 alone in the close combat where
    it killed c1, once; the other men on W3 are not offered a second try.
    """
    state = replace(_climbed(besieged(MAN, "W3", 2)), phase=Phase.CLOSE_COMBAT)
    state = replace(
        state.with_ladder(replace(state.ladder("L1"), blocker="d1"), "L1"),
        turn_log=TurnLog(pushed=frozenset({"L1"}), pushers=frozenset({"d1", "d2"}), blockers=frozenset({"d1"})),
    )
    state = state.with_models({"a2": None})
    held = apply(state, a.FightBlocker("ladder:L1", ("a1",)), dice(2, 6)).state
    assert "a1" not in held.by_id
    (option,) = _menu(held, "push_back")
    assert (option.side, option.actors) == (Side.BESIEGED, ("d1",))
    assert problems(held, a.PushBack("L1", ("d1", "d2"))) != []
    again = apply(held, choose(held, option, ("d1",), None), dice(5)).state
    assert again.ladder("L1").raised  # a 5 is not enough alone
    assert not _menu(again, "push_back")


def test_the_foot_blocker_of_a_hoisted_ladder_knocks_it_down_after_killing_its_attacker() -> None:
    """§7.1.10: « Une figurine peut bloquer au bas d'une échelle »; « Le bloquant ne peut pas repousser l'échelle,
    mais il peut la faire tomber [...] uniquement [...] après le corps à corps si le bloquant s'est débarrassé de
    son adversaire »: c1 is offered to block the foot of L1 hoisted into C2, then to knock it down once it has
    killed the climber.
    """
    hoisted = (Ladder("L1", "W3", courtyard="C2"),)
    state = battle(besieged(MAN, "C2", 1, "c"), besiegers(ORC, "ladder:L1", 1), ladders=hoisted)
    state = replace(state, phase=Phase.MOVEMENT, turn=1)
    (option,) = _menu(state, "block")
    assert (option.where, option.actors) == ("ladder:L1", ("c1",))
    state = apply(state, choose(state, option, ("c1",), None), Dice(seed=1)).state
    assert not _menu(state, "knock_down_ladder")
    state = replace(state, phase=Phase.CLOSE_COMBAT)
    state = apply(state, a.FightBlocker("ladder:L1", ("a1",)), dice(3, 6)).state
    (option,) = _menu(state, "knock_down_ladder")
    assert (option.side, option.actors) == (Side.BESIEGED, ("c1",))
    assert problems(state, choose(state, option, ("c1",), None)) == []


# ---- ladders carried and raised from the menu (§7.1.1–§7.1.5) ------------------------------------------------------


def test_a_ladder_is_picked_up_from_the_field_and_raised_where_its_carriers_stand() -> None:
    """§7.1.3: « Des figurines peuvent passer à côté d'une échelle et la ramasser lors de la même phase de
    mouvement », §7.1.1 « Une échelle peut être transportée par 6 figurines maximum [...] ne peut jamais être
    transportée par une seule figurine »: of the eight orcs on the field, two to six pick up the ladder lying below
    W3 and carry it on to the foot of W2, where they raise it with 2 to 4 of them climbing (§7.1.4, §7.1.5
    « entre 2 et 4 figurines maximum »), or none.
    """
    lying = (Ladder("L1", "W3", raised=False),)
    state = replace(battle(besiegers(ORC, "field:outside", 8, "o"), ladders=lying), phase=Phase.MOVEMENT, turn=1)
    (option,) = _menu(state, "pick_up_ladder")
    assert (option.where, option.least, option.most) == ("ladder:L1", 2, 6)
    actors, _ = option.default()
    carried = apply(state, choose(state, option, actors, None), Dice(seed=1)).state
    assert carried.ladder("L1").carriers == ("o1", "o2", "o3", "o4", "o5", "o6")
    assert not _menu(carried, "erect_ladder")  # on the field, below no wall
    there = apply(carried, a.Move(("o1", "o2", "o3", "o4", "o5", "o6"), "foot:W2"), Dice(seed=1)).state
    raisings = [(o.actors, o.targets, o.least, o.most) for o in _menu(there, "erect_ladder")]
    assert raisings == [(("o1", "o2", "o3", "o4", "o5", "o6"), ("W2",), 2, 4), ((), ("W2",), 0, 0)]
    for raising in _menu(there, "erect_ladder"):
        chosen, target = raising.default()
        assert problems(there, choose(there, raising, chosen, target)) == []


def test_a_ladder_let_fall_lies_below_the_wall_its_carriers_stood_by() -> None:
    """§7.1.2 « Un groupe de porteurs d'échelle la laissera tomber »: where they are, so the ladder carried from
    below W3 to the foot of W2 and let fall there lies below W2, where it is picked up again (§7.1.3) and raised
    again from the next turn (§7.1.6 « si des assiégeants se tiennent au pied du rempart »).
    """
    carried = (Ladder("L1", "W3", raised=False, carriers=("a1", "a2")),)
    state = replace(battle(besiegers(ORC, "foot:W2", 2), ladders=carried), phase=Phase.MOVEMENT, turn=1)
    dropped = apply(state, a.DropLadder("L1"), Dice(seed=1)).state
    assert (dropped.ladder("L1").section, dropped.ladder("L1").carriers) == ("W2", ())
    assert [o.actors for o in _menu(dropped, "pick_up_ladder")] == [("a1", "a2")]


def test_the_carriers_of_a_ladder_are_not_offered_to_shoot() -> None:
    """§7.1.1 « Les figurines transportant une échelle [...] Elles ne peuvent pas tirer, bien sûr »: of four
    archers at the foot of W3, the two carrying a ladder are left out of the volley the shooting menu offers, which
    is accepted."""
    state = battle(
        besiegers(ARCHER, "foot:W3", 4),
        besieged(MAN, "W3", 2),
        ladders=(Ladder("L1", "W3", raised=False, carriers=("a1", "a2")),),
    )
    state = replace(state, phase=Phase.SHOOTING)
    (volley,) = menu_options(state, "shoot")
    assert volley.actors == ("a3", "a4")
    assert problems(state, choose(state, volley, *volley.default())) == []
    assert problems(state, a.Shoot(("a1",), ("d1",)))[0].clause == "§7.1.1"


def test_nobody_climbs_a_ladder_lying_on_the_ground() -> None:
    """§7.1.5: climbers go up « une échelle … érigée »; a ladder pushed back lies at the foot and is no way up until
    it is raised again (§7.1.6).
    """
    state = battle(besiegers(ORC, "foot:W3", 2), ladders=(Ladder("L1", "W3", raised=False),))
    refused(lambda: move(state, ["a1", "a2"], "ladder:L1", Dice(0)), "§2.1.1")
    standing = battle(besiegers(ORC, "foot:W3", 2))
    assert len(move(standing, ["a1", "a2"], "ladder:L1", Dice(0)).state.at("ladder:L1")) == 2


def test_a_ladder_pushed_back_is_raised_again_from_the_next_turn() -> None:
    """§7.1.6: « L'échelle peut être à nouveau érigée automatiquement dès le tour prochain si des assiégeants se
    tiennent au pied du rempart »: not in the turn it fell, and not without besiegers at its foot.
    """
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "ladder:L1", 2), besiegers(ORC, "foot:W3", 2, "f"))
    pushed = push_back(state, "L1", ["d1"], dice(6, 1, 1)).state
    assert not pushed.ladder("L1").raised
    refused(lambda: erect_ladder(pushed, "L1", "W3", ["f1", "f2"]), "§7.1.4")
    later = next_turn(pushed)
    again = erect_ladder(later, "L1", "W3", ["f1", "f2"]).state
    assert again.ladder("L1").raised
    assert [m.place for m in again.at("ladder:L1")] == [Place(Zone.LADDER, "L1")] * 2
    nobody = next_turn(battle(besieged(MAN, "W3", 1), ladders=(Ladder("L1", "W3", raised=False),)))
    refused(lambda: erect_ladder(nobody, "L1", "W3"), "§7.1.4")


def test_the_push_back_is_the_besiegers_turn_only() -> None:
    """§7.1.5: « Cette action s'effectue exceptionnellement pendant le tour du joueur assiégeant lors de sa phase de
    mouvement »; in his own turn the besieged pushes over only an unoccupied ladder (§7.1.6 note).
    """
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "ladder:L1", 2), active=Side.BESIEGED)
    refused(lambda: push_back(state, "L1", ["d1"], dice(6)), "§7.1.6")


def test_only_a_model_that_tried_to_push_blocks_the_ladder() -> None:
    """§7.1.7: « Seule une figurine ayant tenté de repousser peut bloquer »: d2, who did not push, may not; d1, who
    did, may; after a blocker has killed its attackers, a friend may take its place (§7.1.8).
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "ladder:L1", 2))
    tried = push_back(state, "L1", ["d1"], dice(1)).state
    refused(lambda: block(tried, "d2", "ladder:L1"), "§7.1.7")
    assert block(tried, "d1", "ladder:L1").ladder("L1").blocker == "d1"
    refused(lambda: block(state, "d1", "ladder:L1"), "§7.1.7")
    held = replace(state, turn_log=TurnLog(held=frozenset({"L1"})))
    assert block(held, "d2", "ladder:L1").ladder("L1").blocker == "d2"


def test_a_drawn_ladder_fight_goes_on_between_the_same_two() -> None:
    """§7.1.8: « Si l'assaillant et le bloquant ont fait une égalité, ils continuent à combattre normalement.
    Personne ne peut venir les remplacer. » — next turn c2 may not take c1's place, nor a friend d2 the blocker's.
    """
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )
    drawn = fight_blocker(state, "ladder:L1", ["c1"], dice(1, 1)).state
    assert drawn.ladder("L1").duel == "c1"
    later = next_turn(drawn)
    refused(lambda: fight_blocker(later, "ladder:L1", ["c2"], Dice(0)), "§7.1.8")
    refused(lambda: end_block(later, "ladder:L1"), "§7.1.8")
    assert fight_blocker(later, "ladder:L1", ["c1"], dice(1, 1)).state.ladder("L1").duel == "c1"


def test_the_friend_taking_over_a_blocker_does_not_push_the_ladder() -> None:
    """§7.1.8: « Il peut également se retirer du blocage et laisser sa place à une figurine alliée qui jouera dès
    lors le rôle de bloquant (mais qui ne pourra pas tenter de repousser l'échelle) »; the blocker who stays may.
    """
    state = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"}), pushers=frozenset({"d1"}), held=frozenset({"L1"})),
    )
    assert push_back(state, "L1", ["d1"], dice(5)).rolls
    relieved = block(end_block(state, "ladder:L1"), "d2", "ladder:L1")
    assert relieved.ladder("L1").blocker == "d2"
    refused(lambda: push_back(relieved, "L1", ["d2"], dice(6)), "§7.1.6")


def test_the_climbers_sent_up_a_new_ladder_count_in_its_four_a_turn() -> None:
    """§2.1.1: « 4 figurines peuvent grimper sur une échelle lors d'un tour de mouvement », those sent up as it is
    raised (§7.1.5) included: after 4 at the raising and on to the rampart, a fifth may not climb this turn.
    """
    state = battle(besiegers(ORC, "foot:W3", 7), ladders=(Ladder("L1", "W3", raised=False),))
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False, carriers=("a1", "a2", "a3", "a4")),))
    raised = erect_ladder(state, "L1", "W3", ["a1", "a2", "a3", "a4"]).state
    up = move(raised, ["a1", "a2", "a3", "a4"], "W3", Dice(0)).state
    refused(lambda: move(up, ["a5"], "ladder:L1", Dice(0)), "§2.1.1")
    two = erect_ladder(state, "L1", "W3", ["a1", "a2"]).state
    assert len(move(two, ["a5", "a6"], "ladder:L1", Dice(0)).state.at("ladder:L1")) == 4


def _raised() -> BattleState:
    state = battle(
        besieged(MAN, "W3", 3),
        besiegers(ORC, "foot:W3", 4),
        ladders=(Ladder("L1", "W3", raised=False),),
    )
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False, carriers=("a1", "a2", "a3", "a4")),))
    return erect_ladder(state, "L1", "W3", ["a1", "a2", "a3", "a4"]).state


def test_climbers_wait_for_the_push_back_before_the_rampart() -> None:
    """§7.1.5: « Avant de parvenir sur les remparts, l'assiégé a droit à une action pour repousser l'échelle »."""
    state = _raised()
    refused(lambda: move(state, ["a1", "a2"], "W3", Dice(0)), "§7.1.5")
    failed = push_back(state, "L1", ["d1"], dice(1)).state
    up = move(failed, ["a1", "a2", "a3", "a4"], "W3", Dice(0)).state
    assert len(up.at("W3", Side.BESIEGER)) == 4


def test_the_besieged_may_forgo_their_push_back() -> None:
    """§7.1.5: the push-back is the besieged's « droit »: once they forgo it the climbers come up; it cannot then be
    tried in the same turn (§7.1.6: « Une seule tentative par échelle »).
    """
    state = forgo_push_back(_raised(), "L1")
    assert len(move(state, ["a1", "a2"], "W3", Dice(0)).state.at("W3", Side.BESIEGER)) == 2
    refused(lambda: push_back(state, "L1", ["d1"], dice(6)), "§7.1.6")


def test_climbers_go_straight_up_where_nobody_can_push() -> None:
    """§7.1.6: « Une figurine au moins est requise pour repousser une échelle »: no besieged on W3, no push-back to
    wait for.
    """
    state = battle(besiegers(ORC, "ladder:L1", 2))
    assert len(move(state, ["a1", "a2"], "W3", Dice(0)).state.at("W3")) == 2


def test_a_ladder_climbed_unopposed_counts_as_taken() -> None:
    """§7.1.9: « Une fois que des assaillants ont réussi à prendre position sur un rempart, aucun blocage ne peut
    être entrepris par la suite sur cette échelle » — even when they came up without fighting a blocker.
    """
    state = _raised()
    failed = push_back(state, "L1", ["d1"], dice(1)).state
    up = move(failed, ["a1", "a2"], "W3", Dice(0)).state
    assert up.ladder("L1").taken
    refused(lambda: block(up, "d2", "ladder:L1"), "§7.1.9")


@pytest.mark.parametrize(
    ("carriers", "move", "speed"),
    [
        pytest.param(4, 8, 8, id="§7.1.1-4-carriers-full"),
        pytest.param(3, 8, 4, id="§7.1.1-3-carriers-half"),
        pytest.param(6, 8, 8, id="§7.1.1-6-carriers-max"),
    ],
)
def test_ladder_speed(carriers: int, move: int, speed: int) -> None:
    assert ladders.carrying_speed(carriers, move) == speed


def test_erect_and_climb_then_push_back() -> None:
    """§7.1.4, §7.1.5, §7.1.6: 4 climb; two helpers make a 4+; a 4 pushes it back; the climbers save without
    shields (orcs have none: no save) and take 1 wound each, dying at W1.
    """
    state = ladders.erect_ladder(ladder_picked_up(), "L1", "W3", ["c1", "c2", "c3", "c4"]).state
    assert len(state.at("ladder:L1")) == 4
    pushed = ladders.push_back(state, "L1", ["d1", "d2", "d3"], dice(4))
    assert not pushed.state.ladder("L1").raised
    assert len(pushed.state.fallen) == 4
    assert {"d1", "d2", "d3"} <= pushed.state.turn_log.exposed


def test_failed_push_back_lets_one_pusher_block() -> None:
    """§7.1.7: the blocker is one of the pushers and is not exposed."""
    state = ladders.erect_ladder(ladder_picked_up(), "L1", "W3", ["c1", "c2"]).state
    held = ladders.push_back(state, "L1", ["d1", "d2"], dice(3), blocker="d1")
    assert held.state.ladder("L1").blocker == "d1"
    assert "d1" not in held.state.turn_log.exposed
    # §7.1.7: blocker first at +2 (WS3 vs 3: 4+ becomes 2+), S3 vs T4 wounds on 5+; c1 falls, c2 steps up
    # for the second combat (§6.3.3) and falls too
    duel = fight_blocker(held.state, "ladder:L1", ["c1", "c2"], dice(2, 5, 2, 5))
    assert {m.id for m in duel.state.fallen} == {"c1", "c2"}


HOISTED = Ladder("L1", "W3", courtyard="C2")


SAVED_MAN = replace(MAN, name="Man with a 5+ save", save=5)


def _hoisting() -> BattleState:
    return battle(besiegers(ORC, "W3", 3, "h"), besieged(MAN, "W3", 1), besieged(MAN, "C2", 1, "c"))


def _foot(*climbers: str) -> BattleState:
    return battle(
        besieged(MAN, "C2", 1),
        besiegers(SAVED_MAN, "ladder:L1", len(climbers), "c"),
        ladders=(replace(HOISTED, blocker="d1"),),
    )


def _top() -> BattleState:
    return battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "ladder:L1", 2, "c"),
        ladders=(Ladder("L1", "W3", blocker="d1"),),
        log=TurnLog(pushed=frozenset({"L1"})),
    )


def _carried(count: int, place: str = "foot:W3") -> BattleState:
    carriers = tuple(f"c{n}" for n in range(1, count + 1))
    return battle(besiegers(ORC, place, count, "c"), ladders=(Ladder("L1", "W3", raised=False, carriers=carriers),))


def test_hoist_a_ladder_into_the_courtyard() -> None:
    """§7.1.4: two models on the rampart hoist it; they have spent their turn on it."""
    state = ladders.hoist_ladder(_hoisting(), "L1", ["h1", "h2"], "C2")
    assert state.ladder("L1").courtyard == "C2"
    assert state.ladder("L1").carriers == ("h1", "h2")
    assert {"h1", "h2"} <= state.turn_log.moved


@pytest.mark.parametrize(
    ("state", "hoisters", "courtyard"),
    [
        pytest.param(
            replace(_hoisting(), ladders=(Ladder("L1", "W3", raised=False),)),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoist-a-raised-ladder",
        ),
        pytest.param(_hoisting(), ["h1", "h2"], "W2", id="§7.1.4-hoist-into-a-courtyard"),
        pytest.param(
            battle(besiegers(ORC, "W3", 2, "h"), besiegers(ORC, "ladder:L1", 1)),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoist-an-empty-ladder",
        ),
        pytest.param(
            replace(_hoisting(), contacts=frozenset({("h1", "d1")})),
            ["h1", "h2"],
            "C2",
            id="§7.1.4-hoisters-not-engaged",
        ),
    ],
)
def test_hoist_refusals(state: BattleState, hoisters: list[str], courtyard: str) -> None:
    refused(lambda: ladders.hoist_ladder(state, "L1", hoisters, courtyard), "§7.1.4")


@pytest.mark.parametrize(
    ("roll", "fall", "courtyard"),
    [
        pytest.param(3, ladders.LadderFall.OUTSIDE, None, id="§7.1.4-fall-1-3-outside"),
        pytest.param(4, ladders.LadderFall.RAMPART, None, id="§7.1.4-fall-4-rampart"),
        pytest.param(5, ladders.LadderFall.COURTYARD, "C2", id="§7.1.4-fall-5-6-courtyard"),
    ],
)
def test_hoisters_letting_go_roll_for_the_fall(roll: int, fall: ladders.LadderFall, courtyard: str | None) -> None:
    state = ladders.hoist_ladder(_hoisting(), "L1", ["h1", "h2"], "C2")
    where, result = ladders.hoisted_ladder_falls(state, "L1", dice(roll))
    assert where is fall
    ladder = result.state.ladder("L1")
    assert (ladder.raised, ladder.carriers, ladder.courtyard) == (False, (), courtyard)


def test_hoisted_ladder_leads_down_after_the_turn_and_can_be_blocked_at_its_foot() -> None:
    """§7.1.4: the hoist takes the whole turn; §7.1.10: a courtyard model then blocks the foot."""
    state = battle(besiegers(ORC, "W3", 3, "h"), besieged(MAN, "C2", 1, "c"))
    state = ladders.hoist_ladder(state, "L1", ["h1", "h2"], "C2")
    refused(lambda: move(state, ["h3"], "ladder:L1", dice()), "§7.1.10")
    state = end_turn(end_turn(state))
    state = move(state, ["h3"], "ladder:L1", dice()).state
    state = end_turn(end_turn(block(state, "c1", "ladder:L1")))
    refused(lambda: move(state, ["h3"], "C2", dice()), "§7.1.10")


def test_foot_blocker_loses_the_high_ground_to_the_climber() -> None:
    """§7.1.10: the blocker has its +1 only (3+ against WS3), misses on a 2; the climber hits at +1 on a 3, wounds
    on a 4 and comes down into the courtyard.
    """
    result = fight_blocker(_foot("c1"), "ladder:L1", ["c1"], dice(2, 3, 4))
    assert result.state.model("c1").place == Place(Zone.SECTION, "C2")
    assert result.state.ladder("L1").taken
    assert "c1" in result.state.turn_log.blocker_killers
    assert "c1" not in result.state.turn_log.from_below


def test_foot_blocker_knocks_the_ladder_down_on_a_6() -> None:
    """§7.1.10: having killed its attacker (hit on 3, wound on 4, save failed on 1), alone and always on a 6; the
    climber left saves on a 5 and is back on the rampart.
    """
    held = fight_blocker(_foot("c1", "c2"), "ladder:L1", ["c1"], dice(3, 4, 1)).state
    assert "L1" in held.turn_log.held
    assert ladders.knock_down_ladder(held, "L1", dice(5)).state.ladder("L1").raised
    down = ladders.knock_down_ladder(held, "L1", dice(6, 5)).state
    assert not down.ladder("L1").raised
    assert (str(down.model("c2").place), down.model("c2").wounds_lost) == ("W3", 0)


@pytest.mark.parametrize(
    ("state", "action", "clause"),
    [
        pytest.param(
            _foot("c1"),
            lambda s: ladders.knock_down_ladder(s, "L1", dice(6)),
            "§7.1.10",
            id="§7.1.10-knock-down-after-killing-the-attacker",
        ),
        pytest.param(
            battle(besiegers(ORC, "ladder:L1", 1), besieged(MAN, "W3", 1)),
            lambda s: ladders.knock_down_ladder(s, "L1", dice(6)),
            "§7.1.10",
            id="§7.1.10-knock-down-a-hoisted-ladder",
        ),
        pytest.param(
            replace(_foot("c1"), turn_log=TurnLog(held=frozenset({"L1"}))),
            lambda s: ladders.push_back(s, "L1", ["d1"], dice(6)),
            "§7.1.10",
            id="§7.1.10-foot-blocker-does-not-push-back",
        ),
    ],
)
def test_foot_refusals(state: BattleState, action: Callable[[BattleState], object], clause: str) -> None:
    refused(lambda: action(state), clause)


def test_ladder_taken_one_round_and_the_besieged_strike_from_above() -> None:
    """§7.1.8: d1 misses on a 1 at 2+; c1 hits on 4, wounds on 4: both climbers are on the rampart; c1, who killed
    the blocker, engages nobody; the others fight one round, and the besieged hit them at +1 (4+ becomes 3+).
    """
    taken = fight_blocker(_top(), "ladder:L1", ["c1"], dice(1, 4, 4)).state
    assert {str(taken.model(c).place) for c in ("c1", "c2")} == {"W3"}
    assert to_hit_need(taken, taken.model("d2"), taken.model("c2"), SectionKind.WALL_WALK) == 3
    refused(lambda: fight(taken, "W3", [("c1", "d2")], dice()), "§7.1.8")
    first = hold(fight(taken, "W3", [("c2", "d2")], dice(1, 1)).state, "W3", dice(1, 1)).state
    refused(lambda: fight(first, "W3", [("c2", "d2")], dice(), second=True), "§7.1.8")
    refused(lambda: block(taken, "d2", "ladder:L1"), "§7.1.9")


def test_blocker_pushes_alone_only_after_killing_its_attackers() -> None:
    """§7.1.8: the pushers' try is spent; the blocker who killed c1 (2+ on 2, wound on 5) may try again alone on a
    6, and a 5 is not enough.
    """
    refused(lambda: ladders.push_back(_top(), "L1", ["d1"], dice(6)), "§7.1.6")
    held = fight_blocker(_top(), "ladder:L1", ["c1"], dice(2, 5)).state
    assert ladders.push_back(held, "L1", ["d1"], dice(5)).state.ladder("L1").raised
    assert not ladders.push_back(held, "L1", ["d1"], dice(6)).state.ladder("L1").raised


def test_empty_ladder_pushed_over_in_ones_own_turn() -> None:
    """§7.1.6 note: nobody on it or at its foot, a besieged model on the section pushes it over, no roll."""
    state = battle(besieged(MAN, "W3", 1), active=Side.BESIEGED)
    assert not ladders.push_over_empty_ladder(state, "L1").ladder("L1").raised
    refused(
        lambda: ladders.push_over_empty_ladder(
            battle(besieged(MAN, "W3", 1), besiegers(ORC, "foot:W3", 1), active=Side.BESIEGED), "L1"
        ),
        "§7.1.6",
    )
    refused(
        lambda: ladders.push_over_empty_ladder(battle(besieged(MAN, "W2", 1), active=Side.BESIEGED), "L1"), "§7.1.6"
    )


def test_carriers_drop_the_ladder_engaged_fleeing_or_alone() -> None:
    """§7.1.2: each of the three reasons; dropped, it lies where they stand and can be picked up (§7.1.3)."""
    state = _carried(2)
    assert not ladders.must_drop(state, "L1")
    assert ladders.must_drop(replace(state, contacts=frozenset({("c1", "x")})), "L1")
    assert ladders.must_drop(fleeing(state, "c1"), "L1")
    assert ladders.must_drop(state.with_models({"c1": None}), "L1")
    dropped = ladders.drop_ladder(state, "L1")
    assert dropped.ladder("L1").carriers == ()
    assert ladders.pick_up_ladder(dropped, "L1", ["c1", "c2"]).ladder("L1").carriers == ("c1", "c2")


@pytest.mark.parametrize(
    ("carriers", "rolls", "moves"),
    [
        pytest.param(2, (4,), True, id="§7.1.1-inside-2-carriers-4+-one-section"),
        pytest.param(3, (3,), False, id="§7.1.1-inside-3-carriers-1-3-stay"),
        pytest.param(4, (), True, id="§7.1.1-inside-4-carriers-no-roll"),
    ],
)
def test_ladder_carried_inside_the_fort(carriers: int, rolls: tuple[int, ...], moves: bool) -> None:
    allowed, result = ladders.move_ladder_inside(_carried(carriers, "W3"), "L1", dice(*rolls))
    assert allowed is moves
    assert len(result.rolls) == len(rolls)


def test_large_creatures_carry_ladders_for_their_ratio() -> None:
    """§12.1.4, §7.1.1: an ogre and a man carry for 3; four ogres count 8, more than 6."""
    state = battle(
        besiegers(OGRE, "foot:W3", 4, "o"),
        besiegers(MAN, "foot:W3", 1, "m"),
        ladders=(Ladder("L1", "W3", raised=False),),
    )
    assert ladders.pick_up_ladder(state, "L1", ["o1", "m1"]).ladder("L1").carriers == ("o1", "m1")
    refused(lambda: ladders.pick_up_ladder(state, "L1", ["o1", "o2", "o3", "o4"]), "§7.1.1")
