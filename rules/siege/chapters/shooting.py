"""Shooting in a siege (§5): the siege's to-hit modifiers, shots at engines, gates and walls, template weapons.

Modifiers are named as in :data:`rules.wfb.SHOOTING_MODIFIERS` (R6): troops on a rampart are at −2 unless exposed
(fighting, pouring, throwing, pushing a ladder); a blocker in a gate's embrasure and the troops in a siege tower
have heavy cover; a covered ram's carriers light cover; a large creature on a section draws every shot there (+1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from rules.dice import D6, Dice, reason
from rules.fast.members import BESIEGED, BESIEGER, SIEGE_TOWER, WAR_MACHINE
from rules.siege.board.fort import GateKind
from rules.siege.board.menu_view import war_machines
from rules.siege.board.profiles import Creature
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Place,
    Side,
    Zone,
    check_distinct,
    check_may_act,
    outcome,
)
from rules.siege.board.turn_log import event
from rules.siege.board.values import replace
from rules.siege.chapters.belfry import belfry_cover
from rules.siege.chapters.fire import catch_fire, damage_structure, has_brazier, shoots_flaming
from rules.siege.chapters.gates import toughness
from rules.siege.chapters.hits import hit_models
from rules.siege.chapters.melee import roll_hits
from rules.siege.chapters.rams import COVERED_TOUGHNESS
from rules.siege.chapters.siege_towers import TOUGHNESS as TOWER_TOUGHNESS
from rules.siege.chapters.siege_towers import has_heavy_cover
from rules.siege.chapters.structure import (
    check_not_silenced,
    damage_die,
    hit_section,
    main_gate_wall,
    template_strength,
)
from rules.wfb import shooting_modifier, shooting_to_hit, to_wound

__all__ = [
    "ALLOCATION",
    "BRAZIER_BREAKING_STRENGTH",
    "GATE_HIT_BY_MACHINE",
    "allocate",
    "bombard",
    "bombard_targets",
    "check_machine",
    "modifiers",
    "ready_machines",
    "shoot",
    "shoot_engine",
    "shoot_gate",
    "shoot_structure",
    "shooter_refusal",
]


FEAR_FIRE = frozenset({Creature.TROLL, Creature.TREEMAN})
"""Creatures that fear fire take double damage from flaming shots (§9.2)."""
ALLOCATION: Mapping[str, int] = MappingProxyType({"ram": 4, "siege_tower": 3})
"""§5.3: the D6 up to which a shot at an engine falls on the models (covered ram 1–4, siege tower 1–3)."""
GATE_HIT_BY_MACHINE: Mapping[GateKind, int] = MappingProxyType({GateKind.MAIN_GATE: 2, GateKind.POSTERN: 1})
"""§5.6: a war machine's shot at a gate's section hits the gate on a D6 up to this, else the wall."""
BRAZIER_BREAKING_STRENGTH = 5
"""§8.2.3.1: « les braseros … ne peuvent être détruits que par des armes à gabarit ayant au moins une Force de 5 »."""
_OUTSIDE = frozenset({Zone.FIELD, Zone.FOOT})


def modifiers(state: BattleState, target: Model, *, dead_angle: bool = False, flaming: bool = False) -> list[str]:
    """The siege's to-hit modifiers against ``target`` (§5.1, §5.2, §9.2, §12.1.3, R6)."""
    names: list[str] = []
    place = target.place
    exposed = target.id in state.turn_log.exposed or state.in_contact(target.id)
    if place.inside and state.fort.section(place.ref).is_rampart and not exposed:
        names.append("rampart_troops")  # §5.2
    if any(g.blocker == target.id for g in state.gates):
        names.append("heavy_cover")  # §5.2: in a gate's embrasure
    if place.zone is SIEGE_TOWER and has_heavy_cover(state.siege_tower(place.ref)):
        names.append("heavy_cover")  # §5.2, §7.3.2
    if any(target.id in r.carriers for r in state.rams if r.covered and not r.wrecked) and not target.profile.is_large:
        names.append("light_cover")  # §5.2, §7.2.3: under three metres tall
    if any(m.profile.is_large for m in state.at(place)):
        names.append("large_target")  # §5.2, §12.1.3: everyone on the section
    inside_belfry = belfry_cover.cover_modifier(state, target)  # 001 §3, §10
    if inside_belfry is not None:
        names.append(inside_belfry)
    if dead_angle:
        names.append("dead_angle")  # §5.1
    if flaming:
        names.append("flaming")  # §9.2
    return names


