"""The movement step's menus (§2, §3, §6, §7, §8, §10–§12): where each ready model may step or charge, rallies,
the engines carried, raised and brought up, the gates reinforced and blocked, and what the besieged does at the end
of any movement (stones, rocks, braziers, push-backs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from rules.fast.members import BESIEGED, BESIEGER, COURTYARD, FOOT, LADDER, SIEGE_TOWER, WAR_MACHINE
from rules.siege import actions as a
from rules.siege.board.checks import LADDER_HOLDS, SIEGE_TOWER_HOLDS, bound, room_left
from rules.siege.board.engines import GateStatus, Ladder, Liquid, MineGoal, Ram
from rules.siege.board.fort import ConnectionKind, GateKind
from rules.siege.board.menu_view import MenuView, section_place, war_machines
from rules.siege.board.options import Option, menu_part
from rules.siege.board.places import IllegalAction, Model, place_of
from rules.siege.board.profiles import Creature, Special
from rules.siege.board.state import BattleState, Phase, Place, Side, Zone
from rules.siege.chapters import ladders, rams
from rules.siege.chapters.belfry.belfry import CAPACITY, level_of
from rules.siege.chapters.blocking import BREACH_RATIO, CLIMB_BLOCKERS, fits_gate
from rules.siege.chapters.defences import THROWERS, braziers_held, burning, free_defenders, structures_below
from rules.siege.chapters.gates import REINFORCING_MODELS, gate_sections, reinforceable, touches_gate, unlockers
from rules.siege.chapters.ladders import carrying, push_back_options
from rules.siege.chapters.mining import (
    MAX_COUNTER_MINERS,
    MIN_COUNTER_MINERS,
    TUNNEL_MODELS_PER_TURN,
    counter_miners,
    may_dig,
)
from rules.siege.chapters.morale import flee_option, rally_problem
from rules.siege.chapters.movement import Who, admits, way
from rules.siege.chapters.psychology import holds_the_section
from rules.siege.chapters.siege_towers import assault_sections, may_push
from rules.siege.chapters.sorties import may_sortie
from rules.siege.menus.belfry_menu import bridge_steps

_OUTSIDE = frozenset({Zone.FOOT, Zone.FIELD})

__all__ = [
    "besieged_at_movement_end",
    "besieger_engines",
    "braziers_taken",
    "breach_guards",
    "charges_in",
    "counter_mines",
    "courtyard_via",
    "end_blocks",
    "flight",
    "gate_guards",
    "gate_locks",
    "giant_climbs",
    "ladder_reactions",
    "ladder_works",
    "ladders_and_rams",
    "moves_and_charges",
    "moves_in",
    "sorties",
    "tower_pushes",
    "tunnels",
]


def ladders_and_rams(view: MenuView) -> list[Option]:
    """Ladders and rams taken up, let go or brought to a gate by the besieger (§7.1.1–§7.1.3, §7.2.1, §7.2.2): a
    load's carriers stand together, so each place's models take it up apart; in the set-up nothing is let go, and a
    ram goes to a gate only where its carriers stand (§16).
    """
    state = view.state
    setup = state.phase is Phase.SETUP
    found: list[Option] = []
    hands: dict[Place, tuple[Model, ...]] = {}
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.lying and ladder.courtyard is None:
            # §7.1.3: at its foot, or passing by it from the field
            for place in (place_of(FOOT, ladder.section), *view.on_field):
                _loads(view, hands, "pick_up_ladder", where, place, LADDER_CARRIERS, found)
        elif ladder.carried and not setup:
            found.append(Option("drop_ladder", BESIEGER, where, ladder.carriers))
    for ram in state.rams:
        where = f"ram:{ram.id}"
        if not ram.carriers:
            # §7.2.2 as §7.1.3: where it lies or from the field; before anyone took it up, with the army wherever it
            # stands, the feet of the walls first
            feet = [p for p in view.outside if p.zone is FOOT] if ram.lies is None else [Place.parse(ram.lies)]
            for place in dict.fromkeys((*feet, *view.on_field)):
                _loads(view, hands, "carry_ram", where, place, RAM_CARRIERS, found)
            continue
        gates = _ram_gates(view, ram, setup)
        if gates:
            found.append(Option("bring_ram", BESIEGER, where, ram.carriers, gates))
        if not setup:
            found.append(Option("drop_ram", BESIEGER, where, ram.carriers))
    return found


LADDER_CARRIERS = (ladders.MIN_CARRIERS, ladders.MAX_CARRIERS)
RAM_CARRIERS = (rams.MIN_CARRIERS, rams.MAX_CARRIERS)
"""How much a ladder's and a ram's carriers weigh, at least and at most, large creatures by their ratio (§7.1.1,
§7.2.1, §12.1.4)."""


def _loads(
    view: MenuView,
    hands: dict[Place, tuple[Model, ...]],
    name: str,
    where: str,
    place: Place,
    weights: tuple[int, int],
    found: list[Option],
) -> None:
    """The option to take up a load at ``place``, when its free models can carry it: the lightest first, as many as
    the load takes (§7.1.1, §7.2.1, §12.1.4)."""
    free = hands.get(place)
    if free is None:
        free = hands[place] = _free_hands(view, place)
    span = _span(free, *weights)
    if span is not None:
        found.append(Option(name, BESIEGER, where, tuple([m.id for m in free]), least=span[0], most=span[1]))


def _free_hands(view: MenuView, place: Place) -> tuple[Model, ...]:
    """The besieger's models at ``place`` who may take up a load: neither fleeing, fighting, bound to something else
    this turn nor carrying already (§7.1.2, §7.1.3), the lightest first."""
    here = view.side_at(place, BESIEGER)
    if not here:
        return ()
    state = view.state
    busy = state.engaged | view.bound | carrying(state)
    free = [m for m in here if not m.fleeing and m.id not in busy]
    free.sort(key=lambda m: m.profile.ratio)
    return tuple(free)


def _replacements_chosen(state: BattleState, option: Option, picked: Sequence[str], target: str | None) -> a.Action:
    return a.ReplaceRamCarriers((option.where or "").partition(":")[2], tuple(picked))


@menu_part("replace_ram_carriers", _replacements_chosen, Phase.SAPPERS)
def ram_carriers_replaced(view: MenuView) -> list[Option]:
    """§5.3: as the besieger's turn opens, a ram left with fewer carriers than it needs (§7.2.1) takes the models of
    their regiments free to carry where they stand, the lightest first, as many as make ten at most."""
    state = view.state
    found = []
    for ram in state.rams:
        carriers = [state.model(c) for c in ram.carriers]
        weight = sum(m.profile.ratio for m in carriers)
        if not carriers or weight >= rams.MIN_CARRIERS or len({m.place for m in carriers}) > 1:
            continue  # carriers apart are not joined where one of them stands (§5.3, refused as carriers_apart)
        regiments = {m.unit for m in carriers}
        free = [m for m in _free_hands(view, carriers[0].place) if m.unit in regiments]
        span = _span(free, 1, rams.MAX_CARRIERS - weight)
        if span is not None:
            ids = tuple(m.id for m in free)
            found.append(Option("replace_ram_carriers", BESIEGER, f"ram:{ram.id}", ids, least=1, most=span[1]))
    return found


def _span(models: Sequence[Model], low: int, high: int) -> tuple[int, int] | None:
    """How many of ``models``, first ones first, weigh from ``low`` to ``high`` (their ratios): the fewest and the
    most; ``None`` when they cannot."""
    weight, least, most = 0, 0, 0
    for n, model in enumerate(models, 1):
        weight += model.profile.ratio
        if weight > high:
            break
        most = n
        if not least and weight >= low:
            least = n
    return (least, most) if least else None


def _ram_gates(view: MenuView, ram: Ram, setup: bool) -> tuple[str, ...]:
    """The gates ``ram``'s carriers may bring it to (:func:`~rules.siege.chapters.rams.bring_ram`): those they stand at,
    and in the movement the others, when they may carry it there as their move (§7.2.1, §7.2.4, §16)."""
    state = view.state
    carriers = [state.model(c) for c in ram.carriers]
    if sum(m.profile.ratio for m in carriers) < rams.MIN_CARRIERS:
        return ()
    gates = [g for g in rams.ram_gates(state) if g != ram.gate]
    at = [g for g in gates if all(touches_gate(state, m, g) for m in carriers)]
    if setup or len(at) == len(gates):
        return tuple(at)
    places = {m.place for m in carriers}
    log = state.turn_log
    unready = state.engaged | view.bound | log.moved
    if (
        len(places) == 1
        and next(iter(places)).zone in _OUTSIDE
        and not any(m.fleeing or m.id in unready for m in carriers)
    ):
        return tuple(gates)
    return tuple(at)


# ---- movement (§2, §3, §6, §7, §8, §10–§12) -----------------------------------------------------------------------


Step = tuple[str, Place, tuple[str, ...]]
"""A place a model may step to: written, as a place, and the courtyards it may go through on the way (none for an
adjacent place, §2.1.1)."""


def _steps_from(state: BattleState, place: Place, side: Side) -> tuple[Step, ...]:
    """Where models at ``place`` may step to as the fort stands with its ladders, siege towers and belfries: each
    way is then asked whether it is open now (:func:`~rules.siege.chapters.movement.way`)."""
    table = _steps_table(state)
    found = table.get((place, side))
    if found is None:
        found = table[place, side] = _ways_from(state, place, side)
    return found


def _steps_table(state: BattleState) -> dict[tuple[Place, Side], tuple[Step, ...]]:
    """The steps from each place as the fort stands with the state's ladders, siege towers and belfries: kept with
    the state while those stay the same, and with the fort for each way they stand (what :func:`_ways_from` reads
    of them), as the same ways come back action after action.
    """
    ways = state.ways
    table: dict[tuple[Place, Side], tuple[Step, ...]] | None = ways.get(_steps_table)
    if table is None:
        layout = (
            _steps_table,
            tuple((x.id, x.raised, x.section, x.courtyard) for x in state.ladders),
            tuple((t.id, t.section) for t in state.siege_towers),
            tuple((b.id, b.bridge, b.section) for b in state.belfries),
        )
        table = ways[_steps_table] = state.fort.memo.setdefault(layout, {})
    return table


def _ways_from(state: BattleState, place: Place, side: Side) -> tuple[Step, ...]:
    """Adjacent sections, and two courtyards away through a third (§2.1.1, §3.1.1); the besieger also onto a ladder
    hoisted from his rampart into a courtyard (§7.1.10); over a lowered drawbridge (001 §8); the rampart above a
    ladder, a siege tower or a giant's wall (§7.1, §7.3.4, §12.1.5); from the foot of a wall onto its ladders and
    siege towers, through its gate or breach, and for ethereal creatures through the wall itself (§6, §5.9, §12.4);
    from the field to the foot of any wall (§16).
    """
    fort = state.fort
    if place.inside:
        found = [*fort.neighbours(place.ref), *bridge_steps(state, place, side)]
        if side is BESIEGER:
            found += [
                f"ladder:{x.id}"
                for x in state.ladders
                if x.raised and x.section == place.ref and x.courtyard is not None
            ]
        return (*_plain(found), *_across_courtyards(state, place.ref))
    if place.zone is Zone.BELFRY:
        return _plain(bridge_steps(state, place, side))
    if place.zone is LADDER:
        ladder = state.ladder(place.ref)
        # §7.1.5, §7.1.10: up onto the rampart, or down into the courtyard it is hoisted into; never back down
        return _plain([ladder.courtyard or ladder.section]) if ladder.raised else ()
    if place.zone is Zone.SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return () if tower.section is None else _plain([tower.section])
    if place.zone is FOOT:
        found = [f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref and x.courtyard is None]
        found += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == place.ref]
        found.append(place.ref)  # through its gate once open (§6), or the wall itself for the ethereal (§12.4)
        found += [
            n
            for n in fort.neighbours(place.ref)
            if (c := fort.connection(place.ref, n)) is not None and c.kind is ConnectionKind.BREACH
        ]
        return _plain(found)
    if place.zone is Zone.FIELD:
        return _plain(fort.approaches)
    if place.zone is Zone.WALL:
        return _plain([place.ref])
    return ()


def _plain(targets: Iterable[str]) -> tuple[Step, ...]:
    return tuple((t, Place.parse(t), ()) for t in targets)


def _across_courtyards(state: BattleState, section: str) -> tuple[Step, ...]:
    """The courtyards two sections away from courtyard ``section``, each with the courtyards between (§2.1.1 « les
    figurines peuvent se déplacer de deux cases sections en un tour dans une cour intérieure seulement », §3.1.1).
    A courtyard next to ``section`` is reached directly."""
    fort = state.fort
    if fort.section(section).kind is not COURTYARD:
        return ()
    near = fort.neighbours(section)
    beyond: dict[str, list[str]] = {}
    for via in near:
        if fort.section(via).kind is not COURTYARD:
            continue
        for far in fort.neighbours(via):
            if far != section and far not in near and fort.section(far).kind is COURTYARD:
                beyond.setdefault(far, []).append(via)
    return tuple((far, section_place(far), tuple(vias)) for far, vias in beyond.items())


def courtyard_via(state: BattleState, side: Side, origin: Place, destination: Place) -> str | None:
    """The courtyard a move or a charge from ``origin`` to ``destination`` two courtyards away goes through: the
    one with the most room left in the turn's connections, free of the enemy (§2.1.1, §3.1.1); ``None`` for a place
    next to ``origin``, or when none is open."""
    for _target, into, vias in _steps_from(state, origin, side):
        if into is destination:
            return _through(state, side, origin, into, vias)[0] if vias else None
    return None


def _through(
    state: BattleState, side: Side, origin: Place, destination: Place, vias: tuple[str, ...]
) -> tuple[str | None, int]:
    """Of the courtyards ``vias`` between ``origin`` and ``destination``, the one free of the enemy whose two
    connections have the most room left this turn, with that room (§2.1.1); ``None`` and 0 when none is open."""
    log = state.turn_log
    best: str | None = None
    most = 0
    enemy = state.by_side_and_place[side.enemy]
    for via in vias:
        middle = section_place(via)
        if enemy.get(middle):
            continue  # §3.1.1: a charge ends on the first section the enemy holds
        room = -1
        for here, there in ((origin, middle), (middle, destination)):
            found = way(state, side, here, there)
            if isinstance(found, IllegalAction) or found.who is not Who.ANY or found.capacity is None:
                room = 0
                break
            left = found.capacity - log.flow(str(here), str(there))
            room = left if room < 0 else min(room, left)
        if room > most:
            best, most = via, room
    return best, most


def moves_and_charges(view: MenuView) -> list[Option]:
    """Each place's ready models of the side to play, where they may step to or charge (§2, §3.1): one entry for
    the places the same models may reach in the same numbers, with how many may go (§1.7, §2.1.1, §7.1.5, §7.3.4)."""
    found: list[Option] = []
    for place, ready in view.ready_by_place(view.state.active).items():  # in the order of view.by_place
        if ready:
            found.extend(_options_from(view, place, ready))
    return found


def moves_in(view: MenuView, zone: Zone) -> list[Option]:
    """The moves of :func:`moves_and_charges` from the places of ``zone`` alone, in the same order."""
    return _steps_in(view, zone, "move")


def charges_in(view: MenuView, zone: Zone) -> list[Option]:
    """The charges of :func:`moves_and_charges` from the places of ``zone`` alone, in the same order (§3.1)."""
    return _steps_in(view, zone, "charge")


def _steps_in(view: MenuView, zone: Zone, name: str) -> list[Option]:
    """The moves or the charges from ``zone``'s places."""
    side = view.state.active
    found: list[Option] = []
    for place in view.by_side(side):  # in the order of view.by_place
        if place.zone is zone:
            ready = view.ready(place, side)
            if ready:
                found.extend([o for o in _options_from(view, place, ready) if o.name == name])
    return found


