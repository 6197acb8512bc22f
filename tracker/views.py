"""The tracker's pages: parse, authorise, call a service or a selector, render."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from . import pages, presenters, selectors, services, skirmish_presenters
from .forms import OneOffForm, SetupForm

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.utils.functional import _StrPromise

BOARD = "tracker/_board.html"
SKIRMISH_BOARD = "tracker/_skirmish_board.html"


def _watched(request: HttpRequest, pk: int) -> pages.Watched:
    page = pages.watched(pk, request.user)
    if page is None:
        raise Http404(_("No such siege among yours."))
    return page


def _number(text: str | None, default: int = -1) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def _dice(text: str) -> list[int] | None:
    values = text.replace(",", " ").split()
    if not all(v.isdigit() and len(v) <= 3 for v in values):
        return None
    return [int(v) for v in values]


def _counts(data: QueryDict) -> dict[int, int]:
    """``count-<unit group>`` fields: how many of each unit act."""
    found = {}
    for key, value in data.items():
        if key.startswith("count-"):
            found[_number(key[6:])] = _number(value, 0)
    return found


def _pairs(data: QueryDict) -> dict[str, str]:
    """``pair-<striker>`` fields: the enemy each striker engages, ``""`` for none (§3.2.1)."""
    return {key[5:][:40]: value[:40] for key, value in data.items() if key.startswith("pair-")}


def _machine(strength: str | None, damage: str | None) -> tuple[int, str] | None:
    if not strength and not damage:
        return None
    return (_number(strength, 0), (damage or "1")[:4])


@login_required
def tracker_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tracker/list.html", {"battles": selectors.tracked_for(request.user)})


@login_required
def new_one_off(request: HttpRequest) -> HttpResponse:
    points = _number(request.POST.get("besieged_points"), 1500) if request.method == "POST" else 1500
    form = OneOffForm(request.POST or None, walls=pages.one_off_walls(points))
    if request.method == "POST" and form.is_valid():
        try:
            tracked = services.start_one_off(user=request.user, data=form.cleaned_data)
        except services.Refused as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("tracker:board", tracked.pk)
    return render(request, "tracker/new.html", {"form": form, "battle": None})


@login_required
def new_from_campaign(request: HttpRequest, bid: int) -> HttpResponse:
    page = pages.campaign_setup(request.user, bid)
    if page is None:
        raise Http404(_("Only the battle's players and the organiser may track it."))
    battle = page.battle
    initial = {
        "besieger_points": battle.attacker_points,
        "besieged_points": battle.defender_points,
        "open_field_points": battle.open_field_points,
    }
    form = SetupForm(request.POST or None, walls=page.walls, fixed_points=True, initial=initial, weapons=page.weapons)
    if request.method == "POST" and form.is_valid():
        try:
            tracked = services.start_from_campaign(battle=battle, user=request.user, data=form.cleaned_data)
        except services.Refused as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("tracker:board", tracked.pk)
    existing = list(page.existing)
    return render(request, "tracker/new.html", {"form": form, "battle": battle, "existing": existing})


def _board(
    request: HttpRequest, page: pages.Watched, *, partial: bool, section: str = "", message: str = "", ok: str = ""
) -> HttpResponse:
    """The board of a siege or of a skirmish, the whole page or the part a watching page swaps in."""
    tracked = page.tracked
    if page.skirmish:
        context = skirmish_presenters.skirmish_context(tracked, request.user, message=message, ok=ok)
        return render(
            request, SKIRMISH_BOARD if partial else "tracker/board.html", {**context, "partial": SKIRMISH_BOARD}
        )
    context = presenters.board_context(tracked, request.user, section=section, message=message, ok=ok)
    return render(request, BOARD if partial else "tracker/board.html", context)


@login_required
@require_GET
def board(request: HttpRequest, pk: int) -> HttpResponse:
    return _board(request, _watched(request, pk), partial=False, section=request.GET.get("section", "")[:40])


@login_required
@require_GET
@vary_on_headers("HX-Request")
def poll(request: HttpRequest, pk: int) -> HttpResponse:
    """The cheap check a watching page makes every second: nothing (204) until the log has grown."""
    page = _watched(request, pk)
    if request.GET.get("v") == page.version:
        return HttpResponse(status=204)
    return _board(request, page, partial=True, section=request.GET.get("section", "")[:40])


def _answer(
    request: HttpRequest, pk: int, *, message: str = "", ok: str = "", page: pages.Watched | None = None
) -> HttpResponse:
    """After an action: the board as the action left it (``page`` when the view knows it, else read afresh), or back
    to the board page."""
    section = request.POST.get("section", "")[:40]
    if request.htmx:
        shown = page or _watched(request, pk)
        return _board(request, shown, partial=True, section=section, message=message, ok=ok)
    if message:
        messages.error(request, message)
    elif ok:
        messages.success(request, ok)
    return redirect(reverse("tracker:board", args=[pk]) + (f"?{urlencode({'section': section})}" if section else ""))


@login_required
@require_POST
def act(request: HttpRequest, pk: int) -> HttpResponse:
    page = _watched(request, pk)
    dice = _dice(request.POST.get("dice", "")[:400])
    if dice is None:
        return _answer(request, pk, message=_("Dice: type whole numbers, separated by spaces."))
    raw = request.POST.get("action_json")
    try:
        # a nesting deeper than the parser's stack is no JSON action either
        parsed = json.loads(raw) if raw else None
    except (json.JSONDecodeError, RecursionError):
        return _answer(request, pk, message=_("The action is not JSON."))
    try:
        action = (
            parsed
            if raw
            else services.Choice(
                _number(request.POST.get("option")),
                tuple(request.POST.getlist("actors")),
                request.POST.get("target") or None,
                _counts(request.POST),
                _machine(request.POST.get("strength"), request.POST.get("damage")),
                liquid=request.POST.get("liquid", "")[:20] or None,
                flaming=request.POST.get("flaming") == "1",
                pairs=_pairs(request.POST),
                numbers={k[7:27]: _number(v[:12], 0) for k, v in request.POST.items() if k.startswith("number-")},
                facts={k[5:]: v[:20] for k, v in request.POST.items() if k.startswith("fact-")},
            )
        )
        written = services.act(
            battle_id=pk, user=request.user, seq=_number(request.POST.get("seq")), action=action, dice=dice
        )
    except services.Conflict as conflict:
        return _answer(request, pk, message=str(conflict))
    except services.Refused as refused:
        return _answer(request, pk, message=_("Refused — %(why)s") % {"why": refused})
    return _answer(request, pk, page=page.grown(written))


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    page = _watched(request, pk)
    try:
        written = services.undo(battle_id=pk, user=request.user, seq=_number(request.POST.get("seq")))
    except services.Refused as refused:
        return _answer(request, pk, message=str(refused))
    return _answer(request, pk, ok=_("The last action is undone."), page=page.grown(written))


@login_required
@require_POST
def chances(request: HttpRequest, pk: int) -> HttpResponse:
    """ "What are our chances from here?": a whole-assault simulation from the battle as it stands."""
    _watched(request, pk)
    try:
        run = services.chances_from_here(battle_id=pk, user=request.user)
    except services.Refused as refused:
        return _answer(request, pk, message=str(refused))
    target = f"{reverse('simulations:detail', args=[run.pk])}?battle={pk}"
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


@login_required
@require_POST
def result(request: HttpRequest, pk: int) -> HttpResponse:
    _watched(request, pk)
    write, done = RESULT_ACTIONS["confirm" if request.POST.get("confirm") else "send"]
    try:
        write(battle_id=pk, user=request.user)
    except services.Refused as refused:
        return _answer(request, pk, message=str(refused))
    return _answer(request, pk, ok=str(done))


RESULT_ACTIONS: dict[str, tuple[Callable[..., object], _StrPromise]] = {
    "send": (services.send_result, gettext_lazy("The result is sent to the campaign.")),
    "confirm": (
        services.confirm_result,
        gettext_lazy("The result is confirmed: it now counts on the map and in the standings."),
    ),
}
"""The two steps of a campaign battle's result: the service that writes each, and what the page then says."""


