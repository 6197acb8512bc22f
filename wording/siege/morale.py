"""The words of :mod:`rules.siege.chapters.morale`: the losers' retreat and test, flight, rallying, and the leadership
tests the siege rolls."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "leadership_test": gettext_lazy(
            "%(models)s %(place)s, %(test)s: %(roll)s against Ld %(leadership)s less %(lost_by)s — %(verdict)s."
        ),
        "leadership_roll": gettext_lazy("%(test)s %(place)s: 2D6"),
        "rally_roll": gettext_lazy("rally %(place)s"),
        "not_a_fort_section": gettext_lazy("%(place)s is not a section of the fort."),
        "way_not_adjacent": gettext_lazy("%(to_section)s is not adjacent to %(section)s."),
        "way_held_by_enemy": gettext_lazy("Enemy models hold %(to_section)s."),
        "way_over_quota": gettext_lazy("%(to_section)s would hold %(held)s models of %(side)s, more than %(most)s."),
        "way_too_narrow": gettext_lazy(
            "%(count)s models cannot pass from %(section)s to %(to_section)s: the way takes %(capacity)s."
        ),
        "way_cavalry_courtyards": gettext_lazy("Cavalry stays in the courtyards, not on %(to_section)s."),
        "retreat_outside_arrivals_only": gettext_lazy(
            "Only besiegers who set foot on the rampart this turn may retreat outside."
        ),
        "too_many_down": gettext_lazy("%(count)s models cannot go down %(place)s: at most %(most)s."),
        "tower_not_against_section": gettext_lazy("Siege tower %(tower)s does not stand against %(section)s."),
        "no_retreat_there": gettext_lazy("Troops cannot retreat %(place)s."),
        "ladder_not_against_section": gettext_lazy(
            "Ladder %(ladder)s does not stand against %(section)s from outside."
        ),
        "ladder_blocked_by_friend": gettext_lazy("A friendly model on ladder %(ladder)s blocks it."),
        "never_use_ladders": gettext_lazy("%(models)s never use a ladder."),
        "besieged_never_leave": gettext_lazy("The besieged never leave the fort."),
        "no_flight_through_tower": gettext_lazy("No flight through siege tower %(tower)s."),
        "no_flight_there": gettext_lazy("Troops cannot flee %(place)s."),
        "no_reaction_waits": gettext_lazy("No lost combat %(place)s waits for a retreat or a test."),
        "nobody_retreats": gettext_lazy("No model of %(side)s %(place)s can retreat."),
        "retreat": gettext_lazy("%(models)s retreat %(place)s, now %(to_place)s."),
        "unbreakable_holds": gettext_lazy("%(model)s is unbreakable and holds %(place)s."),
        "fear_outnumbered": gettext_lazy("Outnumbered by enemies causing fear, %(models)s %(place)s flee."),
        "fleeing_flyers_destroyed": gettext_lazy("The fleeing flyers %(place)s are destroyed: %(models)s."),
        "flight_losses": gettext_lazy(
            "Enemy models %(place)s: %(enemies)s; the fleeing lose %(wounds)s wounds, dead: %(dead)s."
        ),
        "flee_where_they_stand": gettext_lazy("%(models)s flee where they stand, %(place)s."),
        "flee_to": gettext_lazy("%(models)s flee %(place)s, now %(to_place)s."),
        "fled_this_turn": gettext_lazy("The fleeing models of %(side)s %(place)s have fled this turn."),
        "nobody_flees": gettext_lazy("No model of %(side)s flees %(place)s."),
        "nowhere_to_flee_on": gettext_lazy(
            "No enemy %(place)s and no section open to flee to: the fleeing stay and may rally."
        ),
        "rally_tried": gettext_lazy("The fleeing models of %(side)s %(place)s have fled or tried to rally this turn."),
        "enemies_prevent_rally": gettext_lazy("Enemies stand %(place)s: the fleeing cannot rally."),
        "enemy_near_rally": gettext_lazy(
            "Enemies of unit strength %(strength)s on adjacent %(section)s: no rally within reach of unit "
            "strength %(most)s."
        ),
        "rally_failed": gettext_lazy("%(models)s %(place)s roll %(roll)s against Ld %(leadership)s: no rally."),
        "rally": gettext_lazy("%(models)s rally %(place)s: %(roll)s against Ld %(leadership)s."),
    },
    words={
        "side": {s.value: w for s, w in SIDES.items()},
        "test": {
            "combat": gettext_lazy("break test"),
            "panic": gettext_lazy("panic test"),
            "fear": gettext_lazy("fear test"),
            "terror": gettext_lazy("terror test"),
        },
        "verdict": {
            "break": gettext_lazy("they break"),
            "hold": gettext_lazy("they hold"),
            "panic": gettext_lazy("they panic"),
            "steady": gettext_lazy("they stand steady"),
            "failed": gettext_lazy("failed"),
        },
    },
)
