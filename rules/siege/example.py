"""A scripted example battle: a fort for 1500 points, two ladders and a siege tower against its east side, a
covered ram at the main gate, a catapult battering a tower, a mine under the north wall and a brazier of boiling
oil, three game turns. It replays exactly from its seed or from its roll log, so the web app can show it as a demo.

>>> state, events, dice = example_battle(seed=1500)
>>> state.turn
4
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from rules.dice import Dice
from rules.siege.costs import buy
from rules.siege.defences import place_braziers, pour_brazier
from rules.siege.engines import Budget, Liquid, MineGoal, Ram
from rules.siege.fort import standard_fort
from rules.siege.game_length import end_player_turn
from rules.siege.gates import gate_statuses
from rules.siege.ladders import (
    MAX_HELPERS,
    MIN_CLIMBERS,
    erect_ladder,
    forgo_push_back,
    push_back,
    push_back_pending,
)
from rules.siege.melee import MAX_GANG_UP, fight
from rules.siege.mining import dig, start_mine
from rules.siege.morale import RALLY_ENEMY_UNIT_STRENGTH, hold, rally, retreat, retreat_problem
from rules.siege.movement import LADDER_A_TURN, SIEGE_TOWER_A_TURN, move
from rules.siege.profiles import Missile, Profile, Special, Weapon
from rules.siege.rams import bring_ram, carry_ram, use_ram
from rules.siege.shooting import bombard
from rules.siege.state import (
    BattleState,
    Event,
    Ladder,
    Model,
    Outcome,
    Place,
    Side,
    SiegeTower,
    Zone,
    new_battle,
    quota,
)

__all__ = ["EXAMPLE_SEED", "TURNS", "example_battle", "example_start"]

EXAMPLE_SEED = 1500
TURNS = 3
ASSAULTED = "W3"
TOWER_TARGET = "W2"
GATE_COURTYARD = "C1"
UNDERMINED = "W4"
BATTERED = "T3"
CATAPULT = (7, "D4")
"""The seed's own example: a catapult of strength 7 doing D4 damage (§5.9)."""

HALBERDIER = Profile("Halberdier", ws=3, s=3, t=3, i=3, ld=7, save=6, points=6, weapon=Weapon.HALBERD)
CROSSBOWMAN = Profile("Crossbowman", ws=3, bs=3, t=3, ld=7, points=8, missile=Missile("crossbow", 4))
SERGEANT = Profile(
    "Sergeant with standard", ws=3, t=3, ld=7, save=5, shield=True, points=16, rules=frozenset({Special.STANDARD})
)
CAPTAIN = Profile(
    "Captain", ws=5, s=4, t=4, w=2, i=5, a=3, ld=8, save=4, shield=True, points=60, rules=frozenset({Special.CHARACTER})
)
ORC = Profile("Orc boy", ws=3, s=3, t=4, i=2, ld=7, save=5, shield=True, points=6)
BIG_UN = Profile(
    "Big 'un", ws=4, s=4, t=4, i=2, ld=7, save=5, shield=True, points=8, weapon=Weapon.ADDITIONAL_HAND_WEAPON
)
BOSS = Profile(
    "Orc boss",
    ws=5,
    s=5,
    t=5,
    w=2,
    i=3,
    a=3,
    ld=8,
    save=4,
    shield=True,
    points=55,
    rules=frozenset({Special.CHARACTER}),
)


def _squad(side: Side, profile: Profile, place: str, count: int, prefix: str, unit: str) -> list[Model]:
    return [Model(f"{prefix}{n}", side, profile, Place.parse(place), unit) for n in range(1, count + 1)]


def example_start() -> BattleState:
    """The position before the besieger's first turn."""
    fort = standard_fort(1500)
    besieged = [
        *_squad(Side.BESIEGED, HALBERDIER, ASSAULTED, 7, "h", "Halberdiers"),
        *_squad(Side.BESIEGED, SERGEANT, ASSAULTED, 1, "sgt", "Halberdiers"),
        *_squad(Side.BESIEGED, CROSSBOWMAN, ASSAULTED, 3, "xb", "Crossbowmen"),
        *_squad(Side.BESIEGED, CAPTAIN, ASSAULTED, 1, "cpt", "Captain"),
        *_squad(Side.BESIEGED, HALBERDIER, TOWER_TARGET, 6, "g", "Gate guard"),
        *_squad(Side.BESIEGED, HALBERDIER, "C2", 10, "r", "Reserve"),
    ]
    besiegers = [
        *_squad(Side.BESIEGER, ORC, "ladder:L1", 4, "a", "Boyz"),
        *_squad(Side.BESIEGER, ORC, "ladder:L2", 4, "b", "Boyz"),
        *_squad(Side.BESIEGER, ORC, f"foot:{ASSAULTED}", 12, "c", "Boyz"),
        *_squad(Side.BESIEGER, BIG_UN, "siege_tower:ST1", 9, "u", "Big 'uns"),
        *_squad(Side.BESIEGER, BOSS, "siege_tower:ST1", 1, "boss", "Boss"),
        *_squad(Side.BESIEGER, ORC, f"foot:{GATE_COURTYARD}", 6, "ram", "Ram crew"),
        *_squad(Side.BESIEGER, ORC, "foot:W4", 6, "sap", "Sappers"),
    ]
    state = new_battle(
        fort,
        [*besieged, *besiegers],
        ladders=(Ladder("L1", ASSAULTED), Ladder("L2", ASSAULTED)),
        siege_towers=(SiegeTower("ST1", TOWER_TARGET),),
        gates=gate_statuses(fort),
        rams=(Ram("R1", covered=True),),
    )
    state = bring_ram(carry_ram(state, "R1", [f"ram{n}" for n in range(1, 7)]), "R1", "G1")
    state = buy(replace(state, budgets=((Side.BESIEGED, Budget(0, 1500)),)), Side.BESIEGED, "brazier_oil")
    state = place_braziers(state, ASSAULTED, [Liquid.OIL])
    return start_mine(state, MineGoal.FOUNDATIONS, [f"sap{n}" for n in range(1, 7)])


