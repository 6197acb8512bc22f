"""Movement in and onto the fort (§2): section by section, never by the inch.

A model moves to one adjacent section a turn, two in the courtyard (§2.1); every connection lets through a
number of models a turn each way (§2.1.1 Table 2); nobody enters a section whose quota is full (§2.1.2, §1.7).
Entering a section held by the enemy is a charge (§3.1.1). Besiegers come in from outside by ladders and siege
towers: from the wall's foot onto a ladder, from the ladder or the tower onto the rampart; a giant from the wall it
has climbed, once no one blocks it (§12.1.5).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from rules.dice import D3, D6, Dice
from rules.siege import belfry
from rules.siege.blocking import gate_open
from rules.siege.fort import ConnectionKind, SectionKind
from rules.siege.gates import service_door_id
from rules.siege.ladders import push_back_pending
from rules.siege.melee import roll_hits, wounds_caused
from rules.siege.profiles import Special, TroopType
from rules.siege.psychology import charge_psychology, holds_the_section
from rules.siege.reactions import may_stand_and_shoot
from rules.siege.state import (
    LADDER_HOLDS,
    SIEGE_TOWER_HOLDS,
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
    quota,
)
from rules.siege.turn_log import DeclaredCharge
from rules.siege.values import replace
from rules.wfb import shooting_modifier, shooting_to_hit

__all__ = ["LADDER_A_TURN", "SIEGE_TOWER_A_TURN", "Way", "Who", "admits", "move", "way"]

# members read in busy functions, bound once (see rules.siege.places)
_FOOT = Zone.FOOT
_LADDER = Zone.LADDER
_SIEGE_TOWER = Zone.SIEGE_TOWER
_BELFRY = Zone.BELFRY
_SECTION = Zone.SECTION
_FIELD = Zone.FIELD
_BESIEGED = Side.BESIEGED
_COURTYARD = SectionKind.COURTYARD

LADDER_A_TURN = 4  # §2.1.1
SIEGE_TOWER_A_TURN = 4  # §7.3.4
ETHEREAL_REPELLED_HARD = 1  # §12.4
ETHEREAL_PASSES = 3  # §12.4


def _level(state: BattleState, place: Place) -> int:
    """How high a place is: ladders below the rampart they lean on (§3.2.2); a siege tower level with it."""
    if place.zone is _SECTION:
        return state.fort.section(place.ref).level
    if place.zone is _SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return 0 if tower.section is None else state.fort.section(tower.section).level
    if place.zone is _BELFRY:
        # 001 §2: the drawbridge's level meets the wall it reaches; the others are below or above it
        belfry = state.belfry(place.ref.rpartition(".")[0])
        return state.fort.section(belfry.section).level + int(place.ref.rpartition(".")[2]) - 2
    return 0


class Who(Enum):
    """Who may take a way (:func:`way`): any model, or only some (§2.1.1, §7.1, §7.3, §12, 001 §8)."""

    ANY = "any"
    CLIMBERS = "climbers"
    """a ladder: giants, treemen (§12.1.1), centauroids (§12.2) and cavalry (§3.2.3) never climb one."""
    BOARDERS = "boarders"
    """a siege tower: centauroids (§12.2) and cavalry (§3.2.3) never go in one."""
    ETHEREAL = "ethereal"
    """through a wall or a shut gate: ethereal creatures only (§12.4)."""
    BRIDGE = "bridge"
    """over a belfry's drawbridge: models with its 2 movement points left this turn (001 §8)."""
    UNBLOCKED = "unblocked"
    """from the wall a giant has climbed onto its rampart: once no one blocks it (§12.1.5)."""


class Way(NamedTuple):
    """A way from one place to another open now: the models a turn it lets through each way (``None``: as many as
    come, §2.1.1 Table 2) and who may take it."""

    capacity: int | None
    who: Who = Who.ANY


