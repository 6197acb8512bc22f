"""The siege's actions as deeds of the log, in the reader's words: « Boyz orques ×8 se déplacent au pied de W3 ».
Not a catalogue of codes (an action's event is coded by the action's own name, :mod:`rules.siege.actions`), so it
holds ``DEEDS`` rather than ``SENTENCES``; with them each action's label on a button (``LABELS``), the words of the
set-up's purchases (§14) and of the victory points' rows (§17)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy

from rules.siege.actions import Action

from .. import Names

__all__ = ["DEEDS", "ITEMS", "LABELS", "LIQUIDS", "VICTORY_ROWS", "deed", "facts_of"]

DEEDS: Mapping[str, object] = {
    "buy": gettext_lazy("buys %(item)s"),
    "deploy": gettext_lazy("%(model)s deploys %(to)s"),
    "place_braziers": gettext_lazy("braziers placed %(section)s"),
    "allocate_ammunition": gettext_lazy("stones and rocks placed %(section)s"),
    "give_brazier": gettext_lazy("a brazier given to %(unit)s"),
    "start_mine": gettext_lazy("%(sappers)s start a mine"),
    "place_tower": gettext_lazy("siege tower %(tower)s placed with %(crew)s"),
    "counter_mine": gettext_lazy("%(models)s counter-mine"),
    "end_phase": gettext_lazy("end of the step"),
    "end_turn": gettext_lazy("end of the turn"),
    "spend_heroism": gettext_lazy("a heroism token spent"),
    "dig": gettext_lazy("the sappers dig"),
    "reroll_mine": gettext_lazy("a mining die rolled again"),
    "leave_mine": gettext_lazy("the mine is left"),
    "tunnel": gettext_lazy("%(models)s come out of the tunnel %(courtyard)s"),
    "move": gettext_lazy("%(models)s move %(to)s"),
    "charge": gettext_lazy("%(models)s charge %(to)s"),
    "stand_and_shoot": gettext_lazy("%(shooters)s stand and shoot"),
    "hold_charge": gettext_lazy("the charge is received"),
    "rally": gettext_lazy("rally %(section)s"),
    "flee": gettext_lazy("the fleeing models %(section)s flee on"),
    "block": gettext_lazy("%(model)s blocks %(where)s"),
    "end_block": gettext_lazy("the block %(where)s ends"),
    "reinforce_gate": gettext_lazy("%(models)s reinforce gate %(gate)s"),
    "unlock_gate": gettext_lazy("%(model)s unlocks gate %(gate)s"),
    "sortie": gettext_lazy("%(flyers)s make a sortie"),
    "climb_wall": gettext_lazy("%(giant)s climbs the wall"),
    "pick_up_ladder": gettext_lazy("%(carriers)s pick up ladder %(ladder)s"),
    "drop_ladder": gettext_lazy("ladder %(ladder)s is dropped"),
    "carry_ladder": gettext_lazy("ladder %(ladder)s is carried inside"),
    "erect_ladder": gettext_lazy("ladder %(ladder)s is raised against %(section)s"),
    "hoist_ladder": gettext_lazy("ladder %(ladder)s is hoisted %(courtyard)s"),
    "push_back": gettext_lazy("%(pushers)s push back ladder %(ladder)s"),
    "forgo_push_back": gettext_lazy("the climbers of ladder %(ladder)s are let up"),
    "push_over_empty_ladder": gettext_lazy("empty ladder %(ladder)s is pushed over"),
    "knock_down_ladder": gettext_lazy("ladder %(ladder)s is knocked down"),
    "carry_ram": gettext_lazy("%(carriers)s take up ram %(ram)s"),
    "drop_ram": gettext_lazy("ram %(ram)s is dropped"),
    "replace_ram_carriers": gettext_lazy("%(models)s take the places of the lost carriers of ram %(ram)s"),
    "bring_ram": gettext_lazy("ram %(ram)s is brought to gate %(gate)s"),
    "use_ram": gettext_lazy("ram %(ram)s strikes"),
    "push_tower": gettext_lazy("siege tower %(tower)s is pushed %(distance)s cm"),
    "disembark": gettext_lazy("%(models)s leave siege tower %(tower)s"),
    "push_belfry": gettext_lazy("belfry %(belfry)s is pushed %(hexes)s hex"),
    "climb_belfry": gettext_lazy("%(models)s climb %(to)s"),
    "raise_belfry_ladder": gettext_lazy("the ladder of belfry %(belfry)s is set up"),
    "lower_drawbridge": gettext_lazy("the drawbridge of belfry %(belfry)s is lowered"),
    "throw_stones": gettext_lazy("%(throwers)s throw stones at %(targets)s"),
    "drop_rock": gettext_lazy("%(throwers)s drop a rock"),
    "pour": gettext_lazy("%(pourers)s pour %(liquid)s"),
    "knock_over_braziers": gettext_lazy("the braziers %(section)s are knocked over"),
    "put_out_fire": gettext_lazy("%(pourers)s put out the fire"),
    "oil_on_fire": gettext_lazy("%(pourers)s pour oil on the fire"),
    "cast": gettext_lazy("%(caster)s casts through the walls' protection"),
    "earthquake": gettext_lazy("the walls %(section)s shake"),
    "shoot": gettext_lazy("%(shooters)s shoot at %(targets)s"),
    "shoot_engine": gettext_lazy("%(shooters)s shoot at %(engine)s"),
    "shoot_gate": gettext_lazy("%(shooters)s shoot at gate %(gate)s"),
    "shoot_structure": gettext_lazy("%(shooters)s shoot at the wall %(section)s"),
    "bombard": gettext_lazy("%(machine)s bombards %(target)s"),
    "panic_test": gettext_lazy("panic test %(section)s"),
    "fight": gettext_lazy("close combat %(section)s"),
    "retreat": gettext_lazy("the losers %(section)s fall back %(to)s"),
    "hold": gettext_lazy("the losers %(section)s hold"),
    "attack_gate": gettext_lazy("%(attackers)s attack gate %(gate)s"),
    "fight_blocker": gettext_lazy("%(attackers)s fight the blocker %(where)s"),
    "take_gate": gettext_lazy("%(model)s takes gate %(gate)s"),
    "fight_giant": gettext_lazy("%(targets)s fight %(giant)s"),
}
"""Each action's deed (:data:`rules.siege.actions.ACTIONS`), naming its facts."""

