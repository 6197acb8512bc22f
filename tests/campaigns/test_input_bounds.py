"""Bounded input: rosters, the map's JSON, forms, texts (a unit's special rules, a battle's notes) and API bodies out
of every field's bounds are refused with a message naming the bound, nothing saved, never a server error; a roster's
preview matches its units by name in one pass."""

from __future__ import annotations

import io
import json
import time
import zipfile
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaigns.enums import Winner
from campaigns.models import MAX_NOTES_CHARS, Army, Battle, Campaign, Order, Territory, Unit
from campaigns.rosters import RosterError, parse_roster
from campaigns.services import Result, add_unit, import_roster, report_result
from campaigns.services.armies import match_units
from rules.siege.board.fort import standard_fort
from rules.siege.chapters.victory import Achievements
from tests.demo import load_demo

from .demo_helpers import army, as_member, member, second_turn, territory

FIXTURES = Path(__file__).parent / "fixtures"
AT_MOST = "Assurez-vous que cette valeur est inférieure ou égale à"
EMPIRE = (FIXTURES / "empire.ros").read_bytes()
NAMESPACE = b"http://www.battlescribe.net/schema/rosterSchema"


def roster_error(data: bytes, filename: str = "empire.ros") -> str:
    """The roster's fault, told in English (the French ones are checked in test_rosters)."""
    with translation.override("en"), pytest.raises(RosterError) as caught:
        parse_roster(data, filename)
    return str(caught.value)


# Rosters ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cost", ["9E+999999", "1E+5000", "1" * 5000, "100001", "-100001"])
def test_a_cost_beyond_the_bound_is_refused_before_it_is_converted(cost: str) -> None:
    # 9E+999999 held a worker for 84 s as it was turned into an integer of a million digits
    data = EMPIRE.replace(b'value="85.0"', f'value="{cost}"'.encode())
    message = roster_error(data)
    assert message.startswith("selection 'General of the Empire' (line 12): cost pts is")
    assert "expected a number from -100000 to 100000" in message


def test_a_negative_option_is_taken_but_a_negative_unit_is_refused() -> None:
    # the Sword of Might (20) becomes a -5 swap: the general comes to 85 + 0 + 3 + 18 + 6 - 5 = 107
    cheaper = EMPIRE.replace(b'name="pts" typeId="points" value="20.0"', b'name="pts" typeId="points" value="-5.0"')
    assert parse_roster(cheaper, "empire.ros").units[0].points == 107
    # a general of -85: 0 + 3 + 18 + 6 + 20 - 85 = -38 points
    negative = EMPIRE.replace(b'value="85.0"', b'value="-85.0"')
    assert roster_error(negative) == (
        "selection 'General of the Empire' (line 12): the unit comes to -38.0 points, expected 0 to 100000"
    )


@pytest.mark.parametrize("number", ["99999999999", "1001", "٣"])
def test_a_selection_number_beyond_a_thousand_models_is_refused(number: str) -> None:
    data = EMPIRE.replace(b'number="20"', f'number="{number}"'.encode(), 1)
    assert f"selection 'Halberdier' (line 110): number is '{number}'" in roster_error(data)


def test_a_unit_of_more_than_a_thousand_models_in_all_is_refused() -> None:
    models = b'<selection type="model" name="Goblin" number="600"/>' * 2
    data = (
        b'<?xml version="1.0"?><roster xmlns="' + NAMESPACE + b'"><forces><force catalogueName="Orcs"><selections>'
        b'<selection type="unit" name="Goblins" number="1"><selections>' + models + b"</selections></selection>"
        b"</selections></force></forces></roster>"
    )
    assert (
        roster_error(data, "goblins.ros") == "selection 'Goblins' (line 1): the unit counts 1200 models, more than 1000"
    )


def test_a_characteristic_of_five_thousand_digits_is_refused() -> None:
    data = EMPIRE.replace(b'name="Ld" typeId="ld-01">9<', b'name="Ld" typeId="ld-01">' + b"0" * 5000 + b"<")
    assert "characteristic Ld is" in roster_error(data)


def test_an_unknown_encoding_is_refused() -> None:
    data = EMPIRE.replace(b'encoding="UTF-8"', b'encoding="x-klingon"')
    assert roster_error(data).startswith("line 1: the file's encoding cannot be read")


def deep_roster(depth: int) -> bytes:
    opening = b'<selections><selection type="unit" name="Deep" number="1">' * depth
    closing = b"</selection></selections>" * depth
    return (
        b'<?xml version="1.0"?><roster xmlns="' + NAMESPACE + b'"><forces><force catalogueName="Empire">'
        + opening + closing + b"</force></forces></roster>"
    )  # fmt: skip


