"""The words of :mod:`rules.siege.chapters.movement`: the ways in and onto the fort, the moves and charges."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "besieged_stay_inside": gettext_lazy(
            "The besieged never leave the fort, not even through a broken gate: they stay %(from_place)s."
        ),
        "no_foot_outside": gettext_lazy("%(section)s has no wall whose foot is outside the fort."),
        "not_connected": gettext_lazy("%(from_section)s and %(section)s are not connected."),
        "ladder_not_against": gettext_lazy("Ladder %(ladder)s does not stand against %(section)s."),
        "ladder_not_hoisted_from": gettext_lazy("Ladder %(ladder)s is not hoisted from %(section)s into a courtyard."),
        "hoisted_ladder_way_down": gettext_lazy(
            "Ladder %(ladder)s is the besieger's way down from %(section)s into the courtyard."
        ),
        "ladder_not_leading": gettext_lazy("Ladder %(ladder)s does not lead to %(section)s."),
        "ladder_blocked": gettext_lazy("%(blocker_model)s blocks ladder %(ladder)s: the climbers must fight it first."),
        "push_back_first": gettext_lazy(
            "The besieged on %(section)s may first try to push ladder %(ladder)s back, before its climbers reach "
            "the rampart."
        ),
        "siege_tower_not_against": gettext_lazy("Siege tower %(tower)s does not stand against %(section)s."),
        "breach_blocked": gettext_lazy(
            "%(blocker_model)s blocks the breach in %(section)s: it must be fought before anyone passes."
        ),
        "no_way": gettext_lazy("Models standing %(from_place)s have no way to get %(place)s."),
        "may_not_board": gettext_lazy("Centauroids and cavalry never go into a siege tower: %(models)s."),
        "giant_blocked_on_wall": gettext_lazy(
            "The giant on the wall of %(section)s reaches the rampart once all its blockers are dead: "
            "%(blocker_models)s."
        ),
        "ethereal_only": gettext_lazy("Only ethereal creatures pass through the wall into %(section)s."),
        "service_door_blocked": gettext_lazy("%(blocker_model)s blocks service door %(door)s."),
        "service_door_locked": gettext_lazy(
            "Service door %(door)s is locked: it must first be broken, or unlocked from the inside."
        ),
        "may_not_climb": gettext_lazy("Giants, treemen, centauroids and cavalry never climb a ladder: %(models)s."),
        "war_machine_stays_outside": gettext_lazy(
            "A war machine shoots from outside and never goes %(where)s: %(models)s."
        ),
        "no_model_to_move": gettext_lazy("No model to move."),
        "mover_not_active": gettext_lazy("%(model)s belongs to %(side)s, whose turn it is not."),
        "group_apart": gettext_lazy("%(model)s does not stand %(place)s: a group moves from one place."),
        "mover_fleeing": gettext_lazy("%(model)s is fleeing: it flees, it does not move."),
        "mover_rallied": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "moved_already": gettext_lazy("%(model)s has already moved this turn."),
        "mover_blocking": gettext_lazy("%(model)s is blocking and cannot move."),
        "blocked_this_turn": gettext_lazy(
            "%(model)s has blocked this turn: « a model that blocks cannot move in the same turn »."
        ),
        "must_clear_section": gettext_lazy(
            "Frenzy or hatred: they must clear %(section)s of enemies before leaving it: %(models)s."
        ),
        "only_winners_disengage": gettext_lazy("Only the winners of the last combat on %(section)s may disengage."),
        "engaged_cannot_disengage": gettext_lazy("Models in contact cannot disengage: %(models)s."),
        "disengage_to_enemies": gettext_lazy("Disengaging troops go where no enemy stands, not %(place)s."),
        "cavalry_courtyards_only": gettext_lazy(
            "Cavalry goes into the courtyards only, not on %(section)s: %(models)s."
        ),
        "place_full": gettext_lazy(
            "No more room %(place)s: %(held)s models of %(side)s stand there, %(incoming)s more would make "
            "%(total)s, more than %(most)s."
        ),
        "move_in_place": gettext_lazy("%(models)s already stand %(place)s: a move goes elsewhere."),
        "two_sections_in_courtyard": gettext_lazy(
            "Models move two sections a turn only across the courtyard, not through %(via)s."
        ),
        "via_holds_enemies": gettext_lazy("The enemy holds %(via)s: a charge ends there."),
        "way_full": gettext_lazy(
            "%(most)s models a turn pass this way (to get %(place)s): %(used)s have, %(count)s more would make "
            "%(total)s."
        ),
        "ram_carriers_stay_outside": gettext_lazy("A ram never enters the fort, nor do its carriers: %(models)s."),
        "charge_declared": gettext_lazy("Charge declared %(place)s: %(models)s. The charged answer first."),
        "charge": gettext_lazy("Charge %(place)s: %(models)s."),
        "move": gettext_lazy("Move %(place)s: %(models)s."),
        "no_charge_to_shoot_at": gettext_lazy("Nobody charges %(place)s: nobody stands and shoots."),
        "may_not_stand_and_shoot": gettext_lazy(
            "%(model)s cannot stand and shoot: it must be charged %(place)s, with a missile weapon, and free to "
            "shoot (neither fleeing, engaged, blocking nor bound elsewhere)."
        ),
        "stand_and_shoot_hits": gettext_lazy("%(model)s stands and shoots at %(target_model)s: to hit"),
        "stand_and_shoot_wounds": gettext_lazy("%(model)s stands and shoots at %(target_model)s: to wound, saves"),
        "stand_and_shoot": gettext_lazy(
            "%(model)s stands and shoots at %(target_model)s: hits: %(hits)s, unsaved wounds: %(wounds)s."
        ),
        "ethereal_crossing_roll": gettext_lazy("Ethereal creatures cross the protected wall to get %(place)s"),
        "ethereal_losses": gettext_lazy("Losses of the ethereal creatures thrown back by the wall"),
        "ethereal_crossing": gettext_lazy("Through the protected wall (roll: %(roll)s): %(models)s."),
        "ethereal_repelled": gettext_lazy(
            "Thrown back by the protected wall (roll: %(roll)s, losses: %(losses)s): %(models)s."
        ),
    },
    words={
        "side": {s.value: w for s, w in SIDES.items()},
        "where": {
            "ladder": gettext_lazy("up a ladder"),
            "siege_tower": gettext_lazy("into a siege tower"),
            "fort": gettext_lazy("into the fort"),
        },
    },
)
