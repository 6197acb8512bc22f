"""Spells (II §6), rallying and recovering (§8.2), scrutiny and picking up (§9)."""

from __future__ import annotations

from dataclasses import replace

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import morale, other, shooting, spells
from rules.freres.checks import CRITICAL, check_draw, citing
from rules.freres.harm import full_move, jdeg, leave_contacts, morale_modifier
from rules.freres.movement import check_distance
from rules.freres.play import Handler, Play, enemy_of, fixed, require_standing, spot
from rules.freres.spells import SpellCritical
from rules.freres.state import Posture
from rules.validation import BadValue, check_range


def _cast(play: Play, action: a.Cast) -> None:
    model = play.active_model(action)
    spell = model.profile.spell
    if spell is None:
        raise IllegalAction("no_spell", "§6.1.1", model=model.id)
    if not model.memorised:
        raise IllegalAction("spell_forgotten", "§6.1.2", model=model.id)
    # §6.1.1 Les restrictions
    if model.profile.armoured or (model.profile.armed and model.has_weapon) or model.on_ground:
        raise IllegalAction("may_not_cast", "§6.1.1", model=model.id)
    target = play.model(action.target)
    if not target.in_play:
        raise IllegalAction("out_of_battle", "§2.6.1", model=target.id)
    engaged = play.state.enemies_in_contact(model.id)
    if engaged and (not spell.offensive or target.id not in engaged):
        raise IllegalAction("engaged_offensive_only", "§6.1.2")
    distance = check_distance("distance_cm", action.distance_cm)
    target = spot(play, model, target, distance)  # R21: its target stands before its front (§6.1.1)
    if target.hidden and not action.search:
        raise IllegalAction("search_hidden_target", "§6.2", target_model=target.id)
    if model.rallied and spell.offensive:
        raise IllegalAction("rallied_nothing_offensive", "§8.2", model=model.id)
    with citing("003 II §6.2 Se concentrer"):
        check_range("concentrate", action.concentrate, 0, 20)
    if action.concentrate % spells.CONCENTRATE_STEP:
        raise BadValue(
            f"concentrate is put in by {spells.CONCENTRATE_STEP} PA (003 II §6.2)",
            name="concentrate",
            value=action.concentrate,
            step=spells.CONCENTRATE_STEP,
        )
    search = fixed(spells.COSTS, "search_target") if action.search else 0
    play.spend(model, spell.cost + search + action.concentrate, "cast")
    modifier = action.concentrate // spells.CONCENTRATE_STEP - model.spell_malus
    terms = {
        "close_target": distance < shooting.POINT_BLANK_CM,
        "mounted_caster": model.mounted,
        "moved": model.moved,
        "cover_or_ground": action.cover or target.in_cover or target.on_ground,
        "masked": action.masked,
    }
    modifier += sum(fixed(spells.SPELL_MODIFIERS, term) for term, applies in terms.items() if applies)
    model = play.put(model, hidden=False, in_cover=False)
    check = play.check(model, spell.level, modifier, reason("js", "§6.1.2", model=model.id))
    if check.succeeded:
        play.event(
            "spell", "§6.1.3", {"model": model.id, "spell": spell.name, "target_model": target.id}, model.id, target.id
        )
        return
    if check.face != CRITICAL:
        play.event("spell_failed", "§6.1.3", {"model": model.id, "spell": spell.name, "score": check.total}, model.id)
        return
    row = spells.critical_row(play.d10(reason("spell_critical_table", "§6.1.3", model=model.id)))
    play.event("spell_critical", "§6.1.3", {"model": model.id, "row": row.value}, model.id)
    if row is SpellCritical.BACKFIRE:
        jdeg(play, model, "§6.1.3", "backfire", clumsy=True)
    elif row is SpellCritical.MIGRAINE:
        play.put(model, spell_malus=model.spell_malus + 1)
    elif row is SpellCritical.BLAST:
        play.put(model, posture=Posture.DOWN, mounted=False)
    elif row is SpellCritical.AMNESIA:
        play.put(model, memorised=False)


def _memorise(play: Play, action: a.Memorise) -> None:
    model = play.active_model(action)
    if model.profile.spell is None:
        raise IllegalAction("no_spell", "§6.1.1", model=model.id)
    if model.memorised:
        raise IllegalAction("spell_memorised", "§6.1.1", model=model.id)
    play.spend(model, model.profile.spell.cost, "memorise")  # §6.2: the same cost as casting it
    play.put(model, memorised=True)
    play.event("memorise", "§6.2", {"model": model.id, "spell": model.profile.spell.name}, model.id)


