"""The menus of the magic, shooting and close-combat steps (§3, §5, §6.3, §7, §9, §12.1.5, §13): the walls' ward
against spells, volleys and bombardments, fights on each section with their results, duels against blockers, rams
and blows against the gates, troops out of a siege tower.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.fast.members import BESIEGED, BESIEGER, CLOSE_COMBAT, SECTION, SIEGE_TOWER
from rules.siege.board.checks import bound, room_left
from rules.siege.board.fort import GateKind
from rules.siege.board.menu_view import MenuView, section_place
from rules.siege.board.obligations import RULES, Obligation
from rules.siege.board.options import Option
from rules.siege.board.places import place_of
from rules.siege.board.state import BattleState, Model, Place, Side, Zone
from rules.siege.chapters.belfry.belfry_cover import Cover, target_cover
from rules.siege.chapters.blocking import attackers_reach, fits_gate
from rules.siege.chapters.gates import DOOR_ATTACKERS, gate_reach, is_destroyed, touches_gate
from rules.siege.chapters.ladders import pushers_of
from rules.siege.chapters.magic import casters as spell_casters
from rules.siege.chapters.melee import pair_off, strikers
from rules.siege.chapters.morale import retreat_problem, stays
from rules.siege.chapters.rams import MIN_CARRIERS as RAM_MIN_CARRIERS
from rules.siege.chapters.shooting import bombard_targets, ready_machines, shooter_refusal
from rules.siege.chapters.siege_towers import AFTER_WIN

__all__ = [
    "blocked",
    "bombarding",
    "disembarking",
    "fight_option",
    "gate_attacks",
    "magic",
    "rams_at_gates",
    "section_in_combat",
    "sections_in_combat",
    "shooting",
]


# ---- magic (§13) --------------------------------------------------------------------------------------------------


def magic(view: MenuView) -> list[Option]:
    """The spells the side to play's characters cast (§13): the spells themselves follow WFB's magic rules, which
    the engine does not hold. A besieger character outside the fort casting at it meets the walls' protection
    (§13.2); a spell that shakes the walls strikes a standing rampart section, never dispelled by them (§13.2).
    """
    state = view.state
    side = state.active
    casters = spell_casters(state, side)
    if not casters:
        return []
    found = []
    if side is BESIEGER and state.magic_protection:
        by_id = state.by_id
        outside = tuple([m for m in casters if not by_id[m].place.inside])
        if outside:  # §13.2: a spell from inside the fort, or at the field, meets no protection
            found.append(Option("cast", BESIEGER, actors=outside, targets=("fort",)))
    ramparts = tuple([s for s in view.ramparts if not state.works_of(s).collapsed])
    if ramparts:
        found.append(Option("earthquake", side, targets=ramparts))
    return found


# ---- shooting (§5, §9) --------------------------------------------------------------------------------------------


def shooting(view: MenuView) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    foes: tuple[str, ...] | None = None  # worked out once some model may shoot
    engines: tuple[str, ...] | None = None
    gate_ids: tuple[str, ...] | None = None
    standing: tuple[str, ...] | None = None
    engaged = state.engaged
    # §5: one volley a turn; §6.4: reinforcers « ne peuvent ni tirer », nor others bound this turn (checks.bound)
    busy = engaged | state.blockers | state.turn_log.shot | bound(state)
    silenced = {w.section for w in state.works if w.silenced}
    for place, models in view.by_side(side).items():  # in the order of view.by_place
        if place.inside and place.ref in silenced:
            continue  # §5.9: shaken by structure damage, its models do not shoot
        shooters = tuple(
            [
                m.id
                for m in models
                if m.profile.missile is not None
                and not m.fleeing
                and m.id not in busy
                and shooter_refusal(state, m) is None  # §3.4, §7.1.1, 001 §7: the engine's own check
            ]
        )
        if not shooters:
            continue
        if foes is None:
            foes = _targets(state, side.enemy, engaged)
        if foes:
            found.append(Option("shoot", side, str(place), shooters, foes))
        if side is BESIEGED:
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
            if standing is None:
                standing = tuple([s for s in view.ramparts if not state.works_of(s).collapsed])  # §5.9: no breach
            if standing:
                found.append(Option("shoot_structure", side, str(place), shooters, standing))
    return found


def _targets(state: BattleState, side: Side, engaged: frozenset[str]) -> tuple[str, ...]:
    """The models of ``side`` a shot may aim at, in the order of the state's models: not engaged, nor in a mine
    or a siege tower, nor out of sight in a belfry (001 §3), which their place alone decides."""
    found: list[str] = []
    places = 0
    for place, here in state.by_side_and_place[side].items():
        zone = place.zone
        if zone is Zone.MINE or zone is SIEGE_TOWER or target_cover(state, here[0]) is Cover.INFINITE:
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
    if state.active is not BESIEGER:
        return []
    machines = ready_machines(state)
    if not machines:
        return []
    targets = bombard_targets(state)
    return [Option("bombard", BESIEGER, actors=machines, targets=targets, most=1)] if targets else []


# ---- close combat (§3, §6.3, §7, §12.1.5) -------------------------------------------------------------------------


def sections_in_combat(view: MenuView) -> list[Option]:
    """The fights on the fort's sections where both sides stand (§3.2)."""
    state = view.state
    side = state.active
    found: list[Option] = []
    mine, theirs = view.by_side(side), view.by_side(side.enemy)
    contested = {place.ref for place in mine if place.zone is SECTION and place in theirs}
    if not contested:
        return found
    for section in state.fort.sections:
        if section.id in contested:
            _combat_on(view, section.id, found)
    return found


