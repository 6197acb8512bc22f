"""The words of :mod:`rules.confrontation.shooting`: shooting."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

MODIFIERS = {
    "minor_cover": pgettext_lazy("a Confrontation word", "minor cover"),
    "major_cover": pgettext_lazy("a Confrontation word", "major cover"),
    "total_cover": pgettext_lazy("a Confrontation word", "total cover"),
    "large_target": pgettext_lazy("a Confrontation word", "large target"),
    "very_large_target": pgettext_lazy("a Confrontation word", "very large target"),
    "stationary_target": pgettext_lazy("a Confrontation word", "stationary target"),
    "fast_target": pgettext_lazy("a Confrontation word", "fast target"),
    "very_fast_target": pgettext_lazy("a Confrontation word", "very fast target"),
    "charging_target": pgettext_lazy("a Confrontation word", "target charging you"),
    "shooter_moved": pgettext_lazy("a Confrontation word", "the shooter moved"),
    "shooter_moved_30": pgettext_lazy("a Confrontation word", "the shooter moved 30 cm or more"),
    "shooter_moved_50": pgettext_lazy("a Confrontation word", "the shooter moved 50 cm or more"),
}
KIND = {
    "shooters": pgettext_lazy("a Confrontation word", "shooters"),
    "casters": pgettext_lazy("a Confrontation word", "casters"),
}

SENTENCES = Sentences(
    {
        "modifier_twice": gettext_lazy("Each shooting modifier applies once."),
        "modifiers_exclusive": gettext_lazy("Only one of these applies to a shot: %(modifiers)s."),
        "shot_test": gettext_lazy("Shooting test"),
        "names_in_melee_distinct": gettext_lazy("The target and the models in contact need distinct names."),
        "who_is_hit": gettext_lazy("Who is hit"),
        "hold_fire_test": gettext_lazy("Command test to hold fire"),
        "phase_order_roll": gettext_lazy("Order of the phase: %(side)s, %(kind)s"),
    },
    words={"modifiers": MODIFIERS, "kind": KIND},
)
