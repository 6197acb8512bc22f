"""The organiser's belfry overload setting reaches the siege engine (001 §4.2, R16)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from campaigns.selectors import with_house_rules
from campaigns.services import update_settings
from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Belfry, SiegeTower
from rules.siege.board.state import Side
from rules.siege.game import apply, problems
from tests.rules.siege.builders import FORT, ORC, besiegers

from .demo_helpers import member

pytestmark = pytest.mark.django_db


def _belfry_battle() -> Setup:
    """Six pushers under a belfry 5 hexes from W3: 2 hexes a turn only under the overload option."""
    models = tuple(besiegers(ORC, "belfry:ST1.0", 6, "p"))
    return Setup(FORT, models, siege_towers=(SiegeTower("ST1", None),), belfry=True, belfries=(Belfry("ST1", "W3", 5),))


def _hexes_a_turn(setup: Setup) -> int:
    dice = Dice(seed=1)
    state = start(setup)
    set_up_parts = (a.EndPhase(), a.EndPhase(), a.EndPhase())  # §16: each side ends its own part
    for action in (*set_up_parts, a.EndTurn(), a.EndPhase()):
        state = apply(state, action, dice).state
    assert state.active is Side.BESIEGER
    return max(h for h in (0, 1, 2) if h == 0 or not problems(state, a.PushBelfry("ST1", "forward", h)))


def test_the_overload_setting_is_off_by_default_and_reaches_the_engine(campaign: Campaign) -> None:
    setup = _belfry_battle()
    assert with_house_rules(campaign, setup).belfry_overload is False
    assert _hexes_a_turn(with_house_rules(campaign, setup)) == 1  # 001 §4.1: 4–7 pushers, 1 hex
    update_settings(campaign=campaign, values={"belfry_overload": True})
    assert with_house_rules(campaign, setup).belfry_overload is True
    assert _hexes_a_turn(with_house_rules(campaign, setup)) == 2  # 001 §4.2: 6 pushers, 16 or fewer aboard


def test_the_organiser_turns_the_overload_option_on_in_the_settings_form(client: Client, campaign: Campaign) -> None:
    client.force_login(member(campaign, "orga").user)
    url = reverse("campaigns:manage", args=[campaign.pk])
    page = client.get(url).content.decode()
    assert "belfry_overload" in page
    settings = {"army_points_limit": 2500, "reinforcement_points": 100, "fort_bonus": 2, "order_hours": 48} | {
        "win_points": 3, "draw_points": 1, "loss_points": 0
    }  # fmt: skip
    assert client.post(url, {"action": "settings", "belfry_overload": "on"} | settings).status_code == 302
    campaign.settings.refresh_from_db()
    assert campaign.settings.belfry_overload is True
