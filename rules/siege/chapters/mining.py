"""Mining and counter-mining (*sapes et contre-sapes*, §10).

Each turn before the movement phase the besieger rolls a D6 for his sappers; counter-miners subtract a D2 (4–7 of
them) or a D3 (8), never below zero (R2). The score reaches the foundations at 8 and opens a tunnel at 10::

    >>> progress(5, 2)
    3
    >>> counter_mining_die(8).name
    'D3'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from rules.dice import D2, D3, D4, D6, Dice, Die, reason
from rules.siege.board.engines import Mine, MineGoal
from rules.siege.board.fort import GateKind, SectionKind
from rules.siege.board.profiles import Special
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
    check_quota,
    outcome,
    room_left,
)
from rules.siege.board.values import replace
from rules.siege.chapters.structure import add_damage, main_gate_wall
from rules.validation import check_range

__all__ = [
    "FOUNDATIONS",
    "FOUNDATIONS_DAMAGE_BONUS",
    "FOUNDATIONS_DAMAGE_DIE",
    "MAX_COUNTER_MINERS",
    "MIN_COUNTER_MINERS",
    "REROLLED_BY",
    "SAPPERS",
    "SAPPING_DIE",
    "TUNNEL",
    "TUNNEL_MODELS_PER_TURN",
    "MineDie",
    "counter_mine",
    "counter_miners",
    "counter_mining_die",
    "dig",
    "leave_mine",
    "may_dig",
    "may_reach_foundations",
    "mine_exits",
    "progress",
    "reroll",
    "rerolls",
    "sappers_may_roll",
    "start_mine",
    "through_tunnel",
    "undermineable",
]

SAPPERS = 6
"""Models of unit strength 1 the besieger puts to work (§10.1)."""
MIN_COUNTER_MINERS = 4
MAX_COUNTER_MINERS = 8
"""Counter-mining needs 4 models and takes at most 8 (§10.2, R2)."""

SAPPING_DIE = D6
FOUNDATIONS = 8
"""Score at which the foundations are reached (§10.3.1, R2)."""
FOUNDATIONS_DAMAGE_DIE = D4
FOUNDATIONS_DAMAGE_BONUS = 1
"""The undermined section takes D4+1 damage points (§10.3.1)."""
TUNNEL = 10
"""Score at which the tunnel is dug (§10.3.2, R2)."""
TUNNEL_MODELS_PER_TURN = 6


def counter_mining_die(counter_miners: int) -> Die | None:
    """The die subtracted from the sapping roll: none below 4 counter-miners, D2 for 4–7, D3 for 8 (R2)."""
    check_range("counter_miners", counter_miners, 0, MAX_COUNTER_MINERS)
    if counter_miners < MIN_COUNTER_MINERS:
        return None
    return D3 if counter_miners == MAX_COUNTER_MINERS else D2


def progress(sapping_roll: int, subtraction: int) -> int:
    """A turn's progress: the D6 less the counter-mining roll, never negative (§10.3, R2)."""
    check_range("sapping_roll", sapping_roll, 1, 6)
    check_range("subtraction", subtraction, 0, 3)
    return max(0, sapping_roll - subtraction)


def may_dig(model: Model, side: Side) -> bool:
    """Whether ``model`` may dig for ``side``: « 6 figurines ayant une PU de 1 (pas de cavalerie, de monstre ni de
    créatures de plus de 3 mètres de haut) » (§10.1), the counter-miners « selon les mêmes conditions » (§10.2)."""
    profile = model.profile
    return model.side is side and profile.unit_strength == 1 and not profile.is_cavalry and not profile.is_large


def _check_diggers(state: BattleState, models: Sequence[str], side: Side, clause: str) -> None:
    for model_id in models:
        model = state.model(model_id)
        if not may_dig(model, side):
            raise IllegalAction("may_not_dig", clause, model=model_id, side=side.value)


def _has_sapper(state: BattleState, models: Sequence[str]) -> bool:
    return any(state.model(m).profile.has(Special.SAPPER) for m in models)


