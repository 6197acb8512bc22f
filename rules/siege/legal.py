"""What may be played now (*les actions possibles*): the menus a page builds its buttons from.

:func:`legal_actions` lists, for the step of the turn the battle is at, each kind of action open to a side with the
models that may act and what they may act on. It is a menu, not a promise: a choice from it may still be refused
by a finer rule (a quota, a connection's capacity, a roll's need), which :func:`rules.siege.game.problems` names.
:func:`choose` turns a choice from a menu into the action to play.

>>> from rules.siege.example import example_start
>>> [o.name for o in legal_actions(example_start())]
['buy', 'deploy', 'place_braziers', 'start_mine', 'carry_ram', 'end_phase']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.siege import actions as a
from rules.siege.belfry_cover import Cover, target_cover
from rules.siege.belfry_menu import belfry_options, bridge_steps
from rules.siege.costs import ENGINE_COSTS
from rules.siege.engines import Liquid, MineGoal
from rules.siege.fort import ConnectionKind, SectionKind
from rules.siege.gates import gate_reach, gate_sections
from rules.siege.options import Option
from rules.siege.profiles import Creature, Special, TroopType
from rules.siege.state import BattleState, Model, Phase, Place, Side, Zone

__all__ = ["Option", "choose", "legal_actions"]


_FIELD = "field:outside"
"""Where the besieger deploys when none of his models stands on the field yet (§16)."""


def legal_actions(state: BattleState) -> list[Option]:
    """The menu of what may be played now, in the order of the turn's sequence (002): the side to play's own actions,
    then what the other side may do in its turn (push back a ladder, pour, block, §7.1.6, §8.2.2, §6.3), then ending
    the step and the turn. Nothing once the siege is over (§16).
    """
    if state.over:
        return []
    view = _View(state)
    found = list(_STEP_OPTIONS[state.phase](view))
    found.extend(belfry_options(state, view.ready))
    if state.heroism_tokens > 0 and state.phase is not Phase.SETUP:
        found.append(Option("spend_heroism", Side.BESIEGED))
    if state.phase is not Phase.END:
        found.append(Option("end_phase", state.active))
    if state.phase is not Phase.SETUP:
        found.append(Option("end_turn", state.active))
    return found


class _View:
    """The state sorted once for the menus: the models by place, who is engaged, blocking or spent this turn."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.by_place = state.by_place
        self._by_side: dict[Side, dict[Place, list[Model]]] = {Side.BESIEGER: {}, Side.BESIEGED: {}}
        for place, here in self.by_place.items():
            for side, models in self._by_side.items():
                mine = [m for m in here if m.side is side]
                if mine:
                    models[place] = mine
        log = state.turn_log
        self.spent = log.moved | log.rallied | log.blockers
        self.engaged = state.engaged
        blocking = {g.blocker for g in state.gates} | {x.blocker for x in state.ladders}
        blocking |= {w.blocker for w in state.works}
        for climb in state.climbs:
            blocking.update(climb.blockers)
        self.blocking = blocking

    def side_at(self, place: Place, side: Side) -> list[Model]:
        return list(self._by_side[side].get(place, ()))

    def ready(self, place: Place, side: Side) -> tuple[str, ...]:
        """Models of ``side`` at ``place`` free to act: not fleeing, engaged, blocking, nor moved this turn."""
        return tuple(
            m.id
            for m in self.side_at(place, side)
            if not m.fleeing and m.id not in self.spent and m.id not in self.engaged and m.id not in self.blocking
        )

    def ready_outside(self, side: Side) -> tuple[str, ...]:
        return tuple(
            model_id
            for place in self.by_place
            if place.zone in (Zone.FOOT, Zone.FIELD)
            for model_id in self.ready(place, side)
        )

    def sections(self, *kinds: SectionKind) -> tuple[str, ...]:
        return tuple(s.id for s in self.state.fort.sections if s.kind in kinds)

    @property
    def ramparts(self) -> tuple[str, ...]:
        return self.sections(SectionKind.WALL_WALK, SectionKind.TOWER)

    @property
    def courtyards(self) -> tuple[str, ...]:
        return self.sections(SectionKind.COURTYARD)