def _options_from(view: MenuView, place: Place, ready: tuple[str, ...]) -> tuple[Option, ...]:
    """The moves, then the charges, of ``ready`` models at ``place``, worked out once a state."""
    state = view.state
    memo = state.memo
    key = (_options_from, place)
    found: tuple[Option, ...] | None = memo.get(key)
    if found is None:
        steps = _steps_from(state, place, state.active)
        found = memo[key] = _moves(view, place, ready, steps) if steps else ()
    return found


def _moves(view: MenuView, place: Place, ready: tuple[str, ...], steps: tuple[Step, ...]) -> tuple[Option, ...]:
    """An entry for each step open to some of ``ready`` now, those going to places the same models reach in the
    same numbers together, the moves first."""
    state = view.state
    side = state.active
    busy = bound(state)
    by_id = state.by_id
    movers = [by_id[m] for m in ready if m not in busy]  # §6.4, §10.1, §10.2, 001 §8
    enemy = view.by_side(side.enemy)
    leaving = place.inside and bool(enemy.get(place))
    if leaving:
        # §3.3.1: only the winners of the last combat there disengage, to a section without enemies; §4.2: never
        # the frenzied or hating
        result = state.result(place.ref)
        if result is None or result.winner is not side:
            return ()
        movers = [m for m in movers if not holds_the_section(m)]
    if not movers:
        return ()
    log = state.turn_log
    origin = str(place)
    carrying = {c for r in state.rams for c in r.carriers} if state.rams else set()
    groups: dict[tuple[str, tuple[str, ...], int], list[str]] = {}
    for target, into, vias in steps:
        charging = bool(enemy.get(into))
        if charging and leaving:
            continue
        who = Who.ANY
        if vias:
            via, left = _through(state, side, place, into, vias)
            if via is None:
                continue
            capacity: int | None = left
        else:
            found = way(state, side, place, into)
            if isinstance(found, IllegalAction):
                continue
            who = found.who
            capacity = None if found.capacity is None else found.capacity - log.flow(origin, target)
        room, by_ratio = _room(state, into, side)
        chosen = movers
        if who is not Who.ANY:
            chosen = [m for m in chosen if admits(state, who, m)]
        if into.inside:
            # §5.7: a war machine shoots at the fort from outside; §7.2.1: a ram never enters the fort
            chosen = [m for m in chosen if m.profile.troop_type is not WAR_MACHINE]
            if carrying:
                chosen = [m for m in chosen if m.id not in carrying]
            if state.fort.section(into.ref).kind is not COURTYARD:
                chosen = [m for m in chosen if not m.profile.is_cavalry]  # §3.2.3
        actors, most = _most(chosen, capacity, room, by_ratio)
        if most:
            groups.setdefault(("charge" if charging else "move", actors, most), []).append(target)
    found_options = [
        Option(name, side, origin, actors, tuple(targets), most=most)
        for (name, actors, most), targets in groups.items()
    ]
    return tuple(sorted(found_options, key=lambda o: o.name == "charge"))


