"""The movement actions (II §3) and getting on or off a mount (§10.2)."""

from __future__ import annotations

from typing import Any

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import mounted, movement
from rules.freres.checks import CRITICAL
from rules.freres.harm import jdeg
from rules.freres.movement import Kind, Terrain, check_distance
from rules.freres.play import (
    Handler,
    Play,
    after_move,
    enemy_of,
    enter_contact,
    fixed,
    require_not_engaged,
    require_standing,
    spot,
    terrain_limit,
)
from rules.freres.state import Posture
from rules.validation import check_range


def _turn(play: Play, action: a.Turn) -> None:
    model = play.active_model(action)
    narrow, wide = movement.ORIENTATION[model.kind]  # §3.1 Tableau d'orientation
    play.spend(model, wide if action.wide else narrow, "turn")
    after_move(play, model, 0)
    play.event("turn", "§3.1", {"model": model.id, "angle": "wide" if action.wide else "narrow"}, model.id)


def _move(play: Play, action: a.Move) -> None:
    model = play.active_model(action)
    require_standing(model, "move", "§3.4")
    require_not_engaged(play, model, "move")
    distance = check_distance("distance_cm", action.distance_cm)
    jumps = check_range("jumps", action.jumps, 0, 5)
    limit = terrain_limit(model, action.terrain)
    if distance > limit:
        raise IllegalAction("move_too_far", "§3.3", model=model.id, most=limit, distance_cm=distance)
    most = movement.turn_limit(model.kind)
    if model.moved_cm + distance > most:
        raise IllegalAction(
            "move_turn_limit", "§3.3", model=model.id, moved_cm=model.moved_cm, left=most - model.moved_cm
        )
    cost = fixed(movement.BASIC_COSTS, "move")
    if action.manner == "hidden":
        if not model.hidden or action.terrain == Terrain.CLEAR.value:
            raise IllegalAction("hidden_move_refused", "§3.4", model=model.id)
        cost = movement.ADVANCED_COSTS["move_hidden"]
    elif action.manner == "in_cover":
        if not model.in_cover:
            raise IllegalAction("not_in_cover", "§3.4", model=model.id)
        cost = movement.ADVANCED_COSTS["move_in_cover"]
    cost += jumps * movement.ADVANCED_COSTS["jump"]
    if action.trample is not None:
        if not model.mounted:
            raise IllegalAction("trample_unmounted", "§10.2.2")
        trampled = enemy_of(play, model, action.trample)
        if not trampled.on_ground:
            raise IllegalAction("trample_standing", "§10.2.2", target_model=trampled.id)
        cost += mounted.TRAMPLE_COST
    if action.contact is not None:  # R21: at the start, the enemy it goes into contact with stands that far ahead
        spot(play, model, enemy_of(play, model, action.contact), distance)
    play.spend(model, cost, "move")
    keep = {"hidden": action.manner == "hidden", "in_cover": action.manner == "in_cover"}
    model = after_move(play, model, distance, **keep)
    play.event("move", "§3.4", {"model": model.id, "distance_cm": distance}, model.id)
    for number in range(jumps):
        # §3.4 Sauter: a JA an obstacle; failure, falls beyond it; critical, stunned as well.
        check = play.check(model, model.agility, 0, reason("jump_ja", "§3.4", model=model.id, jump=number + 1))
        if not check.succeeded:
            fallen = Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
            play.put(model, posture=fallen, mounted=False)
            play.event("jump_failed", "§3.4", {"model": model.id}, model.id)
            if check.face == CRITICAL:
                play.lose_pa(model)
            return
    if action.trample is not None:
        jdeg(play, play.model(action.trample), "§10.2.2", "trampled", clumsy=False)
    if action.contact is not None:
        enter_contact(play, play.model(model.id), action.contact)


def _run(play: Play, action: a.Run) -> None:
    model = play.active_model(action)
    require_standing(model, "run", "§3.4")
    require_not_engaged(play, model, "run")
    distance = check_distance("distance_cm", action.distance_cm)
    kind = "sprint" if action.sprint else "run"
    cost = fixed(movement.BASIC_COSTS, kind)
    modifier = movement.FAST_MOVE_MODIFIERS[kind]
    most = movement.turn_limit(model.kind)
    if action.frenzied:
        if model.frenzied:
            raise IllegalAction("frenzied_once", "§3.4", model=model.id)
        cost += movement.ADVANCED_COSTS["frenzied_run"]
        modifier += movement.FAST_MOVE_MODIFIERS["frenzied"]
    elif model.moved_cm + distance > most:
        raise IllegalAction("run_turn_limit", "§3.4", model=model.id, moved_cm=model.moved_cm, most=most)
    limit = terrain_limit(model, action.terrain)
    if distance > limit:
        raise IllegalAction("run_too_far", "§3.4", model=model.id, most=limit, distance_cm=distance)
    if action.contact is not None:  # R21
        spot(play, model, enemy_of(play, model, action.contact), distance)
    play.spend(model, cost, "run")
    check = play.check(model, model.agility, modifier, reason("run_ja", "§3.4", model=model.id, pace=kind))
    row = movement.FastMoveRow.GO if check.succeeded else movement.fast_move_row(check.total)
    # §3.4 ** « Une figurine encombrée doit enlever 2 cm à son mouvement final »: the die's value less 2 cm; a
    # normal advance already keeps within the encumbered limit, and a fall (*) is at the die's value.
    hindered = max(0, check.face - (movement.ENCUMBRANCE_CM_MALUS if model.encumbered else 0))
    covered = {
        movement.FastMoveRow.GO: distance,
        movement.FastMoveRow.HINDERED: min(distance, hindered),
        movement.FastMoveRow.FALSE_START: 0,
        movement.FastMoveRow.FALL: min(distance, check.face),
        movement.FastMoveRow.BIG_FALL: min(distance, check.face),
    }[row]
    changes: dict[str, Any] = {"frenzied": model.frenzied or action.frenzied, "hidden": False, "in_cover": False}
    if row in (movement.FastMoveRow.FALL, movement.FastMoveRow.BIG_FALL):
        # §3.4: it falls on its back at the die's distance; a rider falls, not its mount.
        changes.update(posture=Posture.DOWN, mounted=False)
        if row is movement.FastMoveRow.BIG_FALL:
            changes["weapon_dropped"] = True
    model = after_move(play, model, covered, **changes)
    play.event("run", "§3.4", {"model": model.id, "row": row.value, "distance_cm": covered}, model.id)
    if action.contact is not None and row is not movement.FastMoveRow.GO:  # R21: what it has covered of the way
        spot(play, model, play.model(action.contact), distance - covered)
    if check.face == CRITICAL:  # §2.4: a critical JA loses every PA after it
        play.lose_pa(model)
    elif row is movement.FastMoveRow.GO and action.contact is not None:
        enter_contact(play, model, action.contact)


