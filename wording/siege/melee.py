"""The words of :mod:`rules.siege.chapters.melee`: close combat's refusals, its blows and its result, and the dice to
hit, to wound and to save that every attack of the siege rolls."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "losers_react_first": gettext_lazy("The losers %(place)s must fall back or test before another combat."),
        "second_combat_before_first": gettext_lazy(
            "A second combat %(place)s follows a first one this turn: none was fought there."
        ),
        "second_combat_fought": gettext_lazy("The second combat %(place)s has been fought this turn."),
        "first_combat_fought": gettext_lazy(
            "The combat %(place)s has been fought this turn: only a second combat may follow it."
        ),
        "nobody_engages": gettext_lazy("No model engages the enemy %(place)s."),
        "engages_one_enemy": gettext_lazy("A model engages one enemy only, not two: %(models)s."),
        "engages_enemies": gettext_lazy("%(model)s and %(target_model)s: %(side)s engages enemies only."),
        "fights_on_own_section": gettext_lazy("%(model)s does not stand %(place)s: models fight where they stand."),
        "fleeing_or_rallied_no_fight": gettext_lazy("%(model)s flees or has just rallied: it cannot fight."),
        "flyer_no_second_combat": gettext_lazy("%(model)s flies: it fights no second combat."),
        "blocker_killer_engages_nobody": gettext_lazy(
            "%(model)s killed the ladder's blocker: it stands on the rampart but engages nobody this turn."
        ),
        "taken_ladder_one_round": gettext_lazy(
            "%(model)s came up a ladder whose blocker fell this turn: one round of combat only."
        ),
        "landed_fights_next_phase": gettext_lazy(
            "%(model)s came out of the siege tower after the won combat: it fights in the next close combat phase."
        ),
        "gang_up_too_many": gettext_lazy(
            "%(weight)s against %(ratio)s on %(target_model)s: at most %(most)s against 1, counting the models "
            "already fighting it (cavalry and large creatures count their ratio)."
        ),
        "engage_standing_first": gettext_lazy(
            "The enemies standing %(place)s must be engaged before the fleeing %(models)s."
        ),
        "block_ended": gettext_lazy("%(model)s is engaged in close combat and blocks no more."),
        "cut_down": gettext_lazy("%(model)s flees and is cut down."),
        "blows": gettext_lazy(
            "%(model)s strikes %(target_model)s: attacks: %(attacks)s, hits: %(hits)s, unsaved wounds: %(wounds)s."
        ),
        "combat_casualties": gettext_lazy("Dead %(place)s: %(models)s."),
        "combat_result": gettext_lazy("Combat %(place)s: besieger %(besieger)s, besieged %(besieged)s — %(winner)s."),
        "strike": gettext_lazy("%(model)s strikes %(target_model)s: to hit"),
        "hatred_reroll": gettext_lazy("%(model)s re-rolls its misses against %(target_model)s (hatred)"),
        "seven_plus": gettext_lazy("to hit on 7+: the second roll"),
        "to_wound": gettext_lazy("to wound"),
        "armour_save": gettext_lazy("armour save"),
    },
    words={
        "winner": {
            "besieger": gettext_lazy("the besieger wins"),
            "besieged": gettext_lazy("the besieged win"),
            "draw": gettext_lazy("a draw"),
        },
    },
)
