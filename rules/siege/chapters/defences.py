"""Defending the ramparts (§8): stones and rocks thrown, braziers of boiling water, oil or molten lead poured.

All of it happens at the end of a movement phase, either side's (§8.1.2, §8.2.2), from a section not shaken into
silence (§5.9), by models not engaged, who are exposed to the next shooting (§5.2). Losses count for panic at
25 % (§8.1.2) and boiling oil or lead force a panic test at the first loss (§8.2.5, §8.2.6), but never for the
combat result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules.dice import D3, D6, Dice, reason
from rules.fast.members import BESIEGED
from rules.siege.board.engines import Liquid
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Outcome,
    Place,
    Side,
    Zone,
    check_distinct,
    check_may_act,
    outcome,
)
from rules.siege.board.values import replace
from rules.siege.chapters.costs import BRAZIER_ITEMS, use_bought
from rules.siege.chapters.fire import catch_fire, oil_on_fire, pour_water
from rules.siege.chapters.hits import Save, hit_models, save_or_suffer
from rules.siege.chapters.psychology import PanicCause, panic_test
from rules.siege.chapters.structure import check_not_silenced, main_gate_wall
from rules.wfb import shooting_to_hit

__all__ = [
    "BRAZIERS_PER_SECTION",
    "LIQUIDS",
    "THROWERS",
    "allocate_ammunition",
    "braziers_held",
    "burning",
    "drop_rock",
    "free_defenders",
    "knock_over_braziers",
    "place_braziers",
    "pour_brazier",
    "pour_on_fire",
    "structures_below",
    "throw_stones",
]

STONES_HIT = 3  # §8.1.3
ROCK_HIT, ROCK_WOUNDS, ROCK_THROWERS = 8, D3, 2  # §8.1.4
ROCK_BREAKS_LADDER = 3
"""A ladder whose climber a rock kills is destroyed on a D6 of 3+ (§8.1.4)."""
BRAZIERS_PER_SECTION = 2  # §8.2.1
POURERS = 2  # §8.2.2
SPLASH_NEED, SPLASH_HIT = 4, 3  # §8.2.7


@dataclass(frozen=True)
class _Liquid:
    strength: int
    save: Save
    penalty: int
    """to hit for the survivors, shooting and in close combat, this turn."""
    panic: bool
    """a panic test at the first loss (§8.2.5, §8.2.6), not at 25 %."""
    splashes: bool
    clause: str


LIQUIDS: Mapping[Liquid, _Liquid] = MappingProxyType(
    {
        Liquid.WATER: _Liquid(3, Save.NONE, 1, False, True, "§8.2.4"),
        Liquid.OIL: _Liquid(4, Save.NONE, 2, True, True, "§8.2.5"),
        # §8.2.6: the designated model takes S5 without armour save and D3 wounds; the others S3 with their save
        Liquid.LEAD: _Liquid(3, Save.NORMAL, 2, True, False, "§8.2.6"),
    }
)
LEAD_HIT = 5


THROWERS: Mapping[str, int] = MappingProxyType({"stones": 1, "a rock": ROCK_THROWERS, "a brazier": POURERS})
"""How many models each task takes: the basket of stones one (§8.1.2: the template « dessous une figurine »), a
rock two (§8.1.4), a brazier two (§8.2.2); a large model counts its ratio (§12.1.4)."""
_TASKS: Mapping[str, str] = MappingProxyType({"stones": "throw_stones", "a rock": "drop_rock", "a brazier": "pour"})
"""Each task by the action that does it, the word its refusals carry."""


def _refusal(state: BattleState, model_id: str, section: str, what: str) -> IllegalAction | None:
    """Why the model may not throw or pour from ``section`` this turn, or ``None`` (§8.1.2, §8.2.2): a besieged
    model on the section, free, not engaged, neither blocking nor pushing a ladder, nor rallied, that has not
    thrown or poured yet this turn.
    """
    model = state.by_id.get(model_id)
    task = _TASKS.get(what, "defend")
    if model is None or model.side is not BESIEGED or str(model.place) != section or model.fleeing:
        return IllegalAction("defender_not_on_section", "§8.1.2", model=model_id, section=section)
    if state.in_contact(model_id):
        return IllegalAction("defender_engaged", "§8.1.2", model=model_id, activity=task)
    log = state.turn_log
    if state.is_blocking(model_id) or model_id in log.pushers or model_id in log.blockers:
        # §8.1.2: « ne peuvent pas bloquer en même temps ni tenter de repousser une échelle »
        return IllegalAction("defender_blocks_or_pushed", "§8.1.2", model=model_id, activity=task)
    if model_id in log.defenders:
        return IllegalAction("defended_already", "§8.1.2", model=model_id)
    if model_id in log.rallied:
        return IllegalAction("rallied_cannot_defend", "§3.4", model=model_id)
    try:
        check_may_act(state, (model_id,), task)
    except IllegalAction as bound:
        return bound
    return None


def free_defenders(state: BattleState, section: str) -> tuple[str, ...]:
    """The besieged models on ``section`` who may still throw or pour this turn, in the order they stand (§8.1.2,
    §8.2.2); none while the section is silenced (§5.9)."""
    if state.works_of(section).silenced:
        return ()
    return tuple(m.id for m in state.at(section, Side.BESIEGED) if _refusal(state, m.id, section, "defences") is None)


def _check_throwers(state: BattleState, section: str, throwers: Sequence[str], what: str, clause: str) -> None:
    check_not_silenced(state, section, _TASKS[what])
    check_distinct(throwers, clause)
    need = THROWERS[what]
    weight = sum(state.model(t).profile.ratio for t in throwers)  # §12.1.4
    if weight < need or len(throwers) > need:
        raise IllegalAction("defenders_needed", clause, activity=_TASKS[what], need=need, named=len(throwers))
    for thrower in throwers:
        refusal = _refusal(state, thrower, section, what)
        if refusal is not None:
            raise refusal


def structures_below(state: BattleState, section: str) -> tuple[str, ...]:
    """The wooden structures standing directly below ``section`` (§8.2.5, §9.4: « directement dessous »): the
    standing gate whose wall it is, a covered ram not wrecked at that gate, a siege tower against it."""
    walls = _gate_walls(state)
    gates = [g.id for g in state.gates if g.structure_points > 0 and walls.get(g.id) == section]
    found = [f"gate:{g}" for g in gates]
    found += [f"ram:{r.id}" for r in state.rams if r.covered and not r.wrecked and r.gate in gates]
    found += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == section and not t.collapsed]
    return tuple(found)


def _gate_walls(state: BattleState) -> Mapping[str, str]:
    """Each of the fort's gates with the rampart section it stands in (:func:`main_gate_wall`), kept with the fort."""
    memo = state.fort.memo
    found: Mapping[str, str] | None = memo.get(_gate_walls)
    if found is None:
        found = memo[_gate_walls] = {g.id: main_gate_wall(state, g.id) for g in state.fort.gates}
    return found


