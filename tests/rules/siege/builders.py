"""Small battles for the siege engine tests, on the standard 1500-point fort.

Ring: T1 W1 T2 W2 T3 W3 T4 W4 (wall connections, 10); courtyards C1–C2–C3 (20); stairs S1 from C1 to W1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Fire, Ladder, Liquid, MineGoal, Ram, SiegeTower
from rules.siege.board.fort import Connection, ConnectionKind, FortLayout, standard_fort
from rules.siege.board.profiles import Creature, Missile, Profile, Special, TroopType
from rules.siege.board.state import (
    BattleState,
    CombatResult,
    IllegalAction,
    Model,
    Phase,
    Place,
    Side,
    TurnLog,
    end_turn,
    new_battle,
)
from rules.siege.chapters import ladders, mining, rams
from rules.siege.chapters.gates import gate_statuses
from rules.siege.chapters.structure import main_gate_wall
from rules.siege.game import Option, apply, choose, menu_options, problems

FORT = standard_fort(1500)
MAN = Profile("Man", ws=3, s=3, t=3, i=3, ld=7, points=5)
ORC = Profile("Orc", ws=3, s=3, t=4, i=2, ld=7, points=6)
ARCHER = Profile("Archer", ws=3, bs=3, t=3, ld=7, points=8, missile=Missile("bow", 3))
KNIGHT = Profile("Knight", ws=4, s=4, t=3, ld=8, save=2, unit_strength=2, points=25, troop_type=TroopType.CAVALRY)
CATAPULT = Profile("Catapult", ws=0, bs=0, s=0, t=7, w=3, points=80, troop_type=TroopType.WAR_MACHINE)


def large(
    name: str, creature: Creature, rule: Special, troop_type: TroopType = TroopType.MONSTER, **stats: int
) -> Profile:
    """A large creature (§12.1) that causes ``rule``, fear or terror."""
    return Profile(name, creature=creature, troop_type=troop_type, rules=frozenset({rule}), **stats)


GIANT = large("Giant", Creature.GIANT, Special.TERROR, ws=3, s=7, t=5, w=6, a=5, ld=10, unit_strength=6)
TREEMAN = large("Treeman", Creature.TREEMAN, Special.TERROR, ws=5, s=6, t=6, w=6, a=4, ld=8, unit_strength=6)
OGRE = large(
    "Ogre", Creature.OGRE, Special.FEAR, TroopType.INFANTRY, ws=3, s=4, t=4, w=3, a=3, i=2, ld=7, unit_strength=3
)
CENTAUR = Profile("Centaur", ws=4, s=4, t=4, w=2, unit_strength=2, rules=frozenset({Special.CENTAUROID}))
HARPY = Profile("Harpy", ws=3, s=3, t=3, rules=frozenset({Special.FLYER}))
GHOST = Profile("Ghost", ws=3, s=3, t=3, w=2, rules=frozenset({Special.ETHEREAL}))


def with_rules(profile: Profile, *rules: Special, name: str | None = None) -> Profile:
    return replace(profile, name=name or f"{profile.name} ({', '.join(rules)})", rules=profile.rules | set(rules))


SAPPER = with_rules(MAN, Special.SAPPER, name="Dwarf sapper")
"""A model of sapper troops (§10.4)."""


def squad(side: Side, profile: Profile, place: str, count: int, prefix: str, unit: str | None = None) -> list[Model]:
    return [Model(f"{prefix}{n}", side, profile, Place.parse(place), unit or prefix) for n in range(1, count + 1)]


def besiegers(profile: Profile, place: str, count: int, prefix: str = "a", unit: str | None = None) -> list[Model]:
    return squad(Side.BESIEGER, profile, place, count, prefix, unit)


def besieged(profile: Profile, place: str, count: int, prefix: str = "d", unit: str | None = None) -> list[Model]:
    return squad(Side.BESIEGED, profile, place, count, prefix, unit)


def battle(
    *groups: Iterable[Model],
    active: Side = Side.BESIEGER,
    ladders: Sequence[Ladder] = (Ladder("L1", "W3"), Ladder("L2", "W3")),
    towers: Sequence[SiegeTower] = (SiegeTower("ST1", "W2"),),
    results: Sequence[CombatResult] = (),
    log: TurnLog | None = None,
    magic_protection: bool = True,
) -> BattleState:
    state = new_battle(
        FORT,
        [m for group in groups for m in group],
        ladders=ladders,
        siege_towers=towers,
        gates=gate_statuses(FORT),
        magic_protection=magic_protection,
    )
    return replace(state, active=active, first=active, results=tuple(results), turn_log=log or TurnLog())


def lost(section: str, loser: Side, by: int = 1) -> CombatResult:
    """A combat on ``section`` that ``loser`` lost by ``by``, waiting for its reaction."""
    winner = loser.enemy
    scores = {winner: by, loser: 0}
    return CombatResult(section, scores[Side.BESIEGER], scores[Side.BESIEGED], winner)


def set_up(state: BattleState, dice: Dice | None = None) -> BattleState:
    """``state`` once each side has ended its own part of the set-up as it stands (§16): the besieged's walls, the
    besieger's field, the besieged's courtyards; the besieged's first turn begins."""
    from rules.siege.actions import EndPhase
    from rules.siege.game import apply

    rolled = Dice(seed=1) if dice is None else dice
    while state.phase is Phase.SETUP:
        state = apply(state, EndPhase(), rolled).state
    return state


