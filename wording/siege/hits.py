"""The words of :mod:`rules.siege.chapters.hits`: hits and saves, by what struck (their cause)."""

from django.utils.translation import gettext_lazy

from .. import Sentences

CAUSES = {
    "shot": gettext_lazy("Shooting"),
    "war_machine": gettext_lazy("War machine"),
    "template": gettext_lazy("Template"),
    "stones": gettext_lazy("Stones"),
    "rock": gettext_lazy("Rock"),
    "water": gettext_lazy("Boiling water"),
    "oil": gettext_lazy("Boiling oil"),
    "lead": gettext_lazy("Molten lead"),
    "lead_designated": gettext_lazy("Molten lead on the designated model"),
    "splash": gettext_lazy("Splashes"),
    "falling_rampart": gettext_lazy("Falling rampart"),
    "collapse": gettext_lazy("Collapse"),
    "collapse_nearby": gettext_lazy("Collapse nearby"),
    "ladder_broken": gettext_lazy("Broken ladder"),
    "earthquake": gettext_lazy("Earthquake"),
}
"""What strikes, by the engine's word for it."""

SENTENCES = Sentences(
    {
        "hits": gettext_lazy(
            "%(cause)s on %(target_models)s, Strength %(strength)s: hits %(hits)s, wounds %(wounds)s."
        ),
        "hits_nobody": gettext_lazy("%(cause)s: nobody is hit."),
        "saves_failed": gettext_lazy("%(cause)s: the save is failed by %(failed_models)s."),
        "saves_passed": gettext_lazy("%(cause)s: every save is passed."),
        "hit_wound": gettext_lazy("%(cause)s: to wound %(model)s"),
        "hit_armour": gettext_lazy("%(cause)s: armour save of %(model)s"),
        "hit_damage": gettext_lazy("%(cause)s: wounds on %(model)s"),
        "hit_save": gettext_lazy("%(cause)s: save of %(model)s"),
    },
    words={
        "cause": CAUSES,
    },
)
