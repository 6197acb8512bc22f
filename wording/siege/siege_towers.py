"""The words of :mod:`rules.siege.chapters.siege_towers`: pushing a siege tower, coming out of it after a won combat,
and its damage."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "tower_collapsed": gettext_lazy("Siege tower %(tower)s has collapsed."),
        "tower_against_rampart": gettext_lazy(
            "Siege tower %(tower)s stands against %(section)s: it has come up to the rampart."
        ),
        "tower_pushed_already": gettext_lazy(
            "Siege tower %(tower)s has already been pushed in turn %(turn)s: it moves at most %(most)s cm a turn."
        ),
        "tower_immobilised": gettext_lazy(
            "Siege tower %(tower)s has %(crew)s crew: with fewer than %(least)s it cannot move."
        ),
        "tower_push_distance": gettext_lazy(
            "Siege tower %(tower)s with %(crew)s crew moves 1 to %(most)s cm, not %(distance)s."
        ),
        "tower_assaults_ramparts": gettext_lazy("A siege tower assaults a wall or a tower, not %(section)s."),
        "tower_rampart_collapsed": gettext_lazy("%(section)s has collapsed: no rampart is left to assault."),
        "section_has_tower": gettext_lazy("%(section)s already has a siege tower against it: one a section."),
        "tower_not_against_rampart": gettext_lazy("Siege tower %(tower)s is not against a rampart."),
        "tower_combat_not_won": gettext_lazy("The besieger has not won the combat on %(section)s."),
        "after_win_too_many": gettext_lazy("%(most)s more models come out after a win, not %(named)s."),
        "not_in_the_tower": gettext_lazy("%(models)s are not in siege tower %(tower)s."),
        "besieged_react_before_landing": gettext_lazy(
            "The besieged on %(section)s fall back, flee or hold first: the two come out just after."
        ),
        "won_in_an_earlier_turn": gettext_lazy(
            "The besieger won on %(section)s in an earlier turn: the two come out at once after a win."
        ),
        "landed_already": gettext_lazy(
            "%(most)s more models have already come out of siege tower %(tower)s after this turn's win."
        ),
        "tower_damage": gettext_lazy("Siege tower %(tower)s: damage %(damage)s, structure points left: %(left)s."),
        "tower_falls": gettext_lazy("Does siege tower %(tower)s fall?"),
    },
)
