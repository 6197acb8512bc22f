"""The Confrontation melee and shooting assistant: ad hoc, or for a battle of a campaign played with Confrontation.

Each form posts to its own address and gets back its own fragment (the form and its answer) under HTMX, or the
whole page without it. For a campaign battle, each roll is kept with the battle (its players and organiser only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from . import selectors, services
from .forms import BattleWoundForm, DisengageForm, FlightForm, HoldFireForm, MeleeForm, ShotForm, WoundForm

ROLL = "roll"
FORMS: dict[str, type[Any]] = {
    "melee": MeleeForm,
    "shot": ShotForm,
    "wound": WoundForm,
    "flight": FlightForm,
    "disengage": DisengageForm,
    "hold_fire": HoldFireForm,
}
"""Each form of the page by its name, which is also its prefix, its fragment ``_<name>.html`` and its roll's kind."""


def _form_class(name: str, context: Any) -> type[Any]:
    return BattleWoundForm if name == "wound" and context else FORMS[name]


def roll_urls(context: Any) -> dict[str, str]:
    """Where each form posts: the ad hoc assistant's addresses, or the battle's, which keep the rolls."""
    if context is None:
        return {name: reverse(f"assistants:confrontation-{name.replace('_', '-')}") for name in FORMS}
    args = [context.campaign.pk, context.battle.pk]
    return {name: reverse(f"assistants:confrontation-battle-{name.replace('_', '-')}", args=args) for name in FORMS}


def _page(request: HttpRequest, context: Any = None, **answer: Any) -> HttpResponse:
    names = (context.attacker, context.defender) if context else ("", "")
    forms = {
        f"{name}_form": MeleeForm(names=names, prefix=name)
        if name == "melee"
        else _form_class(name, context)(prefix=name)
        for name in FORMS
    }
    return render(
        request,
        "assistants/confrontation.html",
        {"context": context, "roll_urls": roll_urls(context), **forms, **answer},
    )


@login_required
def confrontation(request: HttpRequest) -> HttpResponse:
    return _page(request)


@login_required
def confrontation_battle(request: HttpRequest, pk: int, bid: int) -> HttpResponse:
    return _page(request, selectors.confrontation_battle(request.user, pk, bid))


def _worked_out(request: HttpRequest, name: str, form: Any, context: Any) -> tuple[Any, Any]:
    """The plan alone, or for the roll button the resolution with its plan (kept with the battle, if any); a
    refusal lands on the form."""
    if not form.is_valid():
        return None, None
    situation, typed = form.situation(), form.cleaned_data["typed"]
    roll = request.POST.get("action") == ROLL
    try:
        if context is None:
            return services.WORK_OUTS[name](situation, typed, roll=roll)
        return services.roll_for_battle(
            battle=context.battle,
            by=context.membership,
            kind=name,
            situation=situation,
            typed=typed,
            roll=roll,
            casualty=form.casualty() if isinstance(form, BattleWoundForm) else None,
        )
    except services.AssistantError as error:
        form.add_error(None, str(error))
        return None, None


def _assistant(name: str) -> Callable[..., HttpResponse]:
    """The view of one form: ad hoc, or for battle ``bid`` of campaign ``pk``."""

    @login_required
    @require_POST
    @vary_on_headers("HX-Request")
    def view(request: HttpRequest, pk: int | None = None, bid: int | None = None) -> HttpResponse:
        context = selectors.confrontation_battle(request.user, pk, bid) if pk is not None and bid is not None else None
        form = _form_class(name, context)(request.POST, prefix=name)
        plan, resolution = _worked_out(request, name, form, context)
        answer = {f"{name}_form": form, f"{name}_plan": plan, name: resolution}
        if request.htmx:
            return render(
                request, f"assistants/_{name}.html", {"context": context, "roll_urls": roll_urls(context), **answer}
            )
        return _page(request, context, **answer)

    return view


melee = _assistant("melee")
shot = _assistant("shot")
wound = _assistant("wound")
flight = _assistant("flight")
disengage = _assistant("disengage")
hold_fire = _assistant("hold_fire")
