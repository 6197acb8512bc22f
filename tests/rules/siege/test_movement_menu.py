"""The movement step's menu of moves, charges and belfry climbs against the text: each entry offers the models that
may go and how many of them at once (`most`), and what it offers is accepted (§1.7, §2.1, §3.1, §3.3.1, §6.4,
§7.1, §7.3.4, §12.4, 001 §5)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.battle import start
from rules.siege.board.engines import Bridge, Ladder, SiegeTower
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, CombatResult, Model, Phase, Place, Side, Zone
from rules.siege.game import apply, choose, menu_options, problems
from rules.siege.menus.legal import Option, menu_moves_from
from tests.rules.siege.builders import (
    CATAPULT,
    GHOST,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    ids,
    lost,
    with_rules,
)
from tests.rules.siege.test_belfry import _setup as belfry_setup
from tests.rules.siege.test_belfry import _to_besieger_movement

DICE = Dice(seed=1)


def _movement(
    *groups: Iterable[Model],
    active: Side = Side.BESIEGER,
    ladders: Sequence[Ladder] = (),
    towers: Sequence[SiegeTower] = (),
    results: Sequence[CombatResult] = (),
) -> BattleState:
    """A battle of ``groups`` at ``active``'s movement step (no ladder nor siege tower unless given)."""
    built = battle(*groups, active=active, ladders=ladders, towers=towers, results=results)
    return replace(built, phase=Phase.MOVEMENT, turn=2)


def _entries(state: BattleState, name: str, where: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name and o.where == where]


def _accepted(state: BattleState, option: Option) -> None:
    """The option's default details are accepted for each of its targets."""
    actors, _ = option.default()
    for target in option.targets:
        assert problems(state, choose(state, option, actors, target)) == [], (option, target)


def test_ten_models_a_turn_pass_from_one_wall_walk_section_to_the_next() -> None:
    # §2.1.1: « 10 figurines seulement peuvent se déplacer d'une section de chemin de ronde/tour à une autre section
    # de chemin de ronde/tour en un tour »; each connection counts its own models (« dans les deux sens »)
    men = ids("d", 11)
    state = _movement(besieged(MAN, "W3", 11), active=Side.BESIEGED)
    (move,) = _entries(state, "move", "W3")
    assert (move.actors, move.targets, move.least, move.most) == (tuple(men), ("T3", "T4"), 1, 10)
    _accepted(state, move)
    assert problems(state, a.Move(tuple(men), "T3"))[0].clause == "§2.1.1"
    state = apply(state, a.Move(tuple(men[:4]), "T3"), DICE).state
    # 4 have passed W3 to T3: 6 more may; T4's connection still takes the 7 left
    assert [(o.targets, o.most) for o in _entries(state, "move", "W3")] == [(("T3",), 6), (("T4",), 7)]
    for option in _entries(state, "move", "W3"):
        _accepted(state, option)


def test_a_wall_walk_takes_fifteen_of_a_side_counted_with_their_ratio() -> None:
    # §1.7, R15: « avec 15 figurines de chaque camp seulement »; §12.1.1 « Ogre: 2 », for the occupancy as for the
    # connections. W3 holds 11: an ogre and 2 men make the 4 it still takes; W2 takes the ogre and its 5 men (7 of
    # the connection's 10)
    state = _movement(
        besieged(MAN, "W3", 11), besieged(OGRE, "T3", 1, "ogre"), besieged(MAN, "T3", 5, "m"), active=Side.BESIEGED
    )
    group = ("ogre1", *ids("m", 5))
    assert [(o.targets, o.actors, o.most) for o in _entries(state, "move", "T3")] == [
        (("W2",), group, 6),
        (("W3",), group, 3),
    ]
    assert problems(state, a.Move(group[:4], "W3"))[0].clause == "§1.7"
    for option in _entries(state, "move", "T3"):
        _accepted(state, option)


def test_a_siege_tower_holds_fifteen() -> None:
    # §7.3.4: « La tour peut contenir jusqu'à 15 figurines »: 10 inside, 5 of the 6 at its foot may board
    state = _movement(
        besiegers(ORC, "siege_tower:ST1", 10, "t"), besiegers(ORC, "foot:W2", 6), towers=(SiegeTower("ST1", "W2"),)
    )
    (board,) = _entries(state, "move", "foot:W2")
    assert (board.targets, board.most) == (("siege_tower:ST1",), 5)
    _accepted(state, board)
    assert problems(state, a.Move(tuple(ids("a", 6)), "siege_tower:ST1"))[0].clause == "§7.3.4"