def dice(*values: int) -> Dice:
    """Dice that roll ``values`` in order, as if typed in from the table; further rolls are seeded."""
    rolled = Dice(seed=0)
    rolled.supply(values)
    return rolled


def fleeing(state: BattleState, *ids: str) -> BattleState:
    """The state with models ``ids`` fleeing."""
    return state.with_models({i: replace(state.model(i), fleeing=True) for i in ids})


def next_turn(state: BattleState) -> BattleState:
    """The same side's next player turn, the other side having played in between (its turn log is fresh)."""
    return end_turn(end_turn(state))


def refused(action: Callable[[], object], clause: str) -> None:
    """``action`` is refused, and for the rule ``clause``."""
    with pytest.raises(IllegalAction) as error:
        action()
    assert error.value.clause == clause


def ids(prefix: str, count: int) -> list[str]:
    """The ids ``squad`` gives ``count`` models under ``prefix``: ``a1``, ``a2``…"""
    return [f"{prefix}{n}" for n in range(1, count + 1)]


STRONG = replace(ORC, name="Strong orc", s=4)


def ram_at_the_main_gate(carriers: int = 6, covered: bool = False) -> BattleState:
    state = battle(besiegers(STRONG, "foot:C1", carriers, "r"), besieged(MAN, "C1", 2))
    state = replace(state, rams=(Ram("R1", covered=covered),))
    state = rams.carry_ram(state, "R1", [f"r{n}" for n in range(1, carriers + 1)])
    return rams.bring_ram(state, "R1", "G1")


def problem_clauses(state: BattleState, action: a.Action) -> list[str]:
    return [r.clause for r in problems(state, action)]


RAMPARTS = ("T1", "W1", "T2", "W2", "T3", "W3", "T4", "W4")


def options_named(state: BattleState, name: str) -> list[Option]:
    return menu_options(state, name)


def play_default(state: BattleState, option: Option, rolled: Dice) -> BattleState:
    actors, target = option.default()
    return apply(state, choose(state, option, actors, target), rolled).state


def besiegers_movement_with_braziers(
    state: BattleState, *braziers: tuple[str, tuple[Liquid | None, ...]]
) -> BattleState:
    """``state`` at the end of the besieger's movement, the besieged's braziers on their sections (§8.2.1)."""
    state = replace(state, phase=Phase.MOVEMENT, active=Side.BESIEGER)
    for section, liquids in braziers:
        state = state.with_works(replace(state.works_of(section), braziers=liquids))
    return state


GATE_WALL = main_gate_wall(battle(), "G1")


def gate_ablaze(*liquids: Liquid) -> BattleState:
    state = battle(besieged(MAN, GATE_WALL, 3), besieged(MAN, "W3", 2, "x"))
    state = besiegers_movement_with_braziers(state, (GATE_WALL, liquids), ("W3", liquids))
    return replace(state, fires=(Fire("gate:G1"),))


def burning_gate_with_braziers(liquid: Liquid) -> BattleState:
    wall = main_gate_wall(battle(), "G1")
    state = battle(besieged(MAN, wall, 2), besieged(MAN, "W3", 2, "x"), besiegers(ORC, f"foot:{wall}", 1))
    state = replace(state, fires=(Fire("gate:G1"),))
    for section in (wall, "W3"):
        state = state.with_works(replace(state.works_of(section), braziers=(liquid,)))
    return state


def with_service_door(fort: FortLayout) -> FortLayout:
    return replace(fort, connections=(*fort.connections, Connection("C1", "C3", ConnectionKind.SERVICE_DOOR)))


def gate_battle(blocker: object = MAN) -> BattleState:
    assert blocker is MAN or blocker is OGRE
    return battle(
        besieged(MAN if blocker is MAN else OGRE, "C1", 2), besiegers(ORC, "foot:C3", 3, "f"), active=Side.BESIEGER
    )


def crewed_siege_tower(crew: int) -> BattleState:
    state = battle(besiegers(ORC, "siege_tower:ST1", crew, "t"), towers=(SiegeTower("ST1", None),))
    return state.with_siege_tower(SiegeTower("ST1", None, crew=tuple(f"t{n}" for n in range(1, crew + 1))))


def walls_with_defences(*extra: object) -> BattleState:
    state = battle(besieged(MAN, "W3", 4), besiegers(ORC, "foot:W3", 3, "f"), besiegers(ORC, "W1", 1, "w"))
    return state.with_works(replace(state.works_of("W3"), stones=1, rocks=1, braziers=(Liquid.OIL, Liquid.WATER)))


def ladder_picked_up(count: int = 4) -> BattleState:
    state = battle(besiegers(ORC, "foot:W3", count, "c"), besieged(MAN, "W3", 3), ladders=())
    state = replace(state, ladders=(Ladder("L1", "W3", raised=False),))
    return ladders.pick_up_ladder(state, "L1", [f"c{n}" for n in range(1, count + 1)])


def mine_started(goal: MineGoal = MineGoal.FOUNDATIONS) -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"), besieged(MAN, "C2", 8))
    return mining.start_mine(state, goal, [f"s{n}" for n in range(1, 7)])


HERO = with_rules(MAN, Special.CHARACTER, name="Captain")


CANNON = replace(MAN, name="Cannon", troop_type=TroopType.WAR_MACHINE)
