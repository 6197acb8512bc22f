"""Units typed by hand, a unit a line, as French army books print a profile::

    20 Hallebardiers 125pts M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+ : Régiment, Détachement

The number of models first (``20`` or ``20x``; one when left out), then the name, the points (``125pts``), the
characteristics as ``M4 CC3 …`` (or ``WS3 BS3 …`` in English), the armour save (``Svg5+``) and, after a colon, the
special rules. Each characteristic is checked as an imported roster's is (:func:`.rosters.characteristic_value`);
a faulty line names its number and the characteristic as the reader's language prints it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .enums import Characteristic
from .rosters import CHARACTERISTIC_ALIASES, CHARACTERISTICS, characteristic_value, save_value

MAX_LINES = 60
"""The most units pasted at once: an army list has a few tens."""
MAX_LINES_CHARS = 12_000

_SAVE_WORDS = ("svg", "sv", "save", "sauvegarde")
_CHARACTERISTIC = re.compile(r"([a-z]+)(.+)", re.IGNORECASE)
_POINTS = re.compile(r"(\d{1,6})\s*pts?\b", re.IGNORECASE)
_COUNT = re.compile(r"(\d{1,4})x?", re.IGNORECASE)


class UnitLineProblem(ValueError):
    """A line that cannot be read; the message names the line and what is wrong, in the reader's language."""


@dataclass(frozen=True)
class UnitLine:
    name: str
    count: int = 1
    points: int = 0
    profile: Mapping[str, int | str] = field(default_factory=dict)
    save: int | None = None
    special_rules: tuple[str, ...] = ()


def label(key: str) -> str:
    """A characteristic as the reader's language prints it: ``CC`` in French for ``WS``."""
    return str(Characteristic(key).label)


def _characteristic(word: str) -> tuple[str, str] | None:
    """``("WS", "3")`` for ``CC3``; None when the word is no characteristic."""
    match = _CHARACTERISTIC.fullmatch(word)
    if match is None:
        return None
    name, value = match.group(1).casefold(), match.group(2)
    # a dice roll is written D6, 2D6, D3+1: "D6" alone is no characteristic named D
    key = CHARACTERISTIC_ALIASES.get(name)
    if key is None and name.endswith("d") and name[:-1] in CHARACTERISTIC_ALIASES:
        return CHARACTERISTIC_ALIASES[name[:-1]], "D" + value
    return (key, value) if key is not None else None


def parse_characteristics(text: str, where: str = "") -> tuple[dict[str, int | str], int | None]:
    """The characteristics and armour save written as ``M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+``; words that are
    neither are refused. ``where`` begins each message (a line's number)."""
    profile, save, rest = _read_words(text.split(), where)
    if rest:
        raise UnitLineProblem(
            _("%(where)s%(word)r is no characteristic: write them as M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7")
            % {"where": where, "word": rest[0]}
        )
    return profile, save


def _read_words(words: list[str], where: str) -> tuple[dict[str, int | str], int | None, list[str]]:
    profile: dict[str, int | str] = {}
    save: int | None = None
    rest: list[str] = []
    for word in words:
        lowered = word.casefold()
        saving = next((w for w in _SAVE_WORDS if lowered.startswith(w) and lowered[len(w) :][:1].isdigit()), None)
        if saving is not None:
            try:
                save = save_value(word[len(saving) :])
            except ValueError:
                raise UnitLineProblem(
                    _("%(where)sthe armour save is %(text)r, expected a save like 4+")
                    % {"where": where, "text": word[len(saving) :]}
                ) from None
            continue
        found = _characteristic(word)
        if found is None:
            rest.append(word)
            continue
        key, text = found
        value = characteristic_value(text)
        if value is None:
            raise UnitLineProblem(
                _("%(where)s%(name)s is %(text)r, expected a number 0–10, '-' or a dice roll like D6")
                % {"where": where, "name": label(key), "text": text}
            )
        profile[key] = value
    return profile, save, rest


def complete(profile: Mapping[str, int | str], where: str = "") -> dict[str, int | str]:
    """The nine characteristics of a unit's profile, each one given; a missing one is named."""
    missing = [label(key) for key in CHARACTERISTICS if key not in profile]
    if missing:
        raise UnitLineProblem(_("%(where)s%(missing)s missing") % {"where": where, "missing": ", ".join(missing)})
    return {key: profile[key] for key in CHARACTERISTICS}


def parse_unit_line(text: str, number: int) -> UnitLine:
    where = _("line %(line)s: ") % {"line": number}
    body, _colon, rules = text.partition(":")
    points_match = _POINTS.search(body)
    points = int(points_match.group(1)) if points_match else 0
    if points_match:
        body = body[: points_match.start()] + " " + body[points_match.end() :]
    words = body.split()
    count = 1
    if words and (count_match := _COUNT.fullmatch(words[0])):
        count = int(count_match.group(1))
        words = words[1:]
    profile, save, rest = _read_words(words, where)
    if not rest:
        raise UnitLineProblem(_("%(where)sthe unit has no name") % {"where": where})
    if count < 1:
        raise UnitLineProblem(_("%(where)sa unit has at least one model") % {"where": where})
    return UnitLine(
        name=" ".join(rest),
        count=count,
        points=points,
        profile=complete(profile, where),
        save=save,
        special_rules=tuple(r.strip() for r in rules.split(",") if r.strip()),
    )


def parse_unit_lines(text: str) -> list[UnitLine]:
    """The units typed a line each; a faulty line refuses them all, naming the line."""
    if len(text) > MAX_LINES_CHARS:
        raise UnitLineProblem(_("At most %(limit)s characters at once.") % {"limit": MAX_LINES_CHARS})
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise UnitLineProblem(_("Type one unit a line."))
    if len(lines) > MAX_LINES:
        raise UnitLineProblem(_("At most %(limit)s units at once.") % {"limit": MAX_LINES})
    return [parse_unit_line(line, number) for number, line in lines]


def characteristics_line(profile: Mapping[str, int | str], save: int | None) -> str:
    """A profile written back as it is typed, ``M4 CC3 … Svg5+`` in French."""
    words = [f"{label(key)}{profile[key]}" for key in CHARACTERISTICS if key in profile]
    if save is not None:
        words.append(f"{pgettext('armour save', 'Sv')}{save}+")
    return " ".join(words)
