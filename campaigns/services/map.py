"""The campaign map: territories, roads between them, owners, and forts' layouts."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rules.siege.board.fort import FortLayout, standard_fort

from .. import page_cache, selectors
from ..graph_layout import auto_layout
from ..models import (
    Campaign,
    CampaignMembership,
    Territory,
    TerritoryKind,
)
from .common import limit_problems, shown

MAX_TERRITORIES = 100
"""The most territories a map may have. A club's map has tens; the layout of a map without coordinates grows with
the cube of its size (100 territories take about a second, 300 over fifteen, 3,000 took a minute and 900 MB)."""


def _too_many_territories(count: int) -> ValidationError:
    return ValidationError(
        _("A map has at most %(limit)s territories; this one has %(count)s.")
        % {"limit": MAX_TERRITORIES, "count": count}
    )


@dataclass(frozen=True)
class TerritorySpec:
    """A territory as the organiser enters it, by name; neighbours by name too."""

    name: str
    kind: str = TerritoryKind.OPEN_LAND
    value: int = 1
    owner: str | None = None
    """The owner's username."""
    neighbours: tuple[str, ...] = ()
    x: float | None = None
    y: float | None = None


def _check_map_spec(campaign: Campaign, specs: Sequence[TerritorySpec]) -> dict[str, CampaignMembership]:
    if len(specs) > MAX_TERRITORIES:
        raise _too_many_territories(len(specs))
    names = [s.name for s in specs]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValidationError(_("Territory names must be unique: %(names)s.") % {"names": ", ".join(duplicates)})
    members = {m.user.get_username(): m for m in campaign.memberships.select_related("user")}
    for spec in specs:
        if not spec.name.strip():
            raise ValidationError(_("Every territory needs a name."))
        drawn = Territory(
            name=spec.name,
            value=spec.value,
            x=50.0 if spec.x is None else spec.x,
            y=50.0 if spec.y is None else spec.y,
        )
        problems = limit_problems(drawn, "name", "value", "x", "y")
        if problems:
            raise ValidationError(
                _("Territory %(name)s: %(error)s") % {"name": shown(spec.name), "error": " ".join(problems)}
            )
        if spec.kind not in TerritoryKind.values:
            raise ValidationError(
                _("Territory %(name)s: unknown kind “%(kind)s” (open, town, castle or fortress).")
                % {"name": spec.name, "kind": spec.kind}
            )
        if spec.owner is not None and spec.owner not in members:
            raise ValidationError(
                _("Territory %(name)s: the owner %(owner)s is not in the campaign.")
                % {"name": spec.name, "owner": spec.owner}
            )
        unknown = [n for n in spec.neighbours if n not in names or n == spec.name]
        if unknown:
            raise ValidationError(
                _("Territory %(name)s: unknown neighbours %(unknown)s.")
                % {"name": spec.name, "unknown": ", ".join(unknown)}
            )
        if spec.value < 0:
            raise ValidationError(_("Territory %(name)s: the value must be 0 or more.") % {"name": spec.name})
    return members


@transaction.atomic
def load_map(*, campaign: Campaign, specs: Sequence[TerritorySpec]) -> list[Territory]:
    """Replaces the campaign's map; refused once armies stand on it. Missing coordinates are laid out for it."""
    if campaign.armies.exists():
        raise ValidationError(_("The map cannot be replaced once armies stand on it."))
    members = _check_map_spec(campaign, specs)
    index = {s.name: i for i, s in enumerate(specs)}
    layout = {}
    if any(s.x is None or s.y is None for s in specs):
        layout = auto_layout(
            list(index.values()), {i: tuple(index[n] for n in s.neighbours) for i, s in enumerate(specs)}
        )
    campaign.territories.all().delete()
    created = [
        Territory.objects.create(
            campaign=campaign,
            name=spec.name,
            kind=spec.kind,
            value=spec.value,
            owner=members.get(spec.owner) if spec.owner else None,
            x=spec.x if spec.x is not None else layout[i][0],
            y=spec.y if spec.y is not None else layout[i][1],
        )
        for i, spec in enumerate(specs)
    ]
    for i, spec in enumerate(specs):
        created[i].neighbours.add(*(created[index[n]] for n in spec.neighbours))
    page_cache.changed(campaign.pk)
    return created


def _json_text(item: Mapping[str, Any], key: str, default: str | None) -> str | None:
    value = item.get(key, default)
    if value is not None and not isinstance(value, str):
        raise ValidationError(_("“%(key)s” must be a text.") % {"key": key})
    return value


def _json_number(item: Mapping[str, Any], key: str, *, whole: bool) -> Any:
    """A JSON number as it came; the model's field checks its range. Texts and booleans are refused."""
    value = item.get(key)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, float) and not whole:
        return value
    raise ValidationError(
        (_("“%(key)s” must be a whole number.") if whole else _("“%(key)s” must be a number.")) % {"key": key}
    )