def test_four_models_a_turn_storm_the_rampart_from_a_siege_tower() -> None:
    # §7.3.4: « Jusqu'à 4 figurines peuvent prendre d'assaut le rempart chaque tour »
    state = _movement(
        besiegers(ORC, "siege_tower:ST1", 10, "t"), besieged(MAN, "W2", 3), towers=(SiegeTower("ST1", "W2"),)
    )
    (storm,) = _entries(state, "charge", "siege_tower:ST1")
    assert (storm.targets, storm.most) == (("W2",), 4)
    _accepted(state, storm)
    state = apply(state, a.Charge(tuple(ids("t", 4)), "W2"), DICE).state
    assert _entries(state, "charge", "siege_tower:ST1") == []  # the turn's 4 have gone
    assert problems(state, a.Charge(("t5",), "W2"))[0].clause == "§2.1.1"


def test_models_reinforcing_a_gate_do_nothing_else() -> None:
    # §6.4: « Une porte principale ... peuvent être renforcées par les assiégés ... Ils ne peuvent rien faire d'autre »
    state = _movement(besieged(MAN, "C1", 4), active=Side.BESIEGED)
    state = apply(state, a.ReinforceGate("G1", ("d1", "d2")), DICE).state
    (move,) = _entries(state, "move", "C1")
    assert move.actors == ("d3", "d4")
    _accepted(state, move)


def test_only_the_winners_of_the_last_combat_disengage() -> None:
    # §3.3.1: « les troupes d'une section/niveau qui ont gagné le précédent combat, peuvent se rendre sur une autre
    # section/niveau à condition qu'il n'y ait pas d'ennemis présents »; §4.2: never the frenzied
    defenders = (*besieged(MAN, "T2", 3), *besieged(with_rules(MAN, Special.FRENZY), "T2", 1, "f"))
    enemies = (*besiegers(ORC, "T2", 2), *besiegers(ORC, "W2", 1, "w"))
    lost_it = _movement(defenders, enemies, active=Side.BESIEGED, results=(lost("T2", Side.BESIEGED),))
    assert _entries(lost_it, "move", "T2") == _entries(lost_it, "charge", "T2") == []
    won = replace(lost_it, results=(CombatResult("T2", 0, 2, Side.BESIEGED),))
    assert _entries(won, "charge", "T2") == []  # not onto W2, which the enemy holds
    (away,) = _entries(won, "move", "T2")
    assert (away.actors, away.targets) == (("d1", "d2", "d3"), ("W1",))
    _accepted(won, away)


def test_only_ethereal_creatures_pass_through_a_wall() -> None:
    # §12.4: « Une créature éthérée voulant franchir une muraille, porte principale ou poterne protégée
    # magiquement »; the others go in only through a broken gate (§6) or a breach (§5.9)
    state = _movement(
        besiegers(ORC, "foot:W4", 3), besiegers(GHOST, "foot:W4", 2, "g"), besiegers(ORC, "foot:C1", 2, "r")
    )
    (through,) = _entries(state, "move", "foot:W4")
    assert (through.actors, through.targets) == (("g1", "g2"), ("W4",))
    _accepted(state, through)
    assert _entries(state, "move", "foot:C1") == []  # the main gate stands
    broken = replace(state, gates=tuple(replace(g, structure_points=0) if g.id == "G1" else g for g in state.gates))
    (gate,) = _entries(broken, "move", "foot:C1")
    assert gate.targets == ("C1",)
    _accepted(broken, gate)


def test_climbers_go_up_their_ladder_not_down_it() -> None:
    # §2.1.1 « 4 figurines peuvent grimper sur une échelle », §7.1.5: from the ladder onto the rampart; no rule
    # takes them back down but a retreat or a flight (§3.5.2, §7.1.11)
    state = _movement(besiegers(ORC, "ladder:L1", 3), ladders=(Ladder("L1", "W3"),))
    (climb,) = _entries(state, "move", "ladder:L1")
    assert (climb.targets, climb.most) == (("W3",), 3)
    _accepted(state, climb)


