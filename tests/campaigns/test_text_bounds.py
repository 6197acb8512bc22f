"""Every text has a bound that fits its use: a unit's special rules, a battle's notes; over it, the form or the
service refuses with the bound named and nothing is saved. A roster's preview matches its units by name in one pass."""

from __future__ import annotations

import time

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.enums import Winner
from campaigns.models import MAX_NOTES_CHARS, Battle, Campaign, Unit
from campaigns.services import Result, add_unit, report_result
from campaigns.services.armies import match_units
from rules.siege.victory import Achievements

from .demo_helpers import army, as_member, member

pytestmark = pytest.mark.django_db


def unit_form(special_rules: str) -> dict[str, object]:
    return {
        "action": "unit", "name": "Hallebardiers", "count": 20, "points": 100, "special_rules": special_rules,
        "M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7,
    }  # fmt: skip


def test_special_rules_of_a_hundred_kilobytes_are_refused_on_the_army_page(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    page = as_member(demo, "alice").post(url, unit_form("Haine, " * 15_000)).content.decode()
    assert "Assurez-vous que cette valeur comporte au plus 7320 caractères" in page
    assert not Unit.objects.filter(army=host).exists()


@pytest.mark.parametrize("rules", [["Haine"] * 61, ["H" * 121]], ids=["61 rules", "a rule of 121 characters"])
def test_a_unit_takes_60_special_rules_of_120_characters_at_most(demo: Campaign, rules: list[str]) -> None:
    host = army(demo, "Ost d'Altdorf")
    with pytest.raises(ValidationError, match="au plus 60 règles spéciales d’au plus 120 caractères"):
        add_unit(army=host, name="Hallebardiers", count=20, points=100, profile={}, special_rules=rules)
    assert not Unit.objects.filter(army=host).exists()
    add_unit(army=host, name="Hallebardiers", count=20, points=100, profile={}, special_rules=["H" * 120] * 60)


def test_a_battles_notes_take_5000_characters_at_most(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege", winner="")
    achieved = {"attacker": Achievements(units=(300,)), "defender": Achievements(units=(800,))}
    result = Result(winner=Winner.DEFENDER, notes="x" * (MAX_NOTES_CHARS + 1), siege=achieved)
    with pytest.raises(ValidationError, match="Notes"):
        report_result(battle=siege, result=result, by=member(demo, "organisateur"))
    siege.refresh_from_db()
    assert (siege.winner, siege.notes) == ("", "")


def test_a_roster_of_12000_units_is_matched_against_6000_in_one_pass() -> None:
    army_units = [f"Unit {n}" for n in range(6000)]
    roster_units = [f"Unit {n}" for n in range(3000, 15000)]
    started = time.monotonic()
    added, removed, kept = match_units(army_units, roster_units)
    assert time.monotonic() - started < 0.5  # a search per name took 8 s
    assert (len(added), len(removed), len(kept)) == (9000, 3000, 3000)
    assert (added[0], removed[0], kept[0]) == ("Unit 6000", "Unit 0", "Unit 3000")
