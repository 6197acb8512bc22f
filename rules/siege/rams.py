"""Rams (*béliers*, §7.2): carrying them (§7.2.1), covered rams (§7.2.3) and striking a gate (§7.2.4).

A ram's strength is the number of models carrying it; one to-wound roll against the gate's toughness per use, and
each wound does damage by the carriers' majority natural strength (R3)::

    >>> ram_strength(7), ram_damage(4).die.name, ram_damage(4).bonus
    (7, 'D4', 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import D4, D6, Dice, Die
from rules.siege.gates import damage_gate, is_destroyed, touches_gate, toughness
from rules.siege.ladders import carrying, together
from rules.siege.state import (
    BattleState,
    Event,
    IllegalAction,
    Outcome,
    Phase,
    Place,
    Side,
    Zone,
    check_distinct,
    check_may_act,
    outcome,
)
from rules.siege.values import replace
from rules.validation import check_range
from rules.wfb import to_wound

__all__ = [
    "COVERED_SECOND_STRIKE_DAMAGE",
    "COVERED_TOUGHNESS",
    "MAX_CARRIERS",
    "MIN_CARRIERS",
    "RamDamage",
    "bring_ram",
    "carry_ram",
    "damage_ram",
    "drop_ram",
    "must_drop_ram",
    "ram_damage",
    "ram_gates",
    "ram_speed",
    "ram_strength",
    "strikes",
    "use_ram",
]

MIN_CARRIERS = 6
MAX_CARRIERS = 10
"""A ram needs 6 carriers and takes at most 10; large creatures count their ratio (§7.2.1, R3)."""

COVERED_SECOND_STRIKE_DAMAGE = 1
"""A covered ram's swing strikes again in the same phase, for exactly 1 damage if it wounds (§7.2.4, R3)."""


@dataclass(frozen=True)
class RamDamage:
    """Damage per wound: one roll of ``die`` plus ``bonus``."""

    die: Die
    bonus: int


def ram_strength(carriers: int) -> int:
    """The ram's strength: one point per carrier (§7.2.4, R3)."""
    return check_range("carriers", carriers, MIN_CARRIERS, MAX_CARRIERS)


def ram_damage(carrier_strength: int) -> RamDamage:
    """Damage per wound by the carriers' majority natural strength: ≤3 D4, 4–6 D4+1, ≥7 D6+1 (§7.2.4, R3)."""
    check_range("carrier_strength", carrier_strength, 1, 10)
    if carrier_strength <= 3:
        return RamDamage(D4, 0)
    if carrier_strength <= 6:
        return RamDamage(D4, 1)
    return RamDamage(D6, 1)


def strikes(covered: bool) -> int:
    """Strikes in one close-combat phase: one, or two for a covered ram (§7.2.3, R3)."""
    return 2 if covered else 1


COVERED_TOUGHNESS = 8
"""A covered ram: T8 (§7.2.3); its 4 structure points are :data:`rules.siege.engines.COVERED_RAM_STRUCTURE_POINTS`."""
WRECKED_USE_NEED = 5
"""A destroyed covered ram still swings as a plain ram on a D6 of 5+ (§7.2.3)."""
_OUTSIDE = frozenset({Zone.FOOT, Zone.FIELD})
"""Where a ram and its carriers may stand: outside the fort, on the ground (§7.2.1)."""
FULL_SPEED_CARRIERS = 9
"""6 to 8 carriers move at half speed, 9 or 10 at full speed (§7.2.1)."""


def ram_speed(carriers: int, move: int) -> int:
    """The move in cm of a ram's carriers: half with 6 to 8, full with 9 or 10 (§7.2.1); forced marches allowed."""
    ram_strength(carriers)
    return move if carriers >= FULL_SPEED_CARRIERS else move // 2


def _weight(state: BattleState, carriers: Sequence[str]) -> int:
    return sum(state.model(c).profile.ratio for c in carriers)