def _check_below(state: BattleState, section: str, structure: str, clause: str) -> None:
    if structure not in structures_below(state, section):
        kind, _, ref = structure.partition(":")
        raise IllegalAction("structure_not_below", clause, structure_kind=kind, structure=ref, section=section)


def burning(state: BattleState, structure: str) -> bool:
    """Whether the wooden ``structure`` (``"gate:G1"``, ``"ram:R1"``, ``"siege_tower:ST1"``) is on fire (§9.2)."""
    return any(f.target == structure for f in state.fires)


def _acted(state: BattleState, models: Sequence[str]) -> BattleState:
    log = state.turn_log
    return replace(state, turn_log=replace(log, defenders=log.defenders | set(models)))


def _outside(state: BattleState, section: str, targets: Sequence[str]) -> None:
    """Stones, rocks and liquids fall outside the fort only, on the section's foot and ladders (§8.1.2)."""
    allowed = {str(Place(Zone.FOOT, section))} | {
        str(Place(Zone.LADDER, x.id)) for x in state.ladders if x.section == section and x.raised
    }
    for target in targets:
        if str(state.model(target).place) not in allowed:
            raise IllegalAction("target_not_below", "§8.1.2", model=target, section=section)


def _units_at(state: BattleState, targets: Sequence[str]) -> dict[tuple[str, str], int]:
    """How many models each unit has at each place the ``targets`` stand, before they are hit."""
    places = {state.model(t).place for t in targets}
    counts: dict[tuple[str, str], int] = {}
    for model in state.models:
        if model.place in places:
            key = (str(model.place), model.unit)
            counts[key] = counts.get(key, 0) + 1
    return counts


