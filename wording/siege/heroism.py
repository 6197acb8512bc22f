"""The words of :mod:`rules.siege.chapters.heroism`: the besieged's heroism tokens."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences({"no_heroism_token": gettext_lazy("The besieged has no heroism token left.")})
