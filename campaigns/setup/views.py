"""The set-up flow in the browser, step by step: club, campaign, players and factions, map, forts, armies.

Views parse, authorise, call a service, render; the map's roads are toggled by clicking territories on the map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from .. import pages, presenters, selectors, services
from ..access import campaign_for
from ..forms import ArmyForm, FactionForm, attempt, refuse
from . import services as setup
from .forms import CampaignStartForm, ClubForm, MoveTerritoryForm, OwnerForm, PlaceTerritoryForm, StandardFortForm

if TYPE_CHECKING:
    from ..models import Campaign, CampaignMembership, Territory

STEPS = (
    ("players", gettext_lazy("Players and factions")),
    ("map", gettext_lazy("Map")),
    ("forts", gettext_lazy("Forts")),
    ("armies", gettext_lazy("Armies")),
)


def _step(request: HttpRequest, step: str, campaign: Campaign, membership: CampaignMembership, **context: Any):
    names = [name for name, _label in STEPS]
    following = names[names.index(step) + 1] if names.index(step) + 1 < len(names) else None
    return render(
        request,
        f"setup/{step}.html",
        {
            "campaign": campaign,
            "membership": membership,
            "steps": STEPS,
            "step": step,
            "next_step": following,
            **context,
        },
    )


@login_required
def club(request: HttpRequest) -> HttpResponse:
    """Step 1: found a club, or pick one of one's clubs to start a campaign in."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        new = attempt(form, lambda: services.create_club(name=form.cleaned_data["name"], founder=request.user))
        if new is not None:
            return redirect("setup:campaign", new.pk)
    clubs = selectors.clubs_of(request.user)
    return render(request, "setup/club.html", {"form": form, "clubs": clubs})


@login_required
def campaign(request: HttpRequest, club_id: int) -> HttpResponse:
    """Step 2: the campaign, with its name and army points limit; its creator organises it."""
    membership = selectors.club_membership(request.user, club_id)
    if membership is None:
        raise Http404(_("No such club among yours."))
    form = CampaignStartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            started = setup.start_campaign(
                club=membership.club,
                name=data["name"],
                organiser=request.user,
                description=data["description"],
                settings={"army_points_limit": data["army_points_limit"]},
            )
        except ValidationError as error:
            refuse(form, error)
        else:
            return redirect("setup:players", started.pk)
    return render(request, "setup/campaign.html", {"form": form, "club": membership.club})


