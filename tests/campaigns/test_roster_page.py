"""The roster table on the army page: each characteristic under its own heading, in English and in French."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from campaigns.services import add_unit, import_roster
from tests.demo import load_demo

from .demo_helpers import army, member

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "fixtures"
ENGLISH = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
FRENCH = ("M", "CC", "CT", "F", "E", "PV", "I", "A", "Cd")


class _Table(HTMLParser):
    """The roster table's rows, each a list of the texts of its cells (headings included)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._in_table = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and ("class", "profile") in attrs:
            self._in_table = True
        elif self._in_table and tag == "tr":
            self.rows.append([])
        elif self._in_table and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_table = False
        elif self._in_table and tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def column(page: str, unit: str, heading: str) -> str:
    table = _Table()
    table.feed(page)
    headings = table.rows[0]
    row = next(r for r in table.rows[1:] if r[0].startswith(unit))
    return row[headings.index(heading)]


@pytest.fixture
def demo() -> Campaign:
    return load_demo()


def army_page(demo: Campaign, name: str, language: str) -> str:
    client = Client()
    client.force_login(member(demo, "organisateur").user)
    url = reverse("campaigns:army", args=[demo.pk, army(demo, name).pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize("value", range(1, 10), ids=ENGLISH)
def test_an_entered_characteristic_shows_under_its_heading(demo: Campaign, value: int) -> None:
    host = army(demo, "Ost d'Altdorf")
    add_unit(army=host, name="Witness", count=1, points=10, profile=dict(zip(ENGLISH, range(1, 10), strict=True)))
    assert column(army_page(demo, "Ost d'Altdorf", "en"), "Witness", ENGLISH[value - 1]) == str(value)
    assert column(army_page(demo, "Ost d'Altdorf", "fr"), "Witness", FRENCH[value - 1]) == str(value)


@pytest.mark.parametrize(
    ("heading", "value"),
    # the roster's General of the Empire: M4 WS5 BS5 S4 T4 W3 I5 A3 Ld9, save 2+
    [("M", "4"), ("WS", "5"), ("BS", "5"), ("S", "4"), ("T", "4"), ("W", "3"), ("I", "5"), ("A", "3"), ("Ld", "9")],
)
def test_an_imported_characteristic_shows_under_its_heading(demo: Campaign, heading: str, value: str) -> None:
    host = army(demo, "Ost d'Altdorf")
    data = (FIXTURES / "empire.ros").read_bytes()
    import_roster(army=host, data=data, filename="empire.ros")
    assert column(army_page(demo, "Ost d'Altdorf", "en"), "General of the Empire", heading) == value


def test_the_armour_save_is_not_labelled_as_a_save_button(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    add_unit(army=host, name="Witness", count=1, points=10, profile=dict.fromkeys(ENGLISH, 3), save=4)
    page = army_page(demo, "Ost d'Altdorf", "fr")
    table = _Table()
    table.feed(page)
    assert table.rows[0][3:12] == list(FRENCH)
    assert "Enregistrer" not in table.rows[0]
    assert column(page, "Witness", "Svg") == "4+"
    # the unit form takes the profile on one line, as the French army books print it
    assert '<label for="id_characteristics">Caractéristiques\u00a0:</label>' in page
    assert "M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg5+" in page


def test_an_import_is_shown_and_waits_for_confirmation(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    client = Client()
    client.force_login(member(demo, "alice").user)
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    with (FIXTURES / "empire.ros").open("rb") as upload:
        shown = client.post(url, {"action": "roster", "roster": upload}).content.decode()
    assert "Vérifier l’import" in shown
    assert "General of the Empire" in shown
    assert "l’armée a 2500 points" in shown
    assert host.units.count() == 0
    assert client.post(url, {"action": "confirm-roster"}).status_code == 302
    assert host.units.filter(name="General of the Empire").exists()
    host.refresh_from_db()
    assert host.points == 2500


@pytest.mark.parametrize(
    ("fixture", "game"),
    [("age_of_sigmar.ros", "Warhammer Age of Sigmar 4.0"), ("warhammer_40k.rosz", "Warhammer 40,000 10th Edition")],
)
def test_a_roster_of_another_game_is_refused_on_the_page_naming_both_games(
    demo: Campaign, fixture: str, game: str
) -> None:
    host = army(demo, "Ost d'Altdorf")
    client = Client()
    client.force_login(member(demo, "alice").user)
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    with (FIXTURES / fixture).open("rb") as upload:
        shown = client.post(url, {"action": "roster", "roster": upload}).content.decode()
    assert f"Ce fichier est une liste {game}\u00a0; l’application lit les listes Warhammer Battle (WFB)." in shown
    assert "il manque" not in shown
    assert host.units.count() == 0
