"""The weapons in hand (II §4.5), the band's standard (§8.1), the missiles carried (§3.2, §5.1.3, §5.2) and leaping
on or off a mount (§10.2.2), as they are played."""

from __future__ import annotations

from typing import Any

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import arms, morale, mounted, other, shooting, standard
from rules.freres.checks import CRITICAL
from rules.freres.movement import Kind, check_distance
from rules.freres.play import Handler, Play, fixed, require_standing
from rules.freres.state import Model, Posture


def two_blades_defence(model: Model) -> int:
    """What its two blades add to its D in close combat (§4.5 Exception), while it holds them."""
    return arms.melee_defence_bonus(model.profile.hands) if model.has_weapon else 0


def spend_missile(model: Model) -> dict[str, Any]:
    """What a shot changes on its shooter (§5.1.3 « Quel que soit le résultat d'un tir, la munition est perdue »):
    one missile out of its supply; a thrown one lies on the field (§5.2 Récupérer trait planté); a magazine
    (§5.2 Changer de chargeur) keeps the weapon loaded until its last shot."""
    missile = model.profile.missile
    assert missile is not None
    used = model.magazine_used + 1 if missile.magazine else 0
    return {
        "missiles_spent": model.missiles_spent + 1,
        "missiles_lying": model.missiles_lying + (1 if missile.thrown else 0),
        "magazine_used": used,
        "loaded": bool(missile.magazine) and used < missile.magazine,
    }


def require_missiles(model: Model) -> None:
    """Refuse a shot, a reload or a new magazine with no missile left in its supply (§3.2, §5.1.3)."""
    if model.missiles_left == 0:
        raise IllegalAction("no_missiles_left", "§5.1.3", model=model.id)


def drop_missiles(play: Play, shooter: Model, dropped: int) -> None:
    """§5.1.3 Table d'échec critique au tir, 6 *Sac à munitions se détache*: « 1 dé 10 munitions tombent au sol »,
    taken from its supply; with no supply counted the result is ignored (« le résultat s'applique seulement s'il est
    possible »)."""
    left = shooter.missiles_left
    if left is None:
        return
    lost = min(dropped, left)
    shooter = play.put(shooter, missiles_spent=shooter.missiles_spent + lost)
    play.event("missiles_left", "§5.1.3", {"model": shooter.id, "missiles": left - lost}, shooter.id)


def standard_bonus(play: Play, model: Model) -> int:
    """§8.1 Table de Moral: +1 when a friendly standard is within 30 cm: the model carries it, or it was declared
    within 30 cm of a bearer still in the battle."""
    bearers = [m for m in play.state.in_play(model.side) if m.bears_standard]
    if bearers and (model.bears_standard or model.near_standard):
        return morale.MORALE_MODIFIERS["friendly_standard"]
    return 0


def _standard_distance(play: Play, action: a.StandardDistance) -> None:
    if play.state.active != action.model:
        raise IllegalAction("not_activated", "§1.2", model=action.model)
    model = play.model(action.model)
    comrade = play.model(action.comrade)
    if comrade.side is not model.side or not comrade.in_play:
        raise IllegalAction("not_a_comrade", "§8.2", comrade_model=comrade.id, model=model.id)
    if not any(m.bears_standard for m in play.state.in_play(model.side)):
        raise IllegalAction("no_standard", "§8.1", model=model.id)
    if comrade.id != model.id and not model.bears_standard:
        raise IllegalAction("declares_own_distance", "§8.1", model=model.id, comrade_model=comrade.id)
    if comrade.bears_standard:
        raise IllegalAction("bears_the_standard", "§8.1", comrade_model=comrade.id)
    distance = check_distance("distance_cm", action.distance_cm)
    near = standard.within_reach(distance)
    play.put(comrade, near_standard=near)
    play.event(
        "standard_reach",
        "§8.1",
        {"comrade_model": comrade.id, "distance_cm": distance, "reach": "within" if near else "beyond"},
        comrade.id,
    )


