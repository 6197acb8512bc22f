"""The words of :mod:`rules.freres.play_turn`: the initiative, activating a model, ending its activation and storing
its PA."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

BAND = {
    "a": pgettext_lazy("a skirmish's word", "band A"),
    "b": pgettext_lazy("a skirmish's word", "band B"),
}

SENTENCES = Sentences(
    {
        "initiative_roll": gettext_lazy("Initiative of %(band)s"),
        "initiative_tie": gettext_lazy("The initiative is tied at %(score)s: the dice are rolled again."),
        "initiative": gettext_lazy("%(band)s has the initiative (%(a_score)s to %(b_score)s)."),
        "activation_open": gettext_lazy("%(model)s is being activated: end its activation first."),
        "not_band_turn": gettext_lazy("%(band)s activates a model now, not %(other_band)s."),
        "activated_already": gettext_lazy("%(model)s has already been activated this turn: once a turn only."),
        "activate": gettext_lazy("%(model)s is activated with %(pa)s PA."),
        "no_activation": gettext_lazy("No model is being activated."),
        "store_first_only": gettext_lazy("PA are stored instead of the activation's first action, not after it."),
        "store_pa": gettext_lazy("%(model)s keeps its %(pa)s PA for a later turn."),
    },
    words={"band": BAND, "other_band": BAND},
)