@login_required
@require_GET
def report(request: HttpRequest, pk: int) -> HttpResponse:
    page = _watched(request, pk)
    tracked = page.tracked
    if page.skirmish:
        context = skirmish_presenters.skirmish_context(tracked, request.user, short_log=False)
        return render(request, "tracker/skirmish_report.html", context)
    return render(request, "tracker/report.html", presenters.board_context(tracked, request.user, short_log=False))


@login_required
@require_GET
def export(request: HttpRequest, pk: int) -> JsonResponse:
    tracked = _watched(request, pk).tracked
    response = JsonResponse(presenters.export(tracked), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="siege-{tracked.pk}.json"'
    return response


@login_required
@require_POST
def app_action(request: HttpRequest, pk: int) -> HttpResponse:
    """What a solo battle's page asks every so often: the app plays one action of its side and the board shows it
    (one action a request, so that each arrives in the log at a pace one can read); nothing (204) while the app
    waits for the player."""
    page = _watched(request, pk)
    try:
        written = services.play_app(battle_id=pk, user=request.user)
    except services.Refused as refused:
        return _answer(request, pk, message=str(refused))
    if written is None:
        return HttpResponse(status=204)
    return _answer(request, pk, page=page.grown(written))


@login_required
@require_http_methods(["GET", "POST"])
def advice(request: HttpRequest, pk: int) -> HttpResponse:
    """« Que ferait l'application ? »: a POST asks the strong bot, on the workers, what it would play for the
    player's side now; the fragment then asks again every second until its answer, the best option and the top
    three with their expected victory points."""
    message = ""
    if request.method == "POST":
        try:
            services.ask_advice(battle_id=pk, user=request.user)
        except services.Refused as refused:
            message = str(refused)
    page = pages.advised(pk, request.user)
    if page is None:
        raise Http404(_("No such siege among yours."))
    shown = page.advice
    context = {
        "tracked": page.watched.tracked,
        "asked": shown.asked,
        "failed": shown.failed,
        "thinking": shown.asked and shown.top is None,
        "options": presenters.advised_options(page.current.state, shown.top or ()),
        "message": message,
    }
    return render(request, "tracker/_advice.html", context)
