"""The words of :mod:`rules.siege.chapters.defences`: stones, rocks and braziers of the besieged."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "defender_not_on_section": gettext_lazy("%(model)s must be a besieged model on %(section)s."),
        "defender_engaged": gettext_lazy("%(model)s is engaged in close combat and cannot %(activity)s."),
        "defender_blocks_or_pushed": gettext_lazy(
            "%(model)s blocks or has pushed a ladder and cannot %(activity)s too."
        ),
        "defended_already": gettext_lazy("%(model)s has already thrown or poured this turn: once a turn."),
        "rallied_cannot_defend": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "defenders_needed": gettext_lazy("To %(activity)s takes %(need)s models; named: %(named)s."),
        "structure_not_below": gettext_lazy(
            "%(structure_kind)s %(structure)s is not a wooden structure directly below %(section)s."
        ),
        "target_not_below": gettext_lazy("%(model)s is not below %(section)s outside the fort."),
        "no_stones_left": gettext_lazy("%(section)s has no stone token left."),
        "no_rocks_left": gettext_lazy("%(section)s has no rock token left."),
        "tower_not_below": gettext_lazy(
            "%(model)s is in siege tower %(tower)s, which does not stand against %(section)s."
        ),
        "braziers_on_ramparts": gettext_lazy("Braziers stand on the ramparts, not on %(section)s."),
        "braziers_per_section": gettext_lazy(
            "%(section)s holds %(most)s braziers at most; it has %(braziers)s, and %(more)s more is too many."
        ),
        "allocate_one_token": gettext_lazy("Allocate one token or more (stones: %(stones)s, rocks: %(rocks)s)."),
        "ammunition_on_ramparts": gettext_lazy(
            "Stones and rocks are thrown from the ramparts to the outside, not from %(section)s."
        ),
        "ammunition_not_bought": gettext_lazy(
            "The besieged bought %(bought)s tokens of %(item)s and has allocated %(placed)s: %(wanted)s more is "
            "too many."
        ),
        "no_such_brazier": gettext_lazy("%(section)s has no brazier of %(liquid)s."),
        "only_oil_sets_alight": gettext_lazy("Only boiling oil sets a wooden structure alight, not %(liquid)s."),
        "burning_already": gettext_lazy(
            "%(structure_kind)s %(structure)s is burning already: pour the oil on the fire."
        ),
        "lead_needs_designated": gettext_lazy("Molten lead needs a designated model."),
        "lead_not_on_fire": gettext_lazy("Water or boiling oil is poured on a fire, not molten lead."),
        "water_on_gates_only": gettext_lazy(
            "Water puts out a fire on a gate below the rampart, not on %(structure_kind)s %(structure)s."
        ),
        "poured_not_burning": gettext_lazy("%(structure_kind)s %(structure)s is not burning."),
        "knock_over_in_own_turn": gettext_lazy("The besiegers knock braziers over in their own turn."),
        "section_not_held": gettext_lazy(
            "The besiegers must hold %(section)s with no besieged left on it to knock its braziers over."
        ),
        "no_brazier_to_knock_over": gettext_lazy("%(section)s has no brazier to knock over."),
        "ladder_emptied_by_stones": gettext_lazy("Ladder %(ladder)s, emptied by the stones, is pushed back."),
        "rock_misses": gettext_lazy("The rock from %(section)s misses %(model)s."),
        "ladder_broken_by_rock": gettext_lazy("Ladder %(ladder)s breaks under the rock."),
        "rock_to_hit": gettext_lazy("Rock from %(section)s on %(model)s: to hit"),
        "rock_breaks_ladder": gettext_lazy("Rock on ladder %(ladder)s: does it break?"),
        "splash": gettext_lazy("Splashes of %(liquid)s"),
    },
    words={
        "activity": {
            "throw_stones": gettext_lazy("throw stones"),
            "drop_rock": gettext_lazy("drop a rock"),
            "pour": gettext_lazy("pour a brazier"),
            "defend": gettext_lazy("throw or pour"),
        },
        "structure_kind": {
            "gate": gettext_lazy("gate"),
            "ram": gettext_lazy("covered ram"),
            "siege_tower": gettext_lazy("siege tower"),
        },
        "item": {
            "stones": gettext_lazy("stones"),
            "rock": gettext_lazy("rock"),
        },
        "liquid": {
            "water": gettext_lazy("boiling water"),
            "oil": gettext_lazy("boiling oil"),
            "lead": gettext_lazy("molten lead"),
        },
    },
)
