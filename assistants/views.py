"""The Confrontation melee and shooting assistant: ad hoc, or for a battle of a campaign played with Confrontation.

Each form posts to its own address and gets back its own fragment (the form and its answer) under HTMX, or the
whole page without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from . import selectors, services
from .forms import MeleeForm, ShotForm, WoundForm

ROLL = "roll"


def _page(request: HttpRequest, context: Any = None, **forms: Any) -> HttpResponse:
    names = (context.attacker, context.defender) if context else ("", "")
    return render(
        request,
        "assistants/confrontation.html",
        {
            "context": context,
            "melee_form": forms.get("melee_form") or MeleeForm(names=names, prefix="melee"),
            "shot_form": forms.get("shot_form") or ShotForm(prefix="shot"),
            "wound_form": forms.get("wound_form") or WoundForm(prefix="wound"),
            **{k: v for k, v in forms.items() if not k.endswith("_form")},
        },
    )


@login_required
def confrontation(request: HttpRequest) -> HttpResponse:
    return _page(request)


@login_required
def confrontation_battle(request: HttpRequest, pk: int, bid: int) -> HttpResponse:
    return _page(request, selectors.confrontation_battle(request.user, pk, bid))


def _answer(request: HttpRequest, fragment: str, **context: Any) -> HttpResponse:
    if request.htmx:
        return render(request, fragment, context)
    return _page(request, **context)


def _worked_out(
    request: HttpRequest,
    form: MeleeForm | ShotForm,
    work_out: Callable[..., tuple[Any, Any]],
) -> tuple[Any, Any]:
    """The plan alone, or for the roll button the resolution with its plan; a refusal lands on the form."""
    if not form.is_valid():
        return None, None
    try:
        return work_out(form.situation(), form.cleaned_data["typed"], roll=request.POST.get("action") == ROLL)
    except services.AssistantError as error:
        form.add_error(None, str(error))
        return None, None


def _planned(
    name: str, form_class: type[MeleeForm] | type[ShotForm], work_out: Callable[..., tuple[Any, Any]]
) -> Callable[[HttpRequest], HttpResponse]:
    """The view of one planned and rolled form (``melee``, ``shot``): its fragment is ``_<name>.html``."""

    @login_required
    @require_POST
    @vary_on_headers("HX-Request")
    def view(request: HttpRequest) -> HttpResponse:
        form = form_class(request.POST, prefix=name)
        plan, resolution = _worked_out(request, form, work_out)
        answer = {f"{name}_form": form, f"{name}_plan": plan, name: resolution}
        return _answer(request, f"assistants/_{name}.html", **answer)

    return view


melee = _planned("melee", MeleeForm, services.work_out_melee)
shot = _planned("shot", ShotForm, services.work_out_shot)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def wound(request: HttpRequest) -> HttpResponse:
    form = WoundForm(request.POST, prefix="wound")
    resolution = None
    if form.is_valid():
        try:
            resolution = services.resolve_wound(form.situation(), form.cleaned_data["typed"])
        except services.AssistantError as error:
            form.add_error(None, str(error))
    return _answer(request, "assistants/_wound.html", wound_form=form, wound=resolution)
