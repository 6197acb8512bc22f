"""The menus and the rules of the war machines (§5.6, §5.7), the siege towers' pushes (§7.3.3), the locked gates
(§6.2) and the mine (§10), hand-worked: what the menu offers is what apply accepts, no more, no less.
"""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.engines import Liquid, MineGoal, Works
from rules.siege.game import Option, apply, choose, menu_options, problems, side_of
from rules.siege.mining import MineDie, counter_mine, start_mine
from rules.siege.profiles import Special
from rules.siege.sorties import sortie
from rules.siege.state import BattleState, Phase, SetupTurn, Side, SiegeTower, TurnLog
from tests.rules.siege.builders import (
    CATAPULT,
    HARPY,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    with_rules,
)

RAMPARTS = ("T1", "W1", "T2", "W2", "T3", "W3", "T4", "W4")


def _clauses(state: BattleState, action: a.Action) -> list[str]:
    return [r.clause for r in problems(state, action)]


# ---- war machines (§5.6, §5.7, §5.9, §5.10) -------------------------------------------------------------------------


def _shooting(active: Side = Side.BESIEGER, machines: int = 2) -> BattleState:
    state = battle(
        besieged(MAN, "W3", 3),
        besieged(MAN, "W2", 2, "w"),
        besiegers(CATAPULT, "field:outside", machines, "m"),
        besiegers(ORC, "foot:W3", 2, "o"),
        active=active,
    )
    return replace(state, phase=Phase.SHOOTING)


def test_the_besieged_has_no_war_machine_to_bombard_with() -> None:
    """§5.6: « Si une machine de guerre tire sur une section contenant une porte principale… »; §5.7: « Les
    machines de guerre doivent estimer et tirer de manière classique »: a bombardment is a war machine's shot at
    the fort, the besieger's; in the besieged's shooting step nothing bombards and the menu offers nothing."""
    state = _shooting(Side.BESIEGED)
    assert menu_options(state, "bombard") == []
    assert _clauses(state, a.Bombard("T1", 5, "D4", under_template=("d1",), braziers_hit=1)) == ["§16"]
    assert _clauses(state, a.Bombard("T1", 5, "D4", machine="m1")) == ["§16"]
    # a besieged model named as the machine is no war machine of the besieger's
    assert _clauses(_shooting(), a.Bombard("W3", 7, "D4", machine="d1")) == ["§5.9"]


def test_each_war_machine_fires_once_a_turn() -> None:
    """§5.7 « tirer de manière classique »: as every shooter, a war machine fires once in its shooting phase. Two
    catapults: the menu offers both, one to pick; once m1 has fired only m2 is offered, and m1 is refused."""
    state = _shooting()
    (option,) = menu_options(state, "bombard")
    targets = (*RAMPARTS, "gate:G1", "gate:P1")
    assert option == Option("bombard", Side.BESIEGER, actors=("m1", "m2"), targets=targets, most=1)
    assert (option.least, option.most) == (1, 1)
    first = choose(state, option, option.default()[0], "W2")
    assert first == a.Bombard("W2", 7, "D4", machine="m1")
    after = apply(state, first, Dice(seed=1)).state
    assert [o.actors for o in menu_options(after, "bombard")] == [("m2",)]
    assert _clauses(after, a.Bombard("W2", 7, "D4", machine="m1")) == ["§5.7"]
    # a bombardment naming no machine (an older log's) is the next machine's shot, and there is none after it
    last = apply(after, a.Bombard("W2", 7, "D4"), Dice(seed=2)).state
    assert "m2" in last.turn_log.shot
    assert menu_options(last, "bombard") == []
    assert _clauses(last, a.Bombard("W2", 7, "D4")) == ["§5.7"]


def test_a_bombardment_without_a_war_machine_is_refused() -> None:
    """§5.7: no war machine on the field, no bombardment, whatever strength the player states."""
    state = _shooting(machines=0)
    assert menu_options(state, "bombard") == []
    assert _clauses(state, a.Bombard("W3", 7, "D4")) == ["§5.7"]


