"""What the assistant keeps: the rolls made for a campaign battle played with Confrontation, in the order they were
made. The log only grows: a roll once made is the table's history, so nothing changes or removes it."""

from __future__ import annotations

from typing import Any, NoReturn

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.enums import Side
from campaigns.models import Battle, CampaignMembership


class RollKind(models.TextChoices):
    MELEE = "melee", _("melee's opening tests")
    SHOT = "shot", _("shot")
    WOUND = "wound", _("wound")
    FLIGHT = "flight", _("flight")
    DISENGAGE = "disengage", _("disengaging")
    HOLD_FIRE = "hold_fire", _("holding fire")


class AppendOnly(Exception):
    """A roll of the log was to be changed or removed."""


class RollQuerySet(models.QuerySet["ConfrontationRoll"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnly("A battle's Confrontation rolls are kept as they were made.")

    def delete(self) -> NoReturn:
        raise AppendOnly("A battle's Confrontation rolls are kept as they were made.")


class ConfrontationRoll(models.Model):
    """One roll made in the Confrontation assistant for a battle: who, when, the situation as typed, the dice and
    what they gave; for a wound that kills outright, the side and points of the model lost."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="confrontation_rolls")
    by = models.ForeignKey(CampaignMembership, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(_("when"), auto_now_add=True)
    kind = models.CharField(_("roll"), max_length=12, choices=RollKind.choices)
    situation = models.JSONField(_("situation"))
    dice = models.JSONField(_("dice"))
    """Each die as rolled: ``{"die", "reason", "result", "physical"}``, the reason in the engine's codes."""
    outcome = models.JSONField(_("outcome"))
    loss_side = models.CharField(max_length=8, choices=Side.choices, blank=True)
    loss_points = models.PositiveIntegerField(default=0)

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["battle", "at", "pk"]
        verbose_name = _("Confrontation roll")
        verbose_name_plural = _("Confrontation rolls")

    def __str__(self) -> str:
        return f"{self.battle} — {self.get_kind_display()}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly("A battle's Confrontation rolls are kept as they were made.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly("A battle's Confrontation rolls are kept as they were made.")
