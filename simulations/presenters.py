"""What a run's page shows: progress, the plain sentences, the charts (server-drawn SVG) and the CSV rows."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from bots.siege.assault import NEVER, Summary
from oddslab.presenters import percent
from rules.siege.chapters import game_length
from siege_site import svg
from wording.siege.deeds import ITEMS

from . import estimate, services
from .models import RunStatus, SimulationRun

BAR_WIDTH, CHART_HEIGHT, GAP, LABEL_ROOM, TOP = 34, 140, 6, 34, 22


def bar_chart(title: str, bars: Sequence[tuple[str, int]], total: int) -> SafeString:
    """A bar chart of counts out of ``total``, each bar labelled below and its share above, as inline SVG."""
    width = max(len(bars), 1) * (BAR_WIDTH + GAP) + GAP
    height = TOP + CHART_HEIGHT + LABEL_ROOM
    tallest = max((n for _, n in bars), default=0) or 1
    parts = []
    for i, (label, count) in enumerate(bars):
        x = GAP + i * (BAR_WIDTH + GAP)
        h = round(CHART_HEIGHT * count / tallest)
        y = TOP + CHART_HEIGHT - h
        share = _percent(count, total)
        parts.append(
            svg.element(
                "g",
                svg.element("title", svg.escape(f"{label}: {count} ({share})"))
                + svg.element("rect", "", x=x, y=y, width=BAR_WIDTH, height=h, fill="#8b3a1e")
                + svg.element(
                    "text", svg.escape(share), x=x + BAR_WIDTH / 2, y=y - 4, text_anchor="middle", font_size=10
                )
                + svg.element(
                    "text",
                    svg.escape(label),
                    x=x + BAR_WIDTH / 2,
                    y=TOP + CHART_HEIGHT + 16,
                    text_anchor="middle",
                    font_size=11,
                ),
            )
        )
    picture = svg.element(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        width=width,
        height=height,
        role="img",
        aria_label=title,
    )
    return mark_safe(svg.element("figure", picture + svg.element("figcaption", svg.escape(title)), class_="chart"))


def _turn_bars(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    """A bar for each of the battle's turns (§16), then any later turn counted, then the games it never happened."""
    last = game_length.TURNS
    bars = [(str(t), counts.get(str(t), 0)) for t in range(1, last + 1)]
    extra = sorted((k for k in counts if k != NEVER and int(k) > last), key=int)
    return bars + [(k, counts[k]) for k in extra] + [(_("never"), counts.get(NEVER, 0))]


def _vp_bars(counts: Mapping[int, int]) -> list[tuple[str, int]]:
    if not counts:
        return []
    low, high = min(counts), max(counts)
    return [(str(v), counts.get(v, 0)) for v in range(low, high + 1)]


def _percent(count: int, total: int) -> str:
    """``count`` out of ``total`` as the odds pages print a share, in the reader's locale (« 16,7 % »)."""
    return percent(Fraction(count, total)) if total else "–"


@dataclass(frozen=True)
class ControlRow:
    section: str
    besieger: str
    besieged: str
    nobody: str


@dataclass(frozen=True)
class Results:
    """A finished run's figures."""

    summary: Summary
    besieger_wins: str
    besieged_wins: str
    draws: str
    standard_error: str
    charts: tuple[SafeString, ...]
    control: tuple[ControlRow, ...]


def results(run: SimulationRun) -> Results | None:
    """The figures of a run that is done; nothing for a run still at work, cancelled or failed."""
    if run.status != RunStatus.DONE or run.summary is None:
        return None
    summary = Summary.from_json(run.summary)
    n = summary.games
    p = summary.probability("besieger")
    charts = (
        bar_chart(_("Besieger's victory points"), _vp_bars(summary.vp.get("besieger", {})), n),
        bar_chart(_("Besieged's victory points"), _vp_bars(summary.vp.get("besieged", {})), n),
        bar_chart(_("Game turn a gate falls"), _turn_bars(summary.gate_fell), n),
        bar_chart(_("Game turn of the first breach"), _turn_bars(summary.first_breach), n),
    )
    control = tuple(
        ControlRow(
            section,
            _percent(counts.get("besieger", 0), n),
            _percent(counts.get("besieged", 0), n),
            _percent(counts.get("nobody", 0), n),
        )
        for section, counts in summary.control.items()
    )
    return Results(
        summary,
        _percent(summary.wins.get("besieger", 0), n),
        _percent(summary.wins.get("besieged", 0), n),
        _percent(summary.wins.get("draw", 0), n),
        f"{100 * (p * (1 - p) / n) ** 0.5:.1f}" if n else "–",
        charts,
        control,
    )


