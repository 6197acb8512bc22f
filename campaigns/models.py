"""Clubs, their members, and campaigns in which each member is an organiser or a player."""

from __future__ import annotations

import math

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from .enums import FORTIFIED_KINDS as FORTIFIED_KINDS
from .enums import BattleKind as BattleKind
from .enums import OrderKind as OrderKind
from .enums import ResolutionProblem as ResolutionProblem
from .enums import Role as Role
from .enums import RuleSystem as RuleSystem
from .enums import Side as Side
from .enums import TerritoryKind as TerritoryKind
from .enums import TurnState as TurnState
from .enums import Winner as Winner
from .factions import Faction as Faction
from .factions import faction_english_names as faction_english_names
from .rosters import MAX_MODELS, MAX_POINTS

# The ceilings of what organisers and players type: far above any real campaign, low enough that sums of them
# (tallies, battles' points) stay within the database's integers and a deadline within the calendar.
MAX_ORDER_HOURS = 24 * 366
MAX_TERRITORY_VALUE = 1000
MAX_FORT_BONUS = 1000
MAX_CAMPAIGN_POINTS = 1000
MAX_VICTORY_POINTS = 100_000
MAX_NOTES_CHARS = 5000
"""A battle's notes: a few paragraphs on how it went."""
MAX_SPECIAL_RULES = 60
MAX_SPECIAL_RULE_CHARS = 120
"""A unit's special rules: the longest army book entries have a few dozen, each a name of a few words."""


def validate_finite(value: float) -> None:
    """Map coordinates are numbers: not NaN, not infinite."""
    if not math.isfinite(value):
        raise ValidationError(_("Enter a finite number."), code="invalid")


COORDINATE_VALIDATORS = [validate_finite, MinValueValidator(0), MaxValueValidator(100)]


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
    description = models.TextField(_("description"), blank=True, max_length=5000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="campaign_slug_unique_per_club")]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name


class CampaignMembership(models.Model):
    """A club member's part in one campaign: organiser (runs the turns) or player."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_memberships")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)
    faction = models.CharField(_("faction"), max_length=24, choices=Faction.choices, blank=True)
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


SETTINGS_FIELDS = (  # what the organiser may change (the invitation code has its own action)
    "army_points_limit",
    "reinforcement_points",
    "fort_bonus",
    "order_hours",
    "win_points",
    "draw_points",
    "loss_points",
    "belfry_overload",
    "solo_results",
)


class CampaignSettings(models.Model):
    """A campaign's points limits, order deadline and house rules (RULINGS.md readings are the defaults)."""

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="settings")
    invite_code = models.CharField(_("invitation code"), max_length=16, unique=True)
    army_points_limit = models.PositiveIntegerField(
        _("army points limit"), default=3000, validators=[MaxValueValidator(MAX_POINTS)]
    )
    reinforcement_points = models.PositiveIntegerField(
        _("points gained by a reinforce order"), default=250, validators=[MaxValueValidator(MAX_POINTS)]
    )
    fort_bonus = models.PositiveIntegerField(
        _("victory points per fort held"), default=3, validators=[MaxValueValidator(MAX_FORT_BONUS)]
    )
    order_hours = models.PositiveIntegerField(
        _("hours players have to give their orders"),
        default=72,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ORDER_HOURS)],
    )
    win_points = models.PositiveIntegerField(
        _("campaign points for a battle won"),
        default=3,
        validators=[MaxValueValidator(MAX_CAMPAIGN_POINTS)],
        help_text=_("The standings count these; a battle's victory points only break ties."),
    )
    draw_points = models.PositiveIntegerField(
        _("campaign points for a battle drawn"), default=1, validators=[MaxValueValidator(MAX_CAMPAIGN_POINTS)]
    )
    loss_points = models.PositiveIntegerField(
        _("campaign points for a battle lost"), default=0, validators=[MaxValueValidator(MAX_CAMPAIGN_POINTS)]
    )
    belfry_overload = models.BooleanField(
        _("belfries may carry up to 26 models (R16 option)"),
        default=False,
        help_text=_("The overload rule of « Le Beffroi »: with 16 or fewer aboard, 6 pushers roll a belfry 2 hexes."),
    )
    solo_results = models.BooleanField(
        _("results of battles played against the app count"),
        default=False,
        help_text=_("A battle whose one side the app plays may send its result to the campaign battle."),
    )

    class Meta:
        verbose_name = _("campaign settings")
        verbose_name_plural = _("campaign settings")

    def __str__(self) -> str:
        return f"{self.campaign}"


