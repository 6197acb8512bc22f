"""The words of :mod:`rules.freres.play_move`: the movement actions and getting on or off a mount."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

ANGLE = {
    "narrow": pgettext_lazy("a skirmish's word", "by 90° or less"),
    "wide": pgettext_lazy("a skirmish's word", "by more than 90°"),
}
PACE = {
    "run": pgettext_lazy("a skirmish's word", "run"),
    "sprint": pgettext_lazy("a skirmish's word", "sprint"),
}
ROW = {
    "go": pgettext_lazy("a skirmish's word", "off it goes"),
    "hindered": pgettext_lazy("a skirmish's word", "hindered"),
    "false_start": pgettext_lazy("a skirmish's word", "false start"),
    "fall": pgettext_lazy("a skirmish's word", "a fall"),
    "big_fall": pgettext_lazy("a skirmish's word", "a big fall"),
}
MOUNTING = {
    "mounts": pgettext_lazy("a skirmish's word", "in the saddle"),
    "dismounts": pgettext_lazy("a skirmish's word", "on foot"),
}

SENTENCES = Sentences(
    {
        "turn": gettext_lazy("%(model)s turns %(angle)s."),
        "move_too_far": gettext_lazy("One move takes %(model)s at most %(most)s cm here, not %(distance_cm)s."),
        "move_turn_limit": gettext_lazy(
            "%(model)s has moved %(moved_cm)s cm this turn: %(left)s cm more at most without a frenzied run."
        ),
        "hidden_move_refused": gettext_lazy("%(model)s moves hidden only when hidden, in terrain that is not clear."),
        "not_in_cover": gettext_lazy("%(model)s is not in cover."),
        "trample_unmounted": gettext_lazy("Only a mounted model tramples."),
        "trample_standing": gettext_lazy("%(target_model)s is not on the ground: it cannot be trampled."),
        "move": gettext_lazy("%(model)s moves %(distance_cm)s cm."),
        "jump_ja": gettext_lazy("JA of %(model)s to jump an obstacle (%(jump)s)"),
        "jump_failed": gettext_lazy("%(model)s falls beyond the obstacle."),
        "frenzied_once": gettext_lazy("%(model)s has had its frenzied run this turn: one attempt a turn."),
        "run_turn_limit": gettext_lazy(
            "%(model)s has moved %(moved_cm)s cm of its %(most)s this turn: beyond, only a frenzied run."
        ),
        "run_too_far": gettext_lazy("A run takes %(model)s at most %(most)s cm here, not %(distance_cm)s."),
        "run_ja": gettext_lazy("JA of %(model)s (%(pace)s)"),
        "run": gettext_lazy("%(model)s: %(row)s, %(distance_cm)s cm."),
        "stunned_recovers": gettext_lazy("%(model)s is stunned: it recovers instead."),
        "already_standing": gettext_lazy("%(model)s is standing."),
        "stand_up": gettext_lazy("%(model)s stands up."),
        "lie_down": gettext_lazy("%(model)s lies down."),
        "crawl_on_ground_only": gettext_lazy("%(model)s crawls only when on the ground, not stunned."),
        "crawl": gettext_lazy("%(model)s crawls %(distance_cm)s cm."),
        "mounted_no_hide": gettext_lazy("A mounted model may not hide."),
        "clear_no_hide": gettext_lazy("Hiding is impossible in clear terrain."),
        "hide_too_close": gettext_lazy("A model hides more than %(least)s cm from the enemy, not %(distance_cm)s cm."),
        "hide": gettext_lazy("%(model)s hides."),
        "mounted_no_cover": gettext_lazy("A mounted model may not take cover."),
        "take_cover": gettext_lazy("%(model)s takes cover."),
        "climb_ja": gettext_lazy("JA of %(model)s to climb"),
        "climb_height": gettext_lazy("Height %(model)s climbs above its own (cm)"),
        "climb": gettext_lazy("%(model)s climbs its height and %(height_cm)s cm."),
        "climb_failed": gettext_lazy("%(model)s stays where it is."),
        "no_usable_mount": gettext_lazy("%(model)s has no mount it may use."),
        "mount": gettext_lazy("%(model)s: %(mounting)s."),
    },
    words={"angle": ANGLE, "pace": PACE, "row": ROW, "mounting": MOUNTING},
)
