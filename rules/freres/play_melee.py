"""Close combat (II §4): striking, charging, the defender's answer and the opposed JC, fleeing the combat."""

from __future__ import annotations

from dataclasses import replace

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import arms, melee, mounted, movement
from rules.freres.checks import CRITICAL, citing
from rules.freres.harm import morale_modifier, wound
from rules.freres.melee import CriticalRow, Exchange
from rules.freres.movement import check_distance
from rules.freres.play import (
    Handler,
    Play,
    after_move,
    enemy_of,
    enter_contact,
    may_go_at,
    require_not_engaged,
    require_standing,
    spot,
    terrain_limit,
)
from rules.freres.play_arms import spend_missile, two_blades_defence
from rules.freres.play_shoot import ready_to_shoot, shot
from rules.freres.state import Attack, Coin, Model, Posture, pair
from rules.validation import BadValue, check_range


def _strike_hard(hard: int) -> int:
    with citing("003 II §4.2 Frapper fort"):
        check_range("hard", hard, 0, 20)
    if hard % melee.STRIKE_HARD_STEP:
        raise BadValue(
            f"hard is put in by {melee.STRIKE_HARD_STEP} PA, got {hard} (003 II §4.2 Frapper fort)",
            name="hard",
            value=hard,
            step=melee.STRIKE_HARD_STEP,
        )
    return hard


def _may_attack(play: Play, model: Model, target: Model, from_behind: bool, at_mount: bool) -> None:
    require_standing(model, "strike", "§4.1.1")
    may_go_at(play, model, target)
    if from_behind and not target.routed and len(play.state.enemies_in_contact(target.id)) < 3:
        raise IllegalAction("third_strikes_behind", "§4.1.1")
    if at_mount and not target.mounted:
        raise IllegalAction("target_not_mounted", "§10.2.2", target_model=target.id)


def _strike(play: Play, action: a.Strike) -> None:
    model = play.active_model(action)
    target = enemy_of(play, model, action.target)
    if pair(model.id, target.id) not in play.state.contacts:
        raise IllegalAction("not_in_contact", "§4.2", target_model=target.id, model=model.id)
    hard = _strike_hard(action.hard)
    _may_attack(play, model, target, action.from_behind, action.at_mount)
    play.spend(model, (melee.BASIC_COSTS["strike"]) + hard, "strike")
    _declare(
        play,
        Attack(model.id, target.id, hard, action.from_behind, action.at_mount, 0, action.on_critical, action.off_hand),
    )


def _charge(play: Play, action: a.Charge) -> None:
    model = play.active_model(action)
    target = enemy_of(play, model, action.target)
    distance = check_distance("distance_cm", action.distance_cm)
    hard = _strike_hard(action.hard)
    require_not_engaged(play, model, "charge")
    # R21: a charge ends in contact with the target straight ahead (§3.3): a hidden one is found on the way
    target = spot(play, model, target, 0)
    _may_attack(play, model, target, False, action.at_mount)
    limit = terrain_limit(model, action.terrain)
    if distance > limit or model.moved_cm + distance > movement.turn_limit(model.kind):
        raise IllegalAction("charge_too_far", "§3.3", model=model.id, most=limit, distance_cm=distance)
    play.spend(model, melee.BASIC_COSTS["charge"] + hard, "charge")
    model = after_move(play, model, distance, hidden=False, in_cover=False)
    enter_contact(play, model, target.id)
    bonus = mounted.MOUNTED_CHARGE_DAMAGE if model.mounted and distance >= mounted.MOUNTED_CHARGE_CM else 0
    _declare(
        play, Attack(model.id, target.id, hard, False, action.at_mount, bonus, action.on_critical, action.off_hand)
    )


def _declare(play: Play, attack: Attack) -> None:
    target = play.model(attack.target)
    play.event(
        "attack",
        "§4.1.1",
        {"attacker_model": attack.attacker, "target_model": attack.target},
        attack.attacker,
        attack.target,
    )
    if target.posture is Posture.STUNNED or target.routed:
        # §4.1.2: a stunned model does not fight back; §4.4, R20: a routed one rolls no JC, it defends directly.
        _fight(play, attack, "defend", "zero")
        return
    play.state = replace(play.state, pending=attack)


def _defend(play: Play, action: a.Defend) -> None:
    attack = play.state.pending
    if attack is None:
        raise IllegalAction("no_pending_attack", "§4.1.1")
    if action.model != attack.target:
        raise IllegalAction("other_answers", "§4.1.1", target_model=attack.target, model=action.model)
    model = play.model(action.model)
    if action.how != "defend":
        # §2.6.2: a defensive action costs every PA of the turn, open to a model not yet activated or waiting.
        if model.coin is Coin.TAKEN:
            raise IllegalAction("played_only_defend", "§2.6.2", model=model.id)
        if action.how == "dodge" and len(play.state.enemies_in_contact(model.id)) != 1:
            raise IllegalAction("dodge_one_on_one", "§4.2")
        if action.how == "defensive_shot":
            ready_to_shoot(model)
        if action.how == "kick" and not model.mounted:
            raise IllegalAction("kick_unmounted", "§10.2.2")
        play.put(model, coin=Coin.TAKEN)
    play.state = replace(play.state, pending=None)
    _fight(play, attack, action.how, action.on_critical, action.off_hand)


