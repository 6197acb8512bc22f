"""The set-up flow in the browser, step by step: club, campaign, players and factions, map, forts, armies.

Views parse, authorise, call a service, render; the map's roads are toggled by clicking territories on the map.
"""

from __future__ import annotations

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

from . import presenters, selectors, services, setup
from .access import campaign_for
from .forms import ArmyForm, FactionForm, attempt, refuse
from .forms_setup import CampaignStartForm, ClubForm, OwnerForm, PlaceTerritoryForm, StandardFortForm

if TYPE_CHECKING:
    from .models import Campaign, CampaignMembership, Territory

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


def _editor_context(campaign: Campaign, selected: Territory | None) -> dict[str, Any]:
    """The map whose territories, clicked, select one (none selected) or toggle a road from the selected one."""

    def link(territory_id: int) -> str:
        if selected is None:
            return reverse("setup:map", args=[campaign.pk]) + f"?selected={territory_id}"
        if territory_id == selected.pk:
            return reverse("setup:map", args=[campaign.pk])
        return reverse("setup:neighbours", args=[campaign.pk, selected.pk, territory_id])

    return {
        "selected": selected,
        "map_svg": presenters.map_picture(campaign, link=link),
        "neighbours": selectors.neighbours_of(selected) if selected else [],
    }


def _players(campaign: Campaign) -> list[tuple[int, str]]:
    return [(p.pk, p.user.get_username()) for p in selectors.players_of(campaign)]


@login_required
def map_step(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 4: territories placed on the map; roads and owners set by selecting a territory."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    selected_id = request.GET.get("selected", "")
    selected = selectors.territory_of(campaign, selected_id)
    action = request.POST.get("action") if request.method == "POST" else None
    place = PlaceTerritoryForm(request.POST if action == "territory" else None)
    owner = OwnerForm(
        request.POST if action == "owner" else None,
        players=_players(campaign),
        initial={"owner": selected.owner_id if selected else None},
    )
    if action == "territory" and place.is_valid():
        data = place.cleaned_data
        try:
            added = services.add_territory(
                campaign=campaign,
                spec=services.TerritorySpec(data["name"], data["kind"], data["value"], None, (), data["x"], data["y"]),
            )
        except ValidationError as error:
            refuse(place, error)
        else:
            return redirect(reverse("setup:map", args=[pk]) + f"?selected={added.pk}")
    if action == "owner" and selected is not None and owner.is_valid():
        chosen = owner.cleaned_data["owner"]
        try:
            setup.set_territory_owner(territory=selected, owner=selectors.player_of(campaign, chosen))
        except ValidationError as error:
            refuse(owner, error)
        else:
            return redirect(reverse("setup:map", args=[pk]) + f"?selected={selected.pk}")
    return _step(request, "map", campaign, membership, place_form=place, owner_form=owner,
                 **_editor_context(campaign, selected))  # fmt: skip


@login_required
@require_POST
@vary_on_headers("HX-Request")
def neighbours(request: HttpRequest, pk: int, tid: int, nid: int) -> HttpResponse:
    """A click on a territory while another is selected: the road between them appears or goes."""
    campaign, _membership = campaign_for(request.user, pk, organiser=True)
    territory, other = selectors.territory_of(campaign, tid), selectors.territory_of(campaign, nid)
    if territory is None or other is None:
        raise Http404(_("No such territory on this map."))
    error = ""
    try:
        setup.toggle_neighbours(territory=territory, other=other)
    except ValidationError as refused:
        error = " ".join(refused.messages)
    if request.htmx:
        context = {**_editor_context(campaign, territory), "campaign": campaign, "error": error}
        return render(request, "setup/_map_editor.html", context)
    if error:
        messages.error(request, error)
    return redirect(reverse("setup:map", args=[pk]) + f"?selected={tid}")


@login_required
def forts(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 5: each castle and fortress gets a generated fort (§1, Table 1) big enough for its garrison."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    rows = []
    for territory in selectors.fortified_territories(campaign):
        templates = presenters.fort_templates(selectors.garrison_points(territory))
        sent = request.method == "POST" and request.POST.get("territory") == str(territory.pk)
        form = StandardFortForm(request.POST if sent else None, templates=templates, prefix=f"fort-{territory.pk}")
        if sent and form.is_valid():
            try:
                setup.build_standard_fort(territory=territory, points=form.cleaned_data["points"])
            except ValidationError as error:
                refuse(form, error)
            else:
                messages.success(request, _("The fort layout is saved."))
                return redirect("setup:forts", pk)
        rows.append((territory, form))
    return _step(request, "forts", campaign, membership, rows=rows)


@login_required
def armies(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 6: each player's armies and garrisons where the map has them start."""
    campaign, membership = campaign_for(request.user, pk, organiser=True)
    form = ArmyForm(
        request.POST or None, players=selectors.players_of(campaign), territories=selectors.territories_of(campaign)
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.create_army(
                owner=data["owner"],
                name=data["name"],
                territory=data["territory"],
                points=data["points"],
                is_garrison=data["is_garrison"],
            )
        except ValidationError as error:
            refuse(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect("setup:armies", pk)
    return _step(request, "armies", campaign, membership, form=form, armies=selectors.armies_of(campaign))
