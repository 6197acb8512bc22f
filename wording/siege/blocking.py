"""The words of :mod:`rules.siege.chapters.blocking`: blocking gates, ladders, breaches and climbing giants, and the
duels against the blockers."""

from django.utils.translation import gettext_lazy

from .. import Sentences

ACCESS = {
    "gate": gettext_lazy("gate"),
    "ladder": gettext_lazy("ladder"),
    "breach": gettext_lazy("the breach in"),
    "climb": gettext_lazy("the giant climbing"),
}
"""What a blocker holds, followed by which one (``ref``): « porte G1 », « la brèche de W3 »."""

SENTENCES = Sentences(
    {
        "not_blockable": gettext_lazy("Only a gate, a ladder or a breach can be blocked, not %(access)s %(ref)s."),
        "giant_blockers_normal_enemies": gettext_lazy(
            "Only enemies of normal size block a climbing giant: %(model)s counts %(ratio)s."
        ),
        "no_breach_to_block": gettext_lazy("%(section)s has not collapsed: there is no breach to block."),
        "breach_blocker_size": gettext_lazy(
            "A breach is blocked only by a large creature counting more than %(above)s: %(model)s counts %(ratio)s."
        ),
        "main_gate_blocker_size": gettext_lazy(
            "The main gate is blocked only by a large creature counting %(needed)s: %(model)s counts %(ratio)s."
        ),
        "large_blocks_no_door": gettext_lazy("%(model)s is a large creature: it cannot block a normal door."),
        "giant_blocked_enough": gettext_lazy(
            "At most %(most)s models block %(access)s %(ref)s, and these already do: %(blocker_models)s."
        ),
        "blocked_already": gettext_lazy("%(blocker_model)s already blocks %(access)s %(ref)s: one model only."),
        "blocks_elsewhere": gettext_lazy("%(model)s already blocks elsewhere: a blocker holds one place."),
        "blocker_not_there": gettext_lazy("%(model)s does not stand where it can block %(access)s %(ref)s."),
        "blocker_has_moved": gettext_lazy("%(model)s has moved this turn: a blocker cannot move and block."),
        "blocker_not_free": gettext_lazy("%(model)s is engaged or fleeing and cannot block."),
        "blocker_has_defended": gettext_lazy(
            "%(model)s has thrown or poured on the assaulters this turn and cannot block too."
        ),
        "blocker_rallied": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "gate_not_won": gettext_lazy(
            "%(model)s has not killed the blocker of gate %(gate)s this turn: only that attacker takes the gate."
        ),
        "gate_blocked_already": gettext_lazy("Gate %(gate)s is already blocked: one model only."),
        "not_free_at_gate": gettext_lazy("%(model)s is not a free model at gate %(gate)s."),
        "ladder_not_raised_to_block": gettext_lazy("Ladder %(ladder)s is not raised against the rampart."),
        "ladder_blocker_not_pusher": gettext_lazy(
            "Only a model that tried to push ladder %(ladder)s back this turn may block it, or a friend taking over "
            "from a blocker who killed its attackers: not %(model)s."
        ),
        "nobody_blocks": gettext_lazy("Nobody blocks %(access)s %(ref)s."),
        "name_the_one_leaving": gettext_lazy(
            "Several models block %(access)s %(ref)s: name the one leaving among %(blocker_models)s."
        ),
        "duel_fights_on": gettext_lazy(
            "%(model)s and %(other_model)s drew: they fight on, and nobody replaces either."
        ),
        "not_the_blocker": gettext_lazy(
            "%(model)s does not block %(access)s %(ref)s; the blockers are %(blocker_models)s."
        ),
        "blocking_duel_hits": gettext_lazy("%(model)s against %(target_model)s, at the blocked access: to hit"),
        "blocking_duel_wounds": gettext_lazy(
            "%(model)s against %(target_model)s, at the blocked access: to wound, saves"
        ),
        "blocker_fought_already": gettext_lazy(
            "%(model)s has already fought at %(access)s %(ref)s this turn: one enemy attacks a blocker, once a turn."
        ),
        "no_blocker_attacker": gettext_lazy("No model named to fight the blocker of %(access)s %(ref)s."),
        "attacker_on_blockers_side": gettext_lazy("%(model)s is on the blocker's side."),
        "attacker_not_in_reach": gettext_lazy(
            "%(model)s does not stand free where it can fight the blocker of %(access)s %(ref)s."
        ),
        "blocker_attackers_count": gettext_lazy(
            "%(front)s attack %(blocker_model)s, and one more replaces a fallen attacker: not %(count)s."
        ),
        "block_held": gettext_lazy("%(model)s holds %(access)s %(ref)s."),
        "block_draw": gettext_lazy("%(model)s and %(other_model)s fight on at %(access)s %(ref)s."),
        "block_broken": gettext_lazy("%(model)s falls: %(access)s %(ref)s is open."),
        "ladder_taken": gettext_lazy(
            "%(model)s falls: climbers of ladder %(ladder)s set foot on %(section)s: %(count)s."
        ),
    },
    words={"access": ACCESS},
)
