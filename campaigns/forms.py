"""Forms parse what people type; the services decide whether it is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Army, CampaignSettings, Faction, OrderKind, Territory, Winner
from .services import SETTINGS_FIELDS
from .victory import SIEGE_CATEGORIES

PROFILE_KEYS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Invitation code"), max_length=32)


class FactionForm(forms.Form):
    faction = forms.ChoiceField(label=_("Faction"), choices=Faction.choices)


class SettingsForm(forms.ModelForm):
    class Meta:
        model = CampaignSettings
        fields = list(SETTINGS_FIELDS)


class MapJSONForm(forms.Form):
    map_json = forms.CharField(label=_("Map as JSON"), widget=forms.Textarea(attrs={"rows": 6}))


class FortForm(forms.Form):
    template = forms.ChoiceField(label=_("Generated template"), required=False)
    layout_json = forms.CharField(
        label=_("Or the layout as JSON"), required=False, widget=forms.Textarea(attrs={"rows": 6})
    )

    def __init__(self, *args: Any, templates: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["template"].choices = [("", "—"), *templates]


class ArmyForm(forms.Form):
    owner = forms.ChoiceField(label=_("Player"))
    name = forms.CharField(label=_("Name"), max_length=120)
    territory = forms.ModelChoiceField(label=_("Location"), queryset=Territory.objects.none())
    points = forms.IntegerField(label=_("Points"), min_value=1)
    is_garrison = forms.BooleanField(label=_("Fort garrison"), required=False)

    def __init__(self, *args: Any, players: list[tuple[int, str]], territories: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["owner"].choices = players
        self.fields["territory"].queryset = territories


class UnitForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    count = forms.IntegerField(label=_("Models"), min_value=1, initial=1)
    points = forms.IntegerField(label=_("Points"), min_value=0, initial=0)
    save_roll = forms.IntegerField(
        label=_("Armour save (2–6, empty for none)"), min_value=1, max_value=6, required=False
    )
    special_rules = forms.CharField(label=_("Special rules, comma separated"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in PROFILE_KEYS:
            self.fields[key] = forms.IntegerField(label=key, min_value=0, max_value=10, initial=3)

    def profile(self) -> dict[str, int | str]:
        return {key: self.cleaned_data[key] for key in PROFILE_KEYS}


class RosterForm(forms.Form):
    roster = forms.FileField(label=_("BattleScribe roster (.ros or .rosz)"))


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


class ResultForm(forms.Form):
    winner = forms.ChoiceField(label=_("Winner"), choices=Winner.choices)
    attacker_victory_points = forms.IntegerField(label=_("Attacker victory points"), min_value=0, initial=0)
    defender_victory_points = forms.IntegerField(label=_("Defender victory points"), min_value=0, initial=0)
    attacker_losses = forms.IntegerField(label=_("Attacker losses (points)"), min_value=0, initial=0)
    defender_losses = forms.IntegerField(label=_("Defender losses (points)"), min_value=0, initial=0)
    notes = forms.CharField(label=_("Notes"), required=False, widget=forms.Textarea(attrs={"rows": 3}))

    SIDES = (("attacker", _("Besieger")), ("defender", _("Besieged")))

    def __init__(self, *args: Any, siege: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.siege = siege
        if siege:
            # §17: a siege's victory points come from its categories, not typed in
            del self.fields["attacker_victory_points"]
            del self.fields["defender_victory_points"]
            for side, _legend in self.SIDES:
                losses = self.fields[f"{side}_losses"]
                losses.help_text, losses.label = losses.label, _("Losses (pts)")
                for category in SIEGE_CATEGORIES:
                    if category.besieger if side == "attacker" else category.besieged:
                        self.fields[f"{side}_{category.key}"] = (
                            forms.BooleanField(
                                label=category.short, help_text=category.label, required=False, label_suffix=""
                            )
                            if category.once
                            else forms.IntegerField(
                                label=category.short, help_text=category.label, min_value=0, initial=0
                            )
                        )

    def sides(self) -> list[tuple[str, list[forms.BoundField]]]:
        """A siege's fields side by side: each side's legend and its losses and §17 categories."""
        return [
            (str(legend), [self[name] for name in self.fields if name.startswith(f"{side}_")])
            for side, legend in self.SIDES
        ]

    def siege_counts(self) -> dict[str, dict[str, int]] | None:
        if not self.siege:
            return None
        # a category scored once is a checkbox: ticked counts 1
        return {
            side: {c.key: int(self.cleaned_data.get(f"{side}_{c.key}", 0)) for c in SIEGE_CATEGORIES}
            for side, _legend in self.SIDES
        }
