"""A run's plans built from forms: the fort's size, the besieger's engines and targets, the garrison by section and
troop, the defences the besieged buy by section (§14), each row a form of a formset. A section is chosen among the
fort's own, so a plan names no section the fort lacks; the rules check the rest (``services.read_assault``).

The same plans typed in the plans' mini-language are :class:`simulations.forms.RunForm` (the « advanced » form).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.forms import BaseFormSet, formset_factory
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from bots.siege.assault import TROOPS
from bots.siege.assault_plans import PLAN_MOST
from campaigns.enums import Characteristic
from rules.siege.board.fort import FortLayout, GateKind, SectionKind, standard_fort
from rules.siege.board.profiles import Profile
from rules.siege.board.state import quota
from rules.siege.chapters.rams import MAX_CARRIERS, MIN_CARRIERS
from wording.siege.deeds import ITEMS

PREFIX = "plan"
DEFAULT_FORT_POINTS = 1500
ROWS_MOST = 20
"""Rows of one list (ladders, machines, garrison, defences) a plan may have."""
COUNT_MOST = 100
"""Ladders, catapults, models or defences of one row."""

SECTION_KINDS: Mapping[SectionKind, object] = {
    SectionKind.WALL_WALK: _("Wall-walk"),
    SectionKind.TOWER: _("Tower"),
    SectionKind.COURTYARD: _("Courtyard"),
    SectionKind.STAIRS: _("Stairs"),
}
GATE_KINDS: Mapping[GateKind, object] = {
    GateKind.MAIN_GATE: _("Main gate"),
    GateKind.POSTERN: _("Postern"),
    GateKind.SERVICE_DOOR: _("Service door"),
}
TROOP_NAMES: Mapping[str, object] = {"halberdier": _("Halberdiers"), "crossbowman": _("Crossbowmen")}
"""The garrison's troops (:data:`bots.siege.assault.TROOPS`) as a player names them."""

DEFENCES = ("stones", "rock", "brazier", "brazier_water", "brazier_oil", "brazier_lead")
"""What the besieged buy by section (§14.2), by the purchase's code (:data:`wording.siege.deeds.ITEMS`)."""
BRAZIER_LIQUIDS: Mapping[str, str | None] = {
    "brazier": None,
    "brazier_water": "water",
    "brazier_oil": "oil",
    "brazier_lead": "lead",
}


def profile_line(profile: Profile) -> str:
    """A profile as the army books print it: « M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg6+, 6 pts »."""
    line = " ".join(f"{c.label}{getattr(profile, c.value.lower())}" for c in Characteristic)
    if profile.save is not None:
        line += " " + str(_("Sv%(save)s+")) % {"save": profile.save}
    return line + ", " + str(_("%(points)s pts")) % {"points": profile.points}


def fort_of(points: Any) -> FortLayout:
    """The standard fort of ``points`` besieged army points; the demo's when ``points`` is not a size."""
    try:
        number = int(points)
        return standard_fort(number if 1 <= number <= PLAN_MOST else DEFAULT_FORT_POINTS)
    except (TypeError, ValueError):
        return standard_fort(DEFAULT_FORT_POINTS)


def _section_label(fort: FortLayout, section_id: str) -> str:
    return f"{section_id} ({SECTION_KINDS[fort.section(section_id).kind]})"


def section_choices(fort: FortLayout, *, ramparts: bool) -> list[tuple[str, str]]:
    return [(s.id, _section_label(fort, s.id)) for s in fort.sections if s.is_rampart or not ramparts]


def gate_choices(fort: FortLayout) -> list[tuple[str, str]]:
    return [(g.id, f"{g.id} ({GATE_KINDS[g.kind]})") for g in fort.gates]


NONE = [("", _("none"))]


class PlanForm(forms.Form):
    """The run and what is not a list in either plan."""

    label = forms.CharField(label=_("Name"), max_length=120, required=False)
    games = forms.IntegerField(label=_("Assaults to play"), min_value=1, initial=1000)
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, help_text=_("Empty: a new one."))
    fort_points = forms.IntegerField(
        label=_("Besieged army points (the fort's size)"), min_value=1, max_value=PLAN_MOST
    )
    ram_gate = forms.ChoiceField(label=_("The ram's gate"), required=False)
    covered_ram = forms.BooleanField(label=_("Covered ram"), required=False)
    ram_crew = forms.IntegerField(
        label=_("Ram crew"), min_value=MIN_CARRIERS, max_value=MAX_CARRIERS, initial=MIN_CARRIERS
    )
    tower = forms.ChoiceField(label=_("The siege tower's section"), required=False)
    mine = forms.ChoiceField(label=_("Section undermined"), required=False)
    besieger_points = forms.IntegerField(label=_("Besieger's engine points"), min_value=0, max_value=PLAN_MOST)
    counter_miners = forms.IntegerField(label=_("Counter-miners"), min_value=0, max_value=PLAN_MOST, initial=0)
    besieged_points = forms.IntegerField(label=_("Besieged's engine points"), min_value=0, max_value=PLAN_MOST)

    BESIEGER = ("ram_gate", "covered_ram", "ram_crew", "tower", "mine", "besieger_points")
    BESIEGED = ("counter_miners", "besieged_points")

    def __init__(self, *args: Any, fort: FortLayout, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ramparts = section_choices(fort, ramparts=True)
        self.fields["ram_gate"].choices = NONE + gate_choices(fort)  # type: ignore[attr-defined]
        self.fields["tower"].choices = NONE + ramparts  # type: ignore[attr-defined]
        self.fields["mine"].choices = NONE + ramparts  # type: ignore[attr-defined]

    def run_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("label", "games", "seed", "fort_points")]

    def besieger_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.BESIEGER]

    def besieged_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.BESIEGED]


