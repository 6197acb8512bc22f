"""Close combat in the fort (§3.2): every section/level is one engagement, the player whose turn it is pairs
his models with the enemy up to 4 against 1, and may fight a second time (*règle du double combat*).

The combat result (§3.2.4) counts models killed, not wounds, with the unit strength and one standard per section;
ranks, flanks, rear, overkill and high ground are gone.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Sequence

from rules.dice import D6, Dice, read_reason, reason
from rules.fast.members import BESIEGED, BESIEGER, COURTYARD, FLYER, GREAT_WEAPON, MUSICIAN
from rules.siege.board.checks import bound
from rules.siege.board.fort import SectionKind
from rules.siege.board.profiles import Profile, Special, Weapon
from rules.siege.board.state import (
    BattleState,
    CombatResult,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Place,
    Side,
    check_may_act,
    outcome,
)
from rules.siege.board.turn_log import event
from rules.siege.board.values import replace
from rules.siege.chapters.belfry.belfry import fight_on_level
from rules.wfb import SEVEN_PLUS_SECOND_ROLL, combat_result_bonus, melee_to_hit, modified_save, to_wound

__all__ = [
    "MAX_GANG_UP",
    "attacks",
    "fight",
    "pair_off",
    "roll_hits",
    "strength",
    "strikers",
    "to_hit_need",
    "wounds_caused",
]


MAX_GANG_UP = 4  # §3.2.1: at most 4 against 1
SIX_ONLY = 6


def strength(model: Model, kind: SectionKind) -> int:
    """A model's strength in close combat on a section of ``kind``: halberds keep their +1 in courtyards only,
    spears and cavalry lances fight as hand weapons (§3.2.2, §3.2.3); great weapons +2.
    """
    profile = model.profile
    if profile.weapon is Weapon.HALBERD and kind is COURTYARD:
        return profile.s + 1
    if profile.weapon is GREAT_WEAPON:
        return profile.s + 2
    return profile.s


def attacks(model: Model) -> int:
    """Attacks: +1 with an additional hand weapon, +1 when frenzied (§4.2: frenzy applies as usual)."""
    profile = model.profile
    return profile.a + (profile.weapon is Weapon.ADDITIONAL_HAND_WEAPON) + profile.has(Special.FRENZY)


def to_hit_need(state: BattleState, striker: Model, target: Model, kind: SectionKind) -> int:
    """The D6 need to hit: +1 against enemies who charged from a lower level this turn (§3.2.2), −1 for a flyer
    on a wall-walk or stairs (§12.3.1); a model that failed a fear test hits on 6s only.
    """
    log = state.turn_log
    if striker.id in log.afraid:
        return SIX_ONLY
    modifier = 0
    if target.id in log.from_below:
        modifier += 1  # §3.2.2
    if log.penalties:
        modifier -= log.penalty(striker.id)  # §8.2.4–§8.2.6: scalded this turn
    return _need_to_hit(striker.profile, target.profile, kind, modifier)


def _need_to_hit(striker: Profile, target: Profile, kind: SectionKind, modifier: int) -> int:
    """The D6 need to hit of ``striker`` on ``target`` with the turn's ``modifier``, −1 for a flyer on a wall-walk
    or stairs (§12.3.1)."""
    if kind in (SectionKind.WALL_WALK, SectionKind.STAIRS) and striker.has(FLYER):
        modifier -= 1  # §12.3.1
    return melee_to_hit(striker.ws, target.ws, modifier)


def roll_hits(dice: Dice, need: int | None, count: int, why: str) -> int:
    """Hits from ``count`` dice needing ``need`` (R6: 7–9 is a 6 then a second roll; ``None`` cannot hit), rolled
    for the reason ``why`` (:func:`rules.dice.reason`); the second rolls keep its facts."""
    if need is None:
        return 0
    rolls = dice.pool(D6, count, why)
    if need <= SIX_ONLY:
        return sum(map(need.__le__, rolls))  # the rolls of need or more
    second = SEVEN_PLUS_SECOND_ROLL[need]
    return sum(map(second.__le__, dice.pool(D6, rolls.count(SIX_ONLY), reason("seven_plus", "R6", **_facts(why)))))


def wounds_caused(dice: Dice, hits: int, hit_strength: int, target: Model, why: str) -> int:
    """Unsaved wounds from ``hits`` of ``hit_strength`` on ``target`` (R8, R9); the dice to wound and the saves are
    rolled with the facts and clause of the reason ``why`` (:func:`rules.dice.reason`)."""
    profile = target.profile
    return _unsaved(dice, hits, to_wound(hit_strength, profile.t), modified_save(profile.save, hit_strength), why)


def _unsaved(dice: Dice, hits: int, need: int | None, save: int | None, why: str) -> int:
    """Unsaved wounds from ``hits`` wounding on ``need`` against the armour ``save`` (R8, R9), rolled with the
    clause and facts of the reason ``why``."""
    if need is None or hits == 0:
        return 0
    clause, facts = _clause(why), _facts(why)
    wounds = sum(map(need.__le__, dice.pool(D6, hits, reason("to_wound", clause, **facts))))
    if save is None or wounds == 0:
        return wounds
    return wounds - sum(map(save.__le__, dice.pool(D6, wounds, reason("armour_save", clause, **facts))))


def _clause(why: str) -> str:
    """The clause of a roll's reason (:func:`rules.dice.reason`); R8 for a reason written as a sentence."""
    read = read_reason(why)
    return read[1] if read is not None else "R8"


