"""Clubs, their members, and campaigns in which each member is an organiser or a player."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A gaming club: the people who play campaigns together."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="ClubMembership", related_name="clubs", verbose_name=_("members")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class ClubMembership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]
        verbose_name = _("club membership")
        verbose_name_plural = _("club memberships")

    def __str__(self) -> str:
        return f"{self.user} @ {self.club}"


class Campaign(models.Model):
    """A campaign of *La Conquête du Vieux Monde*, run by a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="campaigns", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("slug"), max_length=160)
    description = models.TextField(_("description"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="campaign_slug_unique_per_club")]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    PLAYER = "player", _("Player")


class CampaignMembership(models.Model):
    """A club member's part in one campaign: organiser (runs the turns) or player."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_memberships")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_role_per_campaign")]
        verbose_name = _("campaign membership")
        verbose_name_plural = _("campaign memberships")

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} — {self.campaign}"

    @property
    def is_organiser(self) -> bool:
        return self.role == Role.ORGANISER
