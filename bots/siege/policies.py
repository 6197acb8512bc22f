"""Simple policies that play both sides of a whole assault to its end (*l'assaut joué de bout en bout*).

Every action a policy plays is one the menu of :func:`rules.siege.menus.legal.menu_options` offers at that moment (its
name, its side, actors and target taken from the option); an action a finer rule refuses
(:class:`~rules.siege.board.state.IllegalAction`) is left and the policy goes on. Each action rolls dice of its own,
seeded from the game's seed and its place in the log (:func:`rules.siege.battle.action_dice`), so a played game is
a battle log that :func:`rules.siege.battle.replay` rebuilds exactly.

**Set-up** (§14, §16). The besieger takes up each ram with the models at the foot of its gate and brings it to the
gate (§7.2.1, §7.2.4) and sends his sappers under the section of his :class:`Orders` (§10.1, foundations). The
besieged places its braziers and allocates its stones and rocks as planned (§8.1.1, §8.2.1), in its last part of
the set-up after the besieger's; each side ends its own part.

**The besieger's turn.**

- *Sappers*: the mine digs under the section of the orders (§10.3).
- *Movement*: fleeing models try to rally (§3.4). Models at the foot of a wall pick up a ladder lying there and
  raise it against its section (§7.1.1, §7.1.3). Troops in a siege tower step onto its section, and those at the
  foot of a ladder climb it, as far as the rules' limits allow (§7.1.5, §7.3.4). Once a gate is down or a wall is
  breached, the models at its foot go in (§6, §5.9). Models inside the fort with no enemy on their section charge
  the neighbouring section the enemy holds with the fewest defenders (§3.1.1). Then the besieged reacts at the end
  of the movement (see below) and the climbers of the ladders still standing step onto the rampart.
- *Shooting*: each war machine bombards its target of the orders as the seed's catapult (§5.7, §5.9).
- *Close combat*: each ram strikes its gate (§7.2.4, R3); every section with both sides fights, each free model
  striking, one on one, then spread over the enemy, at most four to one (§3.2.1); the loser retreats where it may,
  else holds (§3.3.2, R34); the troops left in a siege tower whose section was won come out (§7.3.4).

**The besieged's turn.**

- *Movement*: fleeing models try to rally (§3.4); against a mine, the planned number of courtyard models
  counter-mine (§10.2); two models of a gate's section reinforce a damaged gate (§6.4); models with no enemy on
  their section charge the neighbouring section the besieger holds (§3.1.1).
- *Shooting*: each unit of shooters shoots at the besieger models at the foot of its own section or on its ladders,
  otherwise at the first it may (§5).
- *Close combat*: as the besieger's.

**The besieged at the end of each movement** (§7.1.6, §8.1.2, §8.2.2): the defenders of a section throw a stone,
drop a rock and pour each brazier onto the besieger models below; in the besieger's turn they try to push back
every ladder with a climber on it, up to three pushers (§7.1.6), or let it go.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.fast.members import BESIEGER, CLOSE_COMBAT, END, FOOT, LADDER, SECTION, SIEGE_TOWER
from rules.log import Entry
from rules.siege import actions as a
from rules.siege.battle import action_dice
from rules.siege.board.engines import GateStatus, Liquid, MineGoal, Ram, Works
from rules.siege.board.fort import GateKind
from rules.siege.board.menu_view import war_machines
from rules.siege.board.obligations import pending
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, SetupTurn, Side, Zone
from rules.siege.chapters import rams
from rules.siege.chapters.gates import REINFORCING_MODELS, is_destroyed, starting_points
from rules.siege.chapters.ladders import MAX_CLIMBERS, MAX_HELPERS, MIN_CLIMBERS, push_back_pending
from rules.siege.chapters.melee import pair_off
from rules.siege.game import apply, side_of
from rules.siege.menus.legal import CATAPULT, Option, choose, menu_combat_on, menu_moves_from, menu_options

_END_PHASE, _END_TURN = a.EndPhase(), a.EndTurn()  # values: one of each serves every step and turn

__all__ = ["Game", "Orders", "orders_for", "play_out", "play_setup"]


@dataclass(frozen=True)
class Orders:
    """What the policies need beyond the battle state: each war machine's target (a rampart section or
    ``"gate:G1"``, in the order of the war machine models), the section the sappers undermine, and how many
    besieged models counter-mine (§5.7, §10.1, §10.2).
    """

    machine_targets: tuple[str, ...] = ()
    mine_section: str | None = None
    counter_miners: int = 0
    ammunition: tuple[tuple[str, int, int], ...] = ()
    """``(section, stones, rocks)`` tokens the besieged allocates in the set-up (§8.1.1)."""
    braziers: tuple[tuple[str, Liquid | None], ...] = ()
    """braziers the besieged places in the set-up (§8.2.1)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "machine_targets": list(self.machine_targets),
            "mine_section": self.mine_section,
            "counter_miners": self.counter_miners,
            "ammunition": [list(x) for x in self.ammunition],
            "braziers": [[s, None if liquid is None else liquid.value] for s, liquid in self.braziers],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Orders:
        return cls(
            tuple(str(t) for t in data.get("machine_targets", ())),
            data.get("mine_section"),
            int(data.get("counter_miners", 0)),
            tuple((str(s), int(st), int(r)) for s, st, r in data.get("ammunition", ())),
            tuple((str(s), None if x is None else Liquid(x)) for s, x in data.get("braziers", ())),
        )