def _room(state: BattleState, place: Place, side: Side) -> tuple[int | None, bool]:
    """How many more of ``side``'s models ``place`` holds (``None``: no limit), and whether they count with their
    ratio (§1.7, §12.1.1, R15) or one each (a belfry's level, 001 §5, R16)."""
    zone = place.zone
    if place.inside:
        return room_left(state, place.ref, side), True
    if zone is LADDER:
        return LADDER_HOLDS - state.occupancy(place, side), True  # §7.1.5
    if zone is Zone.SIEGE_TOWER:
        return SIEGE_TOWER_HOLDS - state.occupancy(place, side), True  # §7.3.4
    if zone is Zone.BELFRY:
        return CAPACITY[level_of(place)[1]] - len(state.at(place, side)), False  # 001 §5, R16
    return None, True


def _most(
    models: Iterable[Model], capacity: int | None, room: int | None, by_ratio: bool
) -> tuple[tuple[str, ...], int]:
    """Those of ``models`` who may go on their own, in order, and how many of the first go together: through a
    connection with ``capacity`` left this turn, counted with its ratio (§2.1.1, §12.1.1), into a place with
    ``room`` left (:func:`_room`)."""
    actors: list[str] = []
    most = 0
    through = stay = 0
    full = False
    for model in models:
        profile = model.profile
        passing = profile.connection_ratio
        holding = profile.ratio if by_ratio else 1
        if (capacity is not None and passing > capacity) or (room is not None and holding > room):
            continue
        actors.append(model.id)
        if full:
            continue
        through += passing
        stay += holding
        if (capacity is not None and through > capacity) or (room is not None and stay > room):
            full = True
        else:
            most += 1
    return tuple(actors), most


