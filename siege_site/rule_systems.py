"""The rule systems a battle is played with on the table, written once for every app: a campaign's battle stores
one (:attr:`campaigns.models.Battle.rule_system`), and so does a battle played through the tracker
(:attr:`tracker.models.TrackedBattle.rule_system`), with the same values."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RuleSystem(models.TextChoices):
    """The rules a battle is played with; a new campaign battle takes its kind's WFB rules."""

    WFB_SIEGE = "wfb_siege", _("WFB siege")
    WFB_FIELD = "wfb_field", _("WFB field battle")
    FRERES = "freres", _("Frères d'Armes skirmish")
    CONFRONTATION = "confrontation", _("Confrontation")