def section_in_combat(view: MenuView, section: str) -> list[Option]:
    """The entries of :func:`sections_in_combat` on ``section`` alone."""
    state = view.state
    found: list[Option] = []
    place = section_place(section)
    if place in view.by_side(state.active) and place in view.by_side(state.active.enemy):
        _combat_on(view, section, found)
    return found


def _combat_on(view: MenuView, section: str, found: list[Option]) -> None:
    """A contested section's fight (§3.2); its losers' reaction is an obligation (:func:`losers_reactions`)."""
    state = view.state
    side = state.active
    place = section_place(section)
    option = fight_option(state, section, view.side_at(place, side), view.side_at(place, side.enemy))
    if option is not None:
        found.append(option)


def fight_option(state: BattleState, where: str, mine: Sequence[Model], foes: Sequence[Model]) -> Option | None:
    """The round of combat on ``where``, a section or a belfry's level, between the side to play's models ``mine``
    and the enemy ``foes`` there, if one is left this turn (§3.2.2: a first, then a second). Its models are those
    who may strike, the strikers :func:`~rules.siege.chapters.melee.pair_off` pairs first: as many may fight at once as
    it pairs, 4 against 1 at most (§3.2.1). Its targets are the foes, standing before fleeing (§3.3.3): the one the
    pairing engages first, the others one on one after it.
    """
    log = state.turn_log
    if not foes or where in log.fought_twice:
        return None
    second = where in log.fought  # §3.2.2: the double combat
    ready = strikers(state, mine, second)
    if not ready:
        return None
    pairs, left = pair_off(state, where, ready)
    if not pairs:
        return None
    targets = [m.id for m in foes if not m.fleeing]
    if len(targets) < len(foes):
        targets += [m.id for m in foes if m.fleeing]
    actors = (*(x for x, _ in pairs), *(x for x, _ in left)) if left else tuple(x for x, _ in pairs)
    return Option("fight", state.active, where, actors, tuple(targets), most=len(pairs))


def losers_reactions(state: BattleState) -> list[Obligation]:
    """R34: the losers of a round of combat retreat or hold « immédiatement après le round de combat » (§3.3.2),
    before anything else happens in the close-combat phase; the step does not end until they have."""
    if state.phase is not CLOSE_COMBAT or not state.results:
        return []
    found = []
    for result in state.results:
        loser = result.loser_to_react
        if loser is not None:
            found.append(Obligation("§3.3.2", "losers_react", result.section, _reactions(state, result.section, loser)))
    return found


