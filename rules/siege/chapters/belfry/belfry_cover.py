"""Shooting at and from the belfry (001 §3, §6, §7, §9, §10): the cover of each level by face, the levels that
shoot, the bonus of a belfry on the move, and the flaming hits that set a face alight.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType

from rules.dice import D10, Dice, reason
from rules.fast.members import BELFRY
from rules.siege.board.engines import Bridge, Fire
from rules.siege.board.state import BattleState, Event, IllegalAction, Model, Outcome, outcome
from rules.siege.chapters.belfry.belfry import level_of
from rules.validation import check_range

__all__ = [
    "IGNITES_ON",
    "MOVING_SHOOT_BONUS",
    "SHOOTING_LEVELS",
    "WFB_COVER",
    "Cover",
    "Face",
    "Spot",
    "check_may_shoot",
    "cover",
    "cover_modifier",
    "ignite",
    "shooting_bonus",
    "target_cover",
]


SHOOTING_LEVELS = (2, 3)  # 001 §1.1, §7
MOVING_SHOOT_BONUS = 1  # 001 §6
IGNITES_ON: Mapping[str, int] = MappingProxyType({"front": 1, "side": 3, "rear": 3})
"""A flaming hit sets the belfry alight on a D10 of this or less: the front's fresh hides 1 in 10, the sides and
rear 3 in 10 (001 §9, R19)."""


class Face(StrEnum):
    FRONT = "front"
    SIDE = "side"
    REAR = "rear"


class Cover(StrEnum):
    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    INFINITE = "infinite"


class Spot(StrEnum):
    """Where in the belfry a model is shot at: a level, an arrow slit, a ladder or a winch (001 §10)."""

    GROUND = "ground"
    LEVEL_1 = "level_1"
    LEVEL_2 = "level_2"
    LEVEL_3 = "level_3"
    ARROW_SLIT = "arrow_slit"
    LADDER = "ladder"
    WINCH = "winch"


def ignite(state: BattleState, belfry_id: str, face: str, hits: int, dice: Dice) -> Outcome:
    """The flaming hits a volley lands on one face of the belfry: each rolls a D10 as it lands and sets the belfry
    alight on 1 at the front, 1–3 on a side or the rear (001 §9, R19); it then burns as any siege tower (§9.3).
    Every hit rolls its own D10, so a later volley's hits roll theirs.
    """
    mark = dice.mark()
    belfry = state.belfry(belfry_id)
    if face not in IGNITES_ON:
        raise IllegalAction("not_a_belfry_face", "001 §9", face=str(face))
    check_range("hits", hits, 1)
    target = f"siege_tower:{belfry.id}"
    why = reason("belfry_flaming_hit", "001 §9", belfry=belfry_id, face=face)
    rolls = tuple(dice.roll(D10, why) for _ in range(hits))
    if not any(r <= IGNITES_ON[face] for r in rolls):
        spared = Event("belfry_no_fire", "001 §9", {"belfry": belfry_id, "face": str(face), "dice": rolls})
        return outcome(state, [spared], dice, mark)
    fire = next((f for f in state.fires if f.target == target), None)
    others = tuple(f for f in state.fires if f.target != target)
    lit = Fire(target) if fire is None else replace(fire, fires=fire.fires + 1)
    caught = Event("belfry_fire", "001 §9", {"belfry": belfry_id, "face": str(face), "dice": rolls})
    return outcome(replace(state, fires=(*others, lit)), [caught], dice, mark)


def cover(
    spot: Spot, face: Face, *, bridge_down: bool = False, rear_rank: bool = False, through_slit: bool = False
) -> Cover:
    """The cover of a model in the belfry against a shot coming through ``face`` (001 §3, §10): ``rear_rank`` for
    a model on the open back's last rank, ``through_slit`` for a shot through an arrow slit (*meurtrière*).
    """
    if face is Face.SIDE:
        return Cover.INFINITE
    if face is Face.REAR:
        if spot in (Spot.GROUND, Spot.LADDER):
            return Cover.NONE
        if spot in (Spot.ARROW_SLIT, Spot.WINCH):
            return Cover.LIGHT
        return Cover.LIGHT if rear_rank else Cover.INFINITE
    if spot is Spot.WINCH:
        return Cover.LIGHT if bridge_down else Cover.INFINITE
    if spot is Spot.LEVEL_2 and bridge_down:
        return Cover.NONE
    if spot in (Spot.ARROW_SLIT, Spot.LEVEL_3) and through_slit:
        return Cover.MEDIUM
    return Cover.INFINITE


def shooting_bonus(state: BattleState, shooter: Model) -> int:
    """+1 on the shooting table's die for a model shooting from a belfry that has moved this turn (001 §6)."""
    if shooter.place.zone is not BELFRY:
        return 0
    belfry = state.belfry(level_of(shooter.place)[0])
    return MOVING_SHOOT_BONUS if belfry.moved_turn == state.turn and belfry.moved else 0


def check_may_shoot(state: BattleState, shooter: Model) -> None:
    """Models shoot from the belfry's levels 2 and 3 only (001 §1.1, §7)."""
    if shooter.place.zone is BELFRY and level_of(shooter.place)[1] not in SHOOTING_LEVELS:
        raise IllegalAction("belfry_shoots_from_levels", "001 §7", model=shooter.id, place=str(shooter.place))


_LEVEL_SPOTS = (Spot.GROUND, Spot.LEVEL_1, Spot.LEVEL_2, Spot.LEVEL_3)
WFB_COVER: Mapping[Cover, str | None] = MappingProxyType(
    {Cover.NONE: None, Cover.LIGHT: "light_cover", Cover.MEDIUM: "heavy_cover", Cover.HEAVY: "heavy_cover"}
)
"""001's cover read on the WFB shooting table (R6): light is light cover, medium and heavy are heavy cover; infinite
cover cannot be shot through (001 §3, §10)."""


def target_cover(state: BattleState, target: Model) -> Cover | None:
    """The cover of a model in a belfry against a shot from the fort, which strikes its front: level 3 behind its
    arrow slits, level 2 open once the drawbridge is down, the rest closed (001 §3, §10). ``None`` outside a belfry.
    """
    if target.place.zone is not BELFRY:
        return None
    tower, level = level_of(target.place)
    bridge_down = state.belfry(tower).bridge is Bridge.DOWN
    return cover(_LEVEL_SPOTS[level], Face.FRONT, bridge_down=bridge_down, through_slit=level == 3)


def cover_modifier(state: BattleState, target: Model) -> str | None:
    """The WFB cover modifier of a shot from the fort at ``target`` in a belfry; a closed level cannot be shot at."""
    found = target_cover(state, target)
    if found is None:
        return None
    if found is Cover.INFINITE:
        raise IllegalAction("out_of_sight_in_belfry", "001 §3", model=target.id, place=str(target.place))
    return WFB_COVER[found]