def test_only_a_ladder_hoisted_into_a_courtyard_is_climbed_from_the_rampart() -> None:
    # §7.1.10 « Attaquer du rempart vers la cour intérieure via une échelle »: a ladder still against the outer wall
    # is not a way down into the courtyard
    raised = _movement(besiegers(ORC, "W3", 6), ladders=(Ladder("L1", "W3"),))
    assert all("ladder:L1" not in o.targets for o in _entries(raised, "move", "W3"))
    hoisted = _movement(besiegers(ORC, "W3", 6), ladders=(Ladder("L1", "W3", courtyard="C2"),))
    (down,) = [o for o in _entries(hoisted, "move", "W3") if "ladder:L1" in o.targets]
    assert (down.targets, down.most) == (("ladder:L1",), 4)  # §2.1.1: 4 a turn
    _accepted(hoisted, down)
    below = apply(hoisted, a.Move(tuple(ids("a", 4)), "ladder:L1"), DICE).state
    assert below.turn_log.moved >= set(ids("a", 4))
    onto = replace(below, turn_log=replace(below.turn_log, moved=frozenset()))
    assert [o.targets for o in _entries(onto, "move", "ladder:L1")] == [("C2",)]
    # the besieged go down by their stairs: the hoisted ladder is the besieger's attack (docs/rule-readings)
    defenders = _movement(besieged(MAN, "W3", 2), active=Side.BESIEGED, ladders=(Ladder("L1", "W3", courtyard="C2"),))
    assert all("ladder:L1" not in o.targets for o in _entries(defenders, "move", "W3"))
    assert problems(defenders, a.Move(("d1",), "ladder:L1"))[0].clause == "§7.1.10"


def test_climbers_wait_for_the_push_back_of_their_ladder() -> None:
    # §7.1.5: « Avant de parvenir sur les remparts, l'assiégé a droit à une action pour repousser l'échelle »; R33
    state = _movement(besiegers(ORC, "ladder:L1", 4), besieged(MAN, "W3", 3), ladders=(Ladder("L1", "W3"),))
    assert menu_moves_from(state, "charge", Zone.LADDER) == []
    assert problems(state, a.Charge(tuple(ids("a", 4)), "W3"))[0].clause == "§7.1.5"
    state = apply(state, a.ForgoPushBack("L1"), DICE).state
    (storm,) = menu_moves_from(state, "charge", Zone.LADDER)
    assert (storm.where, storm.targets, storm.most) == ("ladder:L1", ("W3",), 4)
    _accepted(state, storm)


def test_two_courtyard_sections_a_turn() -> None:
    # §2.1.1: « les figurines peuvent se déplacer de deux cases sections en un tour dans une cour intérieure
    # seulement »; §3.1.1: « Dans une cour intérieure, les troupes peuvent charger en traversant 2 sections de cour
    # intérieure »
    state = _movement(besieged(MAN, "C1", 6), active=Side.BESIEGED)
    (move,) = _entries(state, "move", "C1")
    assert move.targets == ("C2", "S1", "C3")
    action = choose(state, move, move.actors, "C3")
    assert action == a.Move(tuple(ids("d", 6)), "C3", "C2")
    after = apply(state, action, DICE).state
    assert {m.place.ref for m in after.models} == {"C3"}
    assert after.turn_log.flow("C1", "C2") == after.turn_log.flow("C2", "C3") == 6
    # a charge two courtyards away goes through a courtyard free of the enemy
    charging = _movement(besieged(MAN, "C1", 6), besiegers(ORC, "C3", 2), active=Side.BESIEGED)
    (charge,) = _entries(charging, "charge", "C1")
    assert charge.targets == ("C3",)
    _accepted(charging, charge)
    held = _movement(besieged(MAN, "C1", 6), besiegers(ORC, "C3", 2), besiegers(ORC, "C2", 1, "c"))
    held = replace(held, active=Side.BESIEGED)
    assert [o.targets for o in _entries(held, "charge", "C1")] == [("C2",)]  # a charge ends where the enemy is


def test_a_belfry_level_takes_as_many_as_its_capacity() -> None:
    # 001 §5, R16: « Un beffroi peut contenir jusqu'à 10 personnages aux niveaux 1 et 2, et 6 au niveau 3, sans
    # compter les 12 personnages pouvant le pousser au sol »: 8 push, 4 of the 9 on the field may join them; 2
    # bowmen are on level 3, 4 of the 6 on level 2 may climb there
    setup = belfry_setup(distance=6)
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *besiegers(ORC, "field:E", 9, "t")))))
    (board,) = _entries(state, "climb_belfry", "field")
    assert (board.actors, board.targets, board.most) == (tuple(ids("t", 9)), ("belfry:ST1.0",), 4)
    up = [(o.targets, o.most) for o in _entries(state, "climb_belfry", "belfry:ST1.2")]
    assert up == [(("belfry:ST1.1",), 6), (("belfry:ST1.3",), 4)]
    for option in [*_entries(state, "climb_belfry", "field"), *_entries(state, "climb_belfry", "belfry:ST1.2")]:
        _accepted(state, option)


