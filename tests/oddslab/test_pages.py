"""The odds pages: each mechanic's exact answer, sentence and chart from its query string; refusals name the parameter.

Expected values come from the rules by hand or from the worked examples of ODDS_API.md, never from the code asked.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from oddslab.mechanics import MECHANICS, ParamType

pytestmark = pytest.mark.django_db


def page(client: Client, slug: str, query: str = "", **headers: str):
    return client.get(f"/odds/{slug}/{'?' if query else ''}{query}", headers=headers)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# (slug, query, exact answers the page must show, its sentence in English)
CASES = [
    # §7.1.6: 6+ on a D6, +1 per helper: one helper pushes on 5+ = 2/6
    (
        "ladder-pushback",
        "helpers=1",
        ["1/3"],
        "With 1 helper, the besieged push the ladder back with probability 33.3%.",
    ),
    # §7.1.6: two helpers, 4+ = 3/6
    ("ladder-pushback", "helpers=2", ["1/2"], "probability 50.0%"),
    # ODDS_API.md worked example (R5): S10, D6 damage, 3 prior points
    ("structure-hit", "strength=10&damage=D6&prior=3", ["1/3", "1/6"], "collapses the section with probability 16.7%"),
    (
        "bombardment",
        "strength=10&damage=D6&hits_per_turn=1&turns=4&prior=2",
        ["0/1", "1/4", "23/36", "67/72"],
        "The section has collapsed by the end of turn 4 with probability 93.1%.",
    ),
    # ODDS_API.md (R3, R4)
    (
        "ram-vs-gate",
        "carriers=6&carrier_strength=3&gate=postern&covered=false&turns=3",
        ["1/24", "53/576", "227/1536"],
        "The postern falls by the end of turn 3 with probability 14.8%.",
    ),
    # ODDS_API.md (R2)
    (
        "mining",
        "target=8&counter_miners=4&turns=3",
        ["0/1", "13/144", "289/864"],
        "The sappers reach the foundations by the end of turn 3 with probability 33.4%.",
    ),
    # no counter-mining: 8 reached in two turns when 2D6 ≥ 8, 15 of 36 rolls (§10, R2)
    ("mining", "target=8&counter_miners=0&turns=2", ["5/12"], "by the end of turn 2 with probability 41.7%"),
    # R7–R9: ODDS_API.md worked example
    (
        "melee-wounds",
        "attacks=3&ws=4&target_ws=3&strength=3&toughness=3&armour_save=4&hit_mod=1",
        ["6859/13824", "1805/4608", "475/4608", "125/13824"],
        "at least one with probability 50.4%",
    ),
    # one attack, WS 3 v 3 hits on 4+, S3 v T3 wounds on 4+, no save: 1/2 × 1/2
    (
        "melee-wounds",
        "attacks=1&ws=3&target_ws=3&strength=3&toughness=3&armour_save=none",
        ["3/4", "1/4"],
        "On average 0.25 unsaved wounds; at least one with probability 25.0%.",
    ),
    # R6: ODDS_API.md worked example
    (
        "shooting-wounds",
        "shots=2&bs=4&strength=3&toughness=4&armour_save=5&modifier=-2",
        ["625/729", "100/729", "4/729"],
        "at least one with probability 14.3%",
    ),
    # 2D6 ≤ 7 − 1 = 6: 15 of the 36 rolls
    ("break-test", "leadership=7&lost_by=1", ["5/12"], "Having lost by 1, the unit holds with probability 41.7%."),
    # R10
    ("game-length", "", ["1/3", "2/3"], "The battle lasts 6 turns with probability 66.7% (2/3), else 5."),
    # 001 §8, R16: D10 + 1 in armour, 11 counts as 10: wounded on 7–8, crushed on 9–10
    (
        "belfry-crush",
        "armoured=true",
        ["2/5", "1/5"],
        "The falling drawbridge wounds or crushes the defender under it with probability 40.0%.",
    ),
    # 001 §8: without armour, wounded on 8–9, crushed on 10
    ("belfry-crush", "armoured=false", ["1/2", "1/10"], "with probability 30.0%"),
    # 001 §9, R19: a side catches fire on 1–3: 1 − (7/10)²
    (
        "belfry-ignition",
        "face=side&hits=2",
        ["51/100"],
        "2 flaming hits on the side set the belfry alight with probability 51.0%.",
    ),
    # 001 §4.1, §8: 8 pushers roll it 2 hexes (5 → 3); one shot (4+ to hit, 4+ to wound) takes one pusher with
    # probability 1/4, and 7 pushers roll it 1 hex only (3 → 2): within reach (1 hex) on turn 2 with probability 3/4
    (
        "belfry-reach",
        "distance=5&pushers=8&turns=2&shots=1&bs=3&strength=3&toughness=3&armour_save=none",
        ["0/1", "3/4"],
        "The belfry is within reach of the wall by the end of turn 2 with probability 75.0%.",
    ),
    # 004: difficulty 7 + 2 = 9; d6 + 3 reaches it on a 6 only, the margins below graded
    (
        "confrontation-shot",
        "shooting=3&range_band=medium&modifier=2",
        ["1/6", "1/3"],
        "The shot at medium range hits with probability 16.7%.",
    ),
    # 004: the document's example, difficulty 8
    (
        "confrontation-disengage",
        "initiative=3&highest_opposing_initiative=2&opponents=3&fleeing=2",
        ["1/3", "1/6"],
        "The models disengage with probability 33.3%.",
    ),
    (
        "confrontation-caught",
        "flee_move=10&pursuer_move=10&charge_move=20&voluntary=false&gap=15",
        ["7/9"],
        "The pursuer catches the fleeing model with probability 77.8%.",
    ),
    # 003, ODDS_API.md worked examples: d10 + 5 − 1 ≥ 10 on 6–9, a natural 0 critical (R17)
    (
        "fda-test",
        "characteristic=5&modifier=-1",
        ["2/5", "1/2", "1/10"],
        "The test succeeds with probability 40.0% (2/5).",
    ),
    (
        "fda-opposed",
        "attacker=5&defender=4&attacker_modifier=1",
        ["31/50", "2/25", "3/10"],
        "The attacker hits with probability 62.0%.",
    ),
    (
        "fda-shot",
        "shooting=5&defence=4&hit_modifier=1&damage_bonus=3&defence_modifier=2",
        ["29/100", "7/50", "3/50"],
        "The shot wounds, grievously wounds or kills with probability 21.0%.",
    ),
    ("fda-morale", "morale=5&modifier=-1", ["2/5", "3/10"], "The morale test is passed with probability 40.0%."),
    # 004 Tableau de blessures: a double 3 takes 1 from the force, 12 − 1 = 11: 11…15 on the torso is critical
    (
        "confrontation-wound",
        "damage=12&location=torso&double=3",
        [],
        "12 points of damage to the torso: critical wound.",
    ),
]


@pytest.mark.parametrize(("slug", "query", "exact", "sentence"), CASES)
def test_a_page_shows_the_exact_answer_and_its_sentence(
    english: Client, slug: str, query: str, exact, sentence
) -> None:
    response = page(english, slug, query)
    assert response.status_code == 200
    body = text(response)
    for fraction in exact:
        assert f'<td class="exact">{fraction}</td>' in body
    assert sentence in body
    assert "<svg" in body
    assert 'role="img"' in body


def test_the_wound_table_marks_its_answer(english: Client) -> None:
    # a double 6 kills outright whatever the damage (004 Tableau de blessures)
    body = text(page(english, "confrontation-wound", "damage=-50&location=legs&double=6"))
    assert "-50 points of damage to the legs: killed outright." in body
    assert re.search(r'fill="#c0392b"[^>]*/><text[^>]*>killed</text>', body)


def test_the_french_page_speaks_french(french: Client) -> None:
    body = text(page(french, "ram-vs-gate", "carriers=6&carrier_strength=3&gate=postern&covered=false&turns=3"))
    assert "La poterne tombe d’ici la fin du tour 3 avec une probabilité de 14,8 %." in body


def test_missing_parameters_take_their_defaults(english: Client) -> None:
    # defaults: 6 carriers of S3 at the main gate, uncovered, 6 turns
    body = text(page(english, "ram-vs-gate"))
    assert "The main gate falls by the end of turn 6 with probability" in body
    assert body.count('<td class="exact">') == 6


def test_an_htmx_request_gets_the_form_and_answer_alone(english: Client) -> None:
    response = page(english, "ladder-pushback", "helpers=2", HX_Request="true")
    assert response.status_code == 200
    body = text(response)
    assert body.startswith('<section id="odds-answer"')
    assert "<html" not in body
    assert "<form" not in body
    assert 'hx-push-url="true"' in text(page(english, "ladder-pushback"))
    assert "HX-Request" in response["Vary"]


def test_a_history_restore_gets_the_whole_page(english: Client) -> None:
    response = page(english, "ladder-pushback", "helpers=2", HX_Request="true", HX_History_Restore_Request="true")
    assert "<html" in text(response)
    assert '<td class="exact">1/2</td>' in text(response)


def _bad_values(param) -> list[str]:
    if param.type is ParamType.INTEGER:
        return [str(param.high + 1), str(param.low - 1), "2.5"]
    if param.type is ParamType.BOOLEAN:
        return ["maybe", "1"]
    return ["nothing-of-the-sort"]


def test_an_empty_or_wordy_number_is_refused(english: Client) -> None:
    for value in ("", "x", "1e1", "--3", " 3"):
        response = english.get("/odds/mining/", {"turns": value})
        assert response.status_code == 400
        assert "Turns must be a whole number from 1 to 20." in text(response)


@pytest.mark.parametrize("mechanic", [m for m in MECHANICS if m.params], ids=lambda m: m.slug)
def test_bad_input_is_refused_naming_its_parameter(english: Client, mechanic) -> None:
    for param in mechanic.params:
        for value in _bad_values(param):
            response = page(english, mechanic.slug, f"{param.name}={value}")
            assert response.status_code == 400, (param.name, value)
            assert f'<li class="error" data-param="{param.name}">{escape(param.label)} must be' in text(response)
            htmx = page(english, mechanic.slug, f"{param.name}={value}", HX_Request="true")
            assert htmx.status_code == 200
            assert f"{escape(param.label)} must be" in text(htmx)
            assert "odds-sentence" not in text(htmx)


def test_a_combination_the_rules_refuse_is_shown_beside_its_parameter(english: Client) -> None:
    # 004 Fuir volontairement, NB4: in a voluntary flight both moves start from the fleeing model
    body = text(page(english, "confrontation-caught", "voluntary=true&gap=5"))
    assert (
        '<li class="error" data-param="gap">Gap between them (cm): In a voluntary flight both moves are measured '
        "from the fleeing model: the gap is 0, not 5"
    ) in body
    # 004 Se désengager: engaged elsewhere ≤ opponents
    response = page(english, "confrontation-disengage", "opponents=2&engaged_elsewhere=3")
    assert response.status_code == 400
    assert "engaged_elsewhere must be between 0 and 2" in text(response)


def test_the_index_lists_every_mechanic_and_the_navigation_links_it(english: Client) -> None:
    body = text(english.get("/odds/"))
    for slug in ("ladder-pushback", "structure-hit", "bombardment", "ram-vs-gate", "mining", "melee-wounds",
                 "shooting-wounds", "break-test", "game-length", "belfry-crush", "belfry-ignition", "belfry-reach",
                 "confrontation-shot", "confrontation-disengage",
                 "confrontation-caught", "confrontation-wound",
                 "fda-test", "fda-opposed", "fda-shot", "fda-morale"):  # fmt: skip
        assert f'href="/odds/{slug}/"' in body
    assert '<a href="/odds/">Odds</a>' in text(english.get("/campaigns/"))


def test_the_pages_are_open_to_anyone(client: Client) -> None:
    """A shared question opens for someone not logged in: the odds hold no campaign data."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert client.get("/odds/").status_code == 200
    response = client.get("/odds/mining/?turns=3")
    assert response.status_code == 200
    assert "The sappers reach the foundations by the end of turn 3 with probability" in text(response)