RULES.append(losers_reactions)


def _reactions(state: BattleState, where: str, loser: Side) -> tuple[Option, ...]:
    """The losers on ``where`` retreat en bloc to each way open to them (§3.3.2, §3.5.2), or hold and test. A
    belfry's level has no retreat: its only ways out are its ladders and its drawbridge (docs/rule-readings)."""
    place = Place.parse(where)
    losers = state.at(place, loser)
    ids = tuple([m.id for m in losers])
    hold = Option("hold", loser, where, ids)
    movers = [m for m in losers if not stays(m)]
    if place.zone is not SECTION or not movers:
        return (hold,)
    ways = [*state.fort.neighbours(where)]
    ways += [f"ladder:{x.id}" for x in state.ladders if x.section == where and x.raised]
    ways += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == where]
    open_ways = tuple(w for w in ways if retreat_problem(state, where, movers, Place.parse(w)) is None)
    return (Option("retreat", loser, where, ids, open_ways), hold) if open_ways else (hold,)


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
            found.append(Option("knock_down_ladder", BESIEGED, where, (ladder.blocker,)))  # §7.1.10
        elif side is BESIEGER and ladder.blocker in pushers_of(state, ladder.section):
            found.append(Option("push_back", BESIEGED, where, (ladder.blocker,)))  # §7.1.8: alone, on a 6
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
        if side is BESIEGER and climb.blockers:
            found.append(Option("fight_giant", side, f"climb:{climb.id}", (climb.id,), climb.blockers))
    return found


def rams_at_gates(view: MenuView) -> list[Option]:
    """The besieger's rams striking their standing gates, once a turn each, with the 6 carriers at least a ram
    needs there (§7.2.1, §7.2.4, R3)."""
    state = view.state
    if state.active is not BESIEGER:
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
            found.append(Option("use_ram", BESIEGER, f"ram:{ram.id}", tuple([m.id for m in at_gate]), (ram.gate,)))
    return found


def gate_attacks(view: MenuView) -> list[Option]:
    """The besieger's blows against the standing gates from the places in contact with them (§6.1): each model once
    a turn, two models a turn at most against a postern or a service door (§6.2)."""
    state = view.state
    if state.active is not BESIEGER:
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
        if m.place in near_gates and m.side is BESIEGER and not m.fleeing and m.profile.s > 0 and m.id not in unfit
    ]
    for gate, reach in reaches:
        attackers = tuple(m.id for m in standing if m.place in reach)
        if not attackers:
            continue
        if gate.kind is GateKind.MAIN_GATE:
            found.append(Option("attack_gate", BESIEGER, f"gate:{gate.id}", attackers))
        else:
            left = DOOR_ATTACKERS - len(log.breakers(gate.id))
            if left > 0:
                found.append(Option("attack_gate", BESIEGER, f"gate:{gate.id}", attackers, most=left))
    return found


def disembarking(view: MenuView) -> list[Option]:
    """Two more models out of a siege tower whose section the besieger won this turn, once its losers have reacted
    (§7.3.4), as many as the section's quota takes (§1.7); a belfry's troops move instead (R16)."""
    state = view.state
    if state.active is not BESIEGER:
        return []
    log = state.turn_log
    found = []
    for tower in state.siege_towers:
        section = tower.section
        if section is None or section not in log.fought or tower.id in log.disembarked or state.is_belfry(tower.id):
            continue
        result = state.result(section)
        if result is None or result.winner is not BESIEGER or not result.settled:
            continue
        room = room_left(state, section, BESIEGER)
        inside = [m for m in view.side_at(place_of(SIEGE_TOWER, tower.id), BESIEGER) if m.profile.ratio <= room]
        most = 0
        for model in inside[:AFTER_WIN]:
            room -= model.profile.ratio
            if room < 0:
                break
            most += 1
        if most:
            found.append(
                Option("disembark", BESIEGER, f"siege_tower:{tower.id}", tuple([m.id for m in inside]), most=most)
            )
    return found
