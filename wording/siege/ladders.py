"""The words of :mod:`rules.siege.chapters.ladders`: carrying, raising, climbing, hoisting and pushing back ladders."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "carriers_apart": gettext_lazy("A load's carriers stand together, not in %(places)s places: %(models)s."),
        "ladder_carriers_too_few": gettext_lazy(
            "A ladder is never carried by one model alone: %(least)s at least, not %(weight)s."
        ),
        "ladder_carriers_too_many": gettext_lazy("A ladder is carried by %(most)s models at most, not %(weight)s."),
        "carrier_not_free": gettext_lazy(
            "%(model)s must stand free %(place)s, neither fleeing nor engaged, to carry the ladder."
        ),
        "one_load_at_a_time": gettext_lazy("One load at a time: these already carry a ladder or a ram: %(models)s."),
        "ladder_raised_not_lying": gettext_lazy(
            "Ladder %(ladder)s is raised against %(section)s: it is not lying free."
        ),
        "ladder_carried_already": gettext_lazy("Ladder %(ladder)s is already carried by %(carrier_models)s."),
        "ladder_inside_fort": gettext_lazy(
            "Ladder %(ladder)s lies inside the fort, in %(courtyard)s: the besieger picks up ladders outside."
        ),
        "ladder_not_carried": gettext_lazy("Nobody carries ladder %(ladder)s: there is nothing to let fall."),
        "ladder_not_carried_inside": gettext_lazy("Nobody carries ladder %(ladder)s inside the fort."),
        "ladder_carried_inside": gettext_lazy("Ladder %(ladder)s carried inside the fort by %(weight)s models"),
        "ladder_carried": gettext_lazy(
            "Ladder %(ladder)s carried by %(weight)s models (roll: %(roll)s): one section this turn: %(moves)s."
        ),
        "raise_in_own_turn": gettext_lazy("The besieger raises ladders in his own movement step."),
        "raise_against_rampart": gettext_lazy("Ladders are raised against walls and towers, not against %(section)s."),
        "ladder_raised_already": gettext_lazy("Ladder %(ladder)s is already raised against %(section)s."),
        "ladder_not_at_hand": gettext_lazy(
            "Ladder %(ladder)s must be carried to be raised, or lie at the foot of %(section)s since an earlier "
            "turn with besiegers there."
        ),
        "ladders_raised_enough": gettext_lazy(
            "%(raised)s ladders have already been raised against %(section)s this turn: %(most)s at most."
        ),
        "climbers_count": gettext_lazy("%(least)s to %(most)s models go up a raised ladder, not %(weight)s."),
        "climber_not_ready": gettext_lazy(
            "%(model)s must stand at the foot of %(section)s, not fleeing, and be able to climb."
        ),
        "ladder_climbed_enough": gettext_lazy(
            "%(climbed)s models have already gone up ladder %(ladder)s this turn: %(weight)s more would pass the "
            "%(most)s a turn."
        ),
        "ladder_raised": gettext_lazy("Ladder %(ladder)s raised against %(section)s; climbers going up: %(count)s."),
        "hoist_needs_raised": gettext_lazy("Ladder %(ladder)s must be raised against the rampart to be hoisted."),
        "ladder_hoisted_already": gettext_lazy("Ladder %(ladder)s is already hoisted into %(courtyard)s."),
        "hoist_into_courtyard": gettext_lazy("A hoisted ladder leads down into a courtyard, not into %(section)s."),
        "hoisters_engaged": gettext_lazy("Models engaged in close combat cannot hoist a ladder: %(models)s."),
        "hoisting_takes_the_turn": gettext_lazy(
            "Hoisting a ladder takes a whole turn; these have moved or rallied this turn: %(models)s."
        ),
        "ladder_occupied": gettext_lazy("Ladder %(ladder)s has models on it."),
        "hoisted_ladder_falls": gettext_lazy("Where hoisted ladder %(ladder)s falls"),
        "ladder_falls": gettext_lazy("Ladder %(ladder)s falls (roll: %(roll)s): %(fall)s."),
        "no_push_back_waits": gettext_lazy("No push-back of ladder %(ladder)s waits for the besieged this turn."),
        "ladder_not_raised": gettext_lazy("Ladder %(ladder)s is not raised."),
        "hoisted_ladder_knocked_down": gettext_lazy(
            "Ladder %(ladder)s is hoisted into %(courtyard)s: the blocker at its foot knocks it down."
        ),
        "push_back_in_besiegers_turn": gettext_lazy(
            "The besieged push a ladder back in the besieger's turn, at the end of his movement; in their own turn "
            "they push over a ladder nobody climbs."
        ),
        "push_back_after_movement": gettext_lazy(
            "The push-back of ladder %(ladder)s comes at the end of the besieger's movement; in close combat only "
            "its blocker who has just killed its attackers tries again, alone."
        ),
        "pushed_back_already": gettext_lazy("Ladder %(ladder)s has had its push-back this turn: one try a ladder."),
        "pushers_count": gettext_lazy("1 to %(most)s models push a ladder back, not %(count)s."),
        "pusher_not_on_section": gettext_lazy("%(model)s must be a besieged model on %(section)s."),
        "pusher_engaged": gettext_lazy("%(model)s is engaged in close combat and cannot push a ladder."),
        "pusher_has_defended": gettext_lazy(
            "%(model)s has thrown or poured on the assaulters this turn and cannot push a ladder too."
        ),
        "blocker_not_a_pusher": gettext_lazy(
            "Only a model that tried to push the ladder back may block it, not %(model)s."
        ),
        "ladder_taken_no_blocking": gettext_lazy(
            "Assaulters have taken the rampart by ladder %(ladder)s: no more blocking."
        ),
        "push_ladder_back": gettext_lazy("Push ladder %(ladder)s back, with %(helpers)s helpers"),
        "ladder_push_back": gettext_lazy(
            "%(models)s try to push ladder %(ladder)s back (roll: %(roll)s): pushed back: %(pushed)s."
        ),
        "ladder_top_blocked": gettext_lazy("%(model)s blocks the top of ladder %(ladder)s."),
        "ladder_down_save": gettext_lazy("Save of a climber falling with ladder %(ladder)s"),
        "lost_with_ladder": gettext_lazy(
            "No room %(place)s: they fall with ladder %(ladder)s and are lost: %(models)s."
        ),
        "ladder_not_hoisted": gettext_lazy("Ladder %(ladder)s does not stand hoisted into a courtyard."),
        "knock_down_by_blocker": gettext_lazy(
            "Only a blocker at the foot of ladder %(ladder)s who has just killed its attacker knocks it down."
        ),
        "knock_ladder_down": gettext_lazy("Knock ladder %(ladder)s down"),
        "ladder_knock_down": gettext_lazy(
            "%(model)s tries to knock ladder %(ladder)s down (roll: %(roll)s): knocked down: %(down)s."
        ),
        "ladder_not_against_rampart": gettext_lazy("Ladder %(ladder)s does not stand against the rampart."),
        "ladder_not_empty": gettext_lazy(
            "Ladder %(ladder)s has enemies on it or at its foot: it is pushed back by the roll."
        ),
        "nobody_to_push_over": gettext_lazy(
            "No model of %(side)s stands on %(section)s to push ladder %(ladder)s over."
        ),
    },
    words={
        "side": {s.value: w for s, w in SIDES.items()},
        "fall": {
            "outside": gettext_lazy("outside the fort"),
            "rampart": gettext_lazy("on the rampart"),
            "courtyard": gettext_lazy("into the courtyard"),
        },
    },
)
