"""The menus of the magic, shooting and close-combat steps (§3, §5, §6.3, §7, §9, §12.1.5, §13): the walls' ward
against spells, volleys and bombardments, fights on each section with their results, duels against blockers, rams
and blows against the gates, troops out of a siege tower.
"""

from __future__ import annotations

from rules.siege.belfry_cover import Cover, target_cover
from rules.siege.gates import gate_reach
from rules.siege.menu_view import MenuView, section_place
from rules.siege.options import Option
from rules.siege.places import place_of
from rules.siege.profiles import Special
from rules.siege.shooting import bombard_targets, ready_machines
from rules.siege.state import BattleState, Side, Zone

# an enum's member read from its class goes through the enum's own look-up on Python 3.11: the hot ones read once here
_BESIEGER, _BESIEGED = Side.BESIEGER, Side.BESIEGED
_SECTION, _LADDER, _MINE, _SIEGE_TOWER = Zone.SECTION, Zone.LADDER, Zone.MINE, Zone.SIEGE_TOWER
_INFINITE = Cover.INFINITE

__all__ = [
    "blocked",
    "bombarding",
    "disembarking",
    "gate_attacks",
    "magic",
    "rams_at_gates",
    "section_in_combat",
    "sections_in_combat",
    "shooting",
]


# ---- magic (§13) --------------------------------------------------------------------------------------------------


def magic(view: MenuView) -> list[Option]:
    """The walls' protection against a besieger character's spell from outside (§13.2). The spells themselves are
    cast by WFB's magic rules, which the engine does not hold: an earthquake is played once cast, never offered.
    """
    state = view.state
    if state.active is not _BESIEGER or not state.magic_protection:
        return []
    casters = tuple(
        m.id for m in state.models if m.side is _BESIEGER and m.profile.has(Special.CHARACTER) and not m.place.inside
    )
    return [Option("cast", _BESIEGER, actors=casters, targets=("fort", "field"))] if casters else []


# ---- shooting (§5, §9) --------------------------------------------------------------------------------------------


def shooting(view: MenuView) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    foes: tuple[str, ...] | None = None  # worked out once some model may shoot
    engines: tuple[str, ...] | None = None
    gate_ids: tuple[str, ...] | None = None
    engaged = state.engaged
    log = state.turn_log
    busy = engaged | state.blockers | log.shot | log.deployed  # §5: one volley a turn; §10.1, §10.2: just up
    for place, models in view.by_side(side).items():  # in the order of view.by_place
        shooters = tuple([m.id for m in models if m.profile.missile is not None and not m.fleeing and m.id not in busy])
        if not shooters:
            continue
        if foes is None:
            foes = _targets(state, side.enemy, engaged)
        if foes:
            found.append(Option("shoot", side, str(place), shooters, foes))
        if side is _BESIEGED:
            if engines is None:
                engines = tuple(f"ram:{r.id}" for r in state.rams if r.covered and not r.wrecked) + tuple(
                    f"siege_tower:{t.id}" for t in state.siege_towers if not t.collapsed
                )
            if engines:
                found.append(Option("shoot_engine", side, str(place), shooters, engines))
        elif not place.inside:
            if gate_ids is None:
                gate_ids = tuple(g.id for g in state.gates if g.structure_points > 0)
            if gate_ids:
                found.append(Option("shoot_gate", side, str(place), shooters, gate_ids))
            found.append(Option("shoot_structure", side, str(place), shooters, view.ramparts))
    return found


def _targets(state: BattleState, side: Side, engaged: frozenset[str]) -> tuple[str, ...]:
    """The models of ``side`` a shot may aim at, in the order of the state's models: not engaged, nor in a mine
    or a siege tower, nor out of sight in a belfry (001 §3), which their place alone decides."""
    found: list[str] = []
    places = 0
    for place, here in state.by_side_and_place[side].items():
        zone = place.zone
        if zone is _MINE or zone is _SIEGE_TOWER or target_cover(state, here[0]) is _INFINITE:
            continue
        open_to = [m.id for m in here if m.id not in engaged] if engaged else [m.id for m in here]
        if open_to:
            found += open_to
            places += 1
    if places > 1:  # the places stand in the order of their first models: their models put back in the models' order
        found.sort(key=state.rank.__getitem__)
    return tuple(found)