def shooter_refusal(state: BattleState, model: Model) -> IllegalAction | None:
    """Why ``model`` may not join a volley now, whatever it aims at, or ``None``: an active, free model with a
    missile weapon (§5) that has not shot this turn (§5.2), nor rallied (§3.4), nor blocks (§6.3.1), nor carries a
    ladder (§7.1.1), on a section not silenced (§5.9), on a belfry's level 2 or 3 (001 §7)."""
    missile = model.profile.missile
    if missile is None or model.side is not state.active or model.fleeing or state.in_contact(model.id):
        return IllegalAction("shooter_not_free", "§5", model=model.id)
    log = state.turn_log
    if model.id in log.shot:
        # §5.2, §9.2: the usual shooting phase, one volley a turn, however many calls name it
        return IllegalAction("shot_already", "§5", model=model.id, turn=state.turn)
    if model.id in log.rallied:
        return IllegalAction("rallied_cannot_shoot", "§3.4", model=model.id)
    if state.is_blocking(model.id):
        return IllegalAction("blocker_cannot_shoot", "§6.3.1", model=model.id)
    if any(model.id in x.carriers for x in state.ladders):
        return IllegalAction("ladder_carrier_cannot_shoot", "§7.1.1", model=model.id)
    try:
        if model.place.inside:
            check_not_silenced(state, model.place.ref, "shoot")
        belfry_cover.check_may_shoot(state, model)
    except IllegalAction as refused:
        return refused
    return None


def _check_shooters(
    state: BattleState, shooters: Sequence[str], flaming: bool, side: Side | None = None, clause: str = "§5"
) -> list[Model]:
    check_distinct(shooters, "§5")
    check_may_act(state, shooters, "shoot")
    models = [state.model(s) for s in shooters]
    for model in models:
        if side is not None and model.side is not side:
            raise IllegalAction("shooters_of_the_other_side", clause, model=model.id, side=side.value)
        refusal = shooter_refusal(state, model)
        if refusal is not None:
            raise refusal
        missile = model.profile.missile
        assert missile is not None  # shooter_refusal refuses a model with no missile weapon
        if flaming and not shoots_flaming(missile.name):
            raise IllegalAction("weapon_not_flaming", "§9.1.3", model=model.id, weapon=missile.name)
        if flaming and not has_brazier(state, model):
            raise IllegalAction(
                "shooter_without_brazier", "§9.1.1" if model.side is BESIEGER else "§9.1.2", model=model.id
            )
    return models


def _volley(state: BattleState, shooters: Sequence[Model], flaming: bool) -> BattleState:
    """§9.2: « Tous les membres de l'unité ou des figurines de la section/niveau doivent alors tirer avec des
    projectiles enflammés »: a besieger unit, or the besieged on a section, shoot all flaming or all plain a turn.
    The shooters are recorded as having shot this turn (§5.2, §9.2).
    """
    log = state.turn_log
    keys = {
        f"unit:{m.unit}" if m.side is BESIEGER or not m.place.inside else f"section:{m.place.ref}" for m in shooters
    }
    other = log.plain_volleys if flaming else log.flaming_volleys
    mixed = sorted(keys & other)
    if mixed:
        units = tuple(k.partition(":")[2] for k in mixed if k.startswith("unit:"))
        sections = tuple(k.partition(":")[2] for k in mixed if k.startswith("section:"))
        if flaming:
            raise IllegalAction("volley_was_plain", "§9.2", units=units, sections=sections)
        raise IllegalAction("volley_was_flaming", "§9.2", units=units, sections=sections)
    log = replace(log, shot=log.shot | {m.id for m in shooters})
    if flaming:
        return replace(state, turn_log=replace(log, flaming_volleys=log.flaming_volleys | keys))
    return replace(state, turn_log=replace(log, plain_volleys=log.plain_volleys | keys))


