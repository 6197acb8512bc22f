"""Whole-assault simulation runs: what was asked (plans or a battle under way, N, the seed), how far the workers
are, each chunk's counts, and the run's summary once every chunk is in."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RunStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting for a worker")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    CANCELLED = "cancelled", _("Cancelled")
    FAILED = "failed", _("Failed")


class RunProblem(models.TextChoices):
    FAILED = "failed", _("A worker failed while playing the assaults.")
    WORKER_LOST = "worker_lost", _("The workers fell silent; the run was stopped before it finished.")
    NOT_TAKEN_UP = "not_taken_up", _("No worker took the run up.")
    QUEUE_DOWN = "queue_down", _("The run could not be handed to the workers.")


class SimulationRun(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_runs")
    label = models.CharField(_("name"), max_length=120, blank=True)
    assault = models.JSONField(_("plans"), null=True, blank=True)
    """both sides' plans (:class:`bots.siege.assault.Assault`), or null when the run starts from ``start_state``."""
    start_state = models.JSONField(null=True, blank=True)
    """a battle state under way (:class:`rules.siege.board.state.BattleState` JSON) and its policy orders."""
    games = models.PositiveIntegerField(_("assaults"))
    seed = models.BigIntegerField(_("seed"))
    status = models.CharField(max_length=12, choices=RunStatus.choices, default=RunStatus.QUEUED)
    problem = models.CharField(max_length=20, choices=RunProblem.choices, blank=True)
    summary = models.JSONField(null=True, blank=True)
    """the whole run's counts, written once, when the last chunk is in; never for a cancelled or failed run."""
    stop_half_width = models.FloatField(null=True, blank=True)
    """stop once the 95 % interval of the besieger's share of wins is at most this either side (0.02: ±2 points);
    null: play every game asked."""
    stopped_early = models.BooleanField(default=False)
    """the run is done before its last game: its interval was narrow enough; its summary counts the games played."""
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    """the last time a worker reported on this run; a run that falls silent is stopped (``return_stalled_runs``)."""
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.label or f"#{self.pk}"

    @property
    def finished(self) -> bool:
        return self.status in (RunStatus.DONE, RunStatus.CANCELLED, RunStatus.FAILED)


class SimulationChunk(models.Model):
    """Games ``first`` to ``first + games - 1`` of a run, played by one task."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    played = models.PositiveIntegerField(default=0)
    """games played so far by the task at work (progress only; its counts are kept when the chunk is whole)."""
    besieger_wins = models.PositiveIntegerField(default=0)
    """of the games ``played``, those the besieger won: the run's estimate while it is at work."""
    partial = models.JSONField(null=True, blank=True)
    """the counts of the games ``played``, reported by the task at work, so that a run stopped early sums them up."""
    summary = models.JSONField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="one_chunk_per_index")]

    def __str__(self) -> str:
        return f"{self.run} [{self.first}, {self.first + self.games})"