def start_mine(state: BattleState, goal: MineGoal, sappers: Sequence[str]) -> BattleState:
    """The besieger sets 6 models of unit strength 1 to dig, off the table (§10.1)."""
    if state.mine is not None:
        raise IllegalAction("one_mine", "§10.1")
    check_distinct(sappers, "§10.1")
    if len(sappers) != SAPPERS:
        raise IllegalAction("sappers_count", "§10.1", needed=SAPPERS, count=len(sappers))
    _check_diggers(state, sappers, Side.BESIEGER, "§10.1")
    sapper = _has_sapper(state, sappers)
    mine = Mine(goal, tuple(sappers), sapper_reroll=sapper, foundations_reroll=sapper)
    away = Place(Zone.MINE, "sappers")
    return replace(state, mine=mine).with_models({s: replace(state.model(s), place=away) for s in sappers})


def counter_miners(state: BattleState) -> tuple[str, ...]:
    """The besieged models who may go down to counter-mine now, in the order of the models: of unit strength 1, no
    cavalry, monster nor large creature (§10.2: « selon les mêmes conditions »), in the fort and free to act:
    neither fleeing, engaged, blocking nor reinforcing a gate, and not having moved, rallied or come up from the
    mine this turn."""
    log = state.turn_log
    busy = log.moved | log.rallied | log.blockers | log.deployed | state.engaged | state.blockers
    busy |= {m for g in state.gates for m in g.reinforcers}
    if state.belfries:
        busy |= {m for b in state.belfries for m in (*b.winchers, *b.stunned)}
    return tuple(
        m.id
        for m in state.models
        if m.side is Side.BESIEGED and m.place.inside and not m.fleeing and m.id not in busy and may_dig(m, m.side)
    )


def counter_mine(state: BattleState, models: Sequence[str]) -> BattleState:
    """The besieged counter-mines for free with 4 to 8 models (§10.2, R2), who may go down now
    (:func:`counter_miners`)."""
    if state.mine is None:
        raise IllegalAction("no_mine_to_counter", "§10.2")
    check_distinct((*state.mine.counter_miners, *models), "§10.2")
    count = len(models) + len(state.mine.counter_miners)
    if not MIN_COUNTER_MINERS <= count <= MAX_COUNTER_MINERS:
        raise IllegalAction(
            "counter_miners_count", "§10.2", least=MIN_COUNTER_MINERS, most=MAX_COUNTER_MINERS, count=count
        )
    _check_diggers(state, models, Side.BESIEGED, "§10.2")
    free = counter_miners(state)
    held = tuple(m for m in models if m not in free)
    if held:
        raise IllegalAction("counter_miners_not_free", "§10.2", models=held)
    miners = (*state.mine.counter_miners, *models)
    mine = replace(state.mine, counter_miners=miners, counter_reroll=_has_sapper(state, miners))
    away = Place(Zone.MINE, "counter")
    return replace(state, mine=mine).with_models({m: replace(state.model(m), place=away) for m in models})


def dig(state: BattleState, dice: Dice, *, section: str | None = None) -> Outcome:
    """The besieger's mining roll before his movement phase, once a turn (§10.3, R2). Reaching 8 on the
    foundations, the chosen rampart ``section`` (not the main gate's, named whenever the roll may reach 8) takes
    D4+1 damage points (§10.3.1); reaching 10 opens the tunnel (§10.3.2). A sapper's re-roll is taken after seeing
    the roll, with :func:`reroll` (§10.4).
    """
    mark = dice.mark()
    mine = state.mine
    if mine is None or mine.finished or not mine.sappers:
        raise IllegalAction("no_mine_dug", "§10.3")
    if state.active is not Side.BESIEGER:
        raise IllegalAction("dig_in_own_turn", "§10.3")
    if state.turn_log.dug:
        raise IllegalAction("dug_already", "§10.3", turn=state.turn)
    if state.turn_log.moved or state.turn_log.flows:
        raise IllegalAction("dig_before_moving", "§10.3")
    target = _target(mine)
    die = counter_mining_die(len(mine.counter_miners))
    if mine.goal is MineGoal.FOUNDATIONS:
        # §10.3.1: the section is named before rolling whenever this roll may reach the foundations (a re-roll
        # included, §10.4), so that a refusal never comes after dice already in the log
        if section is None and may_reach_foundations(mine):
            raise IllegalAction("name_section_to_undermine", "§10.3.1", score=mine.score, target=target)
        if section is not None:
            _check_undermined(state, section)
    roll = dice.roll(SAPPING_DIE, reason("sapping_roll", "§10.3"))
    subtraction = 0 if die is None else dice.roll(die, reason("counter_mining_roll", "§10.2"))
    mine = replace(
        mine,
        score_before=mine.score,
        sapping_roll=roll,
        counter_roll=subtraction,
        damage_roll=0,
        undermined=section if mine.goal is MineGoal.FOUNDATIONS else None,
    )
    state = replace(state, mine=mine, turn_log=replace(state.turn_log, dug=True))
    state, events = _settle(state, dice)
    return outcome(state, events, dice, mark)