def shoot(
    state: BattleState,
    shooters: Sequence[str],
    targets: Sequence[str],
    dice: Dice,
    *,
    dead_angle: bool = False,
    flaming: bool = False,
    extra: Sequence[str] = (),
) -> Outcome:
    """Shots at models, spread over ``targets`` in turn; ``extra`` names the usual WFB modifiers (long range…)."""
    if not shooters:
        raise IllegalAction("no_shooter", "§5")  # a volley is shot by a unit's models: at least one
    mark = dice.mark()
    events: list[Event] = []
    turn = 0
    checked = _check_shooters(state, shooters, flaming)
    for target_id in targets:
        belfry_cover.cover_modifier(state, state.model(target_id))  # 001 §3: a closed level is not shot at
    if dead_angle:
        _check_dead_angle(state, checked, targets)
    state = _volley(state, checked, flaming)
    for shooter in checked:
        assert shooter.profile.missile is not None
        for _ in range(shooter.profile.missile.shots):
            alive = [t for t in targets if t in state.by_id]
            if not alive:
                break
            target = state.model(alive[turn % len(alive)])
            turn += 1
            names = [*modifiers(state, target, dead_angle=dead_angle, flaming=flaming), *extra]
            # 001 §6: +1 on the die from a belfry on the move
            bonus = belfry_cover.shooting_bonus(state, shooter) - state.turn_log.penalty(shooter.id)
            need = shooting_to_hit(shooter.profile.bs, shooting_modifier(names) + bonus)
            hits = roll_hits(dice, need, 1, reason("shot_to_hit", "§5.2", model=shooter.id, target_model=target.id))
            double = [target.id] if flaming and target.profile.creature in FEAR_FIRE else []
            state, more, _ = hit_models(
                state,
                [target.id] * hits,
                shooter.profile.missile.strength,
                dice,
                "shot",
                "§5.2",
                double=double,
                by_model=shooter.id,
            )
            events.extend(more)
    return outcome(state, events, dice, mark)


def _check_dead_angle(state: BattleState, shooters: Sequence[Model], targets: Sequence[str]) -> None:
    """§5.1: the dead angle is that of troops « tirant du rempart » at models outside below it."""
    for shooter in shooters:
        if not (shooter.place.inside and state.fort.section(shooter.place.ref).is_rampart):
            raise IllegalAction("dead_angle_not_from_rampart", "§5.1", model=shooter.id)
    for target in targets:
        if state.model(target).place.inside:
            raise IllegalAction("dead_angle_target_inside", "§5.1", model=target)


def allocate(engine: str, roll: int) -> str:
    """§5.3: the allocation D6 before the to-hit rolls: ``"models"`` or ``"engine"``."""
    kind = engine.partition(":")[0]
    return "models" if roll <= ALLOCATION[kind] else "engine"


def _engine_toughness(state: BattleState, engine: str) -> int:
    kind, _, ref = engine.partition(":")
    if kind == "ram":
        if not state.ram(ref).covered:
            raise IllegalAction("shot_ram_not_covered", "§5.3", ram=ref)
        return COVERED_TOUGHNESS
    if kind == "siege_tower":
        return TOWER_TOUGHNESS
    raise IllegalAction("not_a_shot_engine", "§5.3", engine=engine)


def _engine_models(state: BattleState, engine: str) -> list[str]:
    kind, _, ref = engine.partition(":")
    if kind == "ram":
        return list(state.ram(ref).carriers)
    return [m.id for m in state.at(Place(SIEGE_TOWER, ref))]


