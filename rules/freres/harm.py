"""What a hit, a fall or a failed nerve does to a model: the damage table (II §7) and the morale test (§8.1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.dice import reason
from rules.freres import morale
from rules.freres.checks import CRITICAL
from rules.freres.damage import DamageRow, Health, after_damage, damage_row, jdeg_row
from rules.freres.morale import MoraleEffect
from rules.freres.movement import Terrain, move_limit
from rules.freres.play import Play
from rules.freres.play_arms import standard_bonus
from rules.freres.state import Model, Posture


def put_out(play: Play, model: Model, why: str, clause: str) -> None:
    play.put(model, out=why, carrying=None)  # a friend it carried falls from its shoulder (§9)
    play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
    if why == "killed":
        play.event("killed", clause, {"model": model.id}, model.id)
    elif why == "surrendered":
        play.event("surrendered", clause, {"model": model.id}, model.id)
    else:
        play.event("out_of_action", clause, {"model": model.id}, model.id)


def take(play: Play, model: Model, row: DamageRow | None, clause: str, clumsy: bool = False) -> None:
    """A result of the damage table on ``model`` (§7); ``None``: killed outright by a natural 0."""
    if row is None:
        put_out(play, model, "killed", clause)
        return
    health, stunned = after_damage(model.health, model.posture is Posture.STUNNED, row)
    play.event("damage", "§7", {"model": model.id, "row": row.value}, model.id)
    changes: dict[str, Any] = {"health": health}
    if stunned:
        changes["posture"] = Posture.STUNNED
        if model.mounted:  # §7: "Si un monté est sonné, il tombe de sa monture"
            changes["mounted"] = False
    model = play.put(model, **changes)
    if health is Health.KILLED:
        put_out(play, model, "killed", "§7")
        return
    if model.pa == 0:  # §2.6.1, §7: a model with no PA left is out of action
        put_out(play, model, "out_of_action", "§7")
        return
    if row in (DamageRow.WOUNDED, DamageRow.GRIEVOUSLY_WOUNDED, DamageRow.CLOSE_CALL) and not clumsy:
        if model.on_ground:  # §7: "Une figurine au sol (sonnée ou tombée) ne fait pas de JM"
            return
        morale_test(play, model, reason("jm_after_damage", "§7", model=model.id, row=row.value))


def morale_modifier(play: Play, model: Model) -> int:
    # §8.1 Table de Moral; the friendly standard within 30 cm as the players declared it.
    modifier = (
        standard_bonus(play, model)
        - model.morale_malus
        + morale.MORALE_MODIFIERS["per_enemy_in_contact"] * len(play.state.enemies_in_contact(model.id))
    )
    if not model.has_weapon and not model.shield:
        modifier += morale.MORALE_MODIFIERS["no_weapon_in_hand"]
    return modifier


def morale_test(play: Play, model: Model, reason: str) -> None:
    check = play.check(model, model.profile.M, morale_modifier(play, model), reason)
    if check.face == CRITICAL:  # §8.1 Le JM est un échec critique: M-1 for the battle
        model = play.put(model, morale_malus=model.morale_malus + morale.CRITICAL_MORALE_LOSS)
    row = morale.morale_outcome(check)
    if row is None:
        play.event("morale_passed", "§8.1", {"model": model.id, "score": check.total}, model.id)
        return
    effects = morale.ROW_EFFECTS[row]
    play.event("morale_failed", "§8.1", {"model": model.id, "score": check.total, "row": row.value}, model.id)
    play.lose_pa(model)
    model = play.model(model.id)
    if MoraleEffect.SURRENDERS in effects:
        put_out(play, model, "surrendered", "§8.1")
        return
    changes: dict[str, Any] = {}
    if MoraleEffect.DROPS_WEAPONS in effects:
        changes["weapon_dropped"] = True
    if MoraleEffect.NO_ADVANCE in effects:
        changes["no_advance"] = True
    if MoraleEffect.JM_MALUS in effects:
        changes["morale_malus"] = model.morale_malus + 1
    if MoraleEffect.ROUTS in effects:
        # §8.2 Dérouter: « un déplacement complet gratuit en tournant le dos à l'ennemi », out of every contact.
        changes.update(routed=True, hidden=False, in_cover=False)
        play.event("rout", "§8.2", {"model": model.id, "distance_cm": full_move(model)}, model.id)
        leave_contacts(play, model, "§8.2")
    if MoraleEffect.STEPS_BACK in effects:
        # §8.1 Prudente: « Elle recule de son socle »: the depth of its base (R22) takes it out of base contact.
        play.event("step_back", "§8.1", {"model": model.id}, model.id)
        leave_contacts(play, model, "§8.1")
    play.put(model, **changes)


def full_move(model: Model) -> int:
    """A full move (§8.2 « un déplacement complet », « un mouvement complet »): the most one movement action of
    the model covers in clear terrain (§3.3), free."""
    return move_limit(model.kind, Terrain.CLEAR, model.profile.A, model.encumbered)


def leave_contacts(play: Play, model: Model, clause: str) -> None:
    """``model`` moves away (a rout, a step back, a flight): every enemy it was in contact with is left."""
    left = play.state.enemies_in_contact(model.id)
    if not left:
        return
    play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
    play.event("leaves_contact", clause, {"model": model.id, "left_models": left}, model.id, *left)


def jdeg(play: Play, model: Model, clause: str, cause: str, clumsy: bool) -> None:
    """A damage roll (§7 Le JDeg) of ``cause`` (``"trampled"``, ``"climb"``, ``"backfire"``): one d10 read on the
    damage table, the wound malus against the model."""
    face = play.d10(reason("jdeg", clause, model=model.id, cause=cause))
    take(play, model, jdeg_row(face, model.die_malus), clause, clumsy=clumsy)


def wound(
    play: Play,
    victim: Model,
    damage: int,
    clause: str,
    *,
    die: bool = True,
    extra_defence: int = 0,
    at_mount: bool = False,
) -> None:
    """A hit of ``damage`` on ``victim``: its JD (§4.1.3, §5.1.3) and the damage table (§7)."""
    if at_mount and victim.mounted:
        hit_mount(play, victim, damage, clause)
        return
    defence = victim.profile.D + victim.profile.armour + extra_defence
    if not die:  # §4.1.2: a stunned model adds no die to its Defence and armour
        take(play, victim, damage_row(damage - defence), clause)
        return
    face = play.d10(reason("jd", clause, model=victim.id))
    if face == CRITICAL:  # §4.1.3, §5.1.3: a natural 0 on the JD kills outright
        take(play, victim, None, clause)
        return
    take(play, victim, damage_row(damage - (face - victim.die_malus + defence)), clause)


def hit_mount(play: Play, rider: Model, damage: int, clause: str) -> None:
    # §10.2.2: the mount resists with its own Defence, ignores stunned; wounded, its rider dismounts; grievously
    # wounded or killed, the rider falls and makes a JA.
    face = play.d10(reason("mount_jd", clause, model=rider.id))
    row = None if face == CRITICAL else damage_row(damage - (face + rider.profile.mount_defence))
    play.event("mount_hit", "§10.2.2", {"model": rider.id, "row": "killed" if row is None else row.value}, rider.id)
    if row in (DamageRow.UNHURT, DamageRow.CLOSE_CALL, DamageRow.STUNNED):
        return
    rider = play.put(rider, mounted=False, mount_usable=False)
    if row is DamageRow.WOUNDED:
        return
    fall_from_mount(play, rider)


def fall_from_mount(play: Play, rider: Model) -> None:
    # §10.2.2 Tomber de sa monture: a JA; failure, on the ground; critical failure, stunned as well.
    check = play.check(rider, rider.agility, 0, reason("mount_fall_ja", "§10.2.2", model=rider.id))
    posture = Posture.STANDING if check.succeeded else Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
    play.put(play.model(rider.id), mounted=False, posture=posture)
    play.event("fall_from_mount", "§10.2.2", {"model": rider.id, "posture": posture.value}, rider.id)
