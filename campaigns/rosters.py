"""Army lists imported from BattleScribe, the roster builder clubs already use.

BattleScribe saves a roster as ``.ros`` (XML in the namespace :data:`ROSTER_NS`) or ``.rosz`` (a zip holding one
``.ros``). A roster holds forces, one per catalogue (army book); a force holds selections (units, models and their
upgrades), each with its costs, profiles and rules, nested as the army list is built::

    roster(name, gameSystemName)
      forces/force(catalogueName)
        selections/selection(name, type=unit|model|upgrade, number)
          costs/cost(name="pts", value)
          profiles/profile(typeName)/characteristics/characteristic(name)
          rules/rule(name)
          selections/selection(...)

Uploads are untrusted: the XML is read with ``defusedxml`` (no DTDs, no entities) and archives are read with a cap
on what they unpack to. Any fault raises :class:`RosterError` naming the line or the element at fault; nothing
partial is returned.
"""

from __future__ import annotations

import contextlib
import io
import re
import unicodedata
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesNSImpl, Locator

from defusedxml import DefusedXmlException
from defusedxml.expatreader import DefusedExpatParser
from django.utils.translation import gettext as _

from .enums import Characteristic
from .factions import ENGLISH_NAMES, FACTION_TABLE

__all__ = [
    "CHARACTERISTICS",
    "CHARACTERISTIC_ALIASES",
    "FACTIONS",
    "MAX_DEPTH",
    "MAX_MODELS",
    "MAX_POINTS",
    "MAX_ROSTER_BYTES",
    "ROSTER_NS",
    "Roster",
    "RosterError",
    "RosterUnit",
    "characteristic_value",
    "faction_of",
    "is_battle_game",
    "parse_roster",
    "save_value",
]

ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"

MAX_ROSTER_BYTES = 8 * 1024 * 1024
"""The largest roster read, packed or unpacked; real ones, rules text included, stay under a megabyte."""

MAX_DEPTH = 100
"""The deepest nesting of elements read; BattleScribe's own rosters, upgrades of upgrades included, stay under 30."""

MAX_POINTS = 100_000
"""The most points a cost, a unit or a whole roster may come to, thirty times the campaign's default limit."""

MAX_MODELS = 1000
"""The most models a selection or a unit may count."""

CHARACTERISTICS: tuple[str, ...] = tuple(Characteristic.values)

FACTIONS: tuple[str, ...] = ENGLISH_NAMES

_FACTION_ALIASES: dict[str, tuple[str, ...]] = {f.english: f.aliases for f in FACTION_TABLE}

# Longest first, so that "Nains du Chaos" is read as Chaos Dwarfs before "nains" or "chaos" alone can match.
_ALIASES_BY_LENGTH: tuple[tuple[str, str], ...] = tuple(
    sorted(
        ((alias, faction) for faction, aliases in _FACTION_ALIASES.items() for alias in aliases),
        key=lambda pair: -len(pair[0]),
    )
)

# French army books print the profile as M CC CT F E PV I A Cd.
CHARACTERISTIC_ALIASES: dict[str, str] = {
    **{name.casefold(): name for name in CHARACTERISTICS},
    "cc": "WS",
    "ct": "BS",
    "f": "S",
    "e": "T",
    "pv": "W",
    "cd": "Ld",
}
_SAVE_NAMES = frozenset({"save", "sv", "svg", "sauvegarde"})
_MODEL_PROFILE_TYPES = frozenset({"model", "unit", "figurine", "unite"})
_POINTS_NAMES = frozenset({"pts", "points"})
_SELECTION_TYPES = frozenset({"unit", "model", "upgrade"})
_UNIT_TYPES = frozenset({"unit", "model"})

# A cost as BattleScribe writes it ("85.0"); the length is bounded before Decimal or int ever sees the text, so
# that "9E+999999" is refused instead of being turned into a number with a million digits.
_COST = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,2})?")
_COST_LENGTH = 24
_DICE = re.compile(r"(?:\d?D\d+(?:\+\d+)?|\d+\+D\d+)", re.IGNORECASE)
_SAVE = re.compile(r"([1-6])\+?(?:\D.*)?")