def shoot_engine(
    state: BattleState, shooters: Sequence[str], engine: str, dice: Dice, *, flaming: bool = False
) -> Outcome:
    """Shots at a covered ram or a siege tower (§5.3): one allocation D6 first, then the to-hit rolls against the
    models (with their cover) or the engine itself, whose wounds cost structure points. Shooting at the unit
    escorting it is a plain :func:`shoot` (§5.4).
    """
    mark = dice.mark()
    toughness_ = _engine_toughness(state, engine)
    models = _check_shooters(state, shooters, flaming, BESIEGED, "§5.3")
    _volley(state, models, flaming)
    kind, _, ref = engine.partition(":")
    roll = dice.roll(D6, reason("shot_allocation", "§5.3", engine_kind=kind, engine=ref))
    side = allocate(engine, roll)
    events = [event("allocation", "§5.3", {"roll": roll, "engine_kind": kind, "engine": ref, "falls_on": side})]
    if side == "models":
        more = shoot(state, shooters, _engine_models(state, engine), dice, flaming=flaming)
        return Outcome(more.state, (*events, *more.events), dice.since(mark))
    wounds = 0
    state = _volley(state, models, flaming)
    for shooter in models:
        assert shooter.profile.missile is not None
        need = shooting_to_hit(shooter.profile.bs, shooting_modifier(["flaming"] if flaming else []))
        why = reason("engine_shot_to_hit", "§5.3", model=shooter.id, engine_kind=kind, engine=ref)
        hits = roll_hits(dice, need, shooter.profile.missile.shots, why)
        wound_need = to_wound(shooter.profile.missile.strength, toughness_)
        if wound_need is not None and hits:
            why = reason("engine_shot_to_wound", "§5.3", engine_kind=kind, engine=ref)
            wounds += sum(r >= wound_need for r in dice.pool(D6, hits, why))
        if hits and flaming:
            more = _flaming_hits(state, engine, hits, dice)
            state, events = more.state, [*events, *more.events]
    if wounds:
        state, more_events = damage_structure(state, engine, wounds, dice)
        events.extend(more_events)
    return outcome(state, events, dice, mark)


def _flaming_hits(state: BattleState, engine: str, hits: int, dice: Dice) -> Outcome:
    """The fire flaming hits may start as they land on an engine: a belfry rolls a D10 a hit (001 §9, R19) on its
    front, the face the fort sees, where the besieged's braziers arm their shooters (§9.1.2, 001 §3); any other
    engine the turn's one D6 for all its flaming hits (§9.2)."""
    ref = engine.partition(":")[2]
    if engine.startswith("siege_tower:") and state.is_belfry(ref):
        return belfry_cover.ignite(state, ref, belfry_cover.Face.FRONT, hits, dice)
    return catch_fire(state, engine, dice)


def shoot_gate(
    state: BattleState, shooters: Sequence[str], gate_id: str, dice: Dice, *, flaming: bool = False
) -> Outcome:
    """Missiles at a gate (§5.5): the main gate as usual, a postern at −1; a miss strikes the wall beside it."""
    mark = dice.mark()
    gate = state.gate(gate_id)
    if gate.kind is GateKind.SERVICE_DOOR:
        raise IllegalAction("service_door_out_of_sight", "§5.5", gate=gate_id)
    names = [*(["postern"] if gate.kind is GateKind.POSTERN else []), *(["flaming"] if flaming else [])]
    events: list[Event] = []
    wounds = 0
    volley = _check_shooters(state, shooters, flaming, BESIEGER, "§5.5")
    state = _volley(state, volley, flaming)
    for shooter in volley:
        assert shooter.profile.missile is not None
        need = shooting_to_hit(shooter.profile.bs, shooting_modifier(names))
        shots = shooter.profile.missile.shots
        hits = roll_hits(dice, need, shots, reason("gate_shot_to_hit", "§5.5", model=shooter.id, gate=gate_id))
        if shots - hits:
            events.append(event("missed_gate_strikes_wall", "§5.5", {"missed": shots - hits, "gate": gate_id}))
        wound_need = to_wound(shooter.profile.missile.strength, toughness(gate.kind))
        if wound_need is not None and hits:
            wounds += sum(
                r >= wound_need for r in dice.pool(D6, hits, reason("gate_shot_to_wound", "§5.5", gate=gate_id))
            )
        if hits and flaming:
            more = catch_fire(state, f"gate:{gate_id}", dice)
            state, events = more.state, [*events, *more.events]
    if wounds:
        state, more_events = damage_structure(state, f"gate:{gate_id}", wounds, dice)
        events.extend(more_events)
    return outcome(state, events, dice, mark)