def _section(ref: str) -> Place:
    return Place(Zone.SECTION, ref)


# ---- set-up (§14, §16) ---------------------------------------------------------------------------------------------


def _setup(view: _View) -> list[Option]:
    state = view.state
    found = [Option("buy", side, targets=tuple(ENGINE_COSTS[side])) for side, _ in state.budgets]
    for side in Side:
        deployed = tuple(m.id for m in state.models if m.side is side and m.place.zone in (Zone.SECTION, Zone.FIELD))
        if side is Side.BESIEGED:
            places = tuple(s.id for s in state.fort.sections)
        else:
            places = tuple(sorted({str(m.place) for m in state.models if m.place.zone is Zone.FIELD})) or (_FIELD,)
        if deployed:
            found.append(Option("deploy", side, actors=deployed, targets=places))
    found.append(Option("place_braziers", Side.BESIEGED, targets=view.ramparts))
    tokens = [
        (item, _bought(state, Side.BESIEGED).count(item) - sum(getattr(w, field) for w in state.works))
        for item, field in (("stones", "stones"), ("rock", "rocks"))
    ]
    if any(left > 0 for _, left in tokens):
        found.append(Option("allocate_ammunition", Side.BESIEGED, targets=view.ramparts))
    shooters = sorted({m.unit for m in state.models if m.side is Side.BESIEGER and m.profile.missile is not None})
    if shooters and "brazier" in _bought(state, Side.BESIEGER):
        found.append(Option("give_brazier", Side.BESIEGER, targets=tuple(shooters)))
    outside = tuple(m.id for m in state.models if m.side is Side.BESIEGER and not m.place.inside)
    if state.mine is None and outside:
        found.append(Option("start_mine", Side.BESIEGER, actors=outside, targets=tuple(g.value for g in MineGoal)))
    found.extend(_ladders_and_rams(view, outside))
    return found


def _bought(state: BattleState, side: Side) -> tuple[str, ...]:
    budget = state.budget(side)
    return () if budget is None else budget.bought


def _ladders_and_rams(view: _View, carriers: tuple[str, ...]) -> list[Option]:
    """Ladders and rams taken up, let go or brought to a gate (§7.1.1–§7.1.3, §7.2.1, §7.2.2)."""
    state = view.state
    found = []
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if not ladder.raised and not ladder.carriers and carriers:
            found.append(Option("pick_up_ladder", Side.BESIEGER, where, carriers))
        elif not ladder.raised and ladder.carriers and state.phase is not Phase.SETUP:
            found.append(Option("drop_ladder", Side.BESIEGER, where, ladder.carriers))
    gate_ids = tuple(g.id for g in state.gates if g.structure_points > 0)
    for ram in state.rams:
        where = f"ram:{ram.id}"
        if not ram.carriers and carriers:
            found.append(Option("carry_ram", Side.BESIEGER, where, carriers))
        elif ram.carriers and ram.gate is None and gate_ids:
            found.append(Option("bring_ram", Side.BESIEGER, where, ram.carriers, gate_ids))
        elif ram.carriers and state.phase is not Phase.SETUP:
            found.append(Option("drop_ram", Side.BESIEGER, where, ram.carriers))
    return found


# ---- the sappers' roll (§10.3) ------------------------------------------------------------------------------------


def _sappers(view: _View) -> list[Option]:
    mine = view.state.mine
    if mine is None or mine.finished or view.state.turn_log.dug:
        return []
    return [Option("dig", Side.BESIEGER, actors=mine.sappers, targets=view.sections(*SectionKind) or ())]


# ---- movement (§2, §3, §6, §7, §8, §10–§12) -----------------------------------------------------------------------


