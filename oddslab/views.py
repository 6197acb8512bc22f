"""The odds pages: parse the query string, ask one selector, render. They hold no campaign data, so anyone may read
them, signed in or not; each address has its budget of questions a minute (:mod:`.throttling`).

A mechanic's page answers from its query string, so an address shares a question; HTMX asks the same address for the
answer alone (``_answer.html``) when a parameter changes, and pushes it to the browser's history. The form stays as
it is, so that what is being typed is never replaced.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from . import presenters, selectors
from .forms import OddsForm
from .throttling import throttled


def _too_many(request: HttpRequest, seconds: int) -> HttpResponse:
    """An address over its budget: the page says when to ask again; an HTMX request gets it in place of the answer
    (HTMX swaps successful answers only)."""
    context = {"message": presenters.too_many(settings.ODDS_REQUESTS_PER_MINUTE, seconds)}
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, "oddslab/_too_many.html", context)
    return render(request, "oddslab/too_many.html", context, status=429)


@require_GET
@throttled(_too_many)
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "oddslab/index.html", {"mechanics": selectors.mechanics()})


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
@throttled(_too_many)
def mechanic(request: HttpRequest, slug: str) -> HttpResponse:
    form = OddsForm.for_slug(slug, request.GET)
    if form is None:
        raise Http404(slug)
    chosen = form.mechanic
    context = {"mechanic": chosen, "form": form, "fields": presenters.form_fields(form)}
    if form.is_valid():
        try:
            answer = selectors.answer(chosen, form.values)
        except selectors.RefusedCombination as refused:
            form.add_error(refused.param, presenters.refusal(chosen, refused))
        else:
            context |= {
                "sentence": presenters.sentence(answer),
                "chart": presenters.chart(answer),
                "rows": (rows := presenters.rows(answer)),
                "table": presenters.table_rows(rows),
                "result": answer.result,
            }
    # a history restore (an address pushed earlier, no longer in htmx's cache) needs the whole page
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "oddslab/_answer.html" if partial else "oddslab/mechanic.html"
    # HTMX swaps successful answers only: a refusal comes as one, in place of the answer
    status = 200 if form.is_valid() or partial else 400
    return render(request, template, context, status=status)