def shoot_structure(state: BattleState, shooters: Sequence[str], section: str, dice: Dice) -> Outcome:
    """Missiles at a wall or tower section hit it automatically in range (§5.7); each hit is resolved on Table 3
    one after another (§5.9).
    """
    mark = dice.mark()
    events: list[Event] = []
    volley = _check_shooters(state, shooters, False, BESIEGER, "§5.7")
    state = _volley(state, volley, False)
    for shooter in volley:
        assert shooter.profile.missile is not None
        for _ in range(shooter.profile.missile.shots):
            state, more = hit_section(
                state, section, shooter.profile.missile.strength, "1", dice, "shot", by_model=shooter.id
            )
            events.extend(more)
    return outcome(state, events, dice, mark)


def ready_machines(state: BattleState) -> tuple[str, ...]:
    """The besieger's war machines that may fire now, in the order of the models: on the field or at the foot of the
    walls, neither fleeing, engaged (a sortie's flyers, §11.2), rallying nor just deployed, and not yet fired this
    turn: a machine fires once in its shooting phase, as every shooter (§5.7: « de manière classique »).
    """
    log = state.turn_log
    spent = log.shot | log.rallied | log.deployed | state.engaged
    found = []
    for machine_id in war_machines(state):
        model = state.by_id[machine_id]
        if model.id not in spent and not model.fleeing and model.place.zone in _OUTSIDE:
            found.append(machine_id)
    return tuple(found)


def check_machine(state: BattleState, machine: str | None) -> str:
    """The war machine that fires a bombardment: ``machine``, refused unless it may fire now
    (:func:`ready_machines`); the first that may when none is named."""
    ready = ready_machines(state)
    if machine is None:
        if not ready:
            raise IllegalAction("no_war_machine_ready", "§5.7")
        return ready[0]
    model = state.model(machine)
    if model.side is not BESIEGER or model.profile.troop_type is not WAR_MACHINE:
        raise IllegalAction("not_a_war_machine", "§5.7", model=machine)
    if machine in state.turn_log.shot:
        raise IllegalAction("war_machine_fired", "§5.7", model=machine, turn=state.turn)
    if machine not in ready:
        raise IllegalAction("war_machine_not_ready", "§5.7", model=machine)
    return machine


def bombard_targets(state: BattleState) -> tuple[str, ...]:
    """What a war machine may bombard: the wall and tower sections still standing, the main gates and posterns
    still standing in a standing wall (§5.6, §5.7); service doors are inside the fort, out of sight (§5.5)."""
    works = {w.section: w for w in state.works}
    standing = tuple(
        s.id for s in state.fort.sections if s.is_rampart and not (s.id in works and works[s.id].collapsed)
    )
    gates = tuple(
        f"gate:{g.id}"
        for g in state.gates
        if g.kind is not GateKind.SERVICE_DOOR and g.structure_points > 0 and _gate_wall(state, g.id) in standing
    )
    return (*standing, *gates)


def _gate_wall(state: BattleState, gate_id: str) -> str:
    """The wall a machine's shot at a main gate or postern strikes when it misses the gate (§5.6), kept with the
    fort."""
    memo = state.fort.memo
    key = (_gate_wall, gate_id)
    found: str | None = memo.get(key)
    if found is None:
        found = memo[key] = main_gate_wall(state, gate_id)
    return found


