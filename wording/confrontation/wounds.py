"""The words of :mod:`rules.confrontation.wounds`: the wounds table."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "wound_location": gettext_lazy("Location of the wound"),
    },
    words={},
)
