"""§7.1 ladders: pushing one back (§7.1.6), and the besieged's answers to a ladder on the menu (§7.1.5–§7.1.10,
R33)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.engines import Ladder
from rules.siege.game import Option, apply, choose, menu_options, problems
from rules.siege.ladders import pushback_need, pushed_back
from rules.siege.state import BattleState, Model, Phase, Side, TurnLog
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers, dice


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