def _siege_works(play: _Play) -> None:
    """The besieger's mine digs before he moves (§10.3); the catapult batters tower T3 (§5.7, §5.9)."""
    mine = play.state.mine
    if mine is not None and not mine.finished:
        play.apply(dig(play.state, play.dice, section=UNDERMINED))
    if not play.state.works_of(BATTERED).collapsed:
        play.apply(bombard(play.state, BATTERED, *CATAPULT, play.dice))


def _boiling_oil(play: _Play) -> None:
    """At the end of the besieger's movement the defenders of the assaulted wall pour their oil on the foot
    (§8.2.2, §8.2.5).
    """
    state = play.state
    if Liquid.OIL not in state.works_of(ASSAULTED).braziers or state.works_of(ASSAULTED).silenced:
        return
    pourers = [m.id for m in _free(state, ASSAULTED, Side.BESIEGED) if not state.in_contact(m.id)][:2]
    targets = [m.id for m in state.at(Place(Zone.FOOT, ASSAULTED), Side.BESIEGER)][:4]
    if len(pourers) == 2 and targets:
        play.apply(pour_brazier(state, ASSAULTED, Liquid.OIL, pourers, targets, play.dice))


def _ram(play: _Play) -> None:
    if play.state.ram("R1").gate is not None and play.state.gate("G1").structure_points > 0:
        play.apply(use_ram(play.state, "R1", play.dice))


@dataclass
class _Play:
    state: BattleState
    dice: Dice
    events: list[Event]

    def apply(self, result: Outcome) -> None:
        self.state = result.state
        self.events.extend(result.events)


def _free(state: BattleState, place: Place | str, side: Side) -> list[Model]:
    log = state.turn_log
    return [m for m in state.at(place, side) if not m.fleeing and m.id not in log.moved and m.id not in log.rallied]


def _room(state: BattleState, section: str, side: Side) -> int:
    return quota(state.fort.section(section).kind) - state.occupancy(section, side)


def _ladder_assaults(play: _Play) -> None:
    """At the end of the besieger's movement the besieged try to push each ladder back, up to three of them; the
    climbers of a ladder still standing then reach the rampart (§7.1.5, §7.1.6).
    """
    for ladder_id in [x.id for x in play.state.ladders]:
        ladder = play.state.ladder(ladder_id)
        if push_back_pending(play.state, ladder_id):
            free = _free(play.state, ladder.section, Side.BESIEGED)
            log = play.state.turn_log
            pushers = [m.id for m in free if not play.state.in_contact(m.id) and m.id not in log.defenders]
            if pushers:
                play.apply(push_back(play.state, ladder_id, pushers[: MAX_HELPERS + 1], play.dice))
            else:
                play.state = forgo_push_back(play.state, ladder_id)
        if not play.state.ladder(ladder_id).raised:
            continue
        # the room left on the wall after the climbers of the ladders before this one (§1.7)
        climbers = _free(play.state, Place(Zone.LADDER, ladder_id), Side.BESIEGER)[
            : _room(play.state, ladder.section, Side.BESIEGER)
        ]
        if climbers:
            play.apply(move(play.state, [m.id for m in climbers], ladder.section, play.dice))


