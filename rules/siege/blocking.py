"""Blocking (*bloquer*, §6.3): one model in a doorway, a breach or at the top of a ladder holds it alone.

Where: ``"gate:P1"`` (a postern or a service door ``"gate:C1/C2"``), ``"gate:G1"`` the main gate,
``"breach:W3"`` a collapsed section, ``"ladder:L1"`` the top of a ladder (§7.1.7, see :mod:`rules.siege.ladders`)
or, once hoisted into the fort, its foot (§7.1.10); ``"climb:G1"`` giant G1 scaling a wall (§12.1.5, see
:mod:`rules.siege.giants`).
Who: one model of normal size at a postern or service door; only a large creature of ratio 2 at the main gate;
only one of ratio above 2 at a breach (§6.3.5, §12.1.2); up to six enemies of normal size against a climbing giant
(§12.1.5). A blocker fights duels (:func:`fight_blocker`): one attacker at a time (as many as its ratio against a
large creature), the blocker striking first at +1 to hit, no combat result (§6.3.3, §6.3.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import Dice
from rules.siege.fort import GateKind, SectionKind
from rules.siege.gates import gate_reach, gate_sections, is_destroyed, touches_gate
from rules.siege.hits import Save, hit_models
from rules.siege.melee import roll_hits, strength
from rules.siege.profiles import Weapon
from rules.siege.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Place,
    Side,
    Zone,
    check_may_act,
    outcome,
    within_quota,
)
from rules.siege.values import replace
from rules.wfb import melee_to_hit

__all__ = [
    "BLOCKER_BONUS",
    "BREACH_RATIO",
    "CLIMB_BLOCKERS",
    "HIGH_GROUND_BONUS",
    "MAIN_GATE_RATIO",
    "attackers_reach",
    "block",
    "blocker_of",
    "blockers_of",
    "end_block",
    "fight_blocker",
    "fits_gate",
    "gate_open",
    "strike",
    "take_gate",
]

BLOCKER_BONUS = 1  # §6.3.3: +1 to hit in every round
HIGH_GROUND_BONUS = 1  # §7.1.7: +1 more at the top of a ladder
MAIN_GATE_RATIO = 2  # §6.3.5
BREACH_RATIO = 2  # §6.3.5: a ratio above 2
CLIMB_BLOCKERS = 6  # §12.1.5


def blocker_of(state: BattleState, where: str) -> str | None:
    """The model blocking ``where``, if any."""
    kind, _, ref = where.partition(":")
    if kind == "gate":
        return state.gate(ref).blocker
    if kind == "ladder":
        return state.ladder(ref).blocker
    if kind == "breach":
        return state.works_of(ref).blocker
    raise IllegalAction(f"{where!r} is not a gate, a ladder or a breach that can be blocked (§6.3)", "§6.3")


def blockers_of(state: BattleState, where: str) -> tuple[str, ...]:
    """The models blocking ``where``: one at most, up to six at a giant's climb (§12.1.5)."""
    kind, _, ref = where.partition(":")
    if kind == "climb":
        return state.climb(ref).blockers
    blocker = blocker_of(state, where)
    return () if blocker is None else (blocker,)


def _with_blocker(state: BattleState, where: str, blocker: str) -> BattleState:
    kind, _, ref = where.partition(":")
    if kind == "climb":
        climb = state.climb(ref)
        return state.with_climb(replace(climb, blockers=(*climb.blockers, blocker)))
    if kind == "gate":
        return state.with_gate(replace(state.gate(ref), blocker=blocker))
    if kind == "ladder":
        return state.with_ladder(replace(state.ladder(ref), blocker=blocker), ref)
    return state.with_works(replace(state.works_of(ref), blocker=blocker))


def fits_gate(model: Model, kind: GateKind) -> bool:
    """Whether ``model`` is of the size to block a gate of ``kind``: the main gate only a large creature of ratio 2
    (§6.3.5), a postern or a service door no large creature (§12.1.2)."""
    if kind is GateKind.MAIN_GATE:
        return model.profile.is_large and model.profile.ratio == MAIN_GATE_RATIO
    return not model.profile.is_large


