"""The assistant's pages: who may open them, each form's answer as an HTMX fragment, and bad input answered
with a message on the form (never a 500)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.models import Battle, RuleSystem
from tests.campaigns.demo_helpers import as_member
from tests.demo import load_demo

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

CHARGE_ON_THE_WALL = {
    "melee-approach": "charge",
    "melee-arrives_from": "front",
    "melee-seen_by_target": "on",
    "melee-position": "crenellations",
    "melee-dice_source": "typed",
    "melee-dice": "3 4 2 6",
    "melee-attacker_name": "Orcs",
    "melee-attacker_troop_type": "troop",
    "melee-attacker_models": "5",
    "melee-attacker_combat_dice": "2",
    "melee-attacker_attack": "3",
    "melee-attacker_defence": "2",
    "melee-attacker_initiative": "2",
    "melee-attacker_discipline": "4",
    "melee-defender_name": "Guards",
    "melee-defender_troop_type": "troop",
    "melee-defender_models": "2",
    "melee-defender_combat_dice": "2",
    "melee-defender_attack": "3",
    "melee-defender_defence": "3",
    "melee-defender_initiative": "3",
    "melee-defender_discipline": "5",
    "action": "roll",
}

SHOT = {
    "shot-shooter": "Archer",
    "shot-shooting": "4",
    "shot-range_band": "medium",
    "shot-cover": "major_cover",
    "shot-target": "Guard",
    "shot-height_difference": "0",
    "shot-friends_troops": "0",
    "shot-friends_monsters": "0",
    "shot-enemies_troops": "0",
    "shot-enemies_monsters": "0",
    "shot-dice_source": "typed",
    "shot-dice": "6",
    "action": "roll",
}


@pytest.fixture
def client_in_english(client: Client, django_user_model: type[User]) -> Client:
    client.force_login(django_user_model.objects.create_user("gm", password="pw-gm-12345"))
    client.cookies["django_language"] = "en"
    return client


def post(client: Client, name: str, data: dict[str, Any]) -> str:
    response = client.post(reverse(f"assistants:confrontation-{name}"), data, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_needs_a_login(client: Client) -> None:
    response = client.get(reverse("assistants:confrontation"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_charge_on_crenellations_gives_each_sides_values_and_the_opening_tests(client_in_english: Client) -> None:
    """004: front charge +2 attack, +6 initiative; créneaux +4 defence; a troop of 2 has 1 extra die. Orcs:
    discipline 3 + 4 = 7, initiative 4 + 8 = 12; guards: 2 + 5 = 7 and 6 + 3 = 9."""
    page = post(client_in_english, "melee", CHARGE_ON_THE_WALL)
    assert "<!doctype" not in page  # the fragment only
    assert '<td class="attack">5</td>' in page
    assert '<td class="defence">7 <small>(+4 behind its protection)</small></td>' in page
    assert '<td class="initiative">8</td>' in page
    assert "3 → <strong>7</strong>" in page
    assert "4 → <strong>12</strong>" in page
    assert "6 → <strong>9</strong>" in page
    assert "<strong>Orcs = Guards</strong>" in page
    assert "Strike, first to last: <strong>Orcs</strong>, <strong>Guards</strong>" in page
    assert page.count("typed in)") == 4


def test_the_plan_alone_rolls_nothing(client_in_english: Client) -> None:
    page = post(client_in_english, "melee", CHARGE_ON_THE_WALL | {"action": "plan", "melee-dice_source": "app"})
    assert 'id="melee-plan"' in page
    assert 'id="melee-resolution"' not in page


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"melee-dice": "3 4 2 7"}, "the D6 cannot show 7; accepted values: 1, 2, 3, 4, 5, 6."),
        ({"melee-dice": "3 4 2"}, "3 dice typed in; the rules roll 1 more"),
        ({"melee-dice": "three"}, "Type each die&#x27;s face as a whole number"),
        ({"melee-attacker_troop_type": "daemon"}, "daemon is not a troop type of the extra dice table (004"),
        ({"melee-position": "moat"}, "moat is not a protection of the defence table (004 Défendre une position)."),
        ({"melee-defender_name": "Orcs"}, "Each fighter of a melee needs its own name"),
        ({"melee-attacker_attack": "999"}, "Ensure this value is less than or equal to 50."),
    ],
)
def test_bad_input_is_a_message_on_the_form(client_in_english: Client, change: dict[str, str], message: str) -> None:
    page = post(client_in_english, "melee", CHARGE_ON_THE_WALL | change)
    assert message in page
    assert 'id="melee-resolution"' not in page


def test_a_shot_at_the_wall(client_in_english: Client) -> None:
    """Medium 7 + major cover 3 = 10; a 6 from a shooter of 4 hits by 0."""
    page = post(client_in_english, "shot", SHOT)
    assert '<strong class="difficulty">10</strong>' in page
    assert "The d6 must show 6 or more" in page
    assert "The d6 shows 6: 10 against 10, a margin of 0." in page
    assert "Hit: Guard." in page


def test_a_shot_refuses_a_die_out_of_range_and_half_given_ranges(client_in_english: Client) -> None:
    assert "the D6 cannot show 9" in post(client_in_english, "shot", SHOT | {"shot-dice": "9"})
    page = post(client_in_english, "shot", SHOT | {"shot-short_range": "10"})
    assert "Give the weapon&#x27;s three ranges, or none." in page


def test_without_htmx_the_whole_page_comes_back(client_in_english: Client) -> None:
    response = client_in_english.post(reverse("assistants:confrontation-shot"), SHOT)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<!doctype html>" in page
    assert "Hit: Guard." in page


def test_a_campaign_battle_played_with_confrontation_opens_for_its_members() -> None:
    campaign = load_demo()
    siege = Battle.objects.get(campaign=campaign, kind="siege")
    url = reverse("assistants:confrontation-battle", args=[campaign.pk, siege.pk])
    bruno = as_member(campaign, "bruno")
    assert bruno.get(url).status_code == 404  # a WFB siege
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.CONFRONTATION)
    page = bruno.get(url).content.decode()
    assert 'id="battle-context"' in page
    assert 'value="bruno"' in page  # the attacker's name, ready in the form
    outsider = Client()
    outsider.force_login(User.objects.create_user("stranger", password="pw-stranger-1"))
    assert outsider.get(url).status_code == 404


def test_a_wound_from_the_table(client_in_english: Client) -> None:
    """004 Tableau des blessures: 12 damage in the torso (a 3) is critical; a double 3 takes 1 off the force:
    11, still critical; a double 6 kills outright."""
    wound = {"wound-damage": "12", "wound-dice_source": "typed", "wound-dice": "3", "action": "roll"}
    page = post(client_in_english, "wound", wound)
    assert "Location: torso." in page
    assert '<strong class="wound">critical wound</strong>' in page
    assert "critical wound" in post(client_in_english, "wound", wound | {"wound-double": "3"})
    assert "killed outright" in post(client_in_english, "wound", wound | {"wound-double": "6"})
    assert "Location: head." in post(client_in_english, "wound", wound | {"wound-dice": "5"})


def test_a_wound_refuses_a_location_die_of_7_and_a_double_of_0(client_in_english: Client) -> None:
    wound = {"wound-damage": "12", "wound-dice_source": "typed", "wound-dice": "7", "action": "roll"}
    assert "the D6 cannot show 7" in post(client_in_english, "wound", wound)
    page = post(client_in_english, "wound", wound | {"wound-dice": "3", "wound-double": "0"})
    assert "Select a valid choice." in page
    assert 'id="wound-resolution"' not in page


ENGLISH_GIVEAWAYS = (
    "model:",
    "True",
    "None",
    "strikes",
    "wounds",
    "how:",
    " of Orcs",
    "discipline of",
    "initiative of",
)
"""Words of the engine's data or of English sentences that a French page must not show."""


