"""Gates (*portes*): the main gate (§6.1), posterns and service doors (§6.2), and reinforcing them (§6.4).

The kinds are the fort's :class:`~rules.siege.board.fort.GateKind`; the odds contract names them ``"main"``,
``"postern"`` and ``"service"`` (:func:`gate_kind`).

>>> toughness(GateKind.POSTERN), starting_points(GateKind.POSTERN)
(8, 4)
>>> reinforce(gate_kind("main"), 5, defenders=2)
6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from rules.dice import D6, Dice, reason
from rules.siege.board.engines import GateStatus
from rules.siege.board.fort import ConnectionKind, FortLayout, GateKind
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
from rules.siege.board.values import replace
from rules.siege.chapters.melee import attacks, roll_hits
from rules.validation import check_choice, check_range
from rules.wfb import to_wound

__all__ = [
    "CONTRACT_NAMES",
    "REINFORCING_MODELS",
    "GateKind",
    "attack_gate",
    "damage_gate",
    "gate_kind",
    "gate_reach",
    "gate_sections",
    "gate_statuses",
    "is_destroyed",
    "reinforce",
    "reinforce_gate",
    "reinforce_gates",
    "reinforceable",
    "service_door_id",
    "starting_points",
    "touches_gate",
    "toughness",
    "unlock_gate",
    "unlockers",
]

REINFORCING_MODELS = 2
"""Non-engaged besieged models needed in the gate's section to reinforce it (§6.4, R4)."""

CONTRACT_NAMES: Mapping[str, GateKind] = MappingProxyType(
    {"main": GateKind.MAIN_GATE, "postern": GateKind.POSTERN, "service": GateKind.SERVICE_DOOR}
)
"""The odds contract's gate names (``ODDS_API.md``)."""

_TOUGHNESS_AND_SP: Mapping[GateKind, tuple[int, int]] = MappingProxyType(
    {
        # R4, §6.1, §6.2
        GateKind.MAIN_GATE: (9, 7),
        GateKind.POSTERN: (8, 4),
        GateKind.SERVICE_DOOR: (4, 1),
    }
)


def gate_kind(name: str) -> GateKind:
    """The gate kind the odds contract calls ``name`` (``"main"``, ``"postern"`` or ``"service"``)."""
    return CONTRACT_NAMES[check_choice("gate", name, CONTRACT_NAMES)]


def toughness(kind: GateKind) -> int:
    """The gate's toughness (*endurance*, R4)."""
    return _TOUGHNESS_AND_SP[kind][0]


def starting_points(kind: GateKind) -> int:
    """The gate's starting structure points (*points de structure*, R4)."""
    return _TOUGHNESS_AND_SP[kind][1]


def reinforceable(kind: GateKind) -> bool:
    """§6.4 names only the main gate and posterns; a service door's single point could not be regained anyway."""
    return kind is not GateKind.SERVICE_DOOR


def is_destroyed(structure_points: int) -> bool:
    """A gate with no structure points left is destroyed (§6.1, R4)."""
    return structure_points <= 0


def reinforce(kind: GateKind, structure_points: int, *, defenders: int) -> int:
    """Structure points at the end of the besieged turn: +1 with enough ``defenders``, never above the start.

    ``defenders`` counts the non-engaged besieged models in the gate's section (§6.4, R4); a destroyed gate stays
    destroyed.
    """
    check_range("structure_points", structure_points, 0, starting_points(kind))
    check_range("defenders", defenders, 0)
    if is_destroyed(structure_points) or not reinforceable(kind) or defenders < REINFORCING_MODELS:
        return structure_points
    return min(structure_points + 1, starting_points(kind))


def service_door_id(one: str, other: str) -> str:
    """The id of the service door between two sections: ``"C1/C2"``, in sorted order."""
    return "/".join(sorted((one, other)))