def _stand_up(play: Play, action: a.StandUp) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.DOWN:
        if model.posture is Posture.STUNNED:
            raise IllegalAction("stunned_recovers", "§3.4", model=model.id)
        raise IllegalAction("already_standing", "§3.4", model=model.id)
    play.spend(model, fixed(movement.BASIC_COSTS, "stand_up"), "stand_up")
    play.put(model, posture=Posture.STANDING)
    play.event("stand_up", "§3.4", {"model": model.id}, model.id)


def _lie_down(play: Play, action: a.LieDown) -> None:
    model = play.active_model(action)
    require_standing(model, "lie_down", "§3.4")
    play.spend(model, movement.ADVANCED_COSTS["lie_down"], "lie_down")
    play.put(model, posture=Posture.DOWN, mounted=False)
    play.event("lie_down", "§3.4", {"model": model.id}, model.id)


def _crawl(play: Play, action: a.Crawl) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.DOWN:
        raise IllegalAction("crawl_on_ground_only", "§3.4", model=model.id)
    require_not_engaged(play, model, "crawl")
    play.spend(model, movement.ADVANCED_COSTS["crawl"], "crawl")
    after_move(play, model, movement.CRAWL_CM)
    play.event("crawl", "§3.4", {"model": model.id, "distance_cm": movement.CRAWL_CM}, model.id)


def _hide(play: Play, action: a.Hide) -> None:
    model = play.active_model(action)
    if model.mounted:
        raise IllegalAction("mounted_no_hide", "§10.2.1")
    if action.terrain == Terrain.CLEAR.value:
        raise IllegalAction("clear_no_hide", "§3.4")
    if action.enemy_distance_cm <= movement.HIDE_MIN_ENEMY_CM:
        raise IllegalAction(
            "hide_too_close", "§3.4", least=movement.HIDE_MIN_ENEMY_CM, distance_cm=action.enemy_distance_cm
        )
    require_not_engaged(play, model, "hide")
    play.spend(model, movement.ADVANCED_COSTS["hide"], "hide")
    play.put(model, hidden=True)
    play.event("hide", "§3.4", {"model": model.id}, model.id)


def _take_cover(play: Play, action: a.TakeCover) -> None:
    model = play.active_model(action)
    if model.mounted:
        raise IllegalAction("mounted_no_cover", "§10.2.1")
    require_not_engaged(play, model, "take_cover")
    play.spend(model, movement.ADVANCED_COSTS["take_cover"], "take_cover")
    play.put(model, in_cover=True)
    play.event("take_cover", "§3.4", {"model": model.id}, model.id)


def _climb(play: Play, action: a.Climb) -> None:
    model = play.active_model(action)
    require_standing(model, "climb", "§3.4")
    require_not_engaged(play, model, "climb")
    play.spend(model, movement.ADVANCED_COSTS["climb"], "climb")
    check = play.check(model, model.agility, 0, reason("climb_ja", "§3.4", model=model.id))
    if check.succeeded:
        height = play.d10(reason("climb_height", "§3.4", model=model.id))
        play.event("climb", "§3.4", {"model": model.id, "height_cm": height}, model.id)
        return
    play.event("climb_failed", "§3.4", {"model": model.id}, model.id)
    if check.face == CRITICAL:  # §3.4 Escalader: a critical failure is a JDeg, its own clumsiness (§7)
        play.lose_pa(model)
        jdeg(play, model, "§3.4", "climb", clumsy=True)


def _mount(play: Play, action: a.Mount) -> None:
    model = play.active_model(action)
    if model.profile.kind is not Kind.MOUNTED or not model.mount_usable:
        raise IllegalAction("no_usable_mount", "§10.2.1", model=model.id)
    require_not_engaged(play, model, "mount")
    require_standing(model, "mount", "§10.2.2")
    play.spend(model, fixed(mounted.COSTS, "mount"), "mount")
    play.put(model, mounted=not model.mounted, hidden=False, in_cover=False)
    play.event(
        "mount", "§10.2.2", {"model": model.id, "mounting": "dismounts" if model.mounted else "mounts"}, model.id
    )


HANDLERS: dict[type[a.Action], Handler] = {
    a.Turn: _turn,
    a.Move: _move,
    a.Run: _run,
    a.StandUp: _stand_up,
    a.LieDown: _lie_down,
    a.Crawl: _crawl,
    a.Hide: _hide,
    a.TakeCover: _take_cover,
    a.Climb: _climb,
    a.Mount: _mount,
}
