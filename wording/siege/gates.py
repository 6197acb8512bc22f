"""The words of :mod:`rules.siege.chapters.gates`: striking, unlocking and reinforcing the gates."""

from django.utils.translation import gettext_lazy

from rules.siege.board.fort import GateKind

from .. import Sentences

GATE_KINDS = {
    GateKind.MAIN_GATE.value: gettext_lazy("main gate"),
    GateKind.POSTERN.value: gettext_lazy("postern"),
    GateKind.SERVICE_DOOR.value: gettext_lazy("service door"),
}

SENTENCES = Sentences(
    {
        "gate_destroyed": gettext_lazy("Gate %(gate)s is already destroyed."),
        "struck_a_gate_already": gettext_lazy(
            "%(models)s already struck a gate in turn %(turn)s: a model strikes once a turn."
        ),
        "not_at_gate": gettext_lazy("%(model)s is not a model of the side to play in contact with gate %(gate)s."),
        "own_gate": gettext_lazy(
            "The besieged do not break their own gate %(gate)s: they unlock a postern or a service door."
        ),
        "tried_the_door_already": gettext_lazy(
            "%(models)s already tried to break %(gate)s in turn %(turn)s: a model tries once a turn."
        ),
        "door_breakers_limit": gettext_lazy(
            "At most %(most)s models a turn try to break a %(kind)s: %(tried)s already tried %(gate)s in turn "
            "%(turn)s, %(named)s more named."
        ),
        "main_gate_not_unlocked": gettext_lazy("The main gate is not unlocked: it is broken."),
        "gate_unlocked_already": gettext_lazy("The %(kind)s %(gate)s is already unlocked."),
        "gate_broken_no_lock": gettext_lazy("The %(kind)s %(gate)s is broken: there is no lock left."),
        "unlock_from_inside": gettext_lazy(
            "%(model)s must be a model of the side to play on %(sections)s, the side the %(kind)s is locked from."
        ),
        "unlock_takes_all_movement": gettext_lazy(
            "%(model)s has moved, flees or fights: unlocking takes all of a model's movement."
        ),
        "rallied_cannot_unlock": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "blocker_cannot_unlock": gettext_lazy("%(model)s is blocking and may not move this turn."),
        "gate_damage": gettext_lazy(
            "Gate %(gate)s: damage %(damage)s, structure points left: %(left)s, destroyed: %(destroyed)s."
        ),
        "door_not_reinforced": gettext_lazy("Only the main gate and posterns are reinforced, not a %(kind)s."),
        "destroyed_gate_not_reinforced": gettext_lazy("Gate %(gate)s is destroyed: it cannot be reinforced."),
        "gate_reinforced_already": gettext_lazy("%(models)s already reinforce gate %(gate)s this turn."),
        "too_few_reinforcers": gettext_lazy("Reinforcing a gate takes at least %(least)s models, not %(named)s."),
        "reinforcer_not_free": gettext_lazy(
            "%(model)s must be a besieged model on %(sections)s, neither in close combat nor fleeing."
        ),
        "rallied_cannot_reinforce": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "reinforcer_has_acted": gettext_lazy(
            "%(model)s has already acted this turn: reinforcing models do nothing else."
        ),
        "reinforcing": gettext_lazy("%(models)s reinforce gate %(gate)s."),
        "reinforced": gettext_lazy(
            "Gate %(gate)s: reinforcers still there: %(reinforcers)s, structure points: %(points)s."
        ),
        "gate_to_hit": gettext_lazy("%(model)s strikes gate %(gate)s: to hit"),
        "gate_to_wound": gettext_lazy("%(model)s strikes gate %(gate)s: to wound"),
    },
    words={"kind": GATE_KINDS},
)
