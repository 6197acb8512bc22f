"""The words of the siege's board (:mod:`tracker.presenters`), in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy

from rules.siege.board.engines import Liquid
from rules.siege.board.state import SetupTurn

SETUP_TURN_LABELS: Mapping[SetupTurn, object] = {
    SetupTurn.WALLS: gettext_lazy("Set-up (walls)"),
    SetupTurn.FIELD: gettext_lazy("Set-up (field)"),
    SetupTurn.COURTYARDS: gettext_lazy("Set-up (courtyards)"),
    SetupTurn.SHARED: gettext_lazy("Set-up"),
}
"""Each side's part of the set-up (§16): the besieged's walls, the besieger's field, the besieged's courtyards."""

TARGET_WORDS: Mapping[str, object] = {
    "forward": gettext_lazy("forward"),
    "back": gettext_lazy("back"),
    "foundations": gettext_lazy("the foundations"),
    "tunnel": gettext_lazy("the tunnel"),
    "sapping": gettext_lazy("the sappers' D6"),
    "counter": gettext_lazy("the counter-miners' die"),
}
"""The words a target may be instead of a place or a model: a belfry's way (001 §4.1), a mine's
goal (§10.3) and the mining dice re-rolled (§10.4)."""

NUMBER_LABELS: Mapping[str, object] = {
    "distance": gettext_lazy("Distance (cm)"),
}
"""The numbers an option lets the player set (:attr:`rules.siege.board.options.Option.numbers`): a siege tower's push
(§7.3.3)."""

LIQUID_LABELS: Mapping[Liquid, object] = {
    Liquid.WATER: gettext_lazy("Boiling water (§8.2.4)"),
    Liquid.OIL: gettext_lazy("Boiling oil (§8.2.5)"),
    Liquid.LEAD: gettext_lazy("Molten lead (§8.2.6)"),
}
"""A brazier's liquids with the clause of each one's effect."""

SECOND_ROUND = gettext_lazy("Fight a second round (§3.2.2)")

BARE_BRAZIER = gettext_lazy("Place a bare brazier (flaming missiles, §9.1.2)")

OBLIGATION_LABELS: Mapping[str, object] = {
    "push_back": gettext_lazy("the besieged push back the climbers %(where)s or let them up"),
    "losers_react": gettext_lazy("the losers %(where)s retreat or hold"),
    "charge_reaction": gettext_lazy("the charged unit %(where)s answers the charge"),
    "flight": gettext_lazy("the fleeing models %(where)s flee on"),
    "panic_test": gettext_lazy("a panic test %(where)s"),
}
"""What each obligation of the engine (:mod:`rules.siege.board.obligations`) asks, in words, with its place."""

ENGINE_WORDS: Mapping[str, object] = {
    "ladder": gettext_lazy("ladder %(ref)s"),
    "gate": gettext_lazy("gate %(ref)s"),
    "ram": gettext_lazy("ram %(ref)s"),
    "siege_tower": gettext_lazy("siege tower %(ref)s"),
    "belfry": gettext_lazy("belfry %(ref)s"),
    "climb": gettext_lazy("the climb onto %(ref)s"),
}
"""An engine an option acts on, as the diagram names it (« échelle L1 », « porte G1 »)."""
