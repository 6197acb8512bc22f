"""The words of :mod:`rules.siege.chapters.sorties`: the besieged's flyers flying out at the war machines."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "no_flyer": gettext_lazy("No flyer named to fly out."),
        "sortie_at_machines": gettext_lazy("A sortie engages war machines and engines only, not %(model)s."),
        "sortie_by_flyers": gettext_lazy("Only the besieged's flyers may leave the fort, not %(model)s."),
        "flyer_not_free": gettext_lazy(
            "%(model)s is not free to fly out: a flyer on a section of the fort, neither fleeing, engaged nor "
            "blocking, that has not moved or rallied this turn."
        ),
    }
)
