"""The end of a tracked siege: the end roll after the besieger's turn 5 (§16, R10), victory points from the engine
(§17), the result sent to the campaign and confirmed by the other side or the organiser, the standings moved."""

from __future__ import annotations

import pytest

from campaigns.models import Battle, CampaignMembership, Role, Winner
from campaigns.selectors import tallies
from rules.siege.actions import EndTurn
from rules.siege.board.state import Side
from rules.siege.chapters.victory import victory_points
from tests.tracker.playing import end_setup
from tracker import selectors, services
from tracker.models import TrackedBattle

pytestmark = pytest.mark.django_db


def _play_out(tracked: TrackedBattle) -> TrackedBattle:
    """Each player ends his part of the set-up (§16), then his turns at once, until the siege is over."""
    tracked = end_setup(tracked, tracked.besieged, tracked.besieger)
    while not selectors.current(tracked).state.over:
        state = selectors.current(tracked).state
        player = tracked.besieger if state.active is Side.BESIEGER else tracked.besieged
        tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=EndTurn())
    return tracked


def test_the_siege_ends_after_turn_5_or_6_by_the_besieged_roll(demo_siege: TrackedBattle) -> None:
    tracked = _play_out(demo_siege)
    state = selectors.current(tracked).state
    game_length = [e for s in selectors.current(tracked).steps for e in s.events if e.kind == "game_length"]
    assert len(game_length) == 1  # R10: one roll, at the end of the besieger's turn 5
    assert game_length[0].clause == "§16"
    assert state.turn in (5, 6)
    assert state.turn == state.last_turn


def test_a_finished_siege_refuses_more_actions_and_a_result_before_the_end(demo_siege: TrackedBattle) -> None:
    with pytest.raises(services.Refused) as refused:
        services.send_result(battle_id=demo_siege.pk, user=demo_siege.besieged)
    assert refused.value.clause == "§16"
    tracked = _play_out(demo_siege)
    with pytest.raises(services.Refused) as over:
        services.act(battle_id=tracked.pk, user=tracked.besieged, seq=tracked.seq, action=EndTurn())
    assert "over" in over.value.message


def test_the_result_counts_once_the_other_side_confirms_and_the_standings_change(
    demo_siege: TrackedBattle,
) -> None:
    tracked = _play_out(demo_siege)
    battle = Battle.objects.get(pk=tracked.campaign_battle_id)
    campaign = battle.campaign
    before = {t.membership.user.username: t.battle_points for t in tallies(campaign)}
    services.send_result(battle_id=tracked.pk, user=tracked.besieged)
    battle.refresh_from_db()
    assert not battle.played  # waits for the besieger's confirmation
    assert battle.proposed_result is not None
    with pytest.raises(services.Refused):
        services.confirm_result(battle_id=tracked.pk, user=tracked.besieged)  # not by the side that sent it
    services.confirm_result(battle_id=tracked.pk, user=tracked.besieger)
    battle.refresh_from_db()
    points = victory_points(selectors.current(tracked).state)
    # the besieger never left the field: the besieged holds its sections and wins (§17.2)
    assert battle.winner == Winner.DEFENDER
    assert battle.defender_victory_points == points.total(Side.BESIEGED) > 0
    assert battle.attacker_victory_points == points.total(Side.BESIEGER) == 0
    after = {t.membership.user.username: t.battle_points for t in tallies(campaign)}
    assert after["chloe"] == before["chloe"] + campaign.settings.win_points
    assert after["bruno"] == before["bruno"] + campaign.settings.loss_points


def test_the_organiser_result_counts_at_once(demo_siege: TrackedBattle) -> None:
    tracked = _play_out(demo_siege)
    organiser = CampaignMembership.objects.get(campaign=tracked.campaign_battle.campaign, role=Role.ORGANISER).user
    services.send_result(battle_id=tracked.pk, user=organiser)
    assert Battle.objects.get(pk=tracked.campaign_battle_id).played
    with pytest.raises(services.Refused):
        services.undo(battle_id=tracked.pk, user=tracked.besieger, seq=TrackedBattle.objects.get(pk=tracked.pk).seq)
