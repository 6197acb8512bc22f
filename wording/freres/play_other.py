"""The words of :mod:`rules.freres.play_other`: spells, rallying and recovering, scrutiny and picking up."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

ROW = {
    "backfire": pgettext_lazy("a skirmish's word", "the spell backfires"),
    "migraine": pgettext_lazy("a skirmish's word", "migraine"),
    "blast": pgettext_lazy("a skirmish's word", "the spell's blast"),
    "amnesia": pgettext_lazy("a skirmish's word", "amnesia"),
    "nothing": pgettext_lazy("a skirmish's word", "phew, nothing"),
}
POSTURE = {
    "standing": pgettext_lazy("a skirmish's word", "standing"),
    "down": pgettext_lazy("a skirmish's word", "on the ground"),
    "stunned": pgettext_lazy("a skirmish's word", "stunned"),
}

SPELL = {"fire bolt": pgettext_lazy("a skirmish's spell", "fire bolt")}
"""The example band's spell (:data:`rules.freres.example.WIZARD`); a typed one as typed."""

SENTENCES = Sentences(
    {
        "no_spell": gettext_lazy("%(model)s knows no spell."),
        "spell_forgotten": gettext_lazy("%(model)s has forgotten its spell: memorise it again."),
        "may_not_cast": gettext_lazy(
            "%(model)s may not cast: in armour, stunned, lying or with weapons in hand (but a dagger or a staff)."
        ),
        "engaged_offensive_only": gettext_lazy(
            "In contact with an enemy, a model casts only an offensive spell at it."
        ),
        "search_hidden_target": gettext_lazy("%(target_model)s is hidden: search the target (+2 PA) to cast at it."),
        "rallied_nothing_offensive": gettext_lazy("%(model)s rallied this turn: nothing offensive."),
        "js": gettext_lazy("JS of %(model)s"),
        "spell": gettext_lazy("%(model)s casts %(spell)s at %(target_model)s."),
        "spell_failed": gettext_lazy("%(model)s's %(spell)s fails (JS %(score)s)."),
        "spell_critical_table": gettext_lazy("Critical failure table of %(model)s's spell"),
        "spell_critical": gettext_lazy("%(model)s: %(row)s."),
        "spell_memorised": gettext_lazy("%(model)s has its spell memorised: one at a time."),
        "memorise": gettext_lazy("%(model)s memorises %(spell)s."),
        "not_routed": gettext_lazy("%(model)s is not routed."),
        "rally_jm": gettext_lazy("JM of %(model)s to rally"),
        "rally": gettext_lazy("%(model)s rallies."),
        "rally_failed": gettext_lazy("%(model)s runs %(distance_cm)s cm for the nearest table edge."),
        "not_stunned": gettext_lazy("%(model)s is not stunned."),
        "recover_jdp": gettext_lazy("JDP of %(model)s to recover"),
        "recover": gettext_lazy("%(model)s: %(posture)s."),
        "not_a_comrade": gettext_lazy("%(comrade_model)s is not a comrade of %(model)s in play."),
        "comrade_not_down": gettext_lazy("%(comrade_model)s is not on the ground, or is stunned."),
        "raise_comrade": gettext_lazy("%(model)s raises %(comrade_model)s."),
        "not_hidden": gettext_lazy("%(target_model)s is not hidden."),
        "scrutiny": gettext_lazy("Scrutiny of %(model)s for %(target_model)s"),
        "detected": gettext_lazy("%(model)s spots %(target_model)s."),
        "not_detected": gettext_lazy("%(model)s sees nothing."),
        "weapon_not_dropped": gettext_lazy("%(model)s has not dropped its weapon."),
        "pick_up": gettext_lazy("%(model)s picks up its weapon."),
    },
    words={"row": ROW, "posture": POSTURE, "spell": SPELL},
)