class Territory(models.Model):
    """A territory of the campaign map; castles and fortresses have a fort layout (siege supplement §1)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="territories")
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=16, choices=TerritoryKind.choices, default=TerritoryKind.OPEN_LAND)
    owner = models.ForeignKey(
        CampaignMembership,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="territories",
        verbose_name=_("owner"),
    )
    value = models.PositiveIntegerField(_("value"), default=1, validators=[MaxValueValidator(MAX_TERRITORY_VALUE)])
    x = models.FloatField(_("position across"), default=50.0, validators=COORDINATE_VALIDATORS)
    y = models.FloatField(_("position down"), default=50.0, validators=COORDINATE_VALIDATORS)
    neighbours = models.ManyToManyField("self", symmetrical=True, blank=True, verbose_name=_("neighbours"))
    fort_layout = models.JSONField(_("fort layout"), null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="territory_name_unique")]
        verbose_name = _("territory")
        verbose_name_plural = _("territories")

    def __str__(self) -> str:
        return self.name

    @property
    def fortified(self) -> bool:
        return self.kind in FORTIFIED_KINDS


class Army(models.Model):
    """A player's army on the map; a fort's garrison (*garnison*) is an army that never leaves its fort."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="armies")
    owner = models.ForeignKey(
        CampaignMembership, on_delete=models.CASCADE, related_name="armies", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=120)
    territory = models.ForeignKey(
        Territory, on_delete=models.PROTECT, related_name="armies", verbose_name=_("location")
    )
    points = models.PositiveIntegerField(_("points"), validators=[MaxValueValidator(MAX_POINTS)])
    is_garrison = models.BooleanField(_("fort garrison"), default=False)
    destroyed = models.BooleanField(_("destroyed"), default=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("army")
        verbose_name_plural = _("armies")

    def __str__(self) -> str:
        return self.name


class Unit(models.Model):
    """A unit of an army's roster with its WFB profile."""

    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="units")
    name = models.CharField(_("name"), max_length=120)
    count = models.PositiveIntegerField(
        _("models"), default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_MODELS)]
    )
    points = models.PositiveIntegerField(_("points"), default=0, validators=[MaxValueValidator(MAX_POINTS)])
    profile = models.JSONField(_("profile"), default=dict)
    save_roll = models.PositiveSmallIntegerField(_("armour save"), null=True, blank=True)
    special_rules = models.JSONField(_("special rules"), default=list)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("unit")
        verbose_name_plural = _("units")

    def __str__(self) -> str:
        return self.name


class RosterUpload(models.Model):
    """A BattleScribe roster sent for an army and shown as a preview, kept until its sender confirms or cancels the
    import, or until it expires (``ROSTER_PREVIEW_MINUTES``; beat drops expired ones): one per army and sender."""

    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="roster_uploads")
    sent_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    filename = models.CharField(max_length=255)
    data = models.BinaryField()
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["army", "sent_by"], name="one_roster_upload_per_sender")]

    def __str__(self) -> str:
        return self.filename


class Turn(models.Model):
    """One campaign turn: orders open until the deadline, are locked, resolved, then its battles are played."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField(_("number"))
    state = models.CharField(_("state"), max_length=16, choices=TurnState.choices, default=TurnState.OPEN)
    deadline = models.DateTimeField(_("order deadline"))
    task_id = models.CharField(max_length=64, blank=True)
    log = models.JSONField(default=list)
    resolved_at = models.DateTimeField(null=True, blank=True)
    # signs of life of a resolution: handed to the queue, then taken up by a worker (see return_stalled_resolutions)
    resolution_queued_at = models.DateTimeField(null=True, blank=True)
    resolution_started_at = models.DateTimeField(null=True, blank=True)
    # why the last resolution was handed back unfinished, shown to the organiser until the next one
    resolution_problem = models.CharField(max_length=16, blank=True, choices=ResolutionProblem.choices)

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="one_turn_per_number")]
        verbose_name = _("turn")
        verbose_name_plural = _("turns")

    def __str__(self) -> str:
        return f"{self.campaign} — {self.number}"

    # The turn's states, in order: open → locked → resolving → battles → complete. Pages and services ask these.
    @property
    def is_open(self) -> bool:
        """Orders may be given (until the deadline) and the organiser may lock them."""
        return self.state == TurnState.OPEN

    @property
    def is_locked(self) -> bool:
        """Orders are closed and the turn waits for the organiser to resolve it."""
        return self.state == TurnState.LOCKED

    @property
    def may_resolve(self) -> bool:
        return self.state in (TurnState.OPEN, TurnState.LOCKED)

    @property
    def is_resolving(self) -> bool:
        return self.state == TurnState.RESOLVING

    @property
    def is_resolved(self) -> bool:
        """Everyone's orders may be seen."""
        return self.state in (TurnState.BATTLES, TurnState.COMPLETE)

    @property
    def is_complete(self) -> bool:
        """Every battle has its result: the next turn may open."""
        return self.state == TurnState.COMPLETE

    @property
    def handed_back(self) -> bool:
        """The last resolution was handed back unfinished: the organiser is told why."""
        return self.is_locked and bool(self.resolution_problem)


