"""The words of :mod:`rules.siege.battle`: starting a battle from its set-up."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {"belfry_option_off": gettext_lazy("Belfries are played when the battle's belfry option is on.")},
)
