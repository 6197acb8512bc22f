"""The words of :mod:`rules.siege.chapters.rams`: rams carried, brought to a gate and swung."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "ram_carried_already": gettext_lazy("Ram %(ram)s is already carried by %(carrier_models)s."),
        "ram_carriers_count": gettext_lazy("A ram is carried by %(least)s to %(most)s models, not %(weight)s."),
        "ram_stays_outside": gettext_lazy(
            "The carriers of ram %(ram)s stand together outside the fort, not %(place)s: a ram never enters it."
        ),
        "ram_lies_elsewhere": gettext_lazy(
            "Ram %(ram)s lies %(lies_place)s: it is picked up there, or by models passing by from the field."
        ),
        "ram_carriers_flee_or_fight": gettext_lazy("%(models)s flee or fight and cannot carry ram %(ram)s."),
        "ram_carriers_loaded": gettext_lazy("%(models)s already carry a ladder or a ram: one load at a time."),
        "ram_not_carried": gettext_lazy("Nobody carries ram %(ram)s."),
        "ram_carriers_enough": gettext_lazy(
            "Ram %(ram)s still has %(weight)s carriers: its lost carriers are replaced when fewer than %(least)s "
            "are left."
        ),
        "replacements_named": gettext_lazy("Name the models that take the places of the carriers ram %(ram)s lost."),
        "replacements_of_the_regiment": gettext_lazy(
            "%(models)s are not of the regiment of the carriers of ram %(ram)s: only its own models replace them."
        ),
        "ram_not_at_service_door": gettext_lazy(
            "%(gate)s is a service door inside the fort, which a ram never enters."
        ),
        "rammed_gate_destroyed": gettext_lazy("Gate %(gate)s is already destroyed."),
        "ram_at_gate_already": gettext_lazy("Ram %(ram)s is already at gate %(gate)s."),
        "ram_too_few_carriers": gettext_lazy(
            "Ram %(ram)s has %(weight)s carriers: a ram is never carried by fewer than %(least)s."
        ),
        "ram_brought_in_movement": gettext_lazy(
            "In the set-up the carriers of ram %(ram)s must stand at gate %(gate)s: the besieger brings the ram "
            "in his movement."
        ),
        "ram_carriers_moved": gettext_lazy(
            "%(models)s have moved this turn: carrying ram %(ram)s to gate %(gate)s is their move."
        ),
        "ram_in_besieger_turn": gettext_lazy("Rams strike in the besieger's close-combat phase."),
        "ram_struck_already": gettext_lazy("Ram %(ram)s has struck this phase: one use a phase."),
        "ram_not_at_gate": gettext_lazy("Ram %(ram)s is not in contact with a gate."),
        "ram_too_few_at_gate": gettext_lazy(
            "Ram %(ram)s has %(weight)s carriers at gate %(gate)s; it needs %(least)s."
        ),
        "ram_not_covered": gettext_lazy("Ram %(ram)s is not covered: only a covered ram is a target."),
        "ram_broken": gettext_lazy("Roll %(roll)s: the wrecked ram %(ram)s cannot be used."),
        "ram": gettext_lazy("Ram %(ram)s (Strength %(strength)s) strikes gate %(gate)s: damage %(damage)s."),
        "ram_damage": gettext_lazy("Covered ram %(ram)s: structure points lost %(points)s, left %(left)s."),
        "ram_strength_tie": gettext_lazy("Carriers of ram %(ram)s: lower or higher strength"),
        "wrecked_ram_swings": gettext_lazy("Wrecked ram %(ram)s: can it swing?"),
        "ram_to_wound": gettext_lazy("Ram %(ram)s, strike %(strike)s: to wound"),
        "ram_damage_roll": gettext_lazy("Ram %(ram)s: damage"),
    },
)
