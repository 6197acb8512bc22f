"""Forms of the set-up flow; the services in :mod:`campaigns.setup.services` and :mod:`campaigns.services` decide."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import bounds
from ..models import CampaignSettings, Territory, TerritoryKind


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=120)


class CampaignStartForm(forms.Form):
    name = forms.CharField(label=_("Campaign name"), max_length=160)
    description = forms.CharField(label=_("Description"), required=False, widget=forms.Textarea(attrs={"rows": 3}))
    army_points_limit = forms.IntegerField(
        label=CampaignSettings._meta.get_field("army_points_limit").verbose_name,
        min_value=1,
        initial=CampaignSettings._meta.get_field("army_points_limit").default,
    )


class PlaceTerritoryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    kind = forms.ChoiceField(label=_("Kind"), choices=TerritoryKind.choices)
    value = forms.IntegerField(label=_("Value"), initial=1, **bounds(Territory, "value"))
    x = forms.FloatField(label=_("Position across (0–100)"), min_value=0, max_value=100, initial=50)
    y = forms.FloatField(label=_("Position down (0–100)"), min_value=0, max_value=100, initial=50)


class MoveTerritoryForm(forms.Form):
    x = forms.FloatField(min_value=0, max_value=100)
    y = forms.FloatField(min_value=0, max_value=100)


class OwnerForm(forms.Form):
    owner = forms.TypedChoiceField(label=_("Owner"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["owner"].choices = [("", "—"), *players]


class StandardFortForm(forms.Form):
    points = forms.TypedChoiceField(label=_("Generated fort"), coerce=int)

    def __init__(self, *args: Any, templates: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["points"].choices = templates
