"""Forms parse what people type; the services decide whether it is allowed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.siege.board.fort import FortLayout
from rules.siege.chapters.victory import SECTION_CATEGORIES, SECTION_POINTS, Achievements, section_limits

from . import unit_lines
from .enums import Characteristic
from .models import (
    MAX_NOTES_CHARS,
    MAX_SPECIAL_RULE_CHARS,
    MAX_SPECIAL_RULES,
    SETTINGS_FIELDS,
    Army,
    Battle,
    CampaignMembership,
    CampaignSettings,
    Faction,
    OrderKind,
    Territory,
    Unit,
    Winner,
)
from .results import ENGINE_SIDE, SIEGE_CATEGORIES, Result
from .rosters import MAX_POINTS
from .rule_systems.systems import scores_by_section

CHARACTERISTIC_LABELS = dict(Characteristic.choices)

MAX_JSON_CHARACTERS = 500_000
"""The longest map or fort layout typed as JSON: a map of the most territories allowed fits in a tenth of it."""


def bounds(model: type[models.Model], name: str, **overrides: Any) -> dict[str, Any]:
    """``min_value`` and ``max_value`` of a form field for the model's number field: its own validators and its
    database column's range, so that what the form takes the database stores."""
    validators = model._meta.get_field(name).validators
    return {
        "min_value": max((v.limit_value for v in validators if isinstance(v, MinValueValidator)), default=None),
        "max_value": min((v.limit_value for v in validators if isinstance(v, MaxValueValidator)), default=None),
        **overrides,
    }


T = TypeVar("T")


def refuse(form: forms.Form, error: ValidationError) -> None:
    """Shows a service's refusal on the form that asked for the change."""
    for message in error.messages:
        form.add_error(None, message)


def attempt(form: forms.Form, change: Callable[[], T]) -> T | None:
    """What a service's ``change`` returns; ``None`` when it refuses, its refusal then shown on ``form``."""
    try:
        return change()
    except ValidationError as error:
        refuse(form, error)
        return None


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Invitation code"), max_length=32)


class FactionForm(forms.Form):
    faction = forms.ChoiceField(label=_("Faction"), choices=Faction.choices)


class SettingsForm(forms.ModelForm):
    class Meta:
        model = CampaignSettings
        fields = list(SETTINGS_FIELDS)


class MapJSONForm(forms.Form):
    map_json = forms.CharField(
        label=_("Map as JSON"), max_length=MAX_JSON_CHARACTERS, widget=forms.Textarea(attrs={"rows": 6})
    )


