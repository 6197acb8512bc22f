"""A skirmish battle's band, typed by its side's player or the organiser before the skirmish starts."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from .. import selectors
from ..access import campaign_for
from .forms import BandForm
from .lines import CAMPAIGN_BAND_LABELS, CAMPAIGN_BANDS, example_band
from .selectors import band_refusal, band_text
from .services import save_band


@login_required
def battle_band(request: HttpRequest, pk: int, bid: int, side: str) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    battle = selectors.battle_of(campaign, bid)
    if battle is None or side not in CAMPAIGN_BANDS:
        raise Http404(_("No such battle in this campaign."))
    refusal = band_refusal(battle, membership, side)
    if refusal:
        messages.error(request, refusal)
        return redirect("campaigns:battle", pk, bid)
    initial = {"text": band_text(battle, side) or example_band(CAMPAIGN_BANDS[side])}
    form = BandForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            save_band(battle=battle, side=side, text=form.cleaned_data["text"], by=membership)
        except ValidationError as error:
            form.add_error("text", error)
        else:
            messages.success(request, _("%(band)s is kept.") % {"band": CAMPAIGN_BAND_LABELS[side]})
            return redirect(reverse("campaigns:battle", args=[pk, bid]) + "#bands")
    context = {"campaign": campaign, "membership": membership, "battle": battle, "form": form}
    return render(request, "campaigns/band.html", {**context, "label": CAMPAIGN_BAND_LABELS[side]})