def sappers_may_roll(state: BattleState) -> bool:
    """Whether the sappers' roll of this besieger turn is still to make (:func:`dig`, §10.3)."""
    mine = state.mine
    log = state.turn_log
    return (
        mine is not None
        and not mine.finished
        and bool(mine.sappers)
        and state.active is Side.BESIEGER
        and not (log.dug or log.moved or log.flows)
    )


def may_reach_foundations(mine: Mine) -> bool:
    """Whether this turn's roll may bring a mine under the foundations to 8, the best sapping die less the least
    counter-mining die (§10.3.1, R2)."""
    if mine.goal is not MineGoal.FOUNDATIONS:
        return False
    die = counter_mining_die(len(mine.counter_miners))
    best = max(SAPPING_DIE.faces) - (0 if die is None else min(die.faces))
    return mine.score + best >= FOUNDATIONS


def undermineable(state: BattleState) -> tuple[str, ...]:
    """The wall and tower sections a mine may weaken: all but the main gate's (§10.3.1)."""
    main = [g.id for g in state.fort.gates if g.kind is GateKind.MAIN_GATE]
    spared = main_gate_wall(state, main[0]) if main else None
    return tuple(s.id for s in state.fort.sections if s.is_rampart and s.id != spared)


def _target(mine: Mine) -> int:
    return FOUNDATIONS if mine.goal is MineGoal.FOUNDATIONS else TUNNEL


def _settle(state: BattleState, dice: Dice) -> tuple[BattleState, list[Event]]:
    """The mine's score from this turn's dice; the foundations take D4+1 the first time the score reaches 8 this
    turn, and lose them if a re-roll takes it back below (§10.3.1, §10.4).
    """
    mine = state.mine
    assert mine is not None
    target = _target(mine)
    score = min(target, mine.score_before + progress(mine.sapping_roll, mine.counter_roll))
    mine = replace(mine, score=score, finished=score >= target)
    events = [
        Event(
            "mining",
            "§10.3",
            {"sapping": mine.sapping_roll, "counter": mine.counter_roll, "score": score, "target": target},
        )
    ]
    section = mine.undermined
    if section is not None and mine.damage_roll and not mine.finished:
        state = add_damage(state, section, -(mine.damage_roll + FOUNDATIONS_DAMAGE_BONUS))
        mine = replace(mine, damage_roll=0)
        events.append(Event("undermining_undone", "§10.4", {"section": section}))
    elif section is not None and mine.finished and not mine.damage_roll:
        mine = replace(mine, damage_roll=dice.roll(FOUNDATIONS_DAMAGE_DIE, reason("foundations_roll", "§10.3.1")))
        points = mine.damage_roll + FOUNDATIONS_DAMAGE_BONUS
        state = add_damage(state, section, points)
        events.append(Event("undermined", "§10.3.1", {"section": section, "points": points}))
    elif mine.finished and mine.goal is MineGoal.TUNNEL:
        events.append(Event("tunnel_dug", "§10.3.2"))
    return replace(state, mine=mine), events


class MineDie(StrEnum):
    """The dice a sapper may re-roll once a game (§10.4)."""

    SAPPING = "sapping"
    """the besieger's D6."""
    COUNTER = "counter"
    """the besieged's D2 or D3."""
    FOUNDATIONS = "foundations"
    """the D4 of the foundations' damage."""


