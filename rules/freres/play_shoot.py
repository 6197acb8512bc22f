"""Shooting (II §5): the shot and its restrictions, the reaction shot, reloading and unjamming."""

from __future__ import annotations

from rules.freres import actions as a
from rules.freres import shooting
from rules.freres.checks import CRITICAL, citing
from rules.freres.harm import wound
from rules.freres.movement import check_distance
from rules.freres.play import Handler, Play, enemy_of, fixed, spot
from rules.freres.shooting import ShotCritical
from rules.freres.state import Coin, IllegalAction, Model
from rules.validation import check_range


def ready_to_shoot(model: Model) -> None:
    if model.profile.missile is None:
        raise IllegalAction(f"{model.id} has no missile weapon", "§5.1.2")
    if model.missile_useless:
        raise IllegalAction(f"{model.id}'s missile weapon is useless for the battle", "§5.1.2")
    if model.jammed:
        raise IllegalAction(f"{model.id}'s weapon must be unjammed or restrung first", "§5.2")
    if not model.loaded:
        raise IllegalAction(f"{model.id}'s weapon is not loaded", "§5.2")
    if model.on_ground:
        raise IllegalAction(f"{model.id} is on the ground: a model shoots standing", "§5.1.1")


def _may_shoot_at(play: Play, shooter: Model, target: Model, in_front: bool) -> None:
    # §5.1.1 Les restrictions, Angle de tir
    if target.hidden:
        raise IllegalAction(f"{target.id} is hidden: find it before shooting at it", "§5.1.1")
    if play.state.enemies_in_contact(shooter.id):
        raise IllegalAction(f"{shooter.id} is in contact with the enemy: it may not shoot", "§5.1.1")
    engaged = [play.model(m) for m in play.state.enemies_in_contact(target.id)]
    if engaged and (target.on_ground or any(not m.on_ground for m in engaged)):
        raise IllegalAction(f"{target.id} is in a melee: shooting into it is forbidden", "§5.2")
    if not in_front and not shooter.mounted:
        raise IllegalAction("on foot, a model shoots straight ahead of its base", "§5.1.1")
    if shooter.rallied or shooter.fled:
        raise IllegalAction(f"{shooter.id} may not shoot this turn", "§8.2")


def shot(
    play: Play,
    shooter: Model,
    target: Model,
    distance: int,
    aim: int,
    *,
    point_blank: bool | None = None,
    cover: bool = False,
    masked: bool = False,
    from_behind: bool = False,
    reaction: bool = False,
    at_mount: bool = False,
) -> None:
    missile = shooter.profile.missile
    assert missile is not None
    close = distance < shooting.POINT_BLANK_CM if point_blank is None else point_blank
    modifier = aim // shooting.AIM_STEP + missile.hit_bonus - shooter.missile_malus
    modifier += fixed(shooting.SHOT_MODIFIERS, "point_blank") if close else 0
    if shooter.mounted:
        modifier += fixed(shooting.SHOT_MODIFIERS, "mounted_shooter")
    if shooter.moved:
        modifier += fixed(shooting.SHOT_MODIFIERS, "moved")
    if (cover or target.in_cover or target.on_ground) and distance > shooting.POINT_BLANK_CM and not from_behind:
        modifier += fixed(shooting.SHOT_MODIFIERS, "cover_or_ground")
    if masked:
        modifier += fixed(shooting.SHOT_MODIFIERS, "masked")
    if reaction:
        modifier += fixed(shooting.SHOT_MODIFIERS, "reaction_shot")
    if not from_behind:  # §5.1.2: a shot in the back ignores the shield and the cover
        modifier -= target.profile.shield
    shooter = play.put(shooter, loaded=False, hidden=False, in_cover=False)  # §5.1.3: the missile is lost
    check = play.check(shooter, shooter.profile.T, modifier, f"§5.1.2 JT of {shooter.id}")
    if check.face == CRITICAL:
        row = shooting.critical_row(play.d10("§5.1.3 critical failure table of the shot"))
        play.event("shot_critical", "§5.1.3", f"{shooter.id}: {row.value}", shooter.id)
        if row is ShotCritical.DEFECTIVE:
            play.put(shooter, missile_useless=True)
        elif row is ShotCritical.WORN:
            play.put(shooter, missile_malus=shooter.missile_malus + 1)
        elif row in (ShotCritical.JAMMED, ShotCritical.STRING):
            play.put(shooter, jammed=True)
        elif row is ShotCritical.AMMUNITION:
            dropped = play.d10("§5.1.3 ammunition dropped")
            play.event("ammunition", "§5.1.3", f"{dropped} missiles fall to the ground", shooter.id)
        return
    if not check.succeeded:
        play.event("miss", "§5.1.3", f"{shooter.id} misses {target.id} ({check.total})", shooter.id, target.id)
        return
    play.event("shot_hit", "§5.1.3", f"{shooter.id} hits {target.id} ({check.total})", shooter.id, target.id)
    # §5.1.3: the JT less the bonuses that only served to hit, plus the projectile's damage
    damage = check.face - shooter.die_malus + shooter.profile.T + missile.damage
    wound(play, play.model(target.id), damage, "§5.1.3", at_mount=at_mount)


