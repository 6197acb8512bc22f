"""The tracker's pages: the board, the menu played by choice, the polling check, refusals shown, bad input never a
500, a campaign siege started by its players or organiser only."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tracker.models import TrackedBattle, TrackedEntry

pytestmark = pytest.mark.django_db


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_board_shows_the_fort_the_menu_and_the_log(tracked: TrackedBattle, besieged: User) -> None:
    page = client_for(besieged).get(f"/tracker/{tracked.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<svg" in text
    assert 'data-section="W3"' in text
    assert "Finir l’étape" in text
    assert "G1 7/7" in text  # the main gate's 7 structure points (§6.1, R4)


def test_a_section_tapped_shows_who_is_there(tracked: TrackedBattle, besieged: User) -> None:
    text = client_for(besieged).get(f"/tracker/{tracked.pk}/?section=W3").content.decode()
    assert "Sur W3" in text
    assert "Halberdiers" in text
    assert "Crossbowmen" in text


def test_polling_answers_nothing_until_the_log_grows(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    watcher = client_for(besieger)
    assert watcher.get(f"/tracker/{tracked.pk}/poll/?v=0.0", HTTP_HX_REQUEST="true").status_code == 204
    client_for(besieged).post(
        f"/tracker/{tracked.pk}/act/",
        {"seq": 0, "action_json": json.dumps({"format": 1, "action": "end_phase"})},
        HTTP_HX_REQUEST="true",
    )
    fresh = watcher.get(f"/tracker/{tracked.pk}/poll/?v=0.0", HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200
    assert 'data-seq="1"' in fresh.content.decode()


def test_a_watching_board_asks_for_news_every_second(
    tracked: TrackedBattle, besieger: User, production_pace: None
) -> None:
    """The other phone shows an action within about two seconds: its board polls every second (the browser tests
    wait for it with a deadline a loaded machine meets)."""
    board = client_for(besieger).get(f"/tracker/{tracked.pk}/").content.decode()
    assert f'hx-get="/tracker/{tracked.pk}/poll/?v=' in board
    assert 'hx-trigger="every 1000ms"' in board


def test_a_refusal_shows_the_engine_reason_and_clause_and_writes_nothing(
    tracked: TrackedBattle, besieged: User
) -> None:
    move = {"format": 1, "action": "move", "models": ["r1"], "to": "C1"}
    answer = client_for(besieged).post(
        f"/tracker/{tracked.pk}/act/", {"seq": 0, "action_json": json.dumps(move)}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200
    assert "§2.1: Cela se joue pendant l’étape mouvement, pas pendant l’étape mise en place." in answer.content.decode()
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_a_stale_tab_gets_the_conflict_message_and_the_fresh_state(tracked: TrackedBattle, besieged: User) -> None:
    one, two = client_for(besieged), client_for(besieged)
    choice = {"seq": 0, "action_json": json.dumps({"format": 1, "action": "end_phase"})}
    one.post(f"/tracker/{tracked.pk}/act/", choice, HTTP_HX_REQUEST="true")
    answer = two.post(f"/tracker/{tracked.pk}/act/", choice, HTTP_HX_REQUEST="true").content.decode()
    assert "Une autre page a agi d’abord" in answer
    assert 'data-seq="1"' in answer
    assert TrackedEntry.objects.filter(battle=tracked).count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {"seq": "x", "option": "y"},
        {"seq": 0, "option": 0, "dice": "six"},
        {"seq": 0, "action_json": "{not json"},
        {"seq": 0, "action_json": "[1, 2]"},
        {"seq": 0, "action_json": json.dumps({"format": 1, "action": "move", "models": "r1", "to": 3})},
        {"seq": 0, "option": 0, "actors": ["nobody"], "target": "x" * 500},
        {"seq": 0, "option": -5},
    ],
)
def test_bad_input_is_refused_with_a_message_never_a_500(tracked: TrackedBattle, besieged: User, data: dict) -> None:
    answer = client_for(besieged).post(f"/tracker/{tracked.pk}/act/", data, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert 'class="refusal"' in answer.content.decode()
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_an_outsider_sees_nothing_of_a_campaign_siege(stranger: User, demo_siege: TrackedBattle) -> None:
    assert client_for(stranger).get(f"/tracker/{demo_siege.pk}/").status_code == 404
    assert client_for(stranger).post(f"/tracker/{demo_siege.pk}/act/", {"seq": 0}).status_code == 404


def test_the_export_holds_the_battle_that_replays(tracked: TrackedBattle, besieged: User) -> None:
    client = client_for(besieged)
    client.post(
        f"/tracker/{tracked.pk}/act/", {"seq": 0, "action_json": json.dumps({"format": 1, "action": "end_phase"})}
    )
    data = json.loads(client.get(f"/tracker/{tracked.pk}/export.json").content)
    from rules.siege.battle import Battle, replay
    from rules.siege.board.state import BattleState

    assert replay(Battle.from_json(data["battle"])) == BattleState.from_json(data["state"])
    assert [e["seq"] for e in data["log"]] == [1]


def test_the_printable_report_holds_the_log_and_the_diagram(tracked: TrackedBattle, besieged: User) -> None:
    client = client_for(besieged)
    client.post(
        f"/tracker/{tracked.pk}/act/", {"seq": 0, "action_json": json.dumps({"format": 1, "action": "end_phase"})}
    )
    text = client.get(f"/tracker/{tracked.pk}/report/").content.decode()
    assert "<svg" in text
    assert "Finir l’étape" in text
