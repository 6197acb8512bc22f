"""The words of :mod:`rules.freres.play_shoot`: shooting: the shot and its restrictions, the reaction shot,
reloading and unjamming."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

ROW = {
    "defective": pgettext_lazy("a skirmish's word", "defective weapon"),
    "worn": pgettext_lazy("a skirmish's word", "worn weapon"),
    "jammed": pgettext_lazy("a skirmish's word", "jammed weapon"),
    "string": pgettext_lazy("a skirmish's word", "broken string"),
    "ammunition": pgettext_lazy("a skirmish's word", "the ammunition bag comes loose"),
    "nothing": pgettext_lazy("a skirmish's word", "nothing this time"),
}
OUTCOME = {
    "cleared": pgettext_lazy("a skirmish's word", "the weapon is cleared"),
    "still_jammed": pgettext_lazy("a skirmish's word", "the weapon stays jammed"),
}

SENTENCES = Sentences(
    {
        "no_missile_weapon": gettext_lazy("%(model)s has no missile weapon."),
        "missile_useless": gettext_lazy("%(model)s's missile weapon is useless for the battle."),
        "weapon_jammed": gettext_lazy("%(model)s's weapon must be unjammed or restrung first."),
        "weapon_not_loaded": gettext_lazy("%(model)s's weapon is not loaded."),
        "shoots_standing": gettext_lazy("%(model)s is on the ground: a model shoots standing."),
        "target_in_melee": gettext_lazy("%(target_model)s is in a melee: shooting into it is forbidden."),
        "shoots_ahead": gettext_lazy("On foot, a model shoots straight ahead of its base."),
        "may_not_shoot": gettext_lazy("%(model)s may not shoot this turn."),
        "jt": gettext_lazy("JT of %(model)s"),
        "shot_critical_table": gettext_lazy("Critical failure table of %(model)s's shot"),
        "shot_critical": gettext_lazy("%(model)s: %(row)s."),
        "ammunition_dropped": gettext_lazy("Missiles %(model)s drops"),
        "ammunition": gettext_lazy("%(model)s drops %(missiles)s missiles."),
        "miss": gettext_lazy("%(model)s misses %(target_model)s (JT %(score)s)."),
        "shot_hit": gettext_lazy("%(model)s hits %(target_model)s (JT %(score)s)."),
        "reaction_in_enemy_activation": gettext_lazy("A reaction shot is made in the enemy's activation."),
        "no_defensive_action_left": gettext_lazy("%(model)s has played this turn: no defensive action is left to it."),
        "nothing_to_reload": gettext_lazy("%(model)s has no missile weapon to reload."),
        "weapon_loaded": gettext_lazy("%(model)s's weapon is loaded."),
        "quick_reload_ja": gettext_lazy("JA of %(model)s to reload quickly"),
        "reload_failed": gettext_lazy("%(model)s drops the projectile."),
        "reload": gettext_lazy("%(model)s reloads."),
        "weapon_not_jammed": gettext_lazy("%(model)s's weapon is not jammed."),
        "unjam_ja": gettext_lazy("JA of %(model)s to unjam"),
        "unjam": gettext_lazy("%(model)s: %(outcome)s."),
    },
    words={"row": ROW, "outcome": OUTCOME},
)
