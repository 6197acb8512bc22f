"""Magic in a siege (§13): spells as usual, the fort's magical protection, and spells that shake the walls.

Every spell cast from outside the fort at models in it, or in support of besiegers on its ramparts, may be
dispelled by the walls on a 5+, irresistible spells too, besides the besieged's own dispels (§13.2)::

    >>> protection_applies(caster_inside=False, target_in_fort=True, shakes_walls=False)
    True
"""

from __future__ import annotations

from rules.dice import D6, Dice, reason
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Event, IllegalAction, Model, Outcome, Side, outcome
from rules.siege.chapters.structure import hit_section

__all__ = [
    "EARTHQUAKE_DAMAGE",
    "EARTHQUAKE_STRENGTH",
    "PROTECTION_NEED",
    "casters",
    "earthquake",
    "protection_applies",
    "ward",
]

PROTECTION_NEED = 5
EARTHQUAKE_STRENGTH = 10
EARTHQUAKE_DAMAGE = "D6"
"""Earthquake, crevasse and the like: a S10 hit of D6 damage on the section, never stopped by the walls (§13.2)."""


def protection_applies(*, caster_inside: bool, target_in_fort: bool, shakes_walls: bool) -> bool:
    """The walls' protection works against a spell from outside on anyone in the fort, never against one that
    shakes the walls, nor once the caster stands in the fort (§13.2).
    """
    return not caster_inside and target_in_fort and not shakes_walls


def ward(state: BattleState, caster: Model, target_in_fort: bool, dice: Dice, *, irresistible: bool = False) -> Outcome:
    """The walls try to dispel a besieger's spell (§13.2): 5+ on a D6, even one cast with irresistible force."""
    mark = dice.mark()
    if caster.id not in casters(state, caster.side):
        raise IllegalAction("not_a_free_caster", "§13.2", model=caster.id)
    if not state.magic_protection or caster.side is Side.BESIEGED:
        raise IllegalAction("no_magical_protection", "§13.2", side=caster.side.value)
    if not protection_applies(caster_inside=caster.place.inside, target_in_fort=target_in_fort, shakes_walls=False):
        raise IllegalAction("spell_not_at_the_fort", "§13.2", model=caster.id)
    roll = dice.roll(D6, reason("walls_ward", "§13.2", model=caster.id))
    if roll >= PROTECTION_NEED:
        dispelled = Event("ward_dispels", "§13.2", {"model": caster.id, "roll": roll, "irresistible": irresistible})
        return outcome(state, [dispelled], dice, mark)
    let_through = Event("ward_fails", "§13.2", {"model": caster.id, "roll": roll, "irresistible": irresistible})
    return outcome(state, [let_through], dice, mark)


def casters(state: BattleState, side: Side) -> tuple[str, ...]:
    """The models of ``side`` who may cast a spell now: its characters not fleeing (§13.1: spells are cast as usual,
    by WFB's rules, which the engine does not hold; it knows no wizard's level nor lore)."""
    return tuple(m.id for m in state.models if m.side is side and m.profile.has(Special.CHARACTER) and not m.fleeing)


def earthquake(state: BattleState, section: str, dice: Dice) -> Outcome:
    """A spell shaking the walls, cast by a character of the side to play, strikes the rampart ``section`` at S10
    with D6 damage on Table 3, the walls' protection never stopping it (§13.2: « Les sorts affectant les remparts
    type tremblement de terre, crevasse... ne peuvent pas être dissipés par la protection magique des remparts. Ils
    provoquent une touche de Force 10 causant 1D6 dommages sur une section/niveau visée par le sort », §5.9).
    """
    mark = dice.mark()
    state.fort.section(section)  # an unknown section is refused first
    if not casters(state, state.active):
        raise IllegalAction("no_free_caster", "§13.2", side=state.active.value)
    state, events = hit_section(state, section, EARTHQUAKE_STRENGTH, EARTHQUAKE_DAMAGE, dice, "earthquake")
    return outcome(state, events, dice, mark)
