"""The words of :mod:`rules.siege.chapters.mining`: the besieger's mine, the besieged's counter-mine, the foundations
and the tunnel."""

from django.utils.translation import gettext_lazy

from .. import Sentences
from .game import SIDES

SENTENCES = Sentences(
    {
        "may_not_dig": gettext_lazy(
            "%(model)s cannot dig for %(side)s: diggers have a unit strength of 1, and are neither cavalry, "
            "monsters nor large creatures."
        ),
        "one_mine": gettext_lazy("The besieger digs one mine."),
        "sappers_count": gettext_lazy("A mine takes %(needed)s sappers, not %(count)s."),
        "no_mine_to_counter": gettext_lazy("There is no mine to counter."),
        "counter_miners_count": gettext_lazy("Counter-mining takes %(least)s to %(most)s models, not %(count)s."),
        "counter_miners_not_free": gettext_lazy(
            "These cannot go down the counter-mine (besieged models in the fort, neither fleeing, engaged, blocking "
            "nor reinforcing, that have not moved, rallied or come up from the mine this turn): %(models)s."
        ),
        "no_mine_dug": gettext_lazy("No mine is being dug."),
        "dig_in_own_turn": gettext_lazy("The besieger digs in his own turn, before his movement."),
        "dug_already": gettext_lazy("The sappers roll once a besieger turn, and have already rolled in turn %(turn)s."),
        "dig_before_moving": gettext_lazy(
            "The sappers roll « avant la phase de mouvement »: models have already moved this turn."
        ),
        "name_section_to_undermine": gettext_lazy(
            "The mine stands at %(score)s of %(target)s: this roll may reach the foundations, so name the section "
            "to undermine."
        ),
        "sapping_roll": gettext_lazy("Sapping"),
        "counter_mining_roll": gettext_lazy("Counter-mining"),
        "mining": gettext_lazy(
            "Sapping %(sapping)s, less counter-mining %(counter)s: the mine stands at %(score)s of %(target)s."
        ),
        "undermining_undone": gettext_lazy("The re-roll falls short: %(section)s is not undermined."),
        "foundations_roll": gettext_lazy("Damage to the undermined foundations"),
        "undermined": gettext_lazy("The mine reaches the foundations: %(section)s takes %(points)s damage points."),
        "tunnel_dug": gettext_lazy("The tunnel is dug."),
        "reroll_after_mining_roll": gettext_lazy("A re-roll follows this turn's mining roll."),
        "sappers_reroll_gone": gettext_lazy("The sappers' re-roll is used, or they have no sapper."),
        "counter_reroll_gone": gettext_lazy("The counter-miners' re-roll is used, or they have no sapper."),
        "foundations_reroll_gone": gettext_lazy(
            "The foundations' D4 re-roll is used, the diggers have no sapper, or no D4 was rolled this turn."
        ),
        "sapping_reroll": gettext_lazy("Sapping, re-rolled"),
        "counter_mining_reroll": gettext_lazy("Counter-mining, re-rolled"),
        "foundations_reroll": gettext_lazy("Damage to the undermined foundations, re-rolled"),
        "undermined_again": gettext_lazy(
            "Re-rolled: %(section)s takes %(points)s damage points from the mine instead."
        ),
        "undermine_rampart_only": gettext_lazy("The mine weakens a wall or tower section, not %(section)s."),
        "undermine_not_main_gate": gettext_lazy("%(section)s holds the main gate, which the mine cannot weaken."),
        "no_mine_to_leave": gettext_lazy("There is no mine to leave."),
        "no_sapper_digs": gettext_lazy("No sapper digs the mine."),
        "sappers_come_out_outside": gettext_lazy(
            "The sappers rejoin their regiment outside or stand 20 cm from the walls, not in %(section)s."
        ),
        "no_counter_miner_digs": gettext_lazy("No counter-miner digs."),
        "counter_miners_come_up_in_courtyard": gettext_lazy(
            "The counter-miners come up in a courtyard, not in %(section)s."
        ),
        "no_tunnel": gettext_lazy("No tunnel has been dug."),
        "tunnel_in_besiegers_turn": gettext_lazy("Models come through the tunnel in the besieger's turns."),
        "tunnel_used_this_turn": gettext_lazy("One unit a turn comes through the tunnel."),
        "tunnel_into_courtyard": gettext_lazy("The tunnel opens into a courtyard, not into %(section)s."),
        "tunnel_models_count": gettext_lazy("%(most)s models a turn come through the tunnel, not %(count)s."),
        "tunnel_one_unit_outside": gettext_lazy("The models come from one unit outside the fort."),
    },
    words={"side": {s.value: w for s, w in SIDES.items()}},
)
