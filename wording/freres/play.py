"""The words of :mod:`rules.freres.play`: the activation's and the movement's shared refusals, the end of an
activation, of a turn and of the battle."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import Sentences

BAND = {
    "a": pgettext_lazy("a skirmish's word", "band A"),
    "b": pgettext_lazy("a skirmish's word", "band B"),
}
DEED = {
    "move": pgettext_lazy("a skirmish's word", "move"),
    "run": pgettext_lazy("a skirmish's word", "run"),
    "crawl": pgettext_lazy("a skirmish's word", "crawl"),
    "hide": pgettext_lazy("a skirmish's word", "hide"),
    "take_cover": pgettext_lazy("a skirmish's word", "take cover"),
    "climb": pgettext_lazy("a skirmish's word", "climb"),
    "mount": pgettext_lazy("a skirmish's word", "get on or off its mount"),
    "charge": pgettext_lazy("a skirmish's word", "charge"),
    "shoot": pgettext_lazy("a skirmish's word", "shoot"),
    "lie_down": pgettext_lazy("a skirmish's word", "lie down"),
    "strike": pgettext_lazy("a skirmish's word", "strike"),
    "raise_comrade": pgettext_lazy("a skirmish's word", "raise a comrade"),
    "behead": pgettext_lazy("a skirmish's word", "cut off a head"),
    "carry": pgettext_lazy("a skirmish's word", "carry a friend"),
    "recover_missile": pgettext_lazy("a skirmish's word", "recover its missile"),
    "leap_mount": pgettext_lazy("a skirmish's word", "leap on or off its mount"),
    "take_standard": pgettext_lazy("a skirmish's word", "pick up the standard"),
}
WHAT = {
    "turn": pgettext_lazy("a skirmish's word", "Turning"),
    "move": pgettext_lazy("a skirmish's word", "A move"),
    "run": pgettext_lazy("a skirmish's word", "A run"),
    "stand_up": pgettext_lazy("a skirmish's word", "Standing up"),
    "lie_down": pgettext_lazy("a skirmish's word", "Lying down"),
    "crawl": pgettext_lazy("a skirmish's word", "Crawling"),
    "hide": pgettext_lazy("a skirmish's word", "Hiding"),
    "take_cover": pgettext_lazy("a skirmish's word", "Taking cover"),
    "climb": pgettext_lazy("a skirmish's word", "Climbing"),
    "mount": pgettext_lazy("a skirmish's word", "Getting on or off the mount"),
    "strike": pgettext_lazy("a skirmish's word", "Striking"),
    "charge": pgettext_lazy("a skirmish's word", "A charge"),
    "flee_combat": pgettext_lazy("a skirmish's word", "Fleeing the combat"),
    "shoot": pgettext_lazy("a skirmish's word", "A shot"),
    "reload": pgettext_lazy("a skirmish's word", "Reloading"),
    "unjam": pgettext_lazy("a skirmish's word", "Unjamming"),
    "cast": pgettext_lazy("a skirmish's word", "Casting"),
    "memorise": pgettext_lazy("a skirmish's word", "Memorising"),
    "rally": pgettext_lazy("a skirmish's word", "Rallying"),
    "recover": pgettext_lazy("a skirmish's word", "Recovering"),
    "raise_comrade": pgettext_lazy("a skirmish's word", "Raising a comrade"),
    "scrutinise": pgettext_lazy("a skirmish's word", "Scrutinising"),
    "pick_up": pgettext_lazy("a skirmish's word", "Picking up the weapon"),
    "behead": pgettext_lazy("a skirmish's word", "Cutting off a head"),
    "open": pgettext_lazy("a skirmish's word", "Opening"),
    "open_conan": pgettext_lazy("a skirmish's word", "Opening « à la Conan »"),
    "carry": pgettext_lazy("a skirmish's word", "Carrying a friend"),
    "set_down": pgettext_lazy("a skirmish's word", "Setting down a friend"),
    "draw": pgettext_lazy("a skirmish's word", "Drawing"),
    "sheathe": pgettext_lazy("a skirmish's word", "Putting away"),
    "change_magazine": pgettext_lazy("a skirmish's word", "Changing the magazine"),
    "recover_missile": pgettext_lazy("a skirmish's word", "Recovering a missile"),
    "leap_mount": pgettext_lazy("a skirmish's word", "Leaping on or off the mount"),
    "take_standard": pgettext_lazy("a skirmish's word", "Picking up the standard"),
}
ENDING = {
    "waits": pgettext_lazy("a skirmish's word", "it waits, one defensive action left"),
    "played": pgettext_lazy("a skirmish's word", "it has played"),
}

SENTENCES = Sentences(
    {
        "not_activated": gettext_lazy("%(model)s is not activated: activate it first."),
        "other_activated": gettext_lazy("%(active_model)s is being activated, not %(model)s."),
        "routed_rallies_first": gettext_lazy("%(model)s is routed: it must first try to rally."),
        "pa_short": gettext_lazy(
            "%(what)s costs %(cost)s PA and %(model)s has %(left)s left: play an action of at most "
            "%(left)s PA, or store the PA for a later turn."
        ),
        "victory": gettext_lazy("%(band)s holds the field."),
        "end_activation": gettext_lazy("End of the activation of %(model)s: %(ending)s."),
        "new_turn": gettext_lazy("Turn %(turn)s begins."),
        "engaged_may_not": gettext_lazy(
            "%(model)s is in contact with the enemy: it may not %(deed)s (flee the combat first)."
        ),
        "on_ground_may_not": gettext_lazy("%(model)s is on the ground: it may not %(deed)s before standing up."),
        "shaken_no_advance": gettext_lazy("%(model)s is shaken: it may not go at the enemy this activation."),
        "may_not_attack": gettext_lazy("%(model)s may not attack this turn."),
        "target_hidden": gettext_lazy("%(target_model)s is hidden: find it first."),
        "spotted": gettext_lazy("%(target_model)s, %(distance_cm)s cm before %(model)s, is found."),
        "surrounded": gettext_lazy("%(target_model)s already has %(most)s enemies in contact: it is surrounded."),
        "contact": gettext_lazy("%(model)s comes into contact with %(target_model)s."),
        "not_an_enemy": gettext_lazy("%(target_model)s is a friend of %(model)s, not an enemy."),
    },
    words={"band": BAND, "deed": DEED, "what": WHAT, "ending": ENDING},
)
