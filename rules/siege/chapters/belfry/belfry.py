"""The belfry of « Le Beffroi » (seed 001): a siege tower whose levels are sub-sections (R16), pushed hex by hex
up to a wall and climbed level by level. Its drawbridge is in :mod:`rules.siege.chapters.belfry.drawbridge`, its cover
and fire in :mod:`rules.siege.chapters.belfry.belfry_cover`.

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

from rules.siege.board.engines import Belfry, Bridge
from rules.siege.board.fort import FortLayout, SectionKind
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
    check_may_act,
)
from rules.siege.chapters import ladders
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
        raise IllegalAction("belfry_step_off_belfry", "001 §5")
    if origin is None:
        if destination != 0:
            raise IllegalAction("belfry_enter_at_ground", "001 §5", level=destination)
        return ENTER_GROUND
    if destination is None:
        if origin != 0:
            raise IllegalAction("belfry_leave_from_ground", "001 §5", level=origin)
        return LEAVE_GROUND
    for level in (origin, destination):
        if level not in used:
            raise IllegalAction(
                "belfry_level_unused_for_wall", "001 §2", level=level, wall_level=wall_level, levels=tuple(used)
            )
    if origin == destination:
        return MOVE_ON_LEVEL
    a, b = used.index(origin), used.index(destination)
    if abs(a - b) != 1:
        raise IllegalAction("belfry_one_level_at_a_time", "001 §1.2", from_level=origin, to_level=destination)
    if wall_level == 3 and {origin, destination} == {1, 2}:
        return CLIMB_TO_BRIDGE_TALL_WALL
    return CLIMB_A_LEVEL


def level_place(belfry_id: str, level: int) -> Place:
    return Place(Zone.BELFRY, f"{belfry_id}.{level}")


def level_of(place: Place) -> tuple[str, int]:
    ref, sep, level = place.ref.rpartition(".")
    if not sep or not level.isdigit() or int(level) not in LEVELS:
        raise IllegalAction("not_a_belfry_level", "001 §1.1", level=str(place))
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
            raise IllegalAction("belfry_not_a_tower", "R16", belfry=belfry.id)
        if not fort.section(belfry.section).is_rampart:
            raise IllegalAction("belfry_not_at_rampart", "001 §8", belfry=belfry.id, section=belfry.section)
        check_range("distance", belfry.distance, REACH)
        if any(o < REACH for o in belfry.obstacles):
            raise IllegalAction("belfry_obstacle_too_close", "001 §4.1", belfry=belfry.id, reach=REACH)
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
            raise IllegalAction("belfry_level_unused", "001 §2", level=level, belfry=tower)
        if held > CAPACITY[level]:
            raise IllegalAction(
                "belfry_level_overcrowded", "001 §5", level=level, belfry=tower, most=CAPACITY[level], held=held
            )


def push(state: BattleState, belfry_id: str, direction: str, hexes: int) -> Outcome:
    """The pushers roll the belfry ``hexes`` forward or back, in a straight line on flat ground or a filled moat,
    as far as their number allows this turn; never once its drawbridge is down (001 §4.1, §4.2).
    """
    belfry = state.belfry(belfry_id)
    if direction not in ("forward", "back"):
        raise IllegalAction("belfry_straight_line", "001 §4.1", belfry=belfry_id, direction=str(direction))
    if belfry.bridge is Bridge.DOWN:
        raise IllegalAction("belfry_bridge_down_no_move", "001 §4.1", belfry=belfry_id)
    if belfry.bridge is Bridge.LOWERING:
        raise IllegalAction("belfry_lowering_no_move", "001 §8", belfry=belfry_id)
    crew = pushers(state, belfry)
    aboard = count_aboard(state, belfry)
    allowed = speed(crew, aboard, overload=state.belfry_overload)
    done = belfry.moved if belfry.moved_turn == state.turn else 0
    clause = "001 §4.2" if state.belfry_overload else "001 §4.1"
    if not 1 <= hexes <= allowed - done:
        raise IllegalAction(
            "belfry_push_too_far",
            clause,
            belfry=belfry_id,
            pushers=crew,
            aboard=aboard,
            speed=allowed,
            done=done,
            hexes=hexes,
        )
    step_sign = -1 if direction == "forward" else 1
    path = [belfry.distance + step_sign * n for n in range(1, hexes + 1)]
    if path[-1] < REACH:
        raise IllegalAction(
            "belfry_reach_wall",
            "001 §8",
            belfry=belfry_id,
            distance=belfry.distance,
            section=belfry.section,
            reach=REACH,
            hexes=hexes,
        )
    blocked = [d for d in path if d in belfry.obstacles]
    if blocked:
        raise IllegalAction("belfry_obstacle", "001 §4.1", belfry=belfry_id, hex=blocked[0], section=belfry.section)
    moved = replace(belfry, distance=path[-1], moved=done + hexes, moved_turn=state.turn, ground_ladder=False)
    pushed = Event(
        "belfry_pushed",
        clause,
        {
            "belfry": belfry_id,
            "hexes": hexes,
            "direction": direction,
            "distance": moved.distance,
            "section": belfry.section,
        },
    )
    return Outcome(state.with_belfry(moved), (pushed,), ())


def raise_ground_ladder(state: BattleState, belfry_id: str, team: Sequence[str]) -> BattleState:
    """A team outside sets up a removable ladder to level 1 while the belfry stands still (001 §1.2)."""
    belfry = state.belfry(belfry_id)
    if belfry.fixed_ladders:
        raise IllegalAction("belfry_ladders_fixed", "001 §1.2", belfry=belfry_id)
    _check_still(state, belfry, "raise_ladder")
    check_distinct(team, "001 §1.2")
    check_may_act(state, team, "raise_belfry_ladder")
    outside = [m for m in team if state.model(m).place.zone not in (Zone.FIELD, Zone.FOOT)]
    if not team or outside:
        raise IllegalAction("belfry_ladder_team_outside", "001 §1.2", belfry=belfry_id, models=tuple(outside))
    return state.with_belfry(replace(belfry, ground_ladder=True))


def _check_still(state: BattleState, belfry: Belfry, what: str) -> None:
    if belfry.moved_turn == state.turn and belfry.moved and state.active is Side.BESIEGER:
        raise IllegalAction("belfry_must_stand_still", "001 §1.2", belfry=belfry.id, activity=what)


def step(state: BattleState, models: Sequence[str], to: str) -> BattleState:
    """Models climb into, up, down or out of a belfry, paying its movement costs from their M this turn
    (001 §1.2, §2, §5); the rampart is reached by ``move`` once the drawbridge is down (001 §8).
    """
    if not models:
        raise IllegalAction("belfry_no_model", "001 §5")
    check_distinct(models, "001 §5")
    check_may_act(state, models, "move")
    movers = [state.model(m) for m in models]
    origin = movers[0].place
    if any(m.place != origin for m in movers):
        raise IllegalAction("belfry_group_one_place", "001 §5", models=tuple(models))
    destination = Place.parse(to)
    if origin.zone is not Zone.BELFRY and destination.zone is not Zone.BELFRY:
        raise IllegalAction("not_a_belfry_step", "001 §5", from_place=str(origin), to_place=str(destination))
    tower, to_level = level_of(destination) if destination.zone is Zone.BELFRY else ("", None)
    ref, from_level = level_of(origin) if origin.zone is Zone.BELFRY else ("", None)
    belfry = state.belfry(tower or ref)
    if tower and ref and tower != ref:
        raise IllegalAction("two_belfries", "001 §5", from_place=str(origin), to_place=str(destination))
    for place in (origin, destination):
        if place.zone not in (Zone.BELFRY, Zone.FIELD):
            raise IllegalAction("belfry_boarded_from_ground", "001 §5", place=str(place))
    loaded = sorted(ladders.carrying(state) & set(models))
    if loaded:
        raise IllegalAction("belfry_loaded_carriers", "§7.2.1", models=tuple(loaded))
    cavalry = [m.id for m in movers if m.profile.is_cavalry]
    if cavalry:
        raise IllegalAction("belfry_no_cavalry", "001 §10", models=tuple(cavalry))
    besieged = [m.id for m in movers if m.side is Side.BESIEGED]
    open_rear = {from_level, to_level} == {None, 0}  # 001 §3, §8: the ground level is open at the rear
    if besieged and not belfry.fixed_ladders and {from_level, to_level} != {2} and not open_rear:
        raise IllegalAction("belfry_besieged_fixed_ladders", "001 §1.2", belfry=belfry.id)
    if {from_level, to_level} in ({0, 1}, {0, 2}) and None not in (from_level, to_level):
        _check_still(state, belfry, "climb_from_ground")
        if not belfry.fixed_ladders and not belfry.ground_ladder:
            raise IllegalAction("belfry_removable_ladder", "001 §1.2", belfry=belfry.id)
    if origin == destination:
        raise IllegalAction("belfry_already_there", "001 §5", models=tuple(models), place=str(destination))
    if destination.zone is Zone.FIELD and destination.ref != belfry.id and not state.at(destination, movers[0].side):
        # 001 §5: off level 0 onto the ground the belfry stands on, or back to the side's models on the field
        raise IllegalAction(
            "belfry_ground_is",
            "001 §5",
            belfry=belfry.id,
            ground_place=f"field:{belfry.id}",
            side=movers[0].side.value,
            place=str(destination),
        )
    cost = step_cost(from_level, to_level, belfry.wall_level)
    log = state.turn_log
    for model in movers:
        spent = log.spent(model.id)
        if spent + cost > model.profile.m and spent > 0:
            raise IllegalAction(
                "belfry_step_points",
                "001 §5",
                model=model.id,
                left=model.profile.m - spent,
                m=model.profile.m,
                cost=cost,
            )
        if model.id in log.moved:
            raise IllegalAction("belfry_moved_between_sections", "001 §5", model=model.id)
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
            "belfry_level_full",
            "001 §5",
            level=level,
            belfry=tower,
            most=CAPACITY[level],
            held=held,
            more=len(movers),
        )


def bridge_problem(state: BattleState, origin: Place, destination: Place) -> IllegalAction | None:
    """Why there is no way between a belfry's level and the rampart now, ``None`` when there is one: only over its
    lowered drawbridge, from the drawbridge's level (001 §2, §8)."""
    inside, aboard = (destination, origin) if origin.zone is Zone.BELFRY else (origin, destination)
    tower, level = level_of(aboard)
    belfry = state.belfry(tower)
    if belfry.bridge is not Bridge.DOWN:
        return IllegalAction("belfry_bridge_not_down", "001 §8", belfry=tower)
    if inside.ref != belfry.section:
        return IllegalAction(
            "belfry_bridge_elsewhere", "001 §8", belfry=tower, section=belfry.section, to_section=inside.ref
        )
    if level != 2:
        return IllegalAction("belfry_bridge_level", "001 §8", belfry=tower, level=level)
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
                "belfry_bridge_points", "001 §8", model=model.id, left=model.profile.m - spent, cost=BRIDGE_TO_RAMPART
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
        raise IllegalAction("belfry_level_unused", "001 §2", level=level, belfry=tower)
    for model_id in dict.fromkeys(x for pair in pairs for x in pair):
        model = state.by_id.get(model_id)
        if model is not None and model.place != place:
            raise IllegalAction(
                "belfry_fight_two_levels", "001 §8", model=model_id, place=str(model.place), fight_place=section
            )
    return FIGHT_KIND
