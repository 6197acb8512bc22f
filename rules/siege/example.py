"""A scripted example battle: a fort for 1500 points, two ladders and a siege tower against its east side, a
covered ram at the main gate, a catapult battering a tower, a mine under the north wall and a brazier of boiling
oil, three game turns, the besieged playing first (§16). Every step is an action played through
:func:`rules.siege.game.apply`, so the battle is its own log and replays exactly, and the web app can show it as a
demo.

>>> state, events, battle = example_battle(seed=1500)
>>> state.turn, len(battle.entries) > 50
(4, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.siege.actions import (
    Action,
    Bombard,
    BringRam,
    CarryRam,
    Dig,
    EndPhase,
    EndTurn,
    ErectLadder,
    Fight,
    ForgoPushBack,
    Hold,
    Move,
    PlaceBraziers,
    Pour,
    PushBack,
    Rally,
    Retreat,
    StartMine,
    UseRam,
)
from rules.siege.battle import Battle, Setup, play, start
from rules.siege.board.engines import Liquid, MineGoal, Ram
from rules.siege.board.fort import standard_fort
from rules.siege.board.obligations import pending
from rules.siege.board.profiles import Missile, Profile, Special, TroopType, Weapon
from rules.siege.board.state import (
    BattleState,
    Event,
    Ladder,
    Model,
    Phase,
    Place,
    Side,
    SiegeTower,
    Zone,
    quota,
)
from rules.siege.chapters.ladders import MAX_HELPERS, MIN_CLIMBERS, push_back_pending
from rules.siege.chapters.melee import MAX_GANG_UP
from rules.siege.chapters.morale import RALLY_ENEMY_UNIT_STRENGTH
from rules.siege.chapters.movement import LADDER_A_TURN, SIEGE_TOWER_A_TURN
from rules.siege.game import problems
from rules.siege.menus.legal import CATAPULT, choose

__all__ = ["EXAMPLE_SEED", "TURNS", "example_battle", "example_setup", "example_start"]

EXAMPLE_SEED = 1500
TURNS = 3
ASSAULTED = "W3"
TOWER_TARGET = "W2"
GATE_COURTYARD = "C1"
UNDERMINED = "W4"
BATTERED = "T3"

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

CATAPULT_CREW = Profile("Catapult", ws=0, bs=0, s=0, t=7, w=3, points=80, troop_type=TroopType.WAR_MACHINE)
"""A war machine on the field (§5.7): it bombards as the seed's catapult (:data:`rules.siege.menus.legal.CATAPULT`)."""


def _squad(side: Side, profile: Profile, place: str, count: int, prefix: str, unit: str) -> list[Model]:
    return [Model(f"{prefix}{n}", side, profile, Place.parse(place), unit) for n in range(1, count + 1)]


def example_setup() -> Setup:
    """The armies as deployed: the defenders on the east wall and in reserve, the assault already at the walls."""
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
        *_squad(Side.BESIEGER, CATAPULT_CREW, "field:outside", 1, "cat", "Catapult"),
    ]
    return Setup(
        standard_fort(1500),
        (*besieged, *besiegers),
        ladders=(Ladder("L1", ASSAULTED), Ladder("L2", ASSAULTED)),
        siege_towers=(SiegeTower("ST1", TOWER_TARGET),),
        rams=(Ram("R1", covered=True),),
        budgets=((Side.BESIEGED, 0, 1500),),
        purchases=((Side.BESIEGED, "brazier_oil"),),  # §14.2: the oil brazier the set-up places (§8.2.1)
    )


_PREPARATIONS: tuple[Action, ...] = (
    EndPhase(),
    CarryRam("R1", tuple(f"ram{n}" for n in range(1, 7))),
    BringRam("R1", "G1"),
    StartMine(MineGoal.FOUNDATIONS, tuple(f"sap{n}" for n in range(1, 7))),
    EndPhase(),
    PlaceBraziers(ASSAULTED, (Liquid.OIL,)),
    EndPhase(),
)
"""The set-up's own steps, each side in its part (§16): the besieged's walls as they stand; the besieger's ram crew
takes up the ram at the main gate and his sappers go under; the besieged's brazier of oil on the assaulted wall
(§7.2.1, §10.1, §8.2.1).
"""


