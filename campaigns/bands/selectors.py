"""Reads of a Frères d'Armes skirmish battle's bands (:class:`campaigns.models.SkirmishBand`): each side's text as
typed, its models as the engine reads them, and who may change it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.freres.state import Model
from rules.freres.state import Side as Band

from ..models import Battle, CampaignMembership, RuleSystem, Side, SkirmishBand
from ..selectors import sees_battle
from .lines import CAMPAIGN_BANDS, BandProblem, parse_band


@dataclass(frozen=True)
class BandShown:
    """One side's band as a member sees it: its text, its models (none before it is typed) and whether the member
    may change it."""

    side: str
    text: str
    models: tuple[Model, ...]
    may_edit: bool


def band_texts(battle: Battle) -> dict[Band, str]:
    """Each band typed for ``battle``, by the engine's band: the attacker's is band A, the defender's band B."""
    return {CAMPAIGN_BANDS[b.side]: b.text for b in SkirmishBand.objects.filter(battle=battle)}


def band_text(battle: Battle, side: str) -> str:
    return band_texts(battle).get(CAMPAIGN_BANDS[side], "")


def has_bands(battle: Battle) -> bool:
    """Whether the battle is played with bands: a Frères d'Armes skirmish."""
    return battle.rule_system == RuleSystem.FRERES


def skirmish_started(battle: Battle) -> bool:
    """Whether the battle's skirmish has started: it is tracked, or has its result, entered or confirmed."""
    return battle.played or battle.proposed_result is not None or battle.tracked.exists()


def band_refusal(battle: Battle, membership: CampaignMembership, side: str) -> str:
    """Why ``membership`` may not type ``side``'s band of ``battle`` now; empty when it may: a side's band is typed
    by that side's player or the organiser, in a battle played with Frères d'Armes, before the skirmish starts."""
    if side not in Side.values:
        return _("side: a band is the attacker's or the defender's.")
    if membership.campaign_id != battle.campaign_id or not has_bands(battle):
        return _("Only a battle played with Frères d'Armes has bands.")
    player = battle.attacker_id if side == Side.ATTACKER else battle.defender_id
    if not membership.is_organiser and membership.pk != player:
        return _("A band is typed by its side's player or the organiser.")
    if skirmish_started(battle):
        return _("The skirmish has started: its bands can no longer change.")
    return ""


def may_edit_band(battle: Battle, membership: CampaignMembership, side: str) -> bool:
    return not band_refusal(battle, membership, side)


def bands_shown(battle: Battle, membership: CampaignMembership) -> list[BandShown]:
    """The two bands of a skirmish battle, the attacker's then the defender's, for a member who sees the battle;
    none for another battle."""
    if not has_bands(battle) or not sees_battle(battle, membership):
        return []
    texts = band_texts(battle)
    shown = []
    for side in (Side.ATTACKER, Side.DEFENDER):
        text = texts.get(CAMPAIGN_BANDS[side], "")
        shown.append(
            BandShown(side, text, _models(text, CAMPAIGN_BANDS[side]), may_edit_band(battle, membership, side))
        )
    return shown


def _models(text: str, band: Band) -> tuple[Model, ...]:
    if not text:
        return ()
    try:
        return parse_band(text, band)
    except BandProblem:  # kept before a change of the reading: shown as typed, without its table
        return ()