class RosterError(ValueError):
    """A file that is not a readable BattleScribe roster; the message says where it breaks, in the reader's
    language."""


def is_battle_game(game_system: str) -> bool:
    """Whether a roster's ``gameSystemName`` is Warhammer Battle (Warhammer Fantasy Battles, WFB), in English or in
    French, and not another of the publisher's games (Age of Sigmar, 40,000…).

    >>> is_battle_game("Warhammer Battle 8e édition (VF)"), is_battle_game("Warhammer Age of Sigmar 4.0")
    (True, False)
    """
    words = set(_normalise(game_system).split())
    if words & {"wfb", "whfb"}:
        return True
    return "warhammer" in words and bool(words & {"fantasy", "battle", "battles"}) and not words & {"sigmar", "40"}


def _game_problem(root: _Element) -> str | None:
    """What to say of a roster of another game than Warhammer Battle, naming the game; None for a Warhammer Battle
    roster or one that does not say its game."""
    game = "".join(c for c in root.attrs.get("gameSystemName", "") if c.isprintable()).strip()
    if not game or is_battle_game(game):
        return None
    return _("This file is a %(game)s roster; the application reads Warhammer Battle (WFB) rosters.") % {
        "game": game[:80]
    }


def _too_big(filename: str) -> str:
    return _("%(filename)s unpacks to more than %(limit)s bytes") % {"filename": filename, "limit": MAX_ROSTER_BYTES}


@dataclass(frozen=True)
class RosterUnit:
    """One unit or character of a roster, with its points, model count and the profile of its models."""

    name: str
    count: int
    points: int
    profile: dict[str, int | str]
    """``M WS BS S T W I A Ld``: a number, ``"-"`` for none, or a dice roll such as ``"2D6"``; empty when the
    roster carries no profile for the unit."""
    save: int | None
    """The armour save, 4 for 4+; ``None`` for none or when the roster does not say."""
    special_rules: tuple[str, ...]


@dataclass(frozen=True)
class Roster:
    name: str
    game_system: str
    faction: str | None
    """One of :data:`FACTIONS`, from the first force whose catalogue names one; ``None`` when none does."""
    points: int
    """Every cost in every force, upgrades outside units included."""
    units: tuple[RosterUnit, ...]


