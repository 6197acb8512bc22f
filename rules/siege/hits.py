"""Hits that are not close combat: shots, falling stones, boiling liquids, collapsing walls and towers.

Each hit rolls to wound against the target's toughness (R9) and then, as the rule allows, the armour save
(R8): :attr:`Save.NORMAL`, :attr:`Save.NONE` (*sans sauvegarde d'armure*) or :attr:`Save.NO_SHIELD`. Wounds past
the last one remove the model, which the battle state keeps among the fallen (§17).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum

from rules.dice import D6, Dice, Die
from rules.siege.state import BattleState, Event, Model
from rules.siege.turn_log import event
from rules.siege.values import replace
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
    reason: str,
    clause: str,
    *,
    save: Save = Save.NORMAL,
    wounds: Die | None = None,
    double: Sequence[str] = (),
) -> tuple[BattleState, list[Event], tuple[str, ...]]:
    """One hit of ``strength`` on each of ``targets``; each unsaved wound does ``wounds`` (a die) or 1, twice as
    much on the models in ``double`` (flaming hits on those who fear fire, §9.2). Returns the state, the events and
    the ids of the models killed.
    """
    targets = tuple(targets)
    dealt: dict[str, int] = {}
    for target_id in targets:
        model = state.model(target_id)
        need = to_wound(strength, model.profile.t)
        if need is None or dice.roll(D6, f"{reason} to wound {target_id}") < need:
            continue
        armour = save_need(model, strength, save)
        if armour is not None and dice.roll(D6, f"{reason} armour save {target_id}") >= armour:
            continue
        damage = 1 if wounds is None else dice.roll(wounds, f"{reason} wounds on {target_id}")
        dealt[target_id] = dealt.get(target_id, 0) + damage * (2 if target_id in double else 1)
    state, killed = apply_wounds(state, dealt)
    text = f"{reason}: S{strength} on {', '.join(targets) if targets else 'nobody'}, {sum(dealt.values())} wounds"
    return state, [event("hits", clause, text, tuple(dealt))], killed


def save_or_suffer(
    state: BattleState, targets: Iterable[str], dice: Dice, reason: str, clause: str, *, wounds: int | None
) -> tuple[BattleState, list[Event], tuple[str, ...]]:
    """Each of ``targets`` takes a basic save without its shield or loses ``wounds`` (``None``: dies), with no
    roll to wound: a ladder pushed back (§7.1.6), a fallen tower (§7.3.2).
    """
    dealt: dict[str, int] = {}
    for target_id in targets:
        model = state.model(target_id)
        need = save_need(model, None, Save.NO_SHIELD)
        if need is not None and dice.roll(D6, f"{reason} save {target_id}") >= need:
            continue
        dealt[target_id] = model.wounds_left if wounds is None else wounds
    state, killed = apply_wounds(state, dealt)
    text = f"{reason}: {len(dealt)} failed the save" if dealt else f"{reason}: every save passed"
    return state, [event("saves", clause, text, tuple(dealt))], killed
