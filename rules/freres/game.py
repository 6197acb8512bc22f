"""The one way into the skirmish engine: :func:`apply` plays an action, :func:`problems` says why it may not be
played (like ``Board.push`` and ``Board.is_legal`` in python-chess); :mod:`rules.freres.legal` lists what may be.

A turn opens with the initiative roll (II §1.1); then the sides activate their models one at a time::

    >>> from rules.dice import Dice
    >>> from rules.freres.actions import Activate, RollInitiative, Strike
    >>> from rules.freres.example import example_skirmish
    >>> state = example_skirmish()
    >>> [str(p) for p in problems(state, Activate("a1"))]
    ['§1.1: roll the initiative first: the turn opens with it']
    >>> state = apply(state, RollInitiative(), Dice(seed=3)).state
    >>> state.phase.value, state.to_play.value
    ('activation', 'b')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.dice import Dice, DieValueError, ReplayMismatch
from rules.freres import actions as a
from rules.freres import melee, morale, mounted, movement, other, shooting, spells
from rules.freres.cards import CardRoller
from rules.freres.checks import CRITICAL, Check, DiceRoller, Roller, check_face, citing
from rules.freres.damage import DamageRow, Health, after_damage, damage_row, jdeg_row
from rules.freres.melee import CriticalRow, Exchange
from rules.freres.morale import MoraleEffect
from rules.freres.movement import Kind, Terrain
from rules.freres.shooting import ShotCritical
from rules.freres.spells import SpellCritical
from rules.freres.state import (
    Attack,
    Coin,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Phase,
    Posture,
    Side,
    Skirmish,
    pair,
)
from rules.siege.game import Refusal
from rules.validation import check_range

__all__ = ["Refusal", "apply", "problems", "side_of"]


def side_of(state: Skirmish, action: a.Action) -> Side:
    """The side that plays ``action``: its model's, or the side to play."""
    actor = action.actor
    if actor is not None and state.has(actor):
        return state.model(actor).side
    return state.to_play


def _turn_problems(state: Skirmish, action: a.Action) -> list[Refusal]:
    if state.over:
        return [Refusal("§1.3", "the skirmish is over")]
    if isinstance(action, a.RollInitiative):
        if state.phase is not Phase.INITIATIVE:
            return [Refusal("§1.1", "the initiative is rolled once, as the turn opens")]
        return []
    if state.phase is Phase.INITIATIVE:
        return [Refusal("§1.1", "roll the initiative first: the turn opens with it")]
    if state.pending is not None and not isinstance(action, a.Defend):
        return [
            Refusal(
                "§4.1.1",
                f"{state.pending.target} must first answer the attack of {state.pending.attacker} (defend)",
            )
        ]
    try:
        action.check_choices()
    except ValueError as bad:
        return [Refusal(action.clause, f"{action.name}: {bad}")]
    actor = action.actor
    if actor is not None:
        if not state.has(actor):
            return [Refusal("§1", f"there is no model {actor!r} in this skirmish")]
        if not state.model(actor).in_play:
            return [Refusal("§2.6.1", f"{actor} is out of the battle ({state.model(actor).out})")]
    return []


def problems(state: Skirmish, action: a.Action) -> list[Refusal]:
    """Why ``action`` may not be played now, each refusal naming its clause; empty when it may. The action is tried
    on the state (a value, left as it was) with dice of its own: the rules refuse before they roll."""
    refusals = _turn_problems(state, action)
    if refusals:
        return refusals
    try:
        _play(state, action, Dice(seed=0))
    except IllegalAction as refused:
        return [Refusal(refused.clause, str(refused))]
    return []


def apply(state: Skirmish, action: a.Action, dice: Dice) -> Outcome:
    """Play ``action`` with ``dice``: the new state, its events and the dice it rolled. An action the rules forbid
    raises :class:`~rules.freres.state.IllegalAction` naming its clause, and nothing changes."""
    refusals = _turn_problems(state, action)
    if refusals:
        raise IllegalAction(refusals[0].message, refusals[0].clause)
    return _play(state, action, dice)


def _play(state: Skirmish, action: a.Action, dice: Dice) -> Outcome:
    mark = dice.mark()
    play = _Play(state, dice)
    try:
        _HANDLERS[type(action)](play, action)
    except (IllegalAction, DieValueError, ReplayMismatch):
        raise
    except ValueError as bad:
        # a value out of its range, caught by the rules' own checks
        raise IllegalAction(f"{action.name}: {bad}", action.clause) from None
    play.settle()
    return Outcome(play.state, tuple(play.events), dice.since(mark))


class _Play:
    """One action being played: the state as it changes, the events, and where the d10 results come from."""

    def __init__(self, state: Skirmish, dice: Dice) -> None:
        self.state = state
        self.events: list[Event] = []
        self.cards = CardRoller(dice, state.deck) if state.deck is not None else None
        self.roller: Roller = self.cards if self.cards is not None else DiceRoller(dice)

    # reading and writing

    def model(self, model_id: str) -> Model:
        return self.state.model(model_id)

    def put(self, model: Model, **changes: Any) -> Model:
        changed = replace(model, **changes)
        self.state = self.state.with_models([changed])
        return changed

    def event(self, kind: str, clause: str, text: str, *models: str) -> None:
        self.events.append(Event(kind, clause, text, models))

    def d10(self, reason: str) -> int:
        return self.roller.d10(reason)

    def check(self, model: Model, characteristic: int, modifier: int, reason: str) -> Check:
        """A test of ``model``: its wounds take their malus off the die (§7 Le malus au dé)."""
        return Check(self.d10(reason), characteristic, modifier - model.die_malus)

    # the activation

    def active_model(self, action: a.Action) -> Model:
        actor = action.actor
        assert actor is not None
        if self.state.active != actor:
            if self.state.active is None:
                raise IllegalAction(f"{actor} is not activated: activate it first", "§1.2")
            raise IllegalAction(f"{self.state.active} is being activated, not {actor}", "§1.2")
        model = self.model(actor)
        if model.routed and not isinstance(action, a.Rally):
            raise IllegalAction(f"{actor} is routed: an activated routed model must first try to rally", "§8.2")
        return model

    def spend(self, model: Model, cost: int, what: str) -> None:
        """Pay ``cost`` PA for ``what``; more than is left is refused (§2.6.3)."""
        left = self.state.pa_left
        if cost > left:
            raise IllegalAction(
                f"{what} costs {cost} PA and {model.id} has {left} left this activation: an action of 0 to {left} "
                f"PA may be played, or the PA stored for a later turn",
                "§2.6.3",
            )
        hoarded = self.state.hoarding and cost > 0  # §2.6.3: the stored action uses them all
        self.state = replace(
            self.state,
            pa_left=0 if hoarded else left - cost,
            spent=self.state.spent + cost,
            hoarding=self.state.hoarding and not hoarded,
        )

    def lose_pa(self, model: Model) -> None:
        """The PA that follow a failed JM or a critical JA are lost (§2.4, §2.5): the activation ends; a model not
        yet activated loses its turn."""
        if self.state.active == model.id:
            # spent or not, it has acted: its activation ends rather than waiting on face
            self.state = replace(self.state, pa_left=0, spent=max(self.state.spent, 1))
        elif model.coin is not Coin.TAKEN:
            self.put(model, coin=Coin.TAKEN)

    def settle(self) -> None:
        """After an action: end the activation whose PA are gone or whose model has fallen out, then the turn and
        the battle when nothing is left to play."""
        state = self.state
        if state.phase is Phase.ACTIVATION and state.active is not None and state.pending is None:
            model = self.model(state.active)
            if not model.in_play or (state.pa_left == 0 and state.spent > 0):
                _end_activation(self)
        for side in Side:
            if not self.state.in_play(side):
                self.state = replace(self.state, phase=Phase.OVER, winner=side.enemy, active=None, pending=None)
                self.event("victory", "§1.3", f"band {side.enemy.value} holds the field")
                break
        if self.cards is not None:
            self.state = replace(self.state, deck=self.cards.deck)


