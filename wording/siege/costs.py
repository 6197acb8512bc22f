"""The words of :mod:`rules.siege.chapters.costs`: buying siege engines from the engine points (§14) and placing what
was bought."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences
from .game import SIDES

ITEMS = {
    "ladder": pgettext_lazy("siege engine", "ladder"),
    "ram": pgettext_lazy("siege engine", "ram"),
    "covered_ram": pgettext_lazy("siege engine", "covered ram"),
    "siege_tower": pgettext_lazy("siege engine", "siege tower"),
    "brazier": pgettext_lazy("siege engine", "brazier"),
    "stones": pgettext_lazy("siege engine", "stones"),
    "rock": pgettext_lazy("siege engine", "rock"),
    "brazier_water": pgettext_lazy("siege engine", "brazier of boiling water"),
    "brazier_oil": pgettext_lazy("siege engine", "brazier of boiling oil"),
    "brazier_lead": pgettext_lazy("siege engine", "brazier of molten lead"),
}
"""The engines of §14's lists (:data:`rules.siege.chapters.costs.ENGINE_COSTS`), as the supplement names them."""

SENTENCES = Sentences(
    {
        "not_for_sale": gettext_lazy("%(side)s cannot buy %(item)s; its list: %(items)s."),
        "no_engine_budget": gettext_lazy("%(side)s has no engine points."),
        "over_engine_budget": gettext_lazy(
            "The engine points of %(side)s are %(points)s: %(item)s costs %(cost)s and %(spent)s are spent already."
        ),
        "towers_per_army_points": gettext_lazy(
            "One siege tower per full %(per)s army points: %(army_points)s points allow %(most)s."
        ),
        "more_than_bought": gettext_lazy(
            "%(side)s bought %(bought)s × %(item)s and has %(placed)s on the table already: %(wanted)s more is too "
            "many."
        ),
        "belfries_bought_in_setup": gettext_lazy(
            "This battle's siege towers are belfries, each bought with its line to its wall in the battle's set-up."
        ),
    },
    words={"side": {s.value: w for s, w in SIDES.items()}, "item": ITEMS, "items": ITEMS},
)