def _aim(aim: int) -> int:
    with citing("003 II §5.2 Viser: PA by 2"):
        check_range("aim", aim, 0, 20)
    if aim % shooting.AIM_STEP:
        raise ValueError(f"aim is put in by {shooting.AIM_STEP} PA, got {aim} (003 II §5.2 Viser)")
    return aim


def _shoot(play: Play, action: a.Shoot) -> None:
    model = play.active_model(action)
    target = enemy_of(play, model, action.target)
    aim = _aim(action.aim)
    distance = check_distance("distance_cm", action.distance_cm)
    ready_to_shoot(model)
    if action.in_front:  # R21: a hidden target under 20 cm straight ahead is found at the start of the shot
        target = spot(play, model, target, distance)
    _may_shoot_at(play, model, target, action.in_front)
    if action.at_mount and not target.mounted:
        raise IllegalAction(f"{target.id} is not mounted", "§10.2.2")
    play.spend(model, fixed(shooting.BASIC_COSTS, "shoot") + aim, "shooting")
    shot(
        play,
        model,
        target,
        distance,
        aim,
        cover=action.cover,
        masked=action.masked,
        from_behind=action.from_behind,
        at_mount=action.at_mount,
    )


def _reaction_shot(play: Play, action: a.ReactionShot) -> None:
    model = play.model(action.model)
    if play.state.active is None or play.model(play.state.active).side is model.side:
        raise IllegalAction("a reaction shot is made in the enemy's activation", "§5.2")
    if model.coin is Coin.TAKEN:
        raise IllegalAction(f"{model.id} has played this turn: no defensive action is left to it", "§2.6.2")
    target = enemy_of(play, model, action.target)
    ready_to_shoot(model)
    if not model.mounted:  # R21: on foot, its field of fire is straight ahead (§5.1.1)
        target = spot(play, model, target, check_distance("distance_cm", action.distance_cm))
    _may_shoot_at(play, model, target, True)
    play.put(model, coin=Coin.TAKEN)
    shot(
        play,
        play.model(model.id),
        target,
        check_distance("distance_cm", action.distance_cm),
        0,
        cover=action.cover,
        masked=action.masked,
        from_behind=action.from_behind,
        reaction=True,
    )


def _reload(play: Play, action: a.Reload) -> None:
    model = play.active_model(action)
    missile = model.profile.missile
    if missile is None or model.missile_useless:
        raise IllegalAction(f"{model.id} has no missile weapon to reload", "§5.2")
    if model.loaded:
        raise IllegalAction(f"{model.id}'s weapon is loaded", "§5.2")
    quick = fixed(shooting.ADVANCED_COSTS, "quick_reload") if action.quick else 0
    play.spend(model, max(0, missile.reload + quick), "reloading")
    if action.quick:  # §5.2 Recharger rapidement: a JA; failed, the projectile falls
        check = play.check(model, model.agility, 0, "§5.2 JA quick reload")
        if not check.succeeded:
            play.event("reload_failed", "§5.2", f"{model.id} drops the projectile", model.id)
            if check.face == CRITICAL:
                play.lose_pa(model)
            return
    play.put(model, loaded=True)
    play.event("reload", "§5.2", f"{model.id} reloads", model.id)


def _unjam(play: Play, action: a.Unjam) -> None:
    model = play.active_model(action)
    if not model.jammed:
        raise IllegalAction(f"{model.id}'s weapon is not jammed", "§5.2")
    play.spend(model, fixed(shooting.ADVANCED_COSTS, "unjam"), "unjamming")
    check = play.check(model, model.agility, 0, "§5.2 JA unjam")
    if check.succeeded:
        play.put(model, jammed=False)
    elif check.face == CRITICAL:
        play.lose_pa(model)
    play.event("unjam", "§5.2", f"{model.id} {'clears' if check.succeeded else 'fails to clear'} it", model.id)


HANDLERS: dict[type[a.Action], Handler] = {
    a.Shoot: _shoot,
    a.ReactionShot: _reaction_shot,
    a.Reload: _reload,
    a.Unjam: _unjam,
}
