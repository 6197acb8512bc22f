"""The words of :mod:`rules.siege.chapters.magic`: the walls' magical protection and spells that shake them."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "not_a_free_caster": gettext_lazy("%(model)s is not a character free to cast a spell."),
        "no_magical_protection": gettext_lazy(
            "The besieged's own wizards and an unprotected fort have no magical protection."
        ),
        "spell_not_at_the_fort": gettext_lazy("%(model)s's spell is not cast from outside at the fort."),
        "no_free_caster": gettext_lazy("%(side)s has no character free to cast a spell."),
        "ward_dispels": gettext_lazy("Roll %(roll)s: the walls dispel the spell of %(model)s."),
        "ward_fails": gettext_lazy("Roll %(roll)s: the walls let the spell of %(model)s through."),
        "walls_ward": gettext_lazy("The walls against the spell of %(model)s"),
    },
    words={
        "side": {s.value: w for s, w in SIDES.items()},
    },
)