def _change_magazine(play: Play, action: a.ChangeMagazine) -> None:
    model = play.active_model(action)
    missile = model.profile.missile
    if missile is None or not missile.magazine or model.missile_useless:
        raise IllegalAction("no_magazine", "§5.2", model=model.id)
    if model.magazine_used == 0:
        raise IllegalAction("magazine_full", "§5.2", model=model.id)
    require_missiles(model)
    play.spend(model, fixed(shooting.ADVANCED_COSTS, "change_magazine"), "change_magazine")
    play.put(model, magazine_used=0, loaded=True)
    play.event("change_magazine", "§5.2", {"model": model.id}, model.id)


def _recover_missile(play: Play, action: a.RecoverMissile) -> None:
    model = play.active_model(action)
    if model.missiles_lying == 0:
        raise IllegalAction("no_missile_lying", "§5.2", model=model.id)
    require_standing(model, "recover_missile", "§5.2")
    play.spend(model, fixed(shooting.ADVANCED_COSTS, "recover_missile"), "recover_missile")
    check = play.check(model, model.agility, 0, reason("recover_missile_ja", "§5.2", model=model.id))
    # §5.2 Récupérer trait planté: « Faire un JA. Echec : le trait est inutilisable. »
    back = 1 if check.succeeded else 0
    model = play.put(model, missiles_lying=model.missiles_lying - 1, missiles_spent=model.missiles_spent - back)
    play.event("missile_recovery", "§5.2", {"model": model.id, "outcome": "recovered" if back else "useless"}, model.id)
    if check.face == CRITICAL:  # §2.4: a critical JA loses every PA after it
        play.lose_pa(model)


def _leap_mount(play: Play, action: a.LeapMount) -> None:
    model = play.active_model(action)
    if model.profile.kind is not Kind.MOUNTED or not model.mount_usable:
        raise IllegalAction("no_usable_mount", "§10.2.1", model=model.id)
    require_standing(model, "leap_mount", "§10.2.2")
    play.spend(model, fixed(mounted.COSTS, "leap_mount"), "leap_mount")
    mounting = "dismounts" if model.mounted else "mounts"
    check = play.check(model, model.agility, 0, reason("leap_mount_ja", "§10.2.2", model=model.id, mounting=mounting))
    # §10.2.2 Sauter sur ou de sa monture: « JA Echec : tombe de l'autre côté ! Echec critique : idem échec sauf
    # qu'en plus la figurine est sonnée. »
    if check.succeeded:
        posture = Posture.STANDING
        model = play.put(model, mounted=not model.mounted, hidden=False, in_cover=False)
    else:
        posture = Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
        model = play.put(model, mounted=False, posture=posture, hidden=False, in_cover=False)
    play.event("mount_leap", "§10.2.2", {"model": model.id, "mounting": mounting, "posture": posture.value}, model.id)
    if check.face == CRITICAL:
        play.lose_pa(model)


def _take_standard(play: Play, action: a.TakeStandard) -> None:
    model = play.active_model(action)
    fallen = play.model(action.bearer)
    if fallen.side is not model.side or fallen.in_play or not fallen.bears_standard:
        raise IllegalAction("no_fallen_standard", "§9", fallen_model=fallen.id)
    require_standing(model, "take_standard", "§9")
    play.spend(model, other.COSTS["handle_object"], "take_standard")
    play.put(fallen, bears_standard=False)
    play.put(play.model(model.id), bears_standard=True, near_standard=False)
    play.event("standard_taken", "§9", {"model": model.id, "fallen_model": fallen.id}, model.id, fallen.id)


HANDLERS: dict[type[a.Action], Handler] = {
    a.StandardDistance: _standard_distance,
    a.ChangeMagazine: _change_magazine,
    a.RecoverMissile: _recover_missile,
    a.LeapMount: _leap_mount,
    a.TakeStandard: _take_standard,
}