def test_a_war_machine_engaged_by_a_sortie_does_not_fire() -> None:
    """§11.2: the besieged's flyers « peuvent uniquement engager des machines de guerre »; a machine in close
    combat shoots no more than any model engaged (§5.7 « de manière classique »)."""
    state = battle(besieged(HARPY, "C3", 1, "h"), besiegers(CATAPULT, "field:outside", 2, "m"))
    state = replace(sortie(state, ["h1"], "m1"), phase=Phase.SHOOTING, active=Side.BESIEGER)
    assert [o.actors for o in menu_options(state, "bombard")] == [("m2",)]
    assert _clauses(state, a.Bombard("W3", 7, "D4", machine="m1")) == ["§5.7"]


def test_a_war_machine_bombards_what_still_stands_in_sight() -> None:
    """§5.6 names the main gate and the postern; a gate destroyed (§6.1) or a section collapsed into a breach
    (§5.9 « La section/niveau est détruite du sol au chemin de ronde ») is no target; refused before any die."""
    state = _shooting()
    state = state.with_gate(replace(state.gate("P1"), structure_points=0))
    state = state.with_works(Works("T2", collapsed=True))
    (option,) = menu_options(state, "bombard")
    assert option.targets == ("T1", "W1", "W2", "T3", "W3", "T4", "W4", "gate:G1")
    assert _clauses(state, a.Bombard("gate:P1", 7, "D4", machine="m1")) == ["§6.1"]
    assert _clauses(state, a.Bombard("T2", 7, "D4", machine="m1")) == ["§5.9"]
    assert _clauses(state, a.Bombard("C1", 7, "D4", machine="m1")) == ["§5.7"]


def test_the_template_falls_on_the_models_of_the_section_shot() -> None:
    """§5.10: « le tir sur la structure + les figurines directement dessous le gabarit »: the models under the
    template stand on the section shot; §8.2.3.1: the braziers hit are that section's own."""
    state = _shooting()
    state = state.with_works(Works("W3", braziers=(Liquid.OIL,)))
    assert _clauses(state, a.Bombard("W3", 7, "D4", under_template=("w1",), machine="m1")) == ["§5.10"]
    assert _clauses(state, a.Bombard("W3", 7, "D4", under_template=("o1",), machine="m1")) == ["§5.10"]
    assert _clauses(state, a.Bombard("W3", 7, "D4", braziers_hit=2, machine="m1")) == ["§8.2.3.1"]
    assert _clauses(state, a.Bombard("W3", 7, "D4", under_template=("d1", "d2"), braziers_hit=1, machine="m1")) == []


def test_an_older_logs_bombardment_still_reads() -> None:
    """The JSON form of a bombardment before it named its machine reads as one naming none."""
    old = {"format": 1, "action": "bombard", "target": "T3", "strength": 7, "damage": "D4"}
    assert a.Action.from_json(old) == a.Bombard("T3", 7, "D4", machine=None)
    assert a.Action.from_json(a.Bombard("T3", 7, "D4", machine="m1").to_json()).actors() == ("m1",)


# ---- siege towers (§7.3.3, §7.3.4) ---------------------------------------------------------------------------------