def _check_size(state: BattleState, model: Model, where: str) -> None:
    kind, _, ref = where.partition(":")
    ratio = model.profile.ratio if model.profile.is_large else 1
    if kind == "climb":
        if model.side is state.model(ref).side or model.profile.is_large:
            raise IllegalAction(
                f"only enemies of normal size block a climbing giant; {model.id} is a {model.side} model counting "
                f"{ratio} (§12.1.5)",
                "§12.1.5",
            )
    elif kind == "breach":
        if not state.works_of(ref).collapsed:
            raise IllegalAction(f"{ref} has not collapsed: there is no breach to block (§6.3.5)", "§6.3.5")
        if ratio <= BREACH_RATIO:
            raise IllegalAction(
                f"a breach is blocked only by a large creature of ratio above {BREACH_RATIO}; {model.id} counts "
                f"{ratio} (§6.3.5)",
                "§6.3.5",
            )
    elif kind == "gate" and state.gate(ref).kind is GateKind.MAIN_GATE:
        if ratio != MAIN_GATE_RATIO:
            raise IllegalAction(
                f"the main gate is blocked only by a large creature of ratio {MAIN_GATE_RATIO}; {model.id} counts "
                f"{ratio} (§6.3.5)",
                "§6.3.5",
            )
    elif kind == "gate" and model.profile.is_large:
        raise IllegalAction(f"{model.id} is a large creature: it cannot block a normal door (§12.1.2)", "§12.1.2")


def _place_of(state: BattleState, where: str) -> tuple[str, ...]:
    """The sections a blocker of ``where`` stands on."""
    kind, _, ref = where.partition(":")
    if kind == "climb":
        state.climb(ref)
        return (state.model(ref).place.ref,)  # §12.1.5: the rampart above the giant
    if kind == "gate":
        return gate_sections(state, ref)
    if kind == "ladder":
        ladder = state.ladder(ref)
        # §7.1.10: a hoisted ladder is blocked at its foot, in the courtyard
        return (ladder.section if ladder.courtyard is None else ladder.courtyard,)
    return (ref,)


def block(state: BattleState, model_id: str, where: str) -> BattleState:
    """``model_id`` declares it blocks ``where`` (§6.3.1). It must not have moved this turn, nor be engaged, and it
    may not move or shoot while it blocks.
    """
    model = state.model(model_id)
    check_may_act(state, [model_id], "block")
    held = blockers_of(state, where)
    if where.startswith("climb:") and len(held) >= CLIMB_BLOCKERS:
        raise IllegalAction(
            f"{len(held)} models already block {where}: at most {CLIMB_BLOCKERS} block a climbing giant (§12.1.5)",
            "§12.1.5",
        )
    if held and not where.startswith("climb:"):
        raise IllegalAction(f"{where} is already blocked by {held[0]}: one model only (§6.3.1)", "§6.3.1")
    if state.is_blocking(model_id):
        raise IllegalAction(f"{model_id} already blocks elsewhere: it holds one place (§6.3.1)", "§6.3.1")
    if str(model.place) not in _place_of(state, where):
        raise IllegalAction(
            f"{model_id} is not on {' or '.join(_place_of(state, where))} to block {where} (§6.3.1)", "§6.3.1"
        )
    if model.id in state.turn_log.moved:
        raise IllegalAction(f"{model_id} has moved this turn: a blocker cannot move and block (§6.3.1)", "§6.3.1")
    if state.in_contact(model_id) or model.fleeing:
        raise IllegalAction(f"{model_id} is engaged or fleeing and cannot block (§6.3.1)", "§6.3.1")
    if model_id in state.turn_log.defenders:
        raise IllegalAction(
            f"{model_id} has thrown or poured on the assaulters this turn and cannot block too (§8.1.2)", "§8.1.2"
        )
    if model_id in state.turn_log.rallied:
        raise IllegalAction(f"{model_id} has just rallied and can do nothing this turn (§3.4)", "§3.4")
    _check_size(state, model, where)
    kind, _, ref = where.partition(":")
    if kind == "ladder" and state.ladder(ref).taken and state.ladder(ref).courtyard is None:
        raise IllegalAction(f"assaulters have taken the rampart by ladder {ref}: no more blocking (§7.1.9)", "§7.1.9")
    if kind == "ladder" and state.ladder(ref).courtyard is None:
        _check_ladder_blocker(state, model_id, ref)
    log = state.turn_log
    if kind == "ladder" and ref in log.held and state.ladder(ref).courtyard is None:
        # §7.1.8: the friend taking over « ne pourra pas tenter de repousser l'échelle »
        log = replace(log, held=log.held - {ref})
    if kind == "ladder" and model_id in log.exposed:
        # §7.1.6: the pushers are exposed « à l'exception de la figurine qui s'engage à bloquer »
        log = replace(log, exposed=log.exposed - {model_id})
    return replace(_with_blocker(state, where, model_id), turn_log=replace(log, blockers=log.blockers | {model_id}))