def orders_for(state: BattleState) -> Orders:
    """The orders a battle under way implies: war machines at the main gate's wall, the mine where it digs."""
    gate = next((g.id for g in state.gates if not is_destroyed(g.structure_points)), None)
    machines = sum(1 for m in state.models if m.side is BESIEGER and m.profile.troop_type.value == "war_machine")
    ramparts = [s.id for s in state.fort.sections if s.is_rampart]
    target = f"gate:{gate}" if gate is not None else (ramparts[0] if ramparts else "")
    mine = state.mine.undermined if state.mine is not None else None
    return Orders(machine_targets=(target,) * machines, mine_section=mine or (ramparts[0] if ramparts else None))


_OUTER_GATES = frozenset({GateKind.MAIN_GATE, GateKind.POSTERN})


@dataclass
class Game:
    """One game played by the policies from ``state``: its actions and dice, and what the simulator watches: the
    game turn the first of the fort's outer gates (main gate or postern) fell and the turn of the first breach
    (``None``: never).
    """

    state: BattleState
    seed: int
    orders: Orders
    record: bool = False
    entries: list[Entry[a.Action]] = field(default_factory=list)
    played: int = 0
    refused: int = 0
    gate_fell: int | None = None
    first_breach: int | None = None
    check_menu: bool = False
    off_menu: list[str] = field(default_factory=list)
    _gates_seen: tuple[GateStatus, ...] | None = field(default=None, repr=False)
    _works_seen: tuple[Works, ...] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._watch()

    def act(self, action: a.Action) -> bool:
        """Play ``action``; False, and nothing changes, when a rule refuses it."""
        if self.check_menu and not _offered(self.state, action):
            self.off_menu.append(action.name)
        try:
            result = apply(self.state, action, action_dice(self.seed, self.played))
        except IllegalAction:
            self.refused += 1
            return False
        self.state = result.state
        if self.record:
            self.entries.append(Entry(action, result.rolls))
        self.played += 1
        self._watch()
        self.settle(ending=False)
        return True

    def settle(self, *, ending: bool) -> None:
        """Answer what the rules make a side settle with the first option the menu offers for it, as it comes: a
        charge at once, every shooter of the charged standing and shooting (§3.1.2); before a step ends, whatever
        is still owed (the panic tests, the flights, §4.1, §3.3.3)."""
        while True:
            due = [o for o in pending(self.state) if ending or o.what == "charge_reaction"]
            if not due:
                return
            option = due[0].options[0]
            if not self.act(choose(self.state, option, *option.default())):  # pragma: no cover - the menu's promise
                raise RuntimeError(f"{due[0].what} on {due[0].where} cannot be settled")

    def _watch(self) -> None:
        state = self.state
        if self.gate_fell is None and state.gates is not self._gates_seen:  # the same gates: none fell since
            self._gates_seen = state.gates
            if any(g.kind in _OUTER_GATES and is_destroyed(g.structure_points) for g in state.gates):
                self.gate_fell = state.turn
        if self.first_breach is None and state.works is not self._works_seen:
            self._works_seen = state.works
            if any(w.collapsed for w in state.works):
                self.first_breach = state.turn

    def fresh(self, name: str, zone: Zone | None = None, section: str | None = None) -> Iterator[Option]:
        """Each option named ``name``, read from the menu again after every action, so that what one did (a model
        killed or moved, a ladder pushed back) is seen by the next; each place's option once. With ``zone``, only
        the moves or charges from that zone's places, each place's once for each set of places it leads to; with
        ``section``, only the fight, retreat or hold there."""
        done: set[tuple[str | None, Side, tuple[str, ...]]] = set()
        while True:
            for option in self._part(name, zone, section):
                key = (option.where, option.side, option.targets if zone is not None else ())
                if key not in done:
                    break
            else:
                return
            done.add(key)
            yield option

    def menu(self, name: str) -> list[Option]:
        """The options named ``name`` on the menu now."""
        return self._part(name, None, None)

    def _part(self, name: str, zone: Zone | None, section: str | None) -> list[Option]:
        """The options named ``name`` on the menu now, those from ``zone``'s places or on ``section`` when given:
        the parts of the menu they come from are kept with the state (:mod:`rules.siege.menus.legal`), worked out once a
        state."""
        if zone is not None:
            return menu_moves_from(self.state, name, zone)
        if section is not None:
            return menu_combat_on(self.state, name, section)
        return menu_options(self.state, name)