@pytest.mark.parametrize("filename", ["deep.ros", "deep.rosz"])
def test_three_thousand_deep_nesting_is_refused(filename: str) -> None:
    data = deep_roster(1500)  # 3,000 elements deep
    if filename.endswith(".rosz"):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("deep.ros", data)
        data = buffer.getvalue()
    assert roster_error(data, filename) == "line 1: elements are nested more than 100 deep"


def test_nesting_within_the_bound_is_read() -> None:
    # 3 wrapping elements and 2 a level: 48 levels of selections stay under 100 elements deep
    assert parse_roster(deep_roster(48), "deep.ros").units[0].name == "Deep"


@pytest.mark.django_db
def test_a_unit_name_longer_than_its_field_imports_nothing() -> None:
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    long_name = "G" * 121
    data = EMPIRE.replace(b'name="General of the Empire" entryId', f'name="{long_name}" entryId'.encode(), 1)
    with pytest.raises(ValidationError) as caught:
        import_roster(army=host, data=data, filename="empire.ros")
    message = " ".join(caught.value.messages)
    assert message.startswith("La liste d’armée ne peut pas être importée\u00a0: unité GGGG")
    assert "au plus 120 caractères (actuellement 121)" in message
    assert not Unit.objects.filter(army=host).exists()
    assert Army.objects.get(pk=host.pk).points == 2500


# The map's JSON ----------------------------------------------------------------------------------------------


def post_map(client: Client, campaign: Campaign, text: str) -> str:
    client.force_login(member(campaign, "orga").user)
    response = client.post(reverse("campaigns:manage", args=[campaign.pk]), {"action": "map", "map_json": text})
    assert response.status_code == 200
    return response.content.decode()


def one_territory(**fields: object) -> str:
    return json.dumps({"territories": [{"name": "Gué"} | fields]})


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (one_territory(owner=["player"]), "Territoire Gué\u00a0: «\u00a0owner\u00a0» doit être un texte."),
        (one_territory(value=10**12), f"Territoire Gué\u00a0: Valeur\u00a0: {AT_MOST} 1000."),
        (one_territory(value="3"), "Territoire Gué\u00a0: «\u00a0value\u00a0» doit être un nombre entier."),
        (one_territory(neighbours="Gué"), "«\u00a0neighbours\u00a0» doit être une liste de noms de territoires."),
        (one_territory(x=101), f"Position horizontale\u00a0: {AT_MOST} 100."),
        ('{"territories": [{"name": "G\\u0000u\\u00e9"}]}', "un texte contient un caractère NUL"),
        ("[" * 100_000 + "]" * 100_000, "les listes et objets sont imbriqués sur plus de 32 niveaux"),
        ('{"territories": [{"name": "Gué", "value": ' + "9" * 5000 + "}]}", "un nombre a plus de 18 chiffres"),
        ('{"territories": [{"name": "Gué", "x": NaN}]}', "NaN n’est pas un nombre permis en JSON"),
        ('{"territories": [{"name": "Gué", "y": Infinity}]}', "Infinity n’est pas un nombre permis en JSON"),
        ('{"territories": [{"name": "Gué", "y": -1e999}]}', "le nombre -1e999 est trop grand"),
        ('{"territories": [{"name": "Gué", "y": 1', "ligne 1, colonne"),
    ],
    ids=[
        "owner as a list", "value of 1e12", "value as a text", "neighbours as a text", "x beyond 100", "NUL character",
        "100k nested brackets", "5,000-digit number", "NaN", "Infinity", "overflowing float", "cut short",
    ],
)  # fmt: skip
def test_a_map_out_of_bounds_is_refused_with_a_message(
    client: Client, campaign: Campaign, text: str, message: str
) -> None:
    page = post_map(client, campaign, text)
    assert message in page
    assert not campaign.territories.exists()


@pytest.mark.django_db
def test_a_map_of_more_than_100_territories_is_refused(client: Client, campaign: Campaign) -> None:
    # 3,000 territories took 60 s and 900 MB to lay out and save
    text = json.dumps({"territories": [{"name": f"T{number}"} for number in range(101)]})
    page = post_map(client, campaign, text)
    assert "Une carte a au plus 100 territoires\u00a0; celle-ci en a 101." in page
    assert not campaign.territories.exists()


