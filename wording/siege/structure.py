"""The words of :mod:`rules.siege.chapters.structure`: hits on the walls and towers (Table 3)."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .hits import CAUSES

SENTENCES = Sentences(
    {
        "section_silenced": gettext_lazy(
            "%(section)s was shaken by structure damage: its models cannot %(activity)s this turn or the next."
        ),
        "structure_not_a_rampart": gettext_lazy(
            "Structure damage falls on wall and tower sections, not on %(section)s."
        ),
        "collapsed_into_breach": gettext_lazy("%(section)s has already collapsed into a breach."),
        "structure_damage": gettext_lazy("%(cause)s on %(section)s: score %(score)s, %(result)s."),
        "silenced": gettext_lazy("%(section)s is shaken: its models cannot shoot nor use engineering next turn."),
        "breach": gettext_lazy(
            "%(section)s collapses: its war machines, ladders and defences are destroyed; a breach opens into "
            "%(courtyard)s."
        ),
        "structure_damage_roll": gettext_lazy("%(cause)s on %(section)s: damage"),
        "section_shaken": gettext_lazy("%(section)s shaken: silenced?"),
        "rampart_falls_victims": gettext_lazy("Rampart of %(section)s falls: models hit"),
    },
    words={
        "cause": CAUSES,
        "activity": {
            "shoot": gettext_lazy("shoot"),
            "throw_stones": gettext_lazy("throw stones"),
            "drop_rock": gettext_lazy("drop a rock"),
            "pour": gettext_lazy("pour a brazier"),
            "defend": gettext_lazy("throw or pour"),
        },
        "result": {
            "no_effect": gettext_lazy("no effect"),
            "shaken": gettext_lazy("shaken"),
            "severely_shaken": gettext_lazy("severely shaken"),
            "rampart_destroyed": gettext_lazy("rampart destroyed"),
            "partial_collapse": gettext_lazy("partial collapse"),
            "collapse": gettext_lazy("collapse"),
        },
    },
)