def gate_statuses(fort: FortLayout) -> tuple[GateStatus, ...]:
    """Every gate and service door of ``fort``, whole (R4)."""
    doors = [
        (service_door_id(c.a, c.b), GateKind.SERVICE_DOOR)
        for c in fort.connections
        if c.kind is ConnectionKind.SERVICE_DOOR
    ]
    return tuple(
        GateStatus(gate_id, kind, starting_points(kind))
        for gate_id, kind in [*((g.id, g.kind) for g in fort.gates), *doors]
    )


def gate_sections(state: BattleState, gate_id: str) -> tuple[str, ...]:
    """The sections a gate belongs to: the courtyard behind a gate, both sides of a service door."""
    gate = state.gate(gate_id)
    if gate.kind is GateKind.SERVICE_DOOR:
        return tuple(gate_id.split("/"))
    return (next(g.section for g in state.fort.gates if g.id == gate_id),)


def gate_reach(state: BattleState, gate_id: str) -> frozenset[Place]:
    """Where a model is in contact with a gate: on its section(s), or outside at the foot of the gate's courtyard."""
    key = ("gate_reach", gate_id)
    reach: frozenset[Place] | None = state.memo.get(key)
    if reach is None:
        sections = gate_sections(state, gate_id)
        reach = state.memo[key] = frozenset(Place(zone, s) for s in sections for zone in (Zone.SECTION, Zone.FOOT))
    return reach


def touches_gate(state: BattleState, model: Model, gate_id: str) -> bool:
    """A model is in contact with a gate on its section(s), or outside at the foot of the gate's courtyard."""
    return model.place in gate_reach(state, gate_id)


MAIN_GATE_HIT_NEED = 3
"""Attacks on the main gate hit on 3+, as against WS 1 (§6.1)."""
DOOR_ATTACKERS = 2
"""At most two models a turn try to break a postern or a service door, hitting automatically (§6.2)."""


def attack_gate(state: BattleState, gate_id: str, attackers: Sequence[str], dice: Dice) -> Outcome:
    """Models in contact with a gate strike it (§6.1, §6.2): every wound costs it a structure point (R4). A postern
    or service door takes at most two models' tries a turn, counted over the turn's attacks on it (§6.2).
    """
    mark = dice.mark()
    gate = state.gate(gate_id)
    if is_destroyed(gate.structure_points):
        raise IllegalAction("gate_destroyed", "§6.1", gate=gate_id)
    check_distinct(attackers, "§6.1")
    check_may_act(state, attackers, "strike a gate")
    door = gate.kind is not GateKind.MAIN_GATE
    if door:
        _check_door_breakers(state, gate_id, gate.kind, attackers)
    struck = sorted({m for _, m in state.turn_log.door_breakers} & set(attackers))
    if struck:
        raise IllegalAction("struck_a_gate_already", "§6.1", models=tuple(struck), turn=state.turn)
    # every attacker is checked before the first roll, so that a refusal leaves the roll log as it was
    strikers = [state.model(attacker_id) for attacker_id in attackers]
    for model in strikers:
        if model.side is not state.active or not touches_gate(state, model, gate_id) or model.fleeing:
            raise IllegalAction("not_at_gate", "§6.1", model=model.id, gate=gate_id)
    if state.active is Side.BESIEGED and strikers:
        raise IllegalAction("own_gate", "§6.2", gate=gate_id)
    wounds = 0
    for model in strikers:
        count = attacks(model)
        hits = (
            roll_hits(dice, MAIN_GATE_HIT_NEED, count, reason("gate_to_hit", "§6.1", model=model.id, gate=gate_id))
            if gate.kind is GateKind.MAIN_GATE
            else count
        )
        need = to_wound(model.profile.s, toughness(gate.kind))
        if need is not None:
            wounds += sum(
                r >= need for r in dice.pool(D6, hits, reason("gate_to_wound", "§6", model=model.id, gate=gate_id))
            )
    points = max(0, gate.structure_points - wounds)
    state = state.with_gate(replace(gate, structure_points=points))
    log = state.turn_log
    tried = tuple((gate_id, a) for a in attackers)
    state = replace(state, turn_log=replace(log, door_breakers=(*log.door_breakers, *tried)))
    damage = Event(
        "gate_damage",
        "§6.1",
        {"gate": gate_id, "damage": wounds, "left": points, "destroyed": is_destroyed(points)},
        tuple(attackers),
    )
    return outcome(state, [damage], dice, mark)