def flight(view: MenuView) -> list[Option]:
    """Fleeing models of the side to play, section by section: they try to rally where no enemy is near (§3.4),
    they flee on where an enemy stands, to a section or a ladder open to them (§3.3.3, R35)."""
    state = view.state
    side = state.active
    found: list[Option] = []
    fleeing = set()
    outside: list[str] = []
    for place, here in view.by_side(side).items():
        if any(m.fleeing for m in here):
            if place.inside:
                fleeing.add(place.ref)
            else:
                outside.append(str(place))
    for section in sorted(fleeing):
        if rally_problem(state, section, side) is None:
            found.append(Option("rally", side, section))
        option = flee_option(state, section, side)
        if option is not None:
            found.append(option)
    for where in outside:  # §3.4: outside the fort too, at a wall's foot or on the field, they try to rally
        if rally_problem(state, where, side) is None:
            found.append(Option("rally", side, where))
    return found


# The side's own moves in its movement (§6–§12), each kind worked out apart: the besieger's engines, giants and
# tunnel, then the besieged's gates, breaches, mine and sorties. A part of the other side's is empty.


def besieger_engines(view: MenuView) -> list[Option]:
    """Ladders and rams taken up, let go or brought to a gate by the besieger in his movement (§7.1, §7.2)."""
    if view.state.active is not BESIEGER or not (view.state.ladders or view.state.rams):
        return []
    return ladders_and_rams(view)


