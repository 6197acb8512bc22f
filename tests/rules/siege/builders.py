"""Small battles for the siege engine tests, on the standard 1500-point fort.

Ring: T1 W1 T2 W2 T3 W3 T4 W4 (wall connections, 10); courtyards C1–C2–C3 (20); stairs S1 from C1 to W1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege.fort import standard_fort
from rules.siege.gates import gate_statuses
from rules.siege.profiles import Creature, Missile, Profile, Special, TroopType
from rules.siege.state import (
    BattleState,
    CombatResult,
    IllegalAction,
    Ladder,
    Model,
    Phase,
    Place,
    Side,
    SiegeTower,
    TurnLog,
    end_turn,
    new_battle,
)

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
