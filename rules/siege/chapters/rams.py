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

from rules.dice import D4, D6, Dice, Die, reason
from rules.siege import actions as a
from rules.siege.board.state import (
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
from rules.siege.board.values import replace
from rules.siege.chapters.gates import damage_gate, is_destroyed, touches_gate, toughness
from rules.siege.chapters.ladders import carrying, together
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
    "replace_carriers",
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
"""A covered ram: T8 (§7.2.3); its 4 structure points are
:data:`rules.siege.board.engines.COVERED_RAM_STRUCTURE_POINTS`."""
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
        raise IllegalAction("ram_carried_already", "§7.2.2", ram=ram_id, carrier_models=ram.carriers)
    check_distinct(carriers, "§7.2.1")
    check_may_act(state, carriers, "carry_ram")
    weight = _weight(state, carriers)
    if not MIN_CARRIERS <= weight <= MAX_CARRIERS:
        raise IllegalAction(
            "ram_carriers_count", "§7.2.1", ram=ram_id, least=MIN_CARRIERS, most=MAX_CARRIERS, weight=weight
        )
    place = together(state, carriers, "§7.2.1")
    if place.zone not in _OUTSIDE:
        raise IllegalAction("ram_stays_outside", "§7.2.1", ram=ram_id, place=str(place))
    if ram.lies is not None and str(place) != ram.lies and place.zone is not Zone.FIELD:
        raise IllegalAction("ram_lies_elsewhere", "§7.2.2", ram=ram_id, lies_place=ram.lies)
    _check_free_to_carry(state, ram_id, carriers, "§7.2.2")
    return state.with_ram(replace(ram, carriers=tuple(carriers), lies=None))


def _check_free_to_carry(state: BattleState, ram_id: str, models: Sequence[str], clause: str) -> None:
    """Models taking a ram up neither flee nor fight (``clause``: §7.2.2 as §7.1.2, or §5.3 for replacements) and
    carry no other load (§7.2.1)."""
    stuck = tuple(m for m in models if state.model(m).fleeing or state.in_contact(m))
    if stuck:
        raise IllegalAction("ram_carriers_flee_or_fight", clause, ram=ram_id, models=stuck)
    busy = tuple(sorted(carrying(state) & set(models)))
    if busy:
        raise IllegalAction("ram_carriers_loaded", "§7.2.1", ram=ram_id, models=busy)


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
        raise IllegalAction("ram_not_carried", "§7.2.2", ram=ram_id)
    place = state.model(ram.carriers[0]).place
    # on the ground outside; from a giant on the wall it falls to the wall's foot (§7.2.1: never inside the fort)
    lies = str(place) if place.zone in _OUTSIDE else f"foot:{place.ref}" if place.zone is Zone.WALL else None
    return state.with_ram(replace(ram, carriers=(), gate=None, lies=lies))


@a.plays(a.ReplaceRamCarriers)
def replace_carriers(state: BattleState, action: a.ReplaceRamCarriers, dice: Dice) -> BattleState:
    """§5.3: « les pertes subies par les porteurs [...] peuvent être immédiatement remplacés par d'autres figurines
    du régiment dès le tour suivant ». The engine keeps no count of the carriers a ram had, so a loss is sure when
    fewer than the six a ram needs are left (it was taken up by six or more, §7.2.1): then models of the carriers'
    regiments standing with them, neither fleeing, fighting nor carrying another load, join them, up to ten (§7.2.1,
    large creatures by their ratio, §12.1.4). Played as the besieger's turn opens, the losses came in a turn before.
    """
    ram = state.ram(action.ram)
    carriers, joining = ram.carriers, action.models
    if not carriers:
        raise IllegalAction("ram_not_carried", "§5.3", ram=action.ram)
    weight = _weight(state, carriers)
    if weight >= MIN_CARRIERS:
        raise IllegalAction("ram_carriers_enough", "§5.3", ram=action.ram, weight=weight, least=MIN_CARRIERS)
    if not joining:
        raise IllegalAction("replacements_named", "§5.3", ram=action.ram)
    check_distinct(joining, "§5.3")
    check_may_act(state, joining, "replace_ram_carriers")
    regiments = {state.model(c).unit for c in carriers}
    strangers = tuple(m for m in joining if state.model(m).unit not in regiments)
    if strangers:
        raise IllegalAction("replacements_of_the_regiment", "§5.3", ram=action.ram, models=strangers)
    together(state, (*carriers, *joining), "§5.3")
    _check_free_to_carry(state, action.ram, joining, "§5.3")
    total = weight + _weight(state, joining)
    if total > MAX_CARRIERS:
        raise IllegalAction("ram_carriers_count", "§7.2.1", least=MIN_CARRIERS, most=MAX_CARRIERS, weight=total)
    return state.with_ram(replace(ram, carriers=(*carriers, *joining)))


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
        raise IllegalAction("ram_not_carried", "§7.2.1", ram=ram_id)
    gate = next((g for g in state.fort.gates if g.id == gate_id), None)
    if gate is None:
        state.gate(gate_id)  # an unknown gate is refused as such
        raise IllegalAction("ram_not_at_service_door", "§7.2.1", ram=ram_id, gate=gate_id)
    if is_destroyed(state.gate(gate_id).structure_points):
        raise IllegalAction("rammed_gate_destroyed", "R4", ram=ram_id, gate=gate_id)
    if ram.gate == gate_id:
        raise IllegalAction("ram_at_gate_already", "§7.2.4", ram=ram_id, gate=gate_id)
    carriers = [state.model(c) for c in ram.carriers]
    weight = _weight(state, ram.carriers)
    if weight < MIN_CARRIERS:
        raise IllegalAction("ram_too_few_carriers", "§7.2.1", ram=ram_id, weight=weight, least=MIN_CARRIERS)
    if all(touches_gate(state, m, gate_id) for m in carriers):
        return state.with_ram(replace(ram, gate=gate_id))
    if state.phase is Phase.SETUP:
        raise IllegalAction("ram_brought_in_movement", "§7.2.4", ram=ram_id, gate=gate_id)
    check_may_act(state, ram.carriers, "bring_ram")
    place = together(state, ram.carriers, "§7.2.1")
    log = state.turn_log
    if place.zone not in _OUTSIDE:
        raise IllegalAction("ram_stays_outside", "§7.2.1", ram=ram_id, place=str(place))
    moved = [m.id for m in carriers if m.id in log.moved]
    if moved:
        raise IllegalAction("ram_carriers_moved", "§7.2.1", ram=ram_id, gate=gate_id, models=tuple(moved))
    stuck = [m.id for m in carriers if m.fleeing or state.in_contact(m.id)]
    if stuck:
        raise IllegalAction("ram_carriers_flee_or_fight", "§7.2.2", ram=ram_id, models=tuple(stuck))
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
    return tied[-1] if dice.roll(D6, reason("ram_strength_tie", "§7.2.4", ram=ram_id)) >= 4 else tied[0]


def use_ram(state: BattleState, ram_id: str, dice: Dice) -> Outcome:
    """Strike the gate in the close-combat phase (§7.2.4, R3): one to-wound roll of the ram's strength against the
    gate's toughness, damage by the carriers' majority strength; a covered ram strikes again for 1 damage.
    """
    mark = dice.mark()
    ram = state.ram(ram_id)
    if state.active is not Side.BESIEGER:
        raise IllegalAction("ram_in_besieger_turn", "§7.2.4", ram=ram_id)
    if ram_id in state.turn_log.rammed:
        raise IllegalAction("ram_struck_already", "R3", ram=ram_id)
    if ram.gate is None:
        raise IllegalAction("ram_not_at_gate", "§7.2.4", ram=ram_id)
    gate = state.gate(ram.gate)
    if is_destroyed(gate.structure_points):
        raise IllegalAction("rammed_gate_destroyed", "R4", ram=ram_id, gate=gate.id)
    carriers = [c for c in ram.carriers if touches_gate(state, state.model(c), gate.id)]
    weight = _weight(state, carriers)
    if weight < MIN_CARRIERS:
        raise IllegalAction(
            "ram_too_few_at_gate", "§7.2.1", ram=ram_id, gate=gate.id, weight=weight, least=MIN_CARRIERS
        )
    log = state.turn_log
    state = replace(state, turn_log=replace(log, rammed=log.rammed | {ram_id}))
    events: list[Event] = []
    if ram.wrecked:
        roll = dice.roll(D6, reason("wrecked_ram_swings", "§7.2.3", ram=ram_id))
        if roll < WRECKED_USE_NEED:
            events.append(Event("ram_broken", "§7.2.3", {"ram": ram_id, "roll": roll}))
            return outcome(state, events, dice, mark)
    per_wound = ram_damage(_majority_strength(state, carriers, dice, ram_id))
    need = to_wound(ram_strength(weight), toughness(gate.kind))
    total = 0
    for strike in range(1, strikes(ram.covered and not ram.wrecked) + 1):
        if need is None or dice.roll(D6, reason("ram_to_wound", "§7.2.4", ram=ram_id, strike=strike)) < need:
            continue
        if strike == 1:
            total += dice.roll(per_wound.die, reason("ram_damage_roll", "§7.2.4", ram=ram_id)) + per_wound.bonus
        else:
            total += COVERED_SECOND_STRIKE_DAMAGE
    state, event = damage_gate(state, gate.id, total)
    events.append(
        Event("ram", "§7.2.4", {"ram": ram_id, "strength": weight, "damage": total, "gate": gate.id}, ram.carriers)
    )
    events.append(event)
    return outcome(state, events, dice, mark)


def damage_ram(state: BattleState, ram_id: str, points: int) -> tuple[BattleState, Event]:
    """``points`` on a covered ram; at 0 it is wrecked (§7.2.3)."""
    ram = state.ram(ram_id)
    if not ram.covered:
        raise IllegalAction("ram_not_covered", "§7.2.3", ram=ram_id)
    left = max(0, ram.structure_points - points)
    state = state.with_ram(replace(ram, structure_points=left, wrecked=ram.wrecked or left == 0))
    return state, Event("ram_damage", "§7.2.3", {"ram": ram_id, "points": points, "left": left})