def _check_door_breakers(state: BattleState, gate_id: str, kind: GateKind, attackers: Sequence[str]) -> None:
    """§6.2's two models a turn count every attack on the door this turn, not one call's attackers."""
    tried = state.turn_log.breakers(gate_id)
    again = sorted(set(tried) & set(attackers))
    if again:
        raise IllegalAction("tried_the_door_already", "§6.2", models=tuple(again), gate=gate_id, turn=state.turn)
    if len(tried) + len(attackers) > DOOR_ATTACKERS:
        raise IllegalAction(
            "door_breakers_limit",
            "§6.2",
            gate=gate_id,
            kind=kind.value,
            most=DOOR_ATTACKERS,
            tried=len(tried),
            named=len(attackers),
            turn=state.turn,
        )


def unlockers(state: BattleState, gate_id: str) -> tuple[str, ...]:
    """The models of the side to play that may unlock ``gate_id`` now (:func:`unlock_gate`): a postern or service
    door still locked and standing, their model on its inner side, free to move this turn."""
    gate = state.gate(gate_id)
    if gate.kind is GateKind.MAIN_GATE or gate.unlocked or is_destroyed(gate.structure_points):
        return ()
    log = state.turn_log
    busy = log.moved | log.rallied | log.blockers | log.deployed | state.engaged | state.blockers
    busy |= {m for g in state.gates for m in g.reinforcers}
    if state.belfries:
        busy |= {m for b in state.belfries for m in (*b.winchers, *b.stunned)}
    side = state.active
    return tuple(
        m.id
        for section in gate_sections(state, gate_id)
        for m in state.at(Place(Zone.SECTION, section), side)
        if not m.fleeing and m.id not in busy
    )


def unlock_gate(state: BattleState, gate_id: str, model_id: str) -> BattleState:
    """A model on the inner side of a postern (its courtyard) or of a service door (either of its sections) unlocks
    it, losing all its movement this turn; then models pass it (§6.2: « Seule une figurine qui se trouve du côté de
    la fermeture peut déverrouiller une porte, mais elle perdra tout son mouvement »). A gate unlocked or broken
    has nothing left to unlock.
    """
    gate = state.gate(gate_id)
    if gate.kind is GateKind.MAIN_GATE:
        raise IllegalAction("main_gate_not_unlocked", "§6.2", gate=gate_id)
    if gate.unlocked:
        raise IllegalAction("gate_unlocked_already", "§6.2", gate=gate_id, kind=gate.kind.value)
    if is_destroyed(gate.structure_points):
        raise IllegalAction("gate_broken_no_lock", "§6.2", gate=gate_id, kind=gate.kind.value)
    model = state.model(model_id)
    log = state.turn_log
    if model.side is not state.active or str(model.place) not in gate_sections(state, gate_id):
        raise IllegalAction(
            "unlock_from_inside",
            "§6.2",
            model=model_id,
            gate=gate_id,
            kind=gate.kind.value,
            sections=gate_sections(state, gate_id),
        )
    check_may_act(state, [model_id], "unlock a gate")
    if model_id in log.moved or model.fleeing or state.in_contact(model_id):
        raise IllegalAction("unlock_takes_all_movement", "§6.2", model=model_id, gate=gate_id)
    if model_id in log.rallied:
        raise IllegalAction("rallied_cannot_unlock", "§3.4", model=model_id)
    if model_id in log.blockers or state.is_blocking(model_id):
        raise IllegalAction("blocker_cannot_unlock", "§6.3.1", model=model_id)
    state = state.with_gate(replace(gate, unlocked=True))
    return replace(state, turn_log=replace(log, moved=log.moved | {model_id}))


