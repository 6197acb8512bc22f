"""The menus of the magic, shooting and close-combat steps (§3, §5, §6.3, §7, §9, §12.1.5, §13): the walls' ward
against spells, volleys and bombardments, fights on each section with their results, duels against blockers, rams
and blows against the gates, troops out of a siege tower.
"""

from __future__ import annotations

from rules.siege.belfry_cover import Cover, target_cover
from rules.siege.blocking import attackers_reach, fits_gate
from rules.siege.fort import GateKind
from rules.siege.gates import DOOR_ATTACKERS, gate_reach, is_destroyed, touches_gate
from rules.siege.ladders import pushers_of
from rules.siege.menu_view import MenuView, section_place, war_machines
from rules.siege.options import Option
from rules.siege.places import place_of
from rules.siege.profiles import Special
from rules.siege.rams import MIN_CARRIERS as RAM_MIN_CARRIERS
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
    busy = engaged | state.blockers | state.turn_log.shot  # §5: one volley a turn
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
    """The besieger's war machines bombarding a rampart or a standing gate (§5.7, §5.9)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    machines = war_machines(state)
    if not machines:
        return []
    targets = (*view.ramparts, *(f"gate:{g.id}" for g in state.gates if g.structure_points > 0))
    return [Option("bombard", _BESIEGER, actors=machines, targets=targets)]


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
    (§12.1.5); the gate taken by the attacker who killed its blocker (§6.3.4); the ladder's blocker who has just
    killed its attackers pushing it back alone, or knocking it down from its foot (§7.1.8, §7.1.10).
    """
    state = view.state
    side = state.active
    log = state.turn_log
    found: list[Option] = []
    held: list[tuple[str, str | None, str | None]] = [(f"gate:{g.id}", g.blocker, None) for g in state.gates]
    held += [(f"ladder:{x.id}", x.blocker, x.duel) for x in state.ladders]
    held += [(f"breach:{w.section}", w.blocker, None) for w in state.works]
    for where, blocker_id, duel in held:
        if blocker_id is None or where in log.duels:
            continue  # §6.3.3: one fight a turn against a blocker
        blocker = state.model(blocker_id)
        if blocker.side is side:
            continue
        reach = attackers_reach(state, where)
        attackers = [
            m.id
            for m in state.models
            if m.side is side and m.place in reach and not m.fleeing and m.profile.ws > 0 and m.profile.s > 0
        ]
        if duel is not None:  # §7.1.8: the drawn pair fight on, nobody replacing either
            attackers = [m for m in attackers if m == duel]
        if attackers:
            # §6.3.3, §12.1.2: as many as the blocker's ratio, and one more to replace a fallen attacker
            front = max(1, blocker.profile.ratio) if blocker.profile.is_large else 1
            found.append(Option("fight_blocker", side, where, tuple(attackers), most=front + 1))
    for ladder in state.ladders:
        if ladder.blocker is None or ladder.id not in log.held or not ladder.raised:
            continue
        where = f"ladder:{ladder.id}"
        if ladder.courtyard is not None:
            found.append(Option("knock_down_ladder", _BESIEGED, where, (ladder.blocker,)))  # §7.1.10
        elif side is _BESIEGER and ladder.blocker in pushers_of(state, ladder.section):
            found.append(Option("push_back", _BESIEGED, where, (ladder.blocker,)))  # §7.1.8: alone, on a 6
    if log.gate_takers:
        for gate in state.gates:
            if gate.blocker is not None:
                continue
            takers = tuple(
                m.id
                for m in state.models
                if log.took_gate(gate.id, m.id)
                and touches_gate(state, m, gate.id)
                and not m.fleeing
                and m.id not in state.engaged
                and fits_gate(m, gate.kind)
            )
            if takers:
                found.append(Option("take_gate", side, f"gate:{gate.id}", takers, most=1))  # §6.3.4
    for climb in state.climbs:
        if side is _BESIEGER and climb.blockers:
            found.append(Option("fight_giant", side, f"climb:{climb.id}", (climb.id,), climb.blockers))
    return found


def rams_at_gates(view: MenuView) -> list[Option]:
    """The besieger's rams striking their standing gates, once a turn each, with the 6 carriers at least a ram
    needs there (§7.2.1, §7.2.4, R3)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    rammed = state.turn_log.rammed
    found = []
    for ram in state.rams:
        if ram.gate is None or not ram.carriers or ram.id in rammed:
            continue
        if is_destroyed(state.gate(ram.gate).structure_points):
            continue
        at_gate = [state.model(c) for c in ram.carriers if touches_gate(state, state.model(c), ram.gate)]
        if sum(m.profile.ratio for m in at_gate) >= RAM_MIN_CARRIERS:
            found.append(Option("use_ram", _BESIEGER, f"ram:{ram.id}", tuple([m.id for m in at_gate]), (ram.gate,)))
    return found


def gate_attacks(view: MenuView) -> list[Option]:
    """The besieger's blows against the standing gates from the places in contact with them (§6.1): each model once
    a turn, two models a turn at most against a postern or a service door (§6.2)."""
    state = view.state
    if state.active is not _BESIEGER:
        return []
    log = state.turn_log
    found = []
    reaches = [(gate, gate_reach(state, gate.id)) for gate in state.gates if gate.structure_points > 0]
    near_gates = frozenset().union(*(reach for _, reach in reaches))
    struck = {m for _, m in log.door_breakers}
    unfit = struck | view.bound
    standing = [
        m
        for m in state.models
        if m.place in near_gates and m.side is _BESIEGER and not m.fleeing and m.profile.s > 0 and m.id not in unfit
    ]
    for gate, reach in reaches:
        attackers = tuple(m.id for m in standing if m.place in reach)
        if not attackers:
            continue
        if gate.kind is GateKind.MAIN_GATE:
            found.append(Option("attack_gate", _BESIEGER, f"gate:{gate.id}", attackers))
        else:
            left = DOOR_ATTACKERS - len(log.breakers(gate.id))
            if left > 0:
                found.append(Option("attack_gate", _BESIEGER, f"gate:{gate.id}", attackers, most=left))
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
