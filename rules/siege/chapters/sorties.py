"""Sorties (*sorties*, §11): the besieged never deploy nor go outside the fort, except flyers harrying the rear.

Besieged flyers may leave the fort to engage war machines and engines (altars, cauldrons…) only (§11.2); they never
slow the besieger's march, and besieger units may engage them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.fast.members import BESIEGED, FLYER
from rules.siege.board.profiles import TroopType
from rules.siege.board.state import BattleState, IllegalAction, Model, Place, Side, check_distinct, check_may_act
from rules.siege.board.values import replace

__all__ = ["may_sortie", "sortie"]


def may_sortie(state: BattleState, model: Model) -> bool:
    """Whether ``model`` may fly out of the fort on a sortie now (§11.1, §11.2): a besieged flyer standing on a
    section of the fort, free to move this turn: neither fleeing, engaged, blocking, nor moved or rallied this turn.
    """
    log = state.turn_log
    return (
        model.side is BESIEGED
        and model.profile.has(FLYER)
        and model.place.inside
        and not model.fleeing
        and model.id not in log.moved
        and model.id not in log.rallied
        and not state.in_contact(model.id)
        and not state.is_blocking(model.id)
    )


def sortie(state: BattleState, flyers: Sequence[str], target: str) -> BattleState:
    """Besieged flyers fly out of the fort to the war machine or engine ``target`` and engage it (§11.1, §11.2);
    flying out is their move of the turn (§2.1)."""
    if not flyers:
        raise IllegalAction("no_flyer", "§11.2")
    check_distinct(flyers, "§11.2")
    aim = state.model(target)
    if aim.side is not Side.BESIEGER or aim.profile.troop_type is not TroopType.WAR_MACHINE:
        raise IllegalAction("sortie_at_machines", "§11.2", model=target)
    for flyer_id in flyers:
        model = state.model(flyer_id)
        if model.side is not BESIEGED or not model.profile.has(FLYER):
            raise IllegalAction("sortie_by_flyers", "§11.1", model=flyer_id)
        if not may_sortie(state, model):
            raise IllegalAction("flyer_not_free", "§11.2", model=flyer_id)
    check_may_act(state, flyers, "fly out")
    place: Place = aim.place
    log = state.turn_log
    state = state.with_models(
        {f: replace(state.model(f), place=place) for f in flyers},
        turn_log=replace(log, moved=log.moved | set(flyers)),
    )
    return replace(state, contacts=state.contacts | {(target, f) for f in flyers})
