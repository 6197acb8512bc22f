"""The words of :mod:`rules.siege.chapters.giants`: a giant climbing a wall, sweeping its blockers and reaching the
rampart."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "not_a_giant": gettext_lazy("%(model)s is not a giant: only giants scale a wall."),
        "climb_in_own_turn": gettext_lazy("%(model)s climbs in its own movement, not in that of %(active)s."),
        "climb_from_foot": gettext_lazy(
            "%(model)s must start its movement at the foot of a wall to climb it; it stands %(place)s (moved this "
            "turn: %(moved)s)."
        ),
        "giant_not_free": gettext_lazy("%(model)s is fleeing or engaged and cannot climb."),
        "no_wall_to_climb": gettext_lazy("%(section)s has no wall to climb."),
        "giant_climb_roll": gettext_lazy("%(model)s climbs the wall of %(section)s"),
        "giant_climbs": gettext_lazy("%(model)s climbs the wall of %(section)s (roll: %(roll)s)."),
        "giant_falls": gettext_lazy("%(model)s falls back and lands %(place)s (roll: %(roll)s)."),
        "giant_fall_save": gettext_lazy("Save of %(model)s, fallen from the wall"),
        "giant_only_sweeps": gettext_lazy("A giant on a wall may only sweep, not %(attack)s."),
        "giant_not_blocked": gettext_lazy("Nobody blocks %(model)s: it steps onto the rampart in its movement."),
        "giant_sweeps_blockers": gettext_lazy(
            "%(model)s sweeps only its blockers %(blocker_models)s, not %(stray_models)s."
        ),
        "giant_sweep_roll": gettext_lazy("Sweep of %(model)s"),
        "giant_sweeps": gettext_lazy("%(model)s sweeps (roll: %(roll)s): hits: %(hits)s."),
        "giant_sweep_wounds": gettext_lazy("Sweep of %(model)s: to wound, saves"),
        "giant_hold_roll": gettext_lazy("%(model)s, wounded, holds on to the wall"),
        "giant_holds": gettext_lazy("%(model)s holds on to the wall (roll: %(roll)s)."),
        "giant_no_room": gettext_lazy(
            "%(model)s has no blocker left, but %(section)s has no room for it: it stays on the wall."
        ),
        "giant_on_rampart": gettext_lazy("%(model)s has no blocker left: it stands on %(section)s."),
    },
    words={
        "active": {s.value: w for s, w in SIDES.items()},
        "attack": {
            "sweep": gettext_lazy("sweep"),
            "thump": gettext_lazy("thump"),
            "yell_and_bawl": gettext_lazy("yell and bawl"),
            "jump_up_and_down": gettext_lazy("jump up and down"),
            "pick_up": gettext_lazy("pick up and stuff"),
        },
    },
)
