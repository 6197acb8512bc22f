"""The words of :mod:`rules.siege.board.checks`: models bound to something else this turn, the sections' quotas and a
model named twice."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

DEEDS = {
    "block": gettext_lazy("block"),
    "bring a ram": gettext_lazy("bring a ram"),
    "carry a ladder": gettext_lazy("carry a ladder"),
    "carry a ram": gettext_lazy("carry a ram"),
    "climb a ladder": gettext_lazy("climb a ladder"),
    "fight": gettext_lazy("fight"),
    "fly out": gettext_lazy("fly out"),
    "move": gettext_lazy("move"),
    "push a ladder": gettext_lazy("push a ladder back"),
    "reinforce a gate": gettext_lazy("reinforce a gate"),
    "set up a ladder": gettext_lazy("set up a ladder"),
    "shoot": gettext_lazy("shoot"),
    "strike a gate": gettext_lazy("strike a gate"),
    "unlock a gate": gettext_lazy("unlock a gate"),
    "work the winches": gettext_lazy("work the winches"),
}
"""What a model bound to something else may not do (:func:`rules.siege.board.checks.check_may_act`), as a verb."""

SENTENCES = Sentences(
    {
        "at_the_winches": gettext_lazy(
            "%(models)s work a belfry's winches this turn, neither moving, fighting nor shooting: they cannot %(what)s."
        ),
        "stunned_by_drawbridge": gettext_lazy("%(models)s were stunned by the drawbridge: they cannot %(what)s."),
        "reinforcing_a_gate": gettext_lazy("%(models)s reinforce a gate this turn: they cannot %(what)s."),
        "out_of_the_mine": gettext_lazy(
            "%(models)s have just left the mine and can do nothing this turn: they cannot %(what)s."
        ),
        "quota_passed": gettext_lazy(
            "%(section)s holds %(held)s models of %(side)s: %(coming)s more would pass its %(most)s."
        ),
        "named_twice": gettext_lazy("%(models)s named more than once: a model acts once."),
    },
    words={"what": DEEDS, "side": {s.value: w for s, w in SIDES.items()}},
)
