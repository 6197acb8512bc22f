"""The belfry of « Le Beffroi » (seed 001): a siege tower whose levels are sub-sections (R16), pushed hex by hex
up to a wall and climbed level by level. Its drawbridge is in :mod:`rules.siege.drawbridge`, its cover and fire in
:mod:`rules.siege.belfry_cover`.

A battle plays its siege towers as belfries when its set-up says so (:class:`rules.siege.battle.Setup`). A model
aboard stands at ``belfry:ST1.2`` (siege tower ST1, level 2). The belfry moves in hexes (001's *PM*), the models in
it spend movement points equal to their M a turn; the readings that join 001's hex board to the supplement's
sections are in ``docs/rule-readings.md``.

>>> speed(8), speed(7), speed(3)
(2, 1, 0)
>>> speed(6, aboard=16, overload=True), speed(6, aboard=17, overload=True)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from rules.siege import ladders
from rules.siege.engines import Belfry, Bridge
from rules.siege.fort import FortLayout, SectionKind
from rules.siege.state import (
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
)
from rules.validation import check_range

__all__ = [
    "BRIDGE_TO_RAMPART",
    "CAPACITY",
    "CLIMB_A_LEVEL",
    "CLIMB_TO_BRIDGE_TALL_WALL",
    "ENTER_GROUND",
    "FIGHT_KIND",
    "LEVELS",
    "MOVE_ON_LEVEL",
    "REACH",
    "aboard",
    "bridge_problem",
    "check_aboard",
    "count_aboard",
    "crossing",
    "fight_on_level",
    "level_of",
    "level_place",
    "levels_in_use",
    "place_belfries",
    "push",
    "pushers",
    "raise_ground_ladder",
    "speed",
    "step",
    "step_cost",
    "thresholds",
]

LEVELS = (0, 1, 2, 3)  # 001 §1.1
CAPACITY: Mapping[int, int] = MappingProxyType({0: 12, 1: 10, 2: 10, 3: 6})
"""Models a level holds: 12 pushers on the ground, 10 on levels 1 and 2, 6 on level 3 (001 §5, R16)."""
STANDARD_THRESHOLDS = (8, 4)
"""8 pushers or more: 2 hexes a turn; 4 to 7: 1; fewer: none (001 §4.1, R16)."""
OVERLOAD_THRESHOLDS = (6, 3)
"""With the overload option and at most 16 aboard: 6 for 2 hexes, 3 to 5 for 1 (001 §4.2, R16)."""
OVERLOAD_LIGHT = 16
"""Up to 16 aboard the lighter thresholds apply; 17 to 26 the standard ones (001 §4.2, R16)."""
ENTER_GROUND = 2  # 001 §5, §10 "Niveau du sol"
CLIMB_A_LEVEL = 3  # 001 §5, §10 "Echelle"
CLIMB_TO_BRIDGE_TALL_WALL = 6  # 001 §2, §10 "Echelle" (6 against a level-3 wall)
MOVE_ON_LEVEL = 1  # 001 §5, §10 "Niveau 1", "Niveau 2", "Niveau 3"
BRIDGE_TO_RAMPART = 2  # 001 §8
LEAVE_GROUND = 1
"""Out of the ground level onto the flat ground it rolls on: one hex of open ground (reading, docs/rule-readings)."""
GROUND_LEVEL = 1
"""The supplement's courtyard, at its level 1, is the ground 001 counts its levels from (001 §2)."""
REACH = 1
"""The drawbridge is lowered one hex from the rampart (001 §8)."""
FIGHT_KIND = SectionKind.TOWER
"""A level fights as a tower's floor: no courtyard for the halberd's +1, no wall-walk for a flyer's −1 (§3.2.2,
§12.3.1; reading, docs/rule-readings)."""


def thresholds(aboard: int = 0, *, overload: bool = False) -> tuple[int, int]:
    """The pushers needed for 2 hexes and for 1 (001 §4.1, §4.2, R16)."""
    check_range("aboard", aboard, 0, CAPACITY[1] + CAPACITY[2] + CAPACITY[3])
    return OVERLOAD_THRESHOLDS if overload and aboard <= OVERLOAD_LIGHT else STANDARD_THRESHOLDS


def speed(pushers: int, aboard: int = 0, *, overload: bool = False) -> int:
    """Hexes a turn the belfry rolls with ``pushers`` free on the ground and ``aboard`` on its levels 1–3
    (001 §4.1, §4.2, R16).
    """
    check_range("pushers", pushers, 0, CAPACITY[0])
    fast, slow = thresholds(aboard, overload=overload)
    return 2 if pushers >= fast else 1 if pushers >= slow else 0


