"""§10 mining and counter-mining, ruling R2: the sappers' step and its menu, the mine's progress and
thresholds, undermining the foundations and the tunnel (§10.3), counter-mining (§10.2) and the sappers'
re-rolls (§10.4).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Mine, MineGoal
from rules.siege.board.state import BattleState, IllegalAction, Model, Phase, SetupTurn, Side, TurnLog
from rules.siege.chapters import mining
from rules.siege.chapters.mining import (
    FOUNDATIONS,
    TUNNEL,
    MineDie,
    counter_mine,
    counter_mining_die,
    progress,
    start_mine,
    through_tunnel,
)
from rules.siege.chapters.movement import move
from rules.siege.game import Option, apply, choose, menu_options, problems, side_of
from tests.rules.siege.builders import (
    MAN,
    ORC,
    RAMPARTS,
    SAPPER,
    battle,
    besieged,
    besiegers,
    dice,
    mine_started,
    next_turn,
    problem_clauses,
    refused,
)


@pytest.mark.parametrize(
    ("counter_miners", "die"),
    [
        pytest.param(0, None, id="R2-none"),
        pytest.param(3, None, id="R2-fewer-than-4-no-counter-mining"),
        pytest.param(4, "D2", id="§10.3-4-D2"),
        pytest.param(7, "D2", id="R2-7-D2"),
        pytest.param(8, "D3", id="§10.3-8-D3"),
    ],
)
def test_counter_mining_die(counter_miners: int, die: str | None) -> None:
    found = counter_mining_die(counter_miners)
    assert (None if found is None else found.name) == die


@pytest.mark.parametrize(
    ("roll", "subtraction", "expected"),
    [
        pytest.param(5, 2, 3, id="§10.3-subtract"),
        pytest.param(1, 3, 0, id="R2-never-negative"),
        pytest.param(6, 0, 6, id="R2-no-counter-mining"),
    ],
)
def test_progress(roll: int, subtraction: int, expected: int) -> None:
    assert progress(roll, subtraction) == expected


def test_thresholds() -> None:
    """§10.3.1 foundations at 8, §10.3.2 tunnel at 10 (R2)."""
    assert (FOUNDATIONS, TUNNEL) == (8, 10)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="counter_miners must be between 0 and 8, got 9"):
        counter_mining_die(9)
    with pytest.raises(ValueError, match="sapping_roll must be between 1 and 6, got 7"):
        progress(7, 0)


def _mine(score: int = 0, counter: int = 0) -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(SAPPER, "C2", 8, "c"))
    state = mining.start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])
    if counter:
        state = mining.counter_mine(state, [f"c{n}" for n in range(1, counter + 1)])
    assert state.mine is not None
    return replace(state, mine=replace(state.mine, score=score))


def test_the_sapping_roll_is_re_rolled_after_it_is_seen() -> None:
    """§10.4: « il est possible de relancer une fois par partie le jet établissant le score … le joueur doit se
    plier au second score »: a 1 is seen, then re-rolled into a 5, which stands.
    """
    rolled = mining.dig(_mine(), dice(1)).state
    assert rolled.mine is not None
    assert rolled.mine.score == 1
    again = mining.reroll(rolled, MineDie.SAPPING, dice(5))
    assert again.state.mine is not None
    assert again.state.mine.score == 5
    assert [r.reason for r in again.rolls] == ["sapping_reroll [§10.4]"]
    refused(lambda: mining.reroll(again.state, MineDie.SAPPING, dice(6)), "§10.4")


def test_a_re_roll_follows_a_roll_of_this_turn() -> None:
    """§10.4: « relancer … le jet »: there is nothing to re-roll before this turn's mining roll."""
    refused(lambda: mining.reroll(_mine(), MineDie.SAPPING, dice(6)), "§10.4")
    rolled = mining.dig(_mine(), dice(2)).state
    refused(lambda: mining.reroll(next_turn(rolled), MineDie.SAPPING, dice(6)), "§10.4")


