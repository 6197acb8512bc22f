"""The assistant's flight, disengaging and hold-fire forms (004 *La fuite*, *Se désengager d'un combat*,
*Réception de charge*), worked by hand from the document."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client_in_english(client: Client, django_user_model: type[User]) -> Client:
    client.force_login(django_user_model.objects.create_user("gm", password="pw-gm-12345"))
    client.cookies["django_language"] = "en"
    return client


def post(client: Client, name: str, data: dict[str, str]) -> str:
    response = client.post(reverse(f"assistants:confrontation-{name}"), data, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


DISENGAGE = {
    "disengage-name": "Humans",
    "disengage-initiative": "3",
    "disengage-fleeing": "2",
    "disengage-highest_opposing_initiative": "2",
    "disengage-opponents": "3",
    "disengage-engaged_elsewhere": "0",
    "disengage-dice_source": "typed",
    "action": "roll",
}


def test_the_documents_disengage_example(client_in_english: Client) -> None:
    """004 Se désengager d'un combat: « 2 humains voulant sortir d'un combat contre 3 orques devront réussir un jet
    d'initiative avec une difficulté de 8 ». Initiative 3 with a 5: 8, a « réussite ‘normale’ »; with a 1: 4, and
    « échec ‘critique’ (… ou bien résultat de 1) »: « l'unité est rattrapée au bout de 5 cm »."""
    page = post(client_in_english, "disengage", DISENGAGE | {"disengage-dice": "5"})
    assert "The d6 shows 5: 8 against 8." in page
    assert '<strong class="grade">success</strong>' in page
    assert "each enemy touching it may first strike one attack without defence dice" in page
    page = post(client_in_english, "disengage", DISENGAGE | {"disengage-dice": "1"})
    assert '<strong class="grade">critical failure</strong>' in page
    assert "it is caught after 5 cm, and struck as a fugitive" in page


def test_a_unit_charged_this_turn_cannot_disengage(client_in_english: Client) -> None:
    """004 Se désengager d'un combat, NB: a unit charged this turn cannot disengage; the refusal names the clause."""
    page = post(
        client_in_english, "disengage", DISENGAGE | {"disengage-dice": "5", "disengage-charged_this_turn": "on"}
    )
    assert "(004 Se désengager d&#x27;un combat, NB)" in page
    assert 'id="disengage-resolution"' not in page


def test_a_fear_flight_and_its_pursuit(client_in_english: Client) -> None:
    """004 Rattraper un fuyard: a 3 for a model that « a déjà effectué un mouvement » (‘-1’) reads the row of 2:
    half its 15 cm, 7.5 cm. The pursuer's 6: its 10 cm charge plus its whole 10 cm move, 20 cm, reaches the 5 cm gap
    and the 7.5 cm."""
    flight = {
        "flight-name": "Goblin", "flight-move": "15", "flight-already_moved": "on", "flight-pursuer": "Knight",
        "flight-pursuer_charge_move": "10", "flight-pursuer_move": "10", "flight-gap": "5",
        "flight-dice_source": "typed", "flight-dice": "3 6", "action": "roll",
    }  # fmt: skip
    page = post(client_in_english, "flight", flight)
    assert "Goblin flees 7.5 cm." in page
    assert "Knight pursues 20 cm." in page
    assert '<strong class="caught">Caught.</strong>' in page
    refused = post(client_in_english, "flight", flight | {"flight-voluntary": "on"})
    assert "the gap is 0, not 5" in refused  # 004 Fuir volontairement, NB4
    missing = post(client_in_english, "flight", flight | {"flight-pursuer_move": ""})
    assert "Give the pursuer&#x27;s move, or leave the pursuer empty." in missing


def test_holding_fire(client_in_english: Client) -> None:
    """004 Réception de charge: « doit réussir un test de commandement (difficulté 6) pour ne pas le faire »."""
    hold = {"hold_fire-name": "Archers", "hold_fire-discipline": "2", "hold_fire-dice_source": "typed"}
    page = post(client_in_english, "hold-fire", hold | {"hold_fire-dice": "4"})
    assert "The d6 shows 4: 6 against 6." in page
    assert "It holds its fire." in page
    assert "It must shoot at its charger." in post(client_in_english, "hold-fire", hold | {"hold_fire-dice": "3"})
    assert "the rules roll only 1" in post(client_in_english, "hold-fire", hold | {"hold_fire-dice": "3 4"})


def test_the_page_offers_the_three_forms(client_in_english: Client) -> None:
    page = client_in_english.get(reverse("assistants:confrontation")).content.decode()
    for section in ('id="flight"', 'id="disengage"', 'id="hold_fire"'):
        assert section in page