def levels_in_use(wall_level: int) -> tuple[int, ...]:
    """The levels a belfry uses against a wall of ``wall_level``: against a level-1 wall it drops its level 1
    (001 §2).
    """
    check_range("wall_level", wall_level, 1, 3)
    return (0, 2, 3) if wall_level == 1 else LEVELS


def step_cost(origin: int | None, destination: int | None, wall_level: int = 2) -> int:
    """Movement points to go from level ``origin`` to level ``destination`` of a belfry (``None``: off it, on the
    ground outside): 2 to come in at ground level, 3 a level climbed, 6 up or down the ladder to the drawbridge's
    level against a level-3 wall, 1 on a level (001 §2, §5, §10).
    """
    used = levels_in_use(wall_level)
    if origin is None and destination is None:
        raise IllegalAction("a belfry step starts or ends in the belfry (001 §5)", "001 §5")
    if origin is None:
        if destination != 0:
            raise IllegalAction("models come into a belfry at ground level, level 0 (001 §5)", "001 §5")
        return ENTER_GROUND
    if destination is None:
        if origin != 0:
            raise IllegalAction("models leave a belfry from its ground level, level 0 (001 §5)", "001 §5")
        return LEAVE_GROUND
    for level in (origin, destination):
        if level not in used:
            raise IllegalAction(
                f"level {level} is not in use against a level-{wall_level} wall: levels {used} (001 §2)", "001 §2"
            )
    if origin == destination:
        return MOVE_ON_LEVEL
    a, b = used.index(origin), used.index(destination)
    if abs(a - b) != 1:
        raise IllegalAction(f"the ladders go one level at a time, not {origin} to {destination} (001 §1.2)", "001 §1.2")
    if wall_level == 3 and {origin, destination} == {1, 2}:
        return CLIMB_TO_BRIDGE_TALL_WALL
    return CLIMB_A_LEVEL


def level_place(belfry_id: str, level: int) -> Place:
    return Place(Zone.BELFRY, f"{belfry_id}.{level}")


def level_of(place: Place) -> tuple[str, int]:
    ref, sep, level = place.ref.rpartition(".")
    if not sep or not level.isdigit() or int(level) not in LEVELS:
        raise IllegalAction(f"{place} is not a belfry level: belfry:<tower>.<0-3> (001 §1.1)", "001 §1.1")
    return ref, int(level)


def _aboard(state: BattleState, belfry: Belfry, level: int) -> list[Model]:
    return [m for m in state.at(level_place(belfry.id, level)) if m.side is Side.BESIEGER]


def pushers(state: BattleState, belfry: Belfry) -> int:
    """The besiegers on the ground level not engaged in a fight: the engaged do not push (001 §4.1)."""
    return sum(1 for m in _aboard(state, belfry, 0) if not state.in_contact(m.id))


def count_aboard(state: BattleState, belfry: Belfry) -> int:
    """The models on the belfry's levels 1–3, whose weight the overload option counts (001 §4.2)."""
    return sum(len(state.at(level_place(belfry.id, level))) for level in (1, 2, 3))


def aboard(state: BattleState, belfry_id: str) -> dict[int, tuple[str, ...]]:
    """Who stands on each level of a belfry, level 0 (the pushers) first (001 §1.1)."""
    state.belfry(belfry_id)
    return {level: tuple(m.id for m in state.at(level_place(belfry_id, level))) for level in LEVELS}


def place_belfries(fort: FortLayout, towers: Sequence[str], belfries: Sequence[Belfry]) -> tuple[Belfry, ...]:
    """The belfries a battle opens with, checked: each is one of the battle's siege towers, bought and placed as
    they are (R16), aimed at a rampart section (001 §4.1), in reach or further. The wall's 001 level is the
    section's level less one: 001 counts from the ground, the supplement from the courtyard's level 1 (001 §2).
    """
    check_distinct([b.id for b in belfries], "001 §1")
    placed = []
    for belfry in belfries:
        if belfry.id not in towers:
            raise IllegalAction(
                f"belfry {belfry.id} is not one of the battle's siege towers: a belfry is bought and placed as a "
                "siege tower (R16)",
                "R16",
            )
        if not fort.section(belfry.section).is_rampart:
            raise IllegalAction(f"a belfry rolls against a rampart section, not {belfry.section} (001 §8)", "001 §8")
        check_range("distance", belfry.distance, REACH)
        if any(o < REACH for o in belfry.obstacles):
            raise IllegalAction(
                "obstacles lie on the belfry's line, 1 hex from the wall or more (001 §4.1)", "001 §4.1"
            )
        wall_level = check_range("wall_level", fort.section(belfry.section).level - GROUND_LEVEL, 1, 3)
        placed.append(replace(belfry, wall_level=wall_level))
    return tuple(placed)


