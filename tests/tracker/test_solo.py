"""A solo siege: the app plays one side through the same engine and log as a player, one action a request, its
entries marked as its own; an undo takes back its reply with the player's action before it; the result goes to a
campaign battle only if the organiser counts results of battles played against the app."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from bots.siege.solo import next_action
from campaigns.forms import SettingsForm
from campaigns.models import Battle, CampaignMembership, CampaignSettings, Role
from rules.siege.actions import EndPhase
from rules.siege.board.state import Phase, Side
from rules.siege.example import example_setup
from tests.tracker.conftest import DEMO_SIEGE_SET_UP
from tracker import presenters, selectors, services
from tracker.models import DiceMode, TrackedBattle

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo(besieger: User) -> TrackedBattle:
    """The example siege, the app as the besieged, the orc player as the besieger."""
    return services.create_battle(
        setup=example_setup(), besieger=besieger, besieged=besieger, created_by=besieger, seed=3, app_side="besieged"
    )


def _state(tracked: TrackedBattle) -> Any:
    return selectors.current(TrackedBattle.objects.get(pk=tracked.pk)).state


def _app_replies(tracked: TrackedBattle, user: User) -> int:
    """The app plays until it waits for the player; how many actions it played."""
    played = 0
    while services.play_app(battle_id=tracked.pk, user=user) is not None:
        played += 1
        assert played < 300
    return played


def _human(tracked: TrackedBattle, user: User) -> TrackedBattle:
    """The player plays one action: what the simple policies would for the besieger."""
    fresh = TrackedBattle.objects.get(pk=tracked.pk)
    action = next_action(selectors.current(fresh).state, Side.BESIEGER, seed=5)
    assert action is not None
    return services.act(battle_id=fresh.pk, user=user, seq=fresh.seq, action=action)


def _play_to_the_end(tracked: TrackedBattle, user: User) -> TrackedBattle:
    for _ in range(400):
        _app_replies(tracked, user)
        if _state(tracked).over:
            return TrackedBattle.objects.get(pk=tracked.pk)
        _human(tracked, user)
    raise AssertionError("the siege did not end")


def test_the_player_plays_only_the_side_the_app_does_not(solo: TrackedBattle, besieger: User) -> None:
    assert selectors.sides_of(solo, besieger) == frozenset({Side.BESIEGER})
    with pytest.raises(services.Refused) as refused:  # §16: the set-up's first part is the besieged's, the app's
        services.act(battle_id=solo.pk, user=besieger, seq=solo.seq, action=EndPhase())
    assert refused.value.clause == "§16"


def test_the_app_plays_one_action_a_request_marked_as_its_own_then_waits(solo: TrackedBattle, besieger: User) -> None:
    """§16: the besieged ends its walls' part of the set-up; then the besieger's field part is the player's."""
    written = services.play_app(battle_id=solo.pk, user=besieger)
    assert written is not None
    assert written.seq == 1
    (entry,) = solo.entries.all()
    assert (entry.side, entry.by, entry.by_app, entry.entry["action"]["action"]) == (
        "besieged",
        None,
        True,
        "end_phase",
    )
    assert services.play_app(battle_id=solo.pk, user=besieger) is None
    assert TrackedBattle.objects.get(pk=solo.pk).seq == 1
    state = _state(solo)
    assert (state.phase, state.active) == (Phase.SETUP, Side.BESIEGER)


def test_only_the_player_asks_the_app_to_play(solo: TrackedBattle, stranger: User) -> None:
    with pytest.raises(services.Refused):
        services.play_app(battle_id=solo.pk, user=stranger)
    assert TrackedBattle.objects.get(pk=solo.pk).seq == 0


def test_a_battle_without_the_app_has_nothing_for_it_to_play(tracked: TrackedBattle, besieged: User) -> None:
    assert services.play_app(battle_id=tracked.pk, user=besieged) is None
    assert tracked.entries.count() == 0


def test_a_solo_siege_is_played_to_its_end_each_entry_by_its_author(solo: TrackedBattle, besieger: User) -> None:
    """§16, R10: the siege ends after turn 5 or 6; the app wrote every besieged entry, the player every other."""
    tracked = _play_to_the_end(solo, besieger)
    state = _state(tracked)
    assert state.over
    assert state.turn in (5, 6)
    rows = list(tracked.entries.all())
    assert {(r.side, r.by_app, r.by_id) for r in rows} == {("besieged", True, None), ("besieger", False, besieger.pk)}
    exported = presenters.export(tracked)  # a replay tells the app's actions from the player's by their author only
    assert exported["app_side"] == "besieged"
    assert {(e["side"], e["by"]) for e in exported["log"]} == {("besieged", "app"), ("besieger", "orc")}
    assert exported["battle"] == selectors.current(tracked).battle.to_json()
    assert services.play_app(battle_id=tracked.pk, user=besieger) is None


