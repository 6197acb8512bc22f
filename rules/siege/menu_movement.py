"""The movement step's menus (§2, §3, §6, §7, §8, §10–§12): where each ready model may step or charge, rallies,
the engines carried, raised and brought up, the gates reinforced and blocked, and what the besieged does at the end
of any movement (stones, rocks, braziers, push-backs).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.siege.belfry import CAPACITY, level_of
from rules.siege.belfry_menu import bridge_steps
from rules.siege.checks import LADDER_HOLDS, SIEGE_TOWER_HOLDS, bound, room_left
from rules.siege.engines import GateStatus, Liquid, MineGoal
from rules.siege.fort import ConnectionKind, SectionKind
from rules.siege.gates import gate_sections
from rules.siege.menu_view import MenuView, section_place, war_machines
from rules.siege.movement import Who, admits, way
from rules.siege.options import Option
from rules.siege.places import IllegalAction, Model, place_of
from rules.siege.profiles import Creature, Special
from rules.siege.psychology import holds_the_section
from rules.siege.state import BattleState, Phase, Place, Side, Zone

# an enum's member read from its class goes through the enum's own look-up on Python 3.11: the hot ones read once
_BESIEGER, _BESIEGED = Side.BESIEGER, Side.BESIEGED
_LADDER, _FOOT = Zone.LADDER, Zone.FOOT
_COURTYARD = SectionKind.COURTYARD

__all__ = [
    "besieged_at_movement_end",
    "besieger_engines",
    "breach_guards",
    "charges_in",
    "counter_mines",
    "courtyard_via",
    "end_blocks",
    "flight",
    "gate_guards",
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


def ladders_and_rams(view: MenuView, carriers: tuple[str, ...]) -> list[Option]:
    """Ladders and rams taken up, let go or brought to a gate (§7.1.1–§7.1.3, §7.2.1, §7.2.2)."""
    state = view.state
    found = []
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.lying and carriers:
            found.append(Option("pick_up_ladder", _BESIEGER, where, carriers))
        elif ladder.carried and state.phase is not Phase.SETUP:
            found.append(Option("drop_ladder", _BESIEGER, where, ladder.carriers))
    gate_ids = tuple(g.id for g in state.gates if g.structure_points > 0)
    for ram in state.rams:
        where = f"ram:{ram.id}"
        if not ram.carriers and carriers:
            found.append(Option("carry_ram", _BESIEGER, where, carriers))
        elif ram.carriers and ram.gate is None and gate_ids:
            found.append(Option("bring_ram", _BESIEGER, where, ram.carriers, gate_ids))
        elif ram.carriers and state.phase is not Phase.SETUP:
            found.append(Option("drop_ram", _BESIEGER, where, ram.carriers))
    return found


# ---- movement (§2, §3, §6, §7, §8, §10–§12) -----------------------------------------------------------------------


Step = tuple[str, Place, tuple[str, ...]]
"""A place a model may step to: written, as a place, and the courtyards it may go through on the way (none for an
adjacent place, §2.1.1)."""


def _steps_from(state: BattleState, place: Place, side: Side) -> tuple[Step, ...]:
    """Where models at ``place`` may step to as the fort stands with its ladders, siege towers and belfries: each
    way is then asked whether it is open now (:func:`~rules.siege.movement.way`)."""
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
        if side is _BESIEGER:
            found += [
                f"ladder:{x.id}"
                for x in state.ladders
                if x.raised and x.section == place.ref and x.courtyard is not None
            ]
        return (*_plain(found), *_across_courtyards(state, place.ref))
    if place.zone is Zone.BELFRY:
        return _plain(bridge_steps(state, place, side))
    if place.zone is _LADDER:
        ladder = state.ladder(place.ref)
        # §7.1.5, §7.1.10: up onto the rampart, or down into the courtyard it is hoisted into; never back down
        return _plain([ladder.courtyard or ladder.section]) if ladder.raised else ()
    if place.zone is Zone.SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return () if tower.section is None else _plain([tower.section])
    if place.zone is _FOOT:
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
    if fort.section(section).kind is not _COURTYARD:
        return ()
    near = fort.neighbours(section)
    beyond: dict[str, list[str]] = {}
    for via in near:
        if fort.section(via).kind is not _COURTYARD:
            continue
        for far in fort.neighbours(via):
            if far != section and far not in near and fort.section(far).kind is _COURTYARD:
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
            if carrying:
                chosen = [m for m in chosen if m.id not in carrying]  # §7.2.1: a ram never enters the fort
            if state.fort.section(into.ref).kind is not _COURTYARD:
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
    if zone is _LADDER:
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
    """Fleeing models of the side to play rally or flee on, section by section (§3.4)."""
    state = view.state
    side = state.active
    found: list[Option] = []
    fleeing = set()
    for place, here in view.by_side(side).items():
        if place.inside:
            for model in here:
                if model.fleeing:
                    fleeing.add(place.ref)
                    break
    for section in sorted(fleeing):
        found.append(Option("rally", side, section))
        found.append(Option("flee", side, section))
    return found


# The side's own moves in its movement (§6–§12), each kind worked out apart: the besieger's engines, giants and
# tunnel, then the besieged's gates, breaches, mine and sorties. A part of the other side's is empty.


def besieger_engines(view: MenuView) -> list[Option]:
    """Ladders and rams taken up, let go or brought to a gate by the besieger's ready models outside (§7.1, §7.2)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    # only a ladder or a ram nobody carries is taken up: without one, who stands outside is not asked
    free = any(x.lying for x in state.ladders) or any(not r.carriers for r in state.rams)
    return ladders_and_rams(view, view.ready_outside(_BESIEGER) if free else ())


