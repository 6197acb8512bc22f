"""A Frères d'Armes skirmish battle's bands, typed by each side's player or the organiser before the skirmish
starts; every line is read by the engine first (003 II §2), so a refused band leaves the one kept before."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from ..models import Battle, CampaignMembership, SkirmishBand
from .lines import CAMPAIGN_BAND_LABELS, CAMPAIGN_BANDS, BandProblem, normalised, parse_band
from .selectors import band_refusal


@transaction.atomic
def save_band(*, battle: Battle, side: str, text: str, by: CampaignMembership) -> SkirmishBand:
    """Keep ``side``'s band of ``battle`` as typed, a model a line; refused, writing nothing, for a battle not
    played with Frères d'Armes, once its skirmish has started, for a member other than that side's player or the
    organiser, and for a band the engine cannot read (a characteristic outside 1–10, II §2)."""
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    refusal = band_refusal(battle, by, side)
    if refusal:
        raise ValidationError(refusal)
    try:
        parse_band(text, CAMPAIGN_BANDS[side], label=str(CAMPAIGN_BAND_LABELS[side]))
    except BandProblem as problem:
        raise ValidationError(f"{problem.clause}: {problem.message}") from None
    band, _created = SkirmishBand.objects.update_or_create(
        battle=battle, side=side, defaults={"text": normalised(text), "updated_by": by}
    )
    return band