def way(state: BattleState, side: Side, origin: Place, destination: Place) -> Way | IllegalAction:
    """The way ``side``'s models take from ``origin`` to ``destination`` as the battle stands, or why there is none
    (returned, not raised: the menus ask of every way and only :func:`move` refuses).
    """
    if origin.inside and destination.zone in (_FOOT, _FIELD) and side is _BESIEGED:
        return IllegalAction(
            f"the besieged never go out of the fort, even through a broken gate: {origin} to {destination} (§11.1)",
            "§11.1",
        )
    if origin.zone is _FIELD and destination.zone is _FOOT:
        if str(destination) not in state.fort.approaches:
            return IllegalAction(f"{destination.ref} has no wall whose foot is outside the fort (§16)", "§16")
        return _UNLIMITED  # §16: the approach from 40 cm away is measured on the table, in inches, not by sections
    if origin.inside and destination.inside:
        connection = state.fort.connection(origin.ref, destination.ref)
        if connection is None:
            return IllegalAction(f"{origin} and {destination} are not connected (§2.1.1)", "§2.1.1")
        if connection.kind is ConnectionKind.SERVICE_DOOR:
            locked = _door_problem(state, service_door_id(origin.ref, destination.ref), side)
            if locked is not None:
                return locked
        return Way(connection.capacity, Who.CLIMBERS if connection.kind is ConnectionKind.LADDER else Who.ANY)
    if origin.zone is _FOOT and destination.zone is _LADDER:
        ladder = state.ladder(destination.ref)
        if ladder.section != origin.ref or not ladder.raised or ladder.courtyard is not None:
            return IllegalAction(f"ladder {destination.ref} does not stand against {origin.ref} (§2.1.1)", "§2.1.1")
        return _LADDER_WAY
    if origin.inside and destination.zone is _LADDER:
        ladder = state.ladder(destination.ref)
        if ladder.courtyard is None or ladder.section != origin.ref or ladder.carriers or not ladder.raised:
            return IllegalAction(
                f"ladder {destination.ref} is not hoisted from {origin} into a courtyard (§7.1.4, §7.1.10)", "§7.1.10"
            )
        if side is _BESIEGED:
            return IllegalAction(
                f"ladder {destination.ref} is the besieger's way down from {origin} into the courtyard (§7.1.10)",
                "§7.1.10",
            )
        return _LADDER_WAY
    if origin.zone is _LADDER and destination.inside:
        ladder = state.ladder(origin.ref)
        if (ladder.courtyard or ladder.section) != destination.ref:
            return IllegalAction(f"ladder {origin.ref} does not lead to {destination} (§2.1.1)", "§2.1.1")
        if ladder.blocker is not None:
            clause = "§7.1.7" if ladder.courtyard is None else "§7.1.10"
            return IllegalAction(
                f"{ladder.blocker} blocks ladder {origin.ref}: the climbers fight it first ({clause})", clause
            )
        if push_back_pending(state, ladder.id):
            return IllegalAction(
                f"the besieged on {destination} may try to push ladder {origin.ref} back before its climbers reach "
                "the rampart (§7.1.5)",
                "§7.1.5",
            )
        return Way(LADDER_A_TURN)
    if origin.zone is _FOOT and destination.zone is _SIEGE_TOWER:
        if state.siege_tower(destination.ref).section != origin.ref:
            return IllegalAction(f"siege tower {destination.ref} does not stand against {origin.ref} (§7.3)", "§7.3")
        return _BOARDING
    if origin.zone is _SIEGE_TOWER and destination.inside:
        if state.siege_tower(origin.ref).section != destination.ref:
            return IllegalAction(f"siege tower {origin.ref} does not stand against {destination} (§7.3.4)", "§7.3.4")
        return Way(SIEGE_TOWER_A_TURN)
    if _BELFRY in (origin.zone, destination.zone) and (origin.inside or destination.inside):
        # 001 §8: over the lowered drawbridge, as many as its movement points allow
        return belfry.bridge_problem(state, origin, destination) or _OVER_THE_BRIDGE
    if origin.zone is Zone.WALL and destination.inside and destination.ref == origin.ref:
        return _OFF_THE_WALL
    if origin.zone is _FOOT and destination.inside and destination.ref == origin.ref:
        for gate in state.fort.gates_of(origin.ref):
            if gate_open(state, gate.id, side):
                return Way(gate.capacity)  # §2.1.1 Table 2: through a broken, unblocked gate (§6.1, §6.3)
    breach = state.fort.connection(origin.ref, destination.ref) if destination.inside else None
    if origin.zone is _FOOT and breach is not None and breach.kind is ConnectionKind.BREACH:
        blocker = state.works_of(origin.ref).blocker
        if blocker is not None and state.model(blocker).side is not side:
            return IllegalAction(
                f"{blocker} blocks the breach in {origin.ref}: it is fought before anyone passes (§6.3.5)", "§6.3.5"
            )
        return Way(breach.capacity)  # §5.9, R5: through the breach into the courtyard behind it
    if origin.zone is _FOOT and destination.inside and destination.ref == origin.ref:
        return _THROUGH_THE_WALL
    return IllegalAction(f"there is no way from {origin} to {destination} (§2.1)", "§2.1")