def _normalise(name: str) -> str:
    """Lower case, no accents, ``&``/``et`` as ``and``, words split on anything but letters and digits."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).replace("&", " and ")
    words = re.findall(r"[a-z0-9]+", plain)
    return " ".join("and" if word == "et" else word for word in words)


def faction_of(catalogue_name: str) -> str | None:
    """The faction of :data:`FACTIONS` a catalogue or force name stands for, English or French.

    >>> faction_of("Nains du Chaos")
    'Chaos Dwarfs'
    >>> faction_of("Warhammer Fantasy - Orques et Gobelins (8e)")
    'Orcs & Goblins'
    >>> faction_of("Grand Army") is None
    True
    """
    padded = f" {_normalise(catalogue_name)} "
    for alias, faction in _ALIASES_BY_LENGTH:
        if f" {alias} " in padded:
            return faction
    return None


@dataclass
class _Element:
    """An XML element with the line it starts on, which ElementTree does not keep."""

    namespace: str | None
    name: str
    attrs: dict[str, str]
    line: int
    children: list[_Element] = field(default_factory=list)
    text: str = ""

    def find_all(self, *path: str) -> Iterator[_Element]:
        """Descendants reached by the local names of ``path``, in the roster namespace, in document order."""
        if not path:
            yield self
            return
        for child in self.children:
            if child.namespace == ROSTER_NS and child.name == path[0]:
                yield from child.find_all(*path[1:])

    def describe(self) -> str:
        return _("%(element)s %(name)r (line %(line)s)") % {
            "element": self.name,
            "name": self.attrs.get("name", ""),
            "line": self.line,
        }


class _TreeBuilder(ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.locator: Locator | None = None
        self.root: _Element | None = None
        self._open: list[_Element] = []

    @property
    def line(self) -> int:
        """The line the parser has reached; 0 before it starts (the locator gives ``None`` until then)."""
        return (self.locator.getLineNumber() if self.locator is not None else None) or 0

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def startElementNS(self, name: tuple[str | None, str], qname: str | None, attrs: AttributesNSImpl) -> None:
        if len(self._open) >= MAX_DEPTH:
            # the tree is walked recursively afterwards: its depth is bounded while it is read
            raise RosterError(
                _("line %(line)s: elements are nested more than %(limit)s deep")
                % {"line": self.line, "limit": MAX_DEPTH}
            )
        namespace, local = name
        plain = {key[1]: value for key, value in attrs.items() if key[0] is None}
        element = _Element(namespace, local, plain, self.line)
        if self._open:
            self._open[-1].children.append(element)
        else:
            self.root = element
        self._open.append(element)

    def endElementNS(self, name: tuple[str | None, str], qname: str | None) -> None:
        self._open.pop()

    def characters(self, content: str) -> None:
        self._open[-1].text += content


def _read_xml(data: bytes) -> _Element:
    builder = _TreeBuilder()
    parser = DefusedExpatParser(namespaceHandling=1, forbid_dtd=True)
    parser.setContentHandler(builder)
    try:
        parser.parse(io.BytesIO(data))
    except SAXParseException as error:
        raise RosterError(
            _("line %(line)s, column %(column)s: not valid XML (%(error)s)")
            % {"line": error.getLineNumber(), "column": error.getColumnNumber(), "error": error.getMessage()}
        ) from error
    except DefusedXmlException as error:
        raise RosterError(
            _("line %(line)s: DTDs and entities are not allowed in a roster") % {"line": builder.line}
        ) from error
    except (LookupError, UnicodeError) as error:
        raise RosterError(_("line 1: the file's encoding cannot be read (%(error)s)") % {"error": error}) from error
    if builder.root is None:
        raise RosterError(_("line 1: the file holds no XML element"))
    return builder.root


def _unzip(data: bytes) -> bytes:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [info for info in archive.infolist() if info.filename.lower().endswith(".ros")]
            if len(members) != 1:
                found = ", ".join(info.filename for info in members) or _("none")
                raise RosterError(
                    _("a .rosz archive must hold exactly one .ros file, found %(found)s") % {"found": found}
                )
            member = members[0]
            # The declared size can lie, so the read itself is capped too.
            if member.file_size > MAX_ROSTER_BYTES:
                raise RosterError(_too_big(member.filename))
            with archive.open(member) as packed:
                content = packed.read(MAX_ROSTER_BYTES + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        raise RosterError(_("not a readable .rosz (zip) archive: %(error)s") % {"error": error}) from error
    if len(content) > MAX_ROSTER_BYTES:
        raise RosterError(_too_big(member.filename))
    return content


def _number(element: _Element, owner: _Element, what: str, text: str) -> Decimal:
    """A cost within :data:`MAX_POINTS` either way, its text checked before it is converted.

    A cost may be negative (an option cheaper than the equipment it replaces); the unit's total may not."""
    plain = text.strip()
    value = Decimal("NaN")
    if len(plain) <= _COST_LENGTH and _COST.fullmatch(plain):
        with contextlib.suppress(InvalidOperation):
            value = Decimal(plain)
    if not (value.is_finite() and -MAX_POINTS <= value <= MAX_POINTS):
        raise RosterError(
            _("%(owner)s: %(what)s is %(text)r, expected a number from -%(limit)s to %(limit)s (line %(line)s)")
            % {"owner": owner.describe(), "what": what, "text": text, "limit": MAX_POINTS, "line": element.line}
        )
    return value


def _selection_type(selection: _Element) -> str:
    kind = selection.attrs.get("type", "")
    if kind not in _SELECTION_TYPES:
        raise RosterError(
            _("%(selection)s: type is %(kind)r, expected unit, model or upgrade")
            % {"selection": selection.describe(), "kind": kind}
        )
    return kind