class FortForm(forms.Form):
    template = forms.ChoiceField(label=_("Generated template"), required=False)
    layout_json = forms.CharField(
        label=_("Or the layout as JSON"),
        required=False,
        max_length=MAX_JSON_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 6}),
    )

    def __init__(self, *args: Any, templates: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["template"].choices = [("", "—"), *templates]


class PlayerField(forms.ModelChoiceField):
    """A campaign's player, shown by username."""

    def label_from_instance(self, obj: Any) -> str:
        return obj.user.get_username()


class ArmyForm(forms.Form):
    owner = PlayerField(label=_("Player"), queryset=CampaignMembership.objects.none())
    name = forms.CharField(label=_("Name"), max_length=120)
    territory = forms.ModelChoiceField(label=_("Location"), queryset=Territory.objects.none())
    points = forms.IntegerField(label=_("Points"), **bounds(Army, "points", min_value=1))
    is_garrison = forms.BooleanField(label=_("Fort garrison"), required=False)

    def __init__(self, *args: Any, players: Any, territories: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["owner"].queryset = players
        self.fields["territory"].queryset = territories


class UnitForm(forms.Form):
    """A unit typed by hand: its characteristics on one line (``M4 CC3 … Svg5+``), those left out taken from the
    profile of a unit of the army chosen in a list."""

    name = forms.CharField(label=_("Name"), max_length=120)
    count = forms.IntegerField(label=_("Models"), initial=1, **bounds(Unit, "count"))
    points = forms.IntegerField(label=_("Points"), initial=0, **bounds(Unit, "points"))
    like = forms.TypedChoiceField(label=_("Profile of"), coerce=int, required=False, empty_value=None)
    characteristics = forms.CharField(
        label=_("Characteristics"),
        required=False,
        max_length=200,
        help_text=_("As the army book prints them: M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+"),
    )
    special_rules = forms.CharField(
        label=_("Special rules, comma separated"),
        required=False,
        max_length=MAX_SPECIAL_RULES * (MAX_SPECIAL_RULE_CHARS + 2),
    )

    def __init__(self, *args: Any, units: Sequence[Unit] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.units = {unit.pk: unit for unit in units}
        self.fields["like"].choices = [("", "—"), *((unit.pk, unit.name) for unit in units)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        try:
            profile, save = unit_lines.parse_characteristics(data.get("characteristics") or "")
        except unit_lines.UnitLineProblem as problem:
            raise ValidationError(str(problem)) from problem
        like = self.units.get(data.get("like") or 0)
        if like is not None:
            profile = {**like.profile, **profile}
            save = like.save_roll if save is None else save
        try:
            data["profile"] = unit_lines.complete(profile)
        except unit_lines.UnitLineProblem as problem:
            raise ValidationError(
                _("Characteristics: %(problem)s. Type them, or choose a unit whose profile to start from.")
                % {"problem": problem}
            ) from problem
        data["save"] = save
        return data


class UnitLinesForm(forms.Form):
    lines = forms.CharField(
        label=_("Units, one a line"),
        max_length=unit_lines.MAX_LINES_CHARS,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("20 Hallebardiers 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+ : Régiment"),
    )


class RosterForm(forms.Form):
    roster = forms.FileField(label=_("BattleScribe roster (.ros or .rosz)"))


class ReinforceForm(forms.Form):
    points = forms.IntegerField(label=_("Points to add"), min_value=1)


class OrderForm(forms.Form):
    army = forms.IntegerField(widget=forms.HiddenInput)
    kind = forms.ChoiceField(label=_("Order"), choices=OrderKind.choices)
    target = forms.TypedChoiceField(label=_("Target"), coerce=int, required=False, empty_value=None)
    withdraw = forms.BooleanField(label=_("If attacked, withdraw into the fort (siege)"), required=False)

    def __init__(self, *args: Any, army: Army, targets: list[tuple[int, str]], **kwargs: Any) -> None:
        kwargs.setdefault("prefix", f"army-{army.pk}")
        super().__init__(*args, **kwargs)
        self.for_army = army
        self.fields["army"].initial = army.pk
        self.fields["target"].choices = [("", "—"), *targets]


class TurnForm(forms.Form):
    deadline = forms.DateTimeField(
        label=_("Order deadline"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )


def _unit_points(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError as error:
        raise forms.ValidationError(_("Give each unit's points as a whole number, separated by commas.")) from error


class ResultForm(forms.Form):
    """A battle's result: the winner, each side's losses, and victory points (a siege's from its §17 categories).

    Campaign points for a win, a draw and a loss come from the campaign's settings; victory points only break ties.
    """

    winner = forms.ChoiceField(label=_("Winner"), choices=Winner.choices)
    attacker_victory_points = forms.IntegerField(
        label=_("Attacker victory points"), initial=0, **bounds(Battle, "attacker_victory_points")
    )
    defender_victory_points = forms.IntegerField(
        label=_("Defender victory points"), initial=0, **bounds(Battle, "defender_victory_points")
    )
    attacker_losses = forms.IntegerField(
        label=_("Attacker losses (points)"), initial=0, **bounds(Battle, "attacker_losses", max_value=MAX_POINTS)
    )
    defender_losses = forms.IntegerField(
        label=_("Defender losses (points)"), initial=0, **bounds(Battle, "defender_losses", max_value=MAX_POINTS)
    )
    notes = forms.CharField(
        label=_("Notes"), required=False, max_length=MAX_NOTES_CHARS, widget=forms.Textarea(attrs={"rows": 3})
    )

    SIDES = (("attacker", _("Besieger")), ("defender", _("Besieged")))

    def __init__(self, *args: Any, battle: Battle, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.siege = scores_by_section(battle)
        settings = battle.campaign.settings
        self.fields["winner"].help_text = _(
            "The standings give %(win)s campaign points for a win, %(draw)s for a draw and %(loss)s for a loss; "
            "victory points only break ties."
        ) % {"win": settings.win_points, "draw": settings.draw_points, "loss": settings.loss_points}
        points = {"attacker": battle.attacker_points, "defender": battle.defender_points}
        for side, brought in points.items():
            losses = self.fields[f"{side}_losses"]
            losses.max_value = brought
            losses.validators.append(MaxValueValidator(brought))
            losses.widget.attrs["max"] = brought
            losses.help_text = _("at most the %(points)s points this side brought") % {"points": brought}
        if not self.siege:
            for side in points:
                self.fields[f"{side}_victory_points"].help_text = _("only breaks ties in the standings")
            return
        # §17: a siege's victory points are counted from what each side achieved, not typed in
        del self.fields["attacker_victory_points"]
        del self.fields["defender_victory_points"]
        limits = section_limits(FortLayout.from_json(battle.fort_layout)) if battle.fort_layout else {}
        for side, _legend in self.SIDES:
            losses = self.fields[f"{side}_losses"]
            losses.help_text, losses.label = f"{losses.label}, {losses.help_text}", _("Losses (pts)")
            for key, category in SIEGE_CATEGORIES.items():
                short, label = category.label, category.help
                if key in ("general", "battle_standard"):
                    field: forms.Field = forms.BooleanField(
                        label=short, help_text=label, required=False, label_suffix=""
                    )
                elif key == "units":
                    field = forms.CharField(label=short, help_text=label, required=False, max_length=2000)
                elif key == "breach" and side == "defender":
                    continue  # §17.2: breaches score for the besieger only
                elif key != "breach" and not SECTION_POINTS[ENGINE_SIDE[side]].get(key):
                    continue
                else:
                    limit = limits.get(key)
                    field = forms.IntegerField(
                        label=short,
                        help_text=label,
                        min_value=0,
                        max_value=MAX_POINTS if limit is None else limit,
                        initial=0,
                    )
                    if limit is not None:
                        field.help_text = _("%(label)s; this fort has %(limit)s") % {"label": label, "limit": limit}
                self.fields[f"{side}_{key}"] = field

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.siege:
            for side, _legend in self.SIDES:
                try:
                    data[f"{side}_units"] = _unit_points(data.get(f"{side}_units") or "")
                except forms.ValidationError as error:
                    self.add_error(f"{side}_units", error)
        return data

    def sides(self) -> list[tuple[str, list[forms.BoundField]]]:
        """A siege's fields side by side: each side's legend and its losses and §17 categories."""
        return [
            (str(legend), [self[name] for name in self.fields if name.startswith(f"{side}_")])
            for side, legend in self.SIDES
        ]

    def result(self) -> Result:
        data = self.cleaned_data
        siege = None
        if self.siege:
            siege = {
                side: Achievements(
                    units=data[f"{side}_units"],
                    general=data[f"{side}_general"],
                    battle_standard=data[f"{side}_battle_standard"],
                    sections={key: data[f"{side}_{key}"] for key in SECTION_CATEGORIES if f"{side}_{key}" in data},
                    breaches=data.get(f"{side}_breach", 0),
                )
                for side, _legend in self.SIDES
            }
        return Result(
            winner=data["winner"],
            attacker_victory_points=data.get("attacker_victory_points", 0),
            defender_victory_points=data.get("defender_victory_points", 0),
            attacker_losses=data["attacker_losses"],
            defender_losses=data["defender_losses"],
            notes=data["notes"],
            siege=siege,
        )

    @staticmethod
    def initial_of(result: Result) -> dict[str, Any]:
        """The form's fields filled with a result, for the organiser to correct it."""
        initial: dict[str, Any] = {
            "winner": result.winner,
            "attacker_victory_points": result.attacker_victory_points,
            "defender_victory_points": result.defender_victory_points,
            "attacker_losses": result.attacker_losses,
            "defender_losses": result.defender_losses,
            "notes": result.notes,
        }
        for side, achieved in (result.siege or {}).items():
            initial[f"{side}_units"] = ", ".join(str(points) for points in achieved.units)
            initial[f"{side}_general"] = achieved.general
            initial[f"{side}_battle_standard"] = achieved.battle_standard
            initial[f"{side}_breach"] = achieved.breaches
            initial.update({f"{side}_{key}": n for key, n in achieved.sections.items()})
        return initial