def _steps_from(state: BattleState, place: Place, side: Side) -> tuple[str, ...]:
    """Where models at ``place`` may step to: adjacent sections (the besieger also onto a ladder against his
    section), the rampart above a ladder or a siege tower, a raised ladder from the foot of its wall (§2.1.1, §7).
    """
    if place.inside:
        found = [*state.fort.neighbours(place.ref), *bridge_steps(state, place, side)]
        if side is Side.BESIEGER:
            found += [f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref]
        return tuple(found)
    if place.zone is Zone.BELFRY:
        return bridge_steps(state, place, side)
    if place.zone is Zone.LADDER:
        ladder = state.ladder(place.ref)
        return (ladder.section, f"foot:{ladder.section}") if ladder.raised else ()
    if place.zone is Zone.SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return () if tower.section is None else (tower.section,)
    if place.zone is Zone.FOOT:
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
        return tuple(f"foot:{s.id}" for s in state.fort.sections if s.is_rampart or state.fort.gates_of(s.id))
    if place.zone is Zone.WALL:
        return (place.ref,)
    return ()


def _movement(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found: list[Option] = []
    for place in view.by_place:
        movers = view.ready(place, side)
        if not movers:
            continue
        targets = _steps_from(state, place, side)
        held = {t for t in targets if view.side_at(Place.parse(t), side.enemy)}
        free = tuple(t for t in targets if t not in held)
        if free:
            found.append(Option("move", side, str(place), movers, free))
        if held:
            found.append(Option("charge", side, str(place), movers, tuple(t for t in targets if t in held)))
    for section in sorted({m.place.ref for m in state.models if m.side is side and m.fleeing and m.place.inside}):
        found.append(Option("rally", side, section))
        found.append(Option("flee", side, section))
    found.extend(_besieger_moves(view) if side is Side.BESIEGER else _besieged_moves(view))
    found.extend(_besieged_at_movement_end(view))
    return found


def _besieger_moves(view: _View) -> list[Option]:
    state = view.state
    found = _ladders_and_rams(view, view.ready_outside(Side.BESIEGER))
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if not ladder.raised and ladder.carriers:
            found.append(Option("erect_ladder", Side.BESIEGER, where, ladder.carriers, view.ramparts))
        elif (
            ladder.raised
            and ladder.courtyard is None
            and not view.side_at(Place(Zone.LADDER, ladder.id), Side.BESIEGER)
        ):
            hoisters = view.ready(_section(ladder.section), Side.BESIEGER)
            courtyards = tuple(n for n in state.fort.neighbours(ladder.section) if n in view.courtyards)
            if hoisters and courtyards:
                found.append(Option("hoist_ladder", Side.BESIEGER, where, hoisters, courtyards))
        elif ladder.courtyard is not None and ladder.carriers:
            found.append(Option("carry_ladder", Side.BESIEGER, where, ladder.carriers))
    for tower in state.siege_towers:
        if tower.section is None and not tower.collapsed and tower.crew:
            found.append(Option("push_tower", Side.BESIEGER, f"siege_tower:{tower.id}", tower.crew, view.ramparts))
    giants = tuple(
        m.id
        for place in view.by_place
        if place.zone is Zone.FOOT
        for m in view.side_at(place, Side.BESIEGER)
        if m.profile.creature is Creature.GIANT and m.id not in view.spent
    )
    if giants:
        found.append(Option("climb_wall", Side.BESIEGER, actors=giants))
    mine = state.mine
    if mine is not None and mine.finished and mine.goal is MineGoal.TUNNEL:
        found.append(Option("tunnel", Side.BESIEGER, actors=view.ready_outside(Side.BESIEGER), targets=view.courtyards))
    return found


def _besieged_moves(view: _View) -> list[Option]:
    state = view.state
    found = []
    for gate in state.gates:
        if gate.structure_points <= 0:
            continue
        defenders = tuple(m for s in gate_sections(state, gate.id) for m in view.ready(_section(s), Side.BESIEGED))
        if defenders:
            found.append(Option("reinforce_gate", Side.BESIEGED, f"gate:{gate.id}", defenders))
            if gate.blocker is None:
                found.append(Option("block", Side.BESIEGED, f"gate:{gate.id}", defenders))
    for works in state.works:
        if works.collapsed and works.blocker is None:
            guards = view.ready(_section(works.section), Side.BESIEGED)
            if guards:
                found.append(Option("block", Side.BESIEGED, f"breach:{works.section}", guards))
    found.extend(_end_blocks(view))
    if state.mine is not None and not state.mine.counter_miners:
        miners = tuple(m for c in view.courtyards for m in view.ready(_section(c), Side.BESIEGED))
        if miners:
            found.append(Option("counter_mine", Side.BESIEGED, actors=miners))
    flyers = tuple(
        m.id
        for m in state.models
        if m.side is Side.BESIEGED and m.profile.has(Special.FLYER) and m.id not in view.spent
    )
    machines = tuple(
        m.id for m in state.models if m.side is Side.BESIEGER and m.profile.troop_type is TroopType.WAR_MACHINE
    )
    if flyers and machines:
        found.append(Option("sortie", Side.BESIEGED, actors=flyers, targets=machines))
    return found


def _end_blocks(view: _View) -> list[Option]:
    state = view.state
    held = [(f"gate:{g.id}", g.blocker) for g in state.gates]
    held += [(f"ladder:{x.id}", x.blocker) for x in state.ladders]
    held += [(f"breach:{w.section}", w.blocker) for w in state.works]
    return [Option("end_block", Side.BESIEGED, where, (blocker,)) for where, blocker in held if blocker is not None]


def _besieged_at_movement_end(view: _View) -> list[Option]:
    """At the end of any movement phase the besieged throws stones and rocks and pours its braziers (§8.1.2,
    §8.2.2); at the end of the besieger's he pushes ladders back and blocks them (§7.1.6, §7.1.7), knocks hoisted
    ones down (§7.1.10) and fights fires (§9.3, §9.4).
    """
    state = view.state
    found = []
    for works in state.works:
        defenders = view.ready(_section(works.section), Side.BESIEGED)
        below = tuple(m.id for m in view.side_at(Place(Zone.FOOT, works.section), Side.BESIEGER))
        below += tuple(
            m.id
            for x in state.ladders
            if x.section == works.section and x.raised
            for m in view.side_at(Place(Zone.LADDER, x.id), Side.BESIEGER)
        )
        if defenders and below and not works.silenced:
            if works.stones:
                found.append(Option("throw_stones", Side.BESIEGED, works.section, defenders, below))
            if works.rocks:
                found.append(Option("drop_rock", Side.BESIEGED, works.section, defenders, below))
            if any(liquid is not None for liquid in works.braziers):  # §9.1.2: a bare brazier pours nothing
                found.append(Option("pour", Side.BESIEGED, works.section, defenders, below))
        if works.braziers and state.fires:
            targets = tuple(f.target for f in state.fires)
            if Liquid.WATER in works.braziers:
                found.append(Option("put_out_fire", Side.BESIEGED, works.section, defenders, targets))
            if Liquid.OIL in works.braziers:
                found.append(Option("oil_on_fire", Side.BESIEGED, works.section, defenders, targets))
    if state.active is not Side.BESIEGER:
        return found
    for ladder in state.ladders:
        where = f"ladder:{ladder.id}"
        if ladder.raised and ladder.courtyard is None and ladder.id not in state.turn_log.pushed:
            pushers = view.ready(_section(ladder.section), Side.BESIEGED)
            climbers = view.side_at(Place(Zone.LADDER, ladder.id), Side.BESIEGER)
            if pushers and climbers:
                found.append(Option("push_back", Side.BESIEGED, where, pushers))
            elif pushers:
                found.append(Option("push_over_empty_ladder", Side.BESIEGED, where, pushers))
            if pushers and ladder.blocker is None and not ladder.taken:
                found.append(Option("block", Side.BESIEGED, where, pushers))
        if ladder.courtyard is not None and ladder.blocker is not None:
            found.append(Option("knock_down_ladder", Side.BESIEGED, where, (ladder.blocker,)))
    for climb in state.climbs:
        giant = state.model(climb.id)
        guards = view.ready(_section(giant.place.ref), Side.BESIEGED)
        if guards and len(climb.blockers) < len(guards) + len(climb.blockers):
            found.append(Option("block", Side.BESIEGED, f"climb:{climb.id}", guards))
    return found


# ---- magic (§13) --------------------------------------------------------------------------------------------------


def _magic(view: _View) -> list[Option]:
    """The walls' protection against a besieger character's spell from outside (§13.2). The spells themselves are
    cast by WFB's magic rules, which the engine does not hold: an earthquake is played once cast, never offered.
    """
    state = view.state
    if state.active is not Side.BESIEGER or not state.magic_protection:
        return []
    casters = tuple(
        m.id
        for m in state.models
        if m.side is Side.BESIEGER and m.profile.has(Special.CHARACTER) and not m.place.inside
    )
    return [Option("cast", Side.BESIEGER, actors=casters, targets=("fort", "field"))] if casters else []


# ---- shooting (§5, §9) --------------------------------------------------------------------------------------------


def _shooting(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    foes = tuple(
        m.id
        for m in state.models
        if m.side is side.enemy
        and m.id not in view.engaged
        and m.place.zone not in (Zone.MINE, Zone.SIEGE_TOWER)
        and target_cover(state, m) is not Cover.INFINITE  # 001 §3
    )
    engines = tuple(f"ram:{r.id}" for r in state.rams if r.covered and not r.wrecked) + tuple(
        f"siege_tower:{t.id}" for t in state.siege_towers if not t.collapsed
    )
    gate_ids = tuple(g.id for g in state.gates if g.structure_points > 0)
    for place, models in view.by_place.items():
        shooters = tuple(
            m.id
            for m in models
            if m.side is side
            and m.profile.missile is not None
            and not m.fleeing
            and m.id not in view.engaged
            and m.id not in view.blocking
            and m.id not in state.turn_log.shot  # §5: one volley a turn
        )
        if not shooters:
            continue
        if foes:
            found.append(Option("shoot", side, str(place), shooters, foes))
        if side is Side.BESIEGED and engines:
            found.append(Option("shoot_engine", side, str(place), shooters, engines))
        if side is Side.BESIEGER and not place.inside:
            if gate_ids:
                found.append(Option("shoot_gate", side, str(place), shooters, gate_ids))
            found.append(Option("shoot_structure", side, str(place), shooters, view.ramparts))
    machines = tuple(m.id for m in state.models if m.side is side and m.profile.troop_type is TroopType.WAR_MACHINE)
    if machines and side is Side.BESIEGER:
        targets = (*view.ramparts, *(f"gate:{g}" for g in gate_ids))
        found.append(Option("bombard", side, actors=machines, targets=targets))
    return found


# ---- close combat (§3, §6.3, §7, §12.1.5) -------------------------------------------------------------------------


def _close_combat(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    log = state.turn_log
    for section in state.fort.sections:
        place = _section(section.id)
        strikers = [m for m in view.side_at(place, side) if not m.fleeing and m.id not in log.rallied]
        foes = view.side_at(place, side.enemy)
        if strikers and foes and section.id not in log.fought_twice:
            found.append(Option("fight", side, section.id, tuple(m.id for m in strikers), tuple(m.id for m in foes)))
        result = state.result(section.id)
        if result is not None and not result.settled and result.loser is not None:
            losers = tuple(m.id for m in view.side_at(place, result.loser))
            if losers:
                ways = [*state.fort.neighbours(section.id)]
                ways += [f"ladder:{x.id}" for x in state.ladders if x.section == section.id and x.raised]
                ways += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == section.id]
                found.append(Option("retreat", result.loser, section.id, losers, tuple(ways)))
                found.append(Option("hold", result.loser, section.id, losers))
    found.extend(_blocked(view))
    if side is Side.BESIEGER:
        found.extend(_against_the_fort(view))
    return found


def _blocked(view: _View) -> list[Option]:
    """Duels against a model blocking a gate, a breach or a ladder (§6.3.3, §7.1.8), a giant against its blockers
    (§12.1.5); the gate taken by the attacker who killed its blocker (§6.3.4).
    """
    state = view.state
    side = state.active
    found = []
    for ladder in state.ladders:
        if ladder.blocker is not None and side is Side.BESIEGER:
            climbers = tuple(m.id for m in view.side_at(Place(Zone.LADDER, ladder.id), side) if not m.fleeing)
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
        if side is Side.BESIEGER and climb.blockers:
            found.append(Option("fight_giant", side, f"climb:{climb.id}", (climb.id,), climb.blockers))
    return found


def _against_the_fort(view: _View) -> list[Option]:
    """The besieger's rams and blows against the gates (§6, §7.2.4); fresh troops out of a siege tower (§7.3.4)."""
    state = view.state
    found = []
    for ram in state.rams:
        if ram.gate is not None and ram.carriers and ram.id not in state.turn_log.rammed:
            found.append(Option("use_ram", Side.BESIEGER, f"ram:{ram.id}", ram.carriers, (ram.gate,)))
    for gate in state.gates:
        if gate.structure_points > 0:
            reach = gate_reach(state, gate.id)
            attackers = tuple(
                m.id for m in state.models if m.side is Side.BESIEGER and not m.fleeing and m.place in reach
            )
            if attackers:
                found.append(Option("attack_gate", Side.BESIEGER, f"gate:{gate.id}", attackers))
    for tower in state.siege_towers:
        result = None if tower.section is None else state.result(tower.section)
        if result is not None and result.winner is Side.BESIEGER:
            inside = tuple(m.id for m in view.side_at(Place(Zone.SIEGE_TOWER, tower.id), Side.BESIEGER))
            if inside:
                found.append(Option("disembark", Side.BESIEGER, f"siege_tower:{tower.id}", inside))
    return found


def _end(view: _View) -> list[Option]:
    return []


_STEP_OPTIONS: dict[Phase, Callable[[_View], list[Option]]] = {
    Phase.SETUP: _setup,
    Phase.SAPPERS: _sappers,
    Phase.MOVEMENT: _movement,
    Phase.MAGIC: _magic,
    Phase.SHOOTING: _shooting,
    Phase.CLOSE_COMBAT: _close_combat,
    Phase.END: _end,
}


# ---- from a choice to an action -----------------------------------------------------------------------------------

CATAPULT = (7, "D4")
"""The seed's own example of a war machine: a catapult of strength 7 doing D4 damage (§5.9); :func:`choose`
bombards with it.
"""


def choose(state: BattleState, option: Option, actors: Sequence[str], target: str | None) -> a.Action:
    """The action a choice from a menu makes in ``state``: ``actors`` picked from ``option.actors``, acting on
    ``target`` picked from ``option.targets``. The details a menu does not ask for take their plainest value: a
    fight pairs every striker with the target, a brazier pours the first liquid it holds, a siege tower is pushed
    1 cm, a war machine bombards as the seed's catapult (:data:`CATAPULT`).
    """
    picked = tuple(actors)
    where = option.where or ""
    ref = where.partition(":")[2]
    aim = target or ""
    one = picked[0] if picked else ""
    makers: dict[str, Callable[[], a.Action]] = {
        "end_phase": a.EndPhase,
        "end_turn": a.EndTurn,
        "spend_heroism": a.SpendHeroism,
        "buy": lambda: a.Buy(option.side, aim),
        "deploy": lambda: a.Deploy(one, aim),
        "place_braziers": lambda: a.PlaceBraziers(aim, (Liquid.OIL,)),
        "give_brazier": lambda: a.GiveBrazier(aim),
        "allocate_ammunition": lambda: _allocate(state, aim),
        "start_mine": lambda: a.StartMine(MineGoal(aim or MineGoal.FOUNDATIONS), picked),
        "counter_mine": lambda: a.CounterMine(picked),
        "dig": lambda: a.Dig(target),
        "tunnel": lambda: a.Tunnel(picked, aim),
        "move": lambda: a.Move(picked, aim),
        "charge": lambda: a.Charge(picked, aim),
        "rally": lambda: a.Rally(where),
        "flee": lambda: a.Flee(where),
        "block": lambda: a.Block(one, where),
        "end_block": lambda: a.EndBlock(where, one or None),
        "reinforce_gate": lambda: a.ReinforceGate(ref, picked),
        "sortie": lambda: a.Sortie(picked, aim),
        "climb_wall": lambda: a.ClimbWall(one),
        "pick_up_ladder": lambda: a.PickUpLadder(ref, picked),
        "drop_ladder": lambda: a.DropLadder(ref),
        "carry_ladder": lambda: a.CarryLadder(ref),
        "erect_ladder": lambda: a.ErectLadder(ref, aim, picked),
        "hoist_ladder": lambda: a.HoistLadder(ref, picked, aim),
        "push_back": lambda: a.PushBack(ref, picked),
        "push_over_empty_ladder": lambda: a.PushOverEmptyLadder(ref),
        "knock_down_ladder": lambda: a.KnockDownLadder(ref),
        "carry_ram": lambda: a.CarryRam(ref, picked),
        "drop_ram": lambda: a.DropRam(ref),
        "bring_ram": lambda: a.BringRam(ref, aim),
        "use_ram": lambda: a.UseRam(ref),
        "push_tower": lambda: a.PushTower(ref, 1, target),
        "push_belfry": lambda: a.PushBelfry(ref, aim or "forward"),
        "climb_belfry": lambda: a.ClimbBelfry(picked, aim),
        "raise_belfry_ladder": lambda: a.RaiseBelfryLadder(ref, picked),
        "lower_drawbridge": lambda: a.LowerDrawbridge(ref, picked[:2]),
        "ignite_belfry": lambda: a.IgniteBelfry(ref, aim or "front", 1),
        "disembark": lambda: a.Disembark(ref, picked),
        "throw_stones": lambda: a.ThrowStones(where, picked, (aim,)),
        "drop_rock": lambda: a.DropRock(where, picked, aim),
        "pour": lambda: a.Pour(where, _liquid(state, where), picked, (aim,)),
        "put_out_fire": lambda: a.PutOutFire(aim),
        "oil_on_fire": lambda: a.OilOnFire(aim),
        "cast": lambda: a.CastWard(one, aim == "fort"),
        "earthquake": lambda: a.Earthquake(aim),
        "shoot": lambda: a.Shoot(picked, (aim,)),
        "shoot_engine": lambda: a.ShootEngine(picked, aim),
        "shoot_gate": lambda: a.ShootGate(picked, aim),
        "shoot_structure": lambda: a.ShootStructure(picked, aim),
        "bombard": lambda: a.Bombard(aim, *CATAPULT),
        "fight": lambda: a.Fight(where, tuple((x, aim) for x in picked)),
        "retreat": lambda: a.Retreat(where, aim),
        "hold": lambda: a.Hold(where),
        "attack_gate": lambda: a.AttackGate(ref, picked),
        "fight_blocker": lambda: a.FightBlocker(where, picked),
        "take_gate": lambda: a.TakeGate(one, ref),
        "fight_giant": lambda: a.FightGiant(ref, targets=(aim,) if target else ()),
    }
    return makers[option.name]()


def _allocate(state: BattleState, section: str) -> a.Action:
    """One token on ``section``: a stone while some are left unallocated, else a rock (§8.1.1)."""
    stones_left = _bought(state, Side.BESIEGED).count("stones") - sum(w.stones for w in state.works)
    return a.AllocateAmmunition(section, stones=1) if stones_left > 0 else a.AllocateAmmunition(section, rocks=1)


def _liquid(state: BattleState, section: str) -> Liquid:
    """The first brazier of ``section`` with a liquid to pour (§8.2.2)."""
    return next(liquid for liquid in state.works_of(section).braziers if liquid is not None)