def progress(run: SimulationRun) -> dict[str, Any]:
    played = services.games_played(run)
    percent = 100 if run.status == RunStatus.DONE else min(99, 100 * played // run.games) if run.games else 0
    return {"played": played, "percent": percent, "chances": chances(run)}


@dataclass(frozen=True)
class Chances:
    """The besieger's share of wins so far, with its 95 % interval, as the run's page reads it."""

    estimate: estimate.Estimate
    sentence: str
    """« 62,0 % (52,2 % – 70,9 %) de victoire de l’assiégeant »"""
    basis: str
    """how many games it rests on, or why the run stopped before its last game."""


def chances(run: SimulationRun) -> Chances | None:
    """The estimate while the run is at work, refined at each report, and once it is done; nothing before the first
    game is counted, nor for a cancelled or failed run (it has no results)."""
    if run.status not in (RunStatus.RUNNING, RunStatus.DONE):
        return None
    wins, games = services.counted(run)
    if not games:
        return None
    found = estimate.estimate(wins, games)
    sentence = _("%(share)s (%(low)s – %(high)s) chance of victory for the besieger") % {
        "share": _percent(wins, games),
        "low": percent(Fraction(found.low)),
        "high": percent(Fraction(found.high)),
    }
    if run.stopped_early:
        basis = _(
            "The run stopped early, after %(played)s of the %(games)s assaults asked: its 95 %% interval was narrow "
            "enough."
        ) % {"played": games, "games": run.games}
    else:
        basis = _("95 %% interval, from %(played)s assaults played.") % {"played": games}
    return Chances(found, sentence, basis)


def csv_rows(run: SimulationRun) -> Iterator[list[str]]:
    """The CSV of a finished run: one row per count (measure, key, games, share)."""
    found = results(run)
    if found is None:
        return
    summary = found.summary
    n = summary.games
    yield ["measure", "key", "games", "share"]
    yield ["run", "seed", str(run.seed), ""]
    yield ["run", "games", str(n), ""]
    for key, count in summary.wins.items():
        yield ["winner", key, str(count), f"{count / n:.6f}"]
    for side, counts in summary.vp.items():
        for vp, count in counts.items():
            yield [f"vp_{side}", str(vp), str(count), f"{count / n:.6f}"]
    for measure, counts in (("gate_fell", summary.gate_fell), ("first_breach", summary.first_breach)):
        for key, count in counts.items():
            yield [measure, key, str(count), f"{count / n:.6f}"]
    for section, holders in summary.control.items():
        for holder, count in holders.items():
            yield [f"control_{section}", holder, str(count), f"{count / n:.6f}"]


def plan_lines(run: SimulationRun) -> SafeString:
    """The run's plans as the forms build them, a line a field or a list, in the reader's words: the fort's
    sections by kind, the troops and the purchases as the set-up names them."""
    from .plan_forms import LISTS, PlanForm, fort_of, gate_choices, initial_of, section_choices

    if run.assault is None:
        return format_html("<p>{}</p>", _("From a battle under way."))
    fields, lists = initial_of(run.assault)
    fort = fort_of(fields["fort_points"])
    form = PlanForm(fort=fort)
    places = dict(section_choices(fort, ramparts=False)) | {f"gate:{gate}": label for gate, label in gate_choices(fort)}
    places |= dict(gate_choices(fort))
    if not fields["ram_gate"]:
        fields = {key: value for key, value in fields.items() if key not in ("covered_ram", "ram_crew")}
    rows: list[tuple[object, object]] = [(form.fields["fort_points"].label, fields["fort_points"])]
    for name in ("ladders", "machines", *PlanForm.BESIEGER, "garrison", "defences", *PlanForm.BESIEGED):
        if name in LISTS:
            lines = [_plan_row(places, name, row) for row in lists[name]]
            if lines:
                rows.append((LISTS[name][1], "\n".join(lines)))
        elif name in fields and fields[name] not in ("", None):
            value = fields[name]
            shown = _yes_no(value) if isinstance(value, bool) else places.get(value, value)
            rows.append((form.fields[name].label, shown))
    return format_html("<dl class='plans'>{}</dl>", format_html_join("", "<dt>{}</dt><dd>{}</dd>", rows))


def _plan_row(places: Mapping[str, str], name: str, row: Mapping[str, Any]) -> str:
    """One row of a plan's list: « W3 (Chemin de ronde) × 2 », « W3 (Chemin de ronde) : Hallebardiers × 8 »."""
    from .plan_forms import TROOP_NAMES

    count = "" if row["count"] == 1 else f" × {row['count']}"
    where = places.get(row.get("section") or row.get("target") or "", "?")
    if name in ("ladders", "machines"):
        return f"{where}{count}"
    what = TROOP_NAMES.get(row["troop"], row["troop"]) if name == "garrison" else ITEMS[row["item"]]
    return _("%(section)s: %(what)s") % {"section": where, "what": f"{what}{count}"}


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


@dataclass(frozen=True)
class UnitLine:
    """A unit the besieger's plan brings with an engine or a target: what brings it, and who."""

    what: str
    who: str


TOWER_CREW = 9
"""The big 'uns the siege tower carries, with their boss (:func:`bots.siege.assault.assault_setup`)."""


def besieger_units() -> tuple[UnitLine, ...]:
    """The besieger's units as the plans deploy them (:func:`bots.siege.assault.assault_setup`), each with its
    profile: a plan chooses engines and targets, and each brings its own troops."""
    from bots.siege.assault import LADDER_CLIMBERS, LADDER_FOOT, SAPPERS
    from rules.siege.example import BIG_UN, BOSS, CATAPULT_CREW, ORC

    from .plan_forms import profile_line

    def who(count: int, name: str, profile: Any) -> str:
        return f"{count} × {name} ({profile_line(profile)})"

    orcs, big_uns, boss = _("Orc boyz"), _("Big 'uns"), _("Orc boss")
    return (
        UnitLine(
            _("Each ladder"),
            _("%(models)s: %(on)s on it, %(foot)s at its foot")
            % {"models": who(LADDER_CLIMBERS + LADDER_FOOT, orcs, ORC), "on": LADDER_CLIMBERS, "foot": LADDER_FOOT},
        ),
        UnitLine(_("The ram"), _("its crew of %(name)s (%(profile)s)") % {"name": orcs, "profile": profile_line(ORC)}),
        UnitLine(_("The siege tower"), f"{who(TOWER_CREW, big_uns, BIG_UN)}, {who(1, boss, BOSS)}"),
        UnitLine(_("Each war machine"), who(1, _("Catapult"), CATAPULT_CREW)),
        UnitLine(_("The mine"), who(SAPPERS, orcs, ORC)),
    )