class _RowForm(forms.Form):
    def __init__(self, *args: Any, fort: FortLayout, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_choices(fort)

    def set_choices(self, fort: FortLayout) -> None:
        raise NotImplementedError


class LadderForm(_RowForm):
    section = forms.ChoiceField(label=_("Section"))
    count = forms.IntegerField(label=_("Ladders"), min_value=1, max_value=COUNT_MOST, initial=1)

    def set_choices(self, fort: FortLayout) -> None:
        self.fields["section"].choices = section_choices(fort, ramparts=True)  # type: ignore[attr-defined]


class MachineForm(_RowForm):
    target = forms.ChoiceField(label=_("Target"))
    count = forms.IntegerField(label=_("Catapults"), min_value=1, max_value=COUNT_MOST, initial=1)

    def set_choices(self, fort: FortLayout) -> None:
        gates = [(f"gate:{gate}", label) for gate, label in gate_choices(fort)]
        self.fields["target"].choices = section_choices(fort, ramparts=True) + gates  # type: ignore[attr-defined]


class GarrisonForm(_RowForm):
    section = forms.ChoiceField(label=_("Section"))
    troop = forms.ChoiceField(label=_("Troop"))
    count = forms.IntegerField(label=_("Models"), min_value=1, max_value=COUNT_MOST, initial=1)

    def set_choices(self, fort: FortLayout) -> None:
        self.fields["section"].choices = section_choices(fort, ramparts=False)  # type: ignore[attr-defined]
        self.fields["troop"].choices = [  # type: ignore[attr-defined]
            (code, f"{TROOP_NAMES[code]} ({profile_line(profile)})") for code, profile in TROOPS.items()
        ]


class DefenceForm(_RowForm):
    section = forms.ChoiceField(label=_("Section"))
    item = forms.ChoiceField(label=_("Defence"), choices=[(code, ITEMS[code]) for code in DEFENCES])
    count = forms.IntegerField(label=_("How many"), min_value=1, max_value=COUNT_MOST, initial=1)

    def set_choices(self, fort: FortLayout) -> None:
        self.fields["section"].choices = section_choices(fort, ramparts=True)  # type: ignore[attr-defined]


def _formset(form: type[_RowForm]) -> type[BaseFormSet[Any]]:
    return formset_factory(form, extra=0, can_delete=True, max_num=ROWS_MOST, validate_max=True, absolute_max=ROWS_MOST)


LISTS: Mapping[str, tuple[type[BaseFormSet[Any]], object]] = {
    "ladders": (_formset(LadderForm), _("Ladders")),
    "machines": (_formset(MachineForm), _("War machines")),
    "garrison": (_formset(GarrisonForm), _("Garrison")),
    "defences": (_formset(DefenceForm), _("Defences bought")),
}
"""Each list of a plan: its formset and its title."""


def _runs(items: Iterable[Any]) -> list[tuple[Any, int]]:
    """``["W3", "W3", "W2"]`` as ``[("W3", 2), ("W2", 1)]``: equal neighbours counted as one row."""
    rows: list[tuple[Any, int]] = []
    for item in items:
        if rows and rows[-1][0] == item:
            rows[-1] = (item, rows[-1][1] + 1)
        else:
            rows.append((item, 1))
    return rows


def initial_of(plans: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The plan form's fields and each list's rows, filled from the plans' JSON form."""
    besieger, besieged = plans["besieger"], plans["besieged"]
    fields = {
        "games": 1000,
        "fort_points": plans["fort_points"],
        "ram_gate": besieger["ram_gate"] or "",
        "covered_ram": besieger["covered_ram"],
        "ram_crew": besieger["ram_crew"],
        "tower": besieger["tower"] or "",
        "mine": besieger["mine"] or "",
        "besieger_points": besieger["engine_points"],
        "counter_miners": besieged["counter_miners"],
        "besieged_points": besieged["engine_points"],
    }
    liquids = {liquid: code for code, liquid in BRAZIER_LIQUIDS.items()}
    lists = {
        "ladders": [{"section": s, "count": n} for s, n in _runs(besieger["ladders"])],
        "machines": [{"target": t, "count": n} for t, n in _runs(besieger["machines"])],
        "garrison": [{"section": s, "troop": t, "count": n} for s, t, n in besieged["garrison"]],
        "defences": [{"section": s, "item": "stones", "count": n} for s, n in besieged["stones"]]
        + [{"section": s, "item": "rock", "count": n} for s, n in besieged["rocks"]]
        + [
            {"section": s, "item": liquids[liquid], "count": n}
            for (s, liquid), n in _runs(tuple(row) for row in besieged["braziers"])
        ],
    }
    return fields, lists


class PlanForms:
    """The plan form and the formsets of its lists, bound to one request's data or filled from plans."""

    def __init__(self, data: Mapping[str, Any] | None = None, *, plans: Mapping[str, Any] | None = None) -> None:
        fields, lists = initial_of(plans) if plans is not None else ({}, {})
        self.fort = fort_of(data.get(f"{PREFIX}-fort_points") if data is not None else fields.get("fort_points"))
        self.form = PlanForm(data, prefix=PREFIX, initial=fields, fort=self.fort)
        self.lists = {
            name: formset(data, prefix=f"{PREFIX}-{name}", initial=lists.get(name), form_kwargs={"fort": self.fort})
            for name, (formset, _title) in LISTS.items()
        }

    def titled_lists(self) -> list[tuple[str, object, BaseFormSet[Any]]]:
        return [(name, LISTS[name][1], self.lists[name]) for name in LISTS]

    def is_valid(self) -> bool:
        valid = self.form.is_valid()
        for formset in self.lists.values():
            valid = formset.is_valid() and valid
        return valid and self._garrison_holds() and self._besieger_comes()

    def _besieger_comes(self) -> bool:
        """The besieger's plan brings an engine or troops to the walls (§7), said in the reader's words."""
        data = self.form.cleaned_data
        if not (self.rows("ladders") or self.rows("machines") or data["ram_gate"] or data["tower"] or data["mine"]):
            self.form.add_error(
                None, _("The besieger: the plan brings no ladder, ram, tower, war machine nor mine to the walls (§7).")
            )
        return not self.form.errors

    def _garrison_holds(self) -> bool:
        """The garrison's rows checked as a whole, the refusal named in the reader's words: at least one defender
        (§16), no more on a section than one side may hold there (§1.7)."""
        counts: Counter[str] = Counter()
        for row in self.rows("garrison"):
            counts[row["section"]] += row["count"]
        if not counts:
            self.form.add_error(None, _("Garrison: the fort needs at least one defender (§16)."))
        for section, count in counts.items():
            most = quota(self.fort.section(section).kind)
            if count > most:
                self.form.add_error(
                    None,
                    _("Garrison: %(section)s holds at most %(most)s models of a side, not %(count)s (§1.7).")
                    % {"section": _section_label(self.fort, section), "most": most, "count": count},
                )
        return not self.form.errors

    def rows(self, name: str) -> list[dict[str, Any]]:
        """The kept rows of a list: neither left empty nor marked for removal."""
        return [
            form.cleaned_data
            for form in self.lists[name].forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]

    def assault(self) -> dict[str, Any]:
        """Both plans in their JSON form, from valid forms."""
        data = self.form.cleaned_data
        defences = self.rows("defences")
        return {
            "format": 1,
            "fort_points": data["fort_points"],
            "besieger": {
                "ladders": _spread((row["section"], row["count"]) for row in self.rows("ladders")),
                "ram_gate": data["ram_gate"] or None,
                "covered_ram": data["covered_ram"],
                "ram_crew": data["ram_crew"],
                "tower": data["tower"] or None,
                "machines": _spread((row["target"], row["count"]) for row in self.rows("machines")),
                "mine": data["mine"] or None,
                "engine_points": data["besieger_points"],
            },
            "besieged": {
                "garrison": [[row["section"], row["troop"], row["count"]] for row in self.rows("garrison")],
                "stones": [[row["section"], row["count"]] for row in defences if row["item"] == "stones"],
                "rocks": [[row["section"], row["count"]] for row in defences if row["item"] == "rock"],
                "braziers": _spread(
                    ([row["section"], BRAZIER_LIQUIDS[row["item"]]], row["count"])
                    for row in defences
                    if row["item"] in BRAZIER_LIQUIDS
                ),
                "counter_miners": data["counter_miners"],
                "engine_points": data["besieged_points"],
            },
        }


def _spread(rows: Iterable[tuple[Any, int]]) -> list[Any]:
    """``[("W3", 2)]`` as ``["W3", "W3"]``: a row of ``n`` as ``n`` entries."""
    return [item for item, count in rows for _n in range(count)]


def with_a_row(data: QueryDict, name: str, fort: FortLayout) -> QueryDict:
    """The request's data with one more row in list ``name``, filled with each field's first value (up to
    :data:`ROWS_MOST` rows); the data as they are when the list's row count is not a count."""
    copy = data.copy()
    total = f"{PREFIX}-{name}-TOTAL_FORMS"
    count = str(copy.get(total, ""))
    if not (count.isdigit() and int(count) < ROWS_MOST):
        return copy
    row = LISTS[name][0].form(fort=fort)
    for field_name, field in row.fields.items():
        choices = getattr(field, "choices", None)
        value = field.initial if field.initial is not None else next(iter(choices))[0] if choices else ""
        copy[f"{PREFIX}-{name}-{count}-{field_name}"] = str(value)
    copy[total] = str(int(count) + 1)
    return copy
