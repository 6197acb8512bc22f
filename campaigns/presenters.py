"""Presentation: what the pages show, in words and pictures, in the reader's language.

Presenters take what the selectors read and turn it into labels, sentences, links, colours and the SVG pictures;
they write nothing and query nothing themselves. A page's view calls one of the ``*_page`` functions (or a picture
function) and renders the template with what it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from assistants.presenters import battle_log
from rules.siege.board.fort import POINT_BANDS, FortLayout

from . import drawing, page_cache, selectors
from .bands.presenters import band_sections
from .drawing import MAP_FRAME, Labels, MapArmy, MapTerritory
from .enums import TerritoryKind, Winner
from .factions import colour_of
from .models import Battle, BattleCorrection, Campaign, CampaignMembership, RuleSystem, Territory, Turn

_LAST_BOUND = max(b for b in POINT_BANDS if b is not None)


def owner_colour(membership: CampaignMembership | None) -> str:
    return colour_of(membership.faction if membership else None)


def picture_labels() -> Labels:
    """The words of the map, fort and chart pictures in the language of the request."""
    return Labels(
        open_land=str(TerritoryKind.OPEN_LAND.label),
        town=str(TerritoryKind.TOWN.label),
        castle=str(TerritoryKind.CASTLE.label),
        fortress=str(TerritoryKind.FORTRESS.label),
        unowned=_("Unowned"),
        fortified=_("Fortified"),
        value=_("Value"),
        territory_summary=_("%(name)s: %(kind)s, %(owner)s, value %(value)s"),
        fortified_summary=_("%(summary)s, fortified"),
        courtyard=_("Courtyard"),
        wall_walk=_("Wall-walk"),
        tower=_("Tower"),
        stairs=_("Stairs"),
        lower_level=_("%(section)s (lower level)"),
        section_summary=_("%(section)s %(id)s, level %(level)s"),
        occupancy_summary=_("%(section)s: %(besiegers)s besiegers, %(besieged)s besieged"),
        wall=_("Wall"),
        stairway=_("Stairway"),
        open_ground=_("Open ground"),
        ladder=_("Ladder"),
        service_door=_("Service door"),
        breach=_("Breach"),
        connection_summary=_("%(connection)s %(a)s–%(b)s: %(capacity)s models a turn"),
        gate=_("Gate"),
        main_gate=_("Main gate"),
        postern=_("Postern"),
        gate_summary=_("%(gate)s %(id)s into %(section)s: %(capacity)s models a turn"),
        capacity=_("Models a turn, each way"),
        # "Besieged" alone is also the side of a siege, singular in French
        besiegers=pgettext("models on a section", "Besiegers"),
        besieged=pgettext("models on a section", "Besieged"),
        no_turns=_("No turns yet"),
        army_summary=_("%(army)s: %(owner)s, %(points)s points"),
    )


# Pictures -------------------------------------------------------------------------------------------------------


def map_territories(
    campaign: Campaign,
    membership: CampaignMembership | None = None,
    *,
    link: Callable[[int], str] | None = None,
    selected: int | None = None,
) -> list[MapTerritory]:
    """The map's territories, with the armies ``membership`` may see standing in each (none without one); each
    links to its page, or where ``link`` says; the ``selected`` one is drawn so."""
    armies: dict[int, list[MapArmy]] = {}
    if membership is not None:
        for army in selectors.visible_armies(campaign, membership).order_by("name"):
            armies.setdefault(army.territory_id, []).append(
                MapArmy(army.name, army.owner.user.get_username(), army.points, owner_colour(army.owner))
            )
    return [
        MapTerritory(
            id=t.pk,
            name=t.name,
            kind=t.kind,
            x=t.x,
            y=t.y,
            neighbours=tuple(n.pk for n in t.neighbours.all()),
            owner=t.owner.user.get_username() if t.owner else None,
            colour=owner_colour(t.owner),
            value=t.value,
            fortified=t.fortified,
            url=link(t.pk) if link else reverse("campaigns:territory", args=[campaign.pk, t.pk]),
            armies=tuple(armies.get(t.pk, ())),
            selected=t.pk == selected,
        )
        for t in selectors.territories_of(campaign)
    ]


def map_picture(
    campaign: Campaign,
    membership: CampaignMembership | None = None,
    *,
    link: Callable[[int], str] | None = None,
    selected: int | None = None,
) -> SafeString:
    """The map with the armies ``membership`` may see; the campaign's pages share it until the campaign changes
    (:mod:`.page_cache`), the setup's (its own links, a territory selected) draw it each time."""

    def draw() -> str:
        territories = map_territories(campaign, membership, link=link, selected=selected)
        return drawing.map_svg(territories, title=campaign.name, labels=picture_labels())

    if link is not None or selected is not None:
        return mark_safe(draw())
    return page_cache.fragment(campaign.pk, "map", membership.pk if membership else None, draw)


