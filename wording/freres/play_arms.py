"""The words of :mod:`rules.freres.play_arms`: the band's standard, the missiles carried and leaping on or off a
mount."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

REACH = {
    "within": pgettext_lazy("a skirmish's word", "within 30 cm: +1 to its morale tests"),
    "beyond": pgettext_lazy("a skirmish's word", "beyond 30 cm"),
}
OUTCOME = {
    "recovered": pgettext_lazy("a skirmish's word", "recovered"),
    "useless": pgettext_lazy("a skirmish's word", "the missile is useless"),
}
MOUNTING = {
    "mounts": pgettext_lazy("a skirmish's word", "leaps on its mount"),
    "dismounts": pgettext_lazy("a skirmish's word", "leaps off its mount"),
}
POSTURE = {
    "standing": pgettext_lazy("a skirmish's word", "standing"),
    "down": pgettext_lazy("a skirmish's word", "falls off the other side"),
    "stunned": pgettext_lazy("a skirmish's word", "falls off the other side, stunned"),
}

SENTENCES = Sentences(
    {
        "no_standard": gettext_lazy("The band of %(model)s has no standard in the battle."),
        "declares_own_distance": gettext_lazy(
            "%(model)s declares only its own distance to the standard; its bearer declares %(comrade_model)s's."
        ),
        "bears_the_standard": gettext_lazy("%(comrade_model)s carries the standard."),
        "standard_reach": gettext_lazy("%(comrade_model)s stands %(distance_cm)s cm from its standard: %(reach)s."),
        "no_missiles_left": gettext_lazy("%(model)s has no missile left."),
        "missiles_left": gettext_lazy("%(model)s has %(missiles)s missiles left."),
        "no_magazine": gettext_lazy("%(model)s has no weapon with a magazine."),
        "magazine_full": gettext_lazy("The magazine of %(model)s is full."),
        "change_magazine": gettext_lazy("%(model)s changes its magazine."),
        "no_missile_lying": gettext_lazy("%(model)s has no thrown missile lying on the field."),
        "recover_missile_ja": gettext_lazy("JA of %(model)s to recover its missile"),
        "missile_recovery": gettext_lazy("%(model)s recovers its missile: %(outcome)s."),
        "leap_mount_ja": gettext_lazy("JA of %(model)s to leap on or off its mount"),
        "no_fallen_standard": gettext_lazy("%(fallen_model)s is no fallen bearer of its band's standard."),
        "standard_taken": gettext_lazy("%(model)s picks up the standard %(fallen_model)s carried."),
        "mount_leap": gettext_lazy("%(model)s %(mounting)s: %(posture)s."),
    },
    words={"reach": REACH, "outcome": OUTCOME, "mounting": MOUNTING, "posture": POSTURE},
)
