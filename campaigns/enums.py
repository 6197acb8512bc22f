"""The campaign's enumerations, each written once: territory kinds, roles, turn states, order and battle kinds,
sides and winners, a unit's characteristics. The models store them, the turn adjudicator (:mod:`.resolution`) reads
them, the forms offer them; nothing here touches the database."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from siege_site.rule_systems import RuleSystem as RuleSystem


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    PLAYER = "player", _("Player")


class TerritoryKind(models.TextChoices):
    OPEN_LAND = "open", _("Open land")
    TOWN = "town", _("Town")
    CASTLE = "castle", _("Castle")
    FORTRESS = "fortress", _("Fortress")


FORTIFIED_KINDS = frozenset({TerritoryKind.CASTLE, TerritoryKind.FORTRESS})


class TurnState(models.TextChoices):
    OPEN = "open", _("Orders open")
    LOCKED = "locked", _("Orders locked")
    RESOLVING = "resolving", _("Resolving")
    BATTLES = "battles", _("Battles to play")
    COMPLETE = "complete", _("Complete")


class ResolutionProblem(models.TextChoices):
    """Why a resolution was handed back unfinished; in every case it rolled back whole."""

    FAILED = "failed", _("The last resolution failed; nothing was changed. Resolve the turn again.")
    WORKER_LOST = (
        "worker_lost",
        _("The worker resolving this turn stopped before the end; nothing was changed. Resolve the turn again."),
    )
    NOT_TAKEN_UP = "not_taken_up", _("No worker took up the resolution of this turn. Resolve the turn again.")


class OrderKind(models.TextChoices):
    HOLD = "hold", _("Hold")
    MOVE = "move", _("Move")
    ATTACK = "attack", _("Attack")
    BESIEGE = "besiege", _("Besiege")
    REINFORCE = "reinforce", _("Reinforce")


class BattleKind(models.TextChoices):
    FIELD = "field", _("Field battle")
    SIEGE = "siege", _("Siege")


class Side(models.TextChoices):
    ATTACKER = "attacker", _("Attacker")
    DEFENDER = "defender", _("Defender")


class Winner(models.TextChoices):
    ATTACKER = "attacker", _("Attacker")
    DEFENDER = "defender", _("Defender")
    DRAW = "draw", _("Draw")


class Characteristic(models.TextChoices):
    """A unit's profile, in the army books' order; French army books print it M CC CT F E PV I A Cd."""

    M = "M", pgettext_lazy("characteristic", "M")
    WS = "WS", pgettext_lazy("characteristic", "WS")
    BS = "BS", pgettext_lazy("characteristic", "BS")
    S = "S", pgettext_lazy("characteristic", "S")
    T = "T", pgettext_lazy("characteristic", "T")
    W = "W", pgettext_lazy("characteristic", "W")
    I = "I", pgettext_lazy("characteristic", "I")  # noqa: E741
    A = "A", pgettext_lazy("characteristic", "A")
    LD = "Ld", pgettext_lazy("characteristic", "Ld")
