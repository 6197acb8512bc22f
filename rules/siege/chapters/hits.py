"""Hits that are not close combat: shots, falling stones, boiling liquids, collapsing walls and towers.

Each hit rolls to wound against the target's toughness (R9) and then, as the rule allows, the armour save
(R8): :attr:`Save.NORMAL`, :attr:`Save.NONE` (*sans sauvegarde d'armure*) or :attr:`Save.NO_SHIELD`. Wounds past
the last one remove the model, which the battle state keeps among the fallen (§17).

What strikes is named by a ``cause``, a word of the engine (``"shot"``, ``"stones"``, ``"rock"``…) that the
pages word (:mod:`wording.siege.hits`); the hits' event and the dice's reasons carry it with the facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum

from rules.dice import D6, Dice, Die, reason
from rules.siege.board.state import BattleState, Event, Model
from rules.siege.board.turn_log import event
from rules.siege.board.values import replace
from rules.wfb import modified_save, to_wound

__all__ = ["Save", "apply_wounds", "hit_models", "save_need", "save_or_suffer"]


class Save(Enum):
    NORMAL = "normal"
    NONE = "none"
    """*sans sauvegarde d'armure*."""
    NO_SHIELD = "no_shield"
    """*sans le bonus du bouclier*."""


def save_need(model: Model, strength: int | None, save: Save) -> int | None:
    """The armour save ``model`` takes (``strength`` ``None``: unmodified, a basic save, *sauvegarde de base*)."""
    need = model.profile.save
    if save is Save.NONE or need is None:
        return None
    if save is Save.NO_SHIELD and model.profile.shield:
        need += 1
        if need > 6:
            return None
    return need if strength is None else modified_save(need, strength)


def apply_wounds(state: BattleState, wounds: Mapping[str, int]) -> tuple[BattleState, tuple[str, ...]]:
    """The state with ``wounds`` dealt; returns it and the ids of the models killed."""
    changed: dict[str, Model | None] = {}
    killed: list[str] = []
    for model_id, count in wounds.items():
        if count <= 0:
            continue
        model = state.model(model_id)
        if count >= model.wounds_left:
            changed[model_id] = None
            killed.append(model_id)
        else:
            changed[model_id] = replace(model, wounds_lost=model.wounds_lost + count)
    return state.with_models(changed), tuple(killed)


def hit_models(
    state: BattleState,
    targets: Iterable[str],
    strength: int,
    dice: Dice,
    cause: str,
    clause: str,
    *,
    save: Save = Save.NORMAL,
    wounds: Die | None = None,
    double: Sequence[str] = (),
    by_model: str | None = None,
    section: str | None = None,
) -> tuple[BattleState, list[Event], tuple[str, ...]]:
    """One hit of ``strength`` on each of ``targets``, struck by ``cause`` (shot by ``by_model``, falling on or
    from ``section``, when given); each unsaved wound does ``wounds`` (a die) or 1, twice as much on the models in
    ``double`` (flaming hits on those who fear fire, §9.2). Returns the state, the events and the ids of the models
    killed.
    """
    targets = tuple(targets)
    dealt: dict[str, int] = {}
    written = " " in cause  # a cause still written as a sentence by a caller whose words are not yet written
    for target_id in targets:
        model = state.model(target_id)
        need = to_wound(strength, model.profile.t)
        why = f"{cause} to wound {target_id}" if written else reason("hit_wound", clause, cause=cause, model=target_id)
        if need is None or dice.roll(D6, why) < need:
            continue
        armour = save_need(model, strength, save)
        why = (
            f"{cause} armour save {target_id}"
            if written
            else reason("hit_armour", clause, cause=cause, model=target_id)
        )
        if armour is not None and dice.roll(D6, why) >= armour:
            continue
        why = (
            f"{cause} wounds on {target_id}" if written else reason("hit_damage", clause, cause=cause, model=target_id)
        )
        damage = 1 if wounds is None else dice.roll(wounds, why)
        dealt[target_id] = dealt.get(target_id, 0) + damage * (2 if target_id in double else 1)
    state, killed = apply_wounds(state, dealt)
    if not targets:
        return state, [event("hits_nobody", clause, {"cause": cause, "by_model": by_model, "section": section})], ()
    hits = event(
        "hits",
        clause,
        {
            "cause": cause,
            "strength": strength,
            "hits": len(targets),
            "target_models": tuple(dict.fromkeys(targets)),
            "wounds": sum(dealt.values()),
            "killed_models": killed,
            "by_model": by_model,
            "section": section,
        },
        tuple(dealt),
    )
    return state, [hits], killed


def save_or_suffer(
    state: BattleState, targets: Iterable[str], dice: Dice, cause: str, clause: str, *, wounds: int | None
) -> tuple[BattleState, list[Event], tuple[str, ...]]:
    """Each of ``targets`` takes a basic save without its shield or loses ``wounds`` (``None``: dies), with no
    roll to wound: a ladder pushed back (§7.1.6), a fallen tower (§7.3.2).
    """
    dealt: dict[str, int] = {}
    for target_id in targets:
        model = state.model(target_id)
        need = save_need(model, None, Save.NO_SHIELD)
        why = f"{cause} save {target_id}" if " " in cause else reason("hit_save", clause, cause=cause, model=target_id)
        if need is not None and dice.roll(D6, why) >= need:
            continue
        dealt[target_id] = model.wounds_left if wounds is None else wounds
    state, killed = apply_wounds(state, dealt)
    if not dealt:
        return state, [event("saves_passed", clause, {"cause": cause})], killed
    failed = tuple(dealt)
    return state, [event("saves_failed", clause, {"cause": cause, "failed_models": failed}, failed)], killed