def ladder_works(view: MenuView) -> list[Option]:
    """Ladders raised against a rampart, hoisted into a courtyard or carried there (§7.1.3, §7.1.9)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    found = []
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.carried:
            found.append(Option("erect_ladder", _BESIEGER, where, ladder.carriers, view.ramparts))
        elif ladder.raised and ladder.courtyard is None and not view.side_at(place_of(_LADDER, ladder.id), _BESIEGER):
            hoisters = view.ready(section_place(ladder.section), _BESIEGER)
            courtyards = tuple(n for n in state.fort.neighbours(ladder.section) if n in view.courtyards)
            if hoisters and courtyards:
                found.append(Option("hoist_ladder", _BESIEGER, where, hoisters, courtyards))
        elif ladder.courtyard is not None and ladder.carriers:
            found.append(Option("carry_ladder", _BESIEGER, where, ladder.carriers))
    return found


def tower_pushes(view: MenuView) -> list[Option]:
    """Siege towers pushed up to a rampart by their crews (§7.3)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    return [
        Option("push_tower", _BESIEGER, f"siege_tower:{tower.id}", tower.crew, view.ramparts)
        for tower in state.siege_towers
        if tower.section is None and not tower.collapsed and tower.crew
    ]


def giant_climbs(view: MenuView) -> list[Option]:
    """Giants at the foot of a wall who have not moved this turn climb it (§12.1.5)."""
    if view.state.active is not _BESIEGER:
        return []
    giants = tuple(
        m.id
        for place in view.by_place
        if place.zone is _FOOT
        for m in view.side_at(place, _BESIEGER)
        if m.profile.creature is Creature.GIANT and m.id not in view.spent
    )
    return [Option("climb_wall", _BESIEGER, actors=giants)] if giants else []


def tunnels(view: MenuView) -> list[Option]:
    """The besieger's ready models outside going through a finished tunnel into a courtyard (§10.3.2)."""
    mine = view.state.mine
    if view.state.active is not _BESIEGER or mine is None or not mine.finished or mine.goal is not MineGoal.TUNNEL:
        return []
    return [Option("tunnel", _BESIEGER, actors=view.ready_outside(_BESIEGER), targets=view.courtyards)]


def gate_guards(view: MenuView) -> list[Option]:
    """The besieged's ready models of a standing gate's sections reinforce it or block it (§6.3, §6.4)."""
    state = view.state
    if state.active is not _BESIEGED:
        return []
    found = []
    for gate in state.gates:
        if gate.structure_points <= 0:
            continue
        defenders = tuple([m for place in _gate_places(state, gate) for m in view.ready(place, _BESIEGED)])
        if defenders:
            found.append(Option("reinforce_gate", _BESIEGED, f"gate:{gate.id}", defenders))
            if gate.blocker is None:
                found.append(Option("block", _BESIEGED, f"gate:{gate.id}", defenders))
    return found