def test_a_re_roll_that_reaches_the_foundations_undermines_and_one_that_falls_short_undoes_it() -> None:
    """§10.3.1: « Lorsque l'assiégeant atteint le score de 8 … Cette section subit automatiquement un 1D4 + 1 points
    de dommage »; with §10.4 the second score decides: 5 + 1 is 6, re-rolled 3 reaches 8 and W2 takes D4 (2) + 1.
    """
    short = mining.dig(_mine(5), dice(1), section="W2").state
    assert short.works_of("W2").damage == 0
    reached = mining.reroll(short, MineDie.SAPPING, dice(3, 2)).state
    assert reached.mine is not None
    assert reached.mine.finished
    assert reached.works_of("W2").damage == 3
    besieged_reroll = mining.counter_mine(_mine(5), [f"c{n}" for n in range(1, 5)])
    hit = mining.dig(besieged_reroll, dice(4, 1, 2), section="W2").state
    assert hit.works_of("W2").damage == 3
    undone = mining.reroll(hit, MineDie.COUNTER, dice(2)).state
    assert undone.mine is not None
    assert (undone.mine.score, undone.mine.finished) == (7, False)
    assert undone.works_of("W2").damage == 0


def test_the_foundations_d4_is_re_rolled_once_after_it_is_seen() -> None:
    """§10.4: « relancer une fois le score du D4 pour déterminer les dommages »: a 1 becomes a 4, W2 takes 5."""
    hit = mining.dig(_mine(7), dice(1, 1), section="W2").state
    assert hit.works_of("W2").damage == 2
    again = mining.reroll(hit, MineDie.FOUNDATIONS, dice(4)).state
    assert again.works_of("W2").damage == 5
    refused(lambda: mining.reroll(again, MineDie.FOUNDATIONS, dice(2)), "§10.4")


def test_the_sappers_roll_before_the_movement_phase() -> None:
    """§10.3.1: « Chaque tour, avant la phase de mouvement, le joueur assiégeant lance 1D6 »: not once models have
    moved this turn.
    """
    moved = replace(_mine(), turn_log=TurnLog(moved=frozenset({"x"})))
    refused(lambda: mining.dig(moved, dice(3)), "§10.3")
    assert mining.dig(_mine(), dice(3)).rolls


def test_sappers_stop_and_rejoin_their_regiment_outside() -> None:
    """§10.1: « Elles peuvent à tout moment cesser leur action de sape et réintégrer leur régiment d'origine si
    celui-ci est encore à l'extérieur du fort »; then nobody digs (§10.3).
    """
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s", "Miners"), besiegers(ORC, "foot:W3", 2, "o", "Miners"))
    state = mining.start_mine(state, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)])
    left = mining.leave_mine(state, Side.BESIEGER)
    assert {str(left.model(f"s{n}").place) for n in range(1, 7)} == {"foot:W3"}
    assert move(left, ["s1"], "ladder:L1", Dice(0)).state.model("s1").place.zone.value == "ladder"
    refused(lambda: mining.dig(left, dice(3)), "§10.3")


def test_sappers_without_a_regiment_outside_do_nothing_the_turn_they_come_out() -> None:
    """§10.1: « Sinon, elles constitueront une unité indépendante qui se déploie à 20 cm des remparts. Elles ne
    peuvent rien faire le tour où elles sont déployées. »
    """
    left = mining.leave_mine(_mine(), Side.BESIEGER)
    assert {left.model(f"s{n}").unit for n in range(1, 7)} == {"sappers"}
    refused(lambda: move(left, ["s1"], "ladder:L1", Dice(0)), "§10.1")


def test_counter_miners_come_up_together_in_a_courtyard_and_wait_a_turn() -> None:
    """§10.2: « les figurines peuvent être déployées en bloc sur une des cases de cour intérieure du château. Elles
    ne peuvent pas agir le tour où elles sont déployées. » — within the courtyard's quota (§1.7).
    """
    state = replace(_mine(counter=8), active=Side.BESIEGED)
    up = mining.leave_mine(state, Side.BESIEGED, courtyard="C3")
    assert len(up.at("C3", Side.BESIEGED)) == 8
    assert up.mine is not None
    assert up.mine.counter_miners == ()
    refused(lambda: move(up, ["c1"], "C2", Dice(0)), "§10.2")
    assert move(next_turn(up), ["c1"], "C2", Dice(0)).state.model("c1").place.ref == "C2"
    refused(lambda: mining.leave_mine(state, Side.BESIEGED, courtyard="W1"), "§10.2")
    crowded = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(SAPPER, "C2", 8, "c"), besieged(MAN, "C3", 25, "x"))
    crowded = mining.counter_mine(
        mining.start_mine(crowded, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)]), [f"c{n}" for n in range(1, 9)]
    )
    refused(lambda: mining.leave_mine(crowded, Side.BESIEGED, courtyard="C3"), "§1.7")


def _dug(*groups: list[Model], active: Side = Side.BESIEGER) -> BattleState:
    state = battle(*groups, active=active)
    return replace(state, mine=Mine(MineGoal.TUNNEL, ("s1",), score=10, finished=True))