_UNLIMITED = Way(None)
_LADDER_WAY = Way(LADDER_A_TURN, Who.CLIMBERS)  # §2.1.1
_BOARDING = Way(None, Who.BOARDERS)  # §7.3: the tower holds 15 (§7.3.4), its door counts none a turn
_OVER_THE_BRIDGE = Way(None, Who.BRIDGE)
_OFF_THE_WALL = Way(None, Who.UNBLOCKED)
_THROUGH_THE_WALL = Way(None, Who.ETHEREAL)


def admits(state: BattleState, who: Who, model: Model) -> bool:
    """Whether ``model`` may take a way open to ``who`` (:class:`Who`)."""
    if who is Who.ANY:
        return True
    profile = model.profile
    if who is Who.CLIMBERS:
        return profile.may_climb_ladders
    if who is Who.BOARDERS:
        return profile.may_board_siege_towers
    if who is Who.ETHEREAL:
        return profile.has(Special.ETHEREAL)
    if who is Who.BRIDGE:
        spent = state.turn_log.spent(model.id)
        return not spent or spent + belfry.BRIDGE_TO_RAMPART <= profile.m
    return not any(c.blockers for c in state.climbs if c.id == model.id)


def _step_capacity(state: BattleState, movers: Sequence[Model], origin: Place, destination: Place) -> int | None:
    """Models a turn that may go from ``origin`` to ``destination``, ``None`` when unlimited; IllegalAction when
    there is no way or some of ``movers`` may not take it.
    """
    found = way(state, movers[0].side, origin, destination)
    if isinstance(found, IllegalAction):
        raise found
    who = found.who
    if who is Who.CLIMBERS:
        _check_ladder(movers)
    elif who is Who.BRIDGE:
        belfry.crossing(state, movers, origin, destination)
    elif who is not Who.ANY and not all(admits(state, who, m) for m in movers):
        if who is Who.BOARDERS:
            _check_no_machines(movers, "into a siege tower")
            refused = [m.id for m in movers if not admits(state, who, m)]
            raise IllegalAction(
                f"{', '.join(refused)} cannot go into a siege tower: centauroids and cavalry never do (§12.2)", "§12.2"
            )
        if who is Who.UNBLOCKED:
            blockers = [b for m in movers for b in state.climb(m.id).blockers]
            raise IllegalAction(
                f"{', '.join(blockers)} block the giant on the wall of {origin.ref}: it reaches the rampart once they "
                "are all dead (§12.1.5)",
                "§12.1.5",
            )
        raise IllegalAction(f"only ethereal creatures pass through the wall of {destination} (§12.4)", "§12.4")
    return found.capacity


