"""The Warhammer Fantasy Battle armies a player may lead, in one table: each faction's stored value, its English name
(the name rosters know it by, and the message its label is translated from), its colour on the map, and the names
English and French army books' catalogues give it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from django.db import models
from django.utils.translation import gettext_lazy

UNOWNED_COLOUR = "#E2E2E2"
"""The colour of a territory nobody holds, or of a player without a faction."""


@dataclass(frozen=True)
class FactionInfo:
    value: str
    english: str
    colour: str
    """Hues spread round the wheel and across lightness, so that neighbours on the map still differ for red–green
    colour blindness; text on a token picks black or white for contrast."""
    aliases: tuple[str, ...]
    """Catalogue names, English and French, across the editions clubs still play (normalised: lower case, no
    accents, no punctuation)."""


FACTION_TABLE: tuple[FactionInfo, ...] = (
    FactionInfo("empire", "Empire", "#F2C12E", ("empire", "the empire", "l empire")),
    FactionInfo("bretonnia", "Bretonnia", "#2F6BD6", ("bretonnia", "bretonnie")),
    FactionInfo("dwarfs", "Dwarfs", "#8A5A2B", ("dwarfs", "dwarves", "nains")),
    FactionInfo("high_elves", "High Elves", "#A8DDF7", ("high elves", "hauts elfes")),
    FactionInfo("wood_elves", "Wood Elves", "#1E7F3A", ("wood elves", "elfes sylvains")),
    FactionInfo("dark_elves", "Dark Elves", "#5E2B8C", ("dark elves", "elfes noirs")),
    FactionInfo("orcs_and_goblins", "Orcs & Goblins", "#9BCB3C", ("orcs and goblins", "orques and gobelins")),
    FactionInfo("skaven", "Skaven", "#6B6F2A", ("skaven", "skavens")),
    FactionInfo(
        "chaos",
        "Chaos",
        "#B01E23",
        (
            "chaos",
            "warriors of chaos",
            "hordes of chaos",
            "daemons of chaos",
            "guerriers du chaos",
            "hordes du chaos",
            "demons du chaos",
        ),
    ),
    FactionInfo(
        "beasts_of_chaos",
        "Beasts of Chaos",
        "#C8742A",
        ("beasts of chaos", "beastmen", "hommes betes", "betes du chaos"),
    ),
    FactionInfo("vampire_counts", "Vampire Counts", "#23233D", ("vampire counts", "comtes vampires")),
    FactionInfo("tomb_kings", "Tomb Kings", "#E3D3A3", ("tomb kings", "tomb kings of khemri", "rois des tombes")),
    FactionInfo("lizardmen", "Lizardmen", "#17A398", ("lizardmen", "hommes lezards")),
    FactionInfo("ogre_kingdoms", "Ogre Kingdoms", "#E88AB0", ("ogre kingdoms", "royaumes ogres")),
    FactionInfo("chaos_dwarfs", "Chaos Dwarfs", "#F0641E", ("chaos dwarfs", "chaos dwarves", "nains du chaos")),
    FactionInfo("dogs_of_war", "Dogs of War", "#0D4F6B", ("dogs of war", "chiens de guerre")),
)

# The labels are the English names, translated through the catalogue (locale/fr: "Empire" → "Empire", "Dwarfs" →
# "Nains"…).
Faction = models.TextChoices(  # type: ignore[misc]
    "Faction", [(f.value.upper(), (f.value, gettext_lazy(f.english))) for f in FACTION_TABLE]
)
Faction.__doc__ = "The Warhammer Fantasy Battle armies a player may lead."

ENGLISH_NAMES: tuple[str, ...] = tuple(f.english for f in FACTION_TABLE)
"""The factions' English names, in the table's order."""

FACTION_COLOURS: Mapping[str, str] = MappingProxyType({f.english: f.colour for f in FACTION_TABLE})
"""English name → colour."""

_BY_VALUE: Mapping[str, FactionInfo] = MappingProxyType({f.value: f for f in FACTION_TABLE})
_BY_ENGLISH: Mapping[str, FactionInfo] = MappingProxyType({f.english: f for f in FACTION_TABLE})


def faction_english_names() -> dict[str, str]:
    """Faction value → its English name, the name rosters and the map's colours know factions by."""
    return {f.value: f.english for f in FACTION_TABLE}


def value_of(english: str | None) -> str | None:
    """The stored value of a faction given by its English name; ``None`` for none or an unknown name."""
    found = _BY_ENGLISH.get(english or "")
    return found.value if found else None


def colour_of(value: str | None) -> str:
    """The map colour of a faction given by its stored value; :data:`UNOWNED_COLOUR` for none."""
    found = _BY_VALUE.get(value or "")
    return found.colour if found else UNOWNED_COLOUR
