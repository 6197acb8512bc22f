"""The words of :mod:`rules.siege.game`: the turn's own refusals."""

from django.utils.translation import gettext_lazy

from rules.siege.board.places import Phase, Side

from .. import Sentences

STEPS = {
    Phase.SETUP: gettext_lazy("set-up"),
    Phase.SAPPERS: gettext_lazy("sappers"),
    Phase.MOVEMENT: gettext_lazy("movement"),
    Phase.MAGIC: gettext_lazy("magic"),
    Phase.SHOOTING: gettext_lazy("shooting"),
    Phase.CLOSE_COMBAT: gettext_lazy("close combat"),
    Phase.END: gettext_lazy("end of turn"),
}
SIDES = {Side.BESIEGER: gettext_lazy("the besieger"), Side.BESIEGED: gettext_lazy("the besieged")}

SENTENCES = Sentences(
    {
        "siege_over": gettext_lazy("The siege is over."),
        "obligation_first": gettext_lazy("%(obligation)s %(place)s must be settled first."),
        "wrong_step": gettext_lazy("This is played in the %(steps)s step, not in the %(step)s step."),
        "not_a_place": gettext_lazy("« %(text)s » is not a place of this battle."),
        "not_your_setup": gettext_lazy("%(active)s is setting up: %(side)s waits for its turn."),
        "not_your_turn": gettext_lazy("It is %(active)s's turn: %(side)s waits."),
        "no_such_model": gettext_lazy("There is no model « %(id)s » in this battle."),
        "enemy_model": gettext_lazy("%(model)s is not one of %(side)s's models."),
        "no_such_section": gettext_lazy("The fort has no section « %(section)s »."),
        "besieger_deploys_outside": gettext_lazy("The besieger deploys 40 cm or more from the walls, not %(place)s."),
        "besieged_deploys_inside": gettext_lazy("The besieged deploys inside the fort, not %(place)s."),
        "already_there": gettext_lazy("%(model)s already stands %(place)s."),
        "deployed_already": gettext_lazy("%(model)s stands %(place)s: it is not deployed again."),
        "courtyards_only": gettext_lazy(
            "The besieged now deploys the troops of its courtyards in the courtyards: %(model)s stays %(from_place)s."
        ),
        "section_full": gettext_lazy("%(section)s holds at most %(most)s models of %(side)s."),
        "cavalry_in_courtyards": gettext_lazy("Cavalry is deployed in the courtyards only, not on %(section)s."),
        "engines_with_courtyards": gettext_lazy(
            "The besieged places its siege engines after the besieger has deployed, with its courtyards."
        ),
        "charge_no_enemy": gettext_lazy("No enemy stands %(place)s: a charge is a move onto the enemy."),
        "no_charge_waits": gettext_lazy("No charge waits for an answer."),
        "stand_and_shoot_needs_shooters": gettext_lazy(
            "Standing and shooting takes at least one shooter; receiving the charge takes none."
        ),
        "no_panic_in_siege": gettext_lazy("A siege has no panic test for %(cause)s."),
        "panic_rolled_with_cause": gettext_lazy("The panic test for %(cause)s is rolled with what causes it."),
        "tower_is_belfry": gettext_lazy("Siege tower %(tower)s is a belfry: it is played by the belfry's rules."),
        "bad_value": gettext_lazy("%(name)s: %(value)s is not accepted."),
        "bad_input": gettext_lazy("A value of the action is not accepted."),
    },
    words={
        "steps": {p.value: w for p, w in STEPS.items()},
        "step": {p.value: w for p, w in STEPS.items()},
        "active": {s.value: w for s, w in SIDES.items()},
        "side": {s.value: w for s, w in SIDES.items()},
        "cause": {
            "casualties": gettext_lazy("casualties"),
            "fleeing_friends_nearby": gettext_lazy("friends fleeing nearby"),
            "fleeing_friends_passing": gettext_lazy("fleeing friends passing through"),
            "section_wiped_out": gettext_lazy("a section wiped out"),
            "scalded": gettext_lazy("a loss to boiling oil or molten lead"),
            "climbing_wounded": gettext_lazy("a giant wounded while climbing"),
        },
        "obligation": {
            "push_back": gettext_lazy("The push-back of the ladder"),
            "losers_react": gettext_lazy("The losers' reaction"),
            "charge_reaction": gettext_lazy("The answer to the charge"),
            "flight": gettext_lazy("The flight"),
            "panic_test": gettext_lazy("The panic test"),
        },
    },
)