def _door_problem(state: BattleState, door_id: str, side: Side) -> IllegalAction | None:
    """§6.2: a service door is locked from the inside: nobody passes it until it is broken or unlocked; §6.3: nor
    while an enemy blocks it.
    """
    if not any(g.id == door_id for g in state.gates) or gate_open(state, door_id, side):
        return None
    door = state.gate(door_id)
    if door.blocker is not None and state.model(door.blocker).side is not side:
        return IllegalAction(f"{door.blocker} blocks the service door {door_id} (§6.3.1)", "§6.3.1")
    return IllegalAction(
        f"the service door {door_id} is locked: it is broken (§6.2) or unlocked from its inner side first (§6.2)",
        "§6.2",
    )


def _check_ladder(movers: Sequence[Model]) -> None:
    _check_no_machines(movers, "up a ladder")
    refused = [m.id for m in movers if not m.profile.may_climb_ladders]
    if refused:
        raise IllegalAction(
            f"{', '.join(refused)} cannot climb a ladder: giants, treemen (§12.1.1), centauroids (§12.2) and "
            "cavalry (§3.2.3) never do",
            "§12.1.1",
        )


def _check_no_machines(movers: Sequence[Model], where: str) -> None:
    """§5.7: a war machine shoots at the fort from where it stands outside: it goes neither up a ladder, nor into a
    siege tower, nor into the fort."""
    machines = [m.id for m in movers if m.profile.troop_type is TroopType.WAR_MACHINE]
    if machines:
        raise IllegalAction(
            f"{', '.join(machines)}: a war machine shoots from outside, it goes not {where} (§5.7)", "§5.7"
        )


def _check_movers(state: BattleState, ids: Sequence[str]) -> list[Model]:
    if not ids:
        raise IllegalAction("no model to move (§2.1)", "§2.1")
    check_distinct(ids, "§2.1")
    check_may_act(state, ids, "move")
    movers = [state.model(i) for i in ids]
    log = state.turn_log
    for model in movers:
        if model.side is not state.active:
            raise IllegalAction(f"{model.id} is a {model.side} model; it is the {state.active}'s turn (§2.1)", "§2.1")
        if model.place != movers[0].place:
            raise IllegalAction(f"{model.id} is not on {movers[0].place}: a group moves from one place (§2.1)", "§2.1")
        if model.fleeing:
            raise IllegalAction(f"{model.id} is fleeing: it flees, it does not move (§3.3.3)", "§3.3.3")
        if model.id in log.rallied:
            raise IllegalAction(f"{model.id} has just rallied and can do nothing this turn (§3.4)", "§3.4")
        if model.id in log.moved:
            raise IllegalAction(f"{model.id} has moved this turn: one section a turn (§2.1)", "§2.1")
        if state.is_blocking(model.id):
            raise IllegalAction(f"{model.id} is blocking and cannot move (§6.3.1)", "§6.3.1")
        if model.id in log.blockers:
            raise IllegalAction(
                f"{model.id} has blocked this turn: « Une figurine qui bloque ne peut pas se déplacer durant le même "
                "tour » (§6.3.1)",
                "§6.3.1",
            )
    return movers


def _check_leaving(state: BattleState, movers: Sequence[Model], destination: Place) -> None:
    """§3.3.1: leaving a section the enemy is on is disengaging: for the side that won the last combat there,
    with models not in contact, to a section without enemies; never for frenzied or hating troops (§4.2).
    """
    origin = movers[0].place
    side = movers[0].side
    if not origin.inside or not state.at(origin, side.enemy):
        return
    stubborn = [m.id for m in movers if holds_the_section(m)]
    if stubborn:
        raise IllegalAction(
            f"{', '.join(stubborn)} must clear {origin} of enemies before leaving it (frenzy, hatred: §4.2)", "§4.2"
        )
    result = state.result(origin.ref)
    if result is None or result.winner is not side:
        raise IllegalAction(f"only the winners of the last combat on {origin} may disengage (§3.3.1)", "§3.3.1")
    engaged = [m.id for m in movers if state.in_contact(m.id)]
    if engaged:
        raise IllegalAction(f"{', '.join(engaged)} are engaged in contact and cannot disengage (§3.3.1)", "§3.3.1")
    if state.at(destination, side.enemy):
        raise IllegalAction(f"disengaging troops go to a section without enemies, not {destination} (§3.3.1)", "§3.3.1")