def _panic(
    state: BattleState, before: dict[tuple[str, str], int], cause: PanicCause, dice: Dice
) -> tuple[BattleState, list[Event]]:
    """Each unit that lost models tests for panic where it stands (§8.1.2, §8.2.2): at 25 % as under shooting, or
    at the first loss to boiling oil or molten lead (§8.2.5, §8.2.6). Never for the combat result.
    """
    events: list[Event] = []
    for (place, unit), present in before.items():
        left = [m for m in state.at(place) if m.unit == unit]
        lost = present - len(left)
        if not lost or all(m.fleeing for m in left):
            continue  # §4.1: a unit already fleeing takes no panic test
        result = panic_test(state, place, left[0].side, cause, dice, present=present, lost=lost, units={unit})
        state = result.state
        events.extend(result.events)
    return state, events


def throw_stones(
    state: BattleState, section: str, throwers: Sequence[str], targets: Sequence[str], dice: Dice
) -> Outcome:
    """A stone token: every model under the 5 cm half template takes an automatic S3 hit (§8.1.3); never on a
    siege tower. Climbers killed to the last on a blocked ladder push it back (§8.1.3).
    """
    mark = dice.mark()
    works = state.works_of(section)
    if works.stones < 1:
        raise IllegalAction("no_stones_left", "§8.1.1", section=section)
    _check_throwers(state, section, throwers, "stones", "§8.1.2")
    _outside(state, section, targets)
    state = _acted(state.with_works(replace(works, stones=works.stones - 1)).expose(throwers), throwers)
    before = _units_at(state, targets)
    state, events, killed = hit_models(state, targets, STONES_HIT, dice, "stones", "§8.1.3", section=section)
    emptied = {
        str(Place(Zone.LADDER, x.id)) for x in state.ladders if x.blocker and not state.at(Place(Zone.LADDER, x.id))
    }
    for ladder in [x for x in state.ladders if str(Place(Zone.LADDER, x.id)) in emptied]:
        if any(str(m.place) == str(Place(Zone.LADDER, ladder.id)) for m in state.fallen if m.id in killed):
            state = state.with_ladder(replace(ladder, raised=False, blocker=None), ladder.id)
            events.append(Event("ladder_emptied_by_stones", "§8.1.3", {"ladder": ladder.id}))
    state, more = _panic(state, before, PanicCause.CASUALTIES, dice)
    events.extend(more)
    return outcome(state, events, dice, mark)


def drop_rock(state: BattleState, section: str, throwers: Sequence[str], target: str, dice: Dice) -> Outcome:
    """A rock token, two models base to base: the best BS rolls a basic to-hit; one target takes S8, D3 wounds.
    A climber killed breaks the ladder on 3+, and everyone on it takes a basic save without shield or a wound
    (§8.1.4).
    """
    mark = dice.mark()
    works = state.works_of(section)
    if works.rocks < 1:
        raise IllegalAction("no_rocks_left", "§8.1.1", section=section)
    _check_throwers(state, section, throwers, "a rock", "§8.1.4")
    victim = state.model(target)
    on_tower = victim.place.zone is Zone.SIEGE_TOWER
    if on_tower and state.siege_tower(victim.place.ref).section != section:
        raise IllegalAction("tower_not_below", "§8.1.2", model=target, tower=victim.place.ref, section=section)
    if not on_tower:
        _outside(state, section, [target])
    state = _acted(state.with_works(replace(works, rocks=works.rocks - 1)).expose(throwers), throwers)
    bs = max(state.model(t).profile.bs for t in throwers)
    need = shooting_to_hit(bs)
    if need is None or dice.roll(D6, reason("rock_to_hit", "§8.1.4", section=section, model=target)) < need:
        missed = Event("rock_misses", "§8.1.4", {"section": section, "model": target})
        return outcome(state, [missed], dice, mark)
    before = _units_at(state, [target])
    state, events, killed = hit_models(
        state, [target], ROCK_HIT, dice, "rock", "§8.1.4", wounds=ROCK_WOUNDS, section=section
    )
    if killed and victim.place.zone is Zone.LADDER:
        ladder_id = victim.place.ref
        if dice.roll(D6, reason("rock_breaks_ladder", "§8.1.4", ladder=ladder_id)) >= ROCK_BREAKS_LADDER:
            climbers = [m.id for m in state.at(victim.place)]
            state, more, _ = save_or_suffer(state, climbers, dice, "ladder_broken", "§8.1.4", wounds=1)
            events.extend(more)
            foot = Place(Zone.FOOT, state.ladder(ladder_id).section)
            state = state.with_models({m.id: replace(m, place=foot) for m in state.at(victim.place)})
            state = state.with_ladder(None, ladder_id)
            events.append(Event("ladder_broken_by_rock", "§8.1.4", {"ladder": ladder_id}))
    if not on_tower:
        state, more = _panic(state, before, PanicCause.CASUALTIES, dice)
        events.extend(more)
    return outcome(state, events, dice, mark)


