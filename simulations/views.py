"""Pages of the assault simulator: views parse, authorise, call one service or selector, render."""

from __future__ import annotations

import csv
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from . import presenters, selectors, services
from .forms import RunForm
from .plan_forms import LISTS, PREFIX, PlanForms, fort_of, with_a_row

FORT_FIELD = f"{PREFIX}-fort_points"

if TYPE_CHECKING:
    from .models import SimulationRun


@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    """The runs and a new run's plans: built from forms (``plan=forms``), or typed (the « advanced » form). A POST
        naming a list in ``add`` gives that list one more row, ``add=fort`` shows the sections of the fort of the points
    given; neither launches anything."""
    page = selectors.runs_page(request.user)
    built = request.method == "POST" and request.POST.get("plan") == "forms"
    typed = request.method == "POST" and not built
    form = RunForm(request.POST if typed else None, initial=RunForm.initial_of(page.demo_plans))
    plan = PlanForms(plans=page.demo_plans)
    status = 200
    if built:
        data = request.POST
        adding = data.get("add", "")
        if adding in LISTS:
            return _list_page(request, page, form, PlanForms(with_a_row(data, adding, fort_of(data.get(FORT_FIELD)))))
        if adding:  # "fort": the sections of the fort of the points given
            return _list_page(request, page, form, PlanForms(data))
        plan = PlanForms(data)
        if plan.is_valid():
            launched = _launch(request, plan.form, plan.form.cleaned_data | {"assault": plan.assault()})
            if launched is not None:
                return launched
        status = 400
    elif typed:
        if form.is_valid():
            launched = _launch(request, form, form.cleaned_data)
            if launched is not None:
                return launched
        status = 400
    return _list_page(request, page, form, plan, status=status, typed=typed)


def _launch(request: HttpRequest, form: Form, data: dict[str, Any]) -> HttpResponse | None:
    """The new run's page, or None with the refusal added to ``form``."""
    try:
        run = services.launch_run(
            owner=request.user, games=data["games"], assault=data["assault"], seed=data["seed"], label=data["label"]
        )
    except ValidationError as error:
        for message in error.messages:
            form.add_error(None, message)
        return None
    return redirect("simulations:detail", run.pk)


def _list_page(
    request: HttpRequest,
    page: selectors.RunsPage,
    form: RunForm,
    plan: PlanForms,
    *,
    status: int = 200,
    typed: bool = False,
) -> HttpResponse:
    context = {
        "form": form,
        "plan": plan,
        "typed": typed,
        "runs": page.runs,
        "units": presenters.besieger_units(),
    }
    return render(request, "simulations/list.html", context, status=status)


def _context(run: SimulationRun) -> dict[str, object]:
    return {"run": run, "results": presenters.results(run), **presenters.progress(run)}


@login_required
def run_detail(request: HttpRequest, pk: int) -> HttpResponse:
    run = selectors.run_of(request.user, pk)
    battle = request.GET.get("battle", "")
    back = reverse("tracker:board", args=[int(battle)]) if battle.isdigit() and len(battle) < 12 else ""
    return render(
        request, "simulations/detail.html", _context(run) | {"plans": presenters.plan_lines(run), "battle": back}
    )


@login_required
@vary_on_headers("HX-Request")
def run_progress(request: HttpRequest, pk: int) -> HttpResponse:
    run = selectors.run_of(request.user, pk)
    response = render(request, "simulations/_run.html", _context(run))
    if run.finished and request.htmx:
        return HttpResponseStopPolling(response.content)
    return response


RUN_ACTIONS = {"cancel": services.cancel_run, "retry": services.retry_run}


@login_required
@require_POST
def run_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Cancel a run at work, or start a failed one again."""
    run = selectors.run_of(request.user, pk)
    if action not in RUN_ACTIONS:
        raise Http404(_("No such action on a run."))
    try:
        RUN_ACTIONS[action](run=run)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("simulations:detail", pk)


@login_required
def run_csv(request: HttpRequest, pk: int) -> HttpResponse:
    run = selectors.run_of(request.user, pk)
    rows = list(presenters.csv_rows(run))
    if not rows:
        raise Http404(_("This run has no results: it is not done."))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="assault-simulation-{run.pk}.csv"'
    csv.writer(response).writerows(rows)
    return response
