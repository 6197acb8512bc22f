"""The board's menu as forms, one an option the reader may play: the option's models by unit (and one by one when
few), its target, a brazier's liquid, flaming missiles, the numbers it lets the player set (a siege tower's push), a
war machine's strength and damage, the dice typed at the table. Written here rather than by the template language,
which took most of an action's rendering once the menu held ten options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..menu_items import MenuItem

__all__ = ["FormPage", "option_forms"]


@dataclass(frozen=True)
class FormPage:
    """What every option's form of one board shares: where it posts, the page's CSRF field (as ``{% csrf_token %}``
    writes it), the log's length the page shows, the section shown, whether the dice are typed at the table, and
    a war machine's damages."""

    action: str
    csrf: str
    seq: int
    section: str
    physical: bool
    damages: Sequence[str]


def option_forms(items: Sequence[MenuItem], page: FormPage) -> SafeString:
    """Each of ``items`` as a folded form posting the option to ``page.action``."""
    return mark_safe("".join(_form(item, page) for item in items))  # each value escaped by _form


def _form(item: MenuItem, page: FormPage) -> str:
    where = escape(item.where)
    label = escape(item.label)
    opened = " open" if item.name in ("end_phase", "end_turn") else ""
    shown = f' <span class="muted">{escape(item.where_label or item.where)}</span>' if item.where else ""
    action = escape(page.action)
    return (
        f'\n  <details class="option"{opened}><summary>{label}{shown}</summary>\n'
        f'  <form method="post" action="{action}" hx-post="{action}" hx-target="#board" hx-swap="outerHTML" '
        f'data-action="{escape(item.name)}" data-where="{where}">{page.csrf}\n'
        f'    <input type="hidden" name="seq" value="{page.seq}"><input type="hidden" name="option" '
        f'value="{item.index}"><input type="hidden" name="section" value="{escape(page.section)}">\n'
        f"    {_who(item)}\n    {_liquids(item)}\n    {_flaming(item)}\n    {_numbers(item)}\n"
        f"    {_machine(page) if item.name == 'bombard' else ''}\n    {_dice(item.dice) if page.physical else ''}\n"
        f'    <button type="submit" class="go">{label}</button>\n'
        "  </form></details>\n  "
    )


def _units(item: MenuItem) -> str:
    if not item.units:
        return ""
    counts = "".join(
        f'<label class="count">{escape(unit)} <span class="muted">(≤ {available})</span><input type="number" '
        f'name="count-{number}" min="0" max="{available}" value="{first}" inputmode="numeric"></label>'
        for number, unit, available, first in item.units
    )
    one_by_one = ""
    if item.actors:
        picks = "".join(
            f'<label class="pick"><input type="checkbox" name="actors" value="{escape(model)}"> {escape(label)}</label>'
            for model, label in item.actors
        )
        one_by_one = (
            f'<details class="one-by-one"><summary>{escape(_("Or pick models one by one"))}</summary>{picks}</details>'
        )
    if item.least == item.most:
        limits = _("%(most)s models") % {"most": item.most}
    else:
        limits = _("%(least)s to %(most)s models") % {"least": item.least, "most": item.most}
    legend = f'{escape(_("Models"))} <span class="muted limits">({escape(limits)})</span>'
    return f'<fieldset class="actors"><legend>{legend}</legend>{counts}\n      {one_by_one}</fieldset>'


def _who(item: MenuItem) -> str:
    """The models that act and their target, or a fight's pairs."""
    return _pairs(item) if item.pairs else f"{_units(item)}\n    {_targets(item)}"


def _pairs(item: MenuItem) -> str:
    """Who fights whom (§3.2.1): a drop-down of the enemies for each striker, the engine's pair chosen, or none."""
    rows = "".join(
        _select(label, f"pair-{model}", [("", _("does not fight")), *item.targets], chosen)
        for model, label, chosen in item.pairs
    )
    legend = escape(_("Who fights whom (4 against 1 at most)"))
    return f'<fieldset class="pairs"><legend>{legend}</legend>{rows}</fieldset>'


def _targets(item: MenuItem) -> str:
    return _select(_("Target"), "target", item.targets) if item.targets else ""


def _liquids(item: MenuItem) -> str:
    return _select(_("Liquid"), "liquid", item.liquids, "oil") if item.liquids else ""


def _flaming(item: MenuItem) -> str:
    if not item.flaming:
        return ""
    return (
        '<label class="pick"><input type="checkbox" name="flaming" value="1"> '
        f"{escape(_('Flaming missiles (§9.2)'))}</label>"
    )


def _numbers(item: MenuItem) -> str:
    """A number input for each number the option lets the player set, within its limits, at its most."""
    return "".join(
        f'<label>{escape(label)} <span class="muted">({least}–{most})</span><input type="number" '
        f'name="number-{escape(name)}" min="{least}" max="{most}" value="{most}" inputmode="numeric"></label>'
        for name, label, least, most in item.numbers
    )


def _machine(page: FormPage) -> str:
    return (
        f'<div class="pair"><label>{escape(_("Strength"))}<input name="strength" type="number" min="1" max="10" '
        f'value="7"></label>{_select(_("Damage"), "damage", [(d, d) for d in page.damages], "D4")}</div>'
    )


def _select(label: str, name: str, choices: Sequence[tuple[str, str]], chosen: str | None = None) -> str:
    """A labelled drop-down of ``choices`` (value, label), ``chosen`` selected."""
    options = "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(shown)}</option>'
        for value, shown in choices
    )
    return f'<label>{escape(label)}<select name="{name}">{options}</select></label>'


def _dice(announced: str | None) -> str:
    """The box for the dice rolled at the table, saying which dice the action rolls when that is known; none for an
    action that rolls none."""
    if announced == "":
        return ""
    said = f'<small class="dice-needed">{escape(announced)}</small>' if announced else ""
    return (
        f'<label>{escape(_("Dice rolled at the table (in order)"))} {said}<input name="dice" inputmode="numeric" '
        'autocomplete="off"></label>'
    )