def _selection_number(selection: _Element) -> int:
    text = selection.attrs.get("number", "1").strip()
    if not (text.isascii() and text.isdigit()):
        raise RosterError(
            _("%(selection)s: number is %(text)r, expected a whole number")
            % {"selection": selection.describe(), "text": text}
        )
    if len(text) > len(str(MAX_MODELS)) or int(text) > MAX_MODELS:
        raise RosterError(
            _("%(selection)s: number is %(text)r, expected at most %(limit)s")
            % {"selection": selection.describe(), "text": text, "limit": MAX_MODELS}
        )
    return int(text)


def _subtree(selection: _Element) -> Iterator[_Element]:
    """The selection and every selection nested in it, in document order."""
    yield selection
    for child in selection.find_all("selections", "selection"):
        yield from _subtree(child)


def _points(selection: _Element) -> Decimal:
    """The points of a selection's whole subtree: BattleScribe stores each selection's own cost, times its number."""
    total = Decimal(0)
    for part in _subtree(selection):
        _selection_type(part)
        for cost in part.find_all("costs", "cost"):
            if cost.attrs.get("name", "").strip().casefold() in _POINTS_NAMES:
                total += _number(cost, part, _("cost pts"), cost.attrs.get("value", ""))
    return total


def characteristic_value(text: str) -> int | str | None:
    """A characteristic as a profile keeps it: a number 0–10, ``"-"`` for none, or a dice roll such as ``"D6"``;
    None when ``text`` is none of these. Units typed by hand are checked as the imported ones."""
    value = text.strip()
    if value.isascii() and value.isdigit() and len(value) <= 2 and int(value) <= 10:
        return int(value)
    if value in ("-", "") or _DICE.fullmatch(value):
        return value.upper() or "-"
    return None


def save_value(text: str) -> int | None:
    """An armour save as ``4+`` (or ``4``): the roll it needs; None for ``-`` or nothing. Raises ValueError else."""
    value = text.strip()
    if value in ("-", ""):
        return None
    match = _SAVE.fullmatch(value)
    if match is None:
        raise ValueError(value)
    return int(match.group(1))


def _characteristic_value(owner: _Element, name: str, text: str) -> int | str:
    value = characteristic_value(text)
    if value is not None:
        return value
    raise RosterError(
        _("%(owner)s: characteristic %(name)s is %(text)r, expected a number 0–10, '-' or a dice roll like D6")
        % {"owner": owner.describe(), "name": name, "text": text}
    )


def _save_value(owner: _Element, text: str) -> int | None:
    try:
        return save_value(text)
    except ValueError:
        raise RosterError(
            _("%(owner)s: characteristic Save is %(text)r, expected a save like 4+ or '-'")
            % {"owner": owner.describe(), "text": text}
        ) from None


def _model_profile(selection: _Element) -> tuple[dict[str, int | str], int | None]:
    """The profile of the unit's models: the first profile in its subtree of a model type, or one that gives WS.

    Weapon, magic item and other profiles are passed over; a model profile must be complete.
    """
    for part in _subtree(selection):
        for profile in part.find_all("profiles", "profile"):
            characteristics: dict[str, str] = {}
            for characteristic in profile.find_all("characteristics", "characteristic"):
                # BattleScribe 1.x wrote the value as an attribute, 2.x as the element's text.
                characteristics[characteristic.attrs.get("name", "").strip().casefold()] = characteristic.attrs.get(
                    "value", characteristic.text
                )
            named = {CHARACTERISTIC_ALIASES.get(name, name): text for name, text in characteristics.items()}
            type_name = _normalise(profile.attrs.get("typeName", ""))
            if type_name not in _MODEL_PROFILE_TYPES and "WS" not in named:
                continue
            missing = [name for name in CHARACTERISTICS if name not in named]
            if missing:
                raise RosterError(
                    _("%(part)s: the model profile %(name)r (line %(line)s) lacks %(missing)s")
                    % {
                        "part": part.describe(),
                        "name": profile.attrs.get("name", ""),
                        "line": profile.line,
                        "missing": ", ".join(str(Characteristic(name).label) for name in missing),
                    }
                )
            stats = {name: _characteristic_value(part, name, named[name]) for name in CHARACTERISTICS}
            save_text = next((text for name, text in characteristics.items() if name in _SAVE_NAMES), "-")
            return stats, _save_value(part, save_text)
    return {}, None


