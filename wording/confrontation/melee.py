"""The words of :mod:`rules.confrontation.melee`: the melee's opening tests."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "fighters_named_apart": gettext_lazy("Each fighter of a melee needs its own name."),
        "charge_kind_from_side": gettext_lazy("A charge's kind follows from the side it arrives from."),
        "opening_discipline": gettext_lazy("Discipline test of %(model)s"),
        "opening_initiative": gettext_lazy("Initiative test of %(model)s"),
    },
    words={},
)