def place_braziers(state: BattleState, section: str, liquids: Sequence[Liquid | None]) -> BattleState:
    """Braziers the besieged bought (§14.2) stand on a rampart section, two at most, never moved (§8.2.1); a
    ``None`` is a bare brazier, for flaming shots only (§9.1.2).
    """
    works = state.works_of(section)
    if not state.fort.section(section).is_rampart:
        raise IllegalAction("braziers_on_ramparts", "§8.2.1", section=section)
    if len(works.braziers) + len(liquids) > BRAZIERS_PER_SECTION:
        raise IllegalAction(
            "braziers_per_section",
            "§8.2.1",
            section=section,
            braziers=len(works.braziers),
            more=len(liquids),
            most=BRAZIERS_PER_SECTION,
        )
    state = use_bought(state, Side.BESIEGED, [BRAZIER_ITEMS[liquid] for liquid in liquids], "§8.2.1")
    return state.with_works(replace(works, braziers=(*works.braziers, *liquids)))


def allocate_ammunition(state: BattleState, section: str, stones: int = 0, rocks: int = 0) -> BattleState:
    """The besieged allocates stone and rock tokens it bought (§8.1.1, §14.2) to a rampart section, where they stay:
    they are never moved to another (§8.1.1), and they are thrown outside only (§8.1.2).
    """
    if stones < 0 or rocks < 0 or stones + rocks == 0:
        raise IllegalAction("allocate_one_token", "§8.1.1", stones=stones, rocks=rocks)
    if not state.fort.section(section).is_rampart:
        raise IllegalAction("ammunition_on_ramparts", "§8.1.2", section=section)
    budget = state.budget(Side.BESIEGED)
    for item, wanted in (("stones", stones), ("rock", rocks)):
        bought = 0 if budget is None else budget.bought.count(item)
        placed = 0 if budget is None else budget.placed.count(item)
        if placed + wanted > bought:
            raise IllegalAction(
                "ammunition_not_bought", "§8.1.1", item=item, bought=bought, placed=placed, wanted=wanted
            )
    state = use_bought(state, Side.BESIEGED, ["stones"] * stones + ["rock"] * rocks, "§8.1.1")
    works = state.works_of(section)
    return state.with_works(replace(works, stones=works.stones + stones, rocks=works.rocks + rocks))


def _spend(state: BattleState, section: str, liquid: Liquid, pourers: Sequence[str], clause: str) -> BattleState:
    """A brazier of ``liquid`` on ``section`` poured by ``pourers``: spent for the rest of the battle, its pourers
    exposed and done for the turn (§8.2.2)."""
    works = state.works_of(section)
    if liquid not in works.braziers:
        raise IllegalAction("no_such_brazier", clause, section=section, liquid=liquid.value)
    _check_throwers(state, section, pourers, "a brazier", "§8.2.2")
    braziers = list(works.braziers)
    braziers.remove(liquid)
    return _acted(state.with_works(replace(works, braziers=tuple(braziers))).expose(pourers), pourers)


