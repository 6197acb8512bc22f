""" "What are our chances from here?": a tracked siege hands its current state to the whole-assault simulator."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from rules.log import Entry
from rules.siege.actions import EndPhase
from rules.siege.battle import Battle, replay
from rules.siege.example import example_setup
from simulations.models import SimulationRun
from tests.tracker.playing import end_setup
from tracker import services
from tracker.models import DiceMode, TrackedBattle

from .test_pages import client_for

pytestmark = pytest.mark.django_db


def test_a_player_starts_a_run_from_the_battle_as_it_stands(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = end_setup(tracked, besieged, besieger)  # §16: each side's part of the set-up
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=EndPhase())  # his movement
    page = client_for(besieged).post(f"/tracker/{tracked.pk}/chances/")
    (run,) = SimulationRun.objects.all()
    assert page.status_code == 302
    assert page["Location"] == f"/simulations/{run.pk}/?battle={tracked.pk}"
    shown = client_for(besieged).get(page["Location"]).content.decode()
    assert f'<a href="/tracker/{tracked.pk}/" id="back-to-battle">' in shown  # the way back to the battle
    assert run.owner == besieged
    assert run.assault is None
    assert run.games == services.CHANCES_GAMES
    assert run.stop_half_width == 0.02  # it stops once the interval is within ±2 points, the games asked its cap
    # the state the run starts from is the example siege after the same four actions, played by the engine alone
    alone = replay(Battle(example_setup(), 3, tuple(Entry(EndPhase()) for _ in range(4))))
    assert run.start_state is not None
    assert run.start_state["state"] == alone.to_json()
    assert alone.phase.value == "magic"


def test_the_board_offers_it_to_the_players_only(
    besieger: User, besieged: User, stranger: User, django_user_model: type[User]
) -> None:
    host = django_user_model.objects.create_user("host", password="pw-host-12345")
    tracked = services.create_battle(
        setup=example_setup(), besieger=besieger, besieged=besieged, created_by=host, seed=3
    )  # set up by a third account, who watches it without playing
    assert "/chances/" in client_for(besieged).get(f"/tracker/{tracked.pk}/").content.decode()
    assert client_for(stranger).post(f"/tracker/{tracked.pk}/chances/").status_code == 404  # not even watching
    answer = client_for(host).post(f"/tracker/{tracked.pk}/chances/", follow=True)
    assert answer.redirect_chain == [(f"/tracker/{tracked.pk}/", 302)]
    assert "Seuls les deux joueurs de la bataille y agissent." in answer.content.decode()  # §16
    assert "/chances/" not in answer.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_run_above_the_maximum_is_refused_and_nothing_is_saved(
    tracked: TrackedBattle, besieger: User, settings: object
) -> None:
    settings.SIMULATION_MAX_GAMES = 10  # type: ignore[attr-defined]
    with pytest.raises(services.Refused, match="10"):
        services.chances_from_here(battle_id=tracked.pk, user=besieger, games=11)
    assert not SimulationRun.objects.exists()


def test_a_campaign_siege_is_tracked_under_the_organisers_overload_option(django_user_model: type[User]) -> None:
    """R16: the campaign setting reaches the engine's set-up of a siege tracked from the campaign."""
    from campaigns.models import Battle
    from tests.demo import load_demo

    campaign = load_demo()
    campaign.settings.belfry_overload = True
    campaign.settings.save()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    data = {"besieger_engine_points": 0, "besieged_engine_points": 0, "ladders": 0, "rams": 0, "covered_rams": 0,
            "siege_towers": 0, "ladder_wall": "W3", "dice": DiceMode.APP, "seed": 11}  # fmt: skip
    tracked = services.start_from_campaign(battle=battle, user=battle.defender.user, data=data)
    assert tracked.setup["belfry_overload"] is True
