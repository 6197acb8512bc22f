"""A skirmish battle's band, typed a model a line (003 II §2)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .lines import MAX_BAND_CHARS

BAND_HELP = _(
    "A model a line: its name, then C T D A M PA (each characteristic 1 to 10, II §2), then optionally armour=, "
    "shield=, weapon= (damage), mount= (its Defence: a mounted model), bow with bags= (10 missiles each), thrown= "
    "(daggers or javelins), magazine= (shots), hands= (blade_and_dagger, two_blades or two_weapons), ambidextrous "
    "and standard (it carries the band's standard)."
)


class BandForm(forms.Form):
    text = forms.CharField(
        label=_("Band"),
        max_length=MAX_BAND_CHARS,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=BAND_HELP,
        strip=False,
    )