def test_the_tunnel_brings_models_from_outside_in_the_besiegers_turn() -> None:
    """§10.3.2: « lors de chaque tour de l'assiégeant, jusqu'à 6 figurines choisies parmi une unité présente à
    l'extérieur du fort »: not in the besieged's turn, not from a ladder.
    """
    refused(lambda: through_tunnel(_dug(besiegers(ORC, "foot:W3", 2), active=Side.BESIEGED), ["a1"], "C2"), "§10.3.2")
    refused(lambda: through_tunnel(_dug(besiegers(ORC, "ladder:L1", 2)), ["a1", "a2"], "C2"), "§10.3.2")
    assert len(through_tunnel(_dug(besiegers(ORC, "foot:W3", 2)), ["a1", "a2"], "C2").at("C2")) == 2


def test_mining_to_the_foundations() -> None:
    """§10.3.1, R2: 6 and 2 reach 8; the section takes D4 roll 3 + 1 = 4 points."""
    state = mining.dig(mine_started(), dice(6)).state
    state = mining.dig(next_turn(state), dice(2, 3), section="W2").state
    assert state.mine is not None
    assert state.mine.finished
    assert state.works_of("W2").damage == 4


@pytest.mark.parametrize(
    "goal",
    [
        pytest.param(MineGoal.FOUNDATIONS, id="§10.3.1-one-sapping-roll-a-besieger-turn"),
        pytest.param(MineGoal.TUNNEL, id="§10.3.2-one-sapping-roll-a-besieger-turn"),
    ],
)
def test_the_sappers_roll_once_a_besieger_turn(goal: MineGoal) -> None:
    """§10.3, R2: "chaque tour … lance 1D6": a second sapping roll in the same turn is refused before any die;
    the besieger's next turn brings the next roll.
    """
    state = mining.dig(mine_started(goal), dice(1)).state
    rolled = dice(6)
    with pytest.raises(IllegalAction, match=r"dug_already \(turn=1\)") as error:
        mining.dig(state, rolled)
    assert error.value.clause == "§10.3"
    assert rolled.log == ()
    again = mining.dig(next_turn(state), dice(2)).state
    assert again.mine is not None
    assert again.mine.score == 3


def test_counter_mining_with_eight_subtracts_d3() -> None:
    """§10.3, R2: 2 less D3 roll 3 is no progress, never negative."""
    state = mining.counter_mine(mine_started(), [f"d{n}" for n in range(1, 9)])
    after = mining.dig(state, dice(2, 3)).state
    assert after.mine is not None
    assert after.mine.score == 0


def test_sapper_re_roll_once_a_game() -> None:
    """§10.4: the second roll stands; the re-roll is then gone."""
    state = mining.dig(mine_started(), dice(1)).state
    state = mining.reroll(state, mining.MineDie.SAPPING, dice(5)).state
    assert state.mine is not None
    assert state.mine.score == 5
    again = mining.dig(next_turn(state), dice(1), section="W2").state
    with pytest.raises(IllegalAction) as error:
        mining.reroll(again, mining.MineDie.SAPPING, dice(1))
    assert error.value.clause == "§10.4"


def test_tunnel_brings_six_models_into_a_courtyard() -> None:
    """§10.3.2: 10 reached, 6 models of one unit come up in C2."""
    state = battle(besiegers(ORC, "foot:W1", 6, "o"), besiegers(SAPPER, "foot:W1", 6, "s"))
    state = mining.start_mine(state, MineGoal.TUNNEL, [f"s{n}" for n in range(1, 7)])
    state = mining.dig(next_turn(mining.dig(state, dice(6)).state), dice(4)).state
    state = mining.through_tunnel(state, [f"o{n}" for n in range(1, 7)], "C2")
    assert len(state.at("C2")) == 6
    with pytest.raises(IllegalAction) as error:
        mining.through_tunnel(state, [], "C2")
    assert error.value.clause == "§10.3.2"


def test_the_undermined_section_is_named_before_the_roll_that_may_reach_the_foundations() -> None:
    """§10.3.1: at 6 of 8 a D6 may reach the foundations; without a section the dig is refused before any die,
    so the roll log stays as it was.
    """
    state = next_turn(mining.dig(mine_started(), dice(6)).state)
    rolled = dice(2, 3)
    with pytest.raises(IllegalAction, match=r"name_section_to_undermine \(score=6, target=8\)") as error:
        mining.dig(state, rolled)
    assert error.value.clause == "§10.3.1"
    assert rolled.log == ()
    assert rolled.pending == 2