def test_one_undo_takes_back_the_apps_reply_with_the_players_action(solo: TrackedBattle, besieger: User) -> None:
    """The player ends the field part of the set-up (§16); the app ends the courtyards' and plays its first turn's
    movement. One undo takes all of it back: the state is the player's field part again."""
    _app_replies(solo, besieger)
    before = TrackedBattle.objects.get(pk=solo.pk).seq
    tracked = services.act(battle_id=solo.pk, user=besieger, seq=before, action=EndPhase())
    replied = _app_replies(tracked, besieger)
    assert replied >= 2
    tracked = TrackedBattle.objects.get(pk=solo.pk)
    services.undo(battle_id=solo.pk, user=besieger, seq=tracked.seq)
    tracked = TrackedBattle.objects.get(pk=solo.pk)
    assert len(selectors.current(tracked).steps) == before
    undos = list(tracked.entries.filter(kind="undo").order_by("seq"))
    assert len(undos) == replied + 1
    assert {u.by_id for u in undos} == {besieger.pk}
    assert undos[-1].undoes == before + 1  # the player's own action, last
    state = _state(tracked)
    assert (state.phase, state.active) == (Phase.SETUP, Side.BESIEGER)


def test_the_apps_actions_alone_are_not_undone(solo: TrackedBattle, besieger: User) -> None:
    services.play_app(battle_id=solo.pk, user=besieger)
    with pytest.raises(services.Refused) as refused:
        services.undo(battle_id=solo.pk, user=besieger, seq=1)
    assert "app" in refused.value.message
    assert TrackedBattle.objects.get(pk=solo.pk).seq == 1


def test_the_app_rolls_its_own_dice_and_plays_a_side_of_the_battle(besieger: User) -> None:
    for kwargs in (
        {"dice": DiceMode.PHYSICAL},
        {"app_side": "band_a"},
        {"app_side": "b"},  # a skirmish's band, not a siege's side
        {"app_strength": "perfect"},
    ):
        with pytest.raises(services.Refused):
            services.create_battle(
                setup=example_setup(),
                besieger=besieger,
                besieged=besieger,
                created_by=besieger,
                **{"app_side": "besieged", **kwargs},
            )
    assert not TrackedBattle.objects.exists()


def test_a_one_off_against_the_app_is_the_players_alone(
    besieger: User, besieged: User, siege_data: dict[str, object]
) -> None:
    data = {**siege_data, "besieger_points": 2000, "besieged_points": 1500, "my_side": "besieger"}
    tracked = services.start_one_off(user=besieger, data={**data, "app_side": "besieged", "opponent": "knight"})
    assert (tracked.besieger, tracked.besieged, tracked.app_side) == (besieger, besieger, "besieged")
    with pytest.raises(services.Refused):
        services.start_one_off(user=besieger, data={**data, "app_side": "besieger"})


def test_solo_results_are_off_by_default_in_the_organisers_settings(siege_data: dict[str, object]) -> None:
    from tests.demo import load_demo

    campaign = load_demo()
    assert not campaign.settings.solo_results
    assert "solo_results" in SettingsForm().fields


def test_the_result_of_a_solo_siege_goes_to_the_campaign_only_if_the_organiser_allows_it(
    siege_data: dict[str, object],
) -> None:
    from tests.demo import load_demo

    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    player = battle.attacker.user
    tracked = services.start_from_campaign(battle=battle, user=player, data={**siege_data, "app_side": "besieged"})
    tracked = _play_to_the_end(tracked, player)
    with pytest.raises(services.Refused) as refused:
        services.send_result(battle_id=tracked.pk, user=player)
    assert "against the app" in refused.value.message
    battle.refresh_from_db()
    assert battle.proposed_result is None
    CampaignSettings.objects.filter(campaign=campaign).update(solo_results=True)
    services.send_result(battle_id=tracked.pk, user=player)
    battle.refresh_from_db()
    assert battle.proposed_result is not None
    organiser = CampaignMembership.objects.get(campaign=campaign, role=Role.ORGANISER).user
    services.confirm_result(battle_id=tracked.pk, user=organiser)
    battle.refresh_from_db()
    assert battle.played


