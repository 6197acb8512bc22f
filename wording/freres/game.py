"""The words of :mod:`rules.freres.game`: the turn's own refusals."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "skirmish_over": gettext_lazy("The skirmish is over."),
        "initiative_rolled": gettext_lazy("The initiative is rolled once, as the turn opens."),
        "initiative_first": gettext_lazy("Roll the initiative first: the turn opens with it."),
        "defend_first": gettext_lazy("%(target_model)s must first answer %(attacker_model)s's attack (defend)."),
        "bad_choice": gettext_lazy("%(name)s: %(value)s is not one of the choices the rules offer."),
        "bad_value": gettext_lazy("%(name)s: %(value)s is not accepted."),
        "bad_input": gettext_lazy("A value of the action is not accepted."),
        "no_such_model": gettext_lazy("There is no model « %(id)s » in this skirmish."),
        "out_of_battle": gettext_lazy("%(model)s is out of the battle."),
    }
)
