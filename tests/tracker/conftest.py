from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from rules.siege.example import example_setup
from tracker import selectors, services
from tracker.models import DiceMode, TrackedBattle


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Each test replays from the database, in English (a page in French earlier leaves its language active)."""
    selectors._cache.clear()
    with translation.override("en"):
        yield


@pytest.fixture
def besieger(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("orc", password="pw-orc-12345")


@pytest.fixture
def besieged(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("knight", password="pw-knight-12345")


@pytest.fixture
def stranger(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("stranger", password="pw-stranger-12345")


@pytest.fixture
def tracked(besieger: User, besieged: User) -> TrackedBattle:
    """The engine's example siege, dice rolled by the app, seed 3."""
    return services.create_battle(
        setup=example_setup(), besieger=besieger, besieged=besieged, created_by=besieged, seed=3
    )


@pytest.fixture
def physical(besieger: User, besieged: User) -> TrackedBattle:
    """The example siege with dice rolled at the table."""
    return services.create_battle(
        setup=example_setup(),
        besieger=besieger,
        besieged=besieged,
        created_by=besieged,
        seed=3,
        dice=DiceMode.PHYSICAL,
    )


DEMO_SIEGE_SET_UP = {
    "besieger_engine_points": 100,
    "besieged_engine_points": 0,
    "ladders": 2,
    "ladder_wall": "W3",
    "rams": 0,
    "covered_rams": 1,
    "siege_towers": 0,
    "dice": DiceMode.APP,
    "seed": 11,
}


@pytest.fixture
def siege_data() -> dict[str, object]:
    """The set-up page's answers for a campaign siege: two ladders below W3, a covered ram, app dice, seed 11."""
    return dict(DEMO_SIEGE_SET_UP)


@pytest.fixture
def demo_siege(siege_data: dict[str, object]) -> TrackedBattle:
    """The demo campaign's siege of Montfort, tracked: Bruno besieges, Chloé holds the castle."""
    from campaigns.models import Battle
    from tests.demo import load_demo

    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    return services.start_from_campaign(battle=battle, user=battle.defender.user, data=siege_data)
