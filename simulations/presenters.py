"""What a run's page shows: progress, the plain sentences, the charts (server-drawn SVG) and the CSV rows."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from oddslab.presenters import percent
from rules.siege.assault import NEVER, Summary

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
            format_html(
                '<g><title>{}: {} ({})</title><rect x="{}" y="{}" width="{}" height="{}" fill="#8b3a1e"></rect>'
                '<text x="{}" y="{}" text-anchor="middle" font-size="10">{}</text>'
                '<text x="{}" y="{}" text-anchor="middle" font-size="11">{}</text></g>',
                label,
                count,
                share,
                x,
                y,
                BAR_WIDTH,
                h,
                x + BAR_WIDTH / 2,
                y - 4,
                share,
                x + BAR_WIDTH / 2,
                TOP + CHART_HEIGHT + 16,
                label,
            )
        )
    return format_html(
        '<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="{}" height="{}" '
        'role="img" aria-label="{}">{}</svg><figcaption>{}</figcaption></figure>',
        width, height, width, height, title, mark_safe("".join(parts)), title,
    )  # fmt: skip


def _turn_bars(counts: Mapping[str, int], last: int = 6) -> list[tuple[str, int]]:
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
    """The run's plans as the form shows them, a line a field, for its page."""
    from .forms import RunForm

    if run.assault is None:
        return format_html("<p>{}</p>", _("From a battle under way."))
    values = RunForm.initial_of(run.assault)
    form = RunForm()
    rows = [
        (form.fields[name].label, _yes_no(value) if isinstance(value, bool) else value)
        for name, value in values.items()
        if name in form.fields and name != "games" and value not in ("", None)
    ]
    return format_html("<dl class='plans'>{}</dl>", format_html_join("", "<dt>{}</dt><dd>{}</dd>", rows))


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")