class Order(models.Model):
    """An army's order for a turn, hidden from the other players until the turn is resolved."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="orders")
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="orders", verbose_name=_("army"))
    kind = models.CharField(_("order"), max_length=16, choices=OrderKind.choices)
    target = models.ForeignKey(
        Territory, on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("target")
    )
    withdraw_into_fort = models.BooleanField(_("if attacked, withdraw into the fort"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["army__name"]
        constraints = [models.UniqueConstraint(fields=["turn", "army"], name="one_order_per_army_per_turn")]
        verbose_name = _("order")
        verbose_name_plural = _("orders")

    def __str__(self) -> str:
        return f"{self.army}: {self.get_kind_display()}"


class Battle(models.Model):
    """A battle the turn's resolution created, to be played on the table and reported."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="battles")
    territory = models.ForeignKey(Territory, on_delete=models.CASCADE, related_name="battles")
    kind = models.CharField(_("kind"), max_length=8, choices=BattleKind.choices)
    rule_system = models.CharField(
        _("rule system"), max_length=16, choices=RuleSystem.choices, default=RuleSystem.WFB_FIELD
    )
    attacker = models.ForeignKey(CampaignMembership, on_delete=models.CASCADE, related_name="+")
    defender = models.ForeignKey(CampaignMembership, on_delete=models.CASCADE, related_name="+")
    attacker_points = models.PositiveIntegerField(_("attacker points"))
    defender_points = models.PositiveIntegerField(_("defender points"))
    open_field_points = models.PositiveIntegerField(_("open-field points"), null=True, blank=True)
    heroism_tokens = models.PositiveSmallIntegerField(_("heroism tokens"), default=0)
    fort_layout = models.JSONField(_("fort layout"), null=True, blank=True)
    winner = models.CharField(_("winner"), max_length=8, choices=Winner.choices, blank=True)
    attacker_victory_points = models.PositiveIntegerField(
        _("attacker victory points"), default=0, validators=[MaxValueValidator(MAX_VICTORY_POINTS)]
    )
    defender_victory_points = models.PositiveIntegerField(
        _("defender victory points"), default=0, validators=[MaxValueValidator(MAX_VICTORY_POINTS)]
    )
    victory_detail = models.JSONField(default=dict, blank=True)
    attacker_losses = models.PositiveIntegerField(_("attacker losses (points)"), default=0)
    defender_losses = models.PositiveIntegerField(_("defender losses (points)"), default=0)
    notes = models.TextField(
        _("notes"), blank=True, max_length=MAX_NOTES_CHARS, validators=[MaxLengthValidator(MAX_NOTES_CHARS)]
    )
    played_at = models.DateTimeField(null=True, blank=True)
    proposed_result = models.JSONField(null=True, blank=True)
    """A result one side entered, waiting for the other side (or the organiser) to confirm it."""
    proposed_by = models.ForeignKey(
        CampaignMembership, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    proposed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        CampaignMembership, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    before_result = models.JSONField(null=True, blank=True)
    """The territory's owner and the armies as they stood before the result changed them (a correction starts
    again from there)."""

    class Meta:
        ordering = ["turn__number", "pk"]
        verbose_name = _("battle")
        verbose_name_plural = _("battles")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.territory}"

    @property
    def is_siege(self) -> bool:
        return self.kind == BattleKind.SIEGE

    @property
    def played(self) -> bool:
        return bool(self.winner)


class BattleCorrection(models.Model):
    """The organiser's correction of a confirmed result: who, when, the result before and after."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="corrections")
    by = models.ForeignKey(CampaignMembership, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField()
    after = models.JSONField()

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("result correction")
        verbose_name_plural = _("result corrections")

    def __str__(self) -> str:
        return f"{self.battle} — {self.at:%Y-%m-%d %H:%M}"


class BattleArmy(models.Model):
    """An army in a battle, with the territory it marched from (where it falls back if beaten)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="participants")
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="battles")
    side = models.CharField(max_length=8, choices=Side.choices)
    origin = models.ForeignKey(Territory, on_delete=models.CASCADE, related_name="+")
    points = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "army"], name="army_once_per_battle")]

    def __str__(self) -> str:
        return f"{self.army} ({self.get_side_display()})"


class Score(models.Model):
    """A player's tally at the end of a turn: the chart of points over turns reads these."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="scores")
    membership = models.ForeignKey(CampaignMembership, on_delete=models.CASCADE, related_name="scores")
    battle_points = models.IntegerField(default=0)
    """Campaign points from battles won, drawn and lost."""
    victory_points = models.IntegerField(default=0)
    """The battles' victory points, which break ties."""
    territory_points = models.IntegerField(default=0)
    fort_points = models.IntegerField(default=0)

    class Meta:
        ordering = ["turn__number"]
        constraints = [models.UniqueConstraint(fields=["turn", "membership"], name="one_score_per_turn")]

    def __str__(self) -> str:
        return f"{self.membership} — {self.turn}"

    @property
    def total(self) -> int:
        return self.battle_points + self.territory_points + self.fort_points


from .bands.models import SkirmishBand as SkirmishBand  # noqa: E402  a skirmish battle's bands
