"""A Frères d'Armes skirmish battle's bands (003 II §2): each side's models with their characteristics, typed a
model a line (:mod:`campaigns.bands.lines`) by that side's player or the organiser before the skirmish starts."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..enums import Side
from ..models import Battle, CampaignMembership


class SkirmishBand(models.Model):
    """One side's band in a campaign skirmish, as typed; the engine has read every line of it."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="skirmish_bands")
    side = models.CharField(
        pgettext_lazy("a battle's attacker or defender", "side"), max_length=8, choices=Side.choices
    )
    text = models.TextField(_("band"))
    updated_by = models.ForeignKey(
        CampaignMembership, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["battle", "side"]
        constraints = [models.UniqueConstraint(fields=["battle", "side"], name="one_band_per_side")]
        verbose_name = _("skirmish band")
        verbose_name_plural = _("skirmish bands")

    def __str__(self) -> str:
        return f"{self.battle} — {self.get_side_display()}"