def take_gate(state: BattleState, gate_id: str, model_id: str) -> BattleState:
    """The attacker who has just killed the blocker of ``gate_id`` takes the doorway and blocks it in turn, where it
    stands and though it came this turn (§6.3.4); the size rules of §6.3.5 and §12.1.2 still hold.
    """
    model = state.model(model_id)
    if not state.turn_log.took_gate(gate_id, model_id):
        raise IllegalAction(
            f"{model_id} has not killed the blocker of gate {gate_id} this turn: only that attacker takes the gate "
            "(§6.3.4)",
            "§6.3.4",
        )
    if state.gate(gate_id).blocker is not None:
        raise IllegalAction(f"gate {gate_id} is already blocked: one model only (§6.3.1)", "§6.3.1")
    if not touches_gate(state, model, gate_id) or model.fleeing or state.in_contact(model_id):
        raise IllegalAction(f"{model_id} is not a free model at gate {gate_id} (§6.3.4)", "§6.3.4")
    where = f"gate:{gate_id}"
    _check_size(state, model, where)
    log = state.turn_log
    return replace(_with_blocker(state, where, model_id), turn_log=replace(log, blockers=log.blockers | {model_id}))


def _check_ladder_blocker(state: BattleState, model_id: str, ladder_id: str) -> None:
    """§7.1.7: « Seule une figurine ayant tenté de repousser peut bloquer » a raised ladder, this turn; or, once the
    blocker has killed its attackers and stepped aside, the friend taking its place (§7.1.8).
    """
    log = state.turn_log
    if not state.ladder(ladder_id).raised:
        raise IllegalAction(f"ladder {ladder_id} is not raised against the rampart (§7.1.7)", "§7.1.7")
    pushed = ladder_id in log.pushed and model_id in log.pushers
    if not (pushed or ladder_id in log.held):
        raise IllegalAction(
            f"only a model that tried to push ladder {ladder_id} back this turn may block it, or a friend taking over "
            "from a blocker who killed its attackers (§7.1.7, §7.1.8)",
            "§7.1.7",
        )


def attackers_reach(state: BattleState, where: str) -> frozenset[Place]:
    """Where the enemies who fight the blocker of ``where`` stand: in contact with a gate (its sections or the foot
    of its courtyard), on the ladder (§7.1.7, §7.1.10), at the foot of the breach (§6.3.5)."""
    kind, _, ref = where.partition(":")
    if kind == "gate":
        return gate_reach(state, ref)
    if kind == "ladder":
        return frozenset({Place(Zone.LADDER, ref)})
    if kind == "breach":
        return frozenset({Place(Zone.FOOT, ref)})
    raise IllegalAction(f"{where!r} is not a gate, a ladder or a breach that can be blocked (§6.3)", "§6.3")


def end_block(state: BattleState, where: str, blocker: str | None = None) -> BattleState:
    """The blocker leaves of its own will, or is engaged by an enemy from another access (§6.3.2); where several
    block a climbing giant (§12.1.5), ``blocker`` names the one leaving.
    """
    held = blockers_of(state, where)
    if not held:
        raise IllegalAction(f"nobody blocks {where} (§6.3.2)", "§6.3.2")
    if blocker is None and len(held) > 1:
        raise IllegalAction(f"{', '.join(held)} block {where}: name the one leaving (§6.3.2, §12.1.5)", "§6.3.2")
    leaving = held[0] if blocker is None else blocker
    kind, _, ref = where.partition(":")
    if kind == "ladder" and state.ladder(ref).duel is not None:
        raise IllegalAction(
            f"{leaving} and {state.ladder(ref).duel} drew: they fight on, and nobody replaces either (§7.1.8)",
            "§7.1.8",
        )
    if leaving not in held:
        raise IllegalAction(f"{leaving} does not block {where}; {', '.join(held)} does (§6.3.2)", "§6.3.2")
    return state.without_blocker(leaving)