def example_start() -> BattleState:
    """The position in the set-up, before the preparations."""
    return start(example_setup())


@dataclass
class _Play:
    battle: Battle
    state: BattleState
    events: list[Event]

    def act(self, action: Action) -> None:
        self.battle, result = play(self.battle, action, state=self.state)
        self.state = result.state
        self.events.extend(result.events)
        self.settle(ending=False)

    def settle(self, *, ending: bool) -> None:
        """Answer what the rules make a side settle, as the menu's first option offers it: a charge at once, every
        shooter of the charged standing and shooting (§3.1.2); before a step ends, the panic tests and the flights
        it owes (§4.1, §3.3.3)."""
        while True:
            due = [o for o in pending(self.state) if ending or o.what == "charge_reaction"]
            if not due:
                return
            option = due[0].options[0]
            self.act(choose(self.state, option, *option.default()))

    def step_to(self, phase: Phase) -> None:
        while self.state.phase is not phase:
            self.settle(ending=True)
            self.act(EndPhase())


def _siege_works(play: _Play) -> None:
    """The besieger's mine digs before he moves (§10.3)."""
    mine = play.state.mine
    if mine is not None and not mine.finished:
        play.act(Dig(section=UNDERMINED))


def _catapult(play: _Play) -> None:
    """The catapult batters tower T3 (§5.7, §5.9)."""
    if not play.state.works_of(BATTERED).collapsed:
        play.act(Bombard(BATTERED, *CATAPULT, machine="cat1"))


def _boiling_oil(play: _Play) -> None:
    """At the end of the besieger's movement the defenders of the assaulted wall pour their oil on the foot
    (§8.2.2, §8.2.5).
    """
    state = play.state
    if Liquid.OIL not in state.works_of(ASSAULTED).braziers or state.works_of(ASSAULTED).silenced:
        return
    pourers = tuple(m.id for m in _free(state, ASSAULTED, Side.BESIEGED) if not state.in_contact(m.id))[:2]
    targets = tuple(m.id for m in state.at(Place(Zone.FOOT, ASSAULTED), Side.BESIEGER))[:4]
    if len(pourers) == 2 and targets:
        play.act(Pour(ASSAULTED, Liquid.OIL, pourers, targets))


def _ram(play: _Play) -> None:
    if play.state.ram("R1").gate is not None and play.state.gate("G1").structure_points > 0:
        play.act(UseRam("R1"))


def _free(state: BattleState, place: Place | str, side: Side) -> list[Model]:
    log = state.turn_log
    return [m for m in state.at(place, side) if not m.fleeing and m.id not in log.moved and m.id not in log.rallied]


def _room(state: BattleState, section: str, side: Side) -> int:
    return quota(state.fort.section(section).kind) - state.occupancy(section, side)


def _ids(models: list[Model]) -> tuple[str, ...]:
    return tuple(m.id for m in models)


def _besieger_moves(play: _Play) -> None:
    for ladder in play.state.ladders:
        # §7.1.6: a ladder pushed back last turn is raised again by those at its foot, up to four climbing it
        foot = _free(play.state, Place(Zone.FOOT, ladder.section), Side.BESIEGER)
        if not ladder.raised and len(foot) >= MIN_CLIMBERS:
            play.act(ErectLadder(ladder.id, ladder.section, _ids(foot[:LADDER_A_TURN])))
    state = play.state
    for tower in state.siege_towers:
        if tower.section is None:
            continue
        inside = _free(play.state, Place(Zone.SIEGE_TOWER, tower.id), Side.BESIEGER)
        room = min(SIEGE_TOWER_A_TURN, _room(play.state, tower.section, Side.BESIEGER))
        if inside[:room]:
            play.act(Move(_ids(inside[:room]), tower.section))
    for ladder in play.state.ladders:
        foot = _free(play.state, Place(Zone.FOOT, ladder.section), Side.BESIEGER)
        room = LADDER_A_TURN - play.state.occupancy(Place(Zone.LADDER, ladder.id), Side.BESIEGER)
        if foot and room > 0 and ladder.raised:
            play.act(Move(_ids(foot[:room]), f"ladder:{ladder.id}"))


