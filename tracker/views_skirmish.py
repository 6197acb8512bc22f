"""The skirmish set-up pages: a one-off skirmish, and a campaign battle played with Frères d'Armes."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaigns.bands.lines import CAMPAIGN_BAND_LABELS, CAMPAIGN_BANDS

from . import pages, services
from .forms_skirmish import CampaignSkirmishForm, OneOffSkirmishForm
from .services.skirmish import campaign_bands, start_campaign_skirmish, start_one_off_skirmish


@login_required
def new_skirmish(request: HttpRequest) -> HttpResponse:
    form = OneOffSkirmishForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tracked = start_one_off_skirmish(user=request.user, data=form.cleaned_data)
        except services.Refused as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("tracker:board", tracked.pk)
    return render(request, "tracker/skirmish_new.html", {"form": form, "battle": None})


@login_required
def new_campaign_skirmish(request: HttpRequest, bid: int) -> HttpResponse:
    page = pages.campaign_setup(request.user, bid, siege=False)
    if page is None:
        raise Http404(_("Only the battle's players and the organiser may track it."))
    battle = page.battle
    form = CampaignSkirmishForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tracked = start_campaign_skirmish(battle=battle, user=request.user, data=form.cleaned_data)
        except services.Refused as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("tracker:board", tracked.pk)
    existing = list(page.existing)
    texts = campaign_bands(battle)
    bands = [
        (CAMPAIGN_BAND_LABELS[side], texts.get(band, ""), f"band-{band.value}") for side, band in CAMPAIGN_BANDS.items()
    ]
    return render(
        request,
        "tracker/skirmish_new.html",
        {"form": form, "battle": battle, "existing": existing, "bands": bands},
    )