def _offered(state: BattleState, action: a.Action) -> bool:
    """Whether the menu offers ``action``'s kind to its side now."""
    side = side_of(state, action)
    return any(o.side is side for o in menu_options(state, action.name))


# ---- set-up --------------------------------------------------------------------------------------------------------


def play_setup(game: Game) -> None:
    """The set-up as the policies play it (see the module's text), each side in its part (§16): the besieged's walls
    as they stand, the besieger's engines and mine, the besieged's defences; each part ended by its side."""
    for _ in range(len(_SETUP_PARTS)):
        if game.state.phase is not Phase.SETUP or game.state.over:
            return
        turn = game.state.setup_turn
        if turn is SetupTurn.FIELD or turn is SetupTurn.SHARED:
            _besieger_setup(game)
        if turn is SetupTurn.COURTYARDS or turn is SetupTurn.SHARED:
            _besieged_setup(game)
        game.act(_END_PHASE)


_SETUP_PARTS = (SetupTurn.WALLS, SetupTurn.FIELD, SetupTurn.COURTYARDS)
"""The parts of the set-up, each side ending its own (§16)."""


def _besieger_setup(game: Game) -> None:
    """The ram crews take up each ram at the foot of its gate and bring it there; the sappers go under (§7.2.1,
    §10.1)."""
    orders = game.orders
    gate_feet = {f"foot:{s}" for g in game.state.gates for s in _gate_outside(game.state, g.id)}
    for ram_id in [r.id for r in game.state.rams]:
        for option in game.menu("carry_ram"):  # each place's models take it up apart (§7.2.1)
            crew = [m for m in option.actors if str(game.state.model(m).place) in gate_feet]
            if option.where == f"ram:{ram_id}" and len(crew) >= rams.MIN_CARRIERS:
                game.act(a.CarryRam(ram_id, tuple(crew[: rams.MAX_CARRIERS])))
                break
    for option in game.fresh("bring_ram"):
        ram = game.state.ram((option.where or "").partition(":")[2])
        for gate in option.targets:
            if game.act(a.BringRam(ram.id, gate)):
                break
    if game.state.mine is None and orders.mine_section is not None:
        for option in game.fresh("start_mine"):
            sappers = [m for m in option.actors if str(game.state.model(m).place) == f"foot:{orders.mine_section}"]
            if sappers:
                game.act(a.StartMine(MineGoal.FOUNDATIONS, tuple(sappers)))