def pour_brazier(
    state: BattleState,
    section: str,
    liquid: Liquid,
    pourers: Sequence[str],
    targets: Sequence[str],
    dice: Dice,
    *,
    designated: str | None = None,
    splash: Sequence[str] = (),
    structure: str | None = None,
) -> Outcome:
    """Pour a brazier on the models under the template (§8.2.2): water S3 no save, −1 to hit this turn (§8.2.4);
    oil S4 no save, −2, panic at the first loss, and the wooden ``structure`` below may catch fire: the turn's one
    roll for it (§8.2.5, §9.2); lead S5 no save D3 wounds on the ``designated`` model, S3 with save on the others,
    −2, panic (§8.2.6). Water and oil splash on a D6 of 4+: S3 with save on the ``splash`` models (§8.2.7). The
    brazier is spent. A structure already burning is fought with :func:`pour_on_fire`.
    """
    mark = dice.mark()
    state = _spend(state, section, liquid, pourers, "§8.2.1")
    if structure is not None:
        if liquid is not Liquid.OIL:
            raise IllegalAction("only_oil_sets_alight", "§8.2.5", liquid=liquid.value)
        _check_below(state, section, structure, "§8.2.5")
        if burning(state, structure):
            kind, _, ref = structure.partition(":")
            raise IllegalAction("burning_already", "§9.3", structure_kind=kind, structure=ref)
    rule = LIQUIDS[liquid]
    events: list[Event] = []
    _outside(state, section, [*targets, *splash])
    before = _units_at(state, [*targets, *splash, *([designated] if designated else [])])
    if liquid is Liquid.LEAD:
        if designated is None:
            raise IllegalAction("lead_needs_designated", "§8.2.6")
        state, events, _ = hit_models(
            state, [designated], LEAD_HIT, dice, "lead_designated", "§8.2.6", save=Save.NONE, wounds=D3, section=section
        )
        targets = [t for t in targets if t != designated]
    state, more, _ = hit_models(
        state, targets, rule.strength, dice, liquid.value, rule.clause, save=rule.save, section=section
    )
    events.extend(more)
    if rule.splashes and splash and dice.roll(D6, reason("splash", "§8.2.7", liquid=liquid.value)) >= SPLASH_NEED:
        alive = [s for s in splash if s in state.by_id]
        state, more, _ = hit_models(state, alive, SPLASH_HIT, dice, "splash", "§8.2.7", section=section)
        events.extend(more)
    survivors = [t for t in (*targets, *([designated] if designated else [])) if t in state.by_id]
    state = state.with_penalty(survivors, rule.penalty)
    state, more = _panic(state, before, PanicCause.SCALDED if rule.panic else PanicCause.CASUALTIES, dice)
    events.extend(more)
    if structure is not None:
        caught = catch_fire(state, structure, dice)
        state = caught.state
        events.extend(caught.events)
    return outcome(state, events, dice, mark)


def pour_on_fire(
    state: BattleState, section: str, liquid: Liquid, pourers: Sequence[str], target: str, dice: Dice
) -> Outcome:
    """A brazier poured from ``section`` on the burning structure directly below it. Water fights the fire of a
    gate (§9.4: « pour éteindre un feu sur une porte directement dessous »): 1 damage less next turn, every fire out
    with a second brazier of water this turn. Boiling oil does D6 damage points at once (§9.3: « Une structure déjà
    en feu recevant de l'huile bouillante prend automatiquement 1D6 points de dommage »).
    """
    mark = dice.mark()
    clause = "§9.4" if liquid is Liquid.WATER else "§9.3"
    if liquid is Liquid.LEAD:
        raise IllegalAction("lead_not_on_fire", "§9.4")
    state = _spend(state, section, liquid, pourers, clause)
    if liquid is Liquid.WATER and not target.startswith("gate:"):
        kind, _, ref = target.partition(":")
        raise IllegalAction("water_on_gates_only", "§9.4", structure_kind=kind, structure=ref)
    _check_below(state, section, target, clause)
    if not burning(state, target):
        kind, _, ref = target.partition(":")
        raise IllegalAction("poured_not_burning", clause, structure_kind=kind, structure=ref)
    if liquid is Liquid.WATER:
        state, event = pour_water(state, target)
        return outcome(state, [event], dice, mark)
    state, events = oil_on_fire(state, target, dice)
    return outcome(state, events, dice, mark)


def braziers_held(state: BattleState) -> tuple[str, ...]:
    """The sections whose braziers the besiegers may knock over (§8.2.3): « Des assiégeants ayant pris le contrôle
    d'une section/niveau où se trouvent des brasiers peuvent le renverser à terre automatiquement. Par prendre le
    contrôle d'une section, on entend qu'il n'y ait plus d'assiégés dessus. »"""
    return tuple(works.section for works in state.works if works.braziers and _held(state, works.section))


def _held(state: BattleState, section: str) -> bool:
    """Besiegers not fleeing stand on ``section`` (fleeing models control nothing, §17), and no besieged (§8.2.3)."""
    return not state.at(section, Side.BESIEGED) and any(not m.fleeing for m in state.at(section, Side.BESIEGER))


def knock_over_braziers(state: BattleState, section: str) -> BattleState:
    """Besiegers holding a section with no besieged left on it knock its braziers over in their turn, no roll
    needed (§8.2.3)."""
    if state.active is not Side.BESIEGER:
        raise IllegalAction("knock_over_in_own_turn", "§8.2.3")
    if not _held(state, section):
        raise IllegalAction("section_not_held", "§8.2.3", section=section)
    if not state.works_of(section).braziers:
        raise IllegalAction("no_brazier_to_knock_over", "§8.2.3", section=section)
    return state.with_works(replace(state.works_of(section), braziers=()))
