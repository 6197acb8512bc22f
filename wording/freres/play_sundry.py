"""The words of :mod:`rules.freres.play_sundry`: the table of other actions (II §9)."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "not_dead": gettext_lazy("%(corpse_model)s is not dead: only the dead are beheaded."),
        "beheaded_already": gettext_lazy("%(corpse_model)s has no head left to cut off."),
        "behead": gettext_lazy("%(model)s cuts off the head of %(corpse_model)s."),
        "open": gettext_lazy("%(model)s opens it."),
        "conan_needs_weapon": gettext_lazy("%(model)s needs a close-combat weapon in hand to open it « à la Conan »."),
        "conan_ja": gettext_lazy("JA of %(model)s to open « à la Conan »"),
        "conan_failed": gettext_lazy("%(model)s fails to open it: start again!"),
        "conan_weapon_broken": gettext_lazy("%(model)s breaks its weapon and must start again!"),
        "not_a_friend_out": gettext_lazy("%(friend_model)s is not a friend out of the fight."),
        "carries_already": gettext_lazy("%(model)s already carries a friend."),
        "carried_already": gettext_lazy("%(bearer_model)s already carries %(friend_model)s."),
        "hands_not_free": gettext_lazy(
            "%(model)s holds %(objects)s objects in hand: put them away first, the carrier holds nothing."
        ),
        "mounted_may_not_carry": gettext_lazy("%(model)s is mounted: it may not carry a friend on its shoulder."),
        "carry": gettext_lazy("%(model)s puts %(friend_model)s on its shoulder and is overloaded."),
        "carries_nobody": gettext_lazy("%(model)s carries nobody."),
        "set_down": gettext_lazy("%(model)s sets down %(friend_model)s."),
        "drawn_already": gettext_lazy("%(model)s has its weapon in hand already."),
        "carrying_hands_full": gettext_lazy("%(model)s carries a friend: it may draw nothing."),
        "draw": gettext_lazy("%(model)s draws its weapon (%(objects)s PA)."),
        "nothing_in_hand": gettext_lazy("%(model)s has nothing in hand to put away."),
        "sheathe": gettext_lazy("%(model)s puts away what it holds (%(objects)s PA)."),
    }
)
