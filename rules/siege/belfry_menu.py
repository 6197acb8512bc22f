"""The belfry's entries in the menu of what may be played now (001): pushing it, climbing in it, setting up its
removable ladder, lowering its drawbridge, crossing it, the fights on its levels. Flaming hits on it are shots at
the engine (:func:`rules.siege.shooting.shoot_engine`), which roll its fire as they land (001 §9).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.siege.belfry import CAPACITY, REACH, count_aboard, level_place, levels_in_use, pushers, speed
from rules.siege.drawbridge import WINCHERS
from rules.siege.engines import Belfry, Bridge
from rules.siege.menu_combat import fight_option
from rules.siege.options import Option
from rules.siege.state import BattleState, Phase, Place, Side, Zone

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
    """Over a lowered drawbridge: from level 2 onto the rampart, and, for the besieged, onto level 2, charging the
    besiegers on it if any (001 §8).
    """
    found: list[str] = []
    for belfry in state.belfries:
        if belfry.bridge is not Bridge.DOWN:
            continue
        bridge = level_place(belfry.id, 2)
        if place == bridge:
            found.append(belfry.section)
        elif place == Place(Zone.SECTION, belfry.section) and side is Side.BESIEGED:
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
        outside = tuple(
            m for p in {m.place for m in state.models if m.place.zone is Zone.FIELD} for m in ready(p, Side.BESIEGER)
        )
        if not belfry.fixed_ladders and not belfry.ground_ladder and outside:
            found.append(Option("raise_belfry_ladder", Side.BESIEGER, where, outside))
        if outside and len(state.at(level_place(belfry.id, 0))) < CAPACITY[0]:
            found.append(Option("climb_belfry", Side.BESIEGER, "field", outside, (str(level_place(belfry.id, 0)),)))
    if state.active is Side.BESIEGED:
        rear = tuple(
            m for p in {m.place for m in state.models if m.place.zone is Zone.FIELD} for m in ready(p, Side.BESIEGED)
        )
        if rear:  # 001 §3, §8: the ground level is open at the rear
            found.append(Option("climb_belfry", Side.BESIEGED, "field", rear, (str(level_place(belfry.id, 0)),)))
    used = levels_in_use(belfry.wall_level)
    for index, level in enumerate(used):
        here = level_place(belfry.id, level)
        climbers = ready(here, state.active)
        if not climbers or (state.active is Side.BESIEGED and not belfry.fixed_ladders):
            continue
        near = [used[i] for i in (index - 1, index + 1) if 0 <= i < len(used)]
        targets = [
            str(level_place(belfry.id, n))
            for n in near
            if len(state.at(level_place(belfry.id, n), state.active)) < CAPACITY[n]
        ]
        if level == 0 and state.active is Side.BESIEGER:
            targets.append(f"field:{belfry.id}")
        if targets:
            found.append(Option("climb_belfry", state.active, str(here), climbers, tuple(targets)))
    return found


def _close_combat(state: BattleState) -> list[Option]:
    """The fights on the belfries' levels (001 §8), a second round too as on the fort's sections (§3.2.2). The
    losers of one hold and test (:func:`rules.siege.menu_combat.losers_reactions`): a level's only ways out are its
    ladders and its drawbridge, so its losers do not retreat (docs/rule-readings)."""
    side = state.active
    found = []
    for belfry in state.belfries:
        for level in levels_in_use(belfry.wall_level):
            place = level_place(belfry.id, level)
            option = fight_option(state, str(place), state.at(place, side), state.at(place, side.enemy))
            if option is not None:
                found.append(option)
    return found