@pytest.mark.django_db
def test_an_overflowing_coordinate_is_not_saved(client: Client, campaign: Campaign) -> None:
    page = post_map(client, campaign, '{"territories": [{"name": "Gué", "x": 1e400}]}')
    assert "le nombre 1e400 est trop grand" in page
    client.force_login(member(campaign, "player").user)
    assert client.get(f"/api/campaigns/{campaign.pk}/territories/").json() == []


# Forms -------------------------------------------------------------------------------------------------------


def manage(client: Client, campaign: Campaign, data: dict[str, object]) -> str:
    client.force_login(member(campaign, "orga").user)
    response = client.post(reverse("campaigns:manage", args=[campaign.pk]), data)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_a_territory_value_of_1e12_is_a_form_error(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    data = {"action": "territory", "name": "Gué", "kind": "open", "value": 10**12, "x": 5, "y": 5}
    page = client.post(reverse("setup:map", args=[campaign.pk]), data).content.decode()
    assert f"{AT_MOST} 1000." in page
    assert not campaign.territories.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "bound"),
    [
        ("order_hours", 2_147_483_647, "8784"),
        ("order_hours", 0, "supérieure ou égale à 1"),
        ("army_points_limit", 10**12, "100000"),
        ("reinforcement_points", 10**12, "100000"),
        ("fort_bonus", 10**12, "1000"),
    ],
)
def test_settings_beyond_their_bounds_are_form_errors(
    client: Client, campaign: Campaign, field: str, value: int, bound: str
) -> None:
    settings = {"army_points_limit": 2500, "reinforcement_points": 100, "fort_bonus": 2, "order_hours": 48}
    page = manage(client, campaign, {"action": "settings", **settings, field: value})
    assert bound in page
    campaign.settings.refresh_from_db()
    assert campaign.settings.order_hours == 72


@pytest.mark.django_db
def test_an_army_of_1e12_points_is_a_form_error(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    map_form = {"action": "map", "map_json": one_territory()}
    assert client.post(reverse("campaigns:manage", args=[campaign.pk]), map_form).status_code == 302
    gue = Territory.objects.get(campaign=campaign)
    player = member(campaign, "player")
    page = manage(
        client, campaign, {"action": "army", "owner": player.pk, "name": "Horde", "territory": gue.pk, "points": 10**12}
    )
    assert f"{AT_MOST} 100000." in page
    assert not Army.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "value"), [("points", 10**12), ("count", 2 * 10**9)])
def test_a_unit_beyond_its_fields_is_a_form_error(client: Client, field: str, value: int) -> None:
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    client.force_login(member(campaign, "alice").user)
    unit = {
        "name": "Lanciers",
        "count": 10,
        "points": 50,
        "characteristics": "M3 CC3 CT3 F3 E3 PV3 I3 A3 Cd3",
    }
    response = client.post(
        reverse("campaigns:army", args=[campaign.pk, host.pk]), unit | {"action": "unit", field: value}
    )
    assert response.status_code == 200
    assert AT_MOST in response.content.decode()
    assert not Unit.objects.filter(army=host).exists()


SIEGE_FIELDS = ("units", "wall_walk", "tower", "main_gate", "postern", "courtyard", "breach")  # §17


def siege_result(**counts: object) -> dict[str, object]:
    zero = {f"{side}_{key}": 0 for side in ("attacker", "defender") for key in SIEGE_FIELDS if key != "units"}
    return {"winner": "defender", "attacker_losses": 100, "defender_losses": 100, **zero, **counts}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ({"attacker_units": "2000000000"}, "et 1500 au plus en tout"),
        ({"attacker_units": "1000, 501"}, "et 1500 au plus en tout"),
        ({"attacker_units": "9" * 5000}, "au plus 2000 caractères"),
        ({"defender_tower": 5}, "inférieure ou égale à 4"),
        ({"attacker_tower": 3, "defender_tower": 2}, "Le fort a 4"),
    ],
    ids=[
        "siege count of 2e9",
        "more routed than the besieged brought",
        "a 5,000-digit unit",
        "more towers than the fort has",
        "both sides together hold more towers than the fort has",
    ],
)
def test_siege_counts_are_bounded_by_the_battle_and_its_fort(client: Client, counts: dict, message: str) -> None:
    # the demo siege: 2500 besiegers against 1500 besieged, in the demo's standard fort with four towers T1–T4 of
    # one section each
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    client.force_login(member(campaign, "organisateur").user)
    response = client.post(reverse("campaigns:battle", args=[campaign.pk, siege.pk]), siege_result(**counts))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Battle.objects.get(pk=siege.pk).played