def carry_ram(state: BattleState, ram_id: str, carriers: Sequence[str]) -> BattleState:
    """Models take up a ram, 6 to 10 standing together outside the fort, large creatures counting their ratio
    (§7.2.1, §12.1.4). A ram let go is picked up as a ladder is (§7.2.2 « Les règles sont identiques à abandonner et
    ramasser une échelle », §7.1.3): by models where it lies, or passing by it from the field.
    """
    ram = state.ram(ram_id)
    if ram.carriers:
        raise IllegalAction(f"ram {ram_id} is already carried by {', '.join(ram.carriers)} (§7.2.2)", "§7.2.2")
    check_distinct(carriers, "§7.2.1")
    check_may_act(state, carriers, "carry a ram")
    weight = _weight(state, carriers)
    if not MIN_CARRIERS <= weight <= MAX_CARRIERS:
        raise IllegalAction(
            f"a ram is carried by {MIN_CARRIERS} to {MAX_CARRIERS} models, not {weight} (§7.2.1)", "§7.2.1"
        )
    place = together(state, carriers, "§7.2.1")
    if place.zone not in _OUTSIDE:
        raise IllegalAction("a ram's carriers stand together outside the fort: it never enters it (§7.2.1)", "§7.2.1")
    if ram.lies is not None and str(place) != ram.lies and place.zone is not Zone.FIELD:
        raise IllegalAction(
            f"ram {ram_id} lies at {ram.lies}: it is picked up there, or by models passing by from the field "
            "(§7.2.2, §7.1.3)",
            "§7.2.2",
        )
    stuck = [c for c in carriers if state.model(c).fleeing or state.in_contact(c)]
    if stuck:
        raise IllegalAction(f"{', '.join(stuck)} flee or fight and cannot carry a ram (§7.2.2, §7.1.2)", "§7.2.2")
    busy = sorted(carrying(state) & set(carriers))
    if busy:
        raise IllegalAction(f"{', '.join(busy)} already carry a ladder or a ram: one load at a time (§7.2.1)", "§7.2.1")
    return state.with_ram(replace(ram, carriers=tuple(carriers), lies=None))


def must_drop_ram(state: BattleState, ram_id: str) -> bool:
    """§7.2.2 as §7.1.2: carriers engaged, fleeing, or fewer than the ram needs."""
    carriers = [state.model(c) for c in state.ram(ram_id).carriers]
    return _weight(state, [m.id for m in carriers]) < MIN_CARRIERS or any(
        m.fleeing or state.in_contact(m.id) for m in carriers
    )


def drop_ram(state: BattleState, ram_id: str) -> BattleState:
    """The carriers let the ram go; it lies where they were (§7.2.2)."""
    ram = state.ram(ram_id)
    if not ram.carriers:
        raise IllegalAction(f"nobody carries ram {ram_id}: there is nothing to let go (§7.2.2)", "§7.2.2")
    place = state.model(ram.carriers[0]).place
    # on the ground outside; from a giant on the wall it falls to the wall's foot (§7.2.1: never inside the fort)
    lies = str(place) if place.zone in _OUTSIDE else f"foot:{place.ref}" if place.zone is Zone.WALL else None
    return state.with_ram(replace(ram, carriers=(), gate=None, lies=lies))


def ram_gates(state: BattleState) -> tuple[str, ...]:
    """The gates a ram may be brought to: the fort's main gate and posterns still standing, which open onto the
    outside; a service door is inside the fort, where a ram never goes (§7.2.1)."""
    return tuple(g.id for g in state.fort.gates if not is_destroyed(state.gate(g.id).structure_points))


def bring_ram(state: BattleState, ram_id: str, gate_id: str) -> BattleState:
    """The ram's carriers bring it into contact with a gate: it may strike from the end of this movement phase
    (§7.2.4). Carriers standing at the gate bring it there at once; others carry it there as their move of the
    turn, from the field or the foot of another wall (the approach measured on the table, §16), if none of them has
    moved this turn; never in the set-up, when the besieger stands 40 cm or more from the walls (§16).
    """
    ram = state.ram(ram_id)
    if not ram.carriers:
        raise IllegalAction(f"nobody carries ram {ram_id} (§7.2.1)", "§7.2.1")
    gate = next((g for g in state.fort.gates if g.id == gate_id), None)
    if gate is None:
        state.gate(gate_id)  # an unknown gate is refused as such
        raise IllegalAction(f"{gate_id} is a service door inside the fort, which a ram never enters (§7.2.1)", "§7.2.1")
    if is_destroyed(state.gate(gate_id).structure_points):
        raise IllegalAction(f"gate {gate_id} is already destroyed (R4)", "R4")
    if ram.gate == gate_id:
        raise IllegalAction(f"ram {ram_id} is already at gate {gate_id} (§7.2.4)", "§7.2.4")
    carriers = [state.model(c) for c in ram.carriers]
    weight = _weight(state, ram.carriers)
    if weight < MIN_CARRIERS:
        raise IllegalAction(
            f"ram {ram_id} has {weight} carriers: a ram is never carried by fewer than {MIN_CARRIERS} (§7.2.1)",
            "§7.2.1",
        )
    if all(touches_gate(state, m, gate_id) for m in carriers):
        return state.with_ram(replace(ram, gate=gate_id))
    if state.phase is Phase.SETUP:
        raise IllegalAction(
            f"ram {ram_id}'s carriers must stand at gate {gate_id}: in the set-up the besieger stands 40 cm or more "
            "from the walls, and brings the ram in his movement (§16, §7.2.4)",
            "§7.2.4",
        )
    check_may_act(state, ram.carriers, "bring a ram")
    place = together(state, ram.carriers, "§7.2.1")
    log = state.turn_log
    if place.zone not in _OUTSIDE:
        raise IllegalAction(f"ram {ram_id}'s carriers must stand outside the fort (§7.2.1)", "§7.2.1")
    moved = [m.id for m in carriers if m.id in log.moved]
    if moved:
        raise IllegalAction(
            f"{', '.join(moved)} have moved this turn: carrying ram {ram_id} to gate {gate_id} is their move (§7.2.1)",
            "§7.2.1",
        )
    stuck = [m.id for m in carriers if m.fleeing or state.in_contact(m.id)]
    if stuck:
        raise IllegalAction(f"{', '.join(stuck)} flee or fight and cannot carry a ram (§7.2.2, §7.1.2)", "§7.2.2")
    foot = Place(Zone.FOOT, gate.section)
    ids = frozenset(ram.carriers)
    state = state.with_models(
        {m.id: replace(m, place=foot) for m in carriers},
        turn_log=replace(log, moved=log.moved | ids),
    )
    return state.with_ram(replace(ram, gate=gate_id))