def map_frame() -> dict[str, float]:
    """Where the map picture puts its 0–100 positions, for the set-up map's script that places territories."""
    margin, size = MAP_FRAME
    return {"margin": margin, "size": size}


def fort_picture(layout_json: Mapping[str, Any] | None, title: str) -> SafeString | None:
    """A fort's diagram from its stored layout; none for none (no fort, or a fort out of sight)."""
    if not layout_json:
        return None
    return mark_safe(drawing.fort_svg(FortLayout.from_json(layout_json), title=title, labels=picture_labels()))


def score_chart(campaign: Campaign) -> SafeString:
    """Points over turns, a line per player in their faction's colour; the same for every reader until the campaign
    changes (:mod:`.page_cache`)."""

    def draw() -> str:
        turns, by_player = selectors.score_history(campaign)
        series = {m.user.get_username(): [float(by_turn.get(n, 0)) for n in turns] for m, by_turn in by_player}
        colours = {m.user.get_username(): owner_colour(m) for m, _by_turn in by_player}
        return drawing.line_chart_svg(
            series,
            x_labels=[_("Turn %(number)s") % {"number": n} for n in turns],
            colours=colours,
            title=_("Victory points over turns"),
            labels=picture_labels(),
        )

    return page_cache.fragment(campaign.pk, "chart", None, draw)


# Words ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventLine:
    text: str
    battle_url: str | None = None
    """The battle the event follows from, when it does."""


def event_lines(turn: Turn, membership: CampaignMembership, *, battle: Battle | None = None) -> list[EventLine]:
    """The turn's log in words, each event that follows from a battle linked to it; only ``battle``'s if given.
    An event naming an army the member does not see is left out (:func:`selectors.event_sight`): a hidden army's
    march or reinforcement would tell where it is and its points."""
    names = selectors.log_names(turn.campaign)
    sight = selectors.event_sight(turn, membership)
    texts = {
        "move": _("%(army)s marches into %(territory)s."),
        "reinforce": _("%(army)s is reinforced in %(territory)s."),
        "swap": _("%(army)s meets the enemy on the road and halts in %(territory)s."),
        "standoff": _("%(army)s is outnumbered and falls back to %(territory)s."),
        "walls": _("%(army)s cannot storm the walls without a siege and falls back to %(territory)s."),
        "capture": _("%(player)s takes %(territory)s."),
        "field": _("%(player)s attacks %(territory)s: a field battle."),
        "siege": _("%(player)s lays siege to %(territory)s."),
        "taken": _("%(player)s wins the battle of %(territory)s and takes the territory."),
        "castle_taken": _("%(player)s wins the siege of %(territory)s and takes the castle."),
        "held": _("%(player)s wins the battle of %(territory)s and keeps the territory."),
        "draw": _("The battle of %(territory)s is a draw: %(player)s keeps the territory and the attacker falls back."),
        "destroyed": _("%(army)s is destroyed: its %(points)s points of losses in the battle took all it had left."),
        "garrison_out": _("The fort of %(territory)s has fallen: its garrison %(army)s marches out as a field army."),
        "fall_back": _("%(army)s is beaten and falls back to %(territory)s."),
        "cut_off": _(
            "%(army)s is beaten with no territory of its player’s or free land next to it to fall back to: "
            "it stays cut off in %(territory)s and must fight its way out."
        ),
        "reinforced": _("The organiser reinforces %(army)s with %(points)s points."),
        "corrected": _("%(player)s corrects the result of the battle of %(territory)s."),
    }
    # after a draw nobody is beaten: the attacker falls back with the battle undecided
    after_draw = {
        "fall_back": _("%(army)s falls back to %(territory)s after the draw."),
        "cut_off": _(
            "%(army)s has no territory of its player’s or free land next to it to fall back to after the draw: "
            "it stays cut off in %(territory)s and must fight its way out."
        ),
    }
    drawn = {e.get("battle") for e in turn.log if e["code"] == "draw"}
    lines = []
    for e in turn.log:
        if e["code"] not in texts or (battle is not None and e.get("battle") != battle.pk) or not sight.sees(e):
            continue
        said = after_draw if e.get("battle") in drawn else texts
        text = said.get(e["code"], texts[e["code"]]) % {
            "army": names.armies.get(e["army"], "?"),
            "territory": names.territories.get(e["territory"], "?"),
            "player": names.players.get(e["player"], "?"),
            "points": e.get("points", 0),
        }
        url = reverse("campaigns:battle", args=[turn.campaign_id, e["battle"]]) if e.get("battle") else None
        lines.append(EventLine(text, url))
    return lines