REROLLED_BY: Mapping[MineDie, Side] = MappingProxyType(
    {MineDie.SAPPING: Side.BESIEGER, MineDie.COUNTER: Side.BESIEGED, MineDie.FOUNDATIONS: Side.BESIEGER}
)
"""Whose sapper re-rolls each die (§10.4): the besieger's sappers their D6 and the foundations' D4, the besieged's
counter-miners their D2 or D3."""


def _reroll_refusal(state: BattleState, die: MineDie) -> IllegalAction | None:
    """Why ``die`` may not be re-rolled now, or ``None`` (§10.4)."""
    mine = state.mine
    if mine is None or not state.turn_log.dug or state.active is not Side.BESIEGER:
        return IllegalAction("reroll_after_mining_roll", "§10.4")
    if die is MineDie.SAPPING:
        return None if mine.sapper_reroll else IllegalAction("sappers_reroll_gone", "§10.4")
    if die is MineDie.COUNTER:
        if mine.counter_reroll and counter_mining_die(len(mine.counter_miners)) is not None:
            return None
        return IllegalAction("counter_reroll_gone", "§10.4")
    if mine.foundations_reroll and mine.damage_roll and mine.undermined is not None:
        return None
    return IllegalAction("foundations_reroll_gone", "§10.4")


def rerolls(state: BattleState, side: Side) -> tuple[MineDie, ...]:
    """The dice of this turn's mining roll ``side`` may re-roll now (:func:`reroll`, §10.4)."""
    if state.mine is None or not state.turn_log.dug:
        return ()
    return tuple(die for die, by in REROLLED_BY.items() if by is side and _reroll_refusal(state, die) is None)


def reroll(state: BattleState, die: MineDie, dice: Dice) -> Outcome:
    """A sapper among the diggers re-rolls this turn's ``die`` once a game, having seen it; the second roll stands
    (§10.4: « il est possible de relancer une fois par partie le jet … le joueur doit se plier au second score »).
    """
    mark = dice.mark()
    refusal = _reroll_refusal(state, die)
    if refusal is not None:
        raise refusal
    mine = state.mine
    assert mine is not None
    if die is MineDie.SAPPING:
        mine = replace(
            mine, sapper_reroll=False, sapping_roll=dice.roll(SAPPING_DIE, reason("sapping_reroll", "§10.4"))
        )
    elif die is MineDie.COUNTER:
        counter_die = counter_mining_die(len(mine.counter_miners))
        assert counter_die is not None
        again_counter = dice.roll(counter_die, reason("counter_mining_reroll", "§10.4"))
        mine = replace(mine, counter_reroll=False, counter_roll=again_counter)
    else:
        assert mine.undermined is not None
        again = dice.roll(FOUNDATIONS_DAMAGE_DIE, reason("foundations_reroll", "§10.4"))
        state = add_damage(state, mine.undermined, again - mine.damage_roll)
        mine = replace(mine, foundations_reroll=False, damage_roll=again)
        instead = Event(
            "undermined_again", "§10.4", {"section": mine.undermined, "points": again + FOUNDATIONS_DAMAGE_BONUS}
        )
        return outcome(replace(state, mine=mine), [instead], dice, mark)
    state, events = _settle(replace(state, mine=mine), dice)
    return outcome(state, events, dice, mark)


def _check_undermined(state: BattleState, section: str) -> None:
    if section in undermineable(state):
        return
    if not state.fort.section(section).is_rampart:
        raise IllegalAction("undermine_rampart_only", "§10.3.1", section=section)
    raise IllegalAction("undermine_not_main_gate", "§10.3.1", section=section)


def mine_exits(state: BattleState) -> tuple[str, ...]:
    """The courtyards the counter-miners may come up in together, their quota leaving room for all of them (§10.2,
    §1.7); none when nobody counter-mines."""
    mine = state.mine
    if mine is None or not mine.counter_miners:
        return ()
    weight = sum(state.model(m).profile.ratio for m in mine.counter_miners)
    return tuple(
        s.id
        for s in state.fort.sections
        if s.kind is SectionKind.COURTYARD and room_left(state, s.id, Side.BESIEGED) >= weight
    )


