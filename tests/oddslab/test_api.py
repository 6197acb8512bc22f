"""The odds API: the pages' answers as exact fractions ("p/q") and decimals, strict typed query parameters.

Expected values come from the rules by hand or from the worked examples of ODDS_API.md.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.test import Client

from oddslab.mechanics import MECHANICS, ParamType

pytestmark = pytest.mark.django_db


def ask(client: Client, slug: str, **query: object):
    return client.get(f"/api/odds/{slug}/", {k: str(v).lower() if isinstance(v, bool) else v for k, v in query.items()})


def probabilities(body: dict) -> dict[str, str]:
    return {o["key"]: o["probability"] for o in body["outcomes"]}


def test_ram_against_a_postern(english: Client) -> None:
    # ODDS_API.md worked example (R3, R4)
    response = ask(english, "ram-vs-gate", carriers=6, carrier_strength=3, gate="postern", covered=False, turns=3)
    assert response.status_code == 200
    body = response.json()
    assert body["function"] == "ram_vs_gate"
    assert body["kind"] == "by_turn"
    assert probabilities(body) == {"1": "1/24", "2": "53/576", "3": "227/1536"}
    assert body["outcomes"][2]["decimal"] == pytest.approx(227 / 1536)
    assert body["headline"] == {"probability": "227/1536", "decimal": pytest.approx(227 / 1536)}
    assert body["parameters"] == {"carriers": 6, "carrier_strength": 3, "gate": "postern", "covered": False,
                                  "turns": 3, "reinforced": False}  # fmt: skip
    assert body["sentence"] == "The postern falls by the end of turn 3 with probability 14.8%."


@pytest.mark.parametrize(
    ("slug", "query", "expected"),
    [
        # §7.1.6: no helper, 6+ only
        ("ladder-pushback", {"helpers": 0}, {"pushed_back": "1/6"}),
        # ODDS_API.md (R5)
        ("structure-hit", {"strength": 10, "damage": "D6", "prior": 3},
         {"severely_shaken": "1/3", "rampart_destroyed": "1/3", "partial_collapse": "1/6", "collapse": "1/6"}),
        ("bombardment", {"strength": 10, "damage": "D6", "hits_per_turn": 1, "turns": 4, "prior": 2},
         {"1": "0/1", "2": "1/4", "3": "23/36", "4": "67/72"}),
        ("mining", {"target": 8, "counter_miners": 4, "turns": 3}, {"1": "0/1", "2": "13/144", "3": "289/864"}),
        # one attack hitting on 4+ and wounding on 4+, no save: 1/4
        ("melee-wounds", {"attacks": 1, "ws": 3, "target_ws": 3, "strength": 3, "toughness": 3},
         {"0": "3/4", "1": "1/4"}),
        # R6: ODDS_API.md
        ("shooting-wounds", {"shots": 2, "bs": 4, "strength": 3, "toughness": 4, "armour_save": 5, "modifier": -2},
         {"0": "625/729", "1": "100/729", "2": "4/729"}),
        # 2D6 ≤ 8 − 2 = 6: 15/36
        ("break-test", {"leadership": 8, "lost_by": 2}, {"passes": "5/12"}),
        ("game-length", {}, {"5": "1/3", "6": "2/3"}),
        # 001: ODDS_API.md (R16, R19)
        ("belfry-crush", {"armoured": True}, {"step_back": "2/5", "stunned": "1/5", "wounded": "1/5", "killed": "1/5"}),
        ("belfry-ignition", {"face": "side", "hits": 2}, {"ignites": "51/100"}),
        # 001 §4.1, §8: 8 pushers roll 2 hexes, 7 roll 1; one shot takes a pusher with probability 1/4
        ("belfry-reach", {"distance": 5, "pushers": 8, "turns": 3, "shots": 1, "bs": 3, "strength": 3, "toughness": 3},
         {"1": "0/1", "2": "3/4", "3": "1/1"}),
        # 004: ODDS_API.md
        ("confrontation-shot", {"shooting": 3, "range_band": "medium", "modifier": 2},
         {"success": "1/6", "failure": "1/3", "grave_failure": "1/3", "critical_failure": "1/6"}),
        ("confrontation-disengage", {"initiative": 3, "highest_opposing_initiative": 2, "opponents": 3, "fleeing": 2},
         {"success": "1/3", "failure": "1/6", "grave_failure": "1/3", "critical_failure": "1/6"}),
        ("confrontation-caught",
         {"flee_move": 10, "pursuer_move": 10, "charge_move": 20, "voluntary": False, "gap": 15},
         {"caught": "7/9"}),
        # 003: ODDS_API.md
        ("fda-test", {"characteristic": 5, "modifier": -1},
         {"success": "2/5", "failure": "1/2", "critical_failure": "1/10"}),
        ("fda-opposed", {"attacker": 5, "defender": 4, "attacker_modifier": 1},
         {"attacker_hits": "31/50", "tie": "2/25", "defender_hits": "3/10"}),
        ("fda-shot", {"shooting": 5, "defence": 4, "hit_modifier": 1, "damage_bonus": 3, "defence_modifier": 2},
         {"critical_miss": "1/10", "miss": "3/10", "close_call": "1/10", "stunned": "29/100", "wounded": "7/50",
          "grievously_wounded": "1/100", "killed": "3/50"}),
        ("fda-morale", {"morale": 5, "modifier": -1},
         {"passed": "2/5", "shaken": "3/10", "rattled": "1/10", "wary": "1/10", "cautious": "1/10"}),
    ],
)  # fmt: skip
def test_each_mechanic_answers_exactly(english: Client, slug: str, query: dict, expected: dict) -> None:
    response = ask(english, slug, **query)
    assert response.status_code == 200, response.content
    body = response.json()
    assert probabilities(body) == expected
    for outcome in body["outcomes"]:
        assert outcome["decimal"] == pytest.approx(float(Fraction(outcome["probability"])))


def test_a_distribution_gives_its_mean(english: Client) -> None:
    # 10 attacks each doing an unsaved wound with probability 1/4: mean 10/4
    body = ask(english, "melee-wounds", attacks=10, ws=3, target_ws=3, strength=3, toughness=3).json()
    assert body["mean"] == {"exact": "5/2", "decimal": 2.5}
    assert body["headline"]["probability"] == str(1 - Fraction(3, 4) ** 10)


def test_the_wound_table_gives_a_verdict(english: Client) -> None:
    # ODDS_API.md: 12 on the torso with a double 3 is critical
    body = ask(english, "confrontation-wound", damage=12, location="torso", double=3).json()
    assert body["result"] == "critical"
    assert body["outcomes"] == []
    assert body["headline"] is None


def test_two_hundred_attacks_answer(english: Client) -> None:
    body = ask(english, "melee-wounds", attacks=200, ws=4, target_ws=3, strength=4, toughness=3, armour_save=5).json()
    assert len(body["outcomes"]) == 201
    assert sum(Fraction(o["probability"]) for o in body["outcomes"]) == 1


def test_the_list_describes_each_mechanic_and_its_parameters(english: Client) -> None:
    body = english.get("/api/odds/").json()
    by_slug = {m["mechanic"]: m for m in body}
    assert len(by_slug) == 20
    ram = by_slug["ram-vs-gate"]
    assert ram["url"] == "/api/odds/ram-vs-gate/"
    carriers = next(p for p in ram["parameters"] if p["name"] == "carriers")
    # §7.2.1: a ram takes 6 to 10 carriers
    assert (carriers["minimum"], carriers["maximum"], carriers["type"]) == (6, 10, "integer")
    gate = next(p for p in ram["parameters"] if p["name"] == "gate")
    assert gate["choices"] == ["main", "postern", "service"]


def _bad_values(param) -> list[str]:
    if param.type is ParamType.INTEGER:
        return [str(param.high + 1), str(param.low - 1), "2.0", "1e1", "", "true"]
    if param.type is ParamType.BOOLEAN:
        return ["1", "True", "yes", ""]
    return ["nothing-of-the-sort", ""]


@pytest.mark.parametrize("mechanic", [m for m in MECHANICS if m.params], ids=lambda m: m.slug)
def test_bad_input_is_a_400_naming_its_parameter(english: Client, mechanic) -> None:
    for param in mechanic.params:
        for value in _bad_values(param):
            response = english.get(f"/api/odds/{mechanic.slug}/", {param.name: value})
            assert response.status_code == 400, (param.name, value)
            assert list(response.json()) == [param.name]


def test_a_combination_the_rules_refuse_is_a_400(english: Client) -> None:
    # 004 Fuir volontairement, NB4
    response = ask(english, "confrontation-caught", voluntary=True, gap=5)
    assert response.status_code == 400
    assert response.json()["gap"][0] == (
        "In a voluntary flight both moves are measured from the fleeing model: the gap is 0, not 5 "
        "(004 Fuir volontairement, NB4)."
    )


def test_the_api_is_open_to_anyone(client: Client) -> None:
    assert client.get("/api/odds/").status_code == 200
    # ODDS_API.md (R2): 8 to reach, 4 counter-miners, 3 turns
    response = client.get("/api/odds/mining/", {"target": 8, "counter_miners": 4, "turns": 3})
    assert response.status_code == 200
    assert response.json()["headline"]["probability"] == "289/864"


def test_the_schema_documents_each_endpoint_and_its_typed_parameters(english: Client) -> None:
    schema = english.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/odds/ram-vs-gate/"]["get"]
    params = {p["name"]: p for p in operation["parameters"]}
    assert params["carriers"]["schema"] == {"type": "integer", "minimum": 6, "maximum": 10, "default": 6}
    assert params["covered"]["schema"]["type"] == "boolean"
    assert params["gate"]["schema"]["enum"] == ["main", "postern", "service"]
    for m in MECHANICS:
        assert f"/api/odds/{m.slug}/" in schema["paths"]


def test_a_belfry_answer_names_its_function_and_a_bad_parameter(english: Client) -> None:
    body = ask(english, "belfry-ignition", face="front", hits=3).json()
    # 001 §9, R19: the front catches fire on a 1 only: 1 − (9/10)³
    assert body["function"] == "belfry_ignition"
    assert body["headline"] == {"probability": "271/1000", "decimal": pytest.approx(0.271)}
    assert body["sentence"] == "3 flaming hits on the front set the belfry alight with probability 27.1%."
    reach = ask(english, "belfry-reach", distance=3, pushers=4, turns=2).json()
    # 001 §4.1: 4 pushers roll it one hex a turn, 3 → 2 → 1
    assert reach["function"] == "belfry_reach"
    assert probabilities(reach) == {"1": "0/1", "2": "1/1"}
    response = ask(english, "belfry-reach", distance=0)
    assert response.status_code == 400
    assert list(response.json()) == ["distance"]