@dataclass(frozen=True)
class CorrectionRow:
    by: str
    at: datetime
    before: str
    after: str


def _result_summary(data: dict) -> str:
    return _(
        "%(winner)s; victory points %(attacker_vp)s–%(defender_vp)s; losses %(attacker_losses)s–%(defender_losses)s"
    ) % {
        "winner": Winner(data["winner"]).label,
        "attacker_vp": data["attacker_victory_points"],
        "defender_vp": data["defender_victory_points"],
        "attacker_losses": data["attacker_losses"],
        "defender_losses": data["defender_losses"],
    }


def correction_rows(corrections: list[BattleCorrection]) -> list[CorrectionRow]:
    """The audit trail of a result's corrections: who, when, the result before and after."""
    return [
        CorrectionRow(
            c.by.user.get_username() if c.by else "?", c.at, _result_summary(c.before), _result_summary(c.after)
        )
        for c in corrections
    ]


FORT_SIZES: tuple[int, ...] = (*(b for b in POINT_BANDS if b is not None), _LAST_BOUND + 1)
"""One garrison size per band of Table 1 (§1.4): each band's upper bound, and the last band's first point."""


def fort_size_label(size: int) -> str:
    if size > _LAST_BOUND:
        return _("Standard fort for more than %(points)s points") % {"points": _LAST_BOUND}
    return _("Standard fort for %(points)s points") % {"points": size}


def fort_templates(points: int) -> list[tuple[str, str]]:
    """Generated forts to pick from, one per band of Table 1 (§1.4), from the band of the garrison's points up."""
    return [(str(size), fort_size_label(size)) for size in FORT_SIZES if size >= points or size == FORT_SIZES[-1]]


def fort_size(layout_json: Any) -> int | None:
    """The biggest band of Table 1 (§1.4) whose minimum a fort layout holds, as one of :data:`FORT_SIZES`; ``None``
    when it holds none or cannot be read."""
    try:
        layout = FortLayout.from_json(layout_json)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    held = [size for size in FORT_SIZES if not list(layout.problems(size))]
    return held[-1] if held else None


@dataclass(frozen=True)
class FortRow:
    """A castle or fortress on the forts step: its garrison and the band of Table 1 its fort holds (§1.4)."""

    territory: Territory
    garrison: int
    size: int | None

    @property
    def too_small(self) -> bool:
        return self.size is not None and self.size < self.garrison

    @property
    def holds(self) -> str:
        if self.size is None:
            return ""
        if self.size > _LAST_BOUND:
            return _("Its fort holds a garrison of more than %(points)s points (Table 1).") % {"points": _LAST_BOUND}
        return _("Its fort holds a garrison of up to %(points)s points (Table 1).") % {"points": self.size}