def leave_mine(state: BattleState, side: Side, *, courtyard: str | None = None) -> BattleState:
    """``side``'s diggers stop. The sappers rejoin their regiment if it is still outside the fort, or else form a
    unit of their own 20 cm from the walls that does nothing this turn (§10.1); the counter-miners come up together
    in a ``courtyard`` of the fort and do nothing this turn (§10.2). Their re-rolls go with them (§10.4).
    """
    mine = state.mine
    if mine is None:
        raise IllegalAction("no_mine_to_leave", "§10.1")
    log = state.turn_log
    changed: dict[str, Model | None] = {}
    if side is Side.BESIEGER:
        if not mine.sappers:
            raise IllegalAction("no_sapper_digs", "§10.1")
        if courtyard is not None:
            raise IllegalAction("sappers_come_out_outside", "§10.1", section=courtyard)
        for sapper_id in mine.sappers:
            sapper = state.model(sapper_id)
            regiment = [
                m
                for m in state.models
                if m.unit == sapper.unit and m.side is side and m.place.zone in (Zone.FOOT, Zone.FIELD)
            ]
            if regiment:
                changed[sapper_id] = replace(sapper, place=regiment[0].place)
            else:
                changed[sapper_id] = replace(sapper, place=Place(Zone.FIELD, "sappers"), unit="sappers")
                log = replace(log, deployed=log.deployed | {sapper_id})
        mine = replace(mine, sappers=(), sapper_reroll=False, foundations_reroll=False)
    else:
        if not mine.counter_miners:
            raise IllegalAction("no_counter_miner_digs", "§10.2")
        if courtyard is None or state.fort.section(courtyard).kind is not SectionKind.COURTYARD:
            raise IllegalAction("counter_miners_come_up_in_courtyard", "§10.2", section=courtyard)
        miners = [state.model(m) for m in mine.counter_miners]
        check_quota(state, courtyard, miners, "§10.2")
        changed = {m.id: replace(m, place=Place(Zone.SECTION, courtyard)) for m in miners}
        log = replace(log, deployed=log.deployed | {m.id for m in miners})
        mine = replace(mine, counter_miners=(), counter_reroll=False)
    return replace(state, mine=mine, turn_log=log).with_models(changed)


def through_tunnel(state: BattleState, models: Sequence[str], courtyard: str) -> BattleState:
    """Up to 6 models of one unit outside come up in a courtyard, once a besieger turn; they may charge at once
    (§10.3.2). Never models of unit strength above 1.
    """
    mine = state.mine
    if mine is None or mine.goal is not MineGoal.TUNNEL or not mine.finished:
        raise IllegalAction("no_tunnel", "§10.3.2")
    if state.active is not Side.BESIEGER:
        raise IllegalAction("tunnel_in_besiegers_turn", "§10.3.2")
    if mine.tunnel_turn == state.turn:
        raise IllegalAction("tunnel_used_this_turn", "§10.3.2")
    if state.fort.section(courtyard).kind is not SectionKind.COURTYARD:
        raise IllegalAction("tunnel_into_courtyard", "§10.3.2", section=courtyard)
    check_distinct(models, "§10.3.2")
    if len(models) > TUNNEL_MODELS_PER_TURN:
        raise IllegalAction("tunnel_models_count", "§10.3.2", most=TUNNEL_MODELS_PER_TURN, count=len(models))
    units = {state.model(m).unit for m in models}
    outside = (Zone.FOOT, Zone.FIELD, Zone.MINE)  # on the table outside, or the sappers who dug it
    if len(units) != 1 or any(state.model(m).place.zone not in outside for m in models):
        raise IllegalAction("tunnel_one_unit_outside", "§10.3.2")
    _check_diggers(state, models, Side.BESIEGER, "§10.3.2")
    check_quota(state, courtyard, [state.model(m) for m in models], "§10.3.2")
    log = state.turn_log
    state = replace(
        state, mine=replace(mine, tunnel_turn=state.turn), turn_log=replace(log, arrived=log.arrived | set(models))
    )
    return state.with_models({m: replace(state.model(m), place=Place(Zone.SECTION, courtyard)) for m in models})