def _rules(selection: _Element) -> tuple[str, ...]:
    names: dict[str, None] = {}
    for part in _subtree(selection):
        for rule in part.find_all("rules", "rule"):
            name = rule.attrs.get("name", "").strip()
            if name and rule.attrs.get("hidden") != "true":
                names[name] = None
    return tuple(names)


def _model_count(selection: _Element) -> int:
    """A unit's models are its direct model selections; a character or a unit without any counts itself."""
    if _selection_type(selection) == "unit":
        models = [
            _selection_number(child)
            for child in selection.find_all("selections", "selection")
            if _selection_type(child) == "model"
        ]
        if models:
            count = sum(models)
            if count > MAX_MODELS:
                raise RosterError(
                    _("%(selection)s: the unit counts %(count)s models, more than %(limit)s")
                    % {"selection": selection.describe(), "count": count, "limit": MAX_MODELS}
                )
            return count
    return _selection_number(selection)


def _unit(selection: _Element) -> RosterUnit:
    name = selection.attrs.get("name", "").strip()
    if not name:
        raise RosterError(_("%(selection)s: the selection has no name") % {"selection": selection.describe()})
    profile, save = _model_profile(selection)
    points = _points(selection)
    if not 0 <= points <= MAX_POINTS:
        raise RosterError(
            _("%(selection)s: the unit comes to %(points)s points, expected 0 to %(limit)s")
            % {"selection": selection.describe(), "points": points, "limit": MAX_POINTS}
        )
    return RosterUnit(
        name=name,
        count=_model_count(selection),
        points=round(points),
        profile=profile,
        save=save,
        special_rules=_rules(selection),
    )


def _forces(parent: _Element) -> Iterator[_Element]:
    """Every force, allied forces nested in a force included."""
    for force in parent.find_all("forces", "force"):
        yield force
        yield from _forces(force)


def _roster(root: _Element) -> Roster:
    if root.namespace != ROSTER_NS or root.name != "roster":
        found = root.name if root.namespace is None else f"{{{root.namespace}}}{root.name}"
        raise RosterError(
            _("line %(line)s: the root element is <%(found)s>, expected a BattleScribe <roster> in %(namespace)s")
            % {"line": root.line, "found": found, "namespace": ROSTER_NS}
        )
    other_game = _game_problem(root)
    if other_game is not None:
        raise RosterError(other_game)
    forces = list(_forces(root))
    if not forces:
        raise RosterError(_("line %(line)s: the roster has no force") % {"line": root.line})
    units: list[RosterUnit] = []
    total = Decimal(0)
    for force in forces:
        for selection in force.find_all("selections", "selection"):
            total += _points(selection)
            if _selection_type(selection) in _UNIT_TYPES:
                units.append(_unit(selection))
    if not units:
        raise RosterError(_("line %(line)s: the roster has no unit") % {"line": root.line})
    if not 0 <= total <= MAX_POINTS:
        raise RosterError(
            _("line %(line)s: the roster comes to %(points)s points, expected 0 to %(limit)s")
            % {"line": root.line, "points": total, "limit": MAX_POINTS}
        )
    names = [force.attrs.get(key, "") for force in forces for key in ("catalogueName", "name")]
    return Roster(
        name=root.attrs.get("name", "").strip(),
        game_system=root.attrs.get("gameSystemName", "").strip(),
        faction=next((found for found in map(faction_of, names) if found is not None), None),
        points=round(total),
        units=tuple(units),
    )


def parse_roster(data: bytes, filename: str) -> Roster:
    """The roster in a BattleScribe ``.ros`` or ``.rosz`` file, told apart by ``filename``'s extension.

    Raises :class:`RosterError` when the file cannot be read as a roster.
    """
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(_("the file is larger than %(limit)s bytes") % {"limit": MAX_ROSTER_BYTES})
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension == "rosz":
        data = _unzip(data)
    elif extension != "ros":
        raise RosterError(
            _("%(filename)r is not a BattleScribe roster: expected a .ros or .rosz file") % {"filename": filename}
        )
    return _roster(_read_xml(data))
