"""Blocking (*bloquer*, §6.3): one model in a doorway, a breach or at the top of a ladder holds it alone.

Where: ``"gate:P1"`` (a postern or a service door ``"gate:C1/C2"``), ``"gate:G1"`` the main gate,
``"breach:W3"`` a collapsed section, ``"ladder:L1"`` the top of a ladder (§7.1.7, see
:mod:`rules.siege.chapters.ladders`) or, once hoisted into the fort, its foot (§7.1.10); ``"climb:G1"`` giant G1 scaling
a wall (§12.1.5, see :mod:`rules.siege.chapters.giants`).
Who: one model of normal size at a postern or service door; only a large creature of ratio 2 at the main gate;
only one of ratio above 2 at a breach (§6.3.5, §12.1.2); up to six enemies of normal size against a climbing giant
(§12.1.5). A blocker fights duels (:func:`fight_blocker`): one attacker at a time (as many as its ratio against a
large creature), the blocker striking first at +1 to hit, no combat result (§6.3.3, §6.3.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import Dice, reason
from rules.siege.board.fort import GateKind, SectionKind
from rules.siege.board.profiles import Weapon
from rules.siege.board.state import (
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
from rules.siege.board.values import replace
from rules.siege.chapters.gates import gate_reach, gate_sections, is_destroyed, touches_gate
from rules.siege.chapters.hits import Save, hit_models
from rules.siege.chapters.melee import roll_hits, strength
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


def _kind(where: str) -> str:
    """What ``where`` blocks (``"gate"``, ``"ladder"``, ``"breach"``, ``"climb"``), as a refusal's or an event's
    ``access`` fact."""
    return where.partition(":")[0]


def _ref(where: str) -> str:
    """Which one: the gate, the ladder, the breached section or the climbing giant, as the ``ref`` fact."""
    return where.partition(":")[2]


def blocker_of(state: BattleState, where: str) -> str | None:
    """The model blocking ``where``, if any."""
    kind, _, ref = where.partition(":")
    if kind == "gate":
        return state.gate(ref).blocker
    if kind == "ladder":
        return state.ladder(ref).blocker
    if kind == "breach":
        return state.works_of(ref).blocker
    raise IllegalAction("not_blockable", "§6.3", access=_kind(where), ref=_ref(where))


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
            raise IllegalAction("giant_blockers_normal_enemies", "§12.1.5", model=model.id, ratio=ratio)
    elif kind == "breach":
        if not state.works_of(ref).collapsed:
            raise IllegalAction("no_breach_to_block", "§6.3.5", section=ref)
        if ratio <= BREACH_RATIO:
            raise IllegalAction("breach_blocker_size", "§6.3.5", model=model.id, ratio=ratio, above=BREACH_RATIO)
    elif kind == "gate" and state.gate(ref).kind is GateKind.MAIN_GATE:
        if ratio != MAIN_GATE_RATIO:
            raise IllegalAction("main_gate_blocker_size", "§6.3.5", model=model.id, ratio=ratio, needed=MAIN_GATE_RATIO)
    elif kind == "gate" and model.profile.is_large:
        raise IllegalAction("large_blocks_no_door", "§12.1.2", model=model.id)


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
            "giant_blocked_enough",
            "§12.1.5",
            access=_kind(where),
            ref=_ref(where),
            blocker_models=held,
            most=CLIMB_BLOCKERS,
        )
    if held and not where.startswith("climb:"):
        raise IllegalAction("blocked_already", "§6.3.1", access=_kind(where), ref=_ref(where), blocker_model=held[0])
    if state.is_blocking(model_id):
        raise IllegalAction("blocks_elsewhere", "§6.3.1", model=model_id)
    if str(model.place) not in _place_of(state, where):
        raise IllegalAction(
            "blocker_not_there",
            "§6.3.1",
            model=model_id,
            access=_kind(where),
            ref=_ref(where),
            places=_place_of(state, where),
        )
    if model.id in state.turn_log.moved:
        raise IllegalAction("blocker_has_moved", "§6.3.1", model=model_id)
    if state.in_contact(model_id) or model.fleeing:
        raise IllegalAction("blocker_not_free", "§6.3.1", model=model_id)
    if model_id in state.turn_log.defenders:
        raise IllegalAction("blocker_has_defended", "§8.1.2", model=model_id)
    if model_id in state.turn_log.rallied:
        raise IllegalAction("blocker_rallied", "§3.4", model=model_id)
    _check_size(state, model, where)
    kind, _, ref = where.partition(":")
    if kind == "ladder" and state.ladder(ref).taken and state.ladder(ref).courtyard is None:
        raise IllegalAction("ladder_taken_no_blocking", "§7.1.9", ladder=ref)
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
        raise IllegalAction("gate_not_won", "§6.3.4", model=model_id, gate=gate_id)
    if state.gate(gate_id).blocker is not None:
        raise IllegalAction("gate_blocked_already", "§6.3.1", gate=gate_id)
    if not touches_gate(state, model, gate_id) or model.fleeing or state.in_contact(model_id):
        raise IllegalAction("not_free_at_gate", "§6.3.4", model=model_id, gate=gate_id)
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
        raise IllegalAction("ladder_not_raised_to_block", "§7.1.7", ladder=ladder_id)
    pushed = ladder_id in log.pushed and model_id in log.pushers
    if not (pushed or ladder_id in log.held):
        raise IllegalAction("ladder_blocker_not_pusher", "§7.1.7", model=model_id, ladder=ladder_id)


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
    raise IllegalAction("not_blockable", "§6.3", access=_kind(where), ref=_ref(where))


def end_block(state: BattleState, where: str, blocker: str | None = None) -> BattleState:
    """The blocker leaves of its own will, or is engaged by an enemy from another access (§6.3.2); where several
    block a climbing giant (§12.1.5), ``blocker`` names the one leaving.
    """
    held = blockers_of(state, where)
    if not held:
        raise IllegalAction("nobody_blocks", "§6.3.2", access=_kind(where), ref=_ref(where))
    if blocker is None and len(held) > 1:
        raise IllegalAction("name_the_one_leaving", "§6.3.2", access=_kind(where), ref=_ref(where), blocker_models=held)
    leaving = held[0] if blocker is None else blocker
    kind, _, ref = where.partition(":")
    if kind == "ladder" and state.ladder(ref).duel is not None:
        raise IllegalAction("duel_fights_on", "§7.1.8", model=leaving, other_model=state.ladder(ref).duel)
    if leaving not in held:
        raise IllegalAction(
            "not_the_blocker", "§6.3.2", model=leaving, access=_kind(where), ref=_ref(where), blocker_models=held
        )
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
    hits = roll_hits(
        dice, need, attacks, reason("blocking_duel_hits", "§6.3.3", model=striker_id, target_model=target_id, verb=verb)
    )
    wounding = reason("blocking_duel_wounds", "§6.3.3", model=striker_id, target_model=target_id)
    return hit_models(state, [target_id] * hits, strength(striker, kind), dice, wounding, "§6.3.3", save=save)


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
        raise IllegalAction("nobody_blocks", "§6.3.3", access=_kind(where), ref=_ref(where))
    if where in state.turn_log.duels:
        raise IllegalAction("blocker_fought_already", "§6.3.3", model=blocker_id, access=_kind(where), ref=_ref(where))
    duel = state.ladder(where.partition(":")[2]).duel if where.startswith("ladder:") else None
    if duel is not None and list(attackers) != [duel]:
        raise IllegalAction("duel_fights_on", "§7.1.8", model=blocker_id, other_model=duel)
    blocker = state.model(blocker_id)
    front = max(1, blocker.profile.ratio) if blocker.profile.is_large else 1  # §12.1.2
    kind_, _, ref = where.partition(":")
    ladder = kind_ == "ladder"
    at_foot = ladder and state.ladder(ref).courtyard is not None
    if not attackers:
        raise IllegalAction("no_blocker_attacker", "§6.3.3", access=_kind(where), ref=_ref(where))
    reach = attackers_reach(state, where)
    for attacker_id in attackers:
        attacker = state.model(attacker_id)
        if attacker.side is blocker.side:
            raise IllegalAction("attacker_on_blockers_side", "§6.3.3", model=attacker_id)
        if attacker.place not in reach or attacker.fleeing:
            raise IllegalAction(
                "attacker_not_in_reach",
                "§6.3.3",
                model=attacker_id,
                access=_kind(where),
                ref=_ref(where),
                places=tuple(sorted(map(str, reach))),
            )
    if len(attackers) > front + 1:
        raise IllegalAction(
            "blocker_attackers_count", "§6.3.3", blocker_model=blocker_id, front=front, count=len(attackers)
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
        events.append(Event("block_held", clause, {"model": blocker_id, "access": _kind(where), "ref": _ref(where)}))
    else:
        if ladder:
            # §7.1.8: « ils continuent à combattre normalement. Personne ne peut venir les remplacer »
            state = state.with_ladder(replace(state.ladder(ref), duel=engaged[0]), ref)
        events.append(
            Event(
                "block_draw",
                clause,
                {"model": blocker_id, "other_model": engaged[0], "access": _kind(where), "ref": _ref(where)},
            )
        )
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
        events.append(
            Event("block_broken", "§6.3.4", {"model": blocker_id, "access": _kind(where), "ref": _ref(where)})
        )
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
            {"model": blocker_id, "ladder": ref, "count": len(climbers), "section": landing},
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