def _rally(play: Play, action: a.Rally) -> None:
    model = play.active_model(action)
    if not model.routed:
        raise IllegalAction("not_routed", "§8.2", model=model.id)
    play.spend(model, fixed(morale.COSTS, "rally"), "rally")
    check = play.check(model, model.profile.M, morale_modifier(play, model), reason("rally_jm", "§8.2", model=model.id))
    if check.face == CRITICAL:
        model = play.put(model, morale_malus=model.morale_malus + morale.CRITICAL_MORALE_LOSS)
    if check.succeeded:  # §8.2 Rallier: its PA left move, hide or draw, nothing offensive
        play.put(model, routed=False, rallied=True)
        play.event("rally", "§8.2", {"model": model.id}, model.id)
        return
    # §8.2: failed, no failure table: every PA lost, « un mouvement complet gratuit vers le bord de la table le plus
    # proche », out of every contact
    play.state = replace(play.state, pa_left=0)
    play.put(model, hidden=False, in_cover=False)
    play.event("rally_failed", "§8.2", {"model": model.id, "distance_cm": full_move(model)}, model.id)
    leave_contacts(play, model, "§8.2")


def _recover(play: Play, action: a.Recover) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.STUNNED:
        raise IllegalAction("not_stunned", "§8.2", model=model.id)
    play.spend(model, fixed(morale.COSTS, "recover"), "recover")
    check = play.check(
        model, model.profile.D, 0, reason("recover_jdp", "§8.2", model=model.id)
    )  # pure Defence: no equipment
    posture = Posture.STANDING if check.succeeded else Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
    play.put(model, posture=posture)
    play.event("recover", "§8.2", {"model": model.id, "posture": posture.value}, model.id)


def _raise_comrade(play: Play, action: a.RaiseComrade) -> None:
    model = play.active_model(action)
    comrade = play.model(action.comrade)
    if comrade.side is not model.side or comrade.id == model.id or not comrade.in_play:
        raise IllegalAction("not_a_comrade", "§8.2", comrade_model=comrade.id, model=model.id)
    if comrade.posture is not Posture.DOWN:
        raise IllegalAction("comrade_not_down", "§8.2", comrade_model=comrade.id)
    require_standing(model, "raise_comrade", "§8.2")
    play.spend(model, fixed(morale.COSTS, "raise_comrade"), "raise_comrade")
    play.put(comrade, posture=Posture.STANDING)
    play.event("raise_comrade", "§8.2", {"model": model.id, "comrade_model": comrade.id}, model.id, comrade.id)


def _scrutinise(play: Play, action: a.Scrutinise) -> None:
    model = play.active_model(action)
    target = enemy_of(play, model, action.target)
    if not target.hidden:
        raise IllegalAction("not_hidden", "§9", target_model=target.id)
    modifier = other.scrutiny_modifier(action.distance_cm, action.hiding_place, action.night)
    play.spend(model, other.COSTS["scrutinise"], "scrutinise")
    if not spot(play, model, target, action.distance_cm).hidden:  # R21: in its field of vision under 20 cm, no roll
        return
    face = play.d10(reason("scrutiny", "§9", model=model.id, target_model=target.id))
    check_draw("face", face)
    if face - model.die_malus + modifier > 0:  # §9: detected, it is in cover from then on
        play.put(target, hidden=False, in_cover=True)
        play.event("detected", "§9", {"model": model.id, "target_model": target.id}, model.id, target.id)
    else:
        play.event("not_detected", "§9", {"model": model.id}, model.id)


def _pick_up(play: Play, action: a.PickUp) -> None:
    model = play.active_model(action)
    if not model.weapon_dropped:
        raise IllegalAction("weapon_not_dropped", "§9", model=model.id)
    play.spend(model, other.COSTS["handle_object"], "pick_up")
    play.put(model, weapon_dropped=False)
    play.event("pick_up", "§9", {"model": model.id}, model.id)


HANDLERS: dict[type[a.Action], Handler] = {
    a.Cast: _cast,
    a.Memorise: _memorise,
    a.Rally: _rally,
    a.Recover: _recover,
    a.RaiseComrade: _raise_comrade,
    a.Scrutinise: _scrutinise,
    a.PickUp: _pick_up,
}