def _towers(*towers: SiegeTower) -> BattleState:
    state = battle(
        besiegers(ORC, "siege_tower:ST1", 10, "c"),
        besiegers(ORC, "siege_tower:ST2", 8, "k"),
        besiegers(ORC, "siege_tower:ST3", 7, "s"),
        besieged(MAN, "W2", 2),
        towers=towers
        or (
            SiegeTower("ST1", None, crew=tuple(f"c{n}" for n in range(1, 11))),
            SiegeTower("ST2", None, crew=tuple(f"k{n}" for n in range(1, 9))),
            SiegeTower("ST3", None, crew=tuple(f"s{n}" for n in range(1, 8))),
        ),
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_a_push_moves_the_tower_one_to_twenty_cm_once_a_turn() -> None:
    """§7.3.3: « Une tour de siège se déplace de 20 cm maximum »; « Si la tour a 8 ou 9 membres, elle ne se
    déplace plus qu'à 15 cm »; « Si la tour a moins de 8 membres, elle est immobilisée ». A push of 0 cm moves
    nothing: refused; a tower pushed this turn has made its move."""
    state = _towers()
    assert _clauses(state, a.PushTower("ST1", 0)) == ["§7.3.3"]
    assert _clauses(state, a.PushTower("ST1", 21)) == ["§7.3.3"]
    assert _clauses(state, a.PushTower("ST2", 16)) == ["§7.3.3"]
    assert _clauses(state, a.PushTower("ST3", 1)) == ["§7.3.3"]
    pushed = apply(state, a.PushTower("ST1", 1), Dice(seed=1)).state
    assert pushed.siege_tower("ST1").section is None
    assert _clauses(pushed, a.PushTower("ST1", 19)) == ["§7.3.3"]
    assert _clauses(pushed, a.PushTower("ST1", 5, "W2")) == ["§7.3.3"]


def test_the_menu_pushes_a_tower_its_move_towards_the_walls_or_up_against_a_rampart() -> None:
    """§7.3.3: the distance is the player's, 1 to the tower's move (20 cm, 15 with 8 crew), none for a tower of
    7; §7.3.4 « Jusqu'à une tour de siège peut livrer un assaut sur une section »: a rampart with a tower
    against it is taken, and a tower against its rampart is pushed no further."""
    state = _towers(
        SiegeTower("ST1", None, crew=tuple(f"c{n}" for n in range(1, 11))),
        SiegeTower("ST2", "W2", crew=tuple(f"k{n}" for n in range(1, 9))),
        SiegeTower("ST3", None, crew=tuple(f"s{n}" for n in range(1, 8))),
    )
    free = tuple(r for r in RAMPARTS if r != "W2")
    assert menu_options(state, "push_tower") == [
        Option("push_tower", Side.BESIEGER, "siege_tower:ST1", numbers=(("distance", 1, 20),)),
        Option("push_tower", Side.BESIEGER, "siege_tower:ST1", targets=free, numbers=(("distance", 1, 20),)),
    ]
    assert _clauses(state, a.PushTower("ST1", 20, "W2")) == ["§7.3.4"]
    assert _clauses(state, a.PushTower("ST2", 5)) == ["§7.3.3"]
    option = menu_options(state, "push_tower")[1]
    assert choose(state, option, (), "W3") == a.PushTower("ST1", 20, "W3")
    eight = _towers()
    assert menu_options(eight, "push_tower")[2].numbers == (("distance", 1, 15),)


# ---- locked gates (§6.2) -------------------------------------------------------------------------------------------


def _gates(active: Side = Side.BESIEGED) -> BattleState:
    state = battle(
        besieged(MAN, "C3", 3, "p"),
        besieged(MAN, "C1", 2, "g"),
        besiegers(ORC, "foot:C3", 2, "o"),
        active=active,
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_a_model_on_the_inner_side_unlocks_the_postern() -> None:
    """§6.2: « Seule une figurine qui se trouve du côté de la fermeture peut déverrouiller une porte, mais elle
    perdra tout son mouvement »: the menu offers P1's unlocking to one of C3's models free to move, and none to
    those in C1 or outside; the main gate is broken, never unlocked."""
    state = _gates()
    (option,) = menu_options(state, "unlock_gate")
    assert option == Option("unlock_gate", Side.BESIEGED, "gate:P1", ("p1", "p2", "p3"), most=1)
    action = choose(state, option, ("p2",), None)
    assert action == a.UnlockGate("P1", "p2")
    after = apply(state, action, Dice(seed=1)).state
    assert after.gate("P1").unlocked
    assert "p2" in after.turn_log.moved
    assert menu_options(after, "unlock_gate") == []
    assert _clauses(state, a.UnlockGate("P1", "g1")) == ["§6.2"]
    assert _clauses(state, a.UnlockGate("G1", "g1")) == ["§6.2"]
    assert _clauses(_gates(Side.BESIEGER), a.UnlockGate("P1", "o1")) == ["§6.2"]


def test_an_unlocked_or_broken_postern_has_nothing_to_unlock() -> None:
    """§6.2: the door is « fermée de l'intérieur » until unlocked or broken: once either, no unlocking is offered
    and none is accepted (it would only cost a model its move)."""
    state = _gates()
    unlocked = state.with_gate(replace(state.gate("P1"), unlocked=True))
    broken = state.with_gate(replace(state.gate("P1"), structure_points=0))
    for done in (unlocked, broken):
        assert menu_options(done, "unlock_gate") == []
        assert _clauses(done, a.UnlockGate("P1", "p1")) == ["§6.2"]


def test_a_model_that_has_moved_or_rallied_does_not_unlock() -> None:
    """§6.2 « elle perdra tout son mouvement »: a model that has moved has no movement left to give; one that
    has just rallied does nothing this turn (§3.4)."""
    state = replace(_gates(), turn_log=TurnLog(moved=frozenset({"p1"}), rallied=frozenset({"p2"})))
    assert [o.actors for o in menu_options(state, "unlock_gate")] == [("p3",)]
    assert _clauses(state, a.UnlockGate("P1", "p1")) == ["§6.2"]
    assert _clauses(state, a.UnlockGate("P1", "p2")) == ["§3.4"]


# ---- the mine (§10) ------------------------------------------------------------------------------------------------

SAPPER = with_rules(MAN, Special.SAPPER, name="Dwarf sapper")


def _mine(score: int = 0, goal: MineGoal = MineGoal.FOUNDATIONS) -> BattleState:
    """Six sappers, a dwarf among them, and eight counter-miners with a dwarf of their own, at the besieger's
    sappers' step."""
    state = battle(
        besiegers(SAPPER, "foot:W1", 1, "e"),
        besiegers(ORC, "foot:W1", 5, "s"),
        besieged(SAPPER, "C2", 1, "f"),
        besieged(MAN, "C2", 7, "c"),
        besieged(MAN, "C1", 3, "r"),
    )
    state = start_mine(state, goal, ["e1", *(f"s{n}" for n in range(1, 6))])
    state = counter_mine(state, ["f1", *(f"c{n}" for n in range(1, 8))])
    assert state.mine is not None
    return replace(state, mine=replace(state.mine, score=score), phase=Phase.SAPPERS)


def test_each_side_re_rolls_its_own_mining_die_once_the_roll_is_seen() -> None:
    """§10.4: « il est possible de relancer une fois par partie le jet établissant le score ou le retranchant
    (D6, D3 ou D2) »: after the sappers' roll the besieger's sapper may re-roll the D6, the besieged's the D3 he
    subtracts; each option is its side's, and the re-roll is played by that side."""
    state = _mine()
    assert menu_options(state, "reroll_mine") == []
    rolled = apply(state, a.Dig(), Dice(seed=3)).state
    assert menu_options(rolled, "reroll_mine") == [
        Option("reroll_mine", Side.BESIEGER, targets=("sapping",)),
        Option("reroll_mine", Side.BESIEGED, targets=("counter",)),
    ]
    counter = choose(rolled, menu_options(rolled, "reroll_mine")[1], (), "counter")
    assert counter == a.RerollMine(MineDie.COUNTER)
    assert side_of(rolled, counter) is Side.BESIEGED
    assert side_of(rolled, a.RerollMine(MineDie.SAPPING)) is Side.BESIEGER
    again = apply(rolled, counter, Dice(seed=4)).state
    assert menu_options(again, "reroll_mine") == [Option("reroll_mine", Side.BESIEGER, targets=("sapping",))]
    assert _clauses(again, counter) == ["§10.4"]
    # the foundations' D4 is re-rolled only when it was rolled this turn (§10.4 « relancer une fois le score du D4 »)
    assert _clauses(again, a.RerollMine(MineDie.FOUNDATIONS)) == ["§10.4"]


def test_the_diggers_leave_the_mine_at_any_time() -> None:
    """§10.1: « Elles peuvent à tout moment cesser leur action de sape »; §10.2: « les figurines peuvent être
    déployées en bloc sur une des cases de cour intérieure du château »: both sides may stop digging in the
    sappers' and movement steps, whoever's turn it is; the counter-miners come up in a courtyard with room for
    all eight (C1 holds 3 of 30 here)."""
    state = _mine()
    both = [
        Option("leave_mine", Side.BESIEGER),
        Option("leave_mine", Side.BESIEGED, targets=("C1", "C2", "C3")),
    ]
    assert menu_options(state, "leave_mine") == both
    theirs = replace(state, phase=Phase.MOVEMENT, active=Side.BESIEGED)
    assert menu_options(theirs, "leave_mine") == both
    up = choose(theirs, both[1], (), "C1")
    assert up == a.LeaveMine(Side.BESIEGED, "C1")
    assert side_of(theirs, up) is Side.BESIEGED
    after = apply(theirs, up, Dice(seed=1)).state
    assert menu_options(after, "leave_mine") == [Option("leave_mine", Side.BESIEGER)]
    # the sappers rejoin their regiment or stand apart outside: no courtyard is theirs (§10.1)
    assert _clauses(state, a.LeaveMine(Side.BESIEGER, "C1")) == ["§10.1"]
    # with 23 besieged in C3 the eight would make 31, more than a courtyard's 30 (§1.7)
    full = replace(state, models=(*state.models, *besieged(MAN, "C3", 23, "z")))
    assert menu_options(full, "leave_mine")[1].targets == ("C1", "C2")
    assert _clauses(full, a.LeaveMine(Side.BESIEGED, "C3")) == ["§1.7"]


def test_the_section_to_undermine_is_asked_when_the_roll_may_reach_the_foundations() -> None:
    """§10.3.1: « Lorsque l'assiégeant atteint le score de 8 … L'assiégeant choisit une section/niveau de rempart
    ou de tour à l'exception de la section/niveau intégrant la porte principale »: at 2 a D6 less the D3 cannot
    reach 8, so no section is asked; at 3 a 6 less 1 may, and the menu lists the ramparts but T1, the main
    gate's."""
    assert menu_options(_mine(2), "dig") == [Option("dig", Side.BESIEGER)]
    (option,) = menu_options(_mine(3), "dig")
    assert option.targets == tuple(r for r in RAMPARTS if r != "T1")
    assert _clauses(_mine(3), a.Dig()) == ["§10.3.1"]
    assert _clauses(_mine(3), a.Dig("T1")) == ["§10.3.1"]
    # a tunnel weakens no section (§10.3.2): nothing to name
    assert menu_options(_mine(8, MineGoal.TUNNEL), "dig") == [Option("dig", Side.BESIEGER)]


def test_counter_mining_takes_four_to_eight_models_free_to_act() -> None:
    """§10.2: « Il doit mobiliser a minima 4 figurines selon les mêmes conditions que décrit ci-dessus. Il peut
    toutefois en mobiliser 8 »: the menu offers the besieged's models of unit strength 1 free to act, 4 to 8 of
    them, fewer once some are down; a model that has moved this turn does not go down."""
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(MAN, "C2", 6, "c"), besieged(MAN, "W2", 4, "w"))
    state = start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])
    state = replace(state, phase=Phase.MOVEMENT, active=Side.BESIEGED, turn_log=TurnLog(moved=frozenset({"w4"})))
    (option,) = menu_options(state, "counter_mine")
    assert option.actors == ("c1", "c2", "c3", "c4", "c5", "c6", "w1", "w2", "w3")
    assert (option.least, option.most) == (4, 8)
    assert _clauses(state, a.CounterMine(("c1", "c2", "c3", "w4"))) == ["§10.2"]
    down = apply(state, a.CounterMine(("c1", "c2", "c3", "c4", "c5")), Dice(seed=1)).state
    (more,) = menu_options(down, "counter_mine")
    assert (more.least, more.most) == (1, 3)
    full = apply(down, a.CounterMine(("c6", "w1", "w2")), Dice(seed=1)).state
    assert menu_options(full, "counter_mine") == []
    # in the set-up the counter-mine is dug too (§10.2), the mine being known: in the besieged's part after the
    # besieger's (§16 « L'assiégé déploie ensuite »)
    setup = replace(state, phase=Phase.SETUP, setup_turn=SetupTurn.COURTYARDS, turn_log=TurnLog())
    assert [o.name for o in menu_options(setup, "counter_mine")] == ["counter_mine"]


def test_every_option_of_the_sappers_step_is_accepted() -> None:
    """§10.3, §10.4, §10.1: at each score, before and after the roll, every option of the sappers' step with each
    of its targets is played."""
    for score in (0, 2, 3, 7):
        state = _mine(score)
        (option,) = menu_options(state, "dig")
        rolled = apply(state, choose(state, option, (), option.default()[1]), dice())
        for now in (state, rolled.state):
            for option in menu_options(now):
                for target in option.targets or (None,):
                    action = choose(now, option, option.default()[0], target)
                    assert problems(now, action) == [], (score, action)