def _check_room(state: BattleState, movers: Sequence[Model], destination: Place) -> None:
    side = movers[0].side
    incoming = sum(m.profile.ratio for m in movers)
    held = state.occupancy(destination, side)
    if destination.inside:
        section = state.fort.section(destination.ref)
        limit, name, clause = quota(section.kind), f"{section.kind} {section.id}", "§1.7"
        _check_no_machines(movers, "into the fort")
        if section.kind is not _COURTYARD:
            cavalry = [m.id for m in movers if m.profile.is_cavalry]
            if cavalry:
                raise IllegalAction(
                    f"{', '.join(cavalry)} are cavalry: courtyards only, not {section.id} (§3.2.3)", "§3.2.3"
                )
    elif destination.zone is _LADDER:
        limit, name, clause = LADDER_HOLDS, f"ladder {destination.ref}", "§7.1.5"
    elif destination.zone is _SIEGE_TOWER:
        limit, name, clause = SIEGE_TOWER_HOLDS, f"siege tower {destination.ref}", "§7.3.4"
    else:
        return
    if held + incoming > limit:
        raise IllegalAction(
            f"{name} holds {held} {side} models; moving {incoming} would make {held + incoming}, more than {limit} "
            f"({clause})",
            clause,
        )


def move(
    state: BattleState,
    models: Sequence[str],
    to: Place | str,
    dice: Dice,
    *,
    via: str | None = None,
    stand_and_shoot: Sequence[str] | None = (),
) -> Outcome:
    """Move a group of the active player's models from one place to ``to`` (through courtyard ``via`` for a two
    section move, §2.1.1). Entering a section the enemy holds is a charge (§3.1.1): the charged never flee, the
    ``stand_and_shoot`` models shoot at the chargers (§3.1.2), then they test for fear or terror (§4.2). With
    ``stand_and_shoot`` ``None`` the charged answer the charge themselves: where some may shoot, the charge is only
    declared, and lands once they have (:mod:`rules.siege.reactions`).
    """
    mark = dice.mark()
    movers = _check_movers(state, models)
    origin, destination = movers[0].place, Place.parse(to)
    if destination == origin:
        raise IllegalAction(
            f"{', '.join(models)} already stand on {origin}: a move goes to another place (§2.1)", "§2.1"
        )
    path = [origin, *([Place(_SECTION, via)] if via is not None else []), destination]
    if via is not None:
        kinds = [state.fort.section(p.ref).kind if p.inside else None for p in path]
        if any(kind is not _COURTYARD for kind in kinds):
            raise IllegalAction(
                f"only in the courtyard do models move two sections a turn: {' → '.join(map(str, path))} (§2.1.1)",
                "§2.1.1",
            )
        if state.at(path[1], movers[0].side.enemy):
            raise IllegalAction(f"{via} holds enemy models: a charge ends there (§3.1.1)", "§3.1.1")
    count = sum(m.profile.connection_ratio for m in movers)
    log = state.turn_log
    flows = log.flows
    for here, there in itertools.pairwise(path):
        capacity = _step_capacity(state, movers, here, there)
        step = (str(here), str(there))
        if capacity is not None:
            used = log.flow(*step)  # the steps of one move go between different places
            if used + count > capacity:
                raise IllegalAction(
                    f"{capacity} models a turn pass from {here} to {there}; {used} have, {count} more would make "
                    f"{used + count} (§2.1.1)",
                    "§2.1.1",
                )
        flows = (*flows, (*step, count))
    _check_leaving(state, movers, destination)
    _check_room(state, movers, destination)
    if destination.inside and state.rams:
        carriers = {c for r in state.rams for c in r.carriers}
        carrying = [m.id for m in movers if m.id in carriers]
        if carrying:
            raise IllegalAction(f"{', '.join(carrying)} carry a ram, which never enters the fort (§7.2.1)", "§7.2.1")
    charge = (destination.inside or destination.zone is _BELFRY) and bool(state.at(destination, movers[0].side.enemy))
    if stand_and_shoot is None:
        if charge and may_stand_and_shoot(state, destination):  # §3.1.2: the charged answer before the charge lands
            declared = DeclaredCharge(tuple(m.id for m in movers), str(destination), via)
            text = f"{len(movers)} {movers[0].side} models charge from {origin} to {destination}: the charged answer"
            return Outcome(
                replace(state, turn_log=replace(log, charge=declared)),
                (Event("charge_declared", "§3.1.2", text, declared.models),),
                (),
            )
        stand_and_shoot = ()
    elif stand_and_shoot:
        _check_stand_and_shoot(state, destination, stand_and_shoot, charge)  # before any die (§12.4) is rolled
    ids = frozenset(m.id for m in movers)
    moved = log.moved | ids
    events: list[Event] = []
    crossing = origin.zone is _FOOT and destination.inside
    ethereal = [m for m in movers if m.profile.has(Special.ETHEREAL)] if crossing else []
    if ethereal:
        # §12.4: only the ethereal creatures test; the others go through the broken gate or breach as usual
        log = replace(log, flows=flows, moved=moved)
        passed, state, events = _ethereal_crossing(replace(state, turn_log=log), ethereal, destination, dice)
        if not passed:
            left = {m.id for m in ethereal}
            movers = [m for m in movers if m.id not in left]
            if not movers:
                return outcome(state, events, dice, mark)
        log = state.turn_log
        movers = [state.model(m.id) for m in movers if any(x.id == m.id for x in state.models)]
        ids = frozenset(m.id for m in movers)
    into_belfry = destination.zone is _BELFRY  # 001 §8: over the drawbridge onto level 2
    charging = (destination.inside or into_belfry) and bool(state.at(destination, movers[0].side.enemy))
    charged, from_below, arrived = log.charged, log.from_below, log.arrived
    if charging:
        charged = charged | ids
        if _level(state, origin) < _level(state, destination):
            from_below = from_below | ids  # §3.2.2: ladders count, siege towers do not
    if destination.inside and not origin.inside:
        arrived = arrived | ids  # §3.5.2
    # the turn's log with the move's flows, movers, chargers, those from below and those arriving, in one copy
    log = replace(log, flows=flows, moved=moved, charged=charged, from_below=from_below, arrived=arrived)
    if charging and stand_and_shoot:
        state, shots = _stand_and_shoot(replace(state, turn_log=log), movers, destination, stand_and_shoot, dice)
        events.extend(shots)
        movers = [m for m in movers if m.id in state.by_id]
        if not movers:
            return outcome(state, events, dice, mark)
    state = state.with_models({m.id: replace(m, place=destination) for m in movers}, turn_log=log)
    if origin.zone is _LADDER:
        # §7.1.9: assaulters have set foot on the rampart by this ladder, blocked or not: no more blocking it
        state = state.with_ladder(replace(state.ladder(origin.ref), taken=True), origin.ref)
    verb = "charge" if charging else "move"
    events.append(
        Event(
            verb,
            "§3.1.1" if charging else "§2.1",
            f"{len(movers)} {movers[0].side} models {verb} from {origin} to {destination}",
            tuple(m.id for m in movers),
        )
    )
    if charging:
        state, more = charge_psychology(state, destination.ref, [state.model(m.id) for m in movers], dice)
        events.extend(more)
    return outcome(state, events, dice, mark)