def test_the_drawbridge_is_crossed_both_ways_and_level_0_left_for_the_field() -> None:
    # 001 §8: « Passer d'un pont-levis à un rempart (ou vice versa) coûte 2 PM »: stormers on W3 may step back onto
    # level 2; 001 §5: the pushers step off level 0 onto the ground it stands on, or back to their comrades on the
    # field
    setup = belfry_setup(distance=1)
    state = _to_besieger_movement(start(replace(setup, models=(*setup.models, *besiegers(ORC, "field:E", 2, "t")))))
    state = replace(state, belfries=(replace(state.belfry("ST1"), bridge=Bridge.DOWN),))
    state = replace(
        state, models=tuple(replace(m, place=Place.parse("T4")) if m.id in ("d1", "e1") else m for m in state.models)
    )
    state = apply(state, a.Move(("s1", "s2"), "W3"), DICE).state
    state = replace(state, turn_log=replace(state.turn_log, moved=frozenset(), belfry_steps=()))
    (back,) = _entries(state, "move", "W3")
    assert (back.actors, back.targets) == (("s1", "s2"), ("belfry:ST1.2",))
    _accepted(state, back)
    off = {t for o in _entries(state, "climb_belfry", "belfry:ST1.0") for t in o.targets if t.startswith("field:")}
    assert off == {"field:ST1", "field:E"}


def test_a_belfry_is_climbed_from_the_ground_only_while_it_stands_still() -> None:
    # 001 §1.2: going up from the ground needs the belfry stood still this turn
    state = _to_besieger_movement(start(belfry_setup(distance=6)))
    assert any("belfry:ST1.1" in o.targets for o in _entries(state, "climb_belfry", "belfry:ST1.0"))
    moved = apply(state, a.PushBelfry("ST1", "forward", 1), DICE).state
    assert all("belfry:ST1.1" not in o.targets for o in _entries(moved, "climb_belfry", "belfry:ST1.0"))
    for option in _entries(moved, "climb_belfry", "belfry:ST1.0"):
        _accepted(moved, option)


def test_a_belfry_with_removable_ladders_is_not_climbed_before_its_ladder_is_set_up() -> None:
    # 001 §1.2
    setup = belfry_setup(distance=6)
    state = _to_besieger_movement(start(replace(setup, belfries=(replace(setup.belfries[0], fixed_ladders=False),))))
    assert all("belfry:ST1.1" not in o.targets for o in _entries(state, "climb_belfry", "belfry:ST1.0"))


def test_a_war_machine_neither_climbs_a_ladder_nor_boards_a_siege_tower() -> None:
    # §5.6, §5.7: a war machine shoots « depuis l'extérieur » from where it stands, served by its crew: it is no
    # climber (WS 0, it strikes nobody, §3.2.1) and takes no place in a siege tower's crew (§7.3.1)
    state = _movement(
        besiegers(ORC, "foot:W3", 2),
        besiegers(CATAPULT, "foot:W3", 1, "m"),
        besieged(MAN, "T4", 1),
        ladders=(Ladder("L1", "W3"),),
        towers=(SiegeTower("ST1", "W3"),),
    )
    for option in _entries(state, "move", "foot:W3"):
        assert "m1" not in option.actors, option
        _accepted(state, option)
    assert problems(state, a.Move(("m1",), "ladder:L1"))[0].clause == "§5.7"
    assert problems(state, a.Move(("m1",), "siege_tower:ST1"))[0].clause == "§5.7"


def test_a_war_machine_never_enters_the_fort() -> None:
    # §5.7: the war machines shoot « sur les remparts et tours du château » from outside: through the broken main
    # gate the orcs go in, the catapult beside them is not offered the way and is refused it
    state = _movement(besiegers(ORC, "foot:C1", 2), besiegers(CATAPULT, "foot:C1", 1, "m"), besieged(MAN, "T4", 1))
    state = replace(state, gates=tuple(replace(g, structure_points=0) if g.id == "G1" else g for g in state.gates))
    (gate,) = _entries(state, "move", "foot:C1")
    assert (gate.actors, gate.targets) == (("a1", "a2"), ("C1",))
    _accepted(state, gate)
    assert problems(state, a.Move(("m1",), "C1"))[0].clause == "§5.7"