def ladder_works(view: MenuView) -> list[Option]:
    """Ladders raised against a rampart with their first climbers (§7.1.4, §7.1.5, §7.1.6), hoisted into a courtyard
    (§7.1.4) or carried there (§7.1.1)."""
    state = view.state
    if state.active is not BESIEGER:
        return []
    found: list[Option] = []
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.carriers and state.model(ladder.carriers[0]).place.inside:
            found.append(Option("carry_ladder", BESIEGER, where, ladder.carriers))
        elif not ladder.raised and ladder.courtyard is None:
            _raisings(view, ladder, where, found)
        elif ladder.raised and ladder.courtyard is None and place_of(LADDER, ladder.id) not in view.by_place:
            # §7.1.4: models already on the rampart, with nobody on the ladder, hoist it into a courtyard below
            ready = view.ready(section_place(ladder.section), BESIEGER)
            courtyards = view.courtyards
            if not (ready and courtyards):
                continue
            busy = carrying(state)
            hoisters = sorted([state.model(m) for m in ready if m not in busy], key=lambda m: m.profile.ratio)
            span = _span(hoisters, *LADDER_CARRIERS)
            if span is not None:
                ids = tuple([m.id for m in hoisters])
                found.append(Option("hoist_ladder", BESIEGER, where, ids, courtyards, least=span[0], most=span[1]))
    return found


def _raisings(view: MenuView, ladder: Ladder, where: str, found: list[Option]) -> None:
    """A ladder raised where its carriers stand at the foot of a rampart, or raised again where it lies with
    besiegers at its foot (§7.1.4, §7.1.6), at most three a section a turn: with 2 to 4 of the models at its foot
    who may climb, as many as the ladder still takes this turn (§7.1.5, §2.1.1), and without climbers."""
    state = view.state
    log = state.turn_log
    if ladder.carriers:
        carriers = [state.model(c) for c in ladder.carriers]
        places = {m.place for m in carriers}
        foot = carriers[0].place
        weight = sum(m.profile.ratio for m in carriers)
        if (
            len(places) != 1
            or foot.zone is not FOOT
            or not ladders.MIN_CARRIERS <= weight <= ladders.MAX_CARRIERS
            or any(m.fleeing or m.id in state.engaged or m.id in view.bound for m in carriers)
        ):
            return
    else:
        foot = place_of(FOOT, ladder.section)
        if ladder.id in log.pushed or all(m.fleeing for m in view.side_at(foot, BESIEGER)):
            return  # §7.1.6: raised again from the next turn, with besiegers at its foot
    section = foot.ref
    if not state.fort.section(section).is_rampart:
        return
    raised = sum(1 for x in state.ladders if x.id in log.erected and x.section == section)
    if raised >= ladders.ERECTED_PER_SECTION:
        return
    room = ladders.MAX_CLIMBERS - log.flow(str(foot), f"ladder:{ladder.id}")
    climbers = [
        m
        for m in view.side_at(foot, BESIEGER)
        if m.profile.may_climb_ladders and not m.fleeing and m.id not in view.bound
    ]
    climbers.sort(key=lambda m: m.profile.ratio)
    span = _span(climbers, ladders.MIN_CLIMBERS, room)
    if span is not None:
        ids = tuple([m.id for m in climbers])
        found.append(Option("erect_ladder", BESIEGER, where, ids, (section,), least=span[0], most=span[1]))
    found.append(Option("erect_ladder", BESIEGER, where, targets=(section,)))


