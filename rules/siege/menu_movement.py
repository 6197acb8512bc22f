"""The movement step's menus (§2, §3, §6, §7, §8, §10–§12): where each ready model may step or charge, rallies,
the engines carried, raised and brought up, the gates reinforced and blocked, and what the besieged does at the end
of any movement (stones, rocks, braziers, push-backs).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.siege.belfry_menu import bridge_steps
from rules.siege.engines import GateStatus, Liquid, MineGoal
from rules.siege.fort import ConnectionKind
from rules.siege.gates import gate_sections
from rules.siege.menu_view import MenuView, section_place, war_machines
from rules.siege.morale import flee_option, rally_problem
from rules.siege.options import Option
from rules.siege.places import place_of
from rules.siege.profiles import Creature, Special
from rules.siege.sorties import may_sortie
from rules.siege.state import BattleState, Phase, Place, Side, Zone

# an enum's member read from its class goes through the enum's own look-up on Python 3.11: the hot ones read once
_BESIEGER, _BESIEGED = Side.BESIEGER, Side.BESIEGED
_LADDER, _FOOT = Zone.LADDER, Zone.FOOT

__all__ = [
    "besieged_at_movement_end",
    "besieger_engines",
    "breach_guards",
    "charges_in",
    "counter_mines",
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


def _steps_from(state: BattleState, place: Place, side: Side) -> tuple[tuple[str, Place], ...]:
    """Where models at ``place`` may step to, each written and as a place: adjacent sections (the besieger also onto
    a ladder against his section), the rampart above a ladder or a siege tower, a raised ladder from the foot of its
    wall (§2.1.1, §7).
    """
    table = _steps_table(state)
    found = table.get((place, side))
    if found is None:
        found = table[place, side] = tuple((t, Place.parse(t)) for t in _ways_from(state, place, side))
    return found


def _steps_table(state: BattleState) -> dict[tuple[Place, Side], tuple[tuple[str, Place], ...]]:
    """The steps from each place as the fort stands with the state's ladders, siege towers and belfries: kept with
    the state while those stay the same, and with the fort for each way they stand (what :func:`_ways_from` reads
    of them), as the same ways come back action after action.
    """
    ways = state.ways
    table: dict[tuple[Place, Side], tuple[tuple[str, Place], ...]] | None = ways.get(_steps_table)
    if table is None:
        layout = (
            _steps_table,
            tuple((x.id, x.raised, x.section) for x in state.ladders),
            tuple((t.id, t.section) for t in state.siege_towers),
            tuple((b.id, b.bridge, b.section) for b in state.belfries),
        )
        table = ways[_steps_table] = state.fort.memo.setdefault(layout, {})
    return table


def _ways_from(state: BattleState, place: Place, side: Side) -> tuple[str, ...]:
    if place.inside:
        found = [*state.fort.neighbours(place.ref), *bridge_steps(state, place, side)]
        if side is _BESIEGER:
            found += [f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref]
        return tuple(found)
    if place.zone is Zone.BELFRY:
        return bridge_steps(state, place, side)
    if place.zone is _LADDER:
        ladder = state.ladder(place.ref)
        return (ladder.section, f"foot:{ladder.section}") if ladder.raised else ()
    if place.zone is Zone.SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return () if tower.section is None else (tower.section,)
    if place.zone is _FOOT:
        found = [f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref]
        found += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == place.ref]
        if state.fort.gates_of(place.ref):
            found.append(place.ref)
        found += [
            n
            for n in state.fort.neighbours(place.ref)
            if (c := state.fort.connection(place.ref, n)) is not None and c.kind is ConnectionKind.BREACH
        ]
        return tuple(found)
    if place.zone is Zone.FIELD:
        return state.fort.approaches
    if place.zone is Zone.WALL:
        return (place.ref,)
    return ()


def moves_and_charges(view: MenuView) -> list[Option]:
    """Each place's ready models of the side to play, where they may step to or charge (§2, §3.1)."""
    return _moves(view, view.ready_by_place(view.state.active).items())


def moves_in(view: MenuView, zone: Zone) -> list[Option]:
    """The moves of :func:`moves_and_charges` from the places of ``zone`` alone, in the same order."""
    return _steps_in(view, zone, charges=False)


def charges_in(view: MenuView, zone: Zone) -> list[Option]:
    """The charges of :func:`moves_and_charges` from the places of ``zone`` alone, in the same order (§3.1)."""
    return _steps_in(view, zone, charges=True)


def _steps_in(view: MenuView, zone: Zone, charges: bool) -> list[Option]:
    """The moves or the charges from ``zone``'s places: a place's ready models asked for only when it leads to a
    place free of the enemy (a move) or held by it (a charge)."""
    state = view.state
    side = state.active
    name = "charge" if charges else "move"
    found: list[Option] = []
    enemy = view.by_side(side.enemy)
    table = _steps_table(state)
    for place in view.by_side(side):  # in the order of view.by_place
        if place.zone is not zone:
            continue
        steps = table.get((place, side))
        if steps is None:
            steps = _steps_from(state, place, side)
        targets = tuple([t for t, into in steps if (into in enemy) is charges])
        if targets:
            movers = view.ready(place, side)
            if movers:
                found.append(Option(name, side, str(place), movers, targets))
    return found


def _moves(view: MenuView, ready: Iterable[tuple[Place, tuple[str, ...]]]) -> list[Option]:
    state = view.state
    side = state.active
    found: list[Option] = []
    enemy = view.by_side(side.enemy)
    table = _steps_table(state)
    for place, movers in ready:  # in the order of view.by_place
        if not movers:
            continue
        steps = table.get((place, side))
        if steps is None:
            steps = _steps_from(state, place, side)
        free = tuple([t for t, into in steps if into not in enemy])
        if free:
            found.append(Option("move", side, str(place), movers, free))
        if len(free) < len(steps):
            found.append(Option("charge", side, str(place), movers, tuple([t for t, into in steps if into in enemy])))
    return found


def flight(view: MenuView) -> list[Option]:
    """Fleeing models of the side to play, section by section: they try to rally where no enemy is near (§3.4),
    they flee on where an enemy stands, to a section or a ladder open to them (§3.3.3, R35)."""
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
        if rally_problem(state, section, side) is None:
            found.append(Option("rally", side, section))
        option = flee_option(state, section, side)
        if option is not None:
            found.append(option)
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
    """The besieged's flyers on the fort's sections, free to move this turn, fly out against the war machines
    (§11.2)."""
    state = view.state
    if state.active is not _BESIEGED:
        return []
    bound = {m for g in state.gates for m in g.reinforcers} | state.turn_log.deployed  # §6.4, §10.2
    if state.belfries:
        bound |= {m for b in state.belfries for m in b.stunned}  # 001 §8
    flyers = tuple(
        m.id
        for place, here in view.by_side(_BESIEGED).items()
        if place.inside
        for m in here
        if m.profile.has(Special.FLYER) and m.id not in bound and may_sortie(state, m)
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