@login_required
def players(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 3: the invitation link, and each member's faction."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    members = list(selectors.memberships_of(campaign))
    forms = {
        m.pk: FactionForm(
            request.POST if request.POST.get("member") == str(m.pk) else None,
            initial={"faction": m.faction},
            prefix=f"member-{m.pk}",
        )
        for m in members
    }
    sent = request.POST.get("member", "")
    if request.method == "POST" and sent.isdigit() and int(sent) in forms:
        form = forms[int(sent)]
        if form.is_valid():
            member = next(m for m in members if m.pk == int(sent))
            services.choose_faction(membership=member, faction=form.cleaned_data["faction"])
            messages.success(request, _("Saved."))
            return redirect("setup:players", pk)
    return _step(
        request,
        "players",
        campaign,
        membership,
        rows=[(m, forms[m.pk]) for m in members],
        invite_url=request.build_absolute_uri(reverse("signup-code", args=[campaign.settings.invite_code])),
    )


def _editor_context(campaign: Campaign, editor: pages.MapEditor) -> dict[str, Any]:
    """The map whose territories, clicked, select one (none selected) or toggle a road from the selected one."""

    selected = editor.selected

    def link(territory_id: int) -> str:
        if selected is None:
            return reverse("setup:map", args=[campaign.pk]) + f"?selected={territory_id}"
        if territory_id == selected.pk:
            return reverse("setup:map", args=[campaign.pk])
        return reverse("setup:neighbours", args=[campaign.pk, selected.pk, territory_id])

    return {
        "selected": selected,
        "map_svg": presenters.map_picture(campaign, link=link, selected=selected.pk if selected else None),
        "map_frame": presenters.map_frame(),
        "neighbours": editor.neighbours,
    }


@login_required
def map_step(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 4: territories placed on the map; roads and owners set by selecting a territory."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    editor = pages.map_editor(campaign, request.GET.get("selected", ""))
    selected = editor.selected
    action = request.POST.get("action") if request.method == "POST" else None
    place = PlaceTerritoryForm(request.POST if action == "territory" else None)
    owner = OwnerForm(
        request.POST if action == "owner" else None,
        players=[(p.pk, p.user.get_username()) for p in editor.players],
        initial={"owner": selected.owner_id if selected else None},
    )
    sent = {"territory": place, "owner": owner}.get(action or "")
    if sent is not None and sent.is_valid() and (action == "territory" or selected is not None):
        shown = attempt(sent, lambda: MAP_ACTIONS[action](campaign, editor, sent.cleaned_data))
        if shown is not None:
            return redirect(reverse("setup:map", args=[pk]) + f"?selected={shown.pk}")
    return _step(request, "map", campaign, membership, place_form=place, owner_form=owner,
                 **_editor_context(campaign, editor))  # fmt: skip


def _place_territory(campaign: Campaign, editor: pages.MapEditor, data: dict[str, Any]) -> Territory:
    spec = services.TerritorySpec(data["name"], data["kind"], data["value"], None, (), data["x"], data["y"])
    return services.add_territory(campaign=campaign, spec=spec)


def _give_territory(campaign: Campaign, editor: pages.MapEditor, data: dict[str, Any]) -> Territory:
    assert editor.selected is not None
    owner = next((p for p in editor.players if p.pk == data["owner"]), None)
    return setup.set_territory_owner(territory=editor.selected, owner=owner)


# the map step's two forms, and what each does: the territory then shown selected
MAP_ACTIONS: dict[str, Callable[[Campaign, pages.MapEditor, dict[str, Any]], Territory]] = {
    "territory": _place_territory,
    "owner": _give_territory,
}


@login_required
@require_POST
@vary_on_headers("HX-Request")
def move(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    """A territory dragged on the map: it stands where it was dropped, and is the one selected."""
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    editor = pages.map_editor(campaign, tid)
    if editor.selected is None:
        raise Http404(_("No such territory on this map."))
    form = MoveTerritoryForm(request.POST)
    error = ""
    if not form.is_valid():
        error = _("A position on the map is 0 to 100 across and down.")
    else:
        try:
            setup.move_territory(territory=editor.selected, x=form.cleaned_data["x"], y=form.cleaned_data["y"])
        except ValidationError as refused:
            error = " ".join(refused.messages)
    if request.htmx:
        editor = pages.map_editor(campaign, tid)
        context = {**_editor_context(campaign, editor), "campaign": campaign, "error": error}
        return render(request, "setup/_map_editor.html", context)
    if error:
        messages.error(request, error)
    return redirect(reverse("setup:map", args=[pk]) + f"?selected={tid}")


@login_required
@require_POST
@vary_on_headers("HX-Request")
def neighbours(request: HttpRequest, pk: int, tid: int, nid: int) -> HttpResponse:
    """A click on a territory while another is selected: the road between them appears or goes."""
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    editor = pages.map_editor(campaign, tid, nid)
    territory, other = editor.selected, editor.other
    if territory is None or other is None:
        raise Http404(_("No such territory on this map."))
    error = ""
    try:
        setup.toggle_neighbours(territory=territory, other=other)
    except ValidationError as refused:
        error = " ".join(refused.messages)
    if request.htmx:
        context = {**_editor_context(campaign, editor), "campaign": campaign, "error": error}
        return render(request, "setup/_map_editor.html", context)
    if error:
        messages.error(request, error)
    return redirect(reverse("setup:map", args=[pk]) + f"?selected={tid}")


@login_required
def forts(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 5: each castle and fortress gets a generated fort (§1, Table 1) big enough for its garrison."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    setup.fortify(campaign=campaign)
    rows = []
    for fort in presenters.fort_rows(pages.forts(campaign)):
        territory = fort.territory
        templates = presenters.fort_templates(fort.garrison)
        sent = request.method == "POST" and request.POST.get("territory") == str(territory.pk)
        form = StandardFortForm(
            request.POST if sent else None,
            templates=templates,
            prefix=f"fort-{territory.pk}",
            initial={"points": fort.size},
        )
        if sent and form.is_valid():
            try:
                setup.fortify(campaign=campaign, territory=territory, points=form.cleaned_data["points"])
            except ValidationError as error:
                refuse(form, error)
            else:
                messages.success(request, _("The fort layout is saved."))
                return redirect("setup:forts", pk)
        rows.append((fort, form))
    return _step(request, "forts", campaign, membership, rows=rows)


@login_required
def armies(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 6: each player's armies and garrisons where the map has them start."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    page = pages.armies_set_up(campaign)
    form = ArmyForm(request.POST or None, players=page.players, territories=page.territories)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if attempt(form, lambda: services.create_army(**data)) is not None:
            messages.success(request, _("Saved."))
            return redirect("setup:armies", pk)
    return _step(request, "armies", campaign, membership, form=form, armies=page.armies)
