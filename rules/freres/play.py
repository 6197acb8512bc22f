"""One action being played (:class:`Play`): the state as it changes, its events and its d10s, the end of an
activation and of a turn (II §1, §2.6), and the checks that several kinds of action share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.contract import Event, IllegalAction, Param
from rules.dice import Dice
from rules.freres import actions as a
from rules.freres import movement
from rules.freres.cards import CardRoller
from rules.freres.checks import Check, DiceRoller, Roller
from rules.freres.movement import Terrain
from rules.freres.state import Coin, Model, Phase, Side, Skirmish, pair
from rules.freres.variants import VariantRoller


class Play:
    """One action being played: the state as it changes, the events, and where the d10 results come from."""

    def __init__(self, state: Skirmish, dice: Dice) -> None:
        self.state = state
        self.events: list[Event] = []
        self.cards = CardRoller(dice, state.deck, state.card_variants.deck) if state.deck is not None else None
        self.roller: Roller = (
            self.cards
            if self.cards is not None
            else DiceRoller(dice)
            if state.die == "d10"
            else VariantRoller(dice, state.die)  # I §3: a d20 or a d30 read as a d10
        )

    # reading and writing

    def model(self, model_id: str) -> Model:
        return self.state.model(model_id)

    def put(self, model: Model, **changes: Any) -> Model:
        changed = replace(model, **changes)
        self.state = self.state.with_models([changed])
        return changed

    def event(self, kind: str, clause: str, facts: Mapping[str, Param] | None = None, *models: str) -> None:
        """Report ``kind`` with its facts, named as :mod:`rules.contract` says, about ``models``."""
        self.events.append(Event(kind, clause, facts, models))

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
                raise IllegalAction("not_activated", "§1.2", model=actor)
            raise IllegalAction("other_activated", "§1.2", active_model=self.state.active, model=actor)
        model = self.model(actor)
        if model.routed and not isinstance(action, a.Rally):
            raise IllegalAction("routed_rallies_first", "§8.2", model=actor)
        return model

    def spend(self, model: Model, cost: int, what: str) -> None:
        """Pay ``cost`` PA for ``what`` (the action's name); more than is left is refused (§2.6.3)."""
        left = self.state.pa_left
        if cost > left:
            raise IllegalAction("pa_short", "§2.6.3", what=what, cost=cost, model=model.id, left=left)
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
                end_activation(self)
        for side in Side:
            if not self.state.in_play(side):
                self.state = replace(self.state, phase=Phase.OVER, winner=side.enemy, active=None, pending=None)
                self.event("victory", "§1.3", {"band": side.enemy.value})
                break
        if self.cards is not None:
            self.state = replace(self.state, deck=self.cards.deck)


def fixed(table: Mapping[str, int | None], key: str) -> int:
    """A number of the document's tables that is not "V", "AD", "?" or "+/-"."""
    value = table[key]
    assert value is not None, f"{key} has no fixed value in its table"
    return value


def end_activation(play: Play) -> None:
    state = play.state
    assert state.active is not None
    model = play.model(state.active)
    waited = state.spent == 0 and not state.stored and model.in_play
    # §1.2, §2.6.2: having spent no PA it waits on face, one defensive action left; otherwise its coin goes.
    play.put(model, coin=Coin.HEADS if waited else Coin.TAKEN)
    play.state = replace(play.state, active=None, pa_left=0, spent=0, hoarding=False, restrained=False, stored=False)
    play.event("end_activation", "§1.2", {"model": model.id, "ending": "waits" if waited else "played"}, model.id)
    next_to_play(play)


def next_to_play(play: Play) -> None:
    state = play.state
    waiting = {side: any(m.coin is Coin.TAILS for m in state.in_play(side)) for side in Side}
    if waiting[state.to_play.enemy]:
        play.state = replace(state, to_play=state.to_play.enemy)
    elif not waiting[state.to_play]:
        new_turn(play)


def new_turn(play: Play) -> None:
    # §1.3, §1: a new turn, every coin back on pile, the initiative rolled again.
    fresh = [
        replace(m, coin=Coin.TAILS, moved_cm=0, moved=False, frenzied=False, rallied=False, fled=False)
        for m in play.state.models
    ]
    play.state = replace(
        play.state, models=tuple(fresh), turn=play.state.turn + 1, phase=Phase.INITIATIVE, initiative=None
    )
    play.event("new_turn", "§1.3", {"turn": play.state.turn})


# ---- movement (II §3) --------------------------------------------------------------------------------------------


def require_not_engaged(play: Play, model: Model, what: str) -> None:
    if play.state.enemies_in_contact(model.id):
        raise IllegalAction("engaged_may_not", "§8.2", model=model.id, deed=what)


def require_standing(model: Model, what: str, clause: str) -> None:
    if model.on_ground:
        raise IllegalAction("on_ground_may_not", clause, model=model.id, deed=what)


def terrain_limit(model: Model, terrain: str) -> int:
    return movement.move_limit(model.kind, Terrain(terrain), model.profile.A, model.encumbered)


def may_go_at(play: Play, model: Model, target: Model) -> None:
    """Refuse ``model`` going at the enemy ``target``, into contact or striking: a shaken model may neither advance
    on the enemy nor start a close combat (§8.1), one that rallied or fled this turn attacks no more (§8.2), and a
    hidden model is found before it is attacked (§4.1.1)."""
    if play.state.restrained:
        raise IllegalAction("shaken_no_advance", "§8.1", model=model.id)
    if model.rallied or model.fled:
        raise IllegalAction("may_not_attack", "§8.2", model=model.id)
    if target.hidden:
        raise IllegalAction("target_hidden", "§4.1.1", target_model=target.id)


def spot(play: Play, model: Model, target: Model, distance_cm: int) -> Model:
    """The enemy ``target``, hidden ``distance_cm`` straight ahead of ``model``'s front, as it is now: under 20 cm it
    is found at once, with no roll (§3.4 Se cacher, R21), and in cover from then on, as a model detected (§9)."""
    if not target.hidden or target.side is model.side or distance_cm >= movement.SPOTTED_WITHIN_CM:
        return target
    found = play.put(target, hidden=False, in_cover=True)
    play.event(
        "spotted",
        "§3.4",
        {"target_model": target.id, "distance_cm": distance_cm, "model": model.id},
        model.id,
        target.id,
    )
    return found


def enter_contact(play: Play, model: Model, target_id: str) -> None:
    # §3.4 Entrer au contact: 0 PA; a model in cover contacted loses its cover; at most 4 enemies on a model on
    # foot, 6 on a mounted one. A model moves straight ahead (§3.3): the enemy it reaches is at its front (R21).
    target = spot(play, model, enemy_of(play, model, target_id), 0)
    may_go_at(play, model, target)
    limit = movement.CONTACT_LIMITS["mounted" if target.mounted else "foot"]
    if pair(model.id, target.id) not in play.state.contacts and len(play.state.enemies_in_contact(target.id)) >= limit:
        raise IllegalAction("surrounded", "§3.4", target_model=target.id, most=limit)
    play.state = replace(play.state, contacts=play.state.contacts | {pair(model.id, target.id)})
    if target.in_cover:
        play.put(target, in_cover=False)
    play.event("contact", "§3.4", {"model": model.id, "target_model": target.id}, model.id, target.id)


def enemy_of(play: Play, model: Model, target_id: str) -> Model:
    target = play.model(target_id)
    if target.side is model.side:
        raise IllegalAction("not_an_enemy", "§3.4", target_model=target_id, model=model.id)
    if not target.in_play:
        raise IllegalAction("out_of_battle", "§2.6.1", model=target_id)
    return target


def after_move(play: Play, model: Model, covered: int, **changes: Any) -> Model:
    return play.put(model, moved_cm=model.moved_cm + covered, moved=True, **changes)


Handler = Callable[[Play, Any], None]
"""How an action is played: its rules on the action being played."""