def _besieger_moves(play: _Play) -> None:
    for ladder in play.state.ladders:
        # §7.1.6: a ladder pushed back last turn is raised again by those at its foot, up to four climbing it
        foot = _free(play.state, Place(Zone.FOOT, ladder.section), Side.BESIEGER)
        if not ladder.raised and len(foot) >= MIN_CLIMBERS:
            climbers = [m.id for m in foot[:LADDER_A_TURN]]
            play.apply(erect_ladder(play.state, ladder.id, ladder.section, climbers))
    state = play.state
    for tower in state.siege_towers:
        if tower.section is None:
            continue
        inside = _free(play.state, Place(Zone.SIEGE_TOWER, tower.id), Side.BESIEGER)
        room = min(SIEGE_TOWER_A_TURN, _room(play.state, tower.section, Side.BESIEGER))
        if inside[:room]:
            play.apply(move(play.state, [m.id for m in inside[:room]], tower.section, play.dice))
    for ladder in play.state.ladders:
        foot = _free(play.state, Place(Zone.FOOT, ladder.section), Side.BESIEGER)
        if not ladder.raised:
            continue
        room = LADDER_A_TURN - play.state.occupancy(Place(Zone.LADDER, ladder.id), Side.BESIEGER)
        if foot and room > 0:
            play.apply(move(play.state, [m.id for m in foot[:room]], f"ladder:{ladder.id}", play.dice))


def _besieged_moves(play: _Play) -> None:
    """The reserve marches from C2 to C1, then up the stairs to the wall-walk W1 and along to the fight."""
    for origin, destination in (("S1", "W1"), ("C1", "S1"), ("C2", "C1")):
        group = _free(play.state, origin, Side.BESIEGED)
        room = min(_room(play.state, destination, Side.BESIEGED), play.state.fort.capacity(origin, destination))
        if group[:room] and not play.state.at(origin, Side.BESIEGER):
            play.apply(move(play.state, [m.id for m in group[:room]], destination, play.dice))


def _pairs(state: BattleState, section: str) -> list[tuple[str, str]]:
    """Every free model of the active side engages, spread over the standing enemies, never more than 4 to 1."""
    side = state.active
    attackers = [m for m in state.at(section, side) if not m.fleeing and m.id not in state.turn_log.rallied]
    standing = [m for m in state.at(section, side.enemy) if not m.fleeing]
    targets = standing or [m for m in state.at(section, side.enemy) if m.fleeing]
    pairs: list[tuple[str, str]] = []
    load = dict.fromkeys((t.id for t in targets), 0)
    for index, attacker in enumerate(attackers):
        target = targets[index % len(targets)] if targets else None
        if target is None:
            break
        if load[target.id] + attacker.profile.ratio > MAX_GANG_UP * target.profile.ratio and load[target.id]:
            continue
        load[target.id] += attacker.profile.ratio
        pairs.append((attacker.id, target.id))
    return pairs


def _aftermath(play: _Play, section: str) -> None:
    result = play.state.result(section)
    if result is None or result.settled or result.loser is None:
        return
    losers = list(play.state.at(section, result.loser))
    places = [Place(Zone.SECTION, n) for n in play.state.fort.neighbours(section)]
    places += [Place(Zone.LADDER, ladder.id) for ladder in play.state.ladders if ladder.section == section]
    places += [Place(Zone.SIEGE_TOWER, t.id) for t in play.state.siege_towers if t.section == section]
    for place in places:
        if retreat_problem(play.state, section, losers, place) is None:
            play.apply(retreat(play.state, section, place, play.dice))
            return
    play.apply(hold(play.state, section, play.dice))


def _combats(play: _Play) -> None:
    for second in (False, True):
        for section in [s.id for s in play.state.fort.sections]:
            pairs = _pairs(play.state, section)
            if not pairs:
                continue
            if second and (
                section not in play.state.turn_log.fought
                or any(play.state.model(a).profile.has(Special.FLYER) for a, _ in pairs)
            ):
                continue
            play.apply(fight(play.state, section, pairs, play.dice, second=second))
            _aftermath(play, section)


def _rallies(play: _Play) -> None:
    side = play.state.active
    for section in [s.id for s in play.state.fort.sections]:
        if not any(m.fleeing for m in play.state.at(section, side)):
            continue
        if play.state.at(section, side.enemy) or any(
            play.state.unit_strength(n, side.enemy) >= RALLY_ENEMY_UNIT_STRENGTH
            for n in play.state.fort.neighbours(section)
        ):
            continue
        play.apply(rally(play.state, section, side, play.dice))


def _turns(play: _Play) -> Iterator[None]:
    for _ in range(2 * TURNS):
        _rallies(play)
        if play.state.active is Side.BESIEGER:
            _siege_works(play)
            _besieger_moves(play)
            _boiling_oil(play)
            _ladder_assaults(play)
            _ram(play)
        else:
            _besieged_moves(play)
        _combats(play)
        play.apply(end_player_turn(play.state, play.dice))
        yield None


def example_battle(seed: int = EXAMPLE_SEED, dice: Dice | None = None) -> tuple[BattleState, tuple[Event, ...], Dice]:
    """Play the example battle with ``dice`` (seeded with ``seed`` unless given, e.g. ``Dice.replay(log)``);
    returns the final state, every event and the dice with their log.
    """
    play = _Play(example_start(), dice if dice is not None else Dice(seed=seed), [])
    for _ in _turns(play):
        pass
    return play.state, tuple(play.events), play.dice
