"""HTMX pages: parse, authorise, call a selector or a service, render."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from . import selectors
from .access import campaign_for


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/list.html", {"campaigns": selectors.campaigns_for(request.user)})


@login_required
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    return render(
        request,
        "campaigns/detail.html",
        {"campaign": campaign, "membership": membership, "members": selectors.memberships_of(campaign)},
    )


@login_required
def campaign_manage(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    return render(
        request,
        "campaigns/manage.html",
        {"campaign": campaign, "membership": membership, "members": selectors.memberships_of(campaign)},
    )
