"""The words of :mod:`rules.confrontation.flight`: flight, pursuit, rallying and disengaging."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "flight_roll": gettext_lazy("Flight of the fleeing model"),
        "pursuit_roll": gettext_lazy("Pursuit of the pursuer"),
        "gap_negative": gettext_lazy("The gap between the models is 0 cm or more, not %(gap)s."),
        "not_pursue_test": gettext_lazy("Discipline test not to pursue"),
        "leave_table_test": gettext_lazy("Discipline test not to leave the table"),
        "rally_test": gettext_lazy("Rally test"),
        "charged_cannot_disengage": gettext_lazy("A unit charged this turn cannot disengage."),
        "disengage_test": gettext_lazy("Initiative test to disengage"),
    },
    words={},
)
