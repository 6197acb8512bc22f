"""The words of :mod:`rules.siege.chapters.belfry.drawbridge`: the belfry's drawbridge lowered, and the defenders it
crushes."""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.siege.board.engines import Bridge
from rules.siege.chapters.belfry.drawbridge import Crush

from .. import Sentences

CRUSH_LABELS: Mapping[Crush, object] = {
    Crush.STEP_BACK: gettext_lazy("steps back one hex unharmed"),
    Crush.STUNNED: gettext_lazy("steps back one hex, stunned"),
    Crush.WOUNDED: gettext_lazy("steps back one hex, wounded"),
    Crush.KILLED: gettext_lazy("killed by the drawbridge"),
}
"""The crush roll's results in the words of 001 §8."""

SENTENCES = Sentences(
    {
        "crush_roll_out_of_range": gettext_lazy("The crush roll is a D10, from 1 to 10, not %(roll)s."),
        "drawbridge_not_up": gettext_lazy("The drawbridge of belfry %(belfry)s is already %(bridge)s."),
        "drawbridge_too_far": gettext_lazy(
            "Belfry %(belfry)s is %(distance)s hexes from %(section)s: the drawbridge is lowered %(reach)s hex from "
            "the rampart."
        ),
        "winchers_count": gettext_lazy("%(need)s models work the two winches, not %(named)s."),
        "winchers_not_at_winches": gettext_lazy(
            "%(models)s must be free on level 2 of belfry %(belfry)s, by its winches."
        ),
        "winchers_moved": gettext_lazy("%(models)s have moved: the winches take a full turn."),
        "bridge_stuck": gettext_lazy("The winchers of belfry %(belfry)s fell: its drawbridge stays up."),
        "bridge_down": gettext_lazy("belfry %(belfry)s's drawbridge comes down on %(section)s"),
        "crush": gettext_lazy("%(model)s rolls %(roll)s under the drawbridge: %(result)s"),
        "crush_armoured": gettext_lazy("%(model)s rolls %(roll)s, +1 for armour, under the drawbridge: %(result)s"),
        "drawbridge_falls_on": gettext_lazy("The drawbridge falls on %(model)s"),
    },
    words={
        "result": {c.value: w for c, w in CRUSH_LABELS.items()},
        "bridge": {
            Bridge.UP.value: pgettext_lazy("drawbridge", "up"),
            Bridge.LOWERING.value: pgettext_lazy("drawbridge", "being lowered"),
            Bridge.DOWN.value: pgettext_lazy("drawbridge", "down"),
        },
    },
)