def _facts(why: str) -> dict[str, str]:
    """The facts of a roll's reason (:func:`rules.dice.reason`), none for a reason written as a sentence."""
    read = read_reason(why)
    return read[2] if read is not None else {}


_Matchup = tuple[int, bool, int, int | None, int | None]
"""A striker's profile against a target's: attacks, hatred, the need to hit when the turn's log changes nothing,
the need to wound and the armour save."""


def _matchup(striker: Model, target: Model, kind: SectionKind) -> _Matchup:
    """What ``striker`` does against ``target`` on a section of ``kind``, kept with the striker's profile by what
    it reads of the target's: weapon skill, toughness and save."""
    profile, target_profile = striker.profile, target.profile
    key = (kind, target_profile.ws, target_profile.t, target_profile.save)
    found: _Matchup | None = profile.memo.get(key)
    if found is None:
        hit_strength = strength(striker, kind)
        found = profile.memo[key] = (
            attacks(striker),
            profile.has(Special.HATRED),
            _need_to_hit(profile, target_profile, kind, 0),
            to_wound(hit_strength, target_profile.t),
            modified_save(target_profile.save, hit_strength),
        )
    return found


_Blow = tuple[tuple[int, int], str, str]
"""Who strikes whom: the order of its initiative step, the striker and the target."""
_order: Callable[[_Blow], tuple[int, int]] = operator.itemgetter(0)


def _blows(state: BattleState, pairs: Sequence[tuple[str, str]], second: bool) -> list[_Blow]:
    """Who strikes whom, in order: chargers first (in a second combat, the active player's models that newly
    engage, R29), then by initiative (§3.2.2: initiative only counts in combats already engaged); great weapons last.
    """
    blows: list[_Blow] = []
    riposte: dict[str, str] = {}
    for attacker, target in pairs:
        riposte.setdefault(target, attacker)
    by_id, active, charged, contacts = state.by_id, state.active, state.turn_log.charged, state.contacts
    for striker_id, target_id in [*pairs, *riposte.items()]:
        striker = by_id[striker_id]
        if second:
            # R29: « comptent comme ayant chargé » for the models newly engaging; the pairs going on from the first
            # round strike in initiative order (« L'Initiative n'est prise en compte que pour les corps-à-corps déjà
            # engagés »)
            first = (
                striker.side is active
                and (striker_id, target_id) not in contacts
                and (target_id, striker_id) not in contacts
            )
        else:
            first = striker_id in charged
        rank = 2 if striker.profile.weapon is GREAT_WEAPON else 0 if first else 1
        blows.append(((rank, -striker.profile.i), striker_id, target_id))
    blows.sort(key=_order)  # stable: the blows of one step in the order of the pairs
    return blows