def tower_pushes(view: MenuView) -> list[Option]:
    """Siege towers pushed by their crews 1 cm to their move, once a turn (§7.3.3): towards the walls, or up
    against a standing rampart no other tower assaults (§7.3.4). A belfry rolls by its own rules (001, R16)."""
    state = view.state
    if state.active is not BESIEGER:
        return []
    found = []
    for tower in state.siege_towers:
        most = may_push(state, tower) if tower.crew else 0
        if not most or state.is_belfry(tower.id):
            continue
        where, numbers = f"siege_tower:{tower.id}", (("distance", 1, most),)
        found.append(Option("push_tower", BESIEGER, where, numbers=numbers))
        sections = assault_sections(state, tower.id)
        if sections:
            found.append(Option("push_tower", BESIEGER, where, targets=sections, numbers=numbers))
    return found


def giant_climbs(view: MenuView) -> list[Option]:
    """Giants at the foot of a rampart section who have not moved this turn, neither fleeing nor engaged, climb its
    wall (§12.1.5)."""
    state = view.state
    if state.active is not BESIEGER:
        return []
    giants = tuple(
        m.id
        for place in view.by_place
        if place.zone is FOOT and state.fort.section(place.ref).is_rampart  # « le mur »: a rampart's, not a yard's
        for m in view.side_at(place, BESIEGER)
        if m.profile.creature is Creature.GIANT
        and m.id not in view.spent
        and not m.fleeing
        and not state.in_contact(m.id)
    )
    return [Option("climb_wall", BESIEGER, actors=giants)] if giants else []


def tunnels(view: MenuView) -> list[Option]:
    """The besieger's ready models outside going through a finished tunnel into a courtyard (§10.3.2)."""
    mine = view.state.mine
    if view.state.active is not BESIEGER or mine is None or not mine.finished or mine.goal is not MineGoal.TUNNEL:
        return []
    if mine.tunnel_turn == view.state.turn:  # §10.3.2: one unit a turn
        return []
    # §10.3.2: « jusqu'à 6 figurines choisies parmi une unité présente à l'extérieur du fort [...] Il ne peut jamais
    # s'agir de figurines ayant une PU supérieure à 1 »: one option a unit, to the courtyards with room for them
    state = view.state
    known = state.by_id
    units: dict[str, list[str]] = {}
    outside = [*view.ready_outside(BESIEGER), *(m.id for m in state.models if m.place.zone is Zone.MINE)]
    for model_id in outside:
        model = known[model_id]
        if may_dig(model, BESIEGER):
            units.setdefault(model.unit, []).append(model_id)
    found = []
    for ids in units.values():
        most = min(len(ids), TUNNEL_MODELS_PER_TURN)
        weight = sum(sorted((known[m].profile.ratio for m in ids), reverse=True)[:most])
        courtyards = tuple(c for c in view.courtyards if room_left(state, c, BESIEGER) >= weight)
        if courtyards:
            found.append(Option("tunnel", BESIEGER, actors=tuple(ids), targets=courtyards, most=most))
    return found


def gate_guards(view: MenuView) -> list[Option]:
    """The besieged's ready models of a gate's sections block it, in either side's movement (§6.3.1, §6.3.5,
    §12.1.2), and in their own reinforce it, two at least (§6.4)."""
    state = view.state
    found = []
    own = state.active is BESIEGED
    for gate in state.gates:
        ready = [m for place in _gate_places(state, gate) for m in view.ready(place, BESIEGED)]
        if not ready:
            continue
        where = f"gate:{gate.id}"
        if own and reinforceable(gate.kind) and gate.structure_points > 0 and not gate.reinforcers:
            log = state.turn_log
            # §6.4: « Ils ne peuvent rien faire d'autre »
            busy = log.defenders | log.pushers | {m for _, m in log.door_breakers}
            free = tuple([m for m in ready if m not in busy])
            if len(free) >= REINFORCING_MODELS:
                found.append(Option("reinforce_gate", BESIEGED, where, free, least=REINFORCING_MODELS))
        if gate.blocker is None:
            blockers = _blockers(view, ready, partial(fits_gate, kind=gate.kind))
            if blockers:
                found.append(Option("block", BESIEGED, where, blockers, most=1))
    return found


def _blockers(view: MenuView, ready: Iterable[str], fits: Callable[[Model], bool]) -> tuple[str, ...]:
    """The ready models who may declare a block (§6.3.1): not having thrown or poured this turn (§8.1.2), and of the
    size the place takes (``fits``)."""
    state = view.state
    defenders = state.turn_log.defenders
    return tuple([m for m in ready if m not in defenders and fits(state.model(m))])


def gate_locks(view: MenuView) -> list[Option]:
    """Posterns and service doors unlocked from their inner side by a model of the side to play, who gives its
    whole move to it (§6.2)."""
    state = view.state
    found = []
    for gate in state.gates:
        if gate.kind is not GateKind.MAIN_GATE and not gate.unlocked and gate.structure_points > 0:
            models = unlockers(state, gate.id)
            if models:
                found.append(Option("unlock_gate", state.active, f"gate:{gate.id}", models, most=1))
    return found