def fort_rows(forts: Sequence[tuple[Territory, int]]) -> list[FortRow]:
    return [FortRow(t, garrison, fort_size(t.fort_layout) if t.fort_layout else None) for t, garrison in forts]


@dataclass(frozen=True)
class FactionTally:
    faction: str
    label: str
    total: int
    players: int


def faction_tallies(rows: Sequence[selectors.Tally]) -> list[FactionTally]:
    by_faction: dict[str, list[selectors.Tally]] = {}
    for row in rows:
        by_faction.setdefault(row.membership.faction, []).append(row)
    return sorted(
        (
            FactionTally(
                faction,
                group[0].membership.get_faction_display() or _("No faction"),
                sum(r.total for r in group),
                len(group),
            )
            for faction, group in by_faction.items()
        ),
        key=lambda f: -f.total,
    )


# Pages: what each page's template shows, read through the selectors ---------------------------------------------


def campaign_page(campaign: Campaign, membership: CampaignMembership) -> dict[str, Any]:
    """The turn as it is now; its events, the members' list and the map as kept until the campaign changes
    (:mod:`.page_cache`)."""
    turn = selectors.current_turn(campaign)
    return {
        "members": page_cache.fragment(
            campaign.pk,
            "members",
            None,
            lambda: render_to_string("campaigns/_members.html", {"members": selectors.memberships_of(campaign)}),
        ),
        "turn": turn,
        "events": page_cache.kept(
            campaign.pk, f"events-{turn.pk}", membership.pk, lambda: event_lines(turn, membership)
        )
        if turn
        else [],
        "map_svg": map_picture(campaign, membership),
    }


def territory_page(territory: Territory, membership: CampaignMembership) -> dict[str, Any]:
    """A territory, its fort and the armies standing there; a fort out of the player's sight keeps its garrison
    and its layout hidden, as the armies page does."""
    points = selectors.garrison_points(territory)
    in_sight = selectors.in_sight(territory, membership)
    return {
        "territory": territory,
        "garrison_points": points if in_sight else None,
        "fort_svg": fort_picture(territory.fort_layout if in_sight else None, territory.name),
        "armies": selectors.armies_in(membership.campaign, membership, territory),
        "fort_templates": fort_templates(points),
    }


def battle_page(battle: Battle, membership: CampaignMembership) -> dict[str, Any]:
    shown = selectors.shown_battle(battle, membership)
    return {
        "battle": shown,
        "forces": selectors.battle_forces(battle, membership),
        "fort_svg": fort_picture(shown.fort_layout, battle.territory.name),
        "pending": selectors.pending_result(battle, membership),
        "corrections": correction_rows(selectors.corrections_of(battle)),
        "events": event_lines(battle.turn, membership, battle=battle),
        # a battle still to be played may be tracked by those who may enter its result: a siege played with the WFB
        # siege rules with the siege tracker, one played with Frères d'Armes with the skirmish tracker
        "may_track": battle.is_siege
        and battle.rule_system == RuleSystem.WFB_SIEGE
        and not battle.played
        and selectors.may_report(battle, membership),
        "bands": band_sections(battle, membership),
        "may_track_skirmish": battle.rule_system == RuleSystem.FRERES
        and not battle.played
        and selectors.may_report(battle, membership),
        # the rolls made in the Confrontation assistant for this battle, for those who see the battle
        "confrontation_log": battle_log(battle)
        if battle.rule_system == RuleSystem.CONFRONTATION and selectors.sees_battle(battle, membership)
        else None,
    }


def standings_page(campaign: Campaign, membership: CampaignMembership) -> dict[str, Any]:
    """The tallies, the chart and the map, each kept until the campaign changes (:mod:`.page_cache`)."""

    def table() -> str:
        rows = selectors.tallies(campaign)
        context = {"campaign": campaign, "rows": rows, "factions": faction_tallies(rows)}
        return render_to_string("campaigns/_standings_table.html", context)

    return {
        "table": page_cache.fragment(campaign.pk, "standings", None, table),
        "chart_svg": score_chart(campaign),
        "map_svg": map_picture(campaign, membership),
    }