def _check(state: BattleState, section: str, pairs: Sequence[tuple[str, str]], second: bool) -> SectionKind | None:
    """Refuse a fight the rules forbid; the kind a belfry's level is fought as (``None`` on the fort's sections)."""
    side = state.active
    level = fight_on_level(state, section, pairs)
    if level is None and not state.fort.has_section(section):  # 001 §8
        raise IllegalAction("no_such_section", "§3.2.1", section=section)
    place = Place.parse(section)  # a section of the fort or a belfry's level
    where = str(place)
    pending = state.result(section)
    if pending is not None and pending.loser_to_react is not None:
        raise IllegalAction("losers_react_first", "§3.3.2", place=where)
    log = state.turn_log
    if second and section not in log.fought:
        raise IllegalAction("second_combat_before_first", "§3.2.2", place=where)
    if second and section in log.fought_twice:
        raise IllegalAction("second_combat_fought", "§3.2.2", place=where)
    if not second and section in log.fought:
        raise IllegalAction("first_combat_fought", "§3.2.2", place=where)
    if not pairs:
        raise IllegalAction("nobody_engages", "§3.2.1", place=where)
    attackers = [a for a, _ in pairs]
    if len(set(attackers)) != len(attackers):
        twice = tuple(dict.fromkeys(a for a in attackers if attackers.count(a) > 1))
        raise IllegalAction("engages_one_enemy", "§3.2.1", models=twice)
    try:
        check_may_act(state, attackers, "fight")  # none refused together: none refused one by one
        free = True
    except IllegalAction:
        free = False  # each checked in turn below, the first refused named as ever
    gangs: dict[str, list[Model]] = {}
    by_id = state.by_id
    for attacker_id, target_id in pairs:
        attacker = by_id.get(attacker_id) or state.model(attacker_id)
        target = by_id.get(target_id) or state.model(target_id)
        if attacker.side is not side or target.side is side:
            raise IllegalAction("engages_enemies", "§3.2.1", model=attacker_id, target_model=target_id, side=side.value)
        if attacker.place is not place or target.place is not place:
            model = attacker if attacker.place is not place else target
            raise IllegalAction("fights_on_own_section", "§1.2", model=model.id, place=where)
        if not free:
            check_may_act(state, [attacker_id], "fight")
        if attacker.fleeing or attacker_id in log.rallied:
            raise IllegalAction("fleeing_or_rallied_no_fight", "§3.4", model=attacker_id)
        if second and attacker.profile.has(FLYER):
            raise IllegalAction("flyer_no_second_combat", "§12.3.1", model=attacker_id)
        if attacker_id in log.blocker_killers:
            raise IllegalAction("blocker_killer_engages_nobody", "§7.1.8", model=attacker_id)
        if second and attacker_id in log.by_taken_ladder:
            raise IllegalAction("taken_ladder_one_round", "§7.1.8", model=attacker_id)
        if attacker_id in log.landed:
            raise IllegalAction("landed_fights_next_phase", "§7.3.4", model=attacker_id)
        gangs.setdefault(target_id, []).append(attacker)
    fighting: dict[str, set[str]] = {}  # the targets' enemies already engaged with them
    for pair in state.contacts:
        for x in pair:
            if x in gangs:
                fighting.setdefault(x, set()).update(y for y in pair if y != x)
    for target_id, named in gangs.items():
        # §3.2.1: the models already fighting the target count towards its 4 against 1
        engaged = fighting.get(target_id)
        gang = [*named, *(state.model(x) for x in sorted(engaged - {m.id for m in named}))] if engaged else named
        if len(gang) > 1:
            ratio = by_id[target_id].profile.ratio
            weight = sum(m.profile.ratio for m in gang)
            if weight > MAX_GANG_UP * ratio:
                raise IllegalAction(
                    "gang_up_too_many", "§3.2.1", target_model=target_id, weight=weight, ratio=ratio, most=MAX_GANG_UP
                )
    fleeing_targets = [t for t in gangs if by_id[t].fleeing]
    if fleeing_targets:
        standing = {m.id for m in state.at(section, side.enemy) if not m.fleeing}
        if not standing <= set(gangs):
            raise IllegalAction("engage_standing_first", "§3.3.3", place=where, models=tuple(fleeing_targets))
    return level


Pairs = tuple[tuple[str, str], ...]
"""The (striker, target) pairs of a round of close combat (§3.2.1)."""


