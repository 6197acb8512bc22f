"""The words of :mod:`rules.siege.chapters.fire`: wooden structures set alight, burning and put out."""

from django.utils.translation import gettext_lazy

from .. import Sentences

STRUCTURES = {
    "gate": gettext_lazy("gate"),
    "ram": gettext_lazy("covered ram"),
    "siege_tower": gettext_lazy("siege tower"),
}
"""The wooden structures, by the engine's word for them."""

SENTENCES = Sentences(
    {
        "not_a_wooden_structure": gettext_lazy(
            "« %(structure)s » is not a wooden structure: a gate, a covered ram or a siege tower."
        ),
        "brazier_to_shooters": gettext_lazy("A brazier goes to a besieger unit of shooters, not to « %(unit)s »."),
        "unit_has_brazier": gettext_lazy("%(unit)s already has a brazier."),
        "braziers_given_out": gettext_lazy("The besieger bought %(bought)s braziers and has given out %(given)s."),
        "no_fire": gettext_lazy("Roll %(roll)s: %(structure_kind)s %(structure)s does not catch fire."),
        "fire": gettext_lazy("Roll %(roll)s: %(structure_kind)s %(structure)s catches fire."),
        "fire_table": gettext_lazy(
            "Fire table, roll %(roll)s for %(structure_kind)s %(structure)s: %(result)s; damage: %(damage)s."
        ),
        "not_burning": gettext_lazy("%(structure_kind)s %(structure)s is not burning."),
        "fires_out": gettext_lazy("%(braziers)s braziers of water this turn: every fire is out."),
        "doused": gettext_lazy("Water on %(structure_kind)s %(structure)s: 1 damage less next turn."),
        "catches_fire": gettext_lazy("Flaming hits on %(structure_kind)s %(structure)s: does it catch fire?"),
        "fire_table_roll": gettext_lazy("Fire on %(structure_kind)s %(structure)s"),
        "fire_blazes": gettext_lazy("%(structure_kind)s %(structure)s blazes: damage"),
        "oil_on_fire_damage": gettext_lazy("Boiling oil on the burning %(structure_kind)s %(structure)s: damage"),
    },
    words={
        "structure_kind": STRUCTURES,
        "result": {
            "out": gettext_lazy("the fire goes out"),
            "burns": gettext_lazy("it burns on without spreading"),
            "spreads": gettext_lazy("it spreads"),
            "blaze": gettext_lazy("it blazes"),
        },
    },
)
