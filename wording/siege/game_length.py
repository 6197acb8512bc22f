"""The words of :mod:`rules.siege.chapters.game_length`: the roll for the game's end and the siege's end."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "game_length_roll": gettext_lazy("the game's length"),
        "game_length": gettext_lazy("Roll %(roll)s: the game ends after turn %(last_turn)s."),
        "game_over": gettext_lazy("The siege ends after turn %(turn)s."),
    },
)