def _gate_places(state: BattleState, gate: GateStatus) -> tuple[Place, ...]:
    """The sections a gate belongs to (:func:`~rules.siege.gates.gate_sections`), kept with the fort."""
    memo = state.fort.memo
    key = (_gate_places, gate.id, gate.kind)
    found: tuple[Place, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = tuple(section_place(s) for s in gate_sections(state, gate.id))
    return found


def breach_guards(view: MenuView) -> list[Option]:
    """The besieged's ready models of a breached section block the breach (§5.9, §6.3)."""
    state = view.state
    if state.active is not _BESIEGED:
        return []
    found = []
    for works in state.works:
        if works.collapsed and works.blocker is None:
            guards = view.ready(section_place(works.section), _BESIEGED)
            if guards:
                found.append(Option("block", _BESIEGED, f"breach:{works.section}", guards))
    return found


def end_blocks(view: MenuView) -> list[Option]:
    """The besieged's blockers stepping away from a gate, a ladder or a breach (§6.3.2)."""
    if view.state.active is not _BESIEGED:
        return []
    return _end_blocks(view)


def counter_mines(view: MenuView) -> list[Option]:
    """The besieged's ready models in the courtyards dig a counter-mine against the besieger's mine (§10.2)."""
    state = view.state
    if state.active is not _BESIEGED or state.mine is None or state.mine.counter_miners:
        return []
    miners = tuple(m for c in view.courtyards for m in view.ready(section_place(c), _BESIEGED))
    return [Option("counter_mine", _BESIEGED, actors=miners)] if miners else []


def sorties(view: MenuView) -> list[Option]:
    """The besieged's flyers who have not moved this turn fly out against the war machines (§11.2)."""
    state = view.state
    if state.active is not _BESIEGED:
        return []
    flyers = tuple(
        m.id for m in state.models if m.side is _BESIEGED and m.profile.has(Special.FLYER) and m.id not in view.spent
    )
    if not flyers:
        return []
    machines = war_machines(state)
    return [Option("sortie", _BESIEGED, actors=flyers, targets=machines)] if machines else []


def _end_blocks(view: MenuView) -> list[Option]:
    state = view.state
    held = [(f"gate:{g.id}", g.blocker) for g in state.gates]
    held += [(f"ladder:{x.id}", x.blocker) for x in state.ladders]
    held += [(f"breach:{w.section}", w.blocker) for w in state.works]
    return [Option("end_block", _BESIEGED, where, (blocker,)) for where, blocker in held if blocker is not None]


def besieged_at_movement_end(view: MenuView) -> list[Option]:
    """At the end of any movement phase the besieged throws stones and rocks and pours its braziers (§8.1.2,
    §8.2.2) and fights fires (§9.3, §9.4).
    """
    state = view.state
    found = []
    for works in state.works:
        braziers = works.braziers
        poured = braziers.count(None) < len(braziers)  # §9.1.2: a bare brazier pours nothing
        armed = not works.silenced and (works.stones or works.rocks or poured)
        fires = works.braziers and state.fires
        if not (armed or fires):
            continue  # nothing to throw, drop or pour, no fire to fight from this section
        defenders = view.ready(section_place(works.section), _BESIEGED)
        if armed and defenders:
            below = tuple([m.id for m in view.side_at(place_of(_FOOT, works.section), _BESIEGER)])
            below += tuple(
                [
                    m.id
                    for x in state.ladders
                    if x.section == works.section and x.raised
                    for m in view.side_at(place_of(_LADDER, x.id), _BESIEGER)
                ]
            )
            if below:
                if works.stones:
                    found.append(Option("throw_stones", _BESIEGED, works.section, defenders, below))
                if works.rocks:
                    found.append(Option("drop_rock", _BESIEGED, works.section, defenders, below))
                if poured:
                    found.append(Option("pour", _BESIEGED, works.section, defenders, below))
        if fires:
            targets = tuple(f.target for f in state.fires)
            if Liquid.WATER in works.braziers:
                found.append(Option("put_out_fire", _BESIEGED, works.section, defenders, targets))
            if Liquid.OIL in works.braziers:
                found.append(Option("oil_on_fire", _BESIEGED, works.section, defenders, targets))
    return found


def ladder_reactions(view: MenuView) -> list[Option]:
    """At the end of the besieger's movement the besieged pushes ladders back and blocks them (§7.1.6, §7.1.7),
    knocks hoisted ones down (§7.1.10) and blocks the giants on the wall (§12.1.5)."""
    state = view.state
    found: list[Option] = []
    if state.active is not _BESIEGER:
        return found
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.raised and ladder.courtyard is None and ladder.id not in state.turn_log.pushed:
            pushers = view.ready(section_place(ladder.section), _BESIEGED)
            climbers = view.side_at(place_of(_LADDER, ladder.id), _BESIEGER)
            if pushers and climbers:
                found.append(Option("push_back", _BESIEGED, where, pushers))
            elif pushers:
                found.append(Option("push_over_empty_ladder", _BESIEGED, where, pushers))
            if pushers and ladder.blocker is None and not ladder.taken:
                found.append(Option("block", _BESIEGED, where, pushers))
        if ladder.courtyard is not None and ladder.blocker is not None:
            found.append(Option("knock_down_ladder", _BESIEGED, where, (ladder.blocker,)))
    for climb in state.climbs:
        giant = state.model(climb.id)
        guards = view.ready(section_place(giant.place.ref), _BESIEGED)
        if guards and len(climb.blockers) < len(guards) + len(climb.blockers):
            found.append(Option("block", _BESIEGED, f"climb:{climb.id}", guards))
    return found
