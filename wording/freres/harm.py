"""The words of :mod:`rules.freres.harm`: what a hit, a fall or a failed nerve does to a model: the damage table and
the morale test."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

ROW = {
    "unhurt": pgettext_lazy("a skirmish's word", "not a scratch"),
    "close_call": pgettext_lazy("a skirmish's word", "a close call"),
    "stunned": pgettext_lazy("a skirmish's word", "stunned"),
    "wounded": pgettext_lazy("a skirmish's word", "wounded"),
    "grievously_wounded": pgettext_lazy("a skirmish's word", "grievously wounded"),
    "killed": pgettext_lazy("a skirmish's word", "killed"),
    "lost": pgettext_lazy("a skirmish's word", "lost"),
    "panicked": pgettext_lazy("a skirmish's word", "panicked"),
    "routed": pgettext_lazy("a skirmish's word", "routed"),
    "shaken": pgettext_lazy("a skirmish's word", "shaken"),
    "rattled": pgettext_lazy("a skirmish's word", "rattled"),
    "wary": pgettext_lazy("a skirmish's word", "wary"),
    "cautious": pgettext_lazy("a skirmish's word", "cautious"),
    "stoic": pgettext_lazy("a skirmish's word", "stoic"),
}
CAUSE = {
    "trampled": pgettext_lazy("a skirmish's word", "trampled"),
    "climb": pgettext_lazy("a skirmish's word", "a fall while climbing"),
    "backfire": pgettext_lazy("a skirmish's word", "the spell backfires"),
}
POSTURE = {
    "standing": pgettext_lazy("a skirmish's word", "standing"),
    "down": pgettext_lazy("a skirmish's word", "on the ground"),
    "stunned": pgettext_lazy("a skirmish's word", "stunned"),
}

SENTENCES = Sentences(
    {
        "killed": gettext_lazy("%(model)s is killed."),
        "surrendered": gettext_lazy("%(model)s surrenders."),
        "out_of_action": gettext_lazy("%(model)s is out of action."),
        "damage": gettext_lazy("%(model)s: %(row)s."),
        "jm_after_damage": gettext_lazy("JM of %(model)s, %(row)s"),
        "morale_passed": gettext_lazy("%(model)s passes its JM (%(score)s)."),
        "morale_failed": gettext_lazy("%(model)s fails its JM (%(score)s): %(row)s."),
        "rout": gettext_lazy("%(model)s routs %(distance_cm)s cm away from the enemy."),
        "step_back": gettext_lazy("%(model)s steps back by its base."),
        "leaves_contact": gettext_lazy("%(model)s leaves the contact of %(left_models)s."),
        "jdeg": gettext_lazy("JDeg of %(model)s (%(cause)s)"),
        "jd": gettext_lazy("JD of %(model)s"),
        "mount_jd": gettext_lazy("JD of %(model)s's mount"),
        "mount_hit": gettext_lazy("%(model)s's mount: %(row)s."),
        "mount_fall_ja": gettext_lazy("JA of %(model)s falling from its mount"),
        "fall_from_mount": gettext_lazy("%(model)s falls from its mount: %(posture)s."),
    },
    words={"row": ROW, "cause": CAUSE, "posture": POSTURE},
)