def pair_off(
    state: BattleState, section: str, strikers: Sequence[str], first: str | None = None
) -> tuple[Pairs, Pairs]:
    """The plainest pairing of ``strikers`` with the enemies on ``section`` that :func:`fight` accepts (§3.2.1), and
    the strikers it leaves out, each with the enemy it would have engaged (``first``, else the first enemy).

    In the order of ``strikers``: a model already fighting an enemy goes on fighting it; the others engage the
    enemies nobody engages yet one on one, ``first`` first, then the standing enemies in their order, the fleeing
    last, once every standing enemy is engaged (§3.3.3); those left over gang up on the standing enemies in turn.
    Never more than 4 against 1, counting the models already fighting each enemy and their ratios (§3.2.1, §3.2.3,
    §12.1.1): a striker no enemy has room for is left out.
    """
    by_id = state.by_id
    side = state.active
    foes = state.at(Place.parse(section), side.enemy)
    if not foes or not strikers:
        return (), tuple((s, first or "") for s in strikers) if strikers else ()
    standing = [f for f in foes if not f.fleeing]
    order = [*standing, *(f for f in foes if f.fleeing)]
    if first is not None:
        chosen = by_id.get(first)
        if chosen is not None and chosen in order:
            # the fleeing come after the standing whatever the choice (§3.3.3)
            order.remove(chosen)
            order.insert(len(standing) if chosen.fleeing else 0, chosen)
    engaged: dict[str, set[str]] = {}  # each enemy's foes already fighting it
    ids = {f.id for f in foes}
    for pair in state.contacts:
        for x in pair:
            if x in ids:
                engaged.setdefault(x, set()).update(y for y in pair if y != x)
    named: dict[str, list[str]] = {}

    def weight(model_id: str) -> int:
        model = by_id.get(model_id)
        return 1 if model is None else model.profile.ratio

    def has_room(foe: Model, striker: str) -> bool:
        # §3.2.1: the gang is the models named against it and those already fighting it
        gang = {*named.get(foe.id, ()), *engaged.get(foe.id, ()), striker}
        return len(gang) < 2 or sum(map(weight, gang)) <= MAX_GANG_UP * foe.profile.ratio

    pairs: list[tuple[str, str]] = []
    left: list[tuple[str, str]] = []
    turn = 0  # where the gang-up goes on among the standing enemies
    for striker in strikers:
        target = None
        for foe in foes:  # §3.3.3 aside, a striker goes on with the first enemy it already fights
            if striker in engaged.get(foe.id, ()) and not foe.fleeing and has_room(foe, striker):
                target = foe
                break
        if target is None:
            unnamed_standing = any(f.id not in named for f in standing)
            for foe in order:
                if foe.id not in named and (not foe.fleeing or not unnamed_standing) and has_room(foe, striker):
                    target = foe
                    break
        if target is None and standing:
            for step in range(len(standing)):
                foe = standing[(turn + step) % len(standing)]
                if has_room(foe, striker):
                    target = foe
                    turn = (turn + step + 1) % len(standing)
                    break
        if target is None:
            left.append((striker, first or order[0].id))
        else:
            named.setdefault(target.id, []).append(striker)
            pairs.append((striker, target.id))
    return tuple(pairs), tuple(left)


def strikers(state: BattleState, models: Iterable[Model], second: bool) -> list[str]:
    """Those of ``models``, the side to play's on one section, that :func:`fight` lets strike there: not fleeing nor
    just rallied (§3.4), not bound to something else this turn (§6.4, §10.1, 001 §8), not the climbers who killed a
    ladder's blocker (§7.1.8) nor the models who came out of a siege tower after the won combat (§7.3.4); in a
    ``second`` combat, no flyer (§12.3.1) and none who came up a ladder whose blocker fell this turn (§7.1.8)."""
    log = state.turn_log
    out = bound(state) | log.rallied | log.blocker_killers | log.landed
    if second:
        out |= log.by_taken_ladder
        return [m.id for m in models if not m.fleeing and m.id not in out and not m.profile.has(FLYER)]
    return [m.id for m in models if not m.fleeing and m.id not in out]


