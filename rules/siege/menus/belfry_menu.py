"""The belfry's entries in the menu of what may be played now (001): pushing it, climbing in it, setting up its
removable ladder, lowering its drawbridge, crossing it, the fights on its levels. Flaming hits on it are shots at
the engine (:func:`rules.siege.chapters.shooting.shoot_engine`), which roll its fire as they land (001 §9).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.siege.board.checks import bound
from rules.siege.board.engines import Belfry, Bridge
from rules.siege.board.options import Option
from rules.siege.board.state import BattleState, Phase, Place, Side, Zone
from rules.siege.chapters.belfry.belfry import (
    CAPACITY,
    REACH,
    count_aboard,
    level_place,
    levels_in_use,
    pushers,
    speed,
    step_cost,
)
from rules.siege.chapters.belfry.drawbridge import WINCHERS
from rules.siege.chapters.ladders import carrying
from rules.siege.menus.menu_combat import fight_option

__all__ = ["belfry_options", "bridge_steps"]

Ready = Callable[[Place, Side], tuple[str, ...]]
"""The models of a side at a place free to act this turn."""


def belfry_options(state: BattleState, ready: Ready) -> list[Option]:
    """What the side to play may do with the belfries in this step of its turn (001 §1.2, §4, §5, §8)."""
    if state.phase is Phase.MOVEMENT:
        found: list[Option] = []
        for belfry in state.belfries:
            found.extend(_movement(state, belfry, ready))
        return found
    if state.phase is Phase.CLOSE_COMBAT:
        return _close_combat(state)
    return []


def bridge_steps(state: BattleState, place: Place, side: Side) -> tuple[str, ...]:
    """Over a lowered drawbridge, for either side: from level 2 onto the rampart and from the rampart onto level 2,
    charging the enemy there if any (001 §8 « Passer d'un pont-levis à un rempart (ou vice versa) coûte 2 PM »).
    """
    found: list[str] = []
    for belfry in state.belfries:
        if belfry.bridge is not Bridge.DOWN:
            continue
        bridge = level_place(belfry.id, 2)
        if place == bridge:
            found.append(belfry.section)
        elif place == Place(Zone.SECTION, belfry.section):
            found.append(str(bridge))
    return tuple(found)


def _movement(state: BattleState, belfry: Belfry, ready: Ready) -> list[Option]:
    where = f"belfry:{belfry.id}"
    found: list[Option] = []
    if state.active is Side.BESIEGER:
        crew = pushers(state, belfry)
        aboard = count_aboard(state, belfry)
        done = belfry.moved if belfry.moved_turn == state.turn else 0
        if belfry.bridge is Bridge.UP and speed(crew, aboard, overload=state.belfry_overload) > done:
            ground = tuple(m.id for m in state.at(level_place(belfry.id, 0), Side.BESIEGER))
            ways = ("forward", "back") if belfry.distance > REACH else ("back",)  # 001 §8: no closer than reach
            found.append(Option("push_belfry", Side.BESIEGER, where, ground, ways))
        on_bridge_level = ready(level_place(belfry.id, 2), Side.BESIEGER)
        if belfry.bridge is Bridge.UP and belfry.distance <= REACH and len(on_bridge_level) >= WINCHERS:
            found.append(Option("lower_drawbridge", Side.BESIEGER, where, on_bridge_level))
    outside = _outside(state, ready, state.active)
    if state.active is Side.BESIEGER and not belfry.fixed_ladders and not belfry.ground_ladder and outside:
        found.append(Option("raise_belfry_ladder", Side.BESIEGER, where, tuple(m for g in outside for m in g)))
    # 001 §3, §8: the ground level is open at the rear, to the besieged too
    entry = str(level_place(belfry.id, 0))
    for group in outside:
        found.extend(_climbs(state, belfry, "field", None, group, [(entry, 0)]))
    used = levels_in_use(belfry.wall_level)
    for index, level in enumerate(used):
        here = level_place(belfry.id, level)
        climbers = ready(here, state.active)
        if not climbers:
            continue
        near: list[tuple[str, int | None]] = [
            (str(level_place(belfry.id, used[i])), used[i]) for i in (index - 1, index + 1) if 0 <= i < len(used)
        ]
        steps: list[tuple[str, int | None]] = [*near]
        if level == 0:  # 001 §5: out onto the ground it stands on, or back to the side's models on the field
            fields = dict.fromkeys([f"field:{belfry.id}", *(str(p) for p in _fields(state, state.active))])
            steps += [(f, None) for f in fields]
        found.extend(_climbs(state, belfry, str(here), level, climbers, steps))
    return found


def _outside(state: BattleState, ready: Ready, side: Side) -> list[tuple[str, ...]]:
    """``side``'s models free to act on the field, a group for each place there (a group climbs from one place,
    001 §5)."""
    return [group for group in (ready(p, side) for p in _fields(state, side)) if group]


def _fields(state: BattleState, side: Side) -> list[Place]:
    """The places on the field where ``side`` has models, in order."""
    return sorted(p for p in state.by_side_and_place[side] if p.zone is Zone.FIELD)


def _climbs(
    state: BattleState,
    belfry: Belfry,
    where: str,
    level: int | None,
    ready: tuple[str, ...],
    steps: list[tuple[str, int | None]],
) -> list[Option]:
    """The climbs of ``ready`` models from ``level`` (``None``: the ground outside) to each of ``steps``, an entry
    for the steps the same models take in the same numbers: those with the movement points left for it (001 §5), not
    mounted (001 §10) nor bound this turn (§6.4, 001 §8), as many as the level takes (001 §5, R16)."""
    side = state.active
    busy = bound(state) | carrying(state)  # §7.1.1, §7.2.1: a load's carriers go with their load, not up a belfry
    by_id = state.by_id
    movers = [by_id[m] for m in ready if m not in busy and not by_id[m].profile.is_cavalry]
    log = state.turn_log
    groups: dict[tuple[tuple[str, ...], int], list[str]] = {}
    for target, to in steps:
        if side is Side.BESIEGED and not belfry.fixed_ladders and {level, to} != {None, 0}:
            continue  # 001 §1.2: the besieged climb only by fixed ladders
        off_the_ground = level is not None and to is not None and 0 in (level, to)
        if off_the_ground and (_has_moved(state, belfry) or not (belfry.fixed_ladders or belfry.ground_ladder)):
            continue  # 001 §1.2: between the ground and the level above, standing still, by a ladder set up
        cost = step_cost(level, to, belfry.wall_level)
        actors = tuple(m.id for m in movers if not (spent := log.spent(m.id)) or spent + cost <= m.profile.m)
        room = len(actors) if to is None else CAPACITY[to] - len(state.at(level_place(belfry.id, to), side))
        if actors and room > 0:
            groups.setdefault((actors, min(room, len(actors))), []).append(target)
    return [
        Option("climb_belfry", side, where, actors, tuple(targets), most=most)
        for (actors, most), targets in groups.items()
    ]


def _has_moved(state: BattleState, belfry: Belfry) -> bool:
    """Whether the belfry rolled in this besieger turn: nobody climbs between the ground and the level above (001
    §1.2)."""
    return belfry.moved_turn == state.turn and bool(belfry.moved) and state.active is Side.BESIEGER


def _close_combat(state: BattleState) -> list[Option]:
    """The fights on the belfries' levels (001 §8), a second round too as on the fort's sections (§3.2.2). The
    losers of one hold and test (:func:`rules.siege.menus.menu_combat.losers_reactions`): a level's only ways out are
    its ladders and its drawbridge, so its losers do not retreat (docs/rule-readings)."""
    side = state.active
    found = []
    for belfry in state.belfries:
        for level in levels_in_use(belfry.wall_level):
            place = level_place(belfry.id, level)
            option = fight_option(state, str(place), state.at(place, side), state.at(place, side.enemy))
            if option is not None:
                found.append(option)
    return found