def _check_stand_and_shoot(state: BattleState, section: Place, shooters: Sequence[str], charge: bool) -> None:
    """Refuse ``shooters`` that may not stand and shoot at a charge onto ``section`` (§3.1.2)."""
    if not charge:
        raise IllegalAction(f"nobody charges {section}: nobody stands and shoots (§3.1.2)", "§3.1.2")
    check_distinct(shooters, "§3.1.2")
    may = may_stand_and_shoot(state, section)
    for shooter_id in shooters:
        if shooter_id not in may:
            raise IllegalAction(
                f"{shooter_id} cannot shoot at the chargers: it must be a charged model on {section} with a missile "
                "weapon, free to shoot: neither fleeing, engaged, blocking nor bound elsewhere (§3.1.2)",
                "§3.1.2",
            )


def _stand_and_shoot(
    state: BattleState, chargers: Sequence[Model], section: Place, shooters: Sequence[str], dice: Dice
) -> tuple[BattleState, list[Event]]:
    """§3.1.2: the charged may shoot at the chargers as usual, with the stand-and-shoot penalty; half range is
    ignored. Hits fall on the chargers in the order they were listed.
    """
    events: list[Event] = []
    alive = list(chargers)
    damage: dict[str, int] = {}
    turn = 0
    for shooter_id in shooters:
        shooter = state.model(shooter_id)
        missile = shooter.profile.missile
        assert missile is not None  # may_stand_and_shoot lists only models with a missile weapon
        for _ in range(missile.shots):
            if not alive:
                break
            target = alive[turn % len(alive)]
            turn += 1
            # §7.3.4: assaulters charging out of a siege tower have lost its heavy cover, so no cover counts here
            names = ["stand_and_shoot", *(["large_target"] if target.profile.is_large else [])]
            need = shooting_to_hit(shooter.profile.bs, shooting_modifier(names))
            reason = f"§3.1.2 {shooter_id} shoots {target.id}"
            hits = roll_hits(dice, need, 1, f"{reason} to hit")
            wounds = wounds_caused(dice, hits, missile.strength, target, reason)
            if wounds:
                damage[target.id] = damage.get(target.id, 0) + wounds
                if damage[target.id] >= target.wounds_left:
                    alive.remove(target)
            events.append(
                Event(
                    "stand_and_shoot",
                    "§3.1.2",
                    f"{shooter_id} shoots {target.id}: {hits} hit, {wounds} unsaved wounds",
                    (shooter_id, target.id),
                )
            )
    changed: dict[str, Model | None] = {}
    for model_id, wounds in damage.items():
        model = state.model(model_id)
        changed[model_id] = (
            None if wounds >= model.wounds_left else replace(model, wounds_lost=model.wounds_lost + wounds)
        )
    return state.with_models(changed), events