@pytest.mark.django_db
def test_field_battle_victory_points_of_1e12_are_a_form_error(client: Client) -> None:
    campaign = load_demo()
    second_turn(campaign)
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    field = Battle.objects.create(
        campaign=campaign, turn=siege.turn, territory=siege.territory, kind="field", attacker=siege.attacker,
        defender=siege.defender, attacker_points=1000, defender_points=1000,
    )  # fmt: skip
    client.force_login(member(campaign, "organisateur").user)
    result = {"winner": "attacker", "attacker_victory_points": 10**12, "defender_victory_points": 0,
              "attacker_losses": 0, "defender_losses": 0}  # fmt: skip
    response = client.post(reverse("campaigns:battle", args=[campaign.pk, field.pk]), result)
    assert response.status_code == 200
    assert f"{AT_MOST} 100000." in response.content.decode()
    assert not Battle.objects.get(pk=field.pk).played


# JSON bodies of the API ------------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[" * 50_000 + "]" * 50_000, "les listes et objets sont imbriqués sur plus de 32 niveaux"),
        ('{"army": 1, "kind": "hold", "x": NaN}', "NaN n’est pas un nombre permis en JSON"),
        ('{"army": ' + "1" * 5000 + ', "kind": "hold"}', "un nombre a plus de 18 chiffres"),
        ('{"army": 1, "kind": "h\\u0000"}', "un texte contient un caractère NUL"),
    ],
    ids=["50k deep", "NaN", "5,000 digits", "NUL"],
)
def test_an_api_body_out_of_bounds_is_a_400_with_its_reason(body: str, message: str) -> None:
    campaign = load_demo()
    second_turn(campaign)
    client = Client()
    client.force_login(member(campaign, "alice").user)
    response = client.post(f"/api/campaigns/{campaign.pk}/orders/", body, content_type="application/json")
    assert response.status_code == 400
    assert message in response.json()["detail"]


LONE_SURROGATE = "un texte contient un code d’indirection isolé (\\ud800 à \\udfff), qui n’est pas un caractère"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    ['{"army": 1, "kind": "\\ud800"}', '{"army": 1, "kind": "hold", "\\udfff": 1}', '{"army": 1, "kind": "a\\ud800b"}'],
    ids=["kind", "key", "inside a text"],
)
def test_a_lone_surrogate_in_an_api_body_is_a_400_naming_it(body: str) -> None:
    # the kind was echoed into « "\ud800" is not a valid choice », which no JSON answer can encode: a 500
    campaign = load_demo()
    second_turn(campaign)
    alice = member(campaign, "alice")
    orders = list(Order.objects.values_list("pk", "kind", "target_id"))
    client = Client()
    client.force_login(alice.user)
    response = client.post(f"/api/campaigns/{campaign.pk}/orders/", body, content_type="application/json")
    assert response.status_code == 400
    assert LONE_SURROGATE in response.json()["detail"]
    assert list(Order.objects.values_list("pk", "kind", "target_id")) == orders


@pytest.mark.django_db
def test_a_whole_surrogate_pair_is_one_character_and_reaches_the_field() -> None:
    campaign = load_demo()
    second_turn(campaign)
    client = Client()
    client.force_login(member(campaign, "alice").user)
    body = '{"army": 1, "kind": "\\ud83d\\udee1"}'
    response = client.post(f"/api/campaigns/{campaign.pk}/orders/", body, content_type="application/json")
    assert response.status_code == 400
    assert list(response.json()) == ["kind"]
    assert "\U0001f6e1" in response.json()["kind"][0]


