"""A tracked skirmish's menu choice and its result for the campaign, read from the engine
(:func:`rules.freres.legal.legal_actions`, :func:`rules.freres.result.skirmish_result`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from campaigns.bands import CAMPAIGN_BANDS
from campaigns.models import Winner
from campaigns.results import Result
from rules.freres.actions import Action
from rules.freres.legal import legal_actions
from rules.freres.result import skirmish_result
from rules.freres.state import Side, Skirmish

from .refusals import Refused

if TYPE_CHECKING:
    from .models import TrackedBattle

CAMPAIGN_SIDE = {band: side for side, band in CAMPAIGN_BANDS.items()}
"""The campaign's side of each band (:data:`campaigns.bands.CAMPAIGN_BANDS`)."""


def skirmish_choice(state: Skirmish, option: int) -> Action:
    """The ``option``-th action of the engine's menu now."""
    menu = legal_actions(state)
    if not 0 <= option < len(menu):
        raise Refused(_("That choice is no longer on the menu."), "")
    return menu[option]


def skirmish_winner(state: Skirmish) -> str:
    """The campaign's winner of a skirmish: the band left holding the field (II §1.3); when the players end it on
    their scenario's conditions (§1.3), the band that lost fewer models, a draw when they lost as many."""
    result = skirmish_result(state)
    if result.winner is not None:
        return CAMPAIGN_SIDE[result.winner]
    losses = result.losses
    if losses[Side.A] == losses[Side.B]:
        return Winner.DRAW
    return CAMPAIGN_SIDE[Side.A if losses[Side.A] < losses[Side.B] else Side.B]


def skirmish_campaign_result(tracked: TrackedBattle, state: Skirmish) -> Result:
    """The campaign result of a skirmish that is over, or that its players end once a model is out of the battle
    (the scenario's victory conditions are theirs, II §1.3): the winner by :func:`skirmish_winner`, each side's
    losses its models out of the battle."""
    result = skirmish_result(state)
    if not result.over and not any(result.losses.values()):
        raise Refused(
            _("The skirmish goes on: its result is sent once a model is out of the battle, or a band is gone."),
            "§1.3",
        )
    losses = {CAMPAIGN_SIDE[side]: count for side, count in result.losses.items()}
    return Result(
        winner=skirmish_winner(state),
        attacker_losses=losses["attacker"],
        defender_losses=losses["defender"],
        notes=_("Played with the skirmish tracker: %(name)s, %(turns)s turn(s).")
        % {"name": tracked.name, "turns": result.turns},
    )
