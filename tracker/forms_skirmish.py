"""The skirmish set-up page: the two bands, a model a line, how the dice are rolled, and whether cards stand for
the d10 (I §4)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.bands.forms import BAND_HELP
from campaigns.bands.lines import example_band
from rules.freres.state import Side

from .models import DiceMode


class CampaignSkirmishForm(forms.Form):
    """A campaign skirmish's set-up: its bands are those typed on the battle page, so the page asks only how it is
    played."""

    name = forms.CharField(label=_("Name"), max_length=120, required=False)
    dice = forms.ChoiceField(label=_("Dice"), choices=DiceMode.choices, initial=DiceMode.APP)
    seed = forms.IntegerField(label=_("Seed (empty: drawn at random)"), min_value=0, max_value=2**62, required=False)
    app_side = forms.ChoiceField(
        label=_("Played by the app"),
        choices=[("", _("neither band: two players")), ("b", _("band B")), ("a", _("band A"))],
        required=False,
        help_text=_("The app plays that band's actions as soon as it is its turn, with the app's dice."),
    )
    cards = forms.BooleanField(
        label=_("Play with cards (I §4)"),
        required=False,
        help_text=_(
            "The cards 1 to 9 of a 54-card deck and its two jokers stand for the d10: a joker is a 0 and shuffles "
            "the discard back. With the dice rolled at the table, type the cards drawn."
        ),
    )
    card_tens = forms.BooleanField(
        label=_("Cards: add the 10s (I §4)"), required=False, help_text=_("A 10 drawn gives 10.")
    )
    card_characters = forms.BooleanField(
        label=_("Cards: add the characters as jokers (I §4)"),
        required=False,
        help_text=_("The jacks, queens and kings are jokers too: a 0, and the discard is shuffled back."),
    )
    lucky_joker = forms.BooleanField(
        label=_("Cards: a lucky joker (I §4)"),
        required=False,
        help_text=_(
            "Your lucky joker is worth the number of cards in the discard, then everything is shuffled; the other "
            "joker, the cursed one, is always 0. Type it as 11."
        ),
    )
    die_variant = forms.ChoiceField(
        label=_("Die (I §3)"),
        choices=[
            ("d10", _("a d10")),
            ("d20", _("a d20: 11 to 19 give 1 to 9, the 10 and the 20 give 0")),
            ("d20_no_zero", _("a d20 without the 0: the 10 gives 1, the 20 gives 2")),
            ("d30", _("a d30: the tens taken off, the 10, 20 and 30 give 0")),
            ("d30_no_zero", _("a d30 without the 0: the 10 gives 1, the 20 gives 2, the 30 gives 3")),
        ],
        initial="d10",
        required=False,
        help_text=_("With the dice rolled at the table, type the face the die shows. Not with the cards."),
    )


class SkirmishForm(CampaignSkirmishForm):
    """A skirmish's set-up with its two bands typed here, a model a line."""

    band_a = forms.CharField(label=_("Band A"), widget=forms.Textarea(attrs={"rows": 5}), help_text=BAND_HELP)
    band_b = forms.CharField(label=_("Band B"), widget=forms.Textarea(attrs={"rows": 5}), help_text=BAND_HELP)
    field_order = [
        "name",
        "band_a",
        "band_b",
        "dice",
        "seed",
        "cards",
        "card_tens",
        "card_characters",
        "lucky_joker",
        "die_variant",
        "app_side",
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["band_a"].initial = example_band(Side.A)
        self.fields["band_b"].initial = example_band(Side.B)


class OneOffSkirmishForm(SkirmishForm):
    """A one-off skirmish: the band the player leads and the opponent's login (empty: both on this device)."""

    my_band = forms.ChoiceField(label=_("You lead"), choices=[("a", _("band A")), ("b", _("band B"))], initial="a")
    opponent = forms.CharField(label=_("Opponent's login (empty: both bands on this device)"), required=False)