@pytest.fixture
def client_in_french(client: Client, django_user_model: type[User]) -> Client:
    client.force_login(django_user_model.objects.create_user("mj", password="pw-mj-12345"))
    client.cookies["django_language"] = "fr"
    return client


def test_the_assistant_in_french_words_its_dice_and_refusals(client_in_french: Client) -> None:
    """The opening tests' reasons name the fighters as typed (004 Tests de début de corps à corps), the shot's
    chances are in the French locale as on the odds pages (1/6: « 16,7 % »), a refusal of the rules is in French."""
    melee = post(client_in_french, "melee", CHARGE_ON_THE_WALL)
    assert "004 Tests de début de corps à corps — Orcs : test de discipline:" in melee
    assert "Guards : test d’initiative" in melee
    shot = post(client_in_french, "shot", SHOT)
    assert "16,7\u00a0%" in shot  # the d6 must show 6: 1/6
    assert "16,6" not in shot
    assert "004 Modificateurs de tir — Test de tir" in shot
    wound = post(client_in_french, "wound", {"wound-damage": "12", "wound-dice_source": "typed", "wound-dice": "3"})
    assert "Localisation de la blessure" in wound
    refused = post(client_in_french, "melee", CHARGE_ON_THE_WALL | {"melee-dice": "3 4 2"})
    assert "Guards : test d’initiative (D6)" in refused  # the die still to type, in words
    for page in (melee, shot, wound, refused):
        found = [word for word in ENGLISH_GIVEAWAYS if word in page]
        assert found == [], found


def test_the_assistant_in_english_prints_chances_as_the_odds_pages(client_in_english: Client) -> None:
    shot = post(client_in_english, "shot", SHOT)
    assert "16.7%" in shot
    assert "Shooting test" in shot