def check_aboard(state: BattleState) -> None:
    """Refuse a battle whose models stand in a belfry that is not there, or crowd a level (001 §5, R16)."""
    for place in {m.place for m in state.models if m.place.zone is Zone.BELFRY}:
        tower, level = level_of(place)
        belfry = state.belfry(tower)
        held = len(state.at(place))
        if level not in levels_in_use(belfry.wall_level):
            raise IllegalAction(f"level {level} of belfry {tower} is not used against this wall (001 §2)", "001 §2")
        if held > CAPACITY[level]:
            raise IllegalAction(
                f"level {level} of belfry {tower} holds {CAPACITY[level]} models, not {held} (001 §5, R16)", "001 §5"
            )


def push(state: BattleState, belfry_id: str, direction: str, hexes: int) -> Outcome:
    """The pushers roll the belfry ``hexes`` forward or back, in a straight line on flat ground or a filled moat,
    as far as their number allows this turn; never once its drawbridge is down (001 §4.1, §4.2).
    """
    belfry = state.belfry(belfry_id)
    if direction not in ("forward", "back"):
        raise IllegalAction(
            f"a belfry moves in a straight line, forward or back, and cannot pivot on its eight wheels, not "
            f"{direction!r} (001 §4.1)",
            "001 §4.1",
        )
    if belfry.bridge is Bridge.DOWN:
        raise IllegalAction(f"belfry {belfry_id} has lowered its drawbridge: it moves no more (001 §4.1)", "001 §4.1")
    if belfry.bridge is Bridge.LOWERING:
        raise IllegalAction(f"belfry {belfry_id} is lowering its drawbridge: it stays in reach (001 §8)", "001 §8")
    crew = pushers(state, belfry)
    aboard = count_aboard(state, belfry)
    allowed = speed(crew, aboard, overload=state.belfry_overload)
    done = belfry.moved if belfry.moved_turn == state.turn else 0
    clause = "001 §4.2" if state.belfry_overload else "001 §4.1"
    if not 1 <= hexes <= allowed - done:
        raise IllegalAction(
            f"belfry {belfry_id} with {crew} free pushers and {aboard} aboard rolls {allowed} hexes a turn, "
            f"{done} done: not {hexes} more ({clause}, R16)",
            clause,
        )
    step_sign = -1 if direction == "forward" else 1
    path = [belfry.distance + step_sign * n for n in range(1, hexes + 1)]
    if path[-1] < REACH:
        raise IllegalAction(
            f"belfry {belfry_id} is {belfry.distance} hexes from {belfry.section}: it rolls up to 1 hex from the "
            f"rampart, not {hexes} (001 §8)",
            "001 §8",
        )
    blocked = [d for d in path if d in belfry.obstacles]
    if blocked:
        raise IllegalAction(
            f"the hex {blocked[0]} from {belfry.section} is neither flat ground nor a filled moat (001 §4.1)",
            "001 §4.1",
        )
    moved = replace(belfry, distance=path[-1], moved=done + hexes, moved_turn=state.turn, ground_ladder=False)
    text = f"belfry {belfry_id} rolls {hexes} {direction}, {moved.distance} hexes from {belfry.section}"
    return Outcome(state.with_belfry(moved), (Event("push_belfry", clause, text),), ())


def raise_ground_ladder(state: BattleState, belfry_id: str, team: Sequence[str]) -> BattleState:
    """A team outside sets up a removable ladder to level 1 while the belfry stands still (001 §1.2)."""
    belfry = state.belfry(belfry_id)
    if belfry.fixed_ladders:
        raise IllegalAction(f"belfry {belfry_id}'s ladders are fixed (001 §1.2)", "001 §1.2")
    _check_still(state, belfry, "set up its ladder")
    check_distinct(team, "001 §1.2")
    check_may_act(state, team, "set up a ladder")
    outside = [m for m in team if state.model(m).place.zone not in (Zone.FIELD, Zone.FOOT)]
    if not team or outside:
        raise IllegalAction("a team outside the belfry, on the ground, sets up its ladder (001 §1.2)", "001 §1.2")
    return state.with_belfry(replace(belfry, ground_ladder=True))


