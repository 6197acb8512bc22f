"""The words of :mod:`rules.confrontation.odds`: the exact chances."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "voluntary_gap": gettext_lazy(
            "In a voluntary flight both moves are measured from the fleeing model: the gap is 0, not %(gap)s."
        ),
    },
    words={},
)
