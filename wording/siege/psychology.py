"""The words of :mod:`rules.siege.chapters.psychology`: the panic tests a siege asks for, or does not."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SENTENCES as GAME
from .game import SIDES

SENTENCES = Sentences(
    {
        "no_panic_test_in_siege": gettext_lazy("A siege has no panic test for %(cause)s: no test on %(section)s."),
        "losses_under_quarter": gettext_lazy(
            "%(lost)s of %(present)s models lost on %(section)s: under 25 %%, no panic test."
        ),
        "no_scalding_loss": gettext_lazy("No loss to boiling oil or molten lead on %(section)s: no panic test."),
        "nobody_to_test": gettext_lazy("No model of %(side)s on %(section)s to test for panic."),
        "no_panic_due": gettext_lazy(
            "No panic test: %(side)s has not lost 25 %% of its models %(place)s to shooting or magic in this step."
        ),
        "losses_miscounted": gettext_lazy(
            "In this step %(side)s lost %(lost)s of %(present)s models %(place)s, not %(said_lost)s of "
            "%(said_present)s."
        ),
        "flight_placed_outside": gettext_lazy("Outside the fort, those fleeing %(place)s run as the rules place them."),
        "panic_flight_refused": gettext_lazy("The models of %(side)s %(place)s cannot flee %(to_place)s."),
    },
    words={"side": {s.value: w for s, w in SIDES.items()}, "cause": GAME.words["cause"]},
)
