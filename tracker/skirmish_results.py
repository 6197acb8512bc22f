"""A tracked skirmish's menu choice, with the distances and terrain measured on the table, and its result for the
campaign, read from the engine (:func:`rules.freres.legal.legal_actions`, :func:`rules.freres.result.skirmish_result`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from campaigns.bands.lines import CAMPAIGN_BANDS
from campaigns.models import Winner
from campaigns.results import Result
from rules.freres.actions import Action
from rules.freres.legal import legal_actions
from rules.freres.movement import check_distance
from rules.freres.result import skirmish_result
from rules.freres.state import Side, Skirmish

from .refusals import Refused

if TYPE_CHECKING:
    from .models import TrackedBattle

TABLE_FACTS = ("distance_cm", "enemy_distance_cm", "terrain")
"""What an action declares of the table that the engine cannot see: a distance in cm, a terrain (II §3.3)."""
CAMPAIGN_SIDE = {band: side for side, band in CAMPAIGN_BANDS.items()}
"""The campaign's side of each band (:data:`campaigns.bands.lines.CAMPAIGN_BANDS`)."""


def skirmish_choice(state: Skirmish, option: int, facts: Mapping[str, str] | None = None) -> Action:
    """The ``option``-th action of the engine's menu now, with the facts of the table the player gave
    (:func:`with_facts`)."""
    menu = legal_actions(state)
    if not 0 <= option < len(menu):
        raise Refused(_("That choice is no longer on the menu."), "option")
    return with_facts(menu[option], facts or {})


def table_facts(action: Action) -> tuple[str, ...]:
    """The facts of the table ``action`` declares that the engine cannot see (:data:`TABLE_FACTS`)."""
    return tuple(name for name in TABLE_FACTS if hasattr(action, name))


def with_facts(action: Action, facts: Mapping[str, str]) -> Action:
    """``action`` with the distances (cm) and the terrain the player measured on the table instead of the menu's
    plain ones (a full move in clear terrain, a shot at 15 cm); a value that is not a distance of 0 to 200 cm
    (§3.3) or a terrain of the document (§3.3: clear or not) is refused naming the parameter. The engine then checks
    the action with them (a move longer than the terrain allows, a shot beyond its range…)."""
    changes: dict[str, object] = {}
    for name in table_facts(action):
        text = str(facts.get(name, "")).strip()
        if not text:
            continue
        if name == "terrain":
            accepted = action.choices[name]
            if text not in accepted:
                raise Refused(
                    _("%(name)s: one of %(accepted)s, not %(text)s.")
                    % {"name": name, "accepted": ", ".join(accepted), "text": text[:20]},
                    name,
                )
            changes[name] = text
            continue
        if not (text.isdigit() and len(text) <= 4):
            raise Refused(_("%(name)s: a whole number of cm, not %(text)s.") % {"name": name, "text": text[:20]}, name)
        try:
            changes[name] = check_distance(name, int(text))
        except ValueError as bad:
            raise Refused(str(bad), name) from None
    return replace(action, **changes) if changes else action  # type: ignore[type-var]


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