def _besieged_setup(game: Game) -> None:
    """The braziers and the stone and rock tokens as the orders place them (§8.1.1, §8.2.1)."""
    orders = game.orders
    if game.menu("place_braziers"):
        for section, liquid in orders.braziers:
            game.act(a.PlaceBraziers(section, (liquid,)))
    if game.menu("allocate_ammunition"):
        for section, stones, rocks in orders.ammunition:
            game.act(a.AllocateAmmunition(section, stones=stones, rocks=rocks))


def _gate_outside(state: BattleState, gate_id: str) -> tuple[str, ...]:
    return tuple(s.id for s in state.fort.sections if any(g.id == gate_id for g in state.fort.gates_of(s.id)))


# ---- shared steps --------------------------------------------------------------------------------------------------


def _free(game: Game, place: Place, side: Side) -> list[str]:
    """Models of ``side`` at ``place`` free to act: standing, not engaged, not moved or rallied this turn."""
    state = game.state
    log = state.turn_log
    moved, rallied, engaged = log.moved, log.rallied, state.engaged
    return [
        m.id
        for m in state.at(place, side)
        if not m.fleeing and m.id not in moved and m.id not in rallied and m.id not in engaged
    ]


def _rallies(game: Game) -> None:
    for option in game.fresh("rally"):
        game.act(a.Rally(option.where or ""))


def _charges(game: Game) -> None:
    """Models with no enemy on their section charge the neighbouring sections the enemy holds, the one with the
    fewest models first, each with as many as the menu lets go."""
    side = game.state.active
    for option in game.fresh("charge", SECTION):
        read = game.state
        where = option.where
        if read.at(Place.parse(where or ""), side.enemy):
            continue
        here = [o for o in menu_moves_from(read, "charge", SECTION) if o.where == where]
        for target in sorted({t for o in here for t in o.targets}, key=lambda t: (read.occupancy(t, side.enemy), t)):
            now = game.state
            chosen = next(
                (o for o in menu_moves_from(now, "charge", SECTION) if o.where == where and target in o.targets), None
            )
            if chosen is not None:
                game.act(choose(now, chosen, chosen.actors[: chosen.most], target))


def _defences(game: Game) -> None:
    """The besieged's stones, rocks and braziers on the besieger models below (§8.1.2, §8.2.2)."""
    armed = game.state.works
    for name, left in (
        ("throw_stones", any(w.stones for w in armed)),
        ("drop_rock", any(w.rocks for w in armed)),
        ("pour", any(x is not None for w in armed for x in w.braziers)),
    ):
        if not left:
            continue  # none left on any section: the menu offers none
        for option in game.fresh(name):
            section = option.where or ""
            actors = option.actors
            targets = option.targets
            if not actors or not targets:
                continue
            if name == "throw_stones":
                game.act(a.ThrowStones(section, actors[:1], targets[:1]))
            elif name == "drop_rock":
                game.act(a.DropRock(section, actors[:2], targets[0]))
            else:
                works = game.state.works_of(section)
                liquid = next(x for x in works.braziers if x is not None)
                below = [t for t in targets if ":" not in t]  # models, not the wooden structures below
                if below:
                    game.act(a.Pour(section, liquid, actors[:2], tuple(below[:4])))


def _push_backs(game: Game) -> None:
    """The besieged push back each ladder with climbers, up to three pushers, or let it go (§7.1.5, §7.1.6)."""
    for ladder in game.state.ladders:
        if not push_back_pending(game.state, ladder.id):
            continue
        option = next((o for o in game.menu("push_back") if o.where == f"ladder:{ladder.id}"), None)
        pushers = option.actors[: MAX_HELPERS + 1] if option is not None else ()
        if not (pushers and game.act(a.PushBack(ladder.id, pushers))):
            game.act(a.ForgoPushBack(ladder.id))