def strike(
    state: BattleState,
    striker_id: str,
    target_id: str,
    attacks: int,
    bonus: int,
    kind: SectionKind,
    dice: Dice,
    *,
    verb: str,
    save: Save = Save.NORMAL,
) -> tuple[BattleState, list[Event], tuple[str, ...]]:
    """One side of a blocking duel (§6.3.3): ``attacks`` to hit at ``bonus``, then to wound at the striker's
    strength on a section of ``kind``. ``verb`` (``"blocks"``, ``"attacks"``) names the to-hit roll as battle logs
    have always recorded it, so that they replay. Returns the state, the events and the ids of the models killed.
    """
    striker = state.model(striker_id)
    need = melee_to_hit(striker.profile.ws, state.model(target_id).profile.ws, bonus)
    hits = roll_hits(dice, need, attacks, f"§6.3.3 {striker_id} {verb} {target_id} to hit")
    reason = f"§6.3.3 {striker_id} on {target_id}"
    return hit_models(state, [target_id] * hits, strength(striker, kind), dice, reason, "§6.3.3", save=save)


def fight_blocker(state: BattleState, where: str, attackers: Sequence[str], dice: Dice) -> Outcome:
    """A round against the blocker of ``where`` (§6.3.3): the blocker always strikes first at +1 to hit. At the top
    of a ladder it has +1 more for the high ground, and the climber no shield and one hand weapon (§7.1.7); at the
    foot of a hoisted ladder the climber has that +1 instead (§7.1.10). ``attackers`` are listed in order: as many
    fight as the blocker's ratio; an attacker killed is replaced at once by the next, once (double combat). No
    combat result and no test follow (§6.3.4, §7.1.8).
    """
    mark = dice.mark()
    blocker_id = blocker_of(state, where)
    if blocker_id is None:
        raise IllegalAction(f"nobody blocks {where} (§6.3.3)", "§6.3.3")
    if where in state.turn_log.duels:
        raise IllegalAction(
            f"{blocker_id} has already fought at {where} this turn: one enemy attacks a blocker, once a turn (§6.3.3)",
            "§6.3.3",
        )
    duel = state.ladder(where.partition(":")[2]).duel if where.startswith("ladder:") else None
    if duel is not None and list(attackers) != [duel]:
        raise IllegalAction(
            f"{blocker_id} and {duel} drew: they fight on, and nobody replaces either (§7.1.8)", "§7.1.8"
        )
    blocker = state.model(blocker_id)
    front = max(1, blocker.profile.ratio) if blocker.profile.is_large else 1  # §12.1.2
    kind_, _, ref = where.partition(":")
    ladder = kind_ == "ladder"
    at_foot = ladder and state.ladder(ref).courtyard is not None
    if not attackers:
        raise IllegalAction(f"no model named to fight the blocker of {where} (§6.3.3)", "§6.3.3")
    reach = attackers_reach(state, where)
    for attacker_id in attackers:
        attacker = state.model(attacker_id)
        if attacker.side is blocker.side:
            raise IllegalAction(f"{attacker_id} is on the blocker's side (§6.3.3)", "§6.3.3")
        if attacker.place not in reach or attacker.fleeing:
            raise IllegalAction(
                f"{attacker_id} does not stand free {' or '.join(sorted(map(str, reach)))} to fight the blocker of "
                f"{where} (§6.3.3)",
                "§6.3.3",
            )
    if len(attackers) > front + 1:
        raise IllegalAction(
            f"{front} model{'s' if front > 1 else ''} attack {blocker_id}, and one more replaces a fallen attacker: "
            f"{len(attackers)} named (§6.3.3, §12.1.2)",
            "§6.3.3",
        )
    kind = state.fort.section(_place_of(state, where)[0]).kind
    state = replace(state, turn_log=replace(state.turn_log, duels=state.turn_log.duels | {where}))
    events: list[Event] = []
    queue = list(attackers)
    engaged = queue[:front]
    queue = queue[front:]
    bonus = BLOCKER_BONUS + (HIGH_GROUND_BONUS if ladder and not at_foot else 0)
    climber_bonus = HIGH_GROUND_BONUS if at_foot else 0  # §7.1.10
    for round_ in (1, 2):
        # §6.3.3: the blocker strikes first at its bonus, on the first attacker
        save = Save.NO_SHIELD if ladder else Save.NORMAL  # §7.1.7
        state, more, killed = strike(
            state, blocker_id, engaged[0], blocker.profile.a, bonus, kind, dice, verb="blocks", save=save
        )
        events.extend(more)
        engaged = [a for a in engaged if a not in killed]
        for attacker_id in engaged:
            attacker = state.model(attacker_id)
            # §7.1.7: on a ladder a single hand weapon, so no extra attacks
            count = attacker.profile.a + (
                0 if ladder or attacker.profile.weapon is not Weapon.ADDITIONAL_HAND_WEAPON else 1
            )
            state, more, killed_blocker = strike(
                state, attacker_id, blocker_id, count, climber_bonus, kind, dice, verb="attacks"
            )
            events.extend(more)
            if killed_blocker:
                return _blocker_falls(state, where, blocker_id, engaged, dice, mark, events)
        if engaged or not queue or round_ == 2:
            break
        engaged, queue = queue[:1], queue[1:]  # §6.3.3: the next attacker steps up and a second combat is fought
    clause = "§7.1.8" if ladder else "§6.3.4"
    if not engaged:
        if ladder:
            # §7.1.8, §7.1.10: having killed its attackers, the blocker may push or knock the ladder down alone
            state = replace(state, turn_log=replace(state.turn_log, held=state.turn_log.held | {ref}))
        events.append(Event("block_held", clause, f"{blocker_id} holds {where}"))
    else:
        if ladder:
            # §7.1.8: « ils continuent à combattre normalement. Personne ne peut venir les remplacer »
            state = state.with_ladder(replace(state.ladder(ref), duel=engaged[0]), ref)
        events.append(Event("block_draw", clause, f"{blocker_id} and {engaged[0]} fight on"))
    return outcome(state, events, dice, mark)


