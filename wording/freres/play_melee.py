"""The words of :mod:`rules.freres.play_melee`: close combat: striking, charging, the defender's answer, the opposed
JC, fleeing the combat."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

ROW = {
    "defective": pgettext_lazy("a skirmish's word", "defective weapon"),
    "worn": pgettext_lazy("a skirmish's word", "worn weapon"),
    "on_your_feet": pgettext_lazy("a skirmish's word", "the weapon falls on its feet"),
    "arm_parry": pgettext_lazy("a skirmish's word", "parry with the arm"),
    "slips": pgettext_lazy("a skirmish's word", "the weapon slips from its hands"),
    "blunted": pgettext_lazy("a skirmish's word", "blunted blade"),
    "wobbly": pgettext_lazy("a skirmish's word", "wobbly weapon"),
    "scabbard": pgettext_lazy("a skirmish's word", "the scabbard comes loose"),
    "broken": pgettext_lazy("a skirmish's word", "broken weapon"),
    "feint": pgettext_lazy("a skirmish's word", "a feint"),
}

SENTENCES = Sentences(
    {
        "third_strikes_behind": gettext_lazy("Only a third enemy in contact may strike in the back."),
        "target_not_mounted": gettext_lazy("%(target_model)s is not mounted."),
        "not_in_contact": gettext_lazy("%(target_model)s is not in contact with %(model)s: charge it instead."),
        "charge_too_far": gettext_lazy(
            "%(model)s charges at most %(most)s cm, within its turn's limit, not %(distance_cm)s."
        ),
        "attack": gettext_lazy("%(attacker_model)s attacks %(target_model)s."),
        "no_pending_attack": gettext_lazy("No close combat waits for an answer."),
        "other_answers": gettext_lazy("%(target_model)s answers this attack, not %(model)s."),
        "played_only_defend": gettext_lazy("%(model)s has played this turn: it may only defend (0 PA)."),
        "dodge_one_on_one": gettext_lazy("A model dodges one against one only."),
        "kick_unmounted": gettext_lazy("Only a mounted model kicks."),
        "jc": gettext_lazy("JC of %(model)s"),
        "jc_critical_table": gettext_lazy("Critical failure table of %(model)s"),
        "melee_critical": gettext_lazy("%(model)s: %(row)s."),
        "dodge_ja": gettext_lazy("JA of %(model)s to dodge"),
        "dodge": gettext_lazy("%(model)s dodges and steps back %(distance_cm)s cm."),
        "parry_ja": gettext_lazy("JA of %(model)s to parry"),
        "change_weapon_ja": gettext_lazy("JA of %(model)s to change weapon"),
        "kick_ja": gettext_lazy("JA of %(model)s's mount to kick"),
        "kick": gettext_lazy("%(model)s's mount kicks %(attacker_model)s away."),
        "defensive_shot_jm": gettext_lazy("JM of %(model)s for a defensive shot"),
        "defensive_shot": gettext_lazy("%(model)s looses a useless shot."),
        "null_combat": gettext_lazy("The combat of %(attacker_model)s and %(target_model)s is null."),
        "exchange": gettext_lazy(
            "%(attacker_model)s against %(target_model)s: JC %(attacker_score)s against %(defender_score)s."
        ),
        "no_enemy_in_contact": gettext_lazy("%(model)s is in contact with no enemy."),
        "flee_combat": gettext_lazy("%(model)s flees the combat."),
        "free_attack_parry_ja": gettext_lazy("JA of %(model)s to parry the free attack"),
    },
    words={"row": ROW},
)
