"""Pages of the assault simulator: views parse, authorise, call one service or selector, render."""

from __future__ import annotations

import csv
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from . import presenters, selectors, services
from .forms import RunForm

if TYPE_CHECKING:
    from .models import SimulationRun


@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    page = selectors.runs_page(request.user)
    form = RunForm(request.POST or None, initial=RunForm.initial_of(page.demo_plans))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                run = services.launch_run(
                    owner=request.user, games=data["games"], assault=data["assault"], seed=data["seed"],
                    label=data["label"],
                )  # fmt: skip
            except ValidationError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                return redirect("simulations:detail", run.pk)
        status = 400
    return render(request, "simulations/list.html", {"form": form, "runs": page.runs}, status=status)


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
