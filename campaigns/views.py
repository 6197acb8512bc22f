"""HTMX pages: parse, authorise, call a presenter, selector or service, render (docs/architecture.md)."""

from __future__ import annotations

import base64
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

from . import jsoninput, presenters, selectors, services
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
    attempt,
    refuse,
)
from .forms_rule_systems import RuleSystemForm, result_form_class
from .rule_systems import may_change_rule_system

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
        services.choose_faction(membership=membership, faction=form.cleaned_data["faction"])
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
    territories = selectors.territories_of(campaign)
    action = request.POST.get("action") if request.method == "POST" else None
    forms = _manage_forms(campaign, territories, action, request.POST)
    if action in forms:
        bound = forms[action]
        if bound.is_valid():
            try:
                _manage_action(campaign, action, bound.cleaned_data)
            except ValidationError as error:
                refuse(bound, error)
            else:
                messages.success(request, _("Saved."))
                return redirect("campaigns:manage", pk)
    return _page(
        request,
        "campaigns/manage.html",
        campaign,
        membership,
        members=selectors.memberships_of(campaign),
        territories=territories,
        turn=selectors.current_turn(campaign),
        turn_form=TurnForm(),
        invite_url=request.build_absolute_uri(reverse("signup-code", args=[campaign.settings.invite_code])),
        forms=forms,
    )


def _manage_forms(campaign: Campaign, territories: Any, action: str | None, data: Any) -> dict[str, Form]:
    """The organiser's forms; the one that was sent is bound to what was sent."""
    players = selectors.players_of(campaign)

    def sent(name: str) -> Any:
        return data if action == name else None

    return {
        "settings": SettingsForm(sent("settings"), instance=campaign.settings),
        "map": MapJSONForm(sent("map")),
        "army": ArmyForm(sent("army"), players=players, territories=territories),
    }


def _manage_action(campaign: Campaign, action: str, data: dict[str, Any]) -> None:
    if action == "settings":
        services.update_settings(campaign=campaign, values=data)
    elif action == "map":
        try:
            parsed = jsoninput.loads(data["map_json"])
        except jsoninput.JSONInputError as error:
            raise ValidationError(_("The map JSON cannot be read: %(error)s") % {"error": error}) from error
        services.load_map(campaign=campaign, specs=services.map_specs_from_json(parsed))
    elif action == "army":
        services.create_army(
            owner=data["owner"],
            name=data["name"],
            territory=data["territory"],
            points=data["points"],
            is_garrison=data["is_garrison"],
        )


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
    try:
        return jsoninput.loads(text)
    except jsoninput.JSONInputError as error:
        raise ValidationError(_("The layout JSON cannot be read: %(error)s") % {"error": error}) from error