def _combats(game: Game) -> None:
    """Every section with both sides fights: each free model striking, one on one, then spread over the enemy at
    most four to one (§3.2.1, :func:`~rules.siege.chapters.melee.pair_off`); the losers react at once (§3.3.2, R34),
    those of a combat left unsettled first."""
    for result in game.state.results:
        if result.loser_to_react is not None:
            _aftermath(game, result.section)
    for option in game.fresh("fight"):
        section = option.where or ""
        pairs, _ = pair_off(game.state, section, option.actors)
        if pairs and game.act(a.Fight(section, pairs)):
            _aftermath(game, section)


def _aftermath(game: Game, section: str) -> None:
    """The loser retreats by the first way the rules allow, else holds (§3.3)."""
    for option in game.fresh("retreat", section=section):
        for way in option.targets:
            if game.act(a.Retreat(section, way)):
                return
    for _option in game.fresh("hold", section=section):
        game.act(a.Hold(section))


# ---- the besieger --------------------------------------------------------------------------------------------------


def _besieger_sappers(game: Game) -> None:
    mine = game.state.mine
    if mine is not None and not mine.finished and game.menu("dig"):  # a finished mine digs no more (§10.3)
        game.act(a.Dig(section=game.orders.mine_section))


def _open(state: BattleState, wall: str, section: str) -> bool:
    """Whether the foot of ``wall`` leads into ``section``: through a breach, or a gate of it broken (§5.9, §6)."""
    if section != wall:
        return True  # only a breach joins a foot to a neighbouring section (§5.9, R5)
    gates = {x.id for x in state.fort.gates_of(section)}
    return any(is_destroyed(g.structure_points) for g in state.gates if g.id in gates)


def _moves_from(game: Game, zone: Zone) -> Iterator[Option]:
    """The moves, then the charges, from ``zone``'s places, each read again after every action."""
    return itertools.chain(game.fresh("move", zone), game.fresh("charge", zone))


def _at_fallen_gate(state: BattleState, ram: Ram) -> bool:
    """Whether ``ram`` stands at a gate that is down, where its crew goes in (§7.2.2)."""
    return ram.gate is not None and is_destroyed(state.gate(ram.gate).structure_points)


def _besieger_movement(game: Game) -> None:
    _rallies(game)
    if any(_at_fallen_gate(game.state, r) for r in game.state.rams):
        for option in game.fresh("drop_ram"):
            ram = game.state.ram((option.where or "").partition(":")[2])
            if _at_fallen_gate(game.state, ram):
                game.act(a.DropRam(ram.id))  # §7.2.2: the gate is down, the crew goes in
    state = game.state
    if any(x.lying for x in state.ladders):  # else none lies on the ground (§7.1.1)
        for option in game.fresh("pick_up_ladder"):
            ladder = state.ladder((option.where or "").partition(":")[2])
            carriers = [m for m in option.actors if str(state.model(m).place) == f"foot:{ladder.section}"]
            if len(carriers) >= MIN_CLIMBERS:
                game.act(a.PickUpLadder(ladder.id, tuple(carriers[:MAX_CLIMBERS])))
    if any(x.carried for x in game.state.ladders):  # else none is carried (§7.1.3)
        for option in game.fresh("erect_ladder"):
            ladder = game.state.ladder((option.where or "").partition(":")[2])
            game.act(a.ErectLadder(ladder.id, option.targets[0], option.actors[:MAX_CLIMBERS]))
    for option in _moves_from(game, SIEGE_TOWER):
        game.act(choose(game.state, option, option.actors[: option.most], option.targets[0]))
    for option in _moves_from(game, FOOT):
        place = Place.parse(option.where or "")
        state = game.state
        target = next(
            (
                t
                for t in option.targets
                if Place.parse(t).zone is LADDER or (Place.parse(t).zone is SECTION and _open(state, place.ref, t))
            ),
            None,
        )
        ram_crew = {c for r in state.rams for c in r.carriers}
        movers = [m for m in option.actors[: option.most] if m not in ram_crew]
        if target is not None and movers:
            game.act(choose(state, option, movers, target))
    _charges(game)
    _defences(game)
    _push_backs(game)
    for option in _moves_from(game, LADDER):
        ladder = game.state.ladder(Place.parse(option.where or "").ref)
        if ladder.section in option.targets:
            game.act(choose(game.state, option, option.actors[: option.most], ladder.section))


