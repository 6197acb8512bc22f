"""The table of other actions (II §9 *Tableau des actions autres*): cutting off a head, opening, opening « à la
Conan », carrying and setting down a friend out of the fight, drawing and putting away one's weapon and shield.

Scrutiny and picking up a dropped weapon are played with the spells and the morale (:mod:`rules.freres.play_other`).
"""

from __future__ import annotations

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import other
from rules.freres.checks import CRITICAL
from rules.freres.play import Handler, Play, require_standing
from rules.freres.state import Model

OUT_OF_THE_FIGHT = "out_of_action"
"""§9 « un ami hors de combat »: a model with no PA left, « mise hors de combat (hdc) » (§7)."""


def _behead(play: Play, action: a.Behead) -> None:
    model = play.active_model(action)
    corpse = play.model(action.corpse)
    if corpse.out != "killed":  # « Décapite un mort (et seulement les morts) »
        raise IllegalAction("not_dead", "§9", corpse_model=corpse.id)
    if corpse.beheaded:
        raise IllegalAction("beheaded_already", "§9", corpse_model=corpse.id)
    require_standing(model, "behead", "§9")
    play.spend(model, other.COSTS["behead"], "behead")
    play.put(corpse, beheaded=True)
    play.event("behead", "§9", {"model": model.id, "corpse_model": corpse.id}, model.id, corpse.id)


def _open(play: Play, action: a.Open) -> None:
    model = play.active_model(action)
    play.spend(model, other.COSTS["open"], "open")  # « Il faut être au contact de l'objet »: the player's to say
    play.event("open", "§9", {"model": model.id}, model.id)


def _open_conan(play: Play, action: a.OpenConan) -> None:
    model = play.active_model(action)
    if not model.has_weapon:  # « et avoir une arme de contact »
        raise IllegalAction("conan_needs_weapon", "§9", model=model.id)
    play.spend(model, other.COSTS["open_conan"], "open_conan")
    check = play.check(model, model.agility, 0, reason("conan_ja", "§9", model=model.id))
    if check.succeeded:
        play.event("open", "§9", {"model": model.id}, model.id)
        return
    if check.face != CRITICAL:  # « Echec : recommencez ! »
        play.event("conan_failed", "§9", {"model": model.id}, model.id)
        return
    # « Echec critique : l'arme se brise et vous devez recommencer ! »; and the PA after a critical JA are lost (§2.4)
    play.put(model, weapon_useless=True)
    play.lose_pa(model)
    play.event("conan_weapon_broken", "§9", {"model": model.id}, model.id)


def _carried_by(play: Play, friend: Model) -> str | None:
    return next((m.id for m in play.state.models if m.carrying == friend.id), None)


def _carry(play: Play, action: a.Carry) -> None:
    model = play.active_model(action)
    friend = play.model(action.friend)
    if friend.side is not model.side or friend.out != OUT_OF_THE_FIGHT:
        raise IllegalAction("not_a_friend_out", "§9", friend_model=friend.id)
    if model.carrying is not None:
        raise IllegalAction("carries_already", "§9", model=model.id)
    bearer = _carried_by(play, friend)
    if bearer is not None:
        raise IllegalAction("carried_already", "§9", friend_model=friend.id, bearer_model=bearer)
    if model.in_hand:  # « Elle ne doit pas avoir d'objets en main »
        raise IllegalAction("hands_not_free", "§9", model=model.id, objects=model.in_hand)
    require_standing(model, "carry", "§9")
    if model.mounted:
        raise IllegalAction("mounted_may_not_carry", "§9", model=model.id)
    play.spend(model, other.COSTS["carry_friend"], "carry")
    play.put(model, carrying=friend.id, hidden=False)
    play.event("carry", "§9", {"model": model.id, "friend_model": friend.id}, model.id, friend.id)


def _set_down(play: Play, action: a.SetDown) -> None:
    model = play.active_model(action)
    if model.carrying is None:
        raise IllegalAction("carries_nobody", "§9", model=model.id)
    play.spend(model, other.COSTS["carry_friend"], "set_down")
    friend = model.carrying
    play.put(model, carrying=None)
    play.event("set_down", "§9", {"model": model.id, "friend_model": friend}, model.id, friend)


def _objects(model: Model) -> int:
    """What it draws or puts away: its weapon unless dropped, its shield."""
    return (0 if model.weapon_dropped else 1) + (1 if model.profile.shield else 0)


def _draw(play: Play, action: a.Draw) -> None:
    model = play.active_model(action)
    if not model.sheathed:
        raise IllegalAction("drawn_already", "§9", model=model.id)
    if model.carrying is not None:  # the friend on its shoulder: no object in hand (§9)
        raise IllegalAction("carrying_hands_full", "§9", model=model.id)
    objects = _objects(model)
    play.spend(model, other.COSTS["handle_object"] * objects, "draw")  # « 1 PA par objet déplacé »
    play.put(model, sheathed=False)
    play.event("draw", "§9", {"model": model.id, "objects": objects}, model.id)


def _sheathe(play: Play, action: a.Sheathe) -> None:
    model = play.active_model(action)
    objects = model.in_hand
    if not objects:
        raise IllegalAction("nothing_in_hand", "§9", model=model.id)
    play.spend(model, other.COSTS["handle_object"] * objects, "sheathe")
    play.put(model, sheathed=True)
    play.event("sheathe", "§9", {"model": model.id, "objects": objects}, model.id)


HANDLERS: dict[type[a.Action], Handler] = {
    a.Behead: _behead,
    a.Open: _open,
    a.OpenConan: _open_conan,
    a.Carry: _carry,
    a.SetDown: _set_down,
    a.Draw: _draw,
    a.Sheathe: _sheathe,
}