def bombarding(view: MenuView) -> list[Option]:
    """The besieger's war machines that may still fire this turn, one a bombardment, at a standing rampart or a
    standing main gate or postern (§5.6, §5.7, §5.9)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    machines = ready_machines(state)
    if not machines:
        return []
    targets = bombard_targets(state)
    return [Option("bombard", _BESIEGER, actors=machines, targets=targets, most=1)] if targets else []


# ---- close combat (§3, §6.3, §7, §12.1.5) -------------------------------------------------------------------------


def sections_in_combat(view: MenuView) -> list[Option]:
    state = view.state
    side = state.active
    found: list[Option] = []
    mine, theirs = view.by_side(side), view.by_side(side.enemy)
    # the sections with both sides on them or the losers of a combat still to retreat or hold
    contested = {r.section for r in state.results if r.loser_to_react is not None}
    contested.update(place.ref for place in mine if place.zone is _SECTION and place in theirs)
    if not contested:
        return found
    for section in state.fort.sections:
        if section.id in contested:  # else neither a combat nor its losers on this section
            _combat_on(view, section.id, found)
    return found


def section_in_combat(view: MenuView, section: str) -> list[Option]:
    """The entries of :func:`sections_in_combat` on ``section`` alone."""
    state = view.state
    found: list[Option] = []
    place = section_place(section)
    if any(r.section == section and r.loser_to_react is not None for r in state.results) or (
        place in view.by_side(state.active) and place in view.by_side(state.active.enemy)
    ):
        _combat_on(view, section, found)
    return found


def _combat_on(view: MenuView, section: str, found: list[Option]) -> None:
    """A contested section's fight, and its loser's retreat and hold (§3.2, §3.3.2)."""
    state = view.state
    side = state.active
    log = state.turn_log
    place = section_place(section)
    strikers = [m for m in view.side_at(place, side) if not m.fleeing and m.id not in log.rallied]
    foes = view.side_at(place, side.enemy)
    if strikers and foes and section not in log.fought_twice:
        found.append(Option("fight", side, section, tuple([m.id for m in strikers]), tuple([m.id for m in foes])))
    result = state.result(section)
    loser = None if result is None else result.loser_to_react
    if loser is not None:
        losers = tuple([m.id for m in view.side_at(place, loser)])
        if losers:
            ways = [*state.fort.neighbours(section)]
            ways += [f"ladder:{x.id}" for x in state.ladders if x.section == section and x.raised]
            ways += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == section]
            found.append(Option("retreat", loser, section, losers, tuple(ways)))
            found.append(Option("hold", loser, section, losers))


def blocked(view: MenuView) -> list[Option]:
    """Duels against a model blocking a gate, a breach or a ladder (§6.3.3, §7.1.8), a giant against its blockers
    (§12.1.5); the gate taken by the attacker who killed its blocker (§6.3.4).
    """
    state = view.state
    side = state.active
    found = []
    for ladder in state.ladders:
        if ladder.blocker is not None and side is _BESIEGER:
            climbers = tuple(m.id for m in view.side_at(place_of(_LADDER, ladder.id), side) if not m.fleeing)
            if climbers:
                found.append(Option("fight_blocker", side, f"ladder:{ladder.id}", climbers))
    for gate in state.gates:
        if gate.blocker is not None and state.model(gate.blocker).side is side.enemy:
            reach = gate_reach(state, gate.id)
            attackers = tuple(m.id for m in state.models if m.side is side and m.place in reach)
            if attackers:
                found.append(Option("fight_blocker", side, f"gate:{gate.id}", attackers))
        took = state.turn_log.took_gate
        takers = tuple(m.id for m in state.models if took(gate.id, m.id)) if state.turn_log.gate_takers else ()
        if gate.blocker is None and takers:
            found.append(Option("take_gate", side, f"gate:{gate.id}", takers))  # §6.3.4
    for climb in state.climbs:
        if side is _BESIEGER and climb.blockers:
            found.append(Option("fight_giant", side, f"climb:{climb.id}", (climb.id,), climb.blockers))
    return found


def rams_at_gates(view: MenuView) -> list[Option]:
    """The besieger's rams striking their gates, once a turn each (§7.2.4)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    rammed = state.turn_log.rammed
    return [
        Option("use_ram", _BESIEGER, f"ram:{ram.id}", ram.carriers, (ram.gate,))
        for ram in state.rams
        if ram.gate is not None and ram.carriers and ram.id not in rammed
    ]


def gate_attacks(view: MenuView) -> list[Option]:
    """The besieger's blows against the standing gates from the places in contact with them (§6)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    found = []
    reaches = [(gate.id, gate_reach(state, gate.id)) for gate in state.gates if gate.structure_points > 0]
    near_gates = frozenset().union(*(reach for _, reach in reaches))
    standing = [m for m in state.models if m.place in near_gates and m.side is _BESIEGER and not m.fleeing]
    for gate_id, reach in reaches:
        attackers = tuple(m.id for m in standing if m.place in reach)
        if attackers:
            found.append(Option("attack_gate", _BESIEGER, f"gate:{gate_id}", attackers))
    return found


def disembarking(view: MenuView) -> list[Option]:
    """Fresh troops out of a siege tower whose section the besieger won (§7.3.4)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    found = []
    for tower in state.siege_towers:
        result = None if tower.section is None else state.result(tower.section)
        if result is not None and result.winner is _BESIEGER:
            inside = tuple(m.id for m in view.side_at(place_of(_SIEGE_TOWER, tower.id), _BESIEGER))
            if inside:
                found.append(Option("disembark", _BESIEGER, f"siege_tower:{tower.id}", inside))
    return found