@login_required
def army_list(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    return _page(
        request, "campaigns/armies.html", campaign, membership, armies=selectors.visible_armies(campaign, membership)
    )


def _roster_key(army: Army) -> str:
    return f"roster-import-{army.pk}"


@login_required
def army_detail(request: HttpRequest, pk: int, aid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    army = _found(selectors.visible_army(campaign, membership, aid))
    editable = membership.is_organiser or army.owner_id == membership.pk
    unit_form, roster_form, reinforce_form = UnitForm(), RosterForm(), ReinforceForm()
    preview = None
    action = request.POST.get("action", "") if request.method == "POST" and editable else None
    try:
        if action == "roster":
            # an import is shown first, and changes nothing until it is confirmed
            roster_form = RosterForm(request.POST, request.FILES)
            if roster_form.is_valid():
                upload = roster_form.cleaned_data["roster"]
                data = upload.read()
                preview = services.preview_roster(army=army, data=data, filename=upload.name)
                request.session[_roster_key(army)] = {"name": upload.name, "data": base64.b64encode(data).decode()}
        elif action in ("confirm-roster", "cancel-roster"):
            kept = request.session.pop(_roster_key(army), None)
            if action == "confirm-roster":
                if kept is None:
                    raise ValidationError(_("No roster waits to be imported: send the file again."))
                services.import_roster(army=army, data=base64.b64decode(kept["data"]), filename=kept["name"])
                messages.success(request, _("The roster is imported."))
            return redirect("campaigns:army", pk, aid)
        elif action == "reinforce":
            reinforce_form = ReinforceForm(request.POST)
            if reinforce_form.is_valid():
                services.reinforce_army(army=army, points=reinforce_form.cleaned_data["points"], by=membership)
                messages.success(request, _("The army is reinforced."))
                return redirect("campaigns:army", pk, aid)
        elif action == "unit":
            unit_form = UnitForm(request.POST)
            if unit_form.is_valid():
                data = unit_form.cleaned_data
                services.add_unit(
                    army=army,
                    name=data["name"],
                    count=data["count"],
                    points=data["points"],
                    profile=unit_form.profile(),
                    save=data["save_roll"],
                    special_rules=data["special_rules"].split(","),
                )
                return redirect("campaigns:army", pk, aid)
    except ValidationError as error:
        target = {"roster": roster_form, "reinforce": reinforce_form, "unit": unit_form}.get(action or "")
        if target is None:
            messages.error(request, " ".join(error.messages))
            return redirect("campaigns:army", pk, aid)
        refuse(target, error)
    return _page(
        request,
        "campaigns/army.html",
        campaign,
        membership,
        army=army,
        units=selectors.roster_rows(army),
        editable=editable,
        unit_form=unit_form,
        roster_form=roster_form,
        reinforce_form=reinforce_form if membership.is_organiser else None,
        preview=preview,
        characteristics=CHARACTERISTIC_LABELS.values(),
    )


def _order_form(army: Army, data: Any = None, initial: dict[str, Any] | None = None) -> OrderForm:
    return OrderForm(data, army=army, targets=selectors.order_targets(army), initial=initial)


@login_required
def orders(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    turn = selectors.current_turn(campaign)
    given = {o.army_id: o for o in selectors.visible_orders(turn, membership)} if turn else {}
    open_ = turn is not None and services.orders_open(turn)
    forms = []
    if open_:
        for army in selectors.armies_to_order(campaign, membership):
            order = given.get(army.pk)
            initial = (
                {"kind": order.kind, "target": order.target_id, "withdraw": order.withdraw_into_fort} if order else {}
            )
            forms.append(_order_form(army, initial=initial))
    return _page(
        request,
        "campaigns/orders.html",
        campaign,
        membership,
        turn=turn,
        open=open_,
        forms=forms,
        visible=given.values(),
    )


@login_required
@require_POST
@vary_on_headers("HX-Request")
def give_order(request: HttpRequest, pk: int, aid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    army = selectors.army_to_order(campaign, aid)
    if army is None or army.owner_id != membership.pk:
        # the service gives the message; the form needs an army to be drawn for
        try:
            services.submit_order(membership=membership, army_id=aid, kind=request.POST.get("kind", ""))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect("campaigns:orders", pk)
    form = _order_form(army, request.POST)
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
    return _page(request, "campaigns/orders.html", campaign, membership, turn=selectors.current_turn(campaign),
                 open=True, forms=[form], visible=[])  # fmt: skip


TURN_ACTIONS = ("open", "lock", "resolve", "retry")


@login_required
@require_POST
def turn_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    if action not in TURN_ACTIONS:
        raise Http404(_("No such turn action."))
    turn = selectors.current_turn(campaign)
    try:
        if action == "open":
            form = TurnForm(request.POST)
            if not form.is_valid():
                raise ValidationError([message for errors in form.errors.values() for message in errors])
            services.open_turn(campaign=campaign, deadline=form.cleaned_data["deadline"])
        elif turn is None:
            raise ValidationError(_("No turn has been opened yet."))
        elif action == "lock":
            services.lock_turn(turn=turn)
        else:
            services.request_resolution(turn=turn, retry=action == "retry")
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("campaigns:manage", pk)


@login_required
@vary_on_headers("HX-Request")
def turn_progress(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    turn = selectors.current_turn(campaign)
    context = {"campaign": campaign, "membership": membership, "turn": turn}
    if turn is not None and turn.is_resolving:
        percent, message = services.resolution_progress(turn)
        return render(
            request,
            "campaigns/_progress.html",
            context | {"percent": percent, "message": message, "polling": True, "stalled": selectors.stalled(turn)},
        )
    # the page's heading still says "resolving": the last fragment brings the turn's state with it
    final = context | {"percent": 100, "polling": False, "oob_heading": bool(request.htmx)}
    response = render(request, "campaigns/_progress.html", final)
    return HttpResponseStopPolling(response.content) if request.htmx else response


@login_required
def battle_list(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    battles = [selectors.shown_battle(battle, membership) for battle in selectors.battles_of(campaign)]
    return _page(request, "campaigns/battles.html", campaign, membership, battles=battles)


RESULT_ACTIONS = ("report", "confirm", "correct")


@login_required
def battle_detail(request: HttpRequest, pk: int, bid: int) -> HttpResponse:
    campaign, membership = campaign_for(request.user, pk)
    battle = _found(selectors.battle_of(campaign, bid))
    may_report = selectors.may_report(battle, membership)
    action = request.POST.get("action", "report") if request.method == "POST" else None
    form = None
    if may_report and not battle.played:
        form = result_form_class(battle)(request.POST if action == "report" else None, battle=battle)
    elif battle.played and membership.is_organiser:
        initial = ResultForm.initial_of(services.result_of(battle))
        form = result_form_class(battle)(request.POST if action == "correct" else None, battle=battle, initial=initial)
    if action is not None:
        if action not in RESULT_ACTIONS or not may_report:
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
            if action == "confirm":
                services.confirm_result(battle=battle, by=membership)
                messages.success(request, _("The result is confirmed: it now counts on the map and in the standings."))
                return redirect("campaigns:battle", pk, bid)
            if form.is_valid():
                if action == "correct":
                    services.correct_result(battle=battle, result=form.result(), by=membership)
                    messages.success(request, _("The result is corrected."))
                else:
                    battle = services.report_result(battle=battle, result=form.result(), by=membership)
                    messages.success(
                        request,
                        _("The result is recorded.")
                        if battle.played
                        else _("The result is entered; it counts once the other side confirms it."),
                    )
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
        rule_system_form=RuleSystemForm(battle=battle) if may_change_rule_system(battle, membership) else None,
        **presenters.battle_page(battle, membership),
    )


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
