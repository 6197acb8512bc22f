"""HTMX pages: parse, authorise, call a presenter, selector or service, render (docs/architecture.md)."""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from . import jsoninput, pages, presenters, selectors, services
from .access import campaign_for
from .forms import (
    CHARACTERISTIC_LABELS,
    ArmyForm,
    FactionForm,
    FortForm,
    JoinForm,
    MapJSONForm,
    OrderForm,
    ReinforceForm,
    ResultForm,
    RosterForm,
    SettingsForm,
    TurnForm,
    UnitForm,
    UnitLinesForm,
    attempt,
    refuse,
)
from .rule_systems.forms import RuleSystemForm, result_form_class
from .unit_lines import characteristics_line

if TYPE_CHECKING:
    from .models import Army, Campaign, CampaignMembership


def _found(row: Any) -> Any:
    """A row a selector found among the member's; 404 otherwise."""
    if row is None:
        raise Http404(_("Not found."))
    return row


def _page(request: HttpRequest, template: str, campaign: Campaign, membership: CampaignMembership, **context: Any):
    return render(request, template, {"campaign": campaign, "membership": membership, **context})


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "campaigns/list.html", {"campaigns": selectors.campaigns_for(request.user), "join_form": JoinForm()}
    )


def join(request: HttpRequest, code: str = "") -> HttpResponse:
    if not request.user.is_authenticated:
        # an invitation link shared before sign-up existed: the newcomer makes an account there
        return redirect("signup-code", code) if code else redirect_to_login(request.get_full_path())
    form = JoinForm(request.POST or None, initial={"code": code})
    if request.method == "POST" and form.is_valid():
        membership = attempt(form, lambda: services.join_with_code(code=form.cleaned_data["code"], user=request.user))
        if membership is not None:
            return redirect("campaigns:faction", membership.campaign_id)
    return render(request, "campaigns/join.html", {"form": form})


