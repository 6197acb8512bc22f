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

from rules.dice import D3, D6, Dice
from rules.siege.costs import BRAZIER_ITEMS, use_bought
from rules.siege.engines import Liquid
from rules.siege.fire import catch_fire, oil_on_fire, pour_water
from rules.siege.hits import Save, hit_models, save_or_suffer
from rules.siege.psychology import PanicCause, panic_test
from rules.siege.state import (
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
from rules.siege.structure import check_not_silenced, main_gate_wall
from rules.siege.values import replace
from rules.wfb import shooting_to_hit

__all__ = [
    "BRAZIERS_PER_SECTION",
    "LIQUIDS",
    "allocate_ammunition",
    "drop_rock",
    "knock_over_braziers",
    "place_braziers",
    "pour_brazier",
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


def _check_throwers(
    state: BattleState, section: str, throwers: Sequence[str], need: int, what: str, clause: str
) -> None:
    check_not_silenced(state, section, f"use {what}")
    check_distinct(throwers, clause)
    check_may_act(state, throwers, f"use {what}")
    weight = sum(state.model(t).profile.ratio for t in throwers)  # §12.1.4
    if weight < need:
        raise IllegalAction(f"{what} takes {need} models, {weight} named ({clause})", clause)
    for thrower in throwers:
        model = state.model(thrower)
        if model.side is not Side.BESIEGED or str(model.place) != section or model.fleeing:
            raise IllegalAction(f"{thrower} must be a besieged model on {section} (§8.1.2)", "§8.1.2")
        if state.in_contact(thrower):
            raise IllegalAction(f"{thrower} is engaged in close combat and cannot use {what} (§8.1.2)", "§8.1.2")
        if any(x.blocker == thrower for x in state.ladders) or thrower in state.turn_log.pushers:
            raise IllegalAction(f"{thrower} blocks or pushes a ladder and cannot use {what} too (§8.1.2)", "§8.1.2")
        if thrower in state.turn_log.defenders:
            raise IllegalAction(
                f"{thrower} has already thrown or poured this turn: once a turn (§8.1.2, §8.2.2)", "§8.1.2"
            )


def _check_below(state: BattleState, section: str, structure: str, liquid: Liquid) -> None:
    """A brazier pours on what stands directly below its section: water on a gate's fire (§9.4: « sur une porte
    directement dessous »), oil on a gate, a covered ram at such a gate or a siege tower against the section (§8.2.5).
    """
    kind, _, ref = structure.partition(":")
    gate = ref if kind == "gate" else state.ram(ref).gate if kind == "ram" else None
    below = gate is not None and any(g.id == gate for g in state.fort.gates) and main_gate_wall(state, gate) == section
    if kind == "siege_tower":
        below = state.siege_tower(ref).section == section
    if liquid is Liquid.WATER and kind != "gate":
        raise IllegalAction(f"water puts out a fire on a gate below the rampart, not on {structure} (§9.4)", "§9.4")
    if not below:
        clause = "§9.4" if liquid is Liquid.WATER else "§8.2.5"
        raise IllegalAction(f"{structure} does not stand directly below {section} ({clause})", clause)


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
            raise IllegalAction(f"{target} is not below {section} outside the fort (§8.1.2)", "§8.1.2")


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
        if not lost or not left:
            continue
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
        raise IllegalAction(f"{section} has no stone token left (§8.1.1)", "§8.1.1")
    _check_throwers(state, section, throwers, 1, "stones", "§8.1.2")
    _outside(state, section, targets)
    state = _acted(state.with_works(replace(works, stones=works.stones - 1)).expose(throwers), throwers)
    before = _units_at(state, targets)
    state, events, killed = hit_models(state, targets, STONES_HIT, dice, f"§8.1.3 stones from {section}", "§8.1.3")
    emptied = {
        str(Place(Zone.LADDER, x.id)) for x in state.ladders if x.blocker and not state.at(Place(Zone.LADDER, x.id))
    }
    for ladder in [x for x in state.ladders if str(Place(Zone.LADDER, x.id)) in emptied]:
        if any(str(m.place) == str(Place(Zone.LADDER, ladder.id)) for m in state.fallen if m.id in killed):
            state = state.with_ladder(replace(ladder, raised=False, blocker=None), ladder.id)
            events.append(Event("ladder_pushed", "§8.1.3", f"ladder {ladder.id} emptied by stones is pushed back"))
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
        raise IllegalAction(f"{section} has no rock token left (§8.1.1)", "§8.1.1")
    _check_throwers(state, section, throwers, ROCK_THROWERS, "a rock", "§8.1.4")
    victim = state.model(target)
    on_tower = victim.place.zone is Zone.SIEGE_TOWER
    if on_tower and state.siege_tower(victim.place.ref).section != section:
        raise IllegalAction(
            f"{target} is in siege tower {victim.place.ref}, which does not stand against {section} (§8.1.2)", "§8.1.2"
        )
    if not on_tower:
        _outside(state, section, [target])
    state = _acted(state.with_works(replace(works, rocks=works.rocks - 1)).expose(throwers), throwers)
    bs = max(state.model(t).profile.bs for t in throwers)
    need = shooting_to_hit(bs)
    if need is None or dice.roll(D6, f"§8.1.4 rock from {section} to hit") < need:
        return outcome(state, [Event("rock_misses", "§8.1.4", f"the rock from {section} hits nobody")], dice, mark)
    before = _units_at(state, [target])
    state, events, killed = hit_models(state, [target], ROCK_HIT, dice, "§8.1.4 rock", "§8.1.4", wounds=ROCK_WOUNDS)
    if killed and victim.place.zone is Zone.LADDER:
        ladder_id = victim.place.ref
        if dice.roll(D6, f"§8.1.4 ladder {ladder_id} under the rock") >= ROCK_BREAKS_LADDER:
            climbers = [m.id for m in state.at(victim.place)]
            state, more, _ = save_or_suffer(
                state, climbers, dice, f"§8.1.4 ladder {ladder_id} breaks", "§8.1.4", wounds=1
            )
            events.extend(more)
            foot = Place(Zone.FOOT, state.ladder(ladder_id).section)
            state = state.with_models({m.id: replace(m, place=foot) for m in state.at(victim.place)})
            state = state.with_ladder(None, ladder_id)
            events.append(Event("ladder_destroyed", "§8.1.4", f"ladder {ladder_id} is destroyed"))
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
        raise IllegalAction(f"braziers stand on the ramparts, not on {section} (§8.2.1)", "§8.2.1")
    if len(works.braziers) + len(liquids) > BRAZIERS_PER_SECTION:
        raise IllegalAction(
            f"{section} has {len(works.braziers)} braziers; {len(liquids)} more would pass the "
            f"{BRAZIERS_PER_SECTION} a section (§8.2.1)",
            "§8.2.1",
        )
    state = use_bought(state, Side.BESIEGED, [BRAZIER_ITEMS[liquid] for liquid in liquids], "§8.2.1")
    return state.with_works(replace(works, braziers=(*works.braziers, *liquids)))


def allocate_ammunition(state: BattleState, section: str, stones: int = 0, rocks: int = 0) -> BattleState:
    """The besieged allocates stone and rock tokens it bought (§8.1.1, §14.2) to a rampart section, where they stay:
    they are never moved to another (§8.1.1), and they are thrown outside only (§8.1.2).
    """
    if stones < 0 or rocks < 0 or stones + rocks == 0:
        raise IllegalAction(f"allocate one token or more, not {stones} stones and {rocks} rocks (§8.1.1)", "§8.1.1")
    if not state.fort.section(section).is_rampart:
        raise IllegalAction(
            f"stones and rocks are thrown from the ramparts to the outside, not from {section} (§8.1.2)", "§8.1.2"
        )
    budget = state.budget(Side.BESIEGED)
    for item, wanted in (("stones", stones), ("rock", rocks)):
        bought = 0 if budget is None else budget.bought.count(item)
        placed = 0 if budget is None else budget.placed.count(item)
        if placed + wanted > bought:
            raise IllegalAction(
                f"the besieged bought {bought} {item} tokens and has allocated {placed}: {wanted} more is too many "
                "(§8.1.1, §14.2)",
                "§8.1.1",
            )
    state = use_bought(state, Side.BESIEGED, ["stones"] * stones + ["rock"] * rocks, "§8.1.1")
    works = state.works_of(section)
    return state.with_works(replace(works, stones=works.stones + stones, rocks=works.rocks + rocks))


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
    oil S4 no save, −2, sets the wooden ``structure`` below alight (one already burning takes D6, §9.3), panic at
    the first loss (§8.2.5); lead S5 no save D3 wounds on the ``designated`` model, S3 with save on the others,
    −2, panic (§8.2.6). Water and oil splash on a D6 of 4+: S3 with save on the ``splash`` models (§8.2.7). Water
    poured on a burning ``structure`` fights the fire instead (§9.4). The brazier is spent.
    """
    mark = dice.mark()
    works = state.works_of(section)
    if liquid not in works.braziers:
        raise IllegalAction(f"{section} has no {liquid} brazier (§8.2.1)", "§8.2.1")
    _check_throwers(state, section, pourers, POURERS, "a brazier", "§8.2.2")
    braziers = list(works.braziers)
    braziers.remove(liquid)
    state = _acted(state.with_works(replace(works, braziers=tuple(braziers))).expose(pourers), pourers)
    rule = LIQUIDS[liquid]
    events: list[Event] = []
    if structure is not None:
        _check_below(state, section, structure, liquid)
    if liquid is Liquid.WATER and structure is not None and any(f.target == structure for f in state.fires):
        state, event = pour_water(state, structure)
        return outcome(state, [event], dice, mark)
    _outside(state, section, [*targets, *splash])
    before = _units_at(state, [*targets, *splash, *([designated] if designated else [])])
    if liquid is Liquid.LEAD:
        if designated is None:
            raise IllegalAction("molten lead needs a designated model (§8.2.6)", "§8.2.6")
        state, events, _ = hit_models(
            state, [designated], LEAD_HIT, dice, "§8.2.6 lead", "§8.2.6", save=Save.NONE, wounds=D3
        )
        targets = [t for t in targets if t != designated]
    state, more, _ = hit_models(
        state, targets, rule.strength, dice, f"{rule.clause} {liquid}", rule.clause, save=rule.save
    )
    events.extend(more)
    if rule.splashes and splash and dice.roll(D6, f"§8.2.7 {liquid} splash") >= SPLASH_NEED:
        alive = [s for s in splash if s in state.by_id]
        state, more, _ = hit_models(state, alive, SPLASH_HIT, dice, "§8.2.7 splash", "§8.2.7")
        events.extend(more)
    survivors = [t for t in (*targets, *([designated] if designated else [])) if t in state.by_id]
    state = state.with_penalty(survivors, rule.penalty)
    state, more = _panic(state, before, PanicCause.SCALDED if rule.panic else PanicCause.CASUALTIES, dice)
    events.extend(more)
    if liquid is Liquid.OIL and structure is not None:
        burning = any(f.target == structure for f in state.fires)
        if burning:
            state, more = oil_on_fire(state, structure, dice)
            events.extend(more)
        else:
            caught = catch_fire(state, structure, dice)
            state = caught.state
            events.extend(caught.events)
    return outcome(state, events, dice, mark)


def knock_over_braziers(state: BattleState, section: str) -> BattleState:
    """Besiegers holding a section with no besieged left on it knock its braziers over in their turn (§8.2.3)."""
    if state.active is not Side.BESIEGER:
        raise IllegalAction("the besiegers knock braziers over in their own turn (§8.2.3)", "§8.2.3")
    if state.at(section, Side.BESIEGED) or not state.at(section, Side.BESIEGER):
        raise IllegalAction(
            f"the besiegers must hold {section} with no besieged left to knock its braziers over (§8.2.3)", "§8.2.3"
        )
    return state.with_works(replace(state.works_of(section), braziers=()))
