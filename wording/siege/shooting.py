"""The words of :mod:`rules.siege.chapters.shooting`: shots at models, engines, gates and walls."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "no_shooter": gettext_lazy("A volley needs at least one shooter: pick the models that shoot."),
        "shooter_not_free": gettext_lazy(
            "%(model)s cannot shoot: only a free model of the side to play, with a missile weapon, shoots."
        ),
        "shot_already": gettext_lazy("%(model)s has already shot in turn %(turn)s: a model shoots once a turn."),
        "rallied_cannot_shoot": gettext_lazy("%(model)s has just rallied and can do nothing this turn."),
        "blocker_cannot_shoot": gettext_lazy("%(model)s is blocking and cannot use a missile weapon."),
        "ladder_carrier_cannot_shoot": gettext_lazy("%(model)s carries a ladder and cannot shoot."),
        "shooters_of_the_other_side": gettext_lazy("%(model)s cannot shoot at this: only %(side)s shoots at it."),
        "weapon_not_flaming": gettext_lazy(
            "%(model)s cannot shoot flaming missiles with its weapon: only bows of every kind, javelins and bolt "
            "throwers' bolts can."
        ),
        "shooter_without_brazier": gettext_lazy(
            "%(model)s has no brazier for flaming missiles: a besieger unit needs its own, a besieged model one "
            "on its section."
        ),
        "volley_was_plain": gettext_lazy(
            "These shooters' unit or section already shot without flaming missiles this turn: they all shoot the "
            "same way."
        ),
        "volley_was_flaming": gettext_lazy(
            "These shooters' unit or section already shot flaming missiles this turn: they all shoot the same way."
        ),
        "dead_angle_not_from_rampart": gettext_lazy(
            "%(model)s is not shooting from a rampart: there is no dead angle."
        ),
        "dead_angle_target_inside": gettext_lazy("%(model)s is inside the fort, not in the wall's dead angle."),
        "shot_ram_not_covered": gettext_lazy("Ram %(ram)s is not covered: shoot at its carriers."),
        "not_a_shot_engine": gettext_lazy("« %(engine)s » is not a covered ram or a siege tower."),
        "service_door_out_of_sight": gettext_lazy("Service door %(gate)s is inside the fort, out of sight."),
        "no_war_machine_ready": gettext_lazy("The besieger has no war machine left to fire this turn."),
        "not_a_war_machine": gettext_lazy("%(model)s is not a war machine of the besieger: only they bombard."),
        "war_machine_fired": gettext_lazy(
            "%(model)s has already fired in turn %(turn)s: a war machine fires once a turn."
        ),
        "war_machine_not_ready": gettext_lazy(
            "%(model)s cannot fire: a war machine fires from outside the fort, neither fleeing, engaged, "
            "rallying nor just deployed."
        ),
        "bombarded_gate_destroyed": gettext_lazy("Gate %(gate)s is already destroyed."),
        "bombard_not_a_rampart": gettext_lazy("A war machine bombards wall and tower sections, not %(section)s."),
        "template_models_elsewhere": gettext_lazy(
            "The template falls on the models of %(section)s only, not on %(models)s."
        ),
        "braziers_hit_out_of_range": gettext_lazy("Braziers on %(section)s: %(braziers)s; %(hit)s cannot be hit."),
        "allocation": gettext_lazy(
            "Allocation roll %(roll)s: the shots at %(engine_kind)s %(engine)s fall on %(falls_on)s."
        ),
        "missed_gate_strikes_wall": gettext_lazy("Missed shots at gate %(gate)s strike the wall: %(missed)s."),
        "gate_hit": gettext_lazy("Roll %(roll)s: the shot strikes gate %(gate)s."),
        "wall_hit": gettext_lazy("Roll %(roll)s: the shot misses gate %(gate)s and strikes the wall %(section)s."),
        "braziers_destroyed": gettext_lazy("Braziers destroyed on %(section)s: %(braziers)s."),
        "shot_to_hit": gettext_lazy("%(model)s shoots at %(target_model)s: to hit"),
        "shot_allocation": gettext_lazy("Shots at %(engine_kind)s %(engine)s: on the crew or the engine"),
        "engine_shot_to_hit": gettext_lazy("%(model)s shoots at %(engine_kind)s %(engine)s: to hit"),
        "engine_shot_to_wound": gettext_lazy("Shots at %(engine_kind)s %(engine)s: to wound"),
        "gate_shot_to_hit": gettext_lazy("%(model)s shoots at gate %(gate)s: to hit"),
        "gate_shot_to_wound": gettext_lazy("Shots at gate %(gate)s: to wound"),
        "machine_gate_or_wall": gettext_lazy("War machine's shot at gate %(gate)s: the gate or the wall"),
        "machine_gate_to_wound": gettext_lazy("War machine's shot at gate %(gate)s: to wound"),
        "machine_gate_damage": gettext_lazy("War machine's shot at gate %(gate)s: damage"),
    },
    words={
        "engine_kind": {
            "ram": gettext_lazy("ram"),
            "siege_tower": gettext_lazy("siege tower"),
        },
        "falls_on": {
            "models": gettext_lazy("its crew"),
            "engine": gettext_lazy("the engine itself"),
        },
        "side": {s.value: w for s, w in SIDES.items()},
    },
)