def bombard(
    state: BattleState,
    target: str,
    strength: int,
    damage: str,
    dice: Dice,
    *,
    under_template: Sequence[str] | None = None,
    braziers_hit: int = 0,
    machine: str | None = None,
) -> Outcome:
    """A war machine's hit, once it has guessed and rolled its artillery dice (§5.7), on a rampart section or on a
    gate (``"gate:G1"``: the main gate on a D6 of 1–2, a postern on 1, otherwise the wall, §5.6). A template weapon
    fires at the structure alone at full strength, or at the structure and the ``under_template`` models on the
    section at S−1 (§5.10). A template of S5 or more destroys the ``braziers_hit`` under it (§8.2.3.1). The
    ``machine`` named (:func:`check_machine`) has fired for this turn.
    """
    mark = dice.mark()
    events: list[Event] = []
    section = target
    gate = None
    if target.startswith("gate:"):
        gate = state.gate(target.partition(":")[2])
        if gate.kind is GateKind.SERVICE_DOOR:
            raise IllegalAction("service_door_out_of_sight", "§5.6", gate=gate.id)
        if gate.structure_points <= 0:
            raise IllegalAction("bombarded_gate_destroyed", "§6.1", gate=gate.id)
        section = _gate_wall(state, gate.id)
    _check_bombarded(state, section, strength, under_template, braziers_hit)
    if machine is not None:
        check_machine(state, machine)
        log = state.turn_log
        state = replace(state, turn_log=replace(log, shot=log.shot | {machine}))
    if gate is not None:
        roll = dice.roll(D6, reason("machine_gate_or_wall", "§5.6", gate=gate.id))
        if roll <= GATE_HIT_BY_MACHINE.get(gate.kind, 0):
            wound_need = to_wound(strength, toughness(gate.kind))
            hit = (
                wound_need is not None
                and dice.roll(D6, reason("machine_gate_to_wound", "§5.6", gate=gate.id)) >= wound_need
            )
            events.append(event("gate_hit", "§5.6", {"roll": roll, "gate": gate.id}))
            if hit:
                die = damage_die(damage)
                points = 1 if die is None else dice.roll(die, reason("machine_gate_damage", "§5.6", gate=gate.id))
                state, more = damage_structure(state, target, points, dice)
                events.extend(more)
            return outcome(state, events, dice, mark)
        events.append(event("wall_hit", "§5.6", {"roll": roll, "gate": gate.id, "section": section}))
    hit_strength = template_strength(strength, with_models=under_template is not None)
    state, more = hit_section(state, section, hit_strength, damage, dice, "war_machine", by_model=machine)
    events.extend(more)
    if under_template:
        alive = [m for m in under_template if m in state.by_id]
        state, more, _ = hit_models(state, alive, hit_strength, dice, "template", "§5.10", section=section)
        events.extend(more)
    if braziers_hit and strength >= BRAZIER_BREAKING_STRENGTH:
        works = state.works_of(section)
        state = state.with_works(replace(works, braziers=works.braziers[braziers_hit:]))
        events.append(event("braziers_destroyed", "§8.2.3.1", {"braziers": braziers_hit, "section": section}))
    return outcome(state, events, dice, mark)


def _check_bombarded(
    state: BattleState, section: str, strength: int, under_template: Sequence[str] | None, braziers_hit: int
) -> None:
    """Before any die: the section struck stands (§5.9), the models under the template stand on it (§5.10), the
    braziers hit are some of its own (§8.2.3.1)."""
    rampart = state.fort.section(section)
    if not rampart.is_rampart:
        raise IllegalAction("bombard_not_a_rampart", "§5.7", section=section, kind=rampart.kind.value)
    if state.works_of(section).collapsed:
        raise IllegalAction("collapsed_into_breach", "§5.9", section=section)
    template_strength(strength, with_models=False)  # §5.9: a strength of 1 to 10, before any die
    if under_template:
        check_distinct(under_template, "§5.10")
        on = Place(Zone.SECTION, section)
        away = [m for m in under_template if state.model(m).place != on]
        if away:
            raise IllegalAction("template_models_elsewhere", "§5.10", models=tuple(away), section=section)
    braziers = len(state.works_of(section).braziers)
    if not 0 <= braziers_hit <= braziers:
        raise IllegalAction(
            "braziers_hit_out_of_range", "§8.2.3.1", section=section, braziers=braziers, hit=braziers_hit
        )