def _majority_strength(state: BattleState, carriers: Sequence[str], dice: Dice, ram_id: str) -> int:
    """The natural strength most carriers have; a tie is settled on a D6: 1–3 the lower, 4–6 the higher (§7.2.4)."""
    counts = Counter(state.model(c).profile.s for c in carriers)
    top = max(counts.values())
    tied = sorted(s for s, n in counts.items() if n == top)
    if len(tied) == 1:
        return tied[0]
    return tied[-1] if dice.roll(D6, f"§7.2.4 ram {ram_id} carriers' strength") >= 4 else tied[0]


def use_ram(state: BattleState, ram_id: str, dice: Dice) -> Outcome:
    """Strike the gate in the close-combat phase (§7.2.4, R3): one to-wound roll of the ram's strength against the
    gate's toughness, damage by the carriers' majority strength; a covered ram strikes again for 1 damage.
    """
    mark = dice.mark()
    ram = state.ram(ram_id)
    if state.active is not Side.BESIEGER:
        raise IllegalAction("rams strike in the besieger's close-combat phase (§7.2.4)", "§7.2.4")
    if ram_id in state.turn_log.rammed:
        raise IllegalAction(f"ram {ram_id} has struck this phase: one use a phase (R3)", "R3")
    if ram.gate is None:
        raise IllegalAction(f"ram {ram_id} is not in contact with a gate (§7.2.4)", "§7.2.4")
    gate = state.gate(ram.gate)
    if is_destroyed(gate.structure_points):
        raise IllegalAction(f"gate {gate.id} is already destroyed (R4)", "R4")
    carriers = [c for c in ram.carriers if touches_gate(state, state.model(c), gate.id)]
    weight = _weight(state, carriers)
    if weight < MIN_CARRIERS:
        raise IllegalAction(
            f"ram {ram_id} has {weight} carriers at the gate; it needs {MIN_CARRIERS} (§7.2.1)", "§7.2.1"
        )
    log = state.turn_log
    state = replace(state, turn_log=replace(log, rammed=log.rammed | {ram_id}))
    events: list[Event] = []
    if ram.wrecked:
        roll = dice.roll(D6, f"§7.2.3 wrecked ram {ram_id}")
        if roll < WRECKED_USE_NEED:
            events.append(Event("ram_broken", "§7.2.3", f"roll {roll}: the wrecked ram {ram_id} cannot be used"))
            return outcome(state, events, dice, mark)
    per_wound = ram_damage(_majority_strength(state, carriers, dice, ram_id))
    need = to_wound(ram_strength(weight), toughness(gate.kind))
    total = 0
    for strike in range(1, strikes(ram.covered and not ram.wrecked) + 1):
        reason = f"§7.2.4 ram {ram_id} strike {strike}"
        if need is None or dice.roll(D6, f"{reason} to wound") < need:
            continue
        if strike == 1:
            total += dice.roll(per_wound.die, f"{reason} damage") + per_wound.bonus
        else:
            total += COVERED_SECOND_STRIKE_DAMAGE
    state, event = damage_gate(state, gate.id, total)
    events.append(
        Event("ram", "§7.2.4", f"ram {ram_id} (S{weight}) does {total} damage to gate {gate.id}", ram.carriers)
    )
    events.append(event)
    return outcome(state, events, dice, mark)


def damage_ram(state: BattleState, ram_id: str, points: int) -> tuple[BattleState, Event]:
    """``points`` on a covered ram; at 0 it is wrecked (§7.2.3)."""
    ram = state.ram(ram_id)
    if not ram.covered:
        raise IllegalAction(f"ram {ram_id} is not covered: only a covered ram is a target (§5.3, §7.2.3)", "§7.2.3")
    left = max(0, ram.structure_points - points)
    state = state.with_ram(replace(ram, structure_points=left, wrecked=ram.wrecked or left == 0))
    return state, Event("ram_damage", "§7.2.3", f"covered ram {ram_id} loses {points}, {left} structure points left")
