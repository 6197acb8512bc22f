import json

import pytest

from rules.siege.profiles import Creature, Profile, Special, TroopType
from tests.rules.siege.builders import CENTAUR, GIANT, KNIGHT, MAN, TREEMAN


@pytest.mark.parametrize(
    ("creature", "occupancy", "connections"),
    [
        pytest.param(Creature.OGRE, 2, 2, id="§12.1.1-ogre-2"),
        pytest.param(Creature.MINOTAUR, 2, 2, id="§12.1.1-minotaur-2"),
        pytest.param(Creature.TROLL, 2, 2, id="§12.1.1-troll-2"),
        pytest.param(Creature.DRAGON_OGRE, 3, 3, id="§12.1.1-dragon-ogre-3"),
        pytest.param(Creature.TREEMAN, 4, 8, id="§12.1.1-treeman-4-and-8-for-connections"),
        pytest.param(Creature.GIANT, 6, 6, id="§12.1.1-giant-6"),
    ],
)
def test_large_creature_ratios(creature: Creature, occupancy: int, connections: int) -> None:
    # R15
    profile = Profile("x", creature=creature)
    assert (profile.ratio, profile.connection_ratio) == (occupancy, connections)


def test_flying_monster_counts_three() -> None:
    # §12.3.3, R15
    assert Profile("wyvern", troop_type=TroopType.MONSTER, rules=frozenset({Special.FLYER})).ratio == 3


def test_cavalry_counts_two() -> None:
    # §3.2.3, R15
    assert KNIGHT.ratio == 2


@pytest.mark.parametrize(
    ("profile", "ladders", "towers"),
    [
        pytest.param(MAN, True, True, id="infantry-climbs"),
        pytest.param(GIANT, False, True, id="§12.1.1-giant-no-ladder"),
        pytest.param(TREEMAN, False, True, id="§12.1.1-treeman-no-ladder"),
        pytest.param(CENTAUR, False, False, id="§12.2-centauroid-no-ladder-no-tower"),
        pytest.param(KNIGHT, False, False, id="§3.2.3-cavalry-courtyards-only"),
    ],
)
def test_who_climbs(profile: Profile, ladders: bool, towers: bool) -> None:
    assert (profile.may_climb_ladders, profile.may_board_siege_towers) == (ladders, towers)


def test_profile_json_round_trip() -> None:
    assert Profile.from_json(json.loads(json.dumps(GIANT.to_json()))) == GIANT
