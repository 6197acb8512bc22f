"""A tracked siege: its set-up, its seed and its log of entries, append-only. The battle's state is the replay of
the log (:mod:`rules.siege.battle`); nothing here stores a state that the log could contradict."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from siege_site.rule_systems import RuleSystem as RuleSystem


class DiceMode(models.TextChoices):
    APP = "app", _("Dice rolled by the app")
    PHYSICAL = "physical", _("Dice rolled at the table and typed in")


class AppStrength(models.TextChoices):
    """How well the app plays a side: *simple*, the simulator's policies (:mod:`bots.siege.solo`); *strong*, at
    each of its decisions, each option played out many times by the simple policies from the battle as it stands,
    the best by expected victory points kept (:mod:`bots.siege.strong`, on the simulation workers)."""

    SIMPLE = "simple", _("Simple: the simulator's policies")
    STRONG = "strong", _("Strong: plays each option out many times and keeps the best (sieges)")


class TrackedBattle(models.Model):
    """A battle played through the tracker, from a campaign's battle or ad hoc (``campaign_battle`` empty): a siege,
    or a Frères d'Armes skirmish whose bands A and B its first and second players lead."""

    name = models.CharField(_("name"), max_length=120)
    campaign_battle = models.ForeignKey(
        "campaigns.Battle", on_delete=models.CASCADE, null=True, blank=True, related_name="tracked"
    )
    rule_system = models.CharField(
        _("rule system"), max_length=16, choices=RuleSystem.choices, default=RuleSystem.WFB_SIEGE
    )
    """The rules it is played with (:mod:`tracker.engines` plays the WFB siege and Frères d'Armes)."""
    besieger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    """The first player: the besieger, or in a skirmish band A's."""
    besieged = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    """The second player: the besieged, or in a skirmish band B's."""
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    setup = models.JSONField()
    """The engine's set-up (:class:`rules.siege.battle.Setup`, :class:`rules.freres.battle.Setup`) as JSON."""
    seed = models.BigIntegerField()
    dice = models.CharField(_("dice"), max_length=8, choices=DiceMode.choices, default=DiceMode.APP)
    seq = models.PositiveIntegerField(default=0)
    """The sequence number of the last entry: what a page acting on the battle says it saw."""
    result_sent = models.BooleanField(default=False)
    app_side = models.CharField(_("side the app plays"), max_length=8, blank=True, default="")
    """The side the app plays (*joué par l'application*), as stored in the entries' ``side``; empty: humans play
    both."""
    app_strength = models.CharField(
        _("the app's strength"), max_length=8, choices=AppStrength.choices, default=AppStrength.SIMPLE
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tracked siege")
        verbose_name_plural = _("tracked sieges")

    def __str__(self) -> str:
        return self.name


class EntryKind(models.TextChoices):
    ACTION = "action", _("Action")
    UNDO = "undo", _("Undo")


class TrackedEntry(models.Model):
    """One line of the log: an action with the dice it rolled, or the undoing of the last action still standing."""

    battle = models.ForeignKey(TrackedBattle, on_delete=models.CASCADE, related_name="entries")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=EntryKind.choices, default=EntryKind.ACTION)
    entry = models.JSONField(null=True, blank=True)
    """For an action, the engine's log entry (:class:`rules.log.Entry`) as JSON: the action and its rolls."""
    undoes = models.PositiveIntegerField(null=True, blank=True)
    """For an undo, the sequence number of the action it reverts."""
    group = models.PositiveIntegerField(null=True, blank=True)
    """For actions played in one go (a unit deployed, §16), the sequence number of the group's first: an undo takes
    the whole group back."""
    side = models.CharField(max_length=8)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    by_app = models.BooleanField(default=False)
    """Whether the app wrote the entry, playing its side of a solo battle (``by`` is then empty)."""
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle", "seq"]
        constraints = [models.UniqueConstraint(fields=["battle", "seq"], name="one_entry_per_seq")]

    def __str__(self) -> str:
        return f"{self.battle} #{self.seq}"
