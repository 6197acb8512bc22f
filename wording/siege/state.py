"""The words of :mod:`rules.siege.board.state`: what a battle has not got, and a deployment the fort cannot hold."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "no_such_ladder": gettext_lazy("There is no ladder « %(ladder)s » in this battle."),
        "no_such_siege_tower": gettext_lazy("There is no siege tower « %(tower)s » in this battle."),
        "no_such_belfry": gettext_lazy("There is no belfry « %(belfry)s » in this battle."),
        "no_such_ram": gettext_lazy("There is no ram « %(ram)s » in this battle."),
        "not_scaling": gettext_lazy("%(model)s is not scaling a wall."),
        "no_such_gate": gettext_lazy("There is no gate « %(gate)s » in this battle."),
        "model_ids_twice": gettext_lazy("A model is named once only: %(ids)s named twice."),
        "section_overfilled": gettext_lazy(
            "%(section)s holds at most %(most)s models of %(side)s: %(held)s were deployed."
        ),
    },
    words={"side": {s.value: w for s, w in SIDES.items()}},
)
