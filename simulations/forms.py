"""The « advanced » form of a run: the siege plans typed in the plans' mini-language, a field a list (« W3, W3 »,
« W3 hallebardier 8 », « W3:huile »), read into the plans' JSON form. Its words are French or English, whatever the
page's language: the form writes them in the reader's language and reads either. The rules check the plans
themselves (services.read_assault); the plans built from forms are :mod:`simulations.plan_forms`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

LIST_LENGTH = 400
"""The sections a plan names in one field (ladders, targets, stones…): a fort has a few dozen; a longer text is
refused under the field's name before the rules read it."""
GARRISON_LENGTH = 4000
"""A garrison's lines: one a troop of a section."""


TYPED_WORDS: dict[str, dict[str, str]] = {
    "troop": {"halberdier": "hallebardier", "crossbowman": "arbalétrier"},
    "liquid": {"water": "eau", "oil": "huile", "lead": "plomb", "none": "aucun"},
    "gate": {"gate": "porte"},
}
"""Each typed word in English and its French: the form reads both."""


def _read_word(kind: str, word: str) -> str | None:
    """The plan's word for ``word`` typed in English or French (any case, with or without accents), or None."""
    plain = word.strip().lower().replace("é", "e").replace("è", "e")
    for english, french in TYPED_WORDS[kind].items():
        if plain in (english, french.replace("é", "e").replace("è", "e")):
            return english
    return None


def _write_word(kind: str, english: str) -> str:
    """The plan's word ``english`` in the reader's language."""
    if (get_language() or "").startswith("fr"):
        return TYPED_WORDS[kind].get(english, english)
    return english


def _words(kind: str) -> str:
    return ", ".join(_write_word(kind, english) for english in TYPED_WORDS[kind])


def _target(text: str) -> str:
    """A war machine's target: a rampart section, or a gate written ``gate:G1`` or ``porte:G1``."""
    word, sep, gate = text.partition(":")
    return f"gate:{gate.strip()}" if sep and _read_word("gate", word) else text


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
            liquid = _read_word("liquid", value)
            if liquid is None:
                raise ValidationError(
                    _("%(field)s: %(value)s is not a liquid; write one of %(liquids)s.")
                    % {"field": field, "value": value.strip(), "liquids": _words("liquid")}
                )
            rows.append([section.strip(), None if liquid == "none" else liquid])
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
        troop = _read_word("troop", words[1])
        if troop is None:
            raise ValidationError(
                _("garrison: %(word)s is not a troop; write one of %(troops)s.")
                % {"word": words[1], "troops": _words("troop")}
            )
        rows.append([words[0], troop, int(words[2])])
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
        label=_("War machines' targets"),
        required=False,
        max_length=LIST_LENGTH,
        help_text=_("As T3, gate:G1 (or porte:G1)"),
    )
    mine = forms.CharField(label=_("Section undermined"), required=False, max_length=LIST_LENGTH)
    besieger_points = forms.IntegerField(label=_("Besieger's engine points"), min_value=0)
    garrison = forms.CharField(
        max_length=GARRISON_LENGTH,
        label=_("Garrison"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One line a troop: W3 halberdier 8 (French or English words)"),
    )
    stones = forms.CharField(label=_("Stones"), required=False, max_length=LIST_LENGTH, help_text=_("As W3:2"))
    rocks = forms.CharField(label=_("Rocks"), required=False, max_length=LIST_LENGTH, help_text=_("As W3:1"))
    braziers = forms.CharField(
        label=_("Braziers"),
        required=False,
        max_length=LIST_LENGTH,
        help_text=_("As W3:oil (water, oil, lead, none; French or English words)"),
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
            "machines": ", ".join(
                f"{_write_word('gate', 'gate')}:{t[5:]}" if t.startswith("gate:") else t for t in besieger["machines"]
            ),
            "mine": besieger["mine"] or "",
            "besieger_points": besieger["engine_points"],
            "garrison": "\n".join(f"{s} {_write_word('troop', t)} {n}" for s, t, n in besieged["garrison"]),
            "stones": ", ".join(f"{s}:{n}" for s, n in besieged["stones"]),
            "rocks": ", ".join(f"{s}:{n}" for s, n in besieged["rocks"]),
            "braziers": ", ".join(f"{s}:{_write_word('liquid', x or 'none')}" for s, x in besieged["braziers"]),
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
                "machines": [_target(target) for target in _names(data["machines"])],
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