def _fixed(table: Mapping[str, int | None], key: str) -> int:
    """A number of the document's tables that is not "V", "AD", "?" or "+/-"."""
    value = table[key]
    assert value is not None, f"{key} has no fixed value in its table"
    return value


# ---- the turn (II §1, §2.6) ---------------------------------------------------------------------------------------


def _initiative(play: _Play, action: a.RollInitiative) -> None:
    # §1.1: d10 + the PA of the side's model that has the most; a model on the ground or out does not count.
    best = {
        side: max((m.pa for m in play.state.in_play(side) if m.posture is Posture.STANDING), default=0) for side in Side
    }
    while True:
        scores = {side: play.d10(f"§1.1 initiative, band {side.value}") + best[side] for side in Side}
        if scores[Side.A] != scores[Side.B]:
            winner = max(Side, key=scores.__getitem__)
        elif best[Side.A] != best[Side.B]:
            winner = min(Side, key=best.__getitem__)  # §1.1: a tie goes to the side whose best model has fewer PA
        else:
            play.event("initiative_tie", "§1.1", f"initiative tied at {scores[Side.A]}: the dice are rolled again")
            continue
        break
    play.state = replace(play.state, phase=Phase.ACTIVATION, initiative=winner, to_play=winner)
    play.event("initiative", "§1.1", f"band {winner.value} has the initiative ({scores[Side.A]} to {scores[Side.B]})")


def _activate(play: _Play, action: a.Activate) -> None:
    state = play.state
    model = play.model(action.model)
    if state.active is not None:
        raise IllegalAction(f"{state.active} is being activated: end its activation first", "§1.2")
    if model.side is not state.to_play:
        raise IllegalAction(f"band {state.to_play.value} activates a model now, not band {model.side.value}", "§1.1")
    if model.coin is not Coin.TAILS:
        raise IllegalAction(f"{model.id} has already been activated this turn: once a turn only", "§1.1")
    hoarding = model.stored_pa > 0
    play.state = replace(
        state, active=model.id, pa_left=model.pa + model.stored_pa, spent=0, hoarding=hoarding, restrained=False
    )
    if model.no_advance:  # §8.1 Ebranlée: "à sa prochaine activation"
        play.state = replace(play.state, restrained=True)
    play.put(model, coin=Coin.TAKEN, stored_pa=0, no_advance=False)
    play.event("activate", "§1.2", f"{model.id} is activated with {play.state.pa_left} PA", model.id)


def _end_activation(play: _Play) -> None:
    state = play.state
    assert state.active is not None
    model = play.model(state.active)
    waited = state.spent == 0 and not state.stored and model.in_play
    # §1.2, §2.6.2: having spent no PA it waits on face, one defensive action left; otherwise its coin goes.
    play.put(model, coin=Coin.HEADS if waited else Coin.TAKEN)
    play.state = replace(play.state, active=None, pa_left=0, spent=0, hoarding=False, restrained=False, stored=False)
    play.event("end_activation", "§1.2", f"{model.id} waits" if waited else f"{model.id} has played", model.id)
    _next_to_play(play)


def _end(play: _Play, action: a.EndActivation) -> None:
    if play.state.active is None:
        raise IllegalAction("no model is being activated", "§1.2")
    model = play.model(play.state.active)
    if model.routed and play.state.pa_left >= _fixed(morale.COSTS, "rally"):
        raise IllegalAction(f"{model.id} is routed: it must try to rally before anything else", "§8.2")
    _end_activation(play)


def _store(play: _Play, action: a.StorePA) -> None:
    model = play.active_model(action)
    if play.state.spent:
        raise IllegalAction("PA are stored instead of the activation's first action, not after it", "§2.6.3")
    play.put(model, stored_pa=play.state.pa_left)
    play.state = replace(play.state, stored=True)
    play.event("store_pa", "§2.6.3", f"{model.id} keeps its {play.state.pa_left} PA for a later turn", model.id)
    _end_activation(play)


def _next_to_play(play: _Play) -> None:
    state = play.state
    waiting = {side: any(m.coin is Coin.TAILS for m in state.in_play(side)) for side in Side}
    if waiting[state.to_play.enemy]:
        play.state = replace(state, to_play=state.to_play.enemy)
    elif not waiting[state.to_play]:
        _new_turn(play)


def _new_turn(play: _Play) -> None:
    # §1.3, §1: a new turn, every coin back on pile, the initiative rolled again.
    fresh = [
        replace(m, coin=Coin.TAILS, moved_cm=0, moved=False, frenzied=False, rallied=False, fled=False)
        for m in play.state.models
    ]
    play.state = replace(
        play.state, models=tuple(fresh), turn=play.state.turn + 1, phase=Phase.INITIATIVE, initiative=None
    )
    play.event("new_turn", "§1.3", f"turn {play.state.turn} begins")


# ---- consequences (II §7, §8) -------------------------------------------------------------------------------------


def _out(play: _Play, model: Model, why: str, clause: str) -> None:
    play.put(model, out=why)
    play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
    play.event(why, clause, f"{model.id} is {why.replace('_', ' ')}", model.id)