def _sappers_step(score: int = 0, goal: MineGoal = MineGoal.FOUNDATIONS) -> BattleState:
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
    state = _sappers_step()
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
    assert problem_clauses(again, counter) == ["§10.4"]
    # the foundations' D4 is re-rolled only when it was rolled this turn (§10.4 « relancer une fois le score du D4 »)
    assert problem_clauses(again, a.RerollMine(MineDie.FOUNDATIONS)) == ["§10.4"]


def test_the_diggers_leave_the_mine_at_any_time() -> None:
    """§10.1: « Elles peuvent à tout moment cesser leur action de sape »; §10.2: « les figurines peuvent être
    déployées en bloc sur une des cases de cour intérieure du château »: both sides may stop digging in the
    sappers' and movement steps, whoever's turn it is; the counter-miners come up in a courtyard with room for
    all eight (C1 holds 3 of 30 here)."""
    state = _sappers_step()
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
    assert problem_clauses(state, a.LeaveMine(Side.BESIEGER, "C1")) == ["§10.1"]
    # with 23 besieged in C3 the eight would make 31, more than a courtyard's 30 (§1.7)
    full = replace(state, models=(*state.models, *besieged(MAN, "C3", 23, "z")))
    assert menu_options(full, "leave_mine")[1].targets == ("C1", "C2")
    assert problem_clauses(full, a.LeaveMine(Side.BESIEGED, "C3")) == ["§1.7"]


def test_the_section_to_undermine_is_asked_when_the_roll_may_reach_the_foundations() -> None:
    """§10.3.1: « Lorsque l'assiégeant atteint le score de 8 … L'assiégeant choisit une section/niveau de rempart
    ou de tour à l'exception de la section/niveau intégrant la porte principale »: at 2 a D6 less the D3 cannot
    reach 8, so no section is asked; at 3 a 6 less 1 may, and the menu lists the ramparts but T1, the main
    gate's."""
    assert menu_options(_sappers_step(2), "dig") == [Option("dig", Side.BESIEGER)]
    (option,) = menu_options(_sappers_step(3), "dig")
    assert option.targets == tuple(r for r in RAMPARTS if r != "T1")
    assert problem_clauses(_sappers_step(3), a.Dig()) == ["§10.3.1"]
    assert problem_clauses(_sappers_step(3), a.Dig("T1")) == ["§10.3.1"]
    # a tunnel weakens no section (§10.3.2): nothing to name
    assert menu_options(_sappers_step(8, MineGoal.TUNNEL), "dig") == [Option("dig", Side.BESIEGER)]


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
    assert problem_clauses(state, a.CounterMine(("c1", "c2", "c3", "w4"))) == ["§10.2"]
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
        state = _sappers_step(score)
        (option,) = menu_options(state, "dig")
        rolled = apply(state, choose(state, option, (), option.default()[1]), dice())
        for now in (state, rolled.state):
            for option in menu_options(now):
                for target in option.targets or (None,):
                    action = choose(now, option, option.default()[0], target)
                    assert problems(now, action) == [], (score, action)


def _sapping_to_the_foundations() -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"))
    return mining.start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])


def test_foundations_d4_re_roll_is_its_own() -> None:
    """§10.4: the sapping re-roll spent (1 then 5), the D4 may still be re-rolled once: 5 + 3 reaches 8, the D4's 1
    becomes a 4, so W2 takes 4 + 1 damage points.
    """
    state = mining.dig(_sapping_to_the_foundations(), dice(1)).state
    state = mining.reroll(state, mining.MineDie.SAPPING, dice(5)).state
    assert state.mine is not None
    assert state.mine.foundations_reroll
    state = mining.dig(next_turn(state), dice(3, 1), section="W2").state
    state = mining.reroll(state, mining.MineDie.FOUNDATIONS, dice(4)).state
    assert state.works_of("W2").damage == 5
    assert state.mine is not None
    assert not state.mine.foundations_reroll


def test_foundations_re_roll_once() -> None:
    """§10.4: spent, it is refused."""
    state = _sapping_to_the_foundations()
    assert state.mine is not None
    spent = replace(state, mine=replace(state.mine, foundations_reroll=False, score=7))
    reached = mining.dig(spent, dice(6), section="W2").state
    refused(lambda: mining.reroll(reached, mining.MineDie.FOUNDATIONS, dice(4)), "§10.4")
