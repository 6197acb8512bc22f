"""The campaign's pages on the demo campaign: they render, they hide what fog of war hides, forms refuse bad input."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from django.forms import IntegerField
from django.test import Client
from django.urls import reverse
from django.utils import translation
from kombu.exceptions import OperationalError

from campaigns import tasks
from campaigns.drawing import ENGLISH, Labels
from campaigns.forms import ResultForm
from campaigns.models import Battle, Campaign, Order, Turn, TurnState
from campaigns.presenters import picture_labels
from campaigns.services import create_army, record_task, start_resolution
from siege_site.celery import app

from .demo_helpers import army, member, second_turn, territory

pytestmark = pytest.mark.django_db


def as_user(client: Client, campaign: Campaign, username: str) -> Client:
    client.force_login(member(campaign, username).user)
    return client


@pytest.mark.parametrize("name", ["detail", "orders", "armies", "battles", "standings", "standings-csv", "faction"])
def test_every_campaign_page_renders_for_a_player(client: Client, demo: Campaign, name: str) -> None:
    response = as_user(client, demo, "alice").get(reverse(f"campaigns:{name}", args=[demo.pk]))
    assert response.status_code == 200


def test_the_demo_turn_left_a_siege_with_heroism_tokens(client: Client, demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    assert (siege.open_field_points, siege.defender_points, siege.heroism_tokens) == (2500, 1500, 3)  # R13
    page = as_user(client, demo, "chloe").get(reverse("campaigns:battle", args=[demo.pk, siege.pk])).content.decode()
    assert "Jetons d’héroïsme" in page
    assert "<svg" in page


def test_a_player_sees_only_armies_in_or_next_to_their_territories(client: Client, demo: Campaign) -> None:
    page = as_user(client, demo, "alice").get(reverse("campaigns:armies", args=[demo.pk])).content.decode()
    assert "Horde du Crâne" in page  # next to the Plaine alice took
    assert "Garnison du Crâne" not in page  # the fortress is nowhere near her lands
    organiser_page = as_user(client, demo, "organisateur").get(reverse("campaigns:armies", args=[demo.pk]))
    assert "Garnison du Crâne" in organiser_page.content.decode()


def test_hidden_army_pages_are_not_found(client: Client, demo: Campaign) -> None:
    hidden = army(demo, "Garnison du Crâne")
    assert as_user(client, demo, "alice").get(reverse("campaigns:army", args=[demo.pk, hidden.pk])).status_code == 404


def test_a_fort_out_of_sight_does_not_tell_its_garrison_points(client: Client, demo: Campaign) -> None:
    fortress = territory(demo, "Forteresse du Crâne")
    page = reverse("campaigns:territory", args=[demo.pk, fortress.pk])
    assert "Points de garnison" not in as_user(client, demo, "alice").get(page).content.decode()
    assert "Points de garnison\u00a0: 2000" in as_user(Client(), demo, "damien").get(page).content.decode()
    assert "Points de garnison\u00a0: 2000" in as_user(Client(), demo, "organisateur").get(page).content.decode()


def test_open_orders_are_hidden_from_the_other_players(client: Client, demo: Campaign) -> None:
    second_turn(demo)
    host = army(demo, "Ost d'Altdorf")
    prefix = f"army-{host.pk}"
    as_user(client, demo, "alice").post(
        reverse("campaigns:order", args=[demo.pk, host.pk]),
        {f"{prefix}-army": host.pk, f"{prefix}-kind": "attack", f"{prefix}-target": territory(demo, "Col du Crâne").pk},
    )
    assert Order.objects.filter(turn__number=2, army__name="Ost d'Altdorf", kind="attack").exists()
    bruno = as_user(Client(), demo, "bruno").get(reverse("campaigns:orders", args=[demo.pk])).content.decode()
    assert "Ost d&#x27;Altdorf" not in bruno
    organiser = as_user(Client(), demo, "organisateur").get(reverse("campaigns:orders", args=[demo.pk]))
    assert "Ost d&#x27;Altdorf" in organiser.content.decode()


@pytest.mark.parametrize(("name", "queries"), [("detail", 11), ("orders", 7), ("standings", 12)])
def test_main_pages_take_a_fixed_number_of_queries(
    client: Client, demo: Campaign, django_assert_max_num_queries, name: str, queries: int
) -> None:
    second_turn(demo)
    chloe, castle = member(demo, "chloe"), territory(demo, "Château de Montfort")
    for number in range(5):
        create_army(owner=chloe, name=f"Lances {number}", territory=castle, points=500)
    as_user(client, demo, "chloe")
    with django_assert_max_num_queries(queries):
        assert client.get(reverse(f"campaigns:{name}", args=[demo.pk])).status_code == 200


def test_an_order_given_through_htmx_takes_a_fixed_number_of_queries(
    client: Client, demo: Campaign, django_assert_max_num_queries
) -> None:
    second_turn(demo)
    host = army(demo, "Ost d'Altdorf")
    prefix = f"army-{host.pk}"
    as_user(client, demo, "alice")
    sent = {
        f"{prefix}-army": host.pk,
        f"{prefix}-kind": "attack",
        f"{prefix}-target": territory(demo, "Col du Crâne").pk,
    }
    with django_assert_max_num_queries(QUERIES_PER_ORDER):
        response = client.post(
            reverse("campaigns:order", args=[demo.pk, host.pk]), sent, headers={"HX-Request": "true"}
        )
    assert "Ordre enregistré" in response.content.decode()
    assert Order.objects.get(turn__number=2, army=host).kind == "attack"


QUERIES_PER_ORDER = 12
"""The order post's queries, savepoints included (18 when the order's checks read the whole map): the session, the
user, the membership, the army with its neighbours, then the turn locked, the army with its fort's garrison, the
neighbours, the order read and written."""


def test_an_order_to_a_non_neighbour_is_refused_in_the_form(client: Client, demo: Campaign) -> None:
    second_turn(demo)
    host = army(demo, "Ost d'Altdorf")
    prefix = f"army-{host.pk}"
    response = as_user(client, demo, "alice").post(
        reverse("campaigns:order", args=[demo.pk, host.pk]),
        {
            f"{prefix}-army": host.pk,
            f"{prefix}-kind": "besiege",
            f"{prefix}-target": territory(demo, "Forteresse du Crâne").pk,
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "Sélectionnez un choix valide" in response.content.decode() or "voisin" in response.content.decode()
    assert not Order.objects.filter(turn__number=2).exists()
    assert response["Vary"].count("HX-Request") == 1


def test_progress_stops_polling_once_the_turn_is_resolved(client: Client, demo: Campaign) -> None:
    response = as_user(client, demo, "alice").get(
        reverse("campaigns:progress", args=[demo.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 286
    assert "HX-Request" in response["Vary"]


def test_progress_of_a_turn_being_resolved_shows_and_keeps_polling(
    client: Client, demo: Campaign, production_pace: None
) -> None:
    turn = start_resolution(turn=second_turn(demo))
    record_task(turn=turn, task_id="resolve-40")
    app.backend.store_result("resolve-40", {"percent": 40, "message": "Les armées marchent"}, "PROGRESS")
    response = as_user(client, demo, "organisateur").get(
        reverse("campaigns:progress", args=[demo.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert 'role="progressbar" aria-valuenow="40"' in page
    assert "width: 40%" in page
    assert 'hx-trigger="every 1000ms"' in page
    assert "Les armées marchent" in page
    manage = client.get(reverse("campaigns:manage", args=[demo.pk])).content.decode()
    assert 'hx-trigger="every 1000ms"' in manage


def test_every_word_of_the_pictures_is_french() -> None:
    with translation.override("fr"):
        labels = picture_labels()
    english = [f.name for f in dataclasses.fields(Labels) if getattr(labels, f.name) == getattr(ENGLISH, f.name)]
    assert english == []
    assert labels.besieged == "Assiégés"
    assert labels.territory_summary.startswith("%(name)s\xa0: ")


def test_the_organisers_title_keeps_french_typography(client: Client, demo: Campaign) -> None:
    page = as_user(client, demo, "organisateur").get(reverse("campaigns:manage", args=[demo.pk])).content.decode()
    assert f"Diriger la campagne\xa0: {demo.name}</h1>" in page
    with translation.override("en"):
        english = client.get(reverse("campaigns:manage", args=[demo.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert f"Run the campaign: {demo.name}</h1>" in english.content.decode()


def test_the_siege_result_form_has_a_fieldset_per_side_with_checkboxes(client: Client, demo: Campaign) -> None:
    siege = Battle.objects.get(campaign=demo, kind="siege")
    url = reverse("campaigns:battle", args=[demo.pk, siege.pk])
    page = as_user(client, demo, "chloe").get(url).content.decode()
    assert page.count('<fieldset class="side">') == 2
    assert [legend in page for legend in ("<legend>Assiégeant</legend>", "<legend>Assiégé</legend>")] == [True, True]
    assert 'type="checkbox" name="attacker_general"' in page
    assert 'type="checkbox" name="defender_battle_standard"' in page
    assert '<small class="help" id="id_attacker_units_helptext">' in page
    zeros = {name: 0 for name, field in ResultForm(battle=siege).fields.items() if isinstance(field, IntegerField)}
    result = zeros | {"winner": "defender", "attacker_losses": 800, "defender_losses": 300}
    refused = client.post(url, result | {"attacker_tower": -1})
    assert refused.status_code == 200
    assert not Battle.objects.get(pk=siege.pk).played
    counts = {"attacker_units": "300", "attacker_wall_walk": 1, "defender_units": "800", "defender_tower": 2}
    as_user(client, demo, "organisateur")
    assert client.post(url, result | counts | {"defender_general": "on"}).status_code == 302
    siege.refresh_from_db()
    assert siege.victory_detail["defender"]["achieved"]["general"] is True
    assert siege.victory_detail["defender"]["achieved"]["battle_standard"] is False
    assert (siege.attacker_victory_points, siege.defender_victory_points) == (3 * 1 + 1 * 2, 8 * 1 + 2 + 2 * 5)  # §17


def test_the_standings_csv_lists_every_player(client: Client, demo: Campaign) -> None:
    lines = as_user(client, demo, "bruno").get(reverse("campaigns:standings-csv", args=[demo.pk])).content.decode()
    rows = [line.split(",") for line in lines.strip().splitlines()]
    assert sorted(r[0] for r in rows[1:]) == ["alice", "bruno", "chloe", "damien"]
    alice = dict(zip(rows[0], next(r for r in rows if r[0] == "alice"), strict=True))
    # Altdorf (3), Forêt de Reik (1) and the Plaine she took (1)
    assert (alice["Territoires"], alice["Territoires tenus"]) == ("5", "3")
    assert alice["Faction"] == "Empire"


def test_the_standings_csv_headers_are_the_pages_column_headings(client: Client, demo: Campaign) -> None:
    client = as_user(client, demo, "bruno")
    page = client.get(reverse("campaigns:standings", args=[demo.pk])).content.decode()
    headings = re.findall(r"<th[^>]*>([^<]+)</th>", page.split('class="standings"')[1].split("</thead>")[0])
    for language in ("fr", "en"):
        csv_page = client.get(reverse("campaigns:standings-csv", args=[demo.pk]), headers={"Accept-Language": language})
        header = csv_page.content.decode().splitlines()[0].split(",")
        if language == "fr":
            # every heading of the page is a column of the file, meaning the same numbers
            assert set(headings) <= set(header), (headings, header)
        assert header[:6] == (
            ["Joueur", "Faction", "Total", "Batailles", "Territoires", "Forts"]
            if language == "fr"
            else ["Player", "Faction", "Total", "Battles", "Territories", "Forts"]
        )


def test_a_siege_result_counts_the_section_categories(demo: Campaign) -> None:
    turn = second_turn(demo)
    siege = Battle.objects.get(campaign=demo, kind="siege")
    assert (siege.attacker_victory_points, siege.defender_victory_points) == (3 * 1 + 1 * 2, 8 * 1 + 2 + 2 * 5)  # §17
    assert army(demo, "Waaagh! des Marais").territory.name == "Marais Noirs"
    assert turn.state == TurnState.OPEN


def test_the_organiser_builds_the_map_and_armies_in_forms(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    url = reverse("campaigns:manage", args=[campaign.pk])
    bad = client.post(url, {"action": "map", "map_json": '{"territories": [{"name": "A", "neighbours": ["Z"]}]}'})
    assert "voisins inconnus Z" in bad.content.decode()
    assert not campaign.territories.exists()
    good = json.dumps(
        {"territories": [{"name": "Tour", "kind": "castle", "owner": "player", "neighbours": ["Gué"]}, {"name": "Gué"}]}
    )
    assert client.post(url, {"action": "map", "map_json": good}).status_code == 302
    tower = territory(campaign, "Tour")
    player = member(campaign, "player")
    army_form = {"action": "army", "owner": player.pk, "name": "Garde", "territory": tower.pk, "points": 1200}
    assert client.post(url, army_form | {"is_garrison": "on"}).status_code == 302
    assert army(campaign, "Garde").is_garrison
    too_big = client.post(url, army_form | {"name": "Horde", "points": 99_999})
    assert "limite de la campagne" in too_big.content.decode()
    settings = {"army_points_limit": 2500, "reinforcement_points": 100, "fort_bonus": 2, "order_hours": 48} | {
        "win_points": 3, "draw_points": 1, "loss_points": 0
    }  # fmt: skip
    assert client.post(url, {"action": "settings"} | settings).status_code == 302
    campaign.settings.refresh_from_db()
    assert (campaign.settings.army_points_limit, campaign.settings.order_hours) == (2500, 48)
    fort = client.post(reverse("campaigns:territory", args=[campaign.pk, tower.pk]), {"template": "1500"})
    assert fort.status_code == 302
    assert "<svg" in client.get(reverse("campaigns:territory", args=[campaign.pk, tower.pk])).content.decode()


def test_a_deadline_that_cannot_be_read_opens_no_turn(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    page = client.post(reverse("campaigns:turn", args=[campaign.pk, "open"]), {"deadline": "vendredi"}, follow=True)
    assert "Saisissez une date et une heure valides" in page.content.decode()
    assert not campaign.turns.exists()


def test_an_unknown_turn_action_is_not_found(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    assert client.post(reverse("campaigns:turn", args=[campaign.pk, "rewind"])).status_code == 404


def test_a_turn_the_queue_cannot_take_stays_locked_to_be_resolved_later(
    client: Client, demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = second_turn(demo)

    def broker_down(*args: object) -> None:
        raise OperationalError("Error 111 connecting to redis:6379. Connection refused.")

    monkeypatch.setattr(tasks.resolve_turn, "delay", broker_down)
    page = as_user(client, demo, "organisateur").post(reverse("campaigns:turn", args=[demo.pk, "resolve"]), follow=True)
    assert "Le tour n’a pas pu être confié au serveur de calcul" in page.content.decode()
    assert Turn.objects.get(pk=turn.pk).state == TurnState.LOCKED


def test_the_map_shows_the_armies_the_reader_may_see(client: Client, demo: Campaign) -> None:
    alice = as_user(client, demo, "alice").get(reverse("campaigns:detail", args=[demo.pk])).content.decode()
    assert "<title>Ost d'Altdorf\u00a0: alice, 2500 points</title>" in alice
    assert "Horde du Crâne" in alice  # next to the Plaine she holds
    assert "Garnison du Crâne" not in alice  # fog of war: the fortress is far from her lands
    standings = as_user(Client(), demo, "organisateur").get(reverse("campaigns:standings", args=[demo.pk]))
    assert standings.content.decode().count('class="army"') == 6
