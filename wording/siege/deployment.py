"""The words of :mod:`rules.siege.chapters.deployment`: the three steps of deployment and placing a siege tower."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "deploys_elsewhere": gettext_lazy("%(models)s: %(side)s deploys %(where)s at this step."),
        "engines_deploy_on_the_field": gettext_lazy(
            "Siege engines deploy with the besieger, 40 cm or more from the walls."
        ),
        "belfry_not_placed": gettext_lazy(
            "Siege tower %(tower)s is a belfry: it starts at its own distance from its wall, boarded by its levels."
        ),
        "tower_on_the_table": gettext_lazy("Siege tower %(tower)s is already on the table."),
        "tower_without_crew": gettext_lazy("Siege tower %(tower)s is deployed with its crew inside."),
        "cannot_crew_tower": gettext_lazy(
            "%(models)s cannot crew siege tower %(tower)s: its crew are besieger models on the field, carrying "
            "nothing, neither cavalry nor centauroids."
        ),
        "tower_crew_too_many": gettext_lazy("Siege tower %(tower)s holds %(most)s models, not %(named)s."),
    },
    words={
        "side": {s.value: w for s, w in SIDES.items()},
        "where": {
            "walls": gettext_lazy("everywhere but in the courtyards"),
            "field": gettext_lazy("40 cm or more from the walls"),
            "courtyards": gettext_lazy("in the courtyards"),
        },
    },
)