def _take(play: _Play, model: Model, row: DamageRow | None, clause: str, clumsy: bool = False) -> None:
    """A result of the damage table on ``model`` (§7); ``None``: killed outright by a natural 0."""
    if row is None:
        _out(play, model, "killed", clause)
        return
    health, stunned = after_damage(model.health, model.posture is Posture.STUNNED, row)
    play.event("damage", "§7", f"{model.id}: {row.value.replace('_', ' ')}", model.id)
    changes: dict[str, Any] = {"health": health}
    if stunned:
        changes["posture"] = Posture.STUNNED
        if model.mounted:  # §7: "Si un monté est sonné, il tombe de sa monture"
            changes["mounted"] = False
    model = play.put(model, **changes)
    if health is Health.KILLED:
        _out(play, model, "killed", "§7")
        return
    if model.pa == 0:  # §2.6.1, §7: a model with no PA left is out of action
        _out(play, model, "out_of_action", "§7")
        return
    if row in (DamageRow.WOUNDED, DamageRow.GRIEVOUSLY_WOUNDED, DamageRow.CLOSE_CALL) and not clumsy:
        if model.on_ground:  # §7: "Une figurine au sol (sonnée ou tombée) ne fait pas de JM"
            return
        _morale(play, model, f"§7 JM after {row.value.replace('_', ' ')}")


def _morale_modifier(play: _Play, model: Model) -> int:
    # §8.1 Table de Moral; the friendly standard within 30 cm is not on the engine's table.
    modifier = -model.morale_malus + morale.MORALE_MODIFIERS["per_enemy_in_contact"] * len(
        play.state.enemies_in_contact(model.id)
    )
    if not model.has_weapon and not model.profile.shield:
        modifier += morale.MORALE_MODIFIERS["no_weapon_in_hand"]
    return modifier


def _morale(play: _Play, model: Model, reason: str) -> None:
    check = play.check(model, model.profile.M, _morale_modifier(play, model), reason)
    if check.face == CRITICAL:  # §8.1 Le JM est un échec critique: M-1 for the battle
        model = play.put(model, morale_malus=model.morale_malus + morale.CRITICAL_MORALE_LOSS)
    row = morale.morale_outcome(check)
    if row is None:
        play.event("morale_passed", "§8.1", f"{model.id} passes its JM ({check.total})", model.id)
        return
    effects = morale.ROW_EFFECTS[row]
    play.event("morale_failed", "§8.1", f"{model.id} fails its JM ({check.total}): {row.value}", model.id)
    play.lose_pa(model)
    model = play.model(model.id)
    if MoraleEffect.SURRENDERS in effects:
        _out(play, model, "surrendered", "§8.1")
        return
    changes: dict[str, Any] = {}
    if MoraleEffect.DROPS_WEAPONS in effects:
        changes["weapon_dropped"] = True
    if MoraleEffect.NO_ADVANCE in effects:
        changes["no_advance"] = True
    if MoraleEffect.JM_MALUS in effects:
        changes["morale_malus"] = model.morale_malus + 1
    if MoraleEffect.ROUTS in effects:
        # §8.2 Dérouter: a free full move away from the enemy, out of every contact.
        changes.update(routed=True, hidden=False, in_cover=False)
        play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
        play.event("rout", "§8.2", f"{model.id} routs away from the enemy", model.id)
    if MoraleEffect.STEPS_BACK in effects:
        play.event("step_back", "§8.1", f"{model.id} steps back by its base", model.id)
    play.put(model, **changes)


def _jdeg(play: _Play, model: Model, clause: str, clumsy: bool) -> None:
    """A damage roll (§7 Le JDeg): one d10 read on the damage table, the wound malus against the model."""
    face = play.d10(f"{clause} JDeg")
    _take(play, model, jdeg_row(face, model.die_malus), clause, clumsy=clumsy)