def _check_still(state: BattleState, belfry: Belfry, what: str) -> None:
    if belfry.moved_turn == state.turn and belfry.moved and state.active is Side.BESIEGER:
        raise IllegalAction(
            f"belfry {belfry.id} has moved this turn: it must stand still to {what} (001 §1.2)", "001 §1.2"
        )


def step(state: BattleState, models: Sequence[str], to: str) -> BattleState:
    """Models climb into, up, down or out of a belfry, paying its movement costs from their M this turn
    (001 §1.2, §2, §5); the rampart is reached by ``move`` once the drawbridge is down (001 §8).
    """
    if not models:
        raise IllegalAction("no model to move (001 §5)", "001 §5")
    check_distinct(models, "001 §5")
    check_may_act(state, models, "move")
    movers = [state.model(m) for m in models]
    origin = movers[0].place
    if any(m.place != origin for m in movers):
        raise IllegalAction("a group climbs from one place (001 §5)", "001 §5")
    destination = Place.parse(to)
    if origin.zone is not Zone.BELFRY and destination.zone is not Zone.BELFRY:
        raise IllegalAction(f"{origin} to {destination} is not a step in a belfry (001 §5)", "001 §5")
    tower, to_level = level_of(destination) if destination.zone is Zone.BELFRY else ("", None)
    ref, from_level = level_of(origin) if origin.zone is Zone.BELFRY else ("", None)
    belfry = state.belfry(tower or ref)
    if tower and ref and tower != ref:
        raise IllegalAction(f"{origin} and {destination} are two belfries (001 §5)", "001 §5")
    for place in (origin, destination):
        if place.zone not in (Zone.BELFRY, Zone.FIELD):
            raise IllegalAction(f"a belfry is boarded from the ground, not {place} (001 §5)", "001 §5")
    loaded = sorted(ladders.carrying(state) & set(models))
    if loaded:
        raise IllegalAction(
            f"{', '.join(loaded)} carry a ladder or a ram: they go with their load, not into a belfry (§7.1.1, §7.2.1)",
            "§7.2.1",
        )
    cavalry = [m.id for m in movers if m.profile.is_cavalry]
    if cavalry:
        raise IllegalAction(
            f"{', '.join(cavalry)} are mounted: a belfry is impassable on horseback (001 §10)", "001 §10"
        )
    besieged = [m.id for m in movers if m.side is Side.BESIEGED]
    open_rear = {from_level, to_level} == {None, 0}  # 001 §3, §8: the ground level is open at the rear
    if besieged and not belfry.fixed_ladders and {from_level, to_level} != {2} and not open_rear:
        raise IllegalAction(
            "the besieged climb through the belfry only by fixed ladders (001 §1.2)",
            "001 §1.2",
        )
    if {from_level, to_level} in ({0, 1}, {0, 2}) and None not in (from_level, to_level):
        _check_still(state, belfry, "climb from the ground")
        if not belfry.fixed_ladders and not belfry.ground_ladder:
            raise IllegalAction(
                f"belfry {belfry.id}'s ladder from the ground is removable: a team outside sets it up first (001 §1.2)",
                "001 §1.2",
            )
    if origin == destination:
        raise IllegalAction(f"{', '.join(models)} are already on {destination} (001 §5)", "001 §5")
    if destination.zone is Zone.FIELD and destination.ref != belfry.id and not state.at(destination, movers[0].side):
        # 001 §5: off level 0 onto the ground the belfry stands on, or back to the side's models on the field
        raise IllegalAction(
            f"from belfry {belfry.id} the ground is field:{belfry.id} or where the {movers[0].side} stands on the "
            f"field, not {destination} (001 §5)",
            "001 §5",
        )
    cost = step_cost(from_level, to_level, belfry.wall_level)
    log = state.turn_log
    for model in movers:
        spent = log.spent(model.id)
        if spent + cost > model.profile.m and spent > 0:
            raise IllegalAction(
                f"{model.id} has {model.profile.m - spent} of its {model.profile.m} movement points left; the step "
                f"costs {cost} (001 §5)",
                "001 §5",
            )
        if model.id in log.moved:
            raise IllegalAction(f"{model.id} has moved between sections this turn (§2.1, 001 §5)", "001 §5")
    if to_level is not None:
        _check_room(state, movers, destination, belfry.id, to_level)
    log = log.with_spent({m.id: cost for m in movers})
    if destination.zone is Zone.BELFRY and state.at(destination, movers[0].side.enemy):
        # 001 §8: fights on any level; between two levels from the ladder, which brings the climbers onto the level
        # they charge; up the ladder they charge from below (§3.2.2)
        ids = frozenset(m.id for m in movers)
        log = replace(log, charged=log.charged | ids)
        if from_level is not None and to_level is not None and to_level > from_level:
            log = replace(log, from_below=log.from_below | ids)
    state = replace(state, turn_log=log)
    return state.with_models({m.id: replace(m, place=destination) for m in movers})