LABELS: Mapping[str, object] = {
    "buy": gettext_lazy("Buy an engine"),
    "deploy": gettext_lazy("Deploy"),
    "place_braziers": gettext_lazy("Place a brazier"),
    "allocate_ammunition": gettext_lazy("Place stones or a rock"),
    "give_brazier": gettext_lazy("Give a brazier to shooters"),
    "place_tower": gettext_lazy("Place a siege tower and its crew"),
    "start_mine": gettext_lazy("Start a mine"),
    "pick_up_ladder": gettext_lazy("Pick up a ladder"),
    "drop_ladder": gettext_lazy("Drop a ladder"),
    "carry_ladder": gettext_lazy("Carry a ladder inside"),
    "erect_ladder": gettext_lazy("Raise a ladder"),
    "hoist_ladder": gettext_lazy("Hoist a ladder"),
    "push_back": gettext_lazy("Push a ladder back"),
    "forgo_push_back": gettext_lazy("Let the climbers up"),
    "push_over_empty_ladder": gettext_lazy("Push over an empty ladder"),
    "knock_down_ladder": gettext_lazy("Knock a ladder down"),
    "carry_ram": gettext_lazy("Take up a ram"),
    "drop_ram": gettext_lazy("Drop a ram"),
    "replace_ram_carriers": gettext_lazy("Replace a ram's lost carriers"),
    "bring_ram": gettext_lazy("Bring a ram to a gate"),
    "use_ram": gettext_lazy("Ram the gate"),
    "push_tower": gettext_lazy("Push a siege tower"),
    "disembark": gettext_lazy("Leave the siege tower"),
    "push_belfry": gettext_lazy("Push a belfry"),
    "climb_belfry": gettext_lazy("Climb in a belfry"),
    "raise_belfry_ladder": gettext_lazy("Set up a belfry's ladder"),
    "lower_drawbridge": gettext_lazy("Lower the drawbridge"),
    "dig": gettext_lazy("Dig the mine"),
    "tunnel": gettext_lazy("Come through the tunnel"),
    "counter_mine": gettext_lazy("Counter-mine"),
    "reroll_mine": gettext_lazy("Re-roll a mining die"),
    "leave_mine": gettext_lazy("Leave the mine"),
    "move": gettext_lazy("Move"),
    "charge": gettext_lazy("Charge"),
    "stand_and_shoot": gettext_lazy("Stand and shoot"),
    "hold_charge": gettext_lazy("Receive the charge"),
    "rally": gettext_lazy("Rally"),
    "flee": gettext_lazy("Flee"),
    "climb_wall": gettext_lazy("Climb the wall"),
    "reinforce_gate": gettext_lazy("Reinforce a gate"),
    "unlock_gate": gettext_lazy("Unlock a gate"),
    "block": gettext_lazy("Block"),
    "end_block": gettext_lazy("Stop blocking"),
    "sortie": gettext_lazy("Sortie"),
    "throw_stones": gettext_lazy("Throw stones"),
    "drop_rock": gettext_lazy("Drop a rock"),
    "pour": gettext_lazy("Pour a brazier"),
    "put_out_fire": gettext_lazy("Put out a fire"),
    "oil_on_fire": gettext_lazy("Oil on a fire"),
    "knock_over_braziers": gettext_lazy("Knock over braziers"),
    "cast": gettext_lazy("Cast through the walls' protection"),
    "earthquake": gettext_lazy("Shake the walls with a spell"),
    "shoot": gettext_lazy("Shoot"),
    "shoot_engine": gettext_lazy("Shoot an engine"),
    "shoot_gate": gettext_lazy("Shoot a gate"),
    "shoot_structure": gettext_lazy("Shoot a wall"),
    "bombard": gettext_lazy("Bombard with a war machine"),
    "panic_test": gettext_lazy("Panic test"),
    "fight": gettext_lazy("Fight"),
    "retreat": gettext_lazy("Fall back"),
    "hold": gettext_lazy("Hold"),
    "attack_gate": gettext_lazy("Attack a gate"),
    "fight_blocker": gettext_lazy("Fight the blocker"),
    "take_gate": gettext_lazy("Take the gate"),
    "fight_giant": gettext_lazy("Fight the climbing giant"),
    "spend_heroism": gettext_lazy("Spend a heroism token"),
    "end_phase": gettext_lazy("End the step"),
    "end_turn": gettext_lazy("End the turn"),
}
"""Each action's label on the tracker's buttons (:data:`rules.siege.actions.ACTIONS`)."""

