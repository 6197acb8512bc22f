"""What the campaign battle page shows of a skirmish's bands: each side's models with their characteristics, as a
table, and the band as typed for the side's player or the organiser to change before the skirmish starts."""

from __future__ import annotations

from dataclasses import dataclass

from rules.freres.state import Model

from ..models import Battle, CampaignMembership
from .forms import BandForm
from .lines import CAMPAIGN_BAND_LABELS, CAMPAIGN_BANDS, CHARACTERISTICS, KEYS, equipment_of, example_band
from .selectors import bands_shown


@dataclass(frozen=True)
class BandRow:
    name: str
    numbers: tuple[int, ...]
    """C T D A M PA (II §2)."""
    equipment: str


@dataclass(frozen=True)
class BandSection:
    side: str
    label: str
    rows: list[BandRow]
    typed: bool
    form: BandForm | None
    """for the side's player or the organiser before the skirmish starts: the band as typed, or the engine's
    example band while none is"""


def band_rows(models: tuple[Model, ...]) -> list[BandRow]:
    return [
        BandRow(
            m.profile.name,
            tuple(getattr(m.profile, c) for c in CHARACTERISTICS),
            " ".join([equipment_of(m.profile), *([str(KEYS["standard"])] if m.bears_standard else [])]).strip(),
        )
        for m in models
    ]


def band_sections(battle: Battle, membership: CampaignMembership) -> list[BandSection]:
    """The two bands of a skirmish battle as the member sees them; none for another battle."""
    return [
        BandSection(
            band.side,
            str(CAMPAIGN_BAND_LABELS[band.side]),
            band_rows(band.models),
            bool(band.text),
            _form(band.side, band.text) if band.may_edit else None,
        )
        for band in bands_shown(battle, membership)
    ]


def _form(side: str, text: str) -> BandForm:
    return BandForm(initial={"text": text or example_band(CAMPAIGN_BANDS[side])}, auto_id=f"band-{side}-%s")
