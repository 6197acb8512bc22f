"""The form of a run: the demo-like siege plans as plain fields, read into the plans' JSON form. The rules check the
plans themselves (services.read_assault)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

LIST_LENGTH = 400
"""The sections a plan names in one field (ladders, targets, stones…): a fort has a few dozen; a longer text is
refused under the field's name before the rules read it."""
GARRISON_LENGTH = 4000
"""A garrison's lines: one a troop of a section."""


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def _section_values(text: str, field: str, number: bool) -> list[list[Any]]:
    """``"W3:2, W2:1"`` as ``[["W3", 2], ["W2", 1]]`` (a liquid instead of a number for braziers)."""
    rows: list[list[Any]] = []
    for part in _names(text):
        section, _sep, value = part.partition(":")
        if not value.strip():
            raise ValidationError(
                _("%(field)s: write section:value, as W3:2 (not %(part)s).") % {"field": field, "part": part}
            )
        if number:
            if not value.strip().isdigit():
                raise ValidationError(
                    _("%(field)s: %(value)s is not a whole number.") % {"field": field, "value": value}
                )
            rows.append([section.strip(), int(value)])
        else:
            rows.append([section.strip(), None if value.strip() == "none" else value.strip()])
    return rows


def _garrison(text: str) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for line in text.replace(",", "\n").splitlines():
        words = line.split()
        if not words:
            continue
        if len(words) != 3 or not words[2].isdigit():
            raise ValidationError(
                _("garrison: each line is a section, a troop and a number, as “W3 halberdier 8” (not “%(line)s”).")
                % {"line": line.strip()}
            )
        rows.append([words[0], words[1], int(words[2])])
    return rows


class RunForm(forms.Form):
    label = forms.CharField(label=_("Name"), max_length=120, required=False)
    games = forms.IntegerField(label=_("Assaults to play"), min_value=1)
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, help_text=_("Empty: a new one."))
    ladders = forms.CharField(
        label=_("Ladders (one section each)"), required=False, max_length=LIST_LENGTH, help_text=_("As W3, W3")
    )
    ram_gate = forms.CharField(
        label=_("The ram's gate"), required=False, max_length=LIST_LENGTH, help_text=_("As G1; empty: no ram")
    )
    covered_ram = forms.BooleanField(label=_("Covered ram"), required=False)
    ram_crew = forms.IntegerField(label=_("Ram crew"), min_value=0, initial=6)
    tower = forms.CharField(label=_("The siege tower's section"), required=False, max_length=LIST_LENGTH)
    machines = forms.CharField(
        label=_("War machines' targets"), required=False, max_length=LIST_LENGTH, help_text=_("As T3, gate:G1")
    )
    mine = forms.CharField(label=_("Section undermined"), required=False, max_length=LIST_LENGTH)
    besieger_points = forms.IntegerField(label=_("Besieger's engine points"), min_value=0)
    garrison = forms.CharField(
        max_length=GARRISON_LENGTH,
        label=_("Garrison"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One line a troop: W3 halberdier 8"),
    )
    stones = forms.CharField(label=_("Stones"), required=False, max_length=LIST_LENGTH, help_text=_("As W3:2"))
    rocks = forms.CharField(label=_("Rocks"), required=False, max_length=LIST_LENGTH, help_text=_("As W3:1"))
    braziers = forms.CharField(
        label=_("Braziers"), required=False, max_length=LIST_LENGTH, help_text=_("As W3:oil (water, oil, lead, none)")
    )
    counter_miners = forms.IntegerField(label=_("Counter-miners"), min_value=0, initial=0)
    besieged_points = forms.IntegerField(label=_("Besieged's engine points"), min_value=0)
    fort_points = forms.IntegerField(label=_("Besieged army points (the fort's size)"), min_value=1)

    @classmethod
    def initial_of(cls, plans: dict[str, Any]) -> dict[str, Any]:
        """The form's fields filled from the plans' JSON form."""
        besieger, besieged = plans["besieger"], plans["besieged"]
        return {
            "games": 1000,
            "ladders": ", ".join(besieger["ladders"]),
            "ram_gate": besieger["ram_gate"] or "",
            "covered_ram": besieger["covered_ram"],
            "ram_crew": besieger["ram_crew"],
            "tower": besieger["tower"] or "",
            "machines": ", ".join(besieger["machines"]),
            "mine": besieger["mine"] or "",
            "besieger_points": besieger["engine_points"],
            "garrison": "\n".join(f"{s} {t} {n}" for s, t, n in besieged["garrison"]),
            "stones": ", ".join(f"{s}:{n}" for s, n in besieged["stones"]),
            "rocks": ", ".join(f"{s}:{n}" for s, n in besieged["rocks"]),
            "braziers": ", ".join(f"{s}:{x or 'none'}" for s, x in besieged["braziers"]),
            "counter_miners": besieged["counter_miners"],
            "besieged_points": besieged["engine_points"],
            "fort_points": plans["fort_points"],
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        data["assault"] = {
            "format": 1,
            "fort_points": data["fort_points"],
            "besieger": {
                "ladders": _names(data["ladders"]),
                "ram_gate": data["ram_gate"].strip() or None,
                "covered_ram": data["covered_ram"],
                "ram_crew": data["ram_crew"],
                "tower": data["tower"].strip() or None,
                "machines": _names(data["machines"]),
                "mine": data["mine"].strip() or None,
                "engine_points": data["besieger_points"],
            },
            "besieged": {
                "garrison": _garrison(data["garrison"]),
                "stones": _section_values(data["stones"], "stones", True),
                "rocks": _section_values(data["rocks"], "rocks", True),
                "braziers": _section_values(data["braziers"], "braziers", False),
                "counter_miners": data["counter_miners"],
                "engine_points": data["besieged_points"],
            },
        }
        return data