def _besieger_shooting(game: Game) -> None:
    """Each war machine bombards its target of the orders (the last target for the machines beyond), if the menu
    still offers it: a gate already down is no target (§5.6, §5.7)."""
    options = game.menu("bombard")
    if not options:
        return
    option = options[0]
    targets = game.orders.machine_targets or option.targets[:1]
    machines = war_machines(game.state)  # the orders' targets follow all the war machines, ready or not
    for machine in option.actors:
        target = targets[min(machines.index(machine), len(targets) - 1)]
        if target in option.targets:
            game.act(a.Bombard(target, *CATAPULT, machine=machine))


def _besieger_close_combat(game: Game) -> None:
    for option in game.fresh("use_ram"):
        game.act(a.UseRam((option.where or "").partition(":")[2]))
    _combats(game)
    for option in game.fresh("disembark"):
        tower = (option.where or "").partition(":")[2]
        game.act(a.Disembark(tower, option.actors[: option.most]))  # §7.3.4: two more, as the quota takes them


# ---- the besieged --------------------------------------------------------------------------------------------------


def _besieged_movement(game: Game) -> None:
    _rallies(game)
    state = game.state
    if state.mine is not None and not state.mine.counter_miners and game.orders.counter_miners:
        for option in game.fresh("counter_mine"):
            game.act(a.CounterMine(option.actors[: game.orders.counter_miners]))
    if any(_worn(g) for g in game.state.gates):  # else none to mend
        for option in game.fresh("reinforce_gate"):
            gate = game.state.gate((option.where or "").partition(":")[2])
            if _worn(gate) and len(option.actors) >= REINFORCING_MODELS:
                game.act(a.ReinforceGate(gate.id, option.actors[:REINFORCING_MODELS]))
    _charges(game)
    _defences(game)


def _worn(gate: GateStatus) -> bool:
    """Whether ``gate`` is below its starting points, which reinforcing it may give back (§6.4)."""
    return gate.structure_points < starting_points(gate.kind)


def _besieged_shooting(game: Game) -> None:
    for option in game.fresh("shoot"):
        place = Place.parse(option.where or "")
        below = {Place(FOOT, place.ref)}
        below.update(Place(LADDER, x.id) for x in game.state.ladders if x.section == place.ref)
        model = game.state.model
        target = next((t for t in option.targets if model(t).place in below), option.targets[0])
        game.act(a.Shoot(option.actors, (target,)))


def _nothing(game: Game) -> None:
    """A step in which the policy plays nothing."""


_Step = Callable[[Game], None]
_STEPS: dict[Side, dict[Phase, _Step]] = {
    Side.BESIEGER: {
        Phase.SAPPERS: _besieger_sappers,
        Phase.MOVEMENT: _besieger_movement,
        Phase.MAGIC: _nothing,
        Phase.SHOOTING: _besieger_shooting,
        Phase.CLOSE_COMBAT: _besieger_close_combat,
    },
    Side.BESIEGED: {
        Phase.MOVEMENT: _besieged_movement,
        Phase.MAGIC: _nothing,
        Phase.SHOOTING: _besieged_shooting,
        Phase.CLOSE_COMBAT: _combats,
    },
}


def play_out(game: Game) -> Game:
    """Play ``game`` to the end of the siege (§16), from whatever step its state is at."""
    if game.state.phase is Phase.SETUP and not game.state.over:
        play_setup(game)
    while not game.state.over:
        state = game.state
        step = _STEPS[state.active].get(state.phase, _nothing)
        step(game)
        game.settle(ending=True)
        ended = game.state.phase not in (CLOSE_COMBAT, END) and game.act(_END_PHASE)
        if not ended and not game.act(_END_TURN):  # pragma: no cover - never refused before the end
            raise RuntimeError(f"the turn cannot end at {game.state.turn} {game.state.phase}")
    return game
