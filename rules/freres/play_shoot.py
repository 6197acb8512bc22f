"""Shooting (II §5): the shot and its restrictions, the reaction shot, reloading and unjamming."""

from __future__ import annotations

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import arms, shooting
from rules.freres.checks import CRITICAL, citing
from rules.freres.harm import wound
from rules.freres.movement import check_distance
from rules.freres.play import Handler, Play, enemy_of, fixed, spot
from rules.freres.play_arms import drop_missiles, require_missiles, spend_missile
from rules.freres.shooting import ShotCritical
from rules.freres.state import Coin, Model
from rules.validation import BadValue, check_range


def ready_to_shoot(model: Model) -> None:
    if model.profile.missile is None:
        raise IllegalAction("no_missile_weapon", "§5.1.2", model=model.id)
    if model.missile_useless:
        raise IllegalAction("missile_useless", "§5.1.2", model=model.id)
    if model.jammed:
        raise IllegalAction("weapon_jammed", "§5.2", model=model.id)
    require_missiles(model)
    if not model.loaded:
        raise IllegalAction("weapon_not_loaded", "§5.2", model=model.id)
    if model.on_ground:
        raise IllegalAction("shoots_standing", "§5.1.1", model=model.id)


def _may_shoot_at(play: Play, shooter: Model, target: Model, in_front: bool) -> None:
    # §5.1.1 Les restrictions, Angle de tir
    if target.hidden:
        raise IllegalAction("target_hidden", "§5.1.1", target_model=target.id)
    if play.state.enemies_in_contact(shooter.id):
        raise IllegalAction("engaged_may_not", "§5.1.1", model=shooter.id, deed="shoot")
    engaged = [play.model(m) for m in play.state.enemies_in_contact(target.id)]
    if engaged and (target.on_ground or any(not m.on_ground for m in engaged)):
        raise IllegalAction("target_in_melee", "§5.2", target_model=target.id)
    if not in_front and not shooter.mounted:
        raise IllegalAction("shoots_ahead", "§5.1.1")
    if shooter.rallied or shooter.fled:
        raise IllegalAction("may_not_shoot", "§8.2", model=shooter.id)


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
    off_hand: bool = False,
) -> None:
    missile = shooter.profile.missile
    assert missile is not None
    # §4.5, optional rule ambidextre: its less agile hand, -1 to its T, which the damage keeps (R24)
    weak = arms.off_hand_malus(shooter.profile.hands, shooter.profile.ambidextrous, off_hand)
    close = distance < shooting.POINT_BLANK_CM if point_blank is None else point_blank
    modifier = aim // shooting.AIM_STEP + missile.hit_bonus - shooter.missile_malus - weak
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
        modifier -= target.shield
    shooter = play.put(shooter, hidden=False, in_cover=False, **spend_missile(shooter))  # §5.1.3: the missile is lost
    check = play.check(shooter, shooter.profile.T, modifier, reason("jt", "§5.1.2", model=shooter.id))
    if check.face == CRITICAL:
        row = shooting.critical_row(play.d10(reason("shot_critical_table", "§5.1.3", model=shooter.id)))
        play.event("shot_critical", "§5.1.3", {"model": shooter.id, "row": row.value}, shooter.id)
        if row is ShotCritical.DEFECTIVE:
            play.put(shooter, missile_useless=True)
        elif row is ShotCritical.WORN:
            play.put(shooter, missile_malus=shooter.missile_malus + 1)
        elif row in (ShotCritical.JAMMED, ShotCritical.STRING):
            play.put(shooter, jammed=True)
        elif row is ShotCritical.AMMUNITION:
            dropped = play.d10(reason("ammunition_dropped", "§5.1.3", model=shooter.id))
            play.event("ammunition", "§5.1.3", {"model": shooter.id, "missiles": dropped}, shooter.id)
            drop_missiles(play, play.model(shooter.id), dropped)
        return
    if not check.succeeded:
        play.event(
            "miss",
            "§5.1.3",
            {"model": shooter.id, "target_model": target.id, "score": check.total},
            shooter.id,
            target.id,
        )
        return
    play.event(
        "shot_hit",
        "§5.1.3",
        {"model": shooter.id, "target_model": target.id, "score": check.total},
        shooter.id,
        target.id,
    )
    # §5.1.3: the JT less the bonuses that only served to hit, plus the projectile's damage
    damage = check.face - shooter.die_malus + shooter.profile.T - weak + missile.damage
    wound(play, play.model(target.id), damage, "§5.1.3", at_mount=at_mount)


def _aim(aim: int) -> int:
    with citing("003 II §5.2 Viser: PA by 2"):
        check_range("aim", aim, 0, 20)
    if aim % shooting.AIM_STEP:
        raise BadValue(
            f"aim is put in by {shooting.AIM_STEP} PA, got {aim} (003 II §5.2 Viser)",
            name="aim",
            value=aim,
            step=shooting.AIM_STEP,
        )
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
        raise IllegalAction("target_not_mounted", "§10.2.2", target_model=target.id)
    play.spend(model, fixed(shooting.BASIC_COSTS, "shoot") + aim, "shoot")
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
        off_hand=action.off_hand,
    )


def _reaction_shot(play: Play, action: a.ReactionShot) -> None:
    model = play.model(action.model)
    if play.state.active is None or play.model(play.state.active).side is model.side:
        raise IllegalAction("reaction_in_enemy_activation", "§5.2")
    if model.coin is Coin.TAKEN:
        raise IllegalAction("no_defensive_action_left", "§2.6.2", model=model.id)
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
        raise IllegalAction("nothing_to_reload", "§5.2", model=model.id)
    if model.loaded:
        raise IllegalAction("weapon_loaded", "§5.2", model=model.id)
    require_missiles(model)
    quick = fixed(shooting.ADVANCED_COSTS, "quick_reload") if action.quick else 0
    play.spend(model, max(0, missile.reload + quick), "reload")
    if action.quick:  # §5.2 Recharger rapidement: a JA; failed, the projectile falls
        check = play.check(model, model.agility, 0, reason("quick_reload_ja", "§5.2", model=model.id))
        if not check.succeeded:
            play.event("reload_failed", "§5.2", {"model": model.id}, model.id)
            if check.face == CRITICAL:
                play.lose_pa(model)
            return
    play.put(model, loaded=True, magazine_used=0)
    play.event("reload", "§5.2", {"model": model.id}, model.id)


def _unjam(play: Play, action: a.Unjam) -> None:
    model = play.active_model(action)
    if not model.jammed:
        raise IllegalAction("weapon_not_jammed", "§5.2", model=model.id)
    play.spend(model, fixed(shooting.ADVANCED_COSTS, "unjam"), "unjam")
    check = play.check(model, model.agility, 0, reason("unjam_ja", "§5.2", model=model.id))
    if check.succeeded:
        play.put(model, jammed=False)
    elif check.face == CRITICAL:
        play.lose_pa(model)
    play.event(
        "unjam", "§5.2", {"model": model.id, "outcome": "cleared" if check.succeeded else "still_jammed"}, model.id
    )


HANDLERS: dict[type[a.Action], Handler] = {
    a.Shoot: _shoot,
    a.ReactionShot: _reaction_shot,
    a.Reload: _reload,
    a.Unjam: _unjam,
}