def test_the_page_asks_the_app_for_one_action_and_hears_nothing_while_it_waits(
    solo: TrackedBattle, besieger: User, client: Client, production_pace: None
) -> None:
    client.force_login(besieger)
    url = reverse("tracker:app", args=[solo.pk])
    board = client.get(reverse("tracker:board", args=[solo.pk])).content.decode()
    assert 'id="app-turn"' in board
    assert 'id="app-side"' in board
    # one request from the board at a time: the app's turn is asked only when nothing is in flight, and no other
    # poll runs beside it, so that no action of the app is played while a board that would not show it is on its way
    assert 'data-seq="0" hx-sync="this:queue last"' in board
    assert 'hx-trigger="every 700ms" hx-target="#board" hx-sync="closest .board:drop"' in board
    assert "/poll/" not in board
    shown = client.post(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert shown.status_code == 200
    assert 'class="by-app"' in shown.content.decode()
    assert client.post(url, HTTP_HX_REQUEST="true").status_code == 204
    assert client.get(url).status_code == 405


def test_the_app_leads_a_band_of_a_one_off_skirmish_to_its_end(besieger: User, besieged: User) -> None:
    """Frères d'Armes: the player leads band A and plays the actions the simple choice would; the app leads band B,
    one action a request, until the skirmish is over (I §1.3); an undo takes back its reply with the player's
    action."""
    from bots.freres.solo import next_action as skirmish_next
    from campaigns.bands.lines import example_band
    from rules.freres.state import Side as Band
    from tracker.services.skirmish import start_one_off_skirmish

    data = {"band_a": example_band(Band.A), "band_b": example_band(Band.B), "my_band": "a", "seed": 5}
    with pytest.raises(services.Refused):
        start_one_off_skirmish(user=besieger, data={**data, "app_side": "a"})
    tracked = start_one_off_skirmish(user=besieger, data={**data, "app_side": "b", "opponent": besieged.username})
    assert (tracked.besieged, tracked.rule_system) == (besieger, "freres")
    assert selectors.sides_of(tracked, besieger) == frozenset({Band.A})
    undone = False
    for _ in range(600):
        _app_replies(tracked, besieger)
        state = _state(tracked)
        if state.over:
            break
        fresh = TrackedBattle.objects.get(pk=tracked.pk)
        action = skirmish_next(state, Band.A)
        assert action is not None
        services.act(battle_id=fresh.pk, user=besieger, seq=fresh.seq, action=action)
        replied = _app_replies(tracked, besieger)
        if replied and not undone:  # the first reply of the app is taken back with the player's action
            fresh = TrackedBattle.objects.get(pk=tracked.pk)
            standing = len(selectors.current(fresh).steps)
            services.undo(battle_id=fresh.pk, user=besieger, seq=fresh.seq)
            assert len(selectors.current(TrackedBattle.objects.get(pk=tracked.pk)).steps) == standing - replied - 1
            undone = True
    assert _state(tracked).over
    assert undone
    rows = tracked.entries.filter(kind="action")
    assert {(r.side, r.by_app) for r in rows} == {("a", False), ("b", True)}


ONE_OFF_PAGE = {
    **{k: str(v) for k, v in DEMO_SIEGE_SET_UP.items()},
    "besieger_points": "2000",
    "besieged_points": "1500",
    "belfry_distance": "4",
    "my_side": "besieger",
}


def test_the_set_up_pages_offer_the_app_a_side_at_either_strength(besieger: User, client: Client) -> None:
    """Either side of a siege or band of a skirmish may be « joué par l'application », a siege's at the simple or
    the strong strength; a strength that does not exist is refused."""
    client.force_login(besieger)
    page = client.get("/tracker/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="app_side"' in page
    assert '<option value="simple" selected>' in page
    assert page.count('name="app_strength"') == 1
    assert '<option value="strong">Strong: plays each option out many times' in page
    refused = client.post("/tracker/new/", {**ONE_OFF_PAGE, "app_side": "besieged", "app_strength": "brilliant"})
    assert refused.status_code == 200
    assert not TrackedBattle.objects.exists()
    made = client.post("/tracker/new/", {**ONE_OFF_PAGE, "app_side": "besieged", "app_strength": "simple"})
    assert made.status_code == 302
    tracked = TrackedBattle.objects.get()
    assert (tracked.app_side, tracked.app_strength, tracked.besieged) == ("besieged", "simple", besieger)
    assert 'name="app_side"' in client.get("/tracker/skirmish/new/").content.decode()


def test_the_skirmish_set_up_page_gives_the_app_its_band(besieger: User, client: Client) -> None:
    from campaigns.bands.lines import example_band
    from rules.freres.state import Side as Band

    client.force_login(besieger)
    data = {"band_a": example_band(Band.A), "band_b": example_band(Band.B), "dice": "app", "my_band": "a"}
    made = client.post("/tracker/skirmish/new/", {**data, "app_side": "b"})
    assert made.status_code == 302
    assert TrackedBattle.objects.get().app_side == "b"