def test_an_unknown_mechanic_is_a_404(english: Client) -> None:
    assert english.get("/odds/catapult/").status_code == 404


def test_a_belfry_question_out_of_bounds_is_refused_naming_its_parameter(english: Client) -> None:
    # 001 §5, R16: the ground level holds 12 pushers
    response = page(english, "belfry-reach", "pushers=13")
    assert response.status_code == 400
    assert '<li class="error" data-param="pushers">Pushers must be a whole number from 0 to 12.' in text(response)
    # 001 §9: a belfry has a front, two sides and a rear
    response = page(english, "belfry-ignition", "face=roof")
    assert response.status_code == 400
    assert '<li class="error" data-param="face">Face hit must be one of: front, side, rear.' in text(response)


@pytest.mark.parametrize(
    ("helpers", "english_words", "french_words"),
    [
        (0, "With 0 helpers, the besieged", "Avec 0 aide, les assiégés"),
        (1, "With 1 helper, the besieged", "Avec 1 aide, les assiégés"),
        (2, "With 2 helpers, the besieged", "Avec 2 aides, les assiégés"),
    ],
)
def test_a_sentence_counts_in_each_languages_plural(
    english: Client, helpers: int, english_words: str, french_words: str
) -> None:
    assert english_words in text(page(english, "ladder-pushback", f"helpers={helpers}"))
    english.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    assert french_words in text(page(english, "ladder-pushback", f"helpers={helpers}"))


