"""Roster units shoot: the missile weapon or war machine a unit's name or rules give, or the set-up page chooses
from the table, carried into the engine's set-up so the unit is on the shooting menus (§5, §5.9)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.test import Client

from campaigns.models import Army, Battle, Unit
from rules.siege.board.profiles import Missile, TroopType
from rules.siege.board.state import Phase, Side
from rules.siege.menus.legal import menu_options
from tests.demo import load_demo
from tracker import selectors, services
from tracker.models import TrackedBattle
from tracker.weapons import MACHINE, guess

pytestmark = pytest.mark.django_db

PROFILE = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


@pytest.mark.parametrize(
    ("name", "rules", "weapon"),
    [
        ("Crossbowmen", (), "crossbow"),
        ("Arbalétriers de Reikland", (), "crossbow"),
        ("Dark Elf Warriors", ("Repeater crossbows",), "repeater crossbow"),
        ("Archers", (), "bow"),
        ("Waywatchers", ("Longbow",), "longbow"),
        ("Handgunners", (), "handgun"),
        ("Great Cannon", (), MACHINE),
        ("Stone Thrower", (), MACHINE),
        ("Spearmen", (), ""),
        ("Swordsmen", ("Hatred",), ""),
    ],
)
def test_a_units_weapon_is_read_from_its_name_or_rules(name: str, rules: tuple[str, ...], weapon: str) -> None:
    assert guess(name, rules) == weapon


def _first_army(battle: Battle, side: str) -> Army:
    participant = battle.participants.filter(side=side).select_related("army").first()
    assert participant is not None
    return participant.army


@pytest.fixture
def siege() -> Battle:
    """The demo siege of Montfort, its armies' rosters holding crossbowmen, a stone thrower and spearmen."""
    battle = Battle.objects.get(campaign=load_demo(), kind="siege")
    defender = _first_army(battle, "defender")
    attacker = _first_army(battle, "attacker")
    Unit.objects.create(army=defender, name="Crossbowmen", count=10, points=90, profile=PROFILE, save_roll=6)
    Unit.objects.create(army=defender, name="Halberdiers", count=20, points=120, profile=PROFILE, save_roll=5)
    Unit.objects.create(army=attacker, name="Stone Thrower", count=1, points=100, profile={**PROFILE, "T": 7})
    Unit.objects.create(army=attacker, name="Spearmen", count=20, points=120, profile=PROFILE)
    return battle


def _models(tracked: TrackedBattle, unit: str) -> list[Any]:
    return [m for m in selectors.current(tracked).state.models if m.unit == unit]


def test_roster_units_carry_their_weapons_into_the_engine(siege: Battle, siege_data: dict[str, Any]) -> None:
    tracked = services.start_from_campaign(battle=siege, user=siege.defender.user, data=siege_data)
    # the seed's crossbow: strength 4 (example CROSSBOWMAN)
    assert {m.profile.missile for m in _models(tracked, "Crossbowmen")} == {Missile("crossbow", 4)}
    assert [m.profile.troop_type for m in _models(tracked, "Stone Thrower")] == [TroopType.WAR_MACHINE]
    assert {m.profile.missile for m in _models(tracked, "Spearmen")} == {None}
    # §5.9: the stone thrower is on the besieger's shooting menu as a war machine
    state = replace(selectors.current(tracked).state, phase=Phase.SHOOTING, active=Side.BESIEGER)
    (bombard,) = [o for o in menu_options(state) if o.name == "bombard"]
    assert [m.unit for m in state.models if m.id in bombard.actors] == ["Stone Thrower"]


def test_the_setup_page_arms_a_unit_from_the_table(siege: Battle, siege_data: dict[str, Any]) -> None:
    fields = {name: (label, weapon) for name, label, weapon in selectors.roster_weapons(siege)}
    assert fields["weapon-defender-0"] == ("Crossbowmen (10)", "crossbow")
    assert fields["weapon-attacker-1"] == ("Spearmen (20)", "")
    data = {**siege_data, "weapon-attacker-1": "handgun", "weapon-defender-0": ""}
    tracked = services.start_from_campaign(battle=siege, user=siege.defender.user, data=data)
    assert {m.profile.missile for m in _models(tracked, "Spearmen")} == {Missile("handgun", 4)}
    assert {m.profile.missile for m in _models(tracked, "Crossbowmen")} == {None}
    state = replace(selectors.current(tracked).state, phase=Phase.SHOOTING, active=Side.BESIEGER)
    shooters = {m for o in menu_options(state) if o.name == "shoot_structure" for m in o.actors}
    assert {m.unit for m in state.models if m.id in shooters} == {"Spearmen"}


def test_a_weapon_not_in_the_table_is_refused(siege: Battle, siege_data: dict[str, Any]) -> None:
    with pytest.raises(services.Refused, match="blunderbuss") as refused:
        services.start_from_campaign(
            battle=siege, user=siege.defender.user, data={**siege_data, "weapon-attacker-1": "blunderbuss"}
        )
    assert refused.value.clause == "§5"
    assert not TrackedBattle.objects.exists()


def test_the_setup_page_asks_each_roster_units_weapon(siege: Battle, siege_data: dict[str, Any]) -> None:
    client = Client()
    client.force_login(siege.defender.user)
    url = f"/tracker/campaign-battle/{siege.pk}/"
    text = client.get(url).content.decode()
    assert "Crossbowmen (10) : tire avec" in text
    assert "Arbalète (F4)" in text
    assert 'name="weapon-attacker-1"' in text
    posted = {**siege_data, "belfry_distance": 4, "weapon-attacker-1": "blunderbuss", "weapon-defender-0": "crossbow"}
    answer = client.post(url, posted)
    assert answer.status_code == 200
    assert not TrackedBattle.objects.exists()
    answer = client.post(url, {**posted, "weapon-attacker-1": "sling"})
    assert answer.status_code == 302
    tracked = TrackedBattle.objects.get()
    assert {m.profile.missile for m in _models(tracked, "Spearmen")} == {Missile("sling", 3)}