ITEMS: Mapping[str, object] = {
    "ladder": gettext_lazy("a ladder"),
    "ram": gettext_lazy("a ram"),
    "covered_ram": gettext_lazy("a covered ram"),
    "siege_tower": gettext_lazy("a siege tower"),
    "brazier": gettext_lazy("a brazier"),
    "stones": gettext_lazy("stones"),
    "rock": gettext_lazy("a rock"),
    "brazier_water": gettext_lazy("a brazier of boiling water"),
    "brazier_oil": gettext_lazy("a brazier of boiling oil"),
    "brazier_lead": gettext_lazy("a brazier of molten lead"),
}
"""The set-up's purchases (§14.1, §14.2, :data:`rules.siege.chapters.costs.ENGINE_COSTS`)."""

VICTORY_ROWS: Mapping[str, object] = {
    "units": gettext_lazy("units destroyed"),
    "general": gettext_lazy("general slain"),
    "battle_standard": gettext_lazy("battle standard taken"),
    "breach": gettext_lazy("breaches"),
    "wall_walk": gettext_lazy("wall walks held"),
    "tower": gettext_lazy("towers held"),
    "main_gate": gettext_lazy("main gate held"),
    "postern": gettext_lazy("posterns held"),
    "courtyard": gettext_lazy("courtyards held"),
}
"""The rows of the victory points (§17, :func:`rules.siege.chapters.victory.victory_points`)."""

_PLACES = frozenset({"to", "via", "section", "courtyard", "where", "flee_to"})
"""The fields of an action that name a place (a section id is a place)."""

LIQUIDS: Mapping[str, object] = {
    "water": gettext_lazy("boiling water"),
    "oil": gettext_lazy("boiling oil"),
    "lead": gettext_lazy("molten lead"),
}
"""A brazier's liquids (§8.2)."""

_WORDS: Mapping[str, Mapping[str, object]] = {"item": ITEMS, "liquid": LIQUIDS}


def facts_of(action: Action, names: Names) -> dict[str, str]:
    """An action's fields named for the reader: models by unit and number, places as the fort shows them."""
    facts: dict[str, str] = {}
    for key, value in action.to_json().items():
        if key in ("format", "action") or value in (None, [], "", False):
            continue
        if isinstance(value, list):
            flat = [v for v in value if isinstance(v, str)]
            facts[key] = names.models(tuple(flat)) if flat else ", ".join(map(str, value))
        elif key in _PLACES:
            facts[key] = names.place(str(value))
        elif key in _WORDS:
            facts[key] = str(_WORDS[key].get(str(value), value))
        elif isinstance(value, str) and names.model(value) != value:
            facts[key] = names.model(value)
        else:
            facts[key] = str(value)
    return facts


def deed(action: Action, names: Names, fallback: str) -> str:
    """What ``action`` did, in the reader's words; ``fallback`` (the action's label) when a fact its deed names is
    not given."""
    sentence = DEEDS.get(action.name)
    if sentence is None:
        return fallback
    try:
        return str(sentence) % facts_of(action, names)
    except KeyError:
        return fallback