def damage_gate(state: BattleState, gate_id: str, points: int) -> tuple[BattleState, Event]:
    """``points`` damage on a gate, never below 0 (R4)."""
    gate = state.gate(gate_id)
    left = max(0, gate.structure_points - points)
    state = state.with_gate(replace(gate, structure_points=left))
    return state, Event(
        "gate_damage", "R4", {"gate": gate_id, "damage": points, "left": left, "destroyed": is_destroyed(left)}
    )


def reinforce_gate(state: BattleState, gate_id: str, models: Sequence[str]) -> Outcome:
    """Besieged models in the gate's section set to reinforcing it; they do nothing else this turn (§6.4, R4)."""
    gate = state.gate(gate_id)
    if not reinforceable(gate.kind):
        raise IllegalAction("door_not_reinforced", "§6.4", gate=gate_id, kind=gate.kind.value)
    if is_destroyed(gate.structure_points):
        raise IllegalAction("destroyed_gate_not_reinforced", "R4", gate=gate_id)
    if gate.reinforcers:
        raise IllegalAction("gate_reinforced_already", "§6.4", models=gate.reinforcers, gate=gate_id)
    check_may_act(state, models, "reinforce a gate")
    if len(set(models)) < REINFORCING_MODELS:
        raise IllegalAction("too_few_reinforcers", "§6.4", least=REINFORCING_MODELS, named=len(set(models)))
    sections = gate_sections(state, gate_id)
    for model_id in models:
        model = state.model(model_id)
        if (
            model.side is not Side.BESIEGED
            or str(model.place) not in sections
            or state.in_contact(model_id)
            or model.fleeing
        ):
            raise IllegalAction("reinforcer_not_free", "§6.4", model=model_id, gate=gate_id, sections=sections)
        if model_id in state.turn_log.rallied:
            raise IllegalAction("rallied_cannot_reinforce", "§3.4", model=model_id)
        if _busy(state, model_id):
            raise IllegalAction("reinforcer_has_acted", "§6.4", model=model_id)
    state = state.with_gate(replace(gate, reinforcers=tuple(dict.fromkeys(models))))
    reinforcers = tuple(models)
    return Outcome(
        state,
        (
            Event(
                "reinforcing", "§6.4", {"models": reinforcers, "count": len(reinforcers), "gate": gate_id}, reinforcers
            ),
        ),
        (),
    )


def _busy(state: BattleState, model_id: str) -> bool:
    """Whether a model has done something this turn besides reinforcing: moved, struck a gate, thrown or poured,
    pushed a ladder, blocked (§6.4: « Ils ne peuvent rien faire d'autre »).
    """
    log = state.turn_log
    return (
        model_id in log.moved
        or model_id in log.defenders
        or model_id in log.pushers
        or model_id in {m for _, m in log.door_breakers}
        or state.is_blocking(model_id)
    )


def reinforce_gates(state: BattleState) -> tuple[BattleState, list[Event]]:
    """End of the besieged turn: each reinforced gate regains 1 point while 2 of its reinforcers are still there,
    not engaged, and did nothing else (§6.4, R4); the reinforcing ends.
    """
    events: list[Event] = []
    for gate in state.gates:
        if not gate.reinforcers:
            continue
        sections = gate_sections(state, gate.id)
        defenders = sum(
            1
            for m in state.models
            if m.id in gate.reinforcers
            and str(m.place) in sections
            and not (state.in_contact(m.id) or m.fleeing or _busy(state, m.id))
        )
        points = reinforce(gate.kind, gate.structure_points, defenders=defenders)
        state = state.with_gate(replace(gate, structure_points=points, reinforcers=()))
        events.append(Event("reinforced", "§6.4", {"gate": gate.id, "reinforcers": defenders, "points": points}))
    return state, events