def _ethereal_crossing(
    state: BattleState, movers: Sequence[Model], destination: Place, dice: Dice
) -> tuple[bool, BattleState, list[Event]]:
    """§12.4: an ethereal creature crossing a magically protected wall rolls a D6: 1 thrown back losing D3
    models (a lone creature D3 wounds), 2 thrown back, 3+ through and may attack this turn.
    """
    if not state.magic_protection:
        return True, state, []
    roll = dice.roll(D6, f"§12.4 ethereal crossing into {destination}")
    ids = tuple(m.id for m in movers)
    if roll >= ETHEREAL_PASSES:
        return (
            True,
            state,
            [Event("ethereal_crossing", "§12.4", f"roll {roll}: through the wall into {destination}", ids)],
        )
    if roll > ETHEREAL_REPELLED_HARD:
        return False, state, [Event("ethereal_repelled", "§12.4", f"roll {roll}: thrown back from {destination}", ids)]
    losses = dice.roll(D3, f"§12.4 ethereal losses at {destination}")
    changed: dict[str, Model | None]
    if len(movers) == 1:
        model = movers[0]
        changed = {
            model.id: None if losses >= model.wounds_left else replace(model, wounds_lost=model.wounds_lost + losses)
        }
    else:
        changed = dict.fromkeys(ids[:losses], None)
    text = f"roll {roll}: thrown back from {destination}, losing {losses}"
    return False, state.with_models(changed), [Event("ethereal_repelled", "§12.4", text, ids)]