def _ladder_assaults(play: _Play) -> None:
    """At the end of the besieger's movement the besieged try to push each ladder back, up to three of them; the
    climbers of a ladder still standing then reach the rampart (§7.1.5, §7.1.6).
    """
    for ladder_id in [x.id for x in play.state.ladders]:
        ladder = play.state.ladder(ladder_id)
        if push_back_pending(play.state, ladder_id):
            log = play.state.turn_log
            free = _free(play.state, ladder.section, Side.BESIEGED)
            pushers = [m.id for m in free if not play.state.in_contact(m.id) and m.id not in log.defenders]
            play.act(PushBack(ladder_id, tuple(pushers[: MAX_HELPERS + 1])) if pushers else ForgoPushBack(ladder_id))
        if not play.state.ladder(ladder_id).raised:
            continue
        # the room left on the wall after the climbers of the ladders before this one (§1.7)
        climbers = _free(play.state, Place(Zone.LADDER, ladder_id), Side.BESIEGER)[
            : _room(play.state, ladder.section, Side.BESIEGER)
        ]
        if climbers:
            play.act(Move(_ids(climbers), ladder.section))


def _besieged_moves(play: _Play) -> None:
    """The reserve marches from C2 to C1, then up the stairs to the wall-walk W1 and along to the fight."""
    for origin, destination in (("S1", "W1"), ("C1", "S1"), ("C2", "C1")):
        group = _free(play.state, origin, Side.BESIEGED)
        room = min(_room(play.state, destination, Side.BESIEGED), play.state.fort.capacity(origin, destination))
        if group[:room] and not play.state.at(origin, Side.BESIEGER):
            play.act(Move(_ids(group[:room]), destination))


def _pairs(state: BattleState, section: str) -> tuple[tuple[str, str], ...]:
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
    return tuple(pairs)


def _aftermath(play: _Play, section: str) -> None:
    result = play.state.result(section)
    if result is None or result.loser_to_react is None:
        return
    places = list(play.state.fort.neighbours(section))
    places += [f"ladder:{ladder.id}" for ladder in play.state.ladders if ladder.section == section]
    places += [f"siege_tower:{t.id}" for t in play.state.siege_towers if t.section == section]
    for place in places:
        if not problems(play.state, Retreat(section, place)):
            play.act(Retreat(section, place))
            return
    play.act(Hold(section))


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
            play.act(Fight(section, pairs, second=second))
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
        play.act(Rally(section))


def _player_turn(play: _Play) -> None:
    besieger = play.state.active is Side.BESIEGER
    if besieger:
        _siege_works(play)
    play.step_to(Phase.MOVEMENT)
    _rallies(play)
    if besieger:
        _besieger_moves(play)
        _boiling_oil(play)
        _ladder_assaults(play)
    else:
        _besieged_moves(play)
    play.step_to(Phase.SHOOTING)
    if besieger:
        _catapult(play)
    play.step_to(Phase.CLOSE_COMBAT)
    if besieger:
        _ram(play)
    _combats(play)
    play.settle(ending=True)
    play.act(EndTurn())


def example_battle(seed: int = EXAMPLE_SEED) -> tuple[BattleState, tuple[Event, ...], Battle]:
    """Play the example battle with dice seeded ``seed``; returns the final state, every event and the battle as
    its log (which :func:`rules.siege.battle.replay` replays).
    """
    setup = example_setup()
    play_ = _Play(Battle(setup, seed), start(setup), [])
    for action in _PREPARATIONS:
        play_.act(action)
    for _ in range(2 * TURNS):
        _player_turn(play_)
    return play_.state, tuple(play_.events), play_.battle
