"""The tracker's forms: the set-up page and an action's dice typed in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import AppStrength, DiceMode
from .weapons import choices as weapon_choices

MAX_POINTS = 20_000
MAX_ENGINE_POINTS = 2_000
MAX_BELFRY_DISTANCE = 12
"""The farthest a belfry starts from its wall, in hexes: six turns of pushing at 2 hexes a turn (001 §4.1, §16)."""


class SetupForm(forms.Form):
    """A siege's set-up on one page: points and heroism tokens (§15), engine budgets and engines (§14, R14), where
    the ladders lie, whether the siege towers are belfries (001), and how the dice are rolled. The forces come from
    the armies' rosters (or a plain force of their points) and are deployed in the order of §16, to be re-deployed
    in the set-up step."""

    name = forms.CharField(label=_("Name"), max_length=120, required=False)
    besieger_points = forms.IntegerField(label=_("Besieger points"), min_value=100, max_value=MAX_POINTS, initial=2000)
    besieged_points = forms.IntegerField(label=_("Besieged points"), min_value=100, max_value=MAX_POINTS, initial=1500)
    open_field_points = forms.IntegerField(
        label=_("Besieged open-field points (heroism tokens, §15)"),
        min_value=0,
        max_value=MAX_POINTS,
        required=False,
        help_text=_("One heroism token per full 300 points given up by standing a siege (R13)."),
    )
    besieger_engine_points = forms.IntegerField(
        label=_("Besieger engine points (§14.1)"), min_value=0, max_value=MAX_ENGINE_POINTS, initial=100
    )
    besieged_engine_points = forms.IntegerField(
        label=_("Besieged engine points, beyond the 50 free (§14.2, R14)"),
        min_value=0,
        max_value=MAX_ENGINE_POINTS,
        initial=0,
    )
    ladders = forms.IntegerField(label=_("Ladders (8 points each)"), min_value=0, max_value=12, initial=2)
    ladder_wall = forms.ChoiceField(label=_("Wall the ladders lie below"))
    rams = forms.IntegerField(label=_("Rams (30 points each)"), min_value=0, max_value=4, initial=0)
    covered_rams = forms.IntegerField(label=_("Covered rams (40 points each)"), min_value=0, max_value=4, initial=1)
    siege_towers = forms.IntegerField(
        label=_("Siege towers (70 points, one per full 1000 points)"), min_value=0, max_value=4, initial=0
    )
    belfry = forms.BooleanField(
        label=_("Play the siege towers as belfries (« Le Beffroi »)"),
        required=False,
        help_text=_("Levels 0–3, pushers and a drawbridge that crushes the defenders under it (001, R16)."),
    )
    tower_wall = forms.ChoiceField(
        label=_("Wall the belfries are aimed at"),
        required=False,
        help_text=_("A belfry's height follows the rampart it attacks (001 §2). Empty: the ladders' wall."),
    )
    belfry_distance = forms.IntegerField(
        label=_("Belfries' distance to their wall at the start (hexes)"),
        min_value=1,
        max_value=MAX_BELFRY_DISTANCE,
        initial=4,
    )
    dice = forms.ChoiceField(label=_("Dice"), choices=DiceMode.choices, initial=DiceMode.APP)
    app_side = forms.ChoiceField(
        label=_("Played by the app"),
        choices=[
            ("", _("neither side: two players")),
            ("besieged", _("the besieged")),
            ("besieger", _("the besieger")),
        ],
        required=False,
        help_text=_("The app plays that side's actions as soon as it is its turn, with the app's dice."),
    )
    app_strength = forms.ChoiceField(
        label=_("The app's strength"), choices=AppStrength.choices, initial=AppStrength.SIMPLE, required=False
    )
    seed = forms.IntegerField(label=_("Seed (empty: drawn at random)"), min_value=0, max_value=2**62, required=False)

    def __init__(
        self,
        *args: Any,
        walls: list[str],
        fixed_points: bool = False,
        weapons: Sequence[tuple[str, str, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        for name, unit, weapon in weapons:  # the rosters carry no missile weapons: each unit's is asked (§5, §5.9)
            self.fields[name] = forms.ChoiceField(
                label=_("%(unit)s: shoots with") % {"unit": unit},
                choices=weapon_choices(),
                initial=weapon,
                required=False,
            )
        self.fields["ladder_wall"].choices = [(w, w) for w in walls]
        self.fields["tower_wall"].choices = [("", _("the ladders' wall")), *((w, w) for w in walls)]
        if walls:
            self.fields["ladder_wall"].initial = walls[len(walls) // 2]
        if fixed_points:
            for name in ("besieger_points", "besieged_points", "open_field_points"):
                self.fields[name].disabled = True


class OneOffForm(SetupForm):
    """A one-off game: which side the player takes, and the opponent's login (empty: both sides on this device)."""

    my_side = forms.ChoiceField(
        label=_("You play"),
        choices=[("besieged", _("the besieged")), ("besieger", _("the besieger"))],
        initial="besieged",
    )
    opponent = forms.CharField(label=_("Opponent's login (empty: both sides on this device)"), required=False)
