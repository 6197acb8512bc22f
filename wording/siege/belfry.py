"""The words of :mod:`rules.siege.chapters.belfry.belfry`: the belfry placed, pushed, climbed and crossed."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "belfry_step_off_belfry": gettext_lazy("A belfry step starts or ends in the belfry."),
        "belfry_enter_at_ground": gettext_lazy(
            "Models come into a belfry at ground level, level 0, not level %(level)s."
        ),
        "belfry_leave_from_ground": gettext_lazy(
            "Models leave a belfry from its ground level, level 0, not level %(level)s."
        ),
        "belfry_level_unused_for_wall": gettext_lazy(
            "Level %(level)s is not in use against a wall of level %(wall_level)s: levels %(levels)s."
        ),
        "belfry_one_level_at_a_time": gettext_lazy(
            "The ladders go one level at a time, not from level %(from_level)s to level %(to_level)s."
        ),
        "not_a_belfry_level": gettext_lazy("« %(level)s » is not a belfry level."),
        "belfry_not_a_tower": gettext_lazy(
            "Belfry %(belfry)s is not one of the battle's siege towers: a belfry is bought and placed as a siege tower."
        ),
        "belfry_not_at_rampart": gettext_lazy("A belfry rolls against a rampart section, not %(section)s."),
        "belfry_obstacle_too_close": gettext_lazy(
            "Obstacles lie on the line of belfry %(belfry)s, %(reach)s hex from the wall or more."
        ),
        "belfry_level_unused": gettext_lazy("Level %(level)s of belfry %(belfry)s is not used against this wall."),
        "belfry_level_overcrowded": gettext_lazy(
            "Level %(level)s of belfry %(belfry)s holds %(most)s models, not %(held)s."
        ),
        "belfry_straight_line": gettext_lazy(
            "A belfry moves in a straight line, forward or back, and cannot pivot on its eight wheels."
        ),
        "belfry_bridge_down_no_move": gettext_lazy("Belfry %(belfry)s has lowered its drawbridge: it moves no more."),
        "belfry_lowering_no_move": gettext_lazy("Belfry %(belfry)s is lowering its drawbridge: it stays in reach."),
        "belfry_push_too_far": gettext_lazy(
            "Belfry %(belfry)s, with %(pushers)s free pushers and %(aboard)s models aboard, rolls %(speed)s "
            "hexes a turn, %(done)s done: not %(hexes)s more."
        ),
        "belfry_reach_wall": gettext_lazy(
            "Belfry %(belfry)s is %(distance)s hexes from %(section)s: it rolls up to %(reach)s hex from the "
            "rampart, not %(hexes)s more."
        ),
        "belfry_obstacle": gettext_lazy("The hex %(hex)s from %(section)s is neither flat ground nor a filled moat."),
        "belfry_pushed": gettext_lazy(
            "Belfry %(belfry)s rolls %(direction)s, hexes: %(hexes)s; hexes left to %(section)s: %(distance)s."
        ),
        "belfry_ladders_fixed": gettext_lazy("The ladders of belfry %(belfry)s are fixed."),
        "belfry_ladder_team_outside": gettext_lazy(
            "A team outside belfry %(belfry)s, on the ground, sets up its ladder."
        ),
        "belfry_must_stand_still": gettext_lazy(
            "Belfry %(belfry)s has moved this turn: it must stand still to %(activity)s."
        ),
        "belfry_no_model": gettext_lazy("No model to move."),
        "belfry_group_one_place": gettext_lazy("A group climbs from one place."),
        "not_a_belfry_step": gettext_lazy("Going from %(from_place)s to %(to_place)s is not a step in a belfry."),
        "two_belfries": gettext_lazy("%(from_place)s and %(to_place)s are in two belfries."),
        "belfry_boarded_from_ground": gettext_lazy("A belfry is boarded from the ground, not from %(place)s."),
        "belfry_loaded_carriers": gettext_lazy(
            "%(models)s carry a ladder or a ram: they go with their load, not into a belfry."
        ),
        "belfry_no_cavalry": gettext_lazy("%(models)s are mounted: a belfry is impassable on horseback."),
        "belfry_besieged_fixed_ladders": gettext_lazy(
            "The besieged climb through belfry %(belfry)s only by fixed ladders."
        ),
        "belfry_removable_ladder": gettext_lazy(
            "The ladder of belfry %(belfry)s from the ground is removable: a team outside sets it up first."
        ),
        "belfry_already_there": gettext_lazy("%(models)s already stand %(place)s."),
        "belfry_ground_is": gettext_lazy(
            "From belfry %(belfry)s the ground is %(ground_place)s, or where %(side)s stands on the field, not "
            "%(place)s."
        ),
        "belfry_step_points": gettext_lazy(
            "%(model)s has %(left)s of its %(m)s movement points left; the step costs %(cost)s."
        ),
        "belfry_moved_between_sections": gettext_lazy("%(model)s has moved between sections this turn."),
        "belfry_level_full": gettext_lazy(
            "Level %(level)s of belfry %(belfry)s holds %(most)s models; %(held)s are there, and %(more)s more "
            "is too many."
        ),
        "belfry_bridge_not_down": gettext_lazy("The drawbridge of belfry %(belfry)s is not down."),
        "belfry_bridge_elsewhere": gettext_lazy(
            "The drawbridge of belfry %(belfry)s lies on %(section)s, not on %(to_section)s."
        ),
        "belfry_bridge_level": gettext_lazy(
            "The drawbridge of belfry %(belfry)s is on level 2, not on level %(level)s."
        ),
        "belfry_bridge_points": gettext_lazy(
            "%(model)s has %(left)s movement points left; the drawbridge costs %(cost)s."
        ),
        "belfry_fight_two_levels": gettext_lazy(
            "%(model)s stands %(place)s, not %(fight_place)s: models on two levels of a belfry fight only when "
            "one of them climbs the ladder onto the other's level to charge it."
        ),
    },
    words={
        "direction": {
            "forward": gettext_lazy("forward"),
            "back": gettext_lazy("back"),
        },
        "activity": {
            "raise_ladder": gettext_lazy("set up its ladder"),
            "climb_from_ground": gettext_lazy("be climbed from the ground"),
        },
        "side": {s.value: w for s, w in SIDES.items()},
    },
)