@pytest.mark.django_db
@pytest.mark.parametrize("army_id", ["9" * 20, "-1", "0"])
def test_an_order_for_an_army_id_beyond_the_ids_is_a_400(army_id: str) -> None:
    campaign = load_demo()
    second_turn(campaign)
    client = Client()
    client.force_login(member(campaign, "alice").user)
    # the id as a JSON string: a bare 20-digit number is refused by the JSON reader before the field sees it
    response = client.post(
        f"/api/campaigns/{campaign.pk}/orders/", {"army": army_id, "kind": "hold"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert "army" in response.json()


# Format suffixes ---------------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["territories", "armies", "orders", "battles", "standings"])
def test_every_json_suffix_route_answers(action: str) -> None:
    campaign = load_demo()
    client = Client()
    client.force_login(member(campaign, "alice").user)
    response = client.get(f"/api/campaigns/{campaign.pk}/{action}.json")
    assert response.status_code == 200
    assert response.json() == client.get(f"/api/campaigns/{campaign.pk}/{action}/").json()
    assert client.get(f"/api/campaigns/999999/{action}.json").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("coordinate", ["nan", "-inf", "1e999"])
def test_a_fort_layout_with_a_coordinate_that_is_no_number_is_refused(client: Client, coordinate: str) -> None:
    campaign = load_demo()
    fortress = territory(campaign, "Forteresse du Crâne")
    layout = standard_fort(2000).to_json()
    layout["sections"][0]["x"] = coordinate
    client.force_login(member(campaign, "organisateur").user)
    url = reverse("campaigns:territory", args=[campaign.pk, fortress.pk])
    response = client.post(url, {"layout_json": json.dumps(layout)})
    assert response.status_code == 200
    assert "Le plan du fort est illisible" in response.content.decode()
    assert territory(campaign, "Forteresse du Crâne").fort_layout == fortress.fort_layout


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/campaigns/{pk}/", {"name": -1504583}, "name"),
        ("/api/campaigns/{pk}/", {"name": "Ost", "description": ["a"]}, "description"),
        ("/api/campaigns/{pk}/orders/", {"army": "5", "kind": "hold"}, "army"),
        ("/api/campaigns/{pk}/orders/", {"army": 5, "kind": "hold", "withdraw_into_fort": "yes"}, "withdraw_into_fort"),
        ("/api/campaigns/{pk}/", "name=Ost", None),
    ],
    ids=["a number for a name", "a list for a description", "text for an id", "text for a boolean", "a form body"],
)
def test_the_api_takes_each_field_in_its_own_json_type(url: str, body: object, field: str | None) -> None:
    campaign = load_demo()
    second_turn(campaign)
    client = Client()
    client.force_login(member(campaign, "organisateur").user)
    before = Campaign.objects.values().get(pk=campaign.pk)
    if isinstance(body, str):
        response = client.patch(url.format(pk=campaign.pk), body, content_type="application/x-www-form-urlencoded")
        assert response.status_code == 415
    else:
        method = client.patch if url == "/api/campaigns/{pk}/" else client.post
        response = method(url.format(pk=campaign.pk), json.dumps(body), content_type="application/json")
        assert response.status_code == 400
        assert field in response.json()
    assert Campaign.objects.values().get(pk=campaign.pk) == before


def unit_form(special_rules: str) -> dict[str, object]:
    return {
        "action": "unit", "name": "Hallebardiers", "count": 20, "points": 100, "special_rules": special_rules,
        "M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7,
    }  # fmt: skip


@pytest.mark.django_db
def test_special_rules_of_a_hundred_kilobytes_are_refused_on_the_army_page(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    page = as_member(demo, "alice").post(url, unit_form("Haine, " * 15_000)).content.decode()
    assert "Assurez-vous que cette valeur comporte au plus 7320 caractères" in page
    assert not Unit.objects.filter(army=host).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("rules", [["Haine"] * 61, ["H" * 121]], ids=["61 rules", "a rule of 121 characters"])
def test_a_unit_takes_60_special_rules_of_120_characters_at_most(demo: Campaign, rules: list[str]) -> None:
    host = army(demo, "Ost d'Altdorf")
    with pytest.raises(ValidationError, match="au plus 60 règles spéciales d’au plus 120 caractères"):
        add_unit(army=host, name="Hallebardiers", count=20, points=100, profile={}, special_rules=rules)
    assert not Unit.objects.filter(army=host).exists()
    add_unit(army=host, name="Hallebardiers", count=20, points=100, profile={}, special_rules=["H" * 120] * 60)


@pytest.mark.django_db
def test_a_battles_notes_take_5000_characters_at_most(demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege", winner="")
    achieved = {"attacker": Achievements(units=(300,)), "defender": Achievements(units=(800,))}
    result = Result(winner=Winner.DEFENDER, notes="x" * (MAX_NOTES_CHARS + 1), siege=achieved)
    with pytest.raises(ValidationError, match="Notes"):
        report_result(battle=siege, result=result, by=member(demo, "organisateur"))
    siege.refresh_from_db()
    assert (siege.winner, siege.notes) == ("", "")


@pytest.mark.django_db
def test_a_roster_of_12000_units_is_matched_against_6000_in_one_pass() -> None:
    army_units = [f"Unit {n}" for n in range(6000)]
    roster_units = [f"Unit {n}" for n in range(3000, 15000)]
    started = time.monotonic()
    added, removed, kept = match_units(army_units, roster_units)
    assert time.monotonic() - started < 0.5  # a search per name took 8 s
    assert (len(added), len(removed), len(kept)) == (9000, 3000, 3000)
    assert (added[0], removed[0], kept[0]) == ("Unit 6000", "Unit 0", "Unit 3000")