def _gate_places(state: BattleState, gate: GateStatus) -> tuple[Place, ...]:
    """The sections a gate belongs to (:func:`~rules.siege.chapters.gates.gate_sections`), kept with the fort."""
    memo = state.fort.memo
    key = (_gate_places, gate.id, gate.kind)
    found: tuple[Place, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = tuple(section_place(s) for s in gate_sections(state, gate.id))
    return found


def breach_guards(view: MenuView) -> list[Option]:
    """The besieged's large creatures of ratio above 2 on a breached section block the breach, in either side's
    movement (§5.9, §6.3.5)."""
    state = view.state
    found = []
    for works in state.works:
        if works.collapsed and works.blocker is None:
            ready = view.ready(section_place(works.section), BESIEGED)
            guards = _blockers(view, ready, _fits_breach) if ready else ()
            if guards:
                found.append(Option("block", BESIEGED, f"breach:{works.section}", guards, most=1))
    return found


def _fits_breach(model: Model) -> bool:
    return model.profile.is_large and model.profile.ratio > BREACH_RATIO  # §6.3.5


def end_blocks(view: MenuView) -> list[Option]:
    """The besieged's blockers stepping away from a gate, a ladder or a breach (§6.3.2)."""
    if view.state.active is not BESIEGED:
        return []
    return _end_blocks(view)


def counter_mines(view: MenuView) -> list[Option]:
    """The besieged's models free to act dig a counter-mine against the besieger's mine, in the set-up or his
    movement: 4 to 8 of them in all, those already down counted (§10.2, R2)."""
    state = view.state
    mine = state.mine
    if mine is None or (state.phase is not Phase.SETUP and state.active is not BESIEGED):
        return []
    down = len(mine.counter_miners)
    miners = counter_miners(state) if down < MAX_COUNTER_MINERS else ()
    if not miners or down + len(miners) < MIN_COUNTER_MINERS:
        return []
    least, most = max(1, MIN_COUNTER_MINERS - down), MAX_COUNTER_MINERS - down
    return [Option("counter_mine", BESIEGED, actors=miners, least=least, most=most)]


def sorties(view: MenuView) -> list[Option]:
    """The besieged's flyers on the fort's sections, free to move this turn, fly out against the war machines
    (§11.2)."""
    state = view.state
    if state.active is not BESIEGED:
        return []
    bound = {m for g in state.gates for m in g.reinforcers} | state.turn_log.deployed  # §6.4, §10.2
    if state.belfries:
        bound |= {m for b in state.belfries for m in b.stunned}  # 001 §8
    flyers = tuple(
        m.id
        for place, here in view.by_side(BESIEGED).items()
        if place.inside
        for m in here
        if m.profile.has(Special.FLYER) and m.id not in bound and may_sortie(state, m)
    )
    if not flyers:
        return []
    machines = war_machines(state)
    return [Option("sortie", BESIEGED, actors=flyers, targets=machines)] if machines else []


def _end_blocks(view: MenuView) -> list[Option]:
    state = view.state
    held = [(f"gate:{g.id}", g.blocker) for g in state.gates]
    # §7.1.8: a drawn duel at the top of a ladder goes on, nobody replacing either
    held += [(f"ladder:{x.id}", x.blocker) for x in state.ladders if x.duel is None]
    held += [(f"breach:{w.section}", w.blocker) for w in state.works]
    found = [Option("end_block", BESIEGED, where, (blocker,)) for where, blocker in held if blocker is not None]
    found += [Option("end_block", BESIEGED, f"climb:{c.id}", c.blockers, most=1) for c in state.climbs if c.blockers]
    return found


def besieged_at_movement_end(view: MenuView) -> list[Option]:
    """At the end of any movement phase the besieged throws stones and rocks and pours its braziers (§8.1.2,
    §8.2.2) and fights fires (§9.3, §9.4), from a section not silenced (§5.9), with the models there who may still
    (:func:`~rules.siege.chapters.defences.free_defenders`): one for the stones, two for a rock or a brazier
    (:data:`~rules.siege.chapters.defences.THROWERS`). Stones and liquids fall on the besiegers at the section's foot
    and on its ladders, rocks on those in a siege tower against it too (§8.1.2); boiling oil on a wooden structure below
    may set it alight (§8.2.5).
    """
    state = view.state
    found: list[Option] = []
    for works in state.works:
        braziers = works.braziers
        liquids = [x for x in braziers if x is not None]  # §9.1.2: a bare brazier pours nothing
        if works.silenced or not (works.stones or works.rocks or liquids):
            continue  # nothing to throw, drop or pour from this section
        section = works.section
        defenders = free_defenders(state, section)
        if not defenders:
            continue
        below = tuple([m.id for m in view.side_at(place_of(FOOT, section), BESIEGER)])
        below += tuple(
            [
                m.id
                for x in state.ladders
                if x.section == section and x.raised
                for m in view.side_at(place_of(LADDER, x.id), BESIEGER)
            ]
        )
        if works.stones and below:
            found.append(Option("throw_stones", BESIEGED, section, defenders, below, most=THROWERS["stones"]))
        pairs = _weight(state, defenders)
        if works.rocks and pairs >= THROWERS["a rock"]:
            towers = tuple(
                [
                    m.id
                    for t in state.siege_towers
                    if t.section == section
                    for m in view.side_at(place_of(SIEGE_TOWER, t.id), BESIEGER)
                ]
            )
            if below or towers:
                found.append(_pair("drop_rock", section, defenders, (*below, *towers)))
        if not liquids or pairs < THROWERS["a brazier"]:
            continue
        structures = structures_below(state, section) if state.gates or state.siege_towers else ()
        alight = tuple([x for x in structures if burning(state, x)])
        unlit = tuple([x for x in structures if x not in alight]) if Liquid.OIL in liquids else ()
        if below or unlit:
            found.append(_pair("pour", section, defenders, (*below, *unlit)))
        if Liquid.WATER in liquids:
            gates = tuple([x for x in alight if x.startswith("gate:")])
            if gates:
                found.append(_pair("put_out_fire", section, defenders, gates))
        if Liquid.OIL in liquids and alight:
            found.append(_pair("oil_on_fire", section, defenders, alight))
    return found


def _weight(state: BattleState, defenders: tuple[str, ...]) -> int:
    """What the first two ``defenders`` count for a rock or a brazier, a large model its ratio (§12.1.4)."""
    by_id = state.by_id
    return sum(by_id[m].profile.ratio for m in defenders[: THROWERS["a brazier"]])


def _pair(name: str, section: str, defenders: tuple[str, ...], targets: tuple[str, ...]) -> Option:
    """A rock dropped or a brazier poured from ``section``: two models, or one large model alone (§8.1.4, §8.2.2,
    §12.1.4)."""
    need = THROWERS["a rock"] if name == "drop_rock" else THROWERS["a brazier"]
    return Option(name, BESIEGED, section, defenders, targets, least=min(need, len(defenders)), most=need)


def braziers_taken(view: MenuView) -> list[Option]:
    """In their turn the besiegers knock over the braziers of a section they hold, no besieged left on it
    (§8.2.3)."""
    if view.state.active is not BESIEGER or not view.state.works:
        return []
    return [Option("knock_over_braziers", BESIEGER, section) for section in braziers_held(view.state)]


def ladder_reactions(view: MenuView) -> list[Option]:
    """In the besieger's movement the besieged push each ladder back or let it go (§7.1.5, §7.1.6, R33) and block it
    after a failed try (§7.1.7); in their own, they push over the ladders nobody climbs (§7.1.6 note); in either,
    they block a hoisted ladder at its foot (§7.1.10) and a giant on the wall (§12.1.5)."""
    state = view.state
    found: list[Option] = _empty_ladders(view) if state.active is BESIEGED else []
    log = state.turn_log
    for ladder in state.ladders:
        if not ladder.raised:
            continue
        where = f"ladder:{ladder.id}"
        if ladder.courtyard is not None:
            if ladder.blocker is None:
                # §7.1.10: « Une figurine peut bloquer au bas d'une échelle » hoisted into its courtyard
                ready = view.ready(section_place(ladder.courtyard), BESIEGED)
                blockers = _blockers(view, ready, _any_size) if ready else ()
                if blockers:
                    found.append(Option("block", BESIEGED, where, blockers, most=1))
            continue
        if state.active is BESIEGED:
            continue
        found.extend(push_back_options(state, ladder))
        if ladder.id in log.pushed and ladder.blocker is None and not ladder.taken:
            # §7.1.7: « Seule une figurine ayant tenté de repousser peut bloquer »
            pushers = [m for m in view.ready(section_place(ladder.section), BESIEGED) if m in log.pushers]
            blockers = _blockers(view, pushers, _any_size)
            if blockers:
                found.append(Option("block", BESIEGED, where, blockers, most=1))
    for climb in state.climbs:
        if len(climb.blockers) >= CLIMB_BLOCKERS:
            continue  # §12.1.5: « Jusqu'à 6 figurines de taille normale »
        giant = state.model(climb.id)
        ready = view.ready(section_place(giant.place.ref), BESIEGED)
        guards = _blockers(view, ready, _normal_size) if ready else ()
        if guards:
            found.append(Option("block", BESIEGED, f"climb:{climb.id}", guards, most=1))
    return found


def _any_size(model: Model) -> bool:
    return True  # §12.1.2: « Les grandes créatures peuvent bloquer des échelles »


def _normal_size(model: Model) -> bool:
    return not model.profile.is_large  # §12.1.5: « figurines de taille normale »


def _empty_ladders(view: MenuView) -> list[Option]:
    """The ladders against the rampart with nobody on them nor any besieger at their foot, which the besieged on the
    rampart push over in their own movement, no roll (§7.1.6 note)."""
    state = view.state
    found = []
    for ladder in state.ladders:
        if (
            ladder.raised
            and ladder.courtyard is None
            and view.side_at(section_place(ladder.section), BESIEGED)
            and place_of(LADDER, ladder.id) not in view.by_place
            and not view.side_at(place_of(FOOT, ladder.section), BESIEGER)
        ):
            found.append(Option("push_over_empty_ladder", BESIEGED, f"ladder:{ladder.id}"))
    return found