def map_specs_from_json(data: Any) -> list[TerritorySpec]:
    """Reads the map's JSON: ``{"territories": [{"name", "kind", "value", "owner", "neighbours", "x", "y"}]}``.

    Only the shape and the types are checked here; :func:`load_map` checks the values against the fields."""
    if not isinstance(data, dict) or not isinstance(data.get("territories"), list):
        raise ValidationError(_("The map JSON needs a “territories” list."))
    if len(data["territories"]) > MAX_TERRITORIES:
        raise _too_many_territories(len(data["territories"]))
    specs = []
    for number, item in enumerate(data["territories"], start=1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ValidationError(_("Territory %(number)s: a “name” is required.") % {"number": number})
        neighbours = item.get("neighbours", [])
        try:
            if not isinstance(neighbours, list) or not all(isinstance(n, str) for n in neighbours):
                raise ValidationError(_("“neighbours” must be a list of territory names."))
            specs.append(
                TerritorySpec(
                    name=item["name"],
                    kind=_json_text(item, "kind", TerritoryKind.OPEN_LAND) or "",
                    value=_json_number(item, "value", whole=True) if "value" in item else 1,
                    owner=_json_text(item, "owner", None),
                    neighbours=tuple(neighbours),
                    x=_json_number(item, "x", whole=False),
                    y=_json_number(item, "y", whole=False),
                )
            )
        except ValidationError as error:
            raise ValidationError(
                _("Territory %(name)s: %(error)s") % {"name": shown(item["name"]), "error": " ".join(error.messages)}
            ) from error
    return specs


@transaction.atomic
def load_map_json(*, campaign: Campaign, data: Any) -> list[Territory]:
    """The map as the organiser's JSON gives it (:func:`map_specs_from_json`), in place of the one before."""
    return load_map(campaign=campaign, specs=map_specs_from_json(data))


def add_territory(*, campaign: Campaign, spec: TerritorySpec) -> Territory:
    """One more territory on the map, joined to existing territories named as its neighbours."""
    existing = list(campaign.territories.all())
    _check_map_spec(campaign, [*(TerritorySpec(t.name) for t in existing), spec])
    members = {m.user.get_username(): m for m in campaign.memberships.select_related("user")}
    territory = Territory.objects.create(
        campaign=campaign,
        name=spec.name,
        kind=spec.kind,
        value=spec.value,
        owner=members.get(spec.owner) if spec.owner else None,
        x=spec.x if spec.x is not None else 50.0,
        y=spec.y if spec.y is not None else 50.0,
    )
    territory.neighbours.add(*(t for t in existing if t.name in spec.neighbours))
    page_cache.changed(campaign.pk)
    return territory


def fort_problems(layout_json: Any, points: int) -> list[str]:
    """What is wrong with a fort layout for a garrison of ``points`` (§1, Table 1); empty when it is valid."""
    try:
        layout = FortLayout.from_json(layout_json)
        # coordinates given as texts ("nan", "inf") pass float(); PostgreSQL's JSON stores no such number
        json.dumps(layout.to_json(), allow_nan=False)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return [_("The fort layout cannot be read: %(error)s") % {"error": error}]
    return list(layout.problems(points))


@transaction.atomic
def set_fort_layout(*, territory: Territory, layout_json: Any) -> Territory:
    """Gives a castle or fortress its fort layout, valid by §1 and Table 1 for its garrison's points."""
    if not territory.fortified:
        raise ValidationError(_("Only a castle or a fortress has a fort layout."))
    problems = fort_problems(layout_json, selectors.garrison_points(territory))
    if problems:
        raise ValidationError(problems)
    territory.fort_layout = FortLayout.from_json(layout_json).to_json()
    territory.save(update_fields=["fort_layout"])
    return territory


@transaction.atomic
def generate_missing_forts(*, campaign: Campaign) -> list[Territory]:
    """Gives each castle and fortress still without a fort the standard fort of Table 1's minimum for its
    garrison's points (§1.4); the forts the organiser chose or pasted stay. Returns the territories it gave one."""
    given = []
    for territory in selectors.fortified_territories(campaign).filter(fort_layout__isnull=True):
        layout = standard_fort(selectors.garrison_points(territory), territory.name)
        given.append(set_fort_layout(territory=territory, layout_json=layout.to_json()))
    return given


def set_chosen_fort_layout(*, territory: Territory, layout_json: Any | None, template_points: int | None) -> Territory:
    """The fort layout the organiser pasted, or else the generated standard fort for ``template_points``."""
    if layout_json is not None:
        return set_fort_layout(territory=territory, layout_json=layout_json)
    if template_points:
        return set_fort_layout(territory=territory, layout_json=standard_fort(template_points).to_json())
    raise ValidationError(_("Pick a generated template or paste a layout."))
