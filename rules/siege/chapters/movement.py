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

from rules.dice import D3, D6, Dice, reason
from rules.fast.members import BELFRY, BESIEGED, COURTYARD, FIELD, FOOT, LADDER, SECTION, SIEGE_TOWER, WAR_MACHINE
from rules.siege.board.fort import ConnectionKind
from rules.siege.board.profiles import Special
from rules.siege.board.state import (
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
from rules.siege.board.turn_log import DeclaredCharge
from rules.siege.board.values import replace
from rules.siege.chapters.belfry import belfry
from rules.siege.chapters.blocking import gate_open
from rules.siege.chapters.gates import service_door_id
from rules.siege.chapters.ladders import push_back_pending
from rules.siege.chapters.melee import roll_hits, wounds_caused
from rules.siege.chapters.psychology import charge_psychology, holds_the_section
from rules.siege.chapters.reactions import may_stand_and_shoot
from rules.wfb import shooting_modifier, shooting_to_hit

__all__ = ["LADDER_A_TURN", "SIEGE_TOWER_A_TURN", "Way", "Who", "admits", "move", "way"]


LADDER_A_TURN = 4  # §2.1.1
SIEGE_TOWER_A_TURN = 4  # §7.3.4
ETHEREAL_REPELLED_HARD = 1  # §12.4
ETHEREAL_PASSES = 3  # §12.4


def _level(state: BattleState, place: Place) -> int:
    """How high a place is: ladders below the rampart they lean on (§3.2.2); a siege tower level with it."""
    if place.zone is SECTION:
        return state.fort.section(place.ref).level
    if place.zone is SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return 0 if tower.section is None else state.fort.section(tower.section).level
    if place.zone is BELFRY:
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
    if origin.inside and destination.zone in (FOOT, FIELD) and side is BESIEGED:
        return IllegalAction("besieged_stay_inside", "§11.1", from_place=str(origin), place=str(destination))
    if origin.zone is FIELD and destination.zone is FOOT:
        if str(destination) not in state.fort.approaches:
            return IllegalAction("no_foot_outside", "§16", section=destination.ref)
        return _UNLIMITED  # §16: the approach from 40 cm away is measured on the table, in inches, not by sections
    if origin.inside and destination.inside:
        connection = state.fort.connection(origin.ref, destination.ref)
        if connection is None:
            return IllegalAction("not_connected", "§2.1.1", from_section=origin.ref, section=destination.ref)
        if connection.kind is ConnectionKind.SERVICE_DOOR:
            locked = _door_problem(state, service_door_id(origin.ref, destination.ref), side)
            if locked is not None:
                return locked
        return Way(connection.capacity, Who.CLIMBERS if connection.kind is ConnectionKind.LADDER else Who.ANY)
    if origin.zone is FOOT and destination.zone is LADDER:
        ladder = state.ladder(destination.ref)
        if ladder.section != origin.ref or not ladder.raised or ladder.courtyard is not None:
            return IllegalAction("ladder_not_against", "§2.1.1", ladder=destination.ref, section=origin.ref)
        return _LADDER_WAY
    if origin.inside and destination.zone is LADDER:
        ladder = state.ladder(destination.ref)
        if ladder.courtyard is None or ladder.section != origin.ref or ladder.carriers or not ladder.raised:
            return IllegalAction("ladder_not_hoisted_from", "§7.1.10", ladder=destination.ref, section=origin.ref)
        if side is BESIEGED:
            return IllegalAction("hoisted_ladder_way_down", "§7.1.10", ladder=destination.ref, section=origin.ref)
        return _LADDER_WAY
    if origin.zone is LADDER and destination.inside:
        ladder = state.ladder(origin.ref)
        if (ladder.courtyard or ladder.section) != destination.ref:
            return IllegalAction("ladder_not_leading", "§2.1.1", ladder=origin.ref, section=destination.ref)
        if ladder.blocker is not None:
            clause = "§7.1.7" if ladder.courtyard is None else "§7.1.10"
            return IllegalAction("ladder_blocked", clause, blocker_model=ladder.blocker, ladder=origin.ref)
        if push_back_pending(state, ladder.id):
            return IllegalAction("push_back_first", "§7.1.5", ladder=origin.ref, section=destination.ref)
        return Way(LADDER_A_TURN)
    if origin.zone is FOOT and destination.zone is SIEGE_TOWER:
        if state.siege_tower(destination.ref).section != origin.ref:
            return IllegalAction("siege_tower_not_against", "§7.3", tower=destination.ref, section=origin.ref)
        return _BOARDING
    if origin.zone is SIEGE_TOWER and destination.inside:
        if state.siege_tower(origin.ref).section != destination.ref:
            return IllegalAction("siege_tower_not_against", "§7.3.4", tower=origin.ref, section=destination.ref)
        return Way(SIEGE_TOWER_A_TURN)
    if BELFRY in (origin.zone, destination.zone) and (origin.inside or destination.inside):
        # 001 §8: over the lowered drawbridge, as many as its movement points allow
        return belfry.bridge_problem(state, origin, destination) or _OVER_THE_BRIDGE
    if origin.zone is Zone.WALL and destination.inside and destination.ref == origin.ref:
        return _OFF_THE_WALL
    if origin.zone is FOOT and destination.inside and destination.ref == origin.ref:
        for gate in state.fort.gates_of(origin.ref):
            if gate_open(state, gate.id, side):
                return Way(gate.capacity)  # §2.1.1 Table 2: through a broken, unblocked gate (§6.1, §6.3)
    breach = state.fort.connection(origin.ref, destination.ref) if destination.inside else None
    if origin.zone is FOOT and breach is not None and breach.kind is ConnectionKind.BREACH:
        blocker = state.works_of(origin.ref).blocker
        if blocker is not None and state.model(blocker).side is not side:
            return IllegalAction("breach_blocked", "§6.3.5", blocker_model=blocker, section=origin.ref)
        return Way(breach.capacity)  # §5.9, R5: through the breach into the courtyard behind it
    if origin.zone is FOOT and destination.inside and destination.ref == origin.ref:
        return _THROUGH_THE_WALL
    return IllegalAction("no_way", "§2.1", from_place=str(origin), place=str(destination))


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
            _check_no_machines(movers, "siege_tower")
            refused = tuple(m.id for m in movers if not admits(state, who, m))
            raise IllegalAction("may_not_board", "§12.2", models=refused)
        if who is Who.UNBLOCKED:
            blockers = tuple(b for m in movers for b in state.climb(m.id).blockers)
            raise IllegalAction("giant_blocked_on_wall", "§12.1.5", blocker_models=blockers, section=origin.ref)
        raise IllegalAction("ethereal_only", "§12.4", section=destination.ref)
    return found.capacity


def _door_problem(state: BattleState, door_id: str, side: Side) -> IllegalAction | None:
    """§6.2: a service door is locked from the inside: nobody passes it until it is broken or unlocked; §6.3: nor
    while an enemy blocks it.
    """
    if not any(g.id == door_id for g in state.gates) or gate_open(state, door_id, side):
        return None
    door = state.gate(door_id)
    if door.blocker is not None and state.model(door.blocker).side is not side:
        return IllegalAction("service_door_blocked", "§6.3.1", blocker_model=door.blocker, door=door_id)
    return IllegalAction("service_door_locked", "§6.2", door=door_id)


def _check_ladder(movers: Sequence[Model]) -> None:
    _check_no_machines(movers, "ladder")
    refused = tuple(m.id for m in movers if not m.profile.may_climb_ladders)
    if refused:
        raise IllegalAction("may_not_climb", "§12.1.1", models=refused)


def _check_no_machines(movers: Sequence[Model], where: str) -> None:
    """§5.7: a war machine shoots at the fort from where it stands outside: it goes neither up a ladder, nor into a
    siege tower, nor into the fort: ``where`` is ``"ladder"``, ``"siege_tower"`` or ``"fort"``."""
    machines = tuple(m.id for m in movers if m.profile.troop_type is WAR_MACHINE)
    if machines:
        raise IllegalAction("war_machine_stays_outside", "§5.7", models=machines, where=where)


def _check_movers(state: BattleState, ids: Sequence[str]) -> list[Model]:
    if not ids:
        raise IllegalAction("no_model_to_move", "§2.1")
    check_distinct(ids, "§2.1")
    check_may_act(state, ids, "move")
    movers = [state.model(i) for i in ids]
    log = state.turn_log
    for model in movers:
        if model.side is not state.active:
            raise IllegalAction("mover_not_active", "§2.1", model=model.id, side=model.side.value)
        if model.place != movers[0].place:
            raise IllegalAction("group_apart", "§2.1", model=model.id, place=str(movers[0].place))
        if model.fleeing:
            raise IllegalAction("mover_fleeing", "§3.3.3", model=model.id)
        if model.id in log.rallied:
            raise IllegalAction("mover_rallied", "§3.4", model=model.id)
        if model.id in log.moved:
            raise IllegalAction("moved_already", "§2.1", model=model.id)
        if state.is_blocking(model.id):
            raise IllegalAction("mover_blocking", "§6.3.1", model=model.id)
        if model.id in log.blockers:
            raise IllegalAction("blocked_this_turn", "§6.3.1", model=model.id)
    return movers


def _check_leaving(state: BattleState, movers: Sequence[Model], destination: Place) -> None:
    """§3.3.1: leaving a section the enemy is on is disengaging: for the side that won the last combat there,
    with models not in contact, to a section without enemies; never for frenzied or hating troops (§4.2).
    """
    origin = movers[0].place
    side = movers[0].side
    if not origin.inside or not state.at(origin, side.enemy):
        return
    stubborn = tuple(m.id for m in movers if holds_the_section(m))
    if stubborn:
        raise IllegalAction("must_clear_section", "§4.2", models=stubborn, section=origin.ref)
    result = state.result(origin.ref)
    if result is None or result.winner is not side:
        raise IllegalAction("only_winners_disengage", "§3.3.1", section=origin.ref)
    engaged = tuple(m.id for m in movers if state.in_contact(m.id))
    if engaged:
        raise IllegalAction("engaged_cannot_disengage", "§3.3.1", models=engaged)
    if state.at(destination, side.enemy):
        raise IllegalAction("disengage_to_enemies", "§3.3.1", place=str(destination))


def _check_room(state: BattleState, movers: Sequence[Model], destination: Place) -> None:
    side = movers[0].side
    incoming = sum(m.profile.ratio for m in movers)
    held = state.occupancy(destination, side)
    if destination.inside:
        section = state.fort.section(destination.ref)
        limit, clause = quota(section.kind), "§1.7"
        _check_no_machines(movers, "fort")
        if section.kind is not COURTYARD:
            cavalry = tuple(m.id for m in movers if m.profile.is_cavalry)
            if cavalry:
                raise IllegalAction("cavalry_courtyards_only", "§3.2.3", models=cavalry, section=section.id)
    elif destination.zone is LADDER:
        limit, clause = LADDER_HOLDS, "§7.1.5"
    elif destination.zone is SIEGE_TOWER:
        limit, clause = SIEGE_TOWER_HOLDS, "§7.3.4"
    else:
        return
    if held + incoming > limit:
        raise IllegalAction(
            "place_full",
            clause,
            place=str(destination),
            held=held,
            side=side.value,
            incoming=incoming,
            total=held + incoming,
            most=limit,
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
    declared, and lands once they have (:mod:`rules.siege.chapters.reactions`).
    """
    mark = dice.mark()
    movers = _check_movers(state, models)
    origin, destination = movers[0].place, Place.parse(to)
    if destination == origin:
        raise IllegalAction("move_in_place", "§2.1", models=tuple(models), place=str(origin))
    path = [origin, *([Place(SECTION, via)] if via is not None else []), destination]
    if via is not None:
        kinds = [state.fort.section(p.ref).kind if p.inside else None for p in path]
        if any(kind is not COURTYARD for kind in kinds):
            raise IllegalAction(
                "two_sections_in_courtyard",
                "§2.1.1",
                from_place=str(origin),
                via=via,
                place=str(destination),
            )
        if state.at(path[1], movers[0].side.enemy):
            raise IllegalAction("via_holds_enemies", "§3.1.1", via=via)
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
                    "way_full",
                    "§2.1.1",
                    most=capacity,
                    from_place=str(here),
                    place=str(there),
                    used=used,
                    count=count,
                    total=used + count,
                )
        flows = (*flows, (*step, count))
    _check_leaving(state, movers, destination)
    _check_room(state, movers, destination)
    if destination.inside and state.rams:
        carriers = {c for r in state.rams for c in r.carriers}
        carrying = tuple(m.id for m in movers if m.id in carriers)
        if carrying:
            raise IllegalAction("ram_carriers_stay_outside", "§7.2.1", models=carrying)
    charge = (destination.inside or destination.zone is BELFRY) and bool(state.at(destination, movers[0].side.enemy))
    if stand_and_shoot is None:
        if charge and may_stand_and_shoot(state, destination):  # §3.1.2: the charged answer before the charge lands
            declared = DeclaredCharge(tuple(m.id for m in movers), str(destination), via)
            declaring = Event(
                "charge_declared",
                "§3.1.2",
                {
                    "models": declared.models,
                    "count": len(movers),
                    "side": movers[0].side.value,
                    "from_place": str(origin),
                    "place": str(destination),
                },
                declared.models,
            )
            return Outcome(
                replace(state, turn_log=replace(log, charge=declared)),
                (declaring,),
                (),
            )
        stand_and_shoot = ()
    elif stand_and_shoot:
        _check_stand_and_shoot(state, destination, stand_and_shoot, charge)  # before any die (§12.4) is rolled
    ids = frozenset(m.id for m in movers)
    moved = log.moved | ids
    events: list[Event] = []
    crossing = origin.zone is FOOT and destination.inside
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
    into_belfry = destination.zone is BELFRY  # 001 §8: over the drawbridge onto level 2
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
    if origin.zone is LADDER:
        # §7.1.9: assaulters have set foot on the rampart by this ladder, blocked or not: no more blocking it
        state = state.with_ladder(replace(state.ladder(origin.ref), taken=True), origin.ref)
    moved_ids = tuple(m.id for m in movers)
    side, went, came = movers[0].side.value, str(origin), str(destination)
    group = len(movers)
    events.append(
        Event(
            "charge",
            "§3.1.1",
            {"models": moved_ids, "count": group, "side": side, "from_place": went, "place": came},
            moved_ids,
        )
        if charging
        else Event(
            "move",
            "§2.1",
            {"models": moved_ids, "count": group, "side": side, "from_place": went, "place": came},
            moved_ids,
        )
    )
    if charging:
        state, more = charge_psychology(state, destination.ref, [state.model(m.id) for m in movers], dice)
        events.extend(more)
    return outcome(state, events, dice, mark)


def _check_stand_and_shoot(state: BattleState, section: Place, shooters: Sequence[str], charge: bool) -> None:
    """Refuse ``shooters`` that may not stand and shoot at a charge onto ``section`` (§3.1.2)."""
    if not charge:
        raise IllegalAction("no_charge_to_shoot_at", "§3.1.2", place=str(section))
    check_distinct(shooters, "§3.1.2")
    may = may_stand_and_shoot(state, section)
    for shooter_id in shooters:
        if shooter_id not in may:
            raise IllegalAction("may_not_stand_and_shoot", "§3.1.2", model=shooter_id, place=str(section))


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
            hits = roll_hits(
                dice, need, 1, reason("stand_and_shoot_hits", "§3.1.2", model=shooter_id, target_model=target.id)
            )
            wounds = wounds_caused(
                dice,
                hits,
                missile.strength,
                target,
                reason("stand_and_shoot_wounds", "§3.1.2", model=shooter_id, target_model=target.id),
            )
            if wounds:
                damage[target.id] = damage.get(target.id, 0) + wounds
                if damage[target.id] >= target.wounds_left:
                    alive.remove(target)
            events.append(
                Event(
                    "stand_and_shoot",
                    "§3.1.2",
                    {"model": shooter_id, "target_model": target.id, "hits": hits, "wounds": wounds},
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
    roll = dice.roll(D6, reason("ethereal_crossing_roll", "§12.4", place=str(destination)))
    ids = tuple(m.id for m in movers)
    if roll >= ETHEREAL_PASSES:
        return (
            True,
            state,
            [Event("ethereal_crossing", "§12.4", {"models": ids, "roll": roll, "place": str(destination)}, ids)],
        )
    if roll > ETHEREAL_REPELLED_HARD:
        thrown = Event(
            "ethereal_repelled", "§12.4", {"models": ids, "roll": roll, "place": str(destination), "losses": 0}, ids
        )
        return False, state, [thrown]
    losses = dice.roll(D3, reason("ethereal_losses", "§12.4", place=str(destination)))
    changed: dict[str, Model | None]
    if len(movers) == 1:
        model = movers[0]
        changed = {
            model.id: None if losses >= model.wounds_left else replace(model, wounds_lost=model.wounds_lost + losses)
        }
    else:
        changed = dict.fromkeys(ids[:losses], None)
    thrown = Event(
        "ethereal_repelled", "§12.4", {"models": ids, "roll": roll, "place": str(destination), "losses": losses}, ids
    )
    return False, state.with_models(changed), [thrown]
