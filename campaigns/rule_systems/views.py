"""The organiser names the rules a battle is played with."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors
from ..access import campaign_for
from .forms import RuleSystemForm
from .services import set_rule_system


@login_required
@require_POST
def battle_rule_system(request: HttpRequest, pk: int, bid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    battle = get_object_or_404(selectors.battles_of(campaign), pk=bid)
    form = RuleSystemForm(request.POST, battle=battle)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("campaigns:battle", pk, bid)
    try:
        battle = set_rule_system(battle=battle, rule_system=form.cleaned_data["rule_system"], by=membership)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, _("This battle is now played with: %(system)s.") % {"system": battle.get_rule_system_display()}
        )
    return redirect("campaigns:battle", pk, bid)