def test_a_distributions_rows_count_in_each_languages_plural(english: Client) -> None:
    query = "attacks=2&ws=3&target_ws=3&strength=3&toughness=3&armour_save=none"
    rows = re.findall(r'<tr data-key="(\d+)"><td>([^<]+)</td>', text(page(english, "melee-wounds", query)))
    assert rows == [("0", "0 unsaved wounds"), ("1", "1 unsaved wound"), ("2", "2 unsaved wounds")]
    english.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    rows = re.findall(r'<tr data-key="(\d+)"><td>([^<]+)</td>', text(page(english, "melee-wounds", query)))
    assert rows == [
        ("0", "0 blessure non sauvegardée"),
        ("1", "1 blessure non sauvegardée"),
        ("2", "2 blessures non sauvegardées"),
    ]
    assert "<td>5 tours</td>" in text(page(english, "game-length"))


def test_a_fraction_of_more_than_twelve_digits_folds_behind_a_toggle(english: Client) -> None:
    # one attack of WS3 v WS3 (4+) then S3 v T3 (4+), no save, wounds with probability 1/4
    def cell(attacks: int, key: int) -> str:
        query = f"attacks={attacks}&ws=3&target_ws=3&strength=3&toughness=3&armour_save=none"
        found = re.search(
            rf'<tr data-key="{key}"><td>[^<]+</td>(<td class="exact">.*?</td>)',
            text(page(english, "melee-wounds", query)),
        )
        assert found is not None
        return found.group(1)

    # ten attacks, none wounds: (3/4)^10 = 59049/1048576, twelve digits, shown as it is
    assert cell(10, 0) == '<td class="exact">59049/1048576</td>'
    # twenty: (3/4)^20 = 3486784401/1099511627776 (23 digits) and (1/4)^20 = 1/1099511627776 (14) fold
    toggle = "<details><summary>exact fraction</summary>"
    assert cell(20, 0) == f'<td class="exact">{toggle}3486784401/1099511627776</details></td>'
    assert cell(20, 20) == f'<td class="exact">{toggle}1/1099511627776</details></td>'
    english.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    assert "<summary>fraction exacte</summary>" in cell(20, 0)
