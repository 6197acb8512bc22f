"""One abbreviation, one meaning, in each language. French army books and the siege supplement write a model's
wounds « PV » (points de vie: « perdent 1 PV », 000 §4.1), so victory points are never « PV » in French; in English
they are « VP », wounds « W »."""

from __future__ import annotations

import re

import polib
import pytest
from django.test import Client
from django.urls import reverse

from campaigns.services import add_unit
from siege_site.stack import BASE_DIR
from tests.demo import load_demo

from .demo_helpers import army, as_member

CATALOGUE = BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_pv_means_wounds_alone_in_the_french_catalogue() -> None:
    meanings = {
        (entry.msgctxt, entry.msgid)
        for entry in polib.pofile(str(CATALOGUE))
        if re.search(r"\bPV\b", entry.msgstr or " ".join(entry.msgstr_plural.values()))
    }
    assert meanings == {("characteristic", "W")}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "victory_points", "wounds"),
    [("fr", "Pts vict.", "PV"), ("en", "VP", "W")],
)
def test_the_standings_and_the_profiles_use_different_words(language: str, victory_points: str, wounds: str) -> None:
    campaign = load_demo()
    client: Client = as_member(campaign, "chloe")
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    standings = client.get(reverse("campaigns:standings", args=[campaign.pk])).content.decode()
    headings = re.findall(r"<th[^>]*>(?:<abbr[^>]*>)?([^<]+)", standings.split("</thead>")[0])
    assert headings[-1] == victory_points
    assert wounds not in headings
    sentence = re.search(r"<p class=\"muted\">([^<]*)</p>", standings.split("</table>")[1])
    assert sentence is not None
    assert f"({victory_points})" in sentence.group(1)
    assert f"({wounds})" not in sentence.group(1)

    garrison = army(campaign, "Garnison de Montfort")
    profile = {"M": 4, "WS": 2, "BS": 2, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5}
    add_unit(army=garrison, name="Hommes d'armes", count=20, points=130, profile=profile)
    page = client.get(reverse("campaigns:army", args=[campaign.pk, garrison.pk])).content.decode()
    headings = re.findall(r"<th[^>]*>(?:<abbr[^>]*>)?([^<]+)", page.split('class="profile"')[1].split("</thead>")[0])
    assert wounds in headings
    assert victory_points not in headings
