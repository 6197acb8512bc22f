"""Sorties (*sorties*, §11): the besieged never deploy nor go outside the fort, except flyers harrying the rear.

Besieged flyers may leave the fort to engage war machines and engines (altars, cauldrons…) only (§11.2); they never
slow the besieger's march, and besieger units may engage them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.siege.profiles import Special, TroopType
from rules.siege.state import BattleState, IllegalAction, Place, Side
from rules.siege.values import replace

__all__ = ["sortie"]


def sortie(state: BattleState, flyers: Sequence[str], target: str) -> BattleState:
    """Besieged flyers fly out to the war machine or engine ``target`` and engage it (§11.1, §11.2)."""
    aim = state.model(target)
    if aim.side is not Side.BESIEGER or aim.profile.troop_type is not TroopType.WAR_MACHINE:
        raise IllegalAction(f"a sortie engages war machines and engines only, not {target} (§11.2)", "§11.2")
    for flyer_id in flyers:
        model = state.model(flyer_id)
        if model.side is not Side.BESIEGED or not model.profile.has(Special.FLYER):
            raise IllegalAction(f"only besieged flyers may leave the fort, not {flyer_id} (§11.1, §11.2)", "§11.1")
    place: Place = aim.place
    state = state.with_models({f: replace(state.model(f), place=place) for f in flyers})
    return replace(state, contacts=state.contacts | {(target, f) for f in flyers})
