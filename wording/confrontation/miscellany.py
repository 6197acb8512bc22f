"""The words of :mod:`rules.confrontation.miscellany`: fear, movement through terrain."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

TERRAIN = {
    "marsh": pgettext_lazy("a Confrontation word", "a marsh"),
    "shallow_slow_river": pgettext_lazy("a Confrontation word", "a shallow slow river"),
    "shallow_fast_river": pgettext_lazy("a Confrontation word", "a shallow fast river"),
    "deep_river": pgettext_lazy("a Confrontation word", "a deep river"),
    "ford": pgettext_lazy("a Confrontation word", "a ford"),
    "mountain": pgettext_lazy("a Confrontation word", "a mountain"),
    "sparse_forest": pgettext_lazy("a Confrontation word", "a sparse forest"),
    "dense_forest": pgettext_lazy("a Confrontation word", "a dense forest"),
    "rope_bridge": pgettext_lazy("a Confrontation word", "a rope bridge"),
    "low_wall": pgettext_lazy("a Confrontation word", "a low wall"),
    "rocky": pgettext_lazy("a Confrontation word", "rocky ground"),
}
MOVER = {
    "troops": pgettext_lazy("a Confrontation word", "Troops"),
    "cavalry": pgettext_lazy("a Confrontation word", "Cavalry"),
    "monsters": pgettext_lazy("a Confrontation word", "Monsters"),
    "machines": pgettext_lazy("a Confrontation word", "Machines"),
}

SENTENCES = Sentences(
    {
        "fear_test": gettext_lazy("Fear test"),
        "wall_costs_height": gettext_lazy("Crossing %(terrain)s costs its height: count the wall's cost."),
        "cannot_cross": gettext_lazy("%(mover)s cannot cross %(terrain)s."),
        "movement_negative": gettext_lazy("A movement is 0 cm or more, not %(movement)s."),
        "height_negative": gettext_lazy("A wall's height is 0 cm or more, not %(height)s."),
    },
    words={"terrain": TERRAIN, "mover": MOVER},
)