def _hit_bonus(play: Play, striker: Model, victim: Model, from_behind: bool) -> int:
    # §4.1.2 Bonus au JC pour frapper; §4.4: a routed model is struck in the back.
    others = max(0, len(play.state.enemies_in_contact(victim.id)) - 1)
    bonus = melee.HIT_BONUSES["per_other_enemy_in_contact"] * others
    if striker.mounted and not victim.mounted:
        bonus += melee.HIT_BONUSES["mounted_against_foot"]
    if from_behind or victim.routed:
        bonus += melee.HIT_BONUSES["from_behind"]
    if victim.posture is Posture.DOWN:
        bonus += melee.HIT_BONUSES["target_on_ground"]
    return bonus


def jc(play: Play, model: Model, hit_bonus: int, extra: int, on_critical: str) -> tuple[int, CriticalRow | None]:
    """A JC (§4.1.2): its score, and the critical failure table's row when a natural 0 is read there (§4.1.3)."""
    face = play.d10(reason("jc", "§4.1.2", model=model.id))
    modifier = hit_bonus + extra - model.combativity_malus - model.die_malus
    if face != CRITICAL:
        return face + model.profile.C + modifier, None
    if on_critical == "zero":
        return melee.jc_score(face, model.profile.C, modifier), None
    table = play.d10(reason("jc_critical_table", "§4.1.3", model=model.id))
    row = melee.critical_row(table - model.critical_table_malus)
    play.event("melee_critical", "§4.1.3", {"model": model.id, "row": row.result.value}, model.id)
    play.put(
        model,
        weapon_useless=model.weapon_useless or row.weapon_useless,
        weapon_dropped=model.weapon_dropped or row.weapon_dropped,
        combativity_malus=model.combativity_malus + row.combativity_malus,
        damage_malus=model.damage_malus + row.damage_malus,
        critical_table_malus=model.critical_table_malus + row.table_malus,
        cannot_sheathe=model.cannot_sheathe or row.cannot_sheathe,
    )
    return 0, row


def weapon_damage(model: Model) -> int:
    return (model.profile.weapon_damage - model.damage_malus) if model.has_weapon else 0