def _blocker_falls(
    state: BattleState,
    where: str,
    blocker_id: str,
    killers: Sequence[str],
    dice: Dice,
    mark: int,
    events: list[Event],
) -> Outcome:
    """The blocker is dead: through a doorway the attacker may now block in turn (§6.3.4); up a ladder every
    climber sets foot on the rampart (down a hoisted one, in the courtyard) for one round of combat, those who
    killed the blocker engaging nobody, and the besieged hit them at +1 from above (§7.1.8, §7.1.10); the ladder
    can no longer be blocked (§7.1.9).
    """
    kind, _, ref = where.partition(":")
    if kind != "ladder":
        events.append(Event("block_broken", "§6.3.4", f"{blocker_id} falls: {where} is open"))
        if kind == "gate":
            # §6.3.4: « il peut prendre possession de la porte et bloquer à son tour s'il le désire »
            log = state.turn_log
            takers = log.gate_takers | {f"{ref} {k}" for k in killers}
            state = replace(state, turn_log=replace(log, gate_takers=takers))
        return outcome(state, events, dice, mark)
    ladder = state.ladder(ref)
    landing = ladder.section if ladder.courtyard is None else ladder.courtyard
    # §1.7: the climbers come up in ladder order as long as the quota takes them; the others stay on the ladder
    climbers, _ = within_quota(state, landing, state.at(Place(Zone.LADDER, ref)))
    state = state.with_models({m.id: replace(m, place=Place(Zone.SECTION, landing)) for m in climbers})
    log = state.turn_log
    ids = {m.id for m in climbers}
    log = replace(
        log,
        arrived=log.arrived | ids,
        moved=log.moved | ids,
        by_taken_ladder=log.by_taken_ladder | ids,
        blocker_killers=log.blocker_killers | set(killers),
    )
    if ladder.courtyard is None:
        log = replace(log, from_below=log.from_below | ids)  # §7.1.8: the besieged's +1 for the high ground
    state = replace(state, turn_log=log)
    state = state.with_ladder(replace(state.ladder(ref), taken=True, blocker=None), ref)
    events.append(
        Event(
            "ladder_taken",
            "§7.1.8",
            f"{blocker_id} falls: {len(climbers)} climbers of ladder {ref} set foot on {landing}",
            tuple(ids),
        )
    )
    return outcome(state, events, dice, mark)


def gate_open(state: BattleState, gate_id: str, side: Side | None = None) -> bool:
    """Whether a gate lets ``side``'s models through (the enemy's, by default): destroyed (R4) or, a postern or
    service door, unlocked (§6.2), and not blocked by one of the other side (§6.3).
    """
    gate = state.gate(gate_id)
    passable = is_destroyed(gate.structure_points) or (gate.unlocked and gate.kind is not GateKind.MAIN_GATE)
    blocked = gate.blocker is not None and (side is None or state.model(gate.blocker).side is not side)
    return passable and not blocked