def fight(
    state: BattleState, section: str, pairs: Sequence[tuple[str, str]], dice: Dice, *, second: bool = False
) -> Outcome:
    """One round of close combat on ``section``: each ``(attacker, target)`` pair is one of the active player's
    models engaging an enemy (§3.2.1); each target strikes back at the first model engaging it. ``second`` is the
    double combat (§3.2.2). Fleeing targets are cut down (§3.3.3). The result waits for the losers to
    :func:`~rules.siege.chapters.morale.retreat` or :func:`~rules.siege.chapters.morale.hold`.
    """
    mark = dice.mark()
    kind = _check(state, section, pairs, second) or state.fort.section(section).kind
    where = str(Place.parse(section))  # a section of the fort or a belfry's level
    events: list[Event] = []
    blockers = state.blockers
    engaging = dict.fromkeys(x for pair in pairs for x in pair) if blockers else ()
    for model_id in engaging if not blockers.isdisjoint(engaging) else ():
        if state.is_blocking(model_id):
            # §6.3.1, §6.3.2: a blocker engaged in close combat, by an enemy from another access, blocks no more
            state = state.without_blocker(model_id)
            events.append(event("block_ended", "§6.3.2", {"model": model_id}, (model_id,)))
    casualties: dict[Side, int] = dict.fromkeys(_SIDES, 0)
    # The initiative steps are played on the models alone; the state is copied once, with every casualty and wound.
    wounded: dict[str, Model] = {}
    fallen: list[Model] = []
    gone: set[str] = set()
    by_id = state.by_id
    cut_down = [t for _, t in pairs if by_id[t].fleeing]
    for target_id in dict.fromkeys(cut_down):
        gone.add(target_id)
        casualties[state.active] += 1
        events.append(event("cut_down", "§3.3.3", {"model": target_id}, (target_id,)))
    rank = state.rank.__getitem__  # the models' order in the state
    if gone:
        fallen.extend(by_id[x] for x in sorted(gone, key=rank))
    living = [(a, t) for a, t in pairs if t not in gone] if gone else pairs
    blows = _blows(state, living, second)
    log = state.turn_log
    afraid, from_below, penalties = log.afraid, log.from_below, log.penalties
    for _, step in itertools.groupby(blows, key=_order):  # the blows come sorted by order
        damage: dict[str, int] = {}
        for _, striker_id, target_id in step:
            if striker_id in gone or target_id in gone:
                continue
            striker, target = by_id[striker_id], by_id[target_id]
            count, hatred, need, wound_need, save = _matchup(striker, target, kind)
            if striker_id in afraid or target_id in from_below or penalties:
                need = to_hit_need(state, striker, target, kind)  # the turn's log changes it
            hits = roll_hits(dice, need, count, reason("strike", "§3.2", model=striker_id, target_model=target_id))
            rerolls = count - hits
            if hatred and rerolls and not second and _first_round(state, striker, target):
                # §4.2
                hits += roll_hits(
                    dice, need, rerolls, reason("hatred_reroll", "§4.2", model=striker_id, target_model=target_id)
                )
            wounds = _unsaved(
                dice, hits, wound_need, save, reason("strike", "§3.2", model=striker_id, target_model=target_id)
            )
            damage[target_id] = damage.get(target_id, 0) + wounds
            events.append(
                event(
                    "blows",
                    "§3.2.1",
                    {"model": striker_id, "target_model": target_id, "attacks": count, "hits": hits, "wounds": wounds},
                    (striker_id, target_id),
                )
            )
        if not damage:
            continue
        dead = _apply(state, section, damage, wounded, gone)
        if dead:
            for model in dead:
                casualties[model.side.enemy] += 1
            now = {m.id for m in dead}
            gone |= now
            # as they last stood, in their order
            fallen.extend(wounded.get(x) or by_id[x] for x in (sorted(now, key=rank) if len(now) > 1 else now))
            killed = tuple(m.id for m in dead)
            events.append(
                event(
                    "combat_casualties",
                    "§3.2.4",
                    {"models": killed, "count": len(dead), "place": where},
                    killed,
                )
            )
    result = _result(state, section, casualties, gone)
    changed: dict[str, Model | None] = {**{i: m for i, m in wounded.items() if i not in gone}, **dict.fromkeys(gone)}
    before = state.fallen
    state = state.with_models(changed)  # even unchanged: who flees leaves the fight he was in
    survivors = frozenset((a, t) for a, t in living if a not in gone and t not in gone) if gone else frozenset(living)
    log = state.turn_log
    log = (
        replace(log, fought_twice=log.fought_twice | {section})
        if second
        else replace(log, fought=log.fought | {section})
    )
    results = (*(r for r in state.results if r.section != section), result)
    if fallen:
        state = replace(
            state,
            contacts=state.contacts | survivors,
            turn_log=log,
            results=results,
            fallen=(*before, *fallen),  # in the order they fell, step by step
        )
    else:
        state = replace(state, contacts=state.contacts | survivors, turn_log=log, results=results)
    events.append(
        event(
            "combat_result",
            "§3.2.4",
            {
                "place": where,
                "besieger": result.besieger,
                "besieged": result.besieged,
                "winner": result.winner.value if result.winner else "draw",
                "difference": result.difference,
            },
        )
    )
    return outcome(state, events, dice, mark)