def _fight(play: Play, attack: Attack, how: str, on_critical: str, off_hand: bool = False) -> None:
    attacker, target = play.model(attack.attacker), play.model(attack.target)
    parried = parry_failed = False
    dodge_malus = 0
    if how == "dodge":
        check = play.check(target, target.agility, melee.DODGE_JA_BONUS, reason("dodge_ja", "§4.2", model=target.id))
        if check.succeeded:  # §4.2 Esquiver: the attack's PA are lost; the defender steps back 5 cm
            play.state = replace(play.state, contacts=play.state.contacts - {pair(attacker.id, target.id)})
            play.event("dodge", "§4.2", {"model": target.id, "distance_cm": melee.DODGE_STEP_CM}, target.id)
            return
        dodge_malus = melee.DODGE_FAILED_MALUS
    elif how == "parry":
        parried = play.check(target, target.agility, 0, reason("parry_ja", "§4.2", model=target.id)).succeeded
        parry_failed = not parried
    elif how == "change_weapon":
        check = play.check(target, target.agility, 0, reason("change_weapon_ja", "§4.2", model=target.id))
        if check.succeeded:
            target = play.put(target, weapon_dropped=False, weapon_useless=False, combativity_malus=0, damage_malus=0)
        elif check.face == CRITICAL:
            target = play.put(target, weapon_dropped=True)
    elif how == "kick":
        check = play.check(target, target.agility, 0, reason("kick_ja", "§10.2.2", model=target.id))
        if check.succeeded:  # §10.2.2 Ruade: the enemy may not attack it this turn, set 1 cm away
            play.state = replace(play.state, contacts=play.state.contacts - {pair(attacker.id, target.id)})
            play.event("kick", "§10.2.2", {"model": target.id, "attacker_model": attacker.id}, target.id)
            return
        fallen = Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
        target = play.put(target, mounted=False, posture=fallen)
    elif how == "defensive_shot":
        check = play.check(
            target,
            target.profile.M,
            morale_modifier(play, target),
            reason("defensive_shot_jm", "§5.2", model=target.id),
        )
        if check.face == CRITICAL:  # « décoche un trait inutile »: the missile is spent
            play.put(target, **spend_missile(target))
            play.event("defensive_shot", "§5.2", {"model": target.id}, target.id)
        else:
            shot(play, target, attacker, 0 if check.succeeded else 15, 0, point_blank=check.succeeded)
        attacker, target = play.model(attacker.id), play.model(target.id)
        if not attacker.in_play or attacker.on_ground or attacker.routed:
            return
    fights = target.in_play and target.posture is not Posture.STUNNED and not target.routed
    a_bonus = _hit_bonus(play, attacker, target, attack.from_behind)
    # §4.5, optional rule ambidextre: the weapon of its less agile hand, -1 to its C
    a_weak = arms.off_hand_malus(attacker.profile.hands, attacker.profile.ambidextrous, attack.off_hand)
    a_score, a_row = jc(play, attacker, a_bonus, -a_weak, attack.on_critical)
    d_bonus = d_score = 0
    d_row: CriticalRow | None = None
    if fights:
        d_bonus = _hit_bonus(play, target, attacker, False)
        weak = arms.off_hand_malus(target.profile.hands, target.profile.ambidextrous, off_hand)  # §4.5 ambidextre
        d_score, d_row = jc(play, target, d_bonus, -dodge_malus - weak, on_critical)
    attacker, target = play.model(attacker.id), play.model(target.id)
    if (a_row is not None and a_row.null_combat) or (d_row is not None and d_row.null_combat):
        play.event(
            "null_combat", "§4.1.3", {"attacker_model": attacker.id, "target_model": target.id}, attacker.id, target.id
        )
        return
    if a_row is not None or d_row is not None:
        attacker_hits, defender_hits = d_row is not None, a_row is not None and fights
    elif not fights:
        attacker_hits, defender_hits = True, False
    else:
        exchange = melee.opposed(a_score, d_score)
        attacker_hits, defender_hits = exchange is Exchange.ATTACKER_HITS, exchange is Exchange.DEFENDER_HITS
    play.event(
        "exchange",
        "§4.1.3",
        {
            "attacker_model": attacker.id,
            "target_model": target.id,
            "attacker_score": a_score,
            "defender_score": d_score,
        },
        attacker.id,
        target.id,
    )
    if attacker_hits:
        # §4.1.3: the JC less the bonuses that only served to hit, plus the weapon's damage and the new bonuses
        damage = a_score - a_bonus + weapon_damage(attacker) + attack.hard // melee.STRIKE_HARD_STEP
        damage += attack.charge_bonus + (d_row.enemy_damage_bonus if d_row is not None else 0)
        # §4.1.2: a stunned model opposes D + armour alone; R20: a routed one, struck in the back, rolls its JD
        # without its shield; §4.5: a blade and a dagger or two blades add +1 to D « lors des corps à corps ».
        shield = target.shield + two_blades_defence(target) if fights else 0
        wound(
            play,
            target,
            damage,
            "§4.1.3",
            die=target.posture is not Posture.STUNNED,
            extra_defence=shield + (melee.PARRY_DEFENCE_BONUS if parried else 0),
            at_mount=attack.at_mount,
        )
    if defender_hits and not parry_failed:  # §4.2 Parer: failed, the defender's hit does no damage
        attacker, target = play.model(attacker.id), play.model(target.id)
        if attacker.in_play and target.in_play:
            damage = d_score - d_bonus + weapon_damage(target) + (a_row.enemy_damage_bonus if a_row else 0)
            guard = attacker.shield + two_blades_defence(attacker)
            wound(play, attacker, damage, "§4.1.3", extra_defence=guard)


def _flee_combat(play: Play, action: a.FleeCombat) -> None:
    model = play.active_model(action)
    enemies = play.state.enemies_in_contact(model.id)
    if not enemies:
        raise IllegalAction("no_enemy_in_contact", "§8.2", model=model.id)
    play.spend(model, len(enemies), "flee_combat")  # §8.2: one PA an enemy in contact
    play.put(model, fled=True)
    play.event("flee_combat", "§8.2", {"model": model.id}, model.id)
    # §8.2: a free attack it may only parry, then, if it lives, every PA left spent moving away.
    striker = play.model(enemies[0])
    parried = play.check(model, model.agility, 0, reason("free_attack_parry_ja", "§8.2", model=model.id)).succeeded
    score, _ = jc(play, striker, 0, 0, "zero")
    wound(
        play,
        play.model(model.id),
        score + weapon_damage(striker),
        "§8.2",
        extra_defence=model.shield + two_blades_defence(model) + (melee.PARRY_DEFENCE_BONUS if parried else 0),
    )
    play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
    if play.model(model.id).in_play:
        play.state = replace(play.state, pa_left=0)


HANDLERS: dict[type[a.Action], Handler] = {
    a.Strike: _strike,
    a.Charge: _charge,
    a.Defend: _defend,
    a.FleeCombat: _flee_combat,
}
