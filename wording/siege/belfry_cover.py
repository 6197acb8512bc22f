"""The words of :mod:`rules.siege.chapters.belfry.belfry_cover`: the belfry's cover, its shooters, and flaming hits on
it."""

from django.utils.translation import gettext_lazy

from .. import Sentences

SENTENCES = Sentences(
    {
        "not_a_belfry_face": gettext_lazy("A belfry's face is its front, a side or its rear, not « %(face)s »."),
        "belfry_shoots_from_levels": gettext_lazy(
            "%(model)s stands %(place)s: a belfry's models shoot from levels 2 and 3."
        ),
        "out_of_sight_in_belfry": gettext_lazy("%(model)s is out of sight inside the belfry, %(place)s."),
        "belfry_no_fire": gettext_lazy("Flaming hits on %(face)s of belfry %(belfry)s (%(dice)s): no fire."),
        "belfry_fire": gettext_lazy(
            "Flaming hits on %(face)s of belfry %(belfry)s (%(dice)s): the belfry catches fire."
        ),
        "belfry_flaming_hit": gettext_lazy("Flaming hit on %(face)s of belfry %(belfry)s"),
    },
    words={
        "face": {
            "front": gettext_lazy("the front"),
            "side": gettext_lazy("a side"),
            "rear": gettext_lazy("the rear"),
        },
    },
)