def _first_round(state: BattleState, striker: Model, target: Model) -> bool:
    charged = state.turn_log.charged
    return striker.id in charged or target.id in charged


def _apply(
    state: BattleState, section: str, damage: dict[str, int], wounded: dict[str, Model], gone: set[str]
) -> list[Model]:
    """Wounds of one initiative step, struck together, on the models standing before it (``wounded`` as they stand,
    the others as in ``state``, none of ``gone``): the models that die, a standard bearer last of its unit there
    (§3.2.4). ``wounded`` takes the survivors' wounds."""
    hurt: dict[str, Model] = {}
    dead: list[Model] = []
    for model_id, wounds in damage.items():
        model = wounded.get(model_id) or state.by_id[model_id]
        if wounds >= model.wounds_left:
            dead.append(model)
        elif wounds:
            hurt[model_id] = replace(model, wounds_lost=model.wounds_lost + wounds)
    final: list[Model] = []
    for model in dead:
        if model.profile.bears_standard:
            out = {m.id for m in dead} | {m.id for m in final}
            stand_in = next(
                (
                    m
                    for m in (wounded.get(x.id, x) for x in state.at(section, model.side) if x.id not in gone)
                    if m.unit == model.unit and m.id not in out and not m.fleeing and not m.profile.bears_standard
                ),
                None,
            )
            if stand_in is not None:
                final.append(stand_in)
                hurt.pop(stand_in.id, None)
                continue
        final.append(model)
    wounded.update(hurt)
    return final


def _result(state: BattleState, section: str, casualties: dict[Side, int], gone: set[str]) -> CombatResult:
    """§3.2.4: models killed, +1 for outnumbering in unit strength, +1 for one standard on the section; a draw
    goes by 1 to the only side with a musician. ``state`` is the state the fight started from, ``gone`` its
    casualties (wounds change none of what counts here).
    """
    place = Place.parse(section)
    besieger_there, besieger_strength, besieger_standard, besieger_music = _standing(state.at(place, BESIEGER), gone)
    besieged_there, besieged_strength, besieged_standard, besieged_music = _standing(state.at(place, BESIEGED), gone)
    besieger = casualties[BESIEGER] + _BONUS[besieger_strength > besieged_strength, besieger_standard]
    besieged = casualties[BESIEGED] + _BONUS[besieged_strength > besieger_strength, besieged_standard]
    if besieger == besieged:  # §3.2.4: a draw goes by 1 to the only side with a musician
        if besieger_music and not besieged_music:
            besieger += 1
        elif besieged_music and not besieger_music:
            besieged += 1
    if besieger == besieged:
        return CombatResult(section, besieger, besieged, None, True)
    if besieger > besieged:
        return CombatResult(section, besieger, besieged, BESIEGER, not besieged_there)
    return CombatResult(section, besieger, besieged, BESIEGED, not besieger_there)


def _standing(models: tuple[Model, ...], gone: set[str]) -> tuple[bool, int, bool, bool]:
    """What one side's ``models`` on the section, ``gone`` aside, count for the combat result (§3.2.4): whether any
    is there, their unit strength, a standard and a musician, fleeing models aside."""
    there = standard = music = False
    strength = 0
    for model in models:
        if model.id in gone:
            continue
        there = True
        if model.fleeing:
            continue
        profile = model.profile
        strength += profile.unit_strength
        if profile.bears_standard:
            standard = True
        if MUSICIAN in profile.rules:
            music = True
    return there, strength, standard, music


_SIDES = tuple(Side)
_BONUS = {
    (outnumber, standard): combat_result_bonus(outnumber=outnumber, standard=standard)
    for outnumber in (False, True)
    for standard in (False, True)
}
"""The combat result bonus of a side outnumbering the other or not, with a standard or not (§3.2.4)."""