def _wound(
    play: _Play,
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
        _hit_mount(play, victim, damage, clause)
        return
    defence = victim.profile.D + victim.profile.armour + extra_defence
    if not die:  # §4.1.2: a stunned model adds no die to its Defence and armour
        _take(play, victim, damage_row(damage - defence), clause)
        return
    face = play.d10(f"{clause} JD of {victim.id}")
    if face == CRITICAL:  # §4.1.3, §5.1.3: a natural 0 on the JD kills outright
        _take(play, victim, None, clause)
        return
    _take(play, victim, damage_row(damage - (face - victim.die_malus + defence)), clause)


def _hit_mount(play: _Play, rider: Model, damage: int, clause: str) -> None:
    # §10.2.2: the mount resists with its own Defence, ignores stunned; wounded, its rider dismounts; grievously
    # wounded or killed, the rider falls and makes a JA.
    face = play.d10(f"{clause} JD of {rider.id}'s mount")
    row = None if face == CRITICAL else damage_row(damage - (face + rider.profile.mount_defence))
    play.event("mount_hit", "§10.2.2", f"{rider.id}'s mount: {'killed' if row is None else row.value}", rider.id)
    if row in (DamageRow.UNHURT, DamageRow.CLOSE_CALL, DamageRow.STUNNED):
        return
    rider = play.put(rider, mounted=False, mount_usable=False)
    if row is DamageRow.WOUNDED:
        return
    _fall_from_mount(play, rider)


def _fall_from_mount(play: _Play, rider: Model) -> None:
    # §10.2.2 Tomber de sa monture: a JA; failure, on the ground; critical failure, stunned as well.
    check = play.check(rider, rider.agility, 0, "§10.2.2 JA falling from the mount")
    posture = Posture.STANDING if check.succeeded else Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
    play.put(play.model(rider.id), mounted=False, posture=posture)
    play.event("fall_from_mount", "§10.2.2", f"{rider.id} falls from its mount: {posture.value}", rider.id)


# ---- movement (II §3) --------------------------------------------------------------------------------------------


def _not_engaged(play: _Play, model: Model, what: str) -> None:
    if play.state.enemies_in_contact(model.id):
        raise IllegalAction(f"{model.id} is in contact with the enemy: it may not {what} (flee the combat)", "§8.2")


def _standing(model: Model, what: str, clause: str) -> None:
    if model.on_ground:
        raise IllegalAction(f"{model.id} is on the ground: it may not {what} before standing up", clause)


def _distance(name: str, value: int) -> int:
    with citing("003 II §3.3"):
        return check_range(name, value, 0, 200)


def _limit(model: Model, terrain: str) -> int:
    return movement.move_limit(model.kind, Terrain(terrain), model.profile.A, model.profile.encumbered)


def _enter_contact(play: _Play, model: Model, target_id: str) -> None:
    # §3.4 Entrer au contact: 0 PA; a model in cover contacted loses its cover; at most 4 enemies on a model on
    # foot, 6 on a mounted one.
    target = _enemy(play, model, target_id)
    if play.state.restrained:
        raise IllegalAction(f"{model.id} is shaken: it may not go at the enemy this activation", "§8.1")
    if model.rallied or model.fled:
        raise IllegalAction(f"{model.id} may not attack this turn", "§8.2")
    if target.hidden:
        raise IllegalAction(f"{target.id} is hidden: find it before going into contact", "§4.1.1")
    limit = movement.CONTACT_LIMITS["mounted" if target.mounted else "foot"]
    if pair(model.id, target.id) not in play.state.contacts and len(play.state.enemies_in_contact(target.id)) >= limit:
        raise IllegalAction(f"{target.id} already has {limit} enemies in contact: it is surrounded", "§3.4")
    play.state = replace(play.state, contacts=play.state.contacts | {pair(model.id, target.id)})
    if target.in_cover:
        play.put(target, in_cover=False)
    play.event("contact", "§3.4", f"{model.id} comes into contact with {target.id}", model.id, target.id)


def _enemy(play: _Play, model: Model, target_id: str) -> Model:
    target = play.model(target_id)
    if target.side is model.side:
        raise IllegalAction(f"{target_id} is a friend of {model.id}, not an enemy", "§3.4")
    if not target.in_play:
        raise IllegalAction(f"{target_id} is out of the battle", "§2.6.1")
    return target


def _after_move(play: _Play, model: Model, covered: int, **changes: Any) -> Model:
    return play.put(model, moved_cm=model.moved_cm + covered, moved=True, **changes)


def _turn(play: _Play, action: a.Turn) -> None:
    model = play.active_model(action)
    narrow, wide = movement.ORIENTATION[model.kind]  # §3.1 Tableau d'orientation
    play.spend(model, wide if action.wide else narrow, "turning")
    _after_move(play, model, 0)
    play.event("turn", "§3.1", f"{model.id} turns", model.id)


def _move(play: _Play, action: a.Move) -> None:
    model = play.active_model(action)
    _standing(model, "move", "§3.4")
    _not_engaged(play, model, "move")
    distance = _distance("distance_cm", action.distance_cm)
    jumps = check_range("jumps", action.jumps, 0, 5)
    limit = _limit(model, action.terrain)
    if distance > limit:
        raise IllegalAction(f"one move takes {model.id} at most {limit} cm here, not {distance}", "§3.3")
    most = movement.turn_limit(model.kind)
    if model.moved_cm + distance > most:
        raise IllegalAction(
            f"{model.id} has moved {model.moved_cm} cm this turn: {most - model.moved_cm} cm more at most without a "
            f"frenzied run",
            "§3.3",
        )
    cost = _fixed(movement.BASIC_COSTS, "move")
    if action.manner == "hidden":
        if not model.hidden or action.terrain == Terrain.CLEAR.value:
            raise IllegalAction(f"{model.id} moves hidden only when hidden, in terrain that is not clear", "§3.4")
        cost = movement.ADVANCED_COSTS["move_hidden"]
    elif action.manner == "in_cover":
        if not model.in_cover:
            raise IllegalAction(f"{model.id} is not in cover", "§3.4")
        cost = movement.ADVANCED_COSTS["move_in_cover"]
    cost += jumps * movement.ADVANCED_COSTS["jump"]
    if action.trample is not None:
        if not model.mounted:
            raise IllegalAction("only a mounted model tramples", "§10.2.2")
        trampled = _enemy(play, model, action.trample)
        if not trampled.on_ground:
            raise IllegalAction(f"{trampled.id} is not on the ground: it cannot be trampled", "§10.2.2")
        cost += mounted.TRAMPLE_COST
    if action.contact is not None:
        _enemy(play, model, action.contact)
    play.spend(model, cost, "this move")
    keep = {"hidden": action.manner == "hidden", "in_cover": action.manner == "in_cover"}
    model = _after_move(play, model, distance, **keep)
    play.event("move", "§3.4", f"{model.id} moves {distance} cm", model.id)
    for number in range(jumps):
        # §3.4 Sauter: a JA an obstacle; failure, falls beyond it; critical, stunned as well.
        check = play.check(model, model.agility, 0, f"§3.4 JA jump {number + 1}")
        if not check.succeeded:
            fallen = Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
            play.put(model, posture=fallen, mounted=False)
            play.event("jump_failed", "§3.4", f"{model.id} falls beyond the obstacle", model.id)
            if check.face == CRITICAL:
                play.lose_pa(model)
            return
    if action.trample is not None:
        _jdeg(play, play.model(action.trample), "§10.2.2 trampled", clumsy=False)
    if action.contact is not None:
        _enter_contact(play, play.model(model.id), action.contact)


def _run(play: _Play, action: a.Run) -> None:
    model = play.active_model(action)
    _standing(model, "run", "§3.4")
    _not_engaged(play, model, "run")
    distance = _distance("distance_cm", action.distance_cm)
    kind = "sprint" if action.sprint else "run"
    cost = _fixed(movement.BASIC_COSTS, kind)
    modifier = movement.FAST_MOVE_MODIFIERS[kind]
    most = movement.turn_limit(model.kind)
    if action.frenzied:
        if model.frenzied:
            raise IllegalAction(f"{model.id} has had its frenzied run this turn: one attempt a turn", "§3.4")
        cost += movement.ADVANCED_COSTS["frenzied_run"]
        modifier += movement.FAST_MOVE_MODIFIERS["frenzied"]
    elif model.moved_cm + distance > most:
        raise IllegalAction(
            f"{model.id} has moved {model.moved_cm} cm of its {most} this turn: beyond, only a frenzied run", "§3.4"
        )
    limit = _limit(model, action.terrain)
    if distance > limit:
        raise IllegalAction(f"a run takes {model.id} at most {limit} cm here, not {distance}", "§3.4")
    if action.contact is not None:
        _enemy(play, model, action.contact)
    play.spend(model, cost, "this run")
    check = play.check(model, model.agility, modifier, f"§3.4 JA {kind}")
    row = movement.FastMoveRow.GO if check.succeeded else movement.fast_move_row(check.total)
    covered = {
        movement.FastMoveRow.GO: distance,
        movement.FastMoveRow.HINDERED: min(distance, check.face),
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
    model = _after_move(play, model, covered, **changes)
    play.event("run", "§3.4", f"{model.id}: {row.value.replace('_', ' ')}, {covered} cm", model.id)
    if check.face == CRITICAL:  # §2.4: a critical JA loses every PA after it
        play.lose_pa(model)
    elif row is movement.FastMoveRow.GO and action.contact is not None:
        _enter_contact(play, model, action.contact)


def _stand_up(play: _Play, action: a.StandUp) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.DOWN:
        why = "stunned: it recovers (§8.2)" if model.posture is Posture.STUNNED else "standing"
        raise IllegalAction(f"{model.id} is {why}", "§3.4")
    play.spend(model, _fixed(movement.BASIC_COSTS, "stand_up"), "standing up")
    play.put(model, posture=Posture.STANDING)
    play.event("stand_up", "§3.4", f"{model.id} stands up", model.id)


def _lie_down(play: _Play, action: a.LieDown) -> None:
    model = play.active_model(action)
    _standing(model, "lie down", "§3.4")
    play.spend(model, movement.ADVANCED_COSTS["lie_down"], "lying down")
    play.put(model, posture=Posture.DOWN, mounted=False)
    play.event("lie_down", "§3.4", f"{model.id} lies down", model.id)


def _crawl(play: _Play, action: a.Crawl) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.DOWN:
        raise IllegalAction(f"{model.id} crawls only when on the ground, not stunned", "§3.4")
    _not_engaged(play, model, "crawl")
    play.spend(model, movement.ADVANCED_COSTS["crawl"], "crawling")
    _after_move(play, model, movement.CRAWL_CM)
    play.event("crawl", "§3.4", f"{model.id} crawls {movement.CRAWL_CM} cm", model.id)


def _hide(play: _Play, action: a.Hide) -> None:
    model = play.active_model(action)
    if model.mounted:
        raise IllegalAction("a mounted model may not hide", "§10.2.1")
    if action.terrain == Terrain.CLEAR.value:
        raise IllegalAction("hiding is impossible in clear terrain", "§3.4")
    if action.enemy_distance_cm <= movement.HIDE_MIN_ENEMY_CM:
        raise IllegalAction(
            f"a model hides more than {movement.HIDE_MIN_ENEMY_CM} cm from the enemy, not "
            f"{action.enemy_distance_cm} cm",
            "§3.4",
        )
    _not_engaged(play, model, "hide")
    play.spend(model, movement.ADVANCED_COSTS["hide"], "hiding")
    play.put(model, hidden=True)
    play.event("hide", "§3.4", f"{model.id} hides", model.id)


def _take_cover(play: _Play, action: a.TakeCover) -> None:
    model = play.active_model(action)
    if model.mounted:
        raise IllegalAction("a mounted model may not take cover", "§10.2.1")
    _not_engaged(play, model, "take cover")
    play.spend(model, movement.ADVANCED_COSTS["take_cover"], "taking cover")
    play.put(model, in_cover=True)
    play.event("take_cover", "§3.4", f"{model.id} takes cover", model.id)


def _climb(play: _Play, action: a.Climb) -> None:
    model = play.active_model(action)
    _standing(model, "climb", "§3.4")
    _not_engaged(play, model, "climb")
    play.spend(model, movement.ADVANCED_COSTS["climb"], "climbing")
    check = play.check(model, model.agility, 0, "§3.4 JA climb")
    if check.succeeded:
        height = play.d10("§3.4 climb: its height + 1d10 cm")
        play.event("climb", "§3.4", f"{model.id} climbs its height and {height} cm", model.id)
        return
    play.event("climb_failed", "§3.4", f"{model.id} stays where it is", model.id)
    if check.face == CRITICAL:  # §3.4 Escalader: a critical failure is a JDeg, its own clumsiness (§7)
        play.lose_pa(model)
        _jdeg(play, model, "§3.4 climb", clumsy=True)


# ---- close combat (II §4) ----------------------------------------------------------------------------------------


def _strike_hard(hard: int) -> int:
    with citing("003 II §4.2 Frapper fort: PA by 2"):
        check_range("hard", hard, 0, 20)
    if hard % melee.STRIKE_HARD_STEP:
        raise ValueError(f"hard is put in by {melee.STRIKE_HARD_STEP} PA, got {hard} (003 II §4.2 Frapper fort)")
    return hard


def _may_attack(play: _Play, model: Model, target: Model, from_behind: bool, at_mount: bool) -> None:
    _standing(model, "strike", "§4.1.1")
    if play.state.restrained:
        raise IllegalAction(f"{model.id} is shaken: it may not start a close combat this activation", "§8.1")
    if model.rallied or model.fled:
        raise IllegalAction(f"{model.id} may not attack this turn", "§8.2")
    if target.hidden:
        raise IllegalAction(f"{target.id} is hidden: find it before attacking it", "§4.1.1")
    if from_behind and not target.routed and len(play.state.enemies_in_contact(target.id)) < 3:
        raise IllegalAction("only a third enemy in contact may strike in the back", "§4.1.1")
    if at_mount and not target.mounted:
        raise IllegalAction(f"{target.id} is not mounted", "§10.2.2")


def _strike(play: _Play, action: a.Strike) -> None:
    model = play.active_model(action)
    target = _enemy(play, model, action.target)
    if pair(model.id, target.id) not in play.state.contacts:
        raise IllegalAction(f"{target.id} is not in contact with {model.id}: charge it instead", "§4.2")
    hard = _strike_hard(action.hard)
    _may_attack(play, model, target, action.from_behind, action.at_mount)
    play.spend(model, (melee.BASIC_COSTS["strike"]) + hard, "striking")
    _declare(play, Attack(model.id, target.id, hard, action.from_behind, action.at_mount, 0, action.on_critical))


def _charge(play: _Play, action: a.Charge) -> None:
    model = play.active_model(action)
    target = _enemy(play, model, action.target)
    distance = _distance("distance_cm", action.distance_cm)
    hard = _strike_hard(action.hard)
    _not_engaged(play, model, "charge")
    _may_attack(play, model, target, False, action.at_mount)
    limit = _limit(model, action.terrain)
    if distance > limit or model.moved_cm + distance > movement.turn_limit(model.kind):
        raise IllegalAction(f"{model.id} charges at most {limit} cm, within its turn's limit, not {distance}", "§3.3")
    play.spend(model, melee.BASIC_COSTS["charge"] + hard, "charging")
    model = _after_move(play, model, distance, hidden=False, in_cover=False)
    _enter_contact(play, model, target.id)
    bonus = mounted.MOUNTED_CHARGE_DAMAGE if model.mounted and distance >= mounted.MOUNTED_CHARGE_CM else 0
    _declare(play, Attack(model.id, target.id, hard, False, action.at_mount, bonus, action.on_critical))


def _declare(play: _Play, attack: Attack) -> None:
    target = play.model(attack.target)
    play.event("attack", "§4.1.1", f"{attack.attacker} attacks {attack.target}", attack.attacker, attack.target)
    if target.posture is Posture.STUNNED or target.routed:
        # §4.1.2: a stunned model does not fight back; §4.4: a routed one does not roll, it defends directly.
        _fight(play, attack, "defend", "zero")
        return
    play.state = replace(play.state, pending=attack)


def _defend(play: _Play, action: a.Defend) -> None:
    attack = play.state.pending
    if attack is None:
        raise IllegalAction("no close combat waits for an answer", "§4.1.1")
    if action.model != attack.target:
        raise IllegalAction(f"{attack.target} answers this attack, not {action.model}", "§4.1.1")
    model = play.model(action.model)
    if action.how != "defend":
        # §2.6.2: a defensive action costs every PA of the turn, open to a model not yet activated or waiting.
        if model.coin is Coin.TAKEN:
            raise IllegalAction(f"{model.id} has played this turn: it may only defend (0 PA)", "§2.6.2")
        if action.how == "dodge" and len(play.state.enemies_in_contact(model.id)) != 1:
            raise IllegalAction("a model dodges one against one only", "§4.2")
        if action.how == "defensive_shot":
            _ready_to_shoot(model)
        if action.how == "kick" and not model.mounted:
            raise IllegalAction("only a mounted model kicks", "§10.2.2")
        play.put(model, coin=Coin.TAKEN)
    play.state = replace(play.state, pending=None)
    _fight(play, attack, action.how, action.on_critical)


def _hit_bonus(play: _Play, striker: Model, victim: Model, from_behind: bool) -> int:
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


def _jc(play: _Play, model: Model, hit_bonus: int, extra: int, on_critical: str) -> tuple[int, CriticalRow | None]:
    """A JC (§4.1.2): its score, and the critical failure table's row when a natural 0 is read there (§4.1.3)."""
    face = play.d10(f"§4.1.2 JC of {model.id}")
    modifier = hit_bonus + extra - model.combativity_malus - model.die_malus
    if face != CRITICAL:
        return face + model.profile.C + modifier, None
    if on_critical == "zero":
        return melee.jc_score(face, model.profile.C, modifier), None
    table = play.d10(f"§4.1.3 critical failure table of {model.id}")
    row = melee.critical_row(table - model.critical_table_malus)
    play.event("melee_critical", "§4.1.3", f"{model.id}: {row.result.value.replace('_', ' ')}", model.id)
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


def _weapon_damage(model: Model) -> int:
    return (model.profile.weapon_damage - model.damage_malus) if model.has_weapon else 0


def _fight(play: _Play, attack: Attack, how: str, on_critical: str) -> None:
    attacker, target = play.model(attack.attacker), play.model(attack.target)
    parried = parry_failed = False
    dodge_malus = 0
    if how == "dodge":
        check = play.check(target, target.agility, melee.DODGE_JA_BONUS, "§4.2 JA dodge")
        if check.succeeded:  # §4.2 Esquiver: the attack's PA are lost; the defender steps back 5 cm
            play.state = replace(play.state, contacts=play.state.contacts - {pair(attacker.id, target.id)})
            play.event("dodge", "§4.2", f"{target.id} dodges and steps back {melee.DODGE_STEP_CM} cm", target.id)
            return
        dodge_malus = melee.DODGE_FAILED_MALUS
    elif how == "parry":
        parried = play.check(target, target.agility, 0, "§4.2 JA parry").succeeded
        parry_failed = not parried
    elif how == "change_weapon":
        check = play.check(target, target.agility, 0, "§4.2 JA change weapon")
        if check.succeeded:
            target = play.put(target, weapon_dropped=False, weapon_useless=False, combativity_malus=0, damage_malus=0)
        elif check.face == CRITICAL:
            target = play.put(target, weapon_dropped=True)
    elif how == "kick":
        check = play.check(target, target.agility, 0, "§10.2.2 JA kick")
        if check.succeeded:  # §10.2.2 Ruade: the enemy may not attack it this turn, set 1 cm away
            play.state = replace(play.state, contacts=play.state.contacts - {pair(attacker.id, target.id)})
            play.event("kick", "§10.2.2", f"{target.id}'s mount kicks {attacker.id} away", target.id)
            return
        fallen = Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
        target = play.put(target, mounted=False, posture=fallen)
    elif how == "defensive_shot":
        check = play.check(target, target.profile.M, _morale_modifier(play, target), "§5.2 JM defensive shot")
        if check.face == CRITICAL:
            play.put(target, loaded=False)
            play.event("defensive_shot", "§5.2", f"{target.id} looses a useless shot", target.id)
        else:
            _shot(play, target, attacker, 0 if check.succeeded else 15, 0, point_blank=check.succeeded)
        attacker, target = play.model(attacker.id), play.model(target.id)
        if not attacker.in_play or attacker.on_ground or attacker.routed:
            return
    fights = target.in_play and target.posture is not Posture.STUNNED and not target.routed
    a_bonus = _hit_bonus(play, attacker, target, attack.from_behind)
    a_score, a_row = _jc(play, attacker, a_bonus, 0, attack.on_critical)
    d_bonus = d_score = 0
    d_row: CriticalRow | None = None
    if fights:
        d_bonus = _hit_bonus(play, target, attacker, False)
        d_score, d_row = _jc(play, target, d_bonus, -dodge_malus, on_critical)
    attacker, target = play.model(attacker.id), play.model(target.id)
    if (a_row is not None and a_row.null_combat) or (d_row is not None and d_row.null_combat):
        play.event("null_combat", "§4.1.3", "the combat is null", attacker.id, target.id)
        return
    if a_row is not None or d_row is not None:
        attacker_hits, defender_hits = d_row is not None, a_row is not None and fights
    elif not fights:
        attacker_hits, defender_hits = True, False
    else:
        exchange = melee.opposed(a_score, d_score)
        attacker_hits, defender_hits = exchange is Exchange.ATTACKER_HITS, exchange is Exchange.DEFENDER_HITS
    play.event("exchange", "§4.1.3", f"JC {a_score} against {d_score}", attacker.id, target.id)
    if attacker_hits:
        # §4.1.3: the JC less the bonuses that only served to hit, plus the weapon's damage and the new bonuses
        damage = a_score - a_bonus + _weapon_damage(attacker) + attack.hard // melee.STRIKE_HARD_STEP
        damage += attack.charge_bonus + (d_row.enemy_damage_bonus if d_row is not None else 0)
        shield = target.profile.shield if fights else 0
        _wound(
            play,
            target,
            damage,
            "§4.1.3",
            die=fights,
            extra_defence=shield + (melee.PARRY_DEFENCE_BONUS if parried else 0),
            at_mount=attack.at_mount,
        )
    if defender_hits and not parry_failed:  # §4.2 Parer: failed, the defender's hit does no damage
        attacker, target = play.model(attacker.id), play.model(target.id)
        if attacker.in_play and target.in_play:
            damage = d_score - d_bonus + _weapon_damage(target) + (a_row.enemy_damage_bonus if a_row else 0)
            _wound(play, attacker, damage, "§4.1.3", extra_defence=attacker.profile.shield)


def _flee_combat(play: _Play, action: a.FleeCombat) -> None:
    model = play.active_model(action)
    enemies = play.state.enemies_in_contact(model.id)
    if not enemies:
        raise IllegalAction(f"{model.id} is in contact with no enemy", "§8.2")
    play.spend(model, len(enemies), "fleeing the combat")  # §8.2: one PA an enemy in contact
    play.put(model, fled=True)
    play.event("flee_combat", "§8.2", f"{model.id} flees the combat", model.id)
    # §8.2: a free attack it may only parry, then, if it lives, every PA left spent moving away.
    striker = play.model(enemies[0])
    parried = play.check(model, model.agility, 0, "§8.2 JA parry the free attack").succeeded
    score, _ = _jc(play, striker, 0, 0, "zero")
    _wound(
        play,
        play.model(model.id),
        score + _weapon_damage(striker),
        "§8.2",
        extra_defence=model.profile.shield + (melee.PARRY_DEFENCE_BONUS if parried else 0),
    )
    play.state = replace(play.state, contacts=frozenset(p for p in play.state.contacts if model.id not in p))
    if play.model(model.id).in_play:
        play.state = replace(play.state, pa_left=0)


# ---- shooting (II §5) --------------------------------------------------------------------------------------------


def _ready_to_shoot(model: Model) -> None:
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


def _may_shoot_at(play: _Play, shooter: Model, target: Model, in_front: bool) -> None:
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


def _shot(
    play: _Play,
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
    modifier += _fixed(shooting.SHOT_MODIFIERS, "point_blank") if close else 0
    if shooter.mounted:
        modifier += _fixed(shooting.SHOT_MODIFIERS, "mounted_shooter")
    if shooter.moved:
        modifier += _fixed(shooting.SHOT_MODIFIERS, "moved")
    if (cover or target.in_cover or target.on_ground) and distance > shooting.POINT_BLANK_CM and not from_behind:
        modifier += _fixed(shooting.SHOT_MODIFIERS, "cover_or_ground")
    if masked:
        modifier += _fixed(shooting.SHOT_MODIFIERS, "masked")
    if reaction:
        modifier += _fixed(shooting.SHOT_MODIFIERS, "reaction_shot")
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
    _wound(play, play.model(target.id), damage, "§5.1.3", at_mount=at_mount)


def _aim(aim: int) -> int:
    with citing("003 II §5.2 Viser: PA by 2"):
        check_range("aim", aim, 0, 20)
    if aim % shooting.AIM_STEP:
        raise ValueError(f"aim is put in by {shooting.AIM_STEP} PA, got {aim} (003 II §5.2 Viser)")
    return aim


def _shoot(play: _Play, action: a.Shoot) -> None:
    model = play.active_model(action)
    target = _enemy(play, model, action.target)
    aim = _aim(action.aim)
    distance = _distance("distance_cm", action.distance_cm)
    _ready_to_shoot(model)
    _may_shoot_at(play, model, target, action.in_front)
    if action.at_mount and not target.mounted:
        raise IllegalAction(f"{target.id} is not mounted", "§10.2.2")
    play.spend(model, _fixed(shooting.BASIC_COSTS, "shoot") + aim, "shooting")
    _shot(
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


def _reaction_shot(play: _Play, action: a.ReactionShot) -> None:
    model = play.model(action.model)
    if play.state.active is None or play.model(play.state.active).side is model.side:
        raise IllegalAction("a reaction shot is made in the enemy's activation", "§5.2")
    if model.coin is Coin.TAKEN:
        raise IllegalAction(f"{model.id} has played this turn: no defensive action is left to it", "§2.6.2")
    target = _enemy(play, model, action.target)
    _ready_to_shoot(model)
    _may_shoot_at(play, model, target, True)
    play.put(model, coin=Coin.TAKEN)
    _shot(
        play,
        play.model(model.id),
        target,
        _distance("distance_cm", action.distance_cm),
        0,
        cover=action.cover,
        masked=action.masked,
        from_behind=action.from_behind,
        reaction=True,
    )


def _reload(play: _Play, action: a.Reload) -> None:
    model = play.active_model(action)
    missile = model.profile.missile
    if missile is None or model.missile_useless:
        raise IllegalAction(f"{model.id} has no missile weapon to reload", "§5.2")
    if model.loaded:
        raise IllegalAction(f"{model.id}'s weapon is loaded", "§5.2")
    quick = _fixed(shooting.ADVANCED_COSTS, "quick_reload") if action.quick else 0
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


def _unjam(play: _Play, action: a.Unjam) -> None:
    model = play.active_model(action)
    if not model.jammed:
        raise IllegalAction(f"{model.id}'s weapon is not jammed", "§5.2")
    play.spend(model, _fixed(shooting.ADVANCED_COSTS, "unjam"), "unjamming")
    check = play.check(model, model.agility, 0, "§5.2 JA unjam")
    if check.succeeded:
        play.put(model, jammed=False)
    elif check.face == CRITICAL:
        play.lose_pa(model)
    play.event("unjam", "§5.2", f"{model.id} {'clears' if check.succeeded else 'fails to clear'} it", model.id)


# ---- spells (II §6) ----------------------------------------------------------------------------------------------


def _cast(play: _Play, action: a.Cast) -> None:
    model = play.active_model(action)
    spell = model.profile.spell
    if spell is None:
        raise IllegalAction(f"{model.id} knows no spell", "§6.1.1")
    if not model.memorised:
        raise IllegalAction(f"{model.id} has forgotten its spell: memorise it again", "§6.1.2")
    # §6.1.1 Les restrictions
    if model.profile.armoured or (model.profile.armed and model.has_weapon) or model.on_ground:
        raise IllegalAction(
            f"{model.id} may not cast: in armour, stunned, lying or with weapons in hand (but a dagger or a staff)",
            "§6.1.1",
        )
    target = play.model(action.target)
    if not target.in_play:
        raise IllegalAction(f"{target.id} is out of the battle", "§2.6.1")
    engaged = play.state.enemies_in_contact(model.id)
    if engaged and (not spell.offensive or target.id not in engaged):
        raise IllegalAction("in contact with an enemy, a model casts only an offensive spell at it", "§6.1.2")
    if target.hidden and not action.search:
        raise IllegalAction(f"{target.id} is hidden: search the target (+2 PA) to cast at it", "§6.2")
    if model.rallied and spell.offensive:
        raise IllegalAction(f"{model.id} rallied this turn: nothing offensive", "§8.2")
    with citing("003 II §6.2 Se concentrer: PA by 2"):
        check_range("concentrate", action.concentrate, 0, 20)
    if action.concentrate % spells.CONCENTRATE_STEP:
        raise ValueError(f"concentrate is put in by {spells.CONCENTRATE_STEP} PA (003 II §6.2)")
    distance = _distance("distance_cm", action.distance_cm)
    search = _fixed(spells.COSTS, "search_target") if action.search else 0
    play.spend(model, spell.cost + search + action.concentrate, "casting")
    modifier = action.concentrate // spells.CONCENTRATE_STEP - model.spell_malus
    terms = {
        "close_target": distance < shooting.POINT_BLANK_CM,
        "mounted_caster": model.mounted,
        "moved": model.moved,
        "cover_or_ground": action.cover or target.in_cover or target.on_ground,
        "masked": action.masked,
    }
    modifier += sum(_fixed(spells.SPELL_MODIFIERS, term) for term, applies in terms.items() if applies)
    model = play.put(model, hidden=False, in_cover=False)
    check = play.check(model, spell.level, modifier, f"§6.1.2 JS of {model.id}")
    if check.succeeded:
        play.event("spell", "§6.1.3", f"{model.id} casts {spell.name} at {target.id}", model.id, target.id)
        return
    if check.face != CRITICAL:
        play.event("spell_failed", "§6.1.3", f"{model.id}'s {spell.name} fails ({check.total})", model.id)
        return
    row = spells.critical_row(play.d10("§6.1.3 critical failure table of the spell"))
    play.event("spell_critical", "§6.1.3", f"{model.id}: {row.value}", model.id)
    if row is SpellCritical.BACKFIRE:
        _jdeg(play, model, "§6.1.3 backfire", clumsy=True)
    elif row is SpellCritical.MIGRAINE:
        play.put(model, spell_malus=model.spell_malus + 1)
    elif row is SpellCritical.BLAST:
        play.put(model, posture=Posture.DOWN, mounted=False)
    elif row is SpellCritical.AMNESIA:
        play.put(model, memorised=False)


def _memorise(play: _Play, action: a.Memorise) -> None:
    model = play.active_model(action)
    if model.profile.spell is None:
        raise IllegalAction(f"{model.id} knows no spell", "§6.1.1")
    if model.memorised:
        raise IllegalAction(f"{model.id} has its spell memorised: one at a time", "§6.1.1")
    play.spend(model, model.profile.spell.cost, "memorising")  # §6.2: the same cost as casting it
    play.put(model, memorised=True)
    play.event("memorise", "§6.2", f"{model.id} memorises {model.profile.spell.name}", model.id)


# ---- morale (II §8) ----------------------------------------------------------------------------------------------


def _rally(play: _Play, action: a.Rally) -> None:
    model = play.active_model(action)
    if not model.routed:
        raise IllegalAction(f"{model.id} is not routed", "§8.2")
    play.spend(model, _fixed(morale.COSTS, "rally"), "rallying")
    check = play.check(model, model.profile.M, _morale_modifier(play, model), "§8.2 JM rally")
    if check.face == CRITICAL:
        model = play.put(model, morale_malus=model.morale_malus + morale.CRITICAL_MORALE_LOSS)
    if check.succeeded:  # §8.2 Rallier: its PA left move, hide or draw, nothing offensive
        play.put(model, routed=False, rallied=True)
        play.event("rally", "§8.2", f"{model.id} rallies", model.id)
        return
    # §8.2: failed, no failure table: every PA lost, a free full move to the nearest table edge
    play.state = replace(play.state, pa_left=0)
    play.event("rally_failed", "§8.2", f"{model.id} runs for the nearest table edge", model.id)


def _recover(play: _Play, action: a.Recover) -> None:
    model = play.active_model(action)
    if model.posture is not Posture.STUNNED:
        raise IllegalAction(f"{model.id} is not stunned", "§8.2")
    play.spend(model, _fixed(morale.COSTS, "recover"), "recovering")
    check = play.check(model, model.profile.D, 0, "§8.2 JDP recover")  # pure Defence: no equipment
    posture = Posture.STANDING if check.succeeded else Posture.STUNNED if check.face == CRITICAL else Posture.DOWN
    play.put(model, posture=posture)
    play.event("recover", "§8.2", f"{model.id}: {posture.value}", model.id)


def _raise_comrade(play: _Play, action: a.RaiseComrade) -> None:
    model = play.active_model(action)
    comrade = play.model(action.comrade)
    if comrade.side is not model.side or comrade.id == model.id or not comrade.in_play:
        raise IllegalAction(f"{comrade.id} is not a comrade of {model.id} in play", "§8.2")
    if comrade.posture is not Posture.DOWN:
        raise IllegalAction(f"{comrade.id} is not on the ground, or is stunned", "§8.2")
    _standing(model, "raise a comrade", "§8.2")
    play.spend(model, _fixed(morale.COSTS, "raise_comrade"), "raising a comrade")
    play.put(comrade, posture=Posture.STANDING)
    play.event("raise_comrade", "§8.2", f"{model.id} raises {comrade.id}", model.id, comrade.id)


# ---- other actions (II §9, §10) ----------------------------------------------------------------------------------


def _scrutinise(play: _Play, action: a.Scrutinise) -> None:
    model = play.active_model(action)
    target = _enemy(play, model, action.target)
    if not target.hidden:
        raise IllegalAction(f"{target.id} is not hidden", "§9")
    modifier = other.scrutiny_modifier(action.distance_cm, action.hiding_place, action.night)
    play.spend(model, other.COSTS["scrutinise"], "scrutinising")
    face = play.d10(f"§9 scrutiny of {target.id}")
    check_face("face", face)
    if face - model.die_malus + modifier > 0:  # §9: detected, it is in cover from then on
        play.put(target, hidden=False, in_cover=True)
        play.event("detected", "§9", f"{model.id} spots {target.id}", model.id, target.id)
    else:
        play.event("not_detected", "§9", f"{model.id} sees nothing", model.id)


def _pick_up(play: _Play, action: a.PickUp) -> None:
    model = play.active_model(action)
    if not model.weapon_dropped:
        raise IllegalAction(f"{model.id} has not dropped its weapon", "§9")
    play.spend(model, other.COSTS["handle_object"], "picking up its weapon")
    play.put(model, weapon_dropped=False)
    play.event("pick_up", "§9", f"{model.id} picks up its weapon", model.id)


def _mount(play: _Play, action: a.Mount) -> None:
    model = play.active_model(action)
    if model.profile.kind is not Kind.MOUNTED or not model.mount_usable:
        raise IllegalAction(f"{model.id} has no mount it may use", "§10.2.1")
    _not_engaged(play, model, "get on or off its mount")
    _standing(model, "get on its mount", "§10.2.2")
    play.spend(model, _fixed(mounted.COSTS, "mount"), "getting on or off its mount")
    play.put(model, mounted=not model.mounted, hidden=False, in_cover=False)
    play.event("mount", "§10.2.2", f"{model.id} {'dismounts' if model.mounted else 'mounts'}", model.id)


_HANDLERS: dict[type[a.Action], Callable[[_Play, Any], None]] = {
    a.RollInitiative: _initiative,
    a.Activate: _activate,
    a.EndActivation: _end,
    a.StorePA: _store,
    a.Turn: _turn,
    a.Move: _move,
    a.Run: _run,
    a.StandUp: _stand_up,
    a.LieDown: _lie_down,
    a.Crawl: _crawl,
    a.Hide: _hide,
    a.TakeCover: _take_cover,
    a.Climb: _climb,
    a.Strike: _strike,
    a.Charge: _charge,
    a.Defend: _defend,
    a.FleeCombat: _flee_combat,
    a.Shoot: _shoot,
    a.ReactionShot: _reaction_shot,
    a.Reload: _reload,
    a.Unjam: _unjam,
    a.Cast: _cast,
    a.Memorise: _memorise,
    a.Rally: _rally,
    a.Recover: _recover,
    a.RaiseComrade: _raise_comrade,
    a.Scrutinise: _scrutinise,
    a.PickUp: _pick_up,
    a.Mount: _mount,
}