def _check_room(state: BattleState, movers: Sequence[Model], destination: Place, tower: str, level: int) -> None:
    """A level holds its capacity of each side's models: enemies fighting their way onto it take no room from the
    side aboard (001 §5, §8, R16)."""
    side = movers[0].side
    held = sum(1 for m in state.at(destination, side) if m not in movers)
    if held + len(movers) > CAPACITY[level]:
        raise IllegalAction(
            f"level {level} of belfry {tower} holds {CAPACITY[level]} models; {held} are there, "
            f"{len(movers)} more is too many (001 §5, R16)",
            "001 §5",
        )


def bridge_problem(state: BattleState, origin: Place, destination: Place) -> IllegalAction | None:
    """Why there is no way between a belfry's level and the rampart now, ``None`` when there is one: only over its
    lowered drawbridge, from the drawbridge's level (001 §2, §8)."""
    inside, aboard = (destination, origin) if origin.zone is Zone.BELFRY else (origin, destination)
    tower, level = level_of(aboard)
    belfry = state.belfry(tower)
    if belfry.bridge is not Bridge.DOWN:
        return IllegalAction(f"belfry {tower}'s drawbridge is not down (001 §8)", "001 §8")
    if inside.ref != belfry.section:
        return IllegalAction(
            f"belfry {tower}'s drawbridge lies on {belfry.section}, not {inside.ref} (001 §8)", "001 §8"
        )
    if level != 2:
        return IllegalAction(f"the drawbridge is on level 2, not {level} (001 §1.1, §8)", "001 §8")
    return None


def crossing(state: BattleState, movers: Sequence[Model], origin: Place, destination: Place) -> None:
    """Refuse a move between a belfry's level and the rampart other than over its lowered drawbridge, from the
    drawbridge's level, with 2 movement points left (001 §2, §8). A move onto enemies is a charge: the fights over
    the drawbridge are fought on the place the chargers enter, the rampart or level 2 (001 §8).
    """
    problem = bridge_problem(state, origin, destination)
    if problem is not None:
        raise problem
    if destination.zone is Zone.BELFRY:
        tower, level = level_of(destination)
        _check_room(state, movers, destination, tower, level)
    for model in movers:
        spent = state.turn_log.spent(model.id)
        if spent and spent + BRIDGE_TO_RAMPART > model.profile.m:
            raise IllegalAction(
                f"{model.id} has {model.profile.m - spent} movement points left; the drawbridge costs "
                f"{BRIDGE_TO_RAMPART} (001 §8)",
                "001 §8",
            )


_LEVEL_PREFIX = f"{Zone.BELFRY.value}:"
"""How a belfry's level is written (``belfry:B1.2``), read once: a fight asks it of every section."""


def fight_on_level(state: BattleState, section: str, pairs: Sequence[tuple[str, str]]) -> SectionKind | None:
    """The kind a close combat on ``section`` is fought as when ``section`` is a belfry's level, ``None`` for the
    fort's own sections. Fights are fought on any level; models on two levels fight only when one of them is on the
    ladder between them, which it climbs to charge onto the other's level (001 §8): every model paired stands on
    the level fought on.
    """
    if not section.startswith(_LEVEL_PREFIX):
        return None
    place = Place.parse(section)
    tower, level = level_of(place)
    if level not in levels_in_use(state.belfry(tower).wall_level):
        raise IllegalAction(f"level {level} of belfry {tower} is not used against this wall (001 §2)", "001 §2")
    for model_id in dict.fromkeys(x for pair in pairs for x in pair):
        model = state.by_id.get(model_id)
        if model is not None and model.place != place:
            raise IllegalAction(
                f"{model_id} is on {model.place}, not {section}: models on two levels of a belfry fight only when one "
                "of them is on the ladder, climbing onto the other's level to charge it (001 §8)",
                "001 §8",
            )
    return FIGHT_KIND
