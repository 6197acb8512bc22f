"""What a page must not show a French or an English reader: the other language's giveaway words, the engines'
internal ids (``a1-1``, ``foot:W3``) and Python's own syntax (``['oil']``, ``True``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

ENGLISH = re.compile(
    r"\b(strikes|shoots|wounds|hits|end phase|end step|nobody|besieger|besieged|ladder|ram|gate|wall walk|"
    r"courtyard|damage|rolls|fails|passes|flees|rallies|climbs|charges|model|unsaved|armour save|to hit|to wound|"
    r"Warriors|Spearmen|Crossbowmen|Catapult|Warlord)\b"
)
"""Words of the engines' English, which a French page never shows."""

FRENCH = re.compile(
    r"(assiégeant|assiégé|échelle|bélier|chemin de ronde|blessure|touche|fuyard|étape|tirent|frappent|"
    r"se déplacent|se déploie|corps à corps)"
)
"""Words of the French pages, which an English page never shows."""

INTERNAL = re.compile(r"\b[a-z]{1,3}\d+-\d+\b|\b(foot|field|ladder|siege_tower|belfry|mine|wall):[A-Za-z]")
"""An engine's model id (``a1-1``, ``xb2-3``) or place as it writes it (``foot:W3``, ``ladder:L1``)."""

CITATION = re.compile(r"\b00[1-9](?: [IVX]+)?(?: §[\d.]+)?(?: [A-ZÀ-Ý][\w'’ ,-]*)?")
"""A clause cited from a source document by its number and French title (« 004 Tests de début de corps à corps »):
the sources are French, and an English page cites them as they are."""

PYTHON = re.compile(r"\[['\"]|\(['\"]\w|\{['\"]|\bTrue\b|\bFalse\b|\bNone\b|<\w+\.\w+: ")
"""Python's syntax: a list, tuple or dict written out, a flag, an enum's repr."""


def problems(text: str, language: str) -> list[str]:
    """What ``text`` read in ``language`` (``"fr"`` or ``"en"``) shows that it must not."""
    other = ENGLISH if language == "fr" else FRENCH
    if language != "fr":
        text = CITATION.sub("«clause»", text)
    found = []
    for name, pattern in (("other language", other), ("internal id", INTERNAL), ("Python", PYTHON)):
        for match in pattern.finditer(text):
            start = max(0, match.start() - 40)
            found.append(f"{name}: «{match.group(0)}» in «{text[start : match.end() + 40]}»")
    return found


def check_page(page: Page, language: str, where: str = "body") -> None:
    """Fails when what ``page`` shows in ``where`` (folded details included) has a giveaway."""
    text = page.locator(where).first.text_content() or ""
    found = problems(text, language)
    assert found == [], f"{page.url}: " + "; ".join(found[:8])