@login_required
def faction(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    form = FactionForm(request.POST or None, initial={"faction": membership.faction})
    if request.method == "POST" and form.is_valid():
        chosen = attempt(
            form, lambda: services.choose_faction(membership=membership, faction=form.cleaned_data["faction"])
        )
        if chosen is not None:
            return redirect("campaigns:detail", pk)
    return _page(request, "campaigns/faction.html", campaign, membership, form=form)


def _presented(template: str, presenter: Callable[[Campaign, CampaignMembership], dict[str, Any]]) -> Callable:
    """A member's page that shows what one presenter gives."""

    @login_required
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        campaign, membership = campaign_for(request.user, pk)
        return _page(request, template, campaign, membership, **presenter(campaign, membership))

    return view


campaign_detail = _presented("campaigns/detail.html", presenters.campaign_page)
standings = _presented("campaigns/standings.html", presenters.standings_page)


@login_required
def campaign_manage(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    page = pages.manage(campaign)
    action = request.POST.get("action") if request.method == "POST" else None
    forms = _manage_forms(campaign, page, action, request.POST)
    if action in forms:
        bound, change = forms[action], MANAGE_ACTIONS[action]
        if bound.is_valid() and attempt(bound, lambda: change(campaign, bound.cleaned_data)) is not None:
            messages.success(request, _("Saved."))
            return redirect("campaigns:manage", pk)
    return _page(
        request,
        "campaigns/manage.html",
        campaign,
        membership,
        members=page.members,
        territories=page.territories,
        turn=page.turn,
        orders_given=page.orders_given,
        turn_form=TurnForm(),
        invite_url=request.build_absolute_uri(reverse("signup-code", args=[campaign.settings.invite_code])),
        forms=forms,
    )


def _manage_forms(campaign: Campaign, page: pages.ManagePage, action: str | None, data: Any) -> dict[str, Form]:
    """The organiser's forms; the one that was sent is bound to what was sent."""

    def sent(name: str) -> Any:
        return data if action == name else None

    return {
        "settings": SettingsForm(sent("settings"), instance=campaign.settings),
        "map": MapJSONForm(sent("map")),
        "army": ArmyForm(sent("army"), players=page.players, territories=page.territories),
    }


def _json_field(text: str, message: str) -> Any:
    """A JSON text field read, or refused with ``message`` (which places the reader's error)."""
    try:
        return jsoninput.loads(text)
    except jsoninput.JSONInputError as error:
        raise ValidationError(message % {"error": error}) from error


# each organiser's form, by its action, and the one service that does what it asks
MANAGE_ACTIONS: dict[str, Callable[[Campaign, dict[str, Any]], object]] = {
    "settings": lambda campaign, data: services.update_settings(campaign=campaign, values=data),
    "map": lambda campaign, data: services.load_map_json(
        campaign=campaign, data=_json_field(data["map_json"], _("The map JSON cannot be read: %(error)s"))
    ),
    "army": lambda campaign, data: services.create_army(**data),
}


@login_required
@require_POST
def invite_code(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    services.new_invite_code(campaign=campaign)
    return redirect("campaigns:manage", pk)


@login_required
def territory_detail(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    territory = _found(selectors.territory_of(campaign, tid))
    shown = presenters.territory_page(territory, membership)
    form = FortForm(request.POST or None, templates=shown["fort_templates"])
    if request.method == "POST":
        campaign_for(request.user, pk, organiser=True)
        if form.is_valid():
            try:
                services.set_chosen_fort_layout(
                    territory=territory,
                    layout_json=_layout_json(form.cleaned_data["layout_json"]),
                    template_points=int(form.cleaned_data["template"] or 0),
                )
            except ValidationError as error:
                refuse(form, error)
            else:
                messages.success(request, _("The fort layout is saved."))
                return redirect("campaigns:territory", pk, tid)
    return _page(request, "campaigns/territory.html", campaign, membership, form=form, **shown)


def _layout_json(text: str) -> Any:
    if not text.strip():
        return None
    return _json_field(text, _("The layout JSON cannot be read: %(error)s"))


@login_required
def army_list(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    return _page(
        request, "campaigns/armies.html", campaign, membership, armies=selectors.visible_armies(campaign, membership)
    )


ArmyAction = tuple[str, Form | None, "services.RosterPreview | None"]
"""What an action on the army page leaves: the name of its form, the form to show again (None: done, the page is
asked again) and a roster's preview."""


def _preview_roster(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    """An import is shown first, and changes nothing until it is confirmed."""
    form = RosterForm(request.POST, request.FILES)
    if not form.is_valid():
        return "roster", form, None
    upload = form.cleaned_data["roster"]
    data = upload.read()
    preview = attempt(form, lambda: services.preview_roster(army=army, data=data, filename=upload.name))
    if preview is None:
        return "roster", form, None
    services.keep_roster_upload(army=army, user=request.user, filename=upload.name, data=data)
    return "roster", form, preview


def _confirm_roster(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    kept = services.take_roster_upload(army=army, user=request.user)
    if request.POST.get("action") == "confirm-roster":
        if kept is None:
            raise ValidationError(_("No roster waits to be imported: send the file again."))
        filename, data = kept
        services.import_roster(army=army, data=data, filename=filename)
        messages.success(request, _("The roster is imported."))
    return "", None, None


def _sent(
    request: HttpRequest, name: str, form: Form, change: Callable[[dict[str, Any]], object], done: str = ""
) -> ArmyAction:
    """An army form sent: when it is valid, ``change`` (one service) takes its data and ``done`` is said; a refusal
    lands on the form, shown again."""
    if not form.is_valid() or attempt(form, lambda: change(form.cleaned_data)) is None:
        return name, form, None
    if done:
        messages.success(request, done)
    return name, None, None


def _reinforce(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    def reinforce(data: dict[str, Any]) -> object:
        return services.reinforce_army(army=army, points=data["points"], by=membership)

    return _sent(request, "reinforce", ReinforceForm(request.POST), reinforce, _("The army is reinforced."))


def _unit_values(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": data["name"],
        "count": data["count"],
        "points": data["points"],
        "profile": data["profile"],
        "save": data["save"],
        "special_rules": data["special_rules"].split(","),
    }


def _add_unit(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    form = UnitForm(request.POST, units=list(army.units.all()))
    return _sent(request, "unit", form, lambda data: services.add_unit(army=army, **_unit_values(data)))


def _add_unit_lines(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    def add(data: dict[str, Any]) -> object:
        return services.add_unit_lines(army=army, text=data["lines"])

    return _sent(request, "lines", UnitLinesForm(request.POST), add, _("The units are added."))


def _clear_roster(request: HttpRequest, army: Army, membership: CampaignMembership) -> ArmyAction:
    services.clear_roster(army=army)
    messages.success(request, _("The roster is emptied; the army keeps its points."))
    return "", None, None


# each action of the army page, and what does it (one service each)
ARMY_ACTIONS: dict[str, Callable[[HttpRequest, Army, CampaignMembership], ArmyAction]] = {
    "roster": _preview_roster,
    "confirm-roster": _confirm_roster,
    "cancel-roster": _confirm_roster,
    "reinforce": _reinforce,
    "unit": _add_unit,
    "lines": _add_unit_lines,
    "clear-roster": _clear_roster,
}


@login_required
def army_detail(request: HttpRequest, pk: int, aid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    page = _found(pages.army(campaign, membership, aid))
    forms: dict[str, Form] = {
        "unit": UnitForm(units=[row.unit for row in page.units]),
        "lines": UnitLinesForm(),
        "roster": RosterForm(),
        "reinforce": ReinforceForm(),
    }
    preview = None
    action = request.POST.get("action", "") if request.method == "POST" and page.editable else None
    if action in ARMY_ACTIONS:
        try:
            name, form, preview = ARMY_ACTIONS[action](request, page.army, membership)
        except ValidationError as error:
            # a form's refusal lands on it; an action without a form says it above the page
            messages.error(request, " ".join(error.messages))
            return redirect("campaigns:army", pk, aid)
        if form is None:
            return redirect("campaigns:army", pk, aid)
        forms[name] = form
    return _page(
        request,
        "campaigns/army.html",
        campaign,
        membership,
        army=page.army,
        units=page.units,
        editable=page.editable,
        unit_form=forms["unit"],
        lines_form=forms["lines"],
        roster_form=forms["roster"],
        reinforce_form=forms["reinforce"] if membership.is_organiser else None,
        preview=preview,
        characteristics=CHARACTERISTIC_LABELS.values(),
    )


@login_required
def unit_detail(request: HttpRequest, pk: int, aid: int, uid: int) -> HttpResponse:
    """A unit of a roster, changed or taken off by the army's owner or the organiser."""
    campaign, membership = campaign_for(request.user, pk)
    page = _found(pages.army(campaign, membership, aid))
    unit = _found(next((row.unit for row in page.units if row.unit.pk == uid), None))
    if not page.editable:
        raise Http404(_("No such unit in your armies."))
    others = [row.unit for row in page.units if row.unit.pk != uid]
    initial = {
        "name": unit.name,
        "count": unit.count,
        "points": unit.points,
        "characteristics": characteristics_line(unit.profile, unit.save_roll),
        "special_rules": ", ".join(unit.special_rules),
    }
    form = UnitForm(request.POST if request.method == "POST" else None, units=others, initial=initial)

    def change() -> object:
        return services.update_unit(unit=unit, **_unit_values(form.cleaned_data))

    if request.method == "POST" and form.is_valid() and attempt(form, change) is not None:
        messages.success(request, _("Saved."))
        return redirect("campaigns:army", pk, aid)
    return _page(request, "campaigns/unit.html", campaign, membership, army=page.army, unit=unit, form=form)


@login_required
@require_POST
def unit_delete(request: HttpRequest, pk: int, aid: int, uid: int) -> HttpResponse:
    """A unit taken off its roster by the army's owner or the organiser."""
    campaign, membership = campaign_for(request.user, pk)
    page = _found(pages.army(campaign, membership, aid))
    unit = _found(next((row.unit for row in page.units if row.unit.pk == uid), None))
    if not page.editable:
        raise Http404(_("No such unit in your armies."))
    services.delete_unit(unit=unit)
    messages.success(request, _("%(unit)s is taken off the roster.") % {"unit": unit.name})
    return redirect("campaigns:army", pk, aid)


@login_required
def orders(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    page = pages.orders(campaign, membership)
    forms = [OrderForm(army=a.army, targets=a.targets, initial=a.given) for a in page.armies]
    return _page(request, "campaigns/orders.html", campaign, membership, turn=page.turn, open=page.open, forms=forms,
                 visible=page.visible)  # fmt: skip


@login_required
@require_POST
@vary_on_headers("HX-Request")
def give_order(request: HttpRequest, pk: int, aid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    sent = pages.order_sent(campaign, aid)
    army = sent.army
    if army is None or army.owner_id != membership.pk:
        # the service gives the message; the form needs an army to be drawn for
        try:
            services.submit_order(membership=membership, army_id=aid, kind=request.POST.get("kind", ""))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect("campaigns:orders", pk)
    form = OrderForm(request.POST, army=army, targets=sent.targets)
    saved = False
    if form.is_valid():
        try:
            services.submit_order(
                membership=membership,
                army_id=army.pk,
                kind=form.cleaned_data["kind"],
                target_id=form.cleaned_data["target"],
                withdraw=form.cleaned_data["withdraw"],
            )
            saved = True
        except ValidationError as error:
            refuse(form, error)
    if request.htmx:
        return render(request, "campaigns/_order_form.html", {"campaign": campaign, "form": form, "saved": saved})
    if saved:
        messages.success(request, _("Order saved."))
        return redirect("campaigns:orders", pk)
    return _page(request, "campaigns/orders.html", campaign, membership, turn=sent.turn, open=True, forms=[form],
                 visible=[])  # fmt: skip


@login_required
@require_POST
def turn_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    if action not in services.TURN_ACTIONS:
        raise Http404(_("No such turn action."))
    deadline = None
    try:
        if action == "open":
            form = TurnForm(request.POST)
            if not form.is_valid():
                raise ValidationError([message for errors in form.errors.values() for message in errors])
            deadline = form.cleaned_data["deadline"]
        services.act_on_turn(campaign=campaign, action=action, deadline=deadline)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if action == "remind":
            messages.success(request, _("The players who still have orders to give are reminded by e-mail."))
    return redirect("campaigns:manage", pk)


@login_required
@vary_on_headers("HX-Request")
def turn_progress(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    progress = pages.turn_progress(campaign)
    context = {"campaign": campaign, "membership": membership, "turn": progress.turn}
    if progress.resolving:
        return render(
            request,
            "campaigns/_progress.html",
            context
            | {"percent": progress.percent, "message": progress.message, "polling": True, "stalled": progress.stalled},
        )
    # the page's heading still says "resolving": the last fragment brings the turn's state with it
    final = context | {"percent": 100, "polling": False, "oob_heading": bool(request.htmx)}
    response = render(request, "campaigns/_progress.html", final)
    return HttpResponseStopPolling(response.content) if request.htmx else response


@login_required
def battle_list(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    battles = selectors.shown_battles(campaign, membership)
    return _page(request, "campaigns/battles.html", campaign, membership, battles=battles)


@login_required
def battle_detail(request: HttpRequest, pk: int, bid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    page = _found(pages.battle(campaign, membership, bid))
    battle = page.battle
    action = request.POST.get("action", "report") if request.method == "POST" else None
    form = None
    if page.may_report and not battle.played:
        # a Confrontation battle's losses start from the assistant's log
        prefilled = {f"{side}_losses": points for side, points in (page.losses_from_log or {}).items()}
        form = result_form_class(battle)(request.POST if action == "report" else None, battle=battle, initial=prefilled)
    elif page.result is not None and membership.is_organiser:
        initial = ResultForm.initial_of(page.result)
        form = result_form_class(battle)(request.POST if action == "correct" else None, battle=battle, initial=initial)
    if action is not None:
        if action not in services.RESULT_ACTIONS or not page.may_report:
            messages.error(request, _("Only the organiser and the battle's players may enter or confirm its result."))
            return redirect("campaigns:battle", pk, bid)
        if action != "confirm" and (form is None or action != ("correct" if battle.played else "report")):
            messages.error(
                request,
                _("This battle already has its result; only the organiser can correct it.")
                if battle.played
                else _("This battle has no confirmed result to correct."),
            )
            return redirect("campaigns:battle", pk, bid)
        try:
            if action == "confirm" or form.is_valid():
                result = None if action == "confirm" else form.result()
                battle = services.enter_result(battle=battle, action=action, result=result, by=membership)
                messages.success(request, RESULT_MESSAGES["proposed" if not battle.played else action])
                return redirect("campaigns:battle", pk, bid)
        except ValidationError as error:
            if action == "confirm" or form is None:
                messages.error(request, " ".join(error.messages))
                return redirect("campaigns:battle", pk, bid)
            refuse(form, error)
    return _page(
        request,
        "campaigns/battle.html",
        campaign,
        membership,
        form=form,
        rule_system_form=RuleSystemForm(battle=battle) if page.may_change_rule_system else None,
        losses_from_log=bool(page.losses_from_log) and not battle.played,
        **presenters.battle_page(battle, membership),
    )


RESULT_MESSAGES = {
    "confirm": gettext_lazy("The result is confirmed: it now counts on the map and in the standings."),
    "correct": gettext_lazy("The result is corrected."),
    "report": gettext_lazy("The result is recorded."),
    "proposed": gettext_lazy("The result is entered; it counts once the other side confirms it."),
}


@login_required
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, _membership = campaign_for(request.user, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}-standings.csv"'
    writer = csv.writer(response)
    writer.writerow([str(label) for label, _value in STANDINGS_CSV_COLUMNS])
    for row in selectors.tallies(campaign):
        writer.writerow([value(row) for _label, value in STANDINGS_CSV_COLUMNS])
    return response


# the standings page's columns, under the page's headings, in the reader's language; then the counts behind them
STANDINGS_CSV_COLUMNS: tuple[tuple[str, Callable[[selectors.Tally], object]], ...] = (
    (gettext_lazy("Player"), lambda row: row.membership.user.get_username()),
    (gettext_lazy("Faction"), lambda row: row.membership.get_faction_display()),
    (gettext_lazy("Total"), lambda row: row.total),
    (gettext_lazy("Battles"), lambda row: row.battle_points),
    (gettext_lazy("Territories"), lambda row: row.territory_points),
    (gettext_lazy("Forts"), lambda row: row.fort_points),
    (gettext_lazy("Territories held"), lambda row: row.territories),
    (gettext_lazy("Forts held"), lambda row: row.forts),
)
